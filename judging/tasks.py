"""Make results final when their protest windows close (004 §5.10).

Run by Celery beat every minute (``CELERY_BEAT_SCHEDULE`` in settings) and callable on demand
(``finalize_results.delay()`` or ``python manage.py shell -c "from judging.tasks import finalize_results;
finalize_results()"``). Idempotent: a second run, a late run, or two runs at once write each result once,
and a result with an open protest stays provisional until the protest is decided.
"""

from __future__ import annotations

import datetime

from celery import shared_task
from django.utils import timezone

from draw.models import Match
from judging import state


def due_matches(now: datetime.datetime, tournament_id: int | None = None):
    """Results not yet final whose match ended at least the shortest possible window ago (of one tournament,
    when given)."""
    matches = Match.objects.filter(final_at__isnull=True, ended_at__isnull=False, ended_at__lte=now)
    if tournament_id is not None:
        matches = matches.filter(round__tournament_id=tournament_id)
    return matches.exclude(result_kind="").select_related("round__tournament")


@shared_task(name="judging.finalize_results")
def finalize_results(tournament_id: int | None = None) -> int:
    """Store the finality of every result whose window has passed with no open protest; returns how many.
    The desk's "finalize now" passes its tournament: it touches no other tournament's results."""
    now = timezone.now()
    return sum(1 for m in due_matches(now, tournament_id).iterator() if state.finalize_match(m, now))
