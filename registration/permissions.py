"""Powers come from an accredited role in one tournament (004 §5.3, §6), checked on the server for every
action.

One module for every app: the secretaries who run the event, the judging panel, the chief judge, the admission
commission, and the tournament's officials who see personal data and the change log.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from registration.models import Entry, Official
from tournaments.models import Tournament

# The judging panel (ГСК): the chief judge and the chief secretary (004 §6.1.1) and their deputies. It rules
# on protests (004 §5.11, §6.1.2 item 4) and alone awards a technical defeat or a loss on time and annuls a
# result (004 §6.1.2 items 1–2); a plain secretary enters played scores only.
PANEL = {
    Official.Role.CHIEF_JUDGE,
    Official.Role.CHIEF_SECRETARY,
    Official.Role.DEPUTY_CHIEF_JUDGE,
    Official.Role.DEPUTY_CHIEF_SECRETARY,
}
# The secretaries and the panel draw, publish and enter results (004 §6.2.1, §6.2.3).
RUNNERS = PANEL | {Official.Role.SECRETARY}
# The tournament's officials: whoever sees personal data, the change log, documents for officials. A team's
# representative is registered and accredited like them but speaks for his team only (004 §2.4.3): never here.
OFFICIALS = set(Official.Role.values) - {Official.Role.REPRESENTATIVE}
# 004 §5.3.1–5.3.3: the admission commission, formed by the chief judge from the judging panel, decides;
# the chief judge and the secretaries decide with it.
DECIDERS = RUNNERS | {Official.Role.ADMISSION}


def roles_of(user, tournament: Tournament) -> set[str]:
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(
        Official.objects.filter(tournament=tournament, person__user=user, accredited=True).values_list(
            "role", flat=True
        )
    )


def _holds(user, tournament: Tournament, roles: set[str]) -> bool:
    return bool(getattr(user, "is_superuser", False) or roles_of(user, tournament) & roles)


def can_run(user, tournament: Tournament) -> bool:
    """The secretary (and the chief judge) draw, publish and enter results (004 §6.2.1, §6.2.3)."""
    return _holds(user, tournament, RUNNERS)


def is_official(user, tournament: Tournament) -> bool:
    return _holds(user, tournament, OFFICIALS)


def is_panel(user, tournament: Tournament) -> bool:
    """The judging panel (ГСК): the chief judge, the chief secretary and their deputies (004 §6.1, §5.11)."""
    return _holds(user, tournament, PANEL)


def is_chief_judge(user, tournament: Tournament) -> bool:
    """Only the chief judge applies sanctions (004 §6.2.1 item 8, §6.2.2 item 4) and reopens a finished
    tournament (he signs the final protocol, §6.2.1 item 6)."""
    return _holds(user, tournament, {Official.Role.CHIEF_JUDGE})


def can_decide(user, tournament: Tournament) -> bool:
    return _holds(user, tournament, DECIDERS)


def _tournament_for(request, pk: int, allowed) -> Tournament:
    tournament = get_object_or_404(Tournament, pk=pk)
    if not allowed(request.user, tournament):
        raise PermissionDenied
    return tournament


def tournament_for_secretary(request, pk: int) -> Tournament:
    return _tournament_for(request, pk, can_run)


def tournament_for_panel(request, pk: int) -> Tournament:
    return _tournament_for(request, pk, is_panel)


def tournament_for_chief_judge(request, pk: int) -> Tournament:
    return _tournament_for(request, pk, is_chief_judge)


def tournament_for_commission(request, pk: int) -> Tournament:
    return _tournament_for(request, pk, can_decide)


def is_own_entry(user, entry: Entry) -> bool:
    """The person himself sees his entry and its personal data."""
    return bool(getattr(user, "is_authenticated", False) and entry.person.user_id == user.pk)
