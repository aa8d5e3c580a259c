"""Celery tasks of the notifications (issue 33)."""

from __future__ import annotations

import datetime

from celery import shared_task
from celery.signals import worker_ready
from django.utils import timezone

from notify import bot, delivery, events
from notify.models import Subscription


@shared_task(name="notify.deliver", ignore_result=True)
def deliver() -> int:
    """Send the outbox's due rows (queued after each commit that wrote some; the beat sweeps every
    ``NOTIFY_SWEEP_EVERY_SECONDS``, so a dead worker's leased rows go out once their lease has passed)."""
    # Deep links and confirmation mails never answered are forgotten after two days (the code's life).
    since = timezone.now() - datetime.timedelta(days=bot.CODE_DAYS)
    Subscription.objects.filter(confirmed=False, created__lt=since).delete()
    return delivery.deliver().sent


@worker_ready.connect
def _sweep_on_start(sender=None, **kwargs) -> None:
    """A worker back after a crash takes the outbox at once (its dead predecessor's rows once their lease
    has passed), without waiting for the beat's sweep."""
    deliver.delay()


@shared_task(name="notify.protest_windows", ignore_result=True)
def protest_windows() -> int:
    """Tell the players whose protest window closes within three minutes (once each)."""
    return events.protest_windows_closing()
