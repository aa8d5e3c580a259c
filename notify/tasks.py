"""Celery tasks of the notifications (issue 33)."""

from __future__ import annotations

from celery import shared_task

from notify import delivery


@shared_task(name="notify.deliver", ignore_result=True)
def deliver() -> int:
    """Send the outbox's due rows (queued after each commit that wrote some; the beat sweeps every
    ``NOTIFY_SWEEP_EVERY_SECONDS``, so a dead worker's leased rows go out once their lease has passed)."""
    return delivery.deliver().sent
