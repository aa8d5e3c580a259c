"""Powers come from a role in one tournament (004 §6), checked on the server for every action."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from registration.models import Official
from tournaments.models import Tournament

RUNNERS = {Official.Role.CHIEF_SECRETARY, Official.Role.SECRETARY, Official.Role.CHIEF_JUDGE}
# The tournament's officials: whoever sees personal data, the change log, documents for officials. A team's
# representative is registered and accredited like them but speaks for his team only (004 §2.4.3): never here.
OFFICIALS = set(Official.Role.values) - {Official.Role.REPRESENTATIVE}


def roles_of(user, tournament: Tournament) -> set[str]:
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(
        Official.objects.filter(tournament=tournament, person__user=user, accredited=True).values_list(
            "role", flat=True
        )
    )


def can_run(user, tournament: Tournament) -> bool:
    """The secretary (and the chief judge) draw, publish and enter results (004 §6.2.1, §6.2.3)."""
    return bool(getattr(user, "is_superuser", False) or roles_of(user, tournament) & RUNNERS)


def is_official(user, tournament: Tournament) -> bool:
    return bool(getattr(user, "is_superuser", False) or roles_of(user, tournament) & OFFICIALS)


def tournament_for_secretary(request, pk: int) -> Tournament:
    tournament = get_object_or_404(Tournament, pk=pk)
    if not can_run(request.user, tournament):
        raise PermissionDenied
    return tournament
