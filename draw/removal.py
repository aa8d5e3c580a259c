"""Removal of a competitor and what it does to his matches (004 §5.7.3): one rule for a participant (a player
or a pair) and for a team of a team event (004 §1.3.4: there the team is the participant).

Elimination system or stage (and Swiss, where the removed competitor is simply not paired again): technical
defeat with 0 score in every remaining match, the place is not kept — the removed status takes him out of the
pairing engine's field, which walks his future matches over and gives him no place.

Round robin or a group stage: more than half of his matches played → the remaining ones are technical defeats
(his later scheduled matches walk-overs); otherwise all his results in the stage are annulled, for his
opponents too, and his later pairings in the stage are annulled (a team's scheduled opponents rest).

What was decided is recorded as a ``Consequence`` row (``draw.consequences``) with its source ruling, read by
the later draws, the standings and the documents. A draft round pairing him is drawn again first, never given
a score. The levels differ only in what a match is (a player's match; a team match and its boards), so each
level is an adapter (``PlayerRemoval``, ``TeamRemoval``) and ``remove`` is the rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from draw import consequences, results
from draw import manager as draw_manager
from draw import teams as draw_teams
from draw.models import Consequence, GroupMember, Match, ResultKind, Round, Stage, TeamMatch
from registration.models import Participant, Team
from tournaments.models import System, Tournament, log
from tournaments.rules import cite

CLAUSE = "004 §5.7.3"
COUNTED = (ResultKind.PLAYED, ResultKind.TIME, ResultKind.TECHNICAL)


class RemovalError(Exception):
    """The removal cannot be made (already removed, no reason, a closed tournament): translated."""


@dataclass
class Removal:
    """What ``remove`` did: the stage it reached, "annulled", "technical" or "" (nothing drawn), the notes."""

    stage: Stage | None
    outcome: str
    notes: list[str] = field(default_factory=list)


def remove(competitor: PlayerRemoval | TeamRemoval, user, source=None) -> Removal:
    """004 §5.7.3 for a competitor: remove him and carry the consequence out on his matches, in the caller's
    transaction. ``source`` is the ruling (saved) the consequence rows name."""
    competitor.begin()
    stage = competitor.stage()
    # 004 §5.7.3: in a round robin, not more than half of his scheduled matches played → annulled.
    annul = False
    if stage is not None and stage.system == System.ROUND_ROBIN:
        scheduled = competitor.scheduled(stage)
        annul = scheduled is not None and 2 * competitor.played(stage) <= scheduled
    competitor.mark_removed()
    kind = Consequence.Kind.ANNULLED if annul else Consequence.Kind.TECHNICAL
    row = None
    if stage is not None:
        # Recorded before the draft is drawn again: the draw reads it (an annulled pairing, a walk-over).
        row = consequences.record(kind, competitor.subject, stage, source=source, clause=CLAUSE)
    notes = competitor.redraw(user)
    stage = competitor.stage()
    if stage is None:
        competitor.finish(user, kind, notes)
        return Removal(None, "", notes)
    if row is not None and row.stage_id != stage.pk:
        row.stage = stage
        row.save(update_fields=["stage"])
    if annul:
        notes += competitor.annul(stage, user)
    else:
        notes += competitor.lose_remaining(stage, user)
    competitor.finish(user, kind, notes)
    return Removal(stage, kind, notes)


def _published(matches):
    return matches.exclude(round__status=Round.Status.DRAFT)


class PlayerRemoval:
    """A participant of a personal (or pairs) event: his own matches."""

    def __init__(self, participant: Participant):
        self.subject = participant
        self.participant = participant

    def begin(self) -> None:
        if self.participant.status == Participant.Status.REMOVED:
            raise RemovalError(_("%(p)s has already been removed.") % {"p": self.participant})

    def stage(self) -> Stage | None:
        return current_stage(self.participant)

    def scheduled(self, stage: Stage) -> int | None:
        return scheduled_matches(stage, self.participant)

    def played(self, stage: Stage) -> int:
        return his_matches(stage, self.participant).filter(result_kind__in=COUNTED).count()

    def mark_removed(self) -> None:
        self.participant.status = Participant.Status.REMOVED
        self.participant.save(update_fields=["status"])

    def redraw(self, user) -> list[str]:
        note = draw_manager.player_left(self.participant.tournament, self.participant, user)
        return [note] if note else []

    def annul(self, stage: Stage, user) -> list[str]:
        why = _("%(p)s removed: results in the stage annulled (%(rule)s)") % {
            "p": self.participant,
            "rule": cite("004 §5.7.3"),
        }
        notes: list[str] = []
        for m in _published(his_matches(stage, self.participant)).exclude(result_kind=ResultKind.ANNULLED):
            data = results.ResultInput(ResultKind.ANNULLED, reason=why)
            notes += results.panel_result(m.pk, user, data, why, CLAUSE, flags=("removed",)).notes
        return notes

    def lose_remaining(self, stage: Stage, user) -> list[str]:
        p = self.participant
        why = _("%(p)s removed: technical defeat (%(rule)s)") % {"p": p, "rule": cite("004 §5.7.3")}
        notes: list[str] = []
        for m in _published(his_matches(stage, p)).filter(result_kind=""):
            side = 2 if m.player1_id == p.pk else 1
            data = results.ResultInput(ResultKind.TECHNICAL, winner_side=side, reason=why)
            # "walkover": the bracket treats it as the engine's own walk-over of a withdrawn player.
            notes += results.panel_result(m.pk, user, data, why, CLAUSE, flags=("walkover", "removed")).notes
        return notes

    def finish(self, user, kind: str, notes: list[str]) -> None:
        """The sanction that removed him is logged by its caller (``judging``)."""


def current_stage(participant: Participant) -> Stage | None:
    """The stage the participant is playing in now (the latest one that includes him)."""
    for stage in participant.tournament.stages.order_by("-number"):
        if stage.kind == Stage.Kind.GROUPS:
            if GroupMember.objects.filter(group__stage=stage, participant=participant).exists():
                return stage
        elif stage.kind in (Stage.Kind.PLAYOFF, Stage.Kind.PLACES):
            if participant.key in stage.plan.get("players", []):
                return stage
        else:
            return stage
    return None


def scheduled_matches(stage: Stage, participant: Participant) -> int:
    """How many matches the round-robin schedule of the stage gives the participant (rests excluded)."""
    key = participant.key
    if stage.kind == Stage.Kind.GROUPS:
        member = GroupMember.objects.filter(group__stage=stage, participant=participant).select_related(
            "group"
        )
        schedule = stage.plan["schedules"][member.get().group.number - 1]
    else:
        schedule = stage.plan.get("rounds", [])
    return sum(1 for rnd in schedule for pair in rnd["pairs"] if key in pair)


def his_matches(stage: Stage, participant: Participant):
    return Match.objects.filter(round__stage=stage, player2__isnull=False).filter(
        Q(player1=participant) | Q(player2=participant)
    )


class TeamRemoval:
    """A team of a team event (004 §1.3.4): its team matches, and every board of them."""

    def __init__(self, team: Team, reason: str):
        self.subject = team
        self.team = team
        self.reason = reason.strip()
        self.t: Tournament = team.tournament

    def begin(self) -> None:
        if not self.reason:
            raise RemovalError(_("A removal needs a reason."))
        self.t = Tournament.objects.select_for_update().get(pk=self.team.tournament_id)
        if self.t.read_only_reason:
            raise RemovalError(self.t.read_only_reason)
        self.team = self.subject = Team.objects.select_for_update().get(pk=self.team.pk)
        if self.team.removed:
            raise RemovalError(_("%(team)s has already been removed.") % {"team": self.team.name})

    def stage(self) -> Stage | None:
        return self.t.stages.filter(number=1).first()

    def scheduled(self, stage: Stage) -> int | None:
        if "rounds" not in stage.plan:
            return None
        key = str(self.team.pk)
        return sum(1 for rnd in stage.plan["rounds"] for pair in rnd["pairs"] if key in pair)

    def played(self, stage: Stage) -> int:
        """A team match counts as played when every board has a result."""
        played = 0
        for tm in _stage_team_matches(stage, self.team).prefetch_related("boards"):
            boards = [m for m in tm.boards.all() if m.board >= 1]  # a walk-over has none
            played += bool(boards) and all(m.result_kind in COUNTED for m in boards)
        return played

    def mark_removed(self) -> None:
        self.team.removed = True
        self.team.save(update_fields=["removed"])

    def redraw(self, user) -> list[str]:
        """A draft round pairing the team is drawn again with its seed, without it."""
        draft = self.t.round_set.filter(status=Round.Status.DRAFT).first()
        if draft is None or not draft.team_matches.filter(draw_teams.models_q_team(self.team)).exists():
            return []
        number, seed = draft.number, draft.seed
        draft.delete()
        try:
            draw_teams.draw_team_round(self.t, user, number, seed)
        except draw_teams.TeamDrawError as exc:
            return [str(exc)]
        return [_("Draft round %(n)s drawn again without %(team)s.") % {"n": number, "team": self.team.name}]

    def _boards(self):
        team = self.team
        return Match.objects.filter(
            Q(team_match__team1=team) | Q(team_match__team2=team), round__tournament=self.t
        ).exclude(round__status=Round.Status.DRAFT)

    def annul(self, stage: Stage, user) -> list[str]:
        # All its results in the stage annulled, for the opponents too (the team matches and every board).
        self.why = _("%(team)s removed: results in the stage annulled (004 §5.7.3): %(r)s") % {
            "team": self.team.name,
            "r": self.reason,
        }
        notes: list[str] = []
        for tm in _stage_team_matches(stage, self.team):
            tm.flags = [*tm.flags, "annulled"]
            tm.save(update_fields=["flags"])
        for m in list(self._boards().exclude(result_kind=ResultKind.ANNULLED)):
            data = results.ResultInput(ResultKind.ANNULLED, reason=self.why)
            notes += results.panel_result(m.pk, user, data, self.why, CLAUSE, ("removed",)).notes
        notes.append(_("All results of %(team)s are annulled (004 §5.7.3).") % {"team": self.team.name})
        return notes

    def lose_remaining(self, stage: Stage, user) -> list[str]:
        self.why = _("%(team)s removed (004 §5.7.3): %(r)s") % {"team": self.team.name, "r": self.reason}
        notes: list[str] = []
        for m in list(self._boards().filter(result_kind="").select_related("player1")):
            side = 2 if m.player1 and m.player1.team_id == self.team.pk else 1
            data = results.ResultInput(ResultKind.TECHNICAL, winner_side=side, reason=self.why)
            notes += results.panel_result(m.pk, user, data, self.why, CLAUSE, ("removed",)).notes
        return notes

    def finish(self, user, kind: str, notes: list[str]) -> None:
        why = getattr(self, "why", None) or _("%(team)s removed (004 §5.7.3): %(r)s") % {
            "team": self.team.name,
            "r": self.reason,
        }
        log(
            self.t,
            user,
            "team_removed",
            why,
            reason=self.reason,
            team=self.team.pk,
            clause=CLAUSE,
            outcome=kind,
        )


def _stage_team_matches(stage: Stage, team: Team):
    return (
        TeamMatch.objects.filter(round__stage=stage, team2__isnull=False)
        .filter(draw_teams.models_q_team(team))
        .exclude(round__status=Round.Status.DRAFT)
    )


def remove_team(team: Team, user, reason: str, source=None) -> list[str]:
    """004 §5.7.3 for a team event (only the chief judge: the caller checks); returns the notes. All or
    nothing."""
    with transaction.atomic():
        return remove(TeamRemoval(team, reason), user, source).notes
