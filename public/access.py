"""Who may see a round: one rule for the round page, its live fragment and the team round page."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from draw.models import Round
from registration.permissions import can_run
from tournaments.models import Tournament


def visible_round(request: HttpRequest, t: Tournament, number: int) -> tuple[Round, bool]:
    """Round ``number`` of ``t`` (its tournament set: no query for it) and whether the asker runs the
    tournament. A draft is the runners' only (issue 13 item 7): anybody else gets 403."""
    rnd = get_object_or_404(Round, tournament=t, number=number)
    runner = can_run(request.user, t)
    if not rnd.is_public and not runner:
        raise PermissionDenied
    rnd.tournament = t
    return rnd, runner
