"""Who may do what in judging (004 §5.11, §6.1, §6.2.1, §6.2.3), checked on the server for every action."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from registration.models import Official, Participant
from tournaments.models import Match, Tournament
from tournaments.permissions import can_run, roles_of

PANEL = {Official.Role.CHIEF_JUDGE, Official.Role.CHIEF_SECRETARY}


def is_panel(user, tournament: Tournament) -> bool:
    """The judging panel (ГСК): the chief judge and the chief secretary rule on protests (004 §5.11)."""
    return bool(getattr(user, "is_superuser", False) or roles_of(user, tournament) & PANEL)


def is_chief_judge(user, tournament: Tournament) -> bool:
    """Only the chief judge applies sanctions (004 §6.2.1 item 8, §6.2.2 item 4)."""
    return bool(
        getattr(user, "is_superuser", False) or Official.Role.CHIEF_JUDGE in roles_of(user, tournament)
    )


def tournament_for_panel(request, pk: int) -> Tournament:
    tournament = get_object_or_404(Tournament, pk=pk)
    if not is_panel(request.user, tournament):
        raise PermissionDenied
    return tournament


def tournament_for_chief_judge(request, pk: int) -> Tournament:
    tournament = get_object_or_404(Tournament, pk=pk)
    if not is_chief_judge(request.user, tournament):
        raise PermissionDenied
    return tournament


def tournament_for_secretary(request, pk: int) -> Tournament:
    tournament = get_object_or_404(Tournament, pk=pk)
    if not can_run(request.user, tournament):
        raise PermissionDenied
    return tournament


def player_in(user, match: Match) -> Participant | None:
    """The participant of ``match`` the user is, or None."""
    if not getattr(user, "is_authenticated", False):
        return None
    ids = [pid for pid in (match.player1_id, match.player2_id) if pid]
    return Participant.objects.filter(pk__in=ids, person__user=user).select_related("person").first()


def represented_in(user, match: Match) -> list[Participant]:
    """The players of ``match`` whose team the user represents as an accredited team representative.

    A representative speaks for his team's players (004 §2.4.3 item 2, §5.10): he may protest on their behalf.
    He holds no other power, and nothing for another team or while his accreditation is withdrawn.
    """
    if not getattr(user, "is_authenticated", False):
        return []
    ids = [pid for pid in (match.player1_id, match.player2_id) if pid]
    return list(
        Participant.objects.filter(
            pk__in=ids,
            team__representatives__person__user=user,
            team__representatives__role=Official.Role.REPRESENTATIVE,
            team__representatives__accredited=True,
        )
        .select_related("person", "team")
        .distinct()
        .order_by("pk")
    )


def may_protest_for(user, match: Match) -> list[Participant]:
    """Whom the user may file a protest for on ``match``: himself if he played it, and the players his team
    representative's accreditation covers; empty for everyone else."""
    me = player_in(user, match)
    players = [me] if me is not None else []
    return players + [p for p in represented_in(user, match) if me is None or p.pk != me.pk]
