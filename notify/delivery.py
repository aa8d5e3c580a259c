"""Delivering the outbox (issue 33 "Delivery"): idempotent, within the channels' rate limits, with backoff.

One run takes the due rows (``queued`` and due, or ``sending`` whose lease has passed: a worker killed
mid-run), claims each by a compare-and-set update (``queued`` → ``sending`` with a lease and a token of its
own), sends it and marks it ``sent`` — only while the lease is still its own, so a row is never sent by two
workers and a row ``sent`` is never taken again. What remains is the one window every outbox has: a worker
killed after the channel accepted a message and before the row was marked (milliseconds) sends it again.

Rate limits (Telegram: about 30 messages a second overall, one a second per chat): one run at a time (a lock
in the cache, ``CACHE_URL``'s Redis when several worker processes share it), paced at
``TELEGRAM_RATE_PER_SECOND``, a chat's next message not before ``TELEGRAM_CHAT_INTERVAL_SECONDS``; a 429
pauses the bot for its ``parameters.retry_after`` and puts the message back for then. Other failures: a
permanent refusal (a chat that blocked the bot, an address refused) fails the row at once; a transient one
(unreachable, 5xx) is retried with exponential backoff until ``NOTIFY_MAX_ATTEMPTS``; a failed row is shown
to the tournament's officials (``notify:failures``).
"""

from __future__ import annotations

import datetime
import logging
import secrets
import smtplib
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.core.mail import EmailMessage
from django.db.models import F, Min, Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from notify import links, telegram
from notify.models import Channel, Message

logger = logging.getLogger(__name__)

LOCK = "notify:deliver"


class Retry(Exception):
    def __init__(self, error: str, after: float | None = None, counts: bool = True) -> None:
        super().__init__(error)
        self.error, self.after, self.counts = error, after, counts


class Permanent(Exception):
    pass


@dataclass
class Counts:
    sent: int = 0
    failed: int = 0
    retried: int = 0


# The pace of this process's sends (monotonic seconds): the next free slot, each chat's last send, the
# bot's pause after a 429.
_pace = {"next": 0.0, "paused_until": 0.0}
_chat_last: dict[str, float] = {}


def _due(now: datetime.datetime) -> Q:
    queued = Q(state=Message.State.QUEUED) & (Q(not_before__isnull=True) | Q(not_before__lte=now))
    abandoned = Q(state=Message.State.SENDING, lease_until__lt=now)
    return queued | abandoned


def _next_due(now: datetime.datetime) -> float | None:
    """Seconds until the next row falls due (None: nothing left to send)."""
    agg = Message.objects.filter(state=Message.State.QUEUED).aggregate(n=Min("not_before"))
    lease = Message.objects.filter(state=Message.State.SENDING).aggregate(n=Min("lease_until"))
    times = [t for t in (agg["n"], lease["n"]) if t is not None]
    if not times and Message.objects.filter(state=Message.State.QUEUED, not_before__isnull=True).exists():
        return 0.0
    if not times:
        return None
    return max(0.0, (min(times) - now).total_seconds())


def _claim(m: Message, token: str) -> bool:
    now = timezone.now()
    lease = now + datetime.timedelta(seconds=settings.NOTIFY_LEASE_SECONDS)
    return bool(
        Message.objects.filter(pk=m.pk)
        .filter(_due(now))
        .update(state=Message.State.SENDING, lease_until=lease, lease_token=token)
    )


def _mine(m: Message, token: str):
    return Message.objects.filter(pk=m.pk, state=Message.State.SENDING, lease_token=token)


# --- the channels -----------------------------------------------------------------------------------------


def _send_telegram(m: Message) -> None:
    bot = telegram.bot()
    if bot is None:
        raise Permanent(_("Telegram is not configured on this site (TELEGRAM_BOT_TOKEN)."))
    try:
        bot.send_message(m.subscription.address, m.text)
    except telegram.TelegramError as exc:
        if exc.code == 429:
            raise Retry(f"429 {exc.description}", after=float(exc.retry_after or 1), counts=False) from exc
        if exc.permanent:
            raise Permanent(f"Telegram: {exc.code} {exc.description}") from exc
        raise Retry(f"Telegram: {exc.code} {exc.description}") from exc


def _send_email(m: Message) -> None:
    sub = m.subscription
    stop = links.absolute(links.stop_url(sub))
    with translation.override(sub.language):
        footer = _("Unsubscribe: %(url)s") % {"url": stop}
    mail = EmailMessage(
        m.subject,
        f"{m.text}\n\n--\n{footer}\n",
        to=[sub.address],
        headers={"List-Unsubscribe": f"<{stop}>"},
    )
    try:
        mail.send()
    except smtplib.SMTPRecipientsRefused as exc:
        # The server's words without the address (the officials' page names the person, not his contacts).
        said = "; ".join(
            f"{code} {text.decode(errors='replace') if isinstance(text, bytes) else text}"
            for code, text in exc.recipients.values()
        )
        raise Permanent(f"SMTP: {said}") from exc
    except (smtplib.SMTPException, OSError) as exc:
        raise Retry(f"SMTP: {exc}") from exc


def _send(m: Message) -> None:
    sub = m.subscription
    if not sub.confirmed and not m.key.startswith(("confirm:", "welcome:")):
        raise Permanent(_("The subscription is not confirmed."))
    if not sub.address:
        raise Permanent(_("No address."))
    if m.channel == Channel.TELEGRAM:
        _send_telegram(m)
    else:
        _send_email(m)


# --- one run --------------------------------------------------------------------------------------------


def _one(m: Message, token: str, counts: Counts, clock) -> None:
    now = timezone.now()
    try:
        _send(m)
    except Retry as exc:
        attempts = m.attempts + (1 if exc.counts else 0)
        if attempts >= settings.NOTIFY_MAX_ATTEMPTS:
            _mine(m, token).update(state=Message.State.FAILED, attempts=attempts, last_error=exc.error)
            counts.failed += 1
            return
        delay = exc.after if exc.after is not None else min(300.0, 2.0**attempts)
        if not exc.counts:  # 429: the whole bot waits (Telegram's flood control)
            _pace["paused_until"] = max(_pace["paused_until"], clock() + delay)
        _mine(m, token).update(
            state=Message.State.QUEUED,
            attempts=attempts,
            last_error=exc.error,
            not_before=now + datetime.timedelta(seconds=delay),
        )
        counts.retried += 1
        return
    except Permanent as exc:
        _mine(m, token).update(state=Message.State.FAILED, attempts=F("attempts") + 1, last_error=str(exc))
        counts.failed += 1
        return
    _mine(m, token).update(state=Message.State.SENT, sent_at=now, attempts=F("attempts") + 1, last_error="")
    counts.sent += 1


def deliver(budget: float = 120.0, clock=time.monotonic, sleep=time.sleep) -> Counts:
    """Send what is due, for at most ``budget`` seconds (rows due later are left to the next run or the
    beat's sweep). One run at a time: a second returns at once (the first one sends its rows)."""
    counts = Counts()
    token = secrets.token_hex(8)
    lease = settings.NOTIFY_LEASE_SECONDS
    if not cache.add(LOCK, token, timeout=lease):
        return counts
    deadline = clock() + budget
    rate = max(settings.TELEGRAM_RATE_PER_SECOND, 0.1)
    interval = settings.TELEGRAM_CHAT_INTERVAL_SECONDS
    try:
        while clock() < deadline:
            cache.set(LOCK, token, timeout=lease)
            now = timezone.now()
            rows = list(Message.objects.filter(_due(now)).select_related("subscription").order_by("pk")[:200])
            if not rows:
                wait = _next_due(now)
                if wait is None or clock() + wait > deadline:
                    break
                sleep(min(max(wait, 0.05), 1.0))
                continue
            progressed, soonest = False, float("inf")
            for m in rows:
                if clock() >= deadline:
                    break
                if m.channel == Channel.TELEGRAM:
                    chat = m.subscription.address
                    ready = max(_pace["paused_until"], _chat_last.get(chat, -1e9) + interval)
                    if ready > clock():
                        soonest = min(soonest, ready)
                        continue
                    if _pace["next"] > clock():
                        sleep(_pace["next"] - clock())
                if not _claim(m, token):
                    continue
                if m.channel == Channel.TELEGRAM:
                    _chat_last[m.subscription.address] = clock()
                    _pace["next"] = clock() + 1.0 / rate
                _one(m, token, counts, clock)
                progressed = True
            if not progressed and soonest < float("inf"):
                sleep(min(max(soonest - clock(), 0.01), max(deadline - clock(), 0.0), 1.0))
    finally:
        if cache.get(LOCK) == token:
            cache.delete(LOCK)
    # A row committed while this run held the lock, by a caller turned away by it: taken now.
    left = deadline - clock()
    if left > 0 and Message.objects.filter(_due(timezone.now())).exists():
        more = deliver(left, clock, sleep)
        counts.sent, counts.failed = counts.sent + more.sent, counts.failed + more.failed
        counts.retried += more.retried
    return counts
