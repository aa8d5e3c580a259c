"""Sanctions of a team as a whole in a team event (004 §5.7.1, §1.3.4: the team is the participant).

A warning, or a removal (004 §5.7.3 on the team-match level: ``draw.removal``, the rule a participant's
removal follows too, with the sanction as the source of its consequence rows). A second warning
of the team leads to removal (004 §5.7.2): by the regulation's ``second_warning`` the team is removed at once,
or the removal is proposed to the chief judge — the team's page then says so above the removal form, and he
removes the team (or not) with a reason. A disqualification bars a person (004 §5.7.4), so it is given to
the team's players one by one (the sanction form of each board), never to the team. Only the chief judge;
a finished tournament is read-only.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from draw import removal
from draw.models import TeamMatch
from judging.errors import JudgingError
from judging.models import TeamSanction, lock_open
from registration.models import Team
from tournaments.models import SecondWarning, log
from tournaments.rules import cite


class TeamAlreadyApplied(JudgingError):
    """The same team sanction form was sent twice: ``sanction`` is the one recorded."""

    def __init__(self, message: str, sanction: TeamSanction):
        super().__init__(message)
        self.sanction = sanction


def warnings_of(team: Team) -> int:
    return TeamSanction.objects.filter(team=team, kind=TeamSanction.Kind.WARNING).count()


def removal_proposed(team: Team) -> bool:
    """004 §5.7.2: a team with two warnings, not removed, waits for the chief judge's removal decision."""
    return not team.removed and warnings_of(team) >= 2


def apply(
    team: Team,
    kind: str,
    clause: str,
    facts: str,
    user,
    token: str = "",
    team_match: TeamMatch | None = None,
) -> tuple[TeamSanction, list[str]]:
    """Record a sanction of ``team`` and carry out its consequence, all or nothing. Returns the sanction and
    the notes for the chief judge. Raises JudgingError (translated) and changes nothing on bad input."""
    clause, facts = clause.strip(), facts.strip()
    if kind not in TeamSanction.Kind.values:
        raise JudgingError(_("A team is given a warning or a removal (004 §5.7.1)."))
    if not facts:
        raise JudgingError(_("Describe the facts of the breach."))
    with transaction.atomic():
        t = lock_open(team.tournament_id)
        team = Team.objects.select_for_update().get(pk=team.pk)
        if token:
            existing = TeamSanction.objects.filter(form_token=token).first()
            if existing is not None:
                raise TeamAlreadyApplied(_("This sanction has already been recorded."), existing)
        if team.removed:
            raise JudgingError(_("%(team)s has already been removed.") % {"team": team.name})
        if team_match is not None and team.pk not in (team_match.team1_id, team_match.team2_id):
            raise JudgingError(_("The team does not play in this team match."))
        sanction = TeamSanction.objects.create(
            team=team,
            tournament=t,
            kind=kind,
            clause=clause or ("004 §5.7.3" if kind == TeamSanction.Kind.REMOVAL else "004 §5.7.2"),
            facts=facts,
            team_match=team_match,
            issued_by=user if getattr(user, "is_authenticated", False) else None,
            form_token=token,
        )
        notes: list[str] = []
        log(
            t,
            user,
            "team_sanction",
            _("%(kind)s: team %(team)s") % {"kind": sanction.get_kind_display(), "team": team.name},
            reason=facts,
            team=team.pk,
            sanction=sanction.pk,
            clause=sanction.clause,
        )
        try:
            if kind == TeamSanction.Kind.REMOVAL:
                notes += removal.remove_team(team, user, facts, source=sanction)
            elif warnings_of(team) >= 2:
                if t.second_warning == SecondWarning.REMOVE:
                    # 004 §5.7.2: the second warning removes at once, as the regulation says.
                    why = _("Second warning (004 §5.7.2): %(f)s") % {"f": facts}
                    notes += removal.remove_team(team, user, why, source=sanction)
                    notes.append(
                        _("Second warning: %(team)s is removed at once, as the regulation says (%(rule)s).")
                        % {"team": team.name, "rule": cite("004 §5.7.2")}
                    )
                else:
                    notes.append(
                        _("Second warning: removal of %(team)s is proposed to the chief judge (%(rule)s).")
                        % {"team": team.name, "rule": cite("004 §5.7.2")}
                    )
        except removal.RemovalError as exc:
            raise JudgingError(str(exc)) from exc
    return sanction, notes
