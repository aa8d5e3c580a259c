"""What a changed result does to the rounds drawn after it (003 «Протоколы», 004 §5.10, §6.1.2 item 4).

* **Swiss** (and Swiss until N losses): the later rounds of the stage were paired on the old points. They are
  flagged (``Round.review``): the secretary sees what a new draw would change (``judging.redraw.changes``) and
  keeps the pairings or draws the unplayed round again (``draw.manager.resolve_review``); a flagged round is
  not published, and no next round is drawn, until then. A change of the score alone does not flag: the
  pairing reads points and opponents only.
* **Round robin and group stages**: the schedule does not depend on results; nothing to do — except the first
  playoff round of a mixed event, seeded from the group tables, which is flagged like a Swiss round.
* **Brackets** (single and double elimination, the playoff): the later matches follow the results, so they
  are *re-flowed* at once (``reflow``): a later match whose players no longer agree with the results gets the
  right player — in place when it has not started, annulled and marked for a replay when it has (or was
  played); a match whose player is not known yet (the match feeding it is to be replayed) is cleared and
  waits (flag ``reflow_wait``) until that replay is entered. Every change is logged (action ``reflow``) and
  returned as a note for the person who made the change; the desk lists them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.utils import timezone
from django.utils.translation import gettext as _

from draw import pairing
from draw.models import DECIDED_KINDS, Match, ResultKind, Round, Stage
from registration.models import Participant
from tournaments.models import System, log

if TYPE_CHECKING:  # results.py calls this module with its snapshot; only the type is named here
    from draw.results import Before

SWISS_SYSTEMS = {System.SWISS, System.SWISS_LOSSES}
CLAUSE = "004 §5.10, §6.1.2"


# --- the engine's view of a bracket --------------------------------------------------------------------


def _counts(m: Match) -> bool:
    """Whether the match's result is one the bracket engine is told (its own walk-overs and byes it knows)."""
    return (
        m.result_kind in DECIDED_KINDS
        and bool(m.winner_id)
        and bool(m.player2_id)
        and "walkover" not in m.flags
        and m.result_kind != ResultKind.BYE
    )


def _withdrawn(stage: Stage) -> list[str]:
    players = set(stage.plan.get("players", []))
    return [
        str(pk)
        for pk in stage.tournament.participants.exclude(status=Participant.Status.ACTIVE).values_list(
            "pk", flat=True
        )
        if str(pk) in players
    ]


def _ask(stage: Stage, results: dict[str, str], withdrawn: list[str]) -> dict:
    request = dict(stage.plan, results=results)
    if withdrawn:
        request["withdrawn"] = withdrawn
    return pairing.handle(request)


def bracket(stage: Stage) -> dict:
    """The engine's view of an elimination stage given the results so far."""
    decided = Match.objects.filter(round__stage=stage).exclude(result_kind="").exclude(bracket_code="")
    results = {m.bracket_code: str(m.winner_id) for m in decided if _counts(m)}
    return _ask(stage, results, _withdrawn(stage))


def bracket_as_if_present(stage: Stage, keys: set[str]) -> dict | None:
    """The engine's view of an elimination stage had the competitors ``keys`` not left it: their matches
    counted as played, walk-overs included (004 §5.7.3: which place a removed competitor held). None when
    the engine cannot say."""
    decided = Match.objects.filter(round__stage=stage).exclude(result_kind="").exclude(bracket_code="")
    results = {
        m.bracket_code: str(m.winner_id)
        for m in decided
        if m.result_kind in DECIDED_KINDS and m.result_kind != ResultKind.BYE and m.winner_id and m.player2_id
    }
    try:
        # The engine's own walk-overs (never drawn as matches) count as won by the opponent.
        for m in _ask(stage, dict(results), _withdrawn(stage))["matches"]:
            if m.get("walkover") and m.get("winner") and m["id"] not in results:
                results[m["id"]] = m["winner"]
        return _ask(stage, results, [k for k in _withdrawn(stage) if k not in keys])
    except pairing.PairingError:
        return None


# --- after a change -------------------------------------------------------------------------------------


def after_change(m: Match, before: Before, user, why: str) -> list[str]:
    """Carry a changed result of ``m`` into the rounds drawn after it; returns notes for the person."""
    stage = m.round.stage
    later = Round.objects.filter(stage=stage, number__gt=m.round.number)
    winner_changed = (before.winner_id, before.kind == ResultKind.ANNULLED, bool(before.kind)) != (
        m.winner_id,
        m.result_kind == ResultKind.ANNULLED,
        bool(m.result_kind),
    )
    if stage.is_elimination and m.team_match_id is not None:
        # A team bracket (004 §1.3.4) follows the team matches, not the boards: its later rounds were drawn on
        # the old result and are flagged like a Swiss round (the secretary keeps them or draws them again).
        if winner_changed and before.kind:
            return flag(later, m, user)
        return []
    if stage.is_elimination:
        if winner_changed and later.exists():
            return reflow(stage, user, why)
        return []
    if stage.system in SWISS_SYSTEMS and stage.kind == Stage.Kind.MAIN:
        if winner_changed and before.kind:
            return flag(later, m, user)
        return []
    if stage.kind == Stage.Kind.GROUPS and before.kind and _result_changed(before, m):
        # The playoff is seeded from the group tables: its first round, while it is its only one.
        playoff = list(
            Round.objects.filter(tournament_id=stage.tournament_id, stage__kind=Stage.Kind.PLAYOFF)[:2]
        )
        if len(playoff) == 1:
            return flag(playoff, m, user)
    return []


def _result_changed(before: Before, m: Match) -> bool:
    return (before.kind, before.winner_id, before.score1, before.score2) != (
        m.result_kind,
        m.winner_id,
        m.score1,
        m.score2,
    )


def flag(rounds, m: Match, user) -> list[str]:
    """Mark ``rounds`` as drawn on a result that changed since (003 «Протоколы»); returns the notes."""
    notes = []
    by = getattr(user, "pk", None) if getattr(user, "is_authenticated", False) else None
    for rnd in rounds:
        rnd.review = [
            *rnd.review,
            {
                "match": m.pk,
                "round": m.round.number,
                "table": m.table,
                "at": timezone.now().isoformat(),
                "by": by,
            },
        ]
        rnd.save(update_fields=["review"])
        notes.append(
            _(
                "Round %(n)s was drawn on the old result: check what a new draw would change, then keep its "
                "pairings or draw it again."
            )
            % {"n": rnd.number}
        )
    return notes


# --- re-flow of a bracket ---------------------------------------------------------------------------------


def _names(ids, by_pk: dict[int, Participant]) -> str:
    return " — ".join(str(by_pk[i]) if i in by_pk else _("bye") for i in ids)


def reflow(stage: Stage, user, why: str) -> list[str]:
    """Make every drawn match of a bracket agree with the results again (004 §5.10, §6.1.2 item 4).

    Walks the stage's rounds in order, asking the engine each time with the results of the matches found right
    so far. Runs inside the caller's transaction; returns the notes (each also logged).
    """
    t = stage.tournament
    by_pk = {p.pk: p for p in t.participants.select_related("person")}
    withdrawn = _withdrawn(stage)
    results: dict[str, str] = {}
    notes: list[str] = []
    for rnd in stage.rounds.order_by("number"):
        expected = {x["id"]: x for x in _ask(stage, dict(results), withdrawn)["matches"]}
        for m in rnd.matches.select_for_update().order_by("table"):
            want = expected.get(m.bracket_code)
            if want is None:
                continue
            ids = [int(k) if k else None for k in want["players"]]
            have = [m.player1_id, m.player2_id]
            if sorted(ids, key=str) == sorted(have, key=str):
                if m.awaits_reflow:
                    m.flags = [f for f in m.flags if f != "reflow_wait"]
                    m.version += 1
                    m.save(update_fields=["flags", "version"])
                    text = _("%(p)s: the players are known, the match can be played") % {
                        "p": _names(have, by_pk)
                    }
                    notes.append(_note(t, user, why, rnd, m, text))
                if _counts(m):
                    results[m.bracket_code] = str(m.winner_id)
                continue
            old = _names(have, by_pk)
            played = bool(m.result_kind) or m.started_at is not None
            if None in ids and not want.get("bye"):
                # The match feeding this one is to be replayed: its player is not known yet.
                if not m.awaits_reflow or m.result_kind:
                    _clear(m, ["replay", "reflow_wait"])
                    m.save()
                    text = _("%(p)s annulled: waits for the replay of the match before it") % {"p": old}
                    notes.append(_note(t, user, why, rnd, m, text))
                continue
            m.player1_id, m.player2_id = ids[0], ids[1]
            _clear(m, ["replay"] if played else [])
            if want.get("bye"):
                m.result_kind, m.winner_id = ResultKind.BYE, m.player1_id or m.player2_id
                m.ended_at = timezone.now()
            elif want.get("walkover") and want.get("winner"):
                m.result_kind, m.winner_id = ResultKind.TECHNICAL, int(want["winner"])
                m.score1 = m.match_length if m.winner_id == m.player1_id else 0
                m.score2 = m.match_length if m.winner_id == m.player2_id else 0
                m.result_reason = _("opponent withdrew")
                m.flags = [*m.flags, "walkover"]
                m.ended_at = timezone.now()
            m.save()
            new = _names([m.player1_id, m.player2_id], by_pk)
            if played:
                text = _("%(old)s annulled; to be played again as %(new)s") % {"old": old, "new": new}
            else:
                text = _("%(old)s becomes %(new)s (not started)") % {"old": old, "new": new}
            notes.append(_note(t, user, why, rnd, m, text))
            if _counts(m):
                results[m.bracket_code] = str(m.winner_id)
    return notes


def _clear(m: Match, add: list[str]) -> None:
    m.result_kind, m.result_reason, m.winner_id = "", "", None
    m.score1 = m.score2 = None
    m.started_at = m.ended_at = m.final_at = m.changed_at = None
    m.reopened_for = []
    keep = [f for f in m.flags if f not in {"replay", "reflow_wait", "walkover"}]
    m.flags = [*keep, *add]
    m.version += 1


def _note(t, user, why: str, rnd: Round, m: Match, text: str) -> str:
    note = _("Round %(r)s, table %(t)s: %(x)s") % {"r": rnd.number, "t": m.table, "x": text}
    log(t, user, "reflow", note, reason=why, match=m.pk, clause=CLAUSE)
    return note
