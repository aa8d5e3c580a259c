"""Entering results: the secretary's played scores and the judging panel's rulings (004 §5.7.3, §6.1.2).

Results are the one source of truth: rounds finish and standings follow from them (``standings.ranking``).
"""

from __future__ import annotations

import datetime
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from draw import dependents
from draw.models import Absence, Consequence, Match, ResultKind, Round, Stage, TeamMatch
from registration.permissions import is_panel
from rules_core import scoring
from standings import metrics
from tournaments.models import AuditEntry, Tournament, bump_version, log
from tournaments.rules import cite

MAX_CUBE_GAME = 3 * 64  # koks with the cube on 64: the most one game can score (003)


class ResultError(Exception):
    """A user error in a result: translated, shown in the form."""


class ResultConflict(ResultError):
    """Somebody else saved a result for this match since the form was opened."""


class PanelOnly(ResultError):
    """A technical defeat, a loss on time or an annulment asked by someone outside the judging panel (403)."""


# 004 §6.1.2 items 1–2: the judging panel awards a defeat and annuls a result; a secretary enters played
# scores.
PANEL_KINDS = {ResultKind.TECHNICAL, ResultKind.TIME, ResultKind.ANNULLED}


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
            impossible = ngettext(
                "A score of %(s)s is impossible in a match to %(n)s point.",
                "A score of %(s)s is impossible in a match to %(n)s points.",
                length,
            )
            errors.append(impossible % {"s": hi, "n": length})
        elif not errors and not scoring.final_score_reachable(length, hi, lo):
            # 003 «Куб удвоения» п.1, п.13, п.15: not every number up to the cube's maximum is a final score
            # (77:1 in a match to 7 is none: from 6 or less the last game brings 64 or 96, never 71–77).
            errors.append(
                _(
                    "A final score of %(w)s:%(l)s cannot be reached in a match to %(n)s: each game brings "
                    "its winner 1, 2 or 3 times the cube (1, 2, 4 … 64), and the Crawford game no cube "
                    "(%(rule)s). Check the slip."
                )
                % {"w": hi, "l": lo, "n": length, "rule": cite("003 «Куб удвоения»")}
            )
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


@dataclass(frozen=True)
class Before:
    """A match's result before a change: what the change is compared with."""

    kind: str
    winner_id: int | None
    score1: int | None
    score2: int | None

    @classmethod
    def of(cls, m: Match) -> Before:
        return cls(m.result_kind, m.winner_id, m.score1, m.score2)

    def value_for(self, pid: int, player1_id: int | None) -> tuple[int, int, int]:
        """(match point, game-point difference, game points) the result gives ``pid``: what standings read."""
        if not self.kind or self.kind == ResultKind.ANNULLED:
            return (0, 0, 0)
        won = int(self.winner_id == pid)
        own, their = (self.score1, self.score2) if pid == player1_id else (self.score2, self.score1)
        own, their = own or 0, their or 0
        return (won, own - their, own)


def harmed(before: Before, m: Match) -> list[int]:
    """The players a change of the result harms: their match point, game difference or game points fell."""
    after = Before.of(m)
    return [
        pid
        for pid in (m.player1_id, m.player2_id)
        if pid and after.value_for(pid, m.player1_id) < before.value_for(pid, m.player1_id)
    ]


def next_match_started(match: Match, participant_id: int, now: datetime.datetime) -> bool:
    """Whether ``participant_id`` has started a later match in the tournament (004 §2.4.2 item 5, 003)."""
    return (
        Match.objects.filter(
            round__tournament_id=match.round.tournament_id,
            round__number__gt=match.round.number,
            started_at__isnull=False,
            started_at__lte=now,
        )
        .filter(Q(player1_id=participant_id) | Q(player2_id=participant_id))
        .exists()
    )


def either_started_next(match: Match, now: datetime.datetime) -> bool:
    """003 «Протоколы»: a result may be corrected until either player starts his next match."""
    return any(next_match_started(match, pid, now) for pid in (match.player1_id, match.player2_id) if pid)


def lock_open_tournament(match_id: int) -> Tournament:
    """The match's tournament under a row lock, refused once it is finished (004 §6.2.1 item 6).

    Every change of a result takes this lock first (as the draw and the finish do), so a result can never be
    saved into a tournament that was finished a moment before.
    """
    tid = Match.objects.filter(pk=match_id).values_list("round__tournament_id", flat=True).first()
    if tid is None:
        raise ResultError(_("There is no such match."))
    t = Tournament.objects.select_for_update().get(pk=tid)
    if t.read_only_reason:
        raise ResultError(t.read_only_reason)
    return t


def record_result(match_id: int, user, data: ResultInput, version: int) -> Match:
    """Enter or correct a result under a row lock; a stale ``version`` is a conflict and changes nothing.

    A played score by a secretary (or a player's protocol); a technical defeat, a loss on time or an annulment
    by the judging panel only (004 §6.1.2 items 1–2). A result may be corrected until either player has
    started his next match (003 «Протоколы»); the correction opens a new protest window for the player it
    harms (004 §5.10), and the rounds drawn on the old result are flagged for review or, in a bracket,
    re-flowed (``draw.dependents``). The notes for the secretary are in ``match.notes``.
    """
    with transaction.atomic():
        t = lock_open_tournament(match_id)
        m = Match.objects.select_for_update().select_related("round").get(pk=match_id)
        rnd = m.round
        now = timezone.now()
        refusal = _refusal(t, m, user, data, version, now)
        if refusal is not None:
            raise refusal
        correction = bool(m.result_kind)
        before = Before.of(m)
        described = _apply(m, data, now)
        if correction:
            # 004 §5.10: the change opens a new protest window for the player it harms, from now.
            m.changed_at, m.reopened_for, m.final_at = now, harmed(before, m), None
            m.save(update_fields=["changed_at", "reopened_for", "final_at"])
        log(
            t,
            user,
            "result",
            _("Round %(r)s, table %(t)s: %(before)s → %(after)s")
            % {"r": rnd.number, "t": m.table, "before": described, "after": _describe(m)},
            reason=data.reason,
            match=m.pk,
        )
        why = _("Result corrected") if correction else _("Result entered")
        m.notes = dependents.after_change(m, before, user, why)
        update_round_status(rnd)
        return m


def _refusal(t: Tournament, m: Match, user, data: ResultInput, version: int, now) -> ResultError | None:
    """Why ``user`` may not set ``data`` on the locked match ``m`` now, or None: the checks of
    ``record_result``, in its order, shared with ``record_results`` (the score itself is checked after)."""
    if m.version != version:
        return ResultConflict(
            _("This result was changed by someone else a moment ago. Reload the page and check it.")
        )
    if m.round.status == Round.Status.DRAFT:
        return ResultError(_("The round is not published yet."))
    if m.is_bye:
        return ResultError(_("A bye has no result to enter."))
    if data.kind in PANEL_KINDS and not is_panel(user, t):
        return PanelOnly(
            _(
                "Only the judging panel awards a technical defeat or a loss on time and annuls a result "
                "(004 §6.1.2 items 1–2); a secretary enters played scores."
            )
        )
    if m.awaits_reflow:
        return ResultError(
            _(
                "This match waits for the replay of the match before it in the bracket: its players are "
                "not known."
            )
        )
    lock = correction_lock(t, m, user, now)
    if lock is None and m.result_kind and not data.reason.strip() and either_started_next(m, now):
        # 003 forbids changing the players' protocol, not the transcription of it: after a player has started
        # his next match the judging panel corrects a result typed wrong — with its reason, in the log.
        return ResultError(
            _(
                "A player has started his next match: the judging panel corrects this result only with a "
                "reason (003)."
            )
        )
    return lock


# The statuses of an open protest (``judging.models.Protest.OPEN``; draw does not import judging, a test
# holds the two equal).
OPEN_PROTEST = ("filed", "accepted")


def correction_lock(t: Tournament, m: Match, user, now) -> ResultError | None:
    """Why ``user`` may not change the result ``m`` has now, whatever he would enter, or None — THE rule for
    every path that changes a result (the result's page, the whole-round entry's rows, a player's protocol;
    the page shows it instead of the form):

    - 004 §5.11, §5.10: under protest, the judging panel decides; nobody else changes the result meanwhile;
    - 004 §5.10, §6.1.2: a result the panel ruled on (or confirmed deciding a protest) is the panel's;
    - 003 «Протоколы»: once a player has started his next match the result is no longer corrected — but by
      the judging panel, with a reason (``_refusal``: a secretary's transcription typed wrong, issue 27);
    - 004 §5.7.3: a result the removal of a competitor decided is nobody's to change (``removal_lock``): the
      panel's rulings (``panel_result``, ``panel_replay``) obey it too.
    """
    if not m.result_kind:
        return None
    removed = removal_lock(m)
    if removed is not None:
        return removed
    panel = is_panel(user, t)
    if not panel and m.protests.filter(status__in=OPEN_PROTEST).exists():
        return PanelOnly(
            _("Under protest: only the judging panel changes the result now (%(rule)s).")
            % {"rule": cite("004 §5.11")}
        )
    if not panel and ("ruling" in m.flags or m.protests.filter(decided_at__isnull=False).exists()):
        return PanelOnly(
            _("The judging panel has ruled on this result: only the panel may change it (004 §5.10).")
        )
    if not panel and either_started_next(m, now):
        return ResultError(
            _("A player has started his next match: the result can no longer be corrected (003).")
        )
    return None


def removal_lock(m: Match) -> ResultError | None:
    """004 §5.7.3: the result a removal decided — annulled with the removed competitor's results, or his
    technical defeat it wrote — follows the removal: no ruling (an upheld protest, a replay) and no correction
    brings another result back (issue 27 item 5). What the removal decided is its ``Consequence`` rows and the
    "removed" flag it sets on every match it writes."""
    if not m.result_kind:
        return None
    written = "removed" in m.flags and m.result_kind in (ResultKind.ANNULLED, ResultKind.TECHNICAL)
    if not written and m.result_kind == ResultKind.ANNULLED:
        players = [pid for pid in (m.player1_id, m.player2_id) if pid]
        teams: list[int] = []
        if m.team_match_id:
            teams = [
                tid
                for tid in TeamMatch.objects.filter(pk=m.team_match_id)
                .values_list("team1_id", "team2_id")
                .get()
                if tid
            ]
        written = Consequence.objects.filter(
            Q(participant_id__in=players) | Q(team_id__in=teams),
            tournament_id=m.round.tournament_id,
            stage_id=m.round.stage_id,
            kind=Consequence.Kind.ANNULLED,
        ).exists()
    if not written:
        return None
    return ResultError(
        _(
            "This result was decided by a removal (%(rule)s): the removed competitor's results are annulled "
            "or lost technically, and no ruling or correction brings another result back."
        )
        % {"rule": cite("004 §5.7.3")}
    )


def _apply(m: Match, data: ResultInput, now=None) -> str:
    """Validate and set the result on a locked match and save it; returns the description of the result
    before."""
    before = _set(m, data, now)
    m.save()
    return before


def _set(m: Match, data: ResultInput, now=None) -> str:
    """Validate and set the result on a locked match, unsaved; returns the description of the result
    before."""
    errors = score_errors(data.kind, m.match_length, data.score1, data.score2, data.winner_side, data.reason)
    if errors:
        raise ResultError(" ".join(errors))
    before = _describe(m)
    m.result_kind = data.kind
    m.result_reason = data.reason.strip()
    if data.kind == ResultKind.PLAYED:
        # score_errors has refused a played result without both scores.
        assert data.score1 is not None and data.score2 is not None
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
    m.ended_at = m.ended_at or now or timezone.now()
    m.version += 1
    return before


def panel_result(
    match_id: int, user, data: ResultInput, why: str, clause: str, flags: tuple[str, ...] = ()
) -> Match:
    """Change a result by a ruling of the judging panel or the chief judge (004 §6.1.2 items 1, 2, 4).

    Unlike ``record_result`` it is not stopped by a next match that has started: a protest decision or a
    removal must reach the result even then. The ruling is final at once (004 §5.10: the panel's decision is
    final). The rounds drawn on the old result are flagged for review, or re-flowed in a bracket; the notes
    are in ``match.notes``. Logged with the clause. Must run inside the caller's transaction."""
    t = lock_open_tournament(match_id)
    m = Match.objects.select_for_update().select_related("round").get(pk=match_id)
    if m.is_bye:
        raise ResultError(_("A bye has no result to enter."))
    # 004 §5.7.3: only a removal itself (its "removed" flag) rewrites what a removal decided.
    locked = None if "removed" in flags else removal_lock(m)
    if locked is not None:
        raise locked
    now = timezone.now()
    before = Before.of(m)
    described = _apply(m, data, now)
    # "ruling": the panel set this result (004 §5.10: its decision is final); a secretary cannot overwrite it.
    m.flags = [*m.flags, *[f for f in (*flags, "ruling") if f not in m.flags]]
    m.changed_at, m.reopened_for, m.final_at = now, [], now
    m.save(update_fields=["flags", "changed_at", "reopened_for", "final_at"])
    log(
        t,
        user,
        "ruling",
        _("Round %(r)s, table %(t)s: %(before)s → %(after)s")
        % {"r": m.round.number, "t": m.table, "before": described, "after": _describe(m)},
        reason=why,
        match=m.pk,
        clause=clause,
    )
    m.notes = dependents.after_change(m, before, user, why)
    update_round_status(m.round)
    return m


def panel_replay(match_id: int, user, why: str, clause: str) -> Match:
    """A replay ordered by the panel: the result is cleared and the match is to be played again."""
    t = lock_open_tournament(match_id)
    m = Match.objects.select_for_update().select_related("round").get(pk=match_id)
    locked = removal_lock(m)  # 004 §5.7.3: a replay would bring back a match the removal decided
    if locked is not None:
        raise locked
    before = Before.of(m)
    described = _describe(m)
    m.result_kind, m.result_reason, m.winner_id = "", "", None
    m.score1 = m.score2 = None
    m.started_at = m.ended_at = m.final_at = m.changed_at = None
    m.reopened_for = []
    m.flags = [*[f for f in m.flags if f != "replay"], "replay"]
    m.version += 1
    m.save()
    log(
        t,
        user,
        "ruling",
        _("Round %(r)s, table %(t)s: %(before)s → replay ordered")
        % {"r": m.round.number, "t": m.table, "before": described},
        reason=why,
        match=m.pk,
        clause=clause,
    )
    m.notes = dependents.after_change(m, before, user, why)
    update_round_status(m.round)
    return m


@dataclass(frozen=True)
class RowError:
    """Why one row of a batch was refused: its table and the reason."""

    table: int
    match_id: int
    message: str
    conflict: bool = False


class BatchRefused(ResultError):
    """A batch of results refused whole: nothing was saved; ``rows`` names every row refused and why."""

    def __init__(self, rows: list[RowError]) -> None:
        super().__init__("; ".join(_("table %(t)s: %(e)s") % {"t": r.table, "e": r.message} for r in rows))
        self.rows = rows


# What a batch writes to each match (the fields ``_set`` and a correction change).
_BATCH_FIELDS = [
    "result_kind",
    "result_reason",
    "score1",
    "score2",
    "winner",
    "ended_at",
    "version",
    "changed_at",
    "reopened_for",
    "final_at",
]


def _share_rounds(matches: Iterable[Match]) -> None:
    """One round object per round and one stage per stage for the matches of a submit: ``after_change`` reads
    the stage for each row, and a round robin's stage plan (every round's pairs: 200 players, 199 rounds) was
    read and decoded once per row — 58 ms a row at 200 players."""
    rounds: dict[int, Round] = {}
    for m in matches:
        Match.round.field.set_cached_value(m, rounds.setdefault(m.round_id, m.round))
    stages = Stage.objects.in_bulk({r.stage_id for r in rounds.values()})
    for r in rounds.values():
        Round.stage.field.set_cached_value(r, stages[r.stage_id])


def record_results(
    t: Tournament, user, entries: list[tuple[int, ResultInput, int]], refused: Sequence[RowError] = ()
) -> list[Match]:
    """Save the results of one submit (the whole-round entry page) all at once, or none (issue 20 item 6).

    ``entries`` are (match id, result, version) of one tournament. Every row is checked as
    ``record_result`` checks one (the optimistic lock, the panel's kinds, 004 §6.1.2 items 1–2; corrections
    until a next match starts, 003 «Протоколы»; the score); ``refused`` are rows the caller has refused
    already. Any refused row refuses the whole submit (``BatchRefused`` naming every such row) and nothing
    is saved. Otherwise one transaction: one UPDATE of the matches, one INSERT of their log entries, one bump
    of the tournament's version, the round's status once; corrections open the protest window (004 §5.10)
    and flag the rounds drawn on the old result as ``record_result`` does. Returns the saved matches (notes
    in ``match.notes``), in the order given.
    """
    errors = list(refused)
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=t.pk)
        if locked.read_only_reason:
            raise ResultError(locked.read_only_reason)
        ids = [match_id for match_id, _data, _version in entries]
        matches = Match.objects.select_for_update(of=("self",)).select_related("round")
        by_id = matches.filter(round__tournament=t).in_bulk(ids)
        _share_rounds(by_id.values())
        now = timezone.now()
        changed = []
        for match_id, data, version in entries:
            m = by_id.get(match_id)
            if m is None:
                errors.append(RowError(0, match_id, _("There is no such match.")))
                continue
            problem = _refusal(locked, m, user, data, version, now)
            if problem is None:
                problem_text = " ".join(
                    score_errors(
                        data.kind, m.match_length, data.score1, data.score2, data.winner_side, data.reason
                    )
                )
            else:
                problem_text = str(problem)
            if problem_text:
                conflict = isinstance(problem, ResultConflict)
                errors.append(RowError(m.table, m.pk, problem_text, conflict))
                continue
            changed.append((m, data))
        if errors:
            raise BatchRefused(sorted(errors, key=lambda r: r.table))
        if not changed:
            return []
        audit = []
        states = []
        for m, data in changed:
            correction = bool(m.result_kind)
            before = Before.of(m)
            described = _set(m, data, now)
            if correction:
                # 004 §5.10: the change opens a new protest window for the player it harms, from now.
                m.changed_at, m.reopened_for, m.final_at = now, harmed(before, m), None
            audit.append(
                AuditEntry(
                    tournament=locked,
                    user=user if getattr(user, "is_authenticated", False) else None,
                    action="result",
                    summary=_("Round %(r)s, table %(t)s: %(before)s → %(after)s")
                    % {"r": m.round.number, "t": m.table, "before": described, "after": _describe(m)},
                    reason=data.reason,
                    data={"match": m.pk},
                )
            )
            states.append((m, before, correction))
        Match.objects.bulk_update([m for m, _data in changed], _BATCH_FIELDS)
        AuditEntry.objects.bulk_create(audit)
        bump_version(t.pk)  # once for the whole submit: what the public pages show changed once
        for m, before, correction in states:
            why = _("Result corrected") if correction else _("Result entered")
            m.notes = dependents.after_change(m, before, user, why)
        for rnd in {m.round_id: m.round for m, _data in changed}.values():
            update_round_status(rnd)
        return [m for m, _data in changed]


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
    previous rounds are published before a draw anyway). On PostgreSQL the standings' read reuses the rounds
    that did not change since the last read in this process (``_kept_rounds``).
    """
    matches = Match.objects.filter(round__tournament=t).exclude(result_kind="")
    if stage is not None:
        matches = matches.filter(round__stage=stage)
    if published_only:
        matches = matches.exclude(round__status=Round.Status.DRAFT)
    if stage is None and published_only and connection.vendor == "postgresql":
        by_stage = _kept_rounds(t, matches)
    else:
        by_stage = {}
        _convert(matches.order_by("round__number", "table"), by_stage, {})
    _add_absences(t, by_stage, stage, published_only)
    return by_stage


_RESULT_COLUMNS = (
    "round__stage_id",
    "round__number",
    "player1_id",
    "player2_id",
    "winner_id",
    "result_kind",
    "score1",
    "score2",
    "match_length",
    "id",
)


def _convert(matches, by_stage: dict[int, list[metrics.Result]], keys: dict[int, str]) -> None:
    """The matches' plain values as results, appended to their stage's list in the queryset's order."""
    # Positional arguments (player1, player2, winner, kind, score1, score2, round, value, length, match): a
    # dataclass's keyword call costs twice as much, and 45,000 are built per version at 10,000 (issue 35 §3).
    # One string object per participant and per kind: the standings look each up in dicts and sets many times,
    # and a string hashes once (a new string per result was hashed anew at every lookup).
    result = metrics.Result
    kinds: dict[str, str] = {}
    for stage_id, number, p1, p2, winner, kind, s1, s2, length, match_id in matches.values_list(
        *_RESULT_COLUMNS
    ):
        listed = by_stage.get(stage_id)
        if listed is None:
            listed = by_stage[stage_id] = []
        a = keys.get(p1)
        if a is None:
            a = keys[p1] = str(p1)
        b = w = None
        if p2:
            b = keys.get(p2)
            if b is None:
                b = keys[p2] = str(p2)
        if winner:
            w = keys.get(winner)
            if w is None:
                w = keys[winner] = str(winner)
        listed.append(result(a, b, w, kinds.setdefault(kind, kind), s1, s2, number, None, length, match_id))


# A round's results as last read in this process, by tournament and round id: (its stamp, its stage, its
# number, its results). Issue 35 §3: a result changes one round; reading and converting all 45,000 results of
# a 10,000-player event at every version was a fifth of the ranking's CPU (72 ms). PostgreSQL stamps every
# round of the same read in one query (``_round_stamps``); a round whose stamp is the one kept is reused as it
# is (results are never changed once built), the others are read again (4 ms when one round changed). A few
# tournaments at most, the least recently read dropped first.
# round id: ((its count, its stamp), stage id, number, results)
_Kept = dict[int, tuple[tuple[int, int], int, int, list[metrics.Result]]]
_ROUNDS: OrderedDict[int, tuple[_Kept, dict[int, str]]] = OrderedDict()
_ROUNDS_LOCK = threading.Lock()
ROUNDS_KEEP = 8  # tournaments


def _round_stamps(matches) -> dict[int, tuple[tuple[int, int], int, int]]:
    """Round id: ((how many results, the sum of a hash of each result's row), stage id, number) for the rounds
    of ``matches`` — the read's own query (its filters, every column a result is made of, and the table),
    summed by PostgreSQL: any change to a result changes its round's stamp (41 ms for 45,000 results)."""
    rows = matches.order_by().values_list("round_id", *_RESULT_COLUMNS, "table")
    sql, params = rows.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT x.round_id, count(*), sum(hashtext(x::text)), min(x.round__stage_id),"
            f" min(x.round__number) FROM ({sql}) x GROUP BY x.round_id",
            params,
        )
        return {row[0]: ((row[1], row[2]), row[3], row[4]) for row in cursor.fetchall()}


def _kept_rounds(t: Tournament, matches) -> dict[int, list[metrics.Result]]:
    stamps = _round_stamps(matches)
    with _ROUNDS_LOCK:
        kept, keys = _ROUNDS.pop(t.pk, ({}, {}))
    rounds = {round_id: found for round_id, found in kept.items() if found[:3] == stamps.get(round_id)}
    changed = [round_id for round_id in stamps if round_id not in rounds]
    if changed:
        fresh: dict[int, list[metrics.Result]] = {}
        _convert(matches.filter(round_id__in=changed).order_by("round__number", "table", "id"), fresh, keys)
        by_round: dict[tuple[int, int | None], list[metrics.Result]] = {}
        for stage_id, results in fresh.items():
            for r in results:
                by_round.setdefault((stage_id, r.round), []).append(r)
        for round_id in changed:
            stamp, stage_id, number = stamps[round_id]
            rounds[round_id] = (stamp, stage_id, number, by_round.get((stage_id, number), []))
    by_stage: dict[int, list[metrics.Result]] = {}
    for _stamp, stage_id, _number, results in sorted(rounds.values(), key=lambda found: found[2]):
        by_stage.setdefault(stage_id, []).extend(results)
    with _ROUNDS_LOCK:
        _ROUNDS[t.pk] = (rounds, keys)
        while len(_ROUNDS) > ROUNDS_KEEP:
            _ROUNDS.popitem(last=False)
    return by_stage


def _add_absences(t: Tournament, by_stage: dict, stage, published_only: bool) -> None:
    """Issue 29 §3: each absence and requested bye of a round that is drawn (published, for the standings) is
    a one-player result of that round's stage, worth its points. One query for the rounds, one for them."""
    rounds = Round.objects.filter(tournament=t)
    if stage is not None:
        rounds = rounds.filter(stage=stage)
    if published_only:
        rounds = rounds.exclude(status=Round.Status.DRAFT)
    stage_of = dict(rounds.values_list("number", "stage_id"))
    if not stage_of:
        return
    absences = Absence.objects.filter(tournament=t, round_number__in=stage_of).values_list(
        "participant_id", "round_number", "kind", "points"
    )
    for pid, number, kind, points in absences:
        by_stage.setdefault(stage_of[number], []).append(
            metrics.Result(str(pid), None, None, kind, round=number, value=Fraction(points))
        )
