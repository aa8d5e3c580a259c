"""The tournament's lifecycle: when it may be finished, and finishing it (004 §6.2.1)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from draw import manager as draw_manager
from draw.models import Round
from judging.models import JudgingError
from tournaments.models import Tournament, log


def can_finish(t: Tournament) -> str | None:
    """Why the tournament cannot be finished yet, or None."""
    if t.status == Tournament.Status.FINISHED:
        return _("The tournament is already finished.")
    rounds = list(t.round_set.all())
    if not rounds:
        return _("No round has been played.")
    if any(r.status != Round.Status.FINISHED for r in rounds):
        return _("Every round must be published and have all its results.")
    if draw_manager.rounds_left(t):
        return _("The tournament has rounds left to play.")
    return None


def finishes_early(t: Tournament, today=None) -> bool:
    """Finishing before the tournament's last day: the secretary confirms it (the protocol prints the day
    it was really finished)."""
    return (today or timezone.localdate()) < t.end_date


def finish(t: Tournament, user, confirm_early: bool = False) -> None:
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        reason = can_finish(t)
        if reason:
            raise JudgingError(reason)
        if finishes_early(t) and not confirm_early:
            raise JudgingError(
                _("The tournament's last day is %(d)s: confirm that it is finished before it.")
                % {"d": f"{t.end_date:%d.%m.%Y}"}
            )
        t.status, t.finished_at = Tournament.Status.FINISHED, timezone.now()
        t.save(update_fields=["status", "finished_at"])
        log(t, user, "finish", _("Tournament finished"))
