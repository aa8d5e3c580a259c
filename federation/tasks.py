"""The monthly official rating lists, frozen by Celery beat (``CELERY_BEAT_SCHEDULE["freeze-rating-lists"]``
in settings: every day at 00:05, so a beat that was down on the first catches up the next day; issue 31 §2).
Idempotent (``manager.freeze_monthly``); off with ``RATING_MONTHLY_FREEZE=0``. On demand:
``manage.py rating --freeze DAY``."""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from federation import manager

logger = logging.getLogger(__name__)


@shared_task(name="federation.freeze_monthly_lists")
def freeze_monthly_lists() -> int:
    """Freeze this month's official lists not frozen yet; returns how many were frozen."""
    if not settings.RATING_MONTHLY_FREEZE:
        return 0
    made = manager.freeze_monthly(timezone.localdate())
    for rl in made:
        logger.info("rating list %s as of %s frozen automatically (%s)", rl.discipline, rl.as_of, rl.pk)
    return len(made)
