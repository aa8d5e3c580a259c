"""Entering results: the secretary's played scores and the judging panel's rulings (004 §5.7.3, §6.1.2).

Results are the one source of truth: rounds finish and standings follow from them (``standings.ranking``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from draw.models import Match, ResultKind, Round
from standings import metrics
from tournaments.models import Tournament, log

MAX_CUBE_GAME = 3 * 64  # koks with the cube on 64: the most one game can score (003)


class ResultError(Exception):
    """A user error in a result: translated, shown in the form."""


class ResultConflict(ResultError):
    """Somebody else saved a result for this match since the form was opened."""


def score_errors(
    kind: str, length: int, score1: int | None, score2: int | None, winner_side: int | None, reason: str
) -> list[str]:
    """What is impossible about a result; empty when it is acceptable."""
    errors: list[str] = []
    if kind == ResultKind.PLAYED:
        if score1 is None or score2 is None:
            return [_("Enter both scores.")]
        hi, lo = max(score1, score2), min(score1, score2)
        if hi < length:
            errors.append(_("The winner must reach the match length (%(n)s).") % {"n": length})
        if lo >= length:
            errors.append(_("Only one player can reach the match length (%(n)s).") % {"n": length})
        if hi > length - 1 + MAX_CUBE_GAME:
            errors.append(_("A score of %(s)s is impossible in a match to %(n)s.") % {"s": hi, "n": length})
    elif kind in {ResultKind.TECHNICAL, ResultKind.TIME}:
        if winner_side not in (1, 2):
            errors.append(_("Choose the winner."))
        if kind == ResultKind.TECHNICAL and not reason.strip():
            errors.append(_("A technical result needs a reason."))
        if kind == ResultKind.TIME:
            for s in (score1, score2):
                if s is not None and s >= length:
                    errors.append(_("On time: neither score can have reached the match length."))
                    break
    elif kind == ResultKind.ANNULLED:
        if not reason.strip():
            errors.append(_("An annulled result needs a reason."))
    else:
        errors.append(_("Unknown result kind."))
    return errors


@dataclass(frozen=True)
class ResultInput:
    kind: str
    score1: int | None = None
    score2: int | None = None
    winner_side: int | None = None
    reason: str = ""


def record_result(match_id: int, user, data: ResultInput, version: int) -> Match:
    """Save a result under a row lock; a stale ``version`` is a conflict and changes nothing."""
    with transaction.atomic():
        m = Match.objects.select_for_update().select_related("round", "round__tournament").get(pk=match_id)
        rnd = m.round
        if m.version != version:
            raise ResultConflict(
                _("This result was changed by someone else a moment ago. Reload the page and check it.")
            )
        if rnd.status == Round.Status.DRAFT:
            raise ResultError(_("The round is not published yet."))
        if m.is_bye:
            raise ResultError(_("A bye has no result to enter."))
        # A match without a result after a later draw is a replay ordered by the panel: it can be entered.
        if m.result_kind and Round.objects.filter(tournament=rnd.tournament, number__gt=rnd.number).exists():
            raise ResultError(_("The next round is already drawn: the result can no longer be changed here."))
        before = _apply(m, data)
        log(
            rnd.tournament,
            user,
            "result",
            _("Round %(r)s, table %(t)s: %(before)s → %(after)s")
            % {"r": rnd.number, "t": m.table, "before": before, "after": _describe(m)},
            reason=data.reason,
            match=m.pk,
        )
        update_round_status(rnd)
        return m


def _apply(m: Match, data: ResultInput) -> str:
    """Validate and set the result on a locked match; returns the description of the result before."""
    errors = score_errors(data.kind, m.match_length, data.score1, data.score2, data.winner_side, data.reason)
    if errors:
        raise ResultError(" ".join(errors))
    before = _describe(m)
    m.result_kind = data.kind
    m.result_reason = data.reason.strip()
    if data.kind == ResultKind.PLAYED:
        m.score1, m.score2 = data.score1, data.score2
        m.winner_id = m.player1_id if data.score1 > data.score2 else m.player2_id
    elif data.kind == ResultKind.TECHNICAL:
        # 004 §5.7.3: a technical defeat scores 0 for the loser.
        m.winner_id = m.player1_id if data.winner_side == 1 else m.player2_id
        m.score1 = m.match_length if data.winner_side == 1 else 0
        m.score2 = m.match_length if data.winner_side == 2 else 0
    elif data.kind == ResultKind.TIME:
        # 003: a flag fall loses the match; the score stays as it stood.
        m.winner_id = m.player1_id if data.winner_side == 1 else m.player2_id
        m.score1, m.score2 = data.score1, data.score2
    else:  # annulled
        m.winner_id = None
        m.score1 = m.score2 = None
    m.ended_at = m.ended_at or timezone.now()
    m.version += 1
    m.save()
    return before


def panel_result(
    match_id: int, user, data: ResultInput, why: str, clause: str, flags: tuple[str, ...] = ()
) -> Match:
    """Change a result by a ruling of the judging panel or the chief judge (004 §6.1.2 items 1, 2, 4).

    Unlike ``record_result`` it is not stopped by a later round that is already drawn: a protest decision or a
    removal must reach the result even then (the caller deals with the drawn round). Logged with the clause.
    Must run inside the caller's transaction.
    """
    m = Match.objects.select_for_update().select_related("round", "round__tournament").get(pk=match_id)
    if m.is_bye:
        raise ResultError(_("A bye has no result to enter."))
    before = _apply(m, data)
    new_flags = [f for f in flags if f not in m.flags]
    if new_flags:
        m.flags = [*m.flags, *new_flags]
        m.save(update_fields=["flags"])
    log(
        m.round.tournament,
        user,
        "ruling",
        _("Round %(r)s, table %(t)s: %(before)s → %(after)s")
        % {"r": m.round.number, "t": m.table, "before": before, "after": _describe(m)},
        reason=why,
        match=m.pk,
        clause=clause,
    )
    update_round_status(m.round)
    return m


def panel_replay(match_id: int, user, why: str, clause: str) -> Match:
    """A replay ordered by the panel: the result is cleared and the match is to be played again."""
    m = Match.objects.select_for_update().select_related("round", "round__tournament").get(pk=match_id)
    before = _describe(m)
    m.result_kind, m.result_reason, m.winner_id = "", "", None
    m.score1 = m.score2 = None
    m.started_at = m.ended_at = m.final_at = None
    m.flags = [*[f for f in m.flags if f != "replay"], "replay"]
    m.version += 1
    m.save()
    log(
        m.round.tournament,
        user,
        "ruling",
        _("Round %(r)s, table %(t)s: %(before)s → replay ordered")
        % {"r": m.round.number, "t": m.table, "before": before},
        reason=why,
        match=m.pk,
        clause=clause,
    )
    update_round_status(m.round)
    return m


def _describe(m: Match) -> str:
    if not m.result_kind:
        return "—"
    if m.score1 is not None and m.score2 is not None:
        return f"{m.score1}:{m.score2} ({m.get_result_kind_display()})"
    return str(m.get_result_kind_display())


def update_round_status(rnd: Round) -> None:
    complete = not rnd.matches.filter(result_kind="").exists()
    if complete and rnd.status == Round.Status.PUBLISHED:
        rnd.status, rnd.finished_at = Round.Status.FINISHED, timezone.now()
        rnd.save(update_fields=["status", "finished_at"])
    elif not complete and rnd.status == Round.Status.FINISHED:
        rnd.status, rnd.finished_at = Round.Status.PUBLISHED, None
        rnd.save(update_fields=["status", "finished_at"])


# --- loading: the one converter from matches to the standings' plain results -----------------------------


def load_results(
    t: Tournament, *, stage=None, published_only: bool = True
) -> dict[int, list[metrics.Result]]:
    """The decided matches per stage id, in round and table order: one query of plain values.

    The standings read the published rounds only; the draw reads every round of the stage it pairs (the
    previous rounds are published before a draw anyway).
    """
    by_stage: dict[int, list[metrics.Result]] = {}
    matches = Match.objects.filter(round__tournament=t).exclude(result_kind="")
    if stage is not None:
        matches = matches.filter(round__stage=stage)
    if published_only:
        matches = matches.exclude(round__status=Round.Status.DRAFT)
    rows = matches.order_by("round__number", "table").values_list(
        "round__stage_id",
        "round__number",
        "player1_id",
        "player2_id",
        "winner_id",
        "result_kind",
        "score1",
        "score2",
    )
    for stage_id, number, p1, p2, winner, kind, s1, s2 in rows:
        by_stage.setdefault(stage_id, []).append(
            metrics.Result(
                player1=str(p1),
                player2=str(p2) if p2 else None,
                winner=str(winner) if winner else None,
                kind=kind,
                score1=s1,
                score2=s2,
                round=number,
            )
        )
    return by_stage
