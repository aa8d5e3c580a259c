"""Removal of a participant and what it does to his matches (004 §5.7.3, §6.1.2 items 1–2).

Elimination system or stage (and Swiss, where the removed player is simply not paired again): technical
defeat with 0 score in every remaining match, the place is not kept — the participant's status "removed" puts
him in the pairing engine's ``withdrawn`` list, which walks his future matches over and gives him no place.

Round robin or a group stage: more than half of his matches played → the remaining ones are technical defeats;
otherwise all his results in that stage are annulled, for his opponents too, and his future pairings in the
stage are annulled by the draw (``draw.manager``) instead of being walked over.
"""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext as _

from draw import manager as draw_manager
from draw import results
from draw.models import GroupMember, Match, ResultKind, Round, Stage
from judging.errors import JudgingError
from registration.models import Participant
from tournaments.models import System
from tournaments.rules import cite

CLAUSE = "004 §5.7.3"
COUNTED = (ResultKind.PLAYED, ResultKind.TIME, ResultKind.TECHNICAL)


def current_stage(participant: Participant) -> Stage | None:
    """The stage the participant is playing in now (the latest one that includes him)."""
    for stage in participant.tournament.stages.order_by("-number"):
        if stage.kind == Stage.Kind.GROUPS:
            if GroupMember.objects.filter(group__stage=stage, participant=participant).exists():
                return stage
        elif stage.kind == Stage.Kind.PLAYOFF:
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


def apply_removal(sanction, participant: Participant, user) -> list[str]:
    """Remove the participant and carry out §5.7.3 on his matches; sets ``sanction.stage`` and ``outcome``.

    A draft round that pairs him is drawn again first (``draw.manager.player_left``: Swiss without him; round
    robin and brackets with the walk-over, or the annulment), never given a score; then the published
    matches get the consequence. Returns the notes for the chief judge.
    """
    if participant.status == Participant.Status.REMOVED:
        raise JudgingError(_("%(p)s has already been removed.") % {"p": participant})
    participant.status = Participant.Status.REMOVED
    participant.save(update_fields=["status"])
    stage = current_stage(participant)
    sanction.stage = stage
    sanction.clause = sanction.clause or CLAUSE
    annul = False
    if stage is not None and stage.system == System.ROUND_ROBIN:
        played = his_matches(stage, participant).filter(result_kind__in=COUNTED).count()
        annul = 2 * played <= scheduled_matches(stage, participant)
        if annul:
            # 004 §5.7.3: not more than half → all his results in the stage annulled, for opponents too.
            participant.results_annulled = True
            participant.save(update_fields=["results_annulled"])
    note = draw_manager.player_left(participant.tournament, participant, user)
    notes = [note] if note else []
    stage = current_stage(participant)
    sanction.stage = stage
    if stage is None:
        return notes  # nothing drawn yet: he is simply not paired
    if annul:
        sanction.outcome = sanction.Outcome.ANNULLED
        why = _("%(p)s removed: results in the stage annulled (%(rule)s)") % {
            "p": participant,
            "rule": cite("004 §5.7.3"),
        }
        for m in _published(his_matches(stage, participant)).exclude(result_kind=ResultKind.ANNULLED):
            changed = results.panel_result(
                m.pk,
                user,
                results.ResultInput(ResultKind.ANNULLED, reason=why),
                why,
                CLAUSE,
                flags=("removed",),
            )
            notes += changed.notes
    else:
        # 004 §5.7.3: elimination (and Swiss), or more than half of a round robin played: technical defeat,
        # 0 score, in every remaining match.
        sanction.outcome = sanction.Outcome.TECHNICAL
        notes += _lose_remaining(stage, participant, user)
    return notes


def _published(matches):
    return matches.exclude(round__status=Round.Status.DRAFT)


def _lose_remaining(stage: Stage, participant: Participant, user) -> list[str]:
    why = _("%(p)s removed: technical defeat (%(rule)s)") % {"p": participant, "rule": cite("004 §5.7.3")}
    notes: list[str] = []
    for m in _published(his_matches(stage, participant)).filter(result_kind=""):
        side = 2 if m.player1_id == participant.pk else 1
        changed = results.panel_result(
            m.pk,
            user,
            results.ResultInput(ResultKind.TECHNICAL, winner_side=side, reason=why),
            why,
            CLAUSE,
            # "walkover": the bracket treats it as the engine's own walk-over of a withdrawn player.
            flags=("walkover", "removed"),
        )
        notes += changed.notes
    return notes
