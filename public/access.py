"""Who may see a round: one rule for the round page, its live fragment and the team round page; who the
asker is among the participants."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from draw.models import Round
from registration.models import Participant
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


def own_participant(request: HttpRequest, t: Tournament) -> Participant | None:
    """The participant of ``t`` the logged-in asker is (himself, or one of a pair), or None: his row goes
    first on the round's pairings and the standings (issue 28 §5; ``static/js/pages.js``). One query, and
    none for an anonymous visitor."""
    user = request.user
    if not user.is_authenticated:
        return None
    return (
        Participant.objects.filter(tournament=t)
        .filter(Q(person__user=user) | Q(partner__user=user))
        .select_related("person", "partner")
        .first()
    )
