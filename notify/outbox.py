"""Writing the outbox (issue 33 "Delivery"): a message owed is a row written inside the transaction of what
caused it; the delivery is queued once that transaction commits. Writing the same event twice writes one
row (``Message``'s unique key), so a retried request or a signal sent twice tells nobody twice."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from django.conf import settings
from django.db import connections, transaction
from django.utils import translation

from notify.models import Message, Subscription

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Text:
    subject: str
    body: str
    data: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Owed:
    """One message for one person: its event ``key`` and how to word it (called in his language)."""

    person_id: int
    key: str
    build: Callable[[Subscription], Text | None]


def _write(subs: Iterable[Subscription], owed_by_person: dict[int, list[Owed]], tournament) -> int:
    rows: list[Message] = []
    for sub in subs:
        for owed in owed_by_person.get(sub.person_id, ()):
            with translation.override(sub.language):
                text = owed.build(sub)
            if text is None:
                continue
            rows.append(
                Message(
                    key=owed.key[:120],
                    subscription=sub,
                    channel=sub.channel,
                    tournament=tournament,
                    subject=text.subject[:200],
                    text=text.body,
                    data=text.data,
                )
            )
    if not rows:
        return 0
    Message.objects.bulk_create(rows, ignore_conflicts=True)
    queue_delivery()
    return len(rows)


def tell(tournament, owed: Iterable[Owed]) -> int:
    """Owe each person's messages to his confirmed subscriptions of his own matches (nobody who did not
    subscribe is told, issue 33 "Privacy"). Returns the number of rows offered."""
    by_person: dict[int, list[Owed]] = {}
    for o in owed:
        by_person.setdefault(o.person_id, []).append(o)
    if not by_person:
        return 0
    subs = Subscription.objects.filter(person_id__in=list(by_person), confirmed=True, desk__isnull=True)
    return _write(subs, by_person, tournament)


def tell_desk(tournament, key: str, build: Callable[[Subscription], Text | None]) -> int:
    """Owe a desk event to the tournament's officials who subscribed to its desk."""
    subs = list(Subscription.objects.filter(desk=tournament, confirmed=True))
    by_person = {s.person_id: [Owed(s.person_id, key, build)] for s in subs}
    return _write(subs, by_person, tournament)


def tell_one(sub: Subscription, key: str, text: Text, tournament=None) -> None:
    """A message to one subscription whether confirmed or not (the confirmation mail, the bot's welcome)."""
    Message.objects.bulk_create(
        [
            Message(
                key=key,
                subscription=sub,
                channel=sub.channel,
                tournament=tournament,
                subject=text.subject[:200],
                text=text.body,
                data=text.data,
            )
        ],
        ignore_conflicts=True,
    )
    queue_delivery()


# --- the delivery, after the commit ---------------------------------------------------------------------


def _in_thread() -> None:
    # inner import: delivery imports the channels, which read settings only at call time; kept off import
    from notify import delivery

    def run() -> None:
        try:
            delivery.deliver()
        except Exception:  # noqa: BLE001 - a thread's failure is logged; the beat's sweep takes the rows again
            logger.exception("notification delivery failed")
        finally:
            connections.close_all()

    threading.Thread(target=run, name="notify-deliver", daemon=True).start()


def _send() -> None:
    # inner import: tasks imports celery's app; the outbox is imported by receivers at start-up
    from notify import delivery, tasks

    if settings.CELERY_TASK_ALWAYS_EAGER:
        if settings.NOTIFY_DELIVER_IN_THREAD:
            _in_thread()
        else:
            delivery.deliver()
        return
    try:
        tasks.deliver.delay()
    except Exception:  # noqa: BLE001 - no broker: deliver in this process, in a thread (never a 500)
        logger.warning("broker unavailable: notifications are delivered in this process")
        _in_thread()


def queue_delivery() -> None:
    """Queue a delivery after the current transaction commits (at once outside one). Several queued at once
    are harmless: one delivery runs at a time (``delivery.deliver``) and a row is sent once."""
    transaction.on_commit(_send)
