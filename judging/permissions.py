"""Who speaks for a player of a match: the player himself, his team's representative or his coach (004 §2.4.3,
§5.10).

The roles (panel, chief judge, secretaries) are ``registration.permissions``'.
"""

from __future__ import annotations

from django.db.models import Q

from draw.models import Match
from registration.models import Official, Participant


def player_in(user, match: Match) -> Participant | None:
    """The participant of ``match`` the user is, or None."""
    if not getattr(user, "is_authenticated", False):
        return None
    ids = [pid for pid in (match.player1_id, match.player2_id) if pid]
    return Participant.objects.filter(pk__in=ids, person__user=user).select_related("person").first()


def represented_in(user, match: Match) -> list[Participant]:
    """The players of ``match`` the user speaks for: as the accredited representative of their team, or as
    their accredited coach (a personal event).

    A representative speaks for his team's players, a coach for the players he coaches (004 §2.4.3 item 2,
    §5.10): he may protest on their behalf. He holds no other power, and nothing for another team or player
    or while his accreditation is withdrawn.
    """
    if not getattr(user, "is_authenticated", False):
        return []
    ids = [pid for pid in (match.player1_id, match.player2_id) if pid]
    team = Q(
        team__representatives__person__user=user,
        team__representatives__role=Official.Role.REPRESENTATIVE,
        team__representatives__accredited=True,
    )
    coached = Q(coaches__person__user=user, coaches__role=Official.Role.COACH, coaches__accredited=True)
    return list(
        Participant.objects.filter(pk__in=ids)
        .filter(team | coached)
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
