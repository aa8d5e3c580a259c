"""Sanctions of a team as a whole in a team event (004 §5.7.1, §1.3.4: the team is the participant).

A warning, or a removal (004 §5.7.3 on the team-match level: ``draw.removal``, the rule a participant's
removal follows too, with the sanction as the source of its consequence rows). A second warning
of the team leads to removal (004 §5.7.2): by the regulation's ``second_warning`` the team is removed at once,
or the removal is proposed to the chief judge — a ``RemovalProposal`` of the team on his desk (and on the
team's page) that he carries out or declines with a reason, and that blocks the finish while it waits. A
disqualification bars a person (004 §5.7.4), so it is given to the team's players one by one (the sanction
form of each board), never to the team. Only the chief judge; a finished tournament is read-only. The rule
itself is ``TeamSanction.record``.
"""

from __future__ import annotations

from draw.models import TeamMatch
from judging.errors import TeamAlreadyApplied
from judging.models import RemovalProposal, TeamSanction
from registration.models import Team

__all__ = ["TeamAlreadyApplied", "apply", "removal_proposed", "warnings_of"]


def warnings_of(team: Team) -> int:
    return TeamSanction.warnings_of(team)


def removal_proposed(team: Team) -> bool:
    """004 §5.7.2: the team's removal waits for the chief judge's decision."""
    return RemovalProposal.objects.filter(team=team, status=RemovalProposal.Status.PENDING).exists()


def apply(
    team: Team,
    kind: str,
    clause: str,
    facts: str,
    user,
    token: str = "",
    team_match: TeamMatch | None = None,
) -> tuple[TeamSanction, list[str]]:
    """Record a sanction of ``team`` and carry out its consequence (``TeamSanction.record``)."""
    return TeamSanction.record(team, kind, clause, facts, user, token, team_match)
