"""One converter per system (issue 26 part 4): the regulation's options and a neutral list of competitors in,
the pure engine's request out, its answer back as neutral pairings.

A competitor is known by its key only — a player, a pair or a team: ``draw.manager`` sends participants,
``draw.teams`` sends teams, and both get the same Swiss (its float flags, ``avoid_same``, "until N losses"),
the same Berger plan, the same bracket plan and bracket round, the same groups and the same playoff seeding.
What stays with the callers is what only they know: how a competitor's points, opponents and byes are read
from its results, and how a pairing is written (a match, or a team match of ``boards`` board matches).

No model is read or written here; the options come from the tournament's regulation (``tournaments.
regulation``: each setting names the engine option it feeds).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from draw import pairing
from tournaments import regulation
from tournaments.models import System, Tournament


class DrawError(Exception):
    """A user error: expected, translated, shown to the secretary (no valid pairing, missing results…)."""


def call_engine(request: dict) -> dict:
    try:
        return pairing.handle(request)
    except pairing.NoValidPairing as exc:
        raise DrawError(_("No valid pairing: %(reason)s") % {"reason": exc}) from exc


# --- Swiss (004 §1.4.6) and Swiss until N losses -----------------------------------------------------------


@dataclass(frozen=True)
class Competitor:
    """What the Swiss knows of a competitor before the round: its points, whom it has met, its byes, its
    losses ("until N losses") and what the regulation keeps apart (``avoid_same``, 004 §1.3.3)."""

    key: str
    points: Fraction
    opponents: tuple[str, ...] = ()
    byes: int = 0
    losses: int = 0
    club: str | None = None


@dataclass(frozen=True)
class Pair:
    """A drawn Swiss pair with its flags (``float_up``/``float_down``, ``rematch``, ``same_club``)."""

    a: str
    b: str
    flags: tuple[str, ...] = ()


@dataclass(frozen=True)
class SwissDraw:
    pairs: list[Pair]
    bye: str | None
    rematches: int
    eliminated: list[str]


def swiss_options(t: Tournament, allow_rematches: bool = False, request: str = "swiss_check") -> dict:
    """The engine options of a Swiss (a draw and the check of a draft alike): the regulation's, as its table
    feeds them (``max_losses`` for "until N losses", ``avoid_same`` as ``avoid_same_club`` — teammates, club
    or region apart after the score groups, 004 §1.3.3 —, the draw's ``bye_points``), and whether rematches
    are allowed."""
    return {
        # Swiss until N losses runs until one competitor is left, so late rounds may have no rematch-free
        # pairing: there the engine takes the pairing with the fewest rematches (none while one exists).
        "allow_rematches": allow_rematches or t.system == System.SWISS_LOSSES,
        **regulation.engine_options(t, request),
    }


def swiss_entries(t: Tournament, competitors: Iterable[Competitor]) -> list[dict]:
    """The engine's players: whole points as ints (the engine reads them without parsing a string, issue 20
    item 5), losses for "until N losses" only, the club only when there is one."""
    out = []
    for c in competitors:
        points = c.points.numerator if c.points.denominator == 1 else str(c.points)
        entry: dict = {"id": c.key, "points": points, "opponents": list(c.opponents), "byes": c.byes}
        if c.club:
            entry["club"] = c.club
        if t.system == System.SWISS_LOSSES:
            entry["losses"] = c.losses
        out.append(entry)
    return out


def losses_finished(t: Tournament, losses: Iterable[int]) -> bool:
    """Whether a "Swiss until N losses" is over, by the engine's one end rule (``pairing.losses_finished``)
    with the options the regulation feeds the Swiss (``max_losses``, and ``until_remaining`` once a setting
    feeds it)."""
    options = regulation.engine_options(t, "swiss")
    return pairing.losses_finished(losses, options["max_losses"], options.get("until_remaining", 1))


def swiss(
    t: Tournament,
    competitors: Sequence[Competitor],
    number: int,
    rounds: int | None,
    seed: int,
    allow_rematches: bool = False,
) -> SwissDraw:
    """Round ``number`` of a Swiss of ``rounds`` rounds (None: until N losses; the engine says when it
    ends)."""
    if t.system == System.SWISS and rounds is not None and number > rounds:
        raise DrawError(_("All %(n)s rounds have been drawn: finish the tournament.") % {"n": rounds})
    request = {
        "system": "swiss",
        "seed": seed,
        "players": swiss_entries(t, competitors),
        **swiss_options(t, allow_rematches, "swiss"),
    }
    answer = call_engine(request)
    if answer.get("finished"):
        raise DrawError(
            _("Only %(n)s player(s) remain: finish the tournament.") % {"n": answer.get("remaining")}
        )
    floats = answer.get("float", {})
    met = {c.key: set(c.opponents) for c in competitors}
    club = {c.key: c.club for c in competitors}  # what the regulation keeps apart (004 §1.3.3)
    pairs = []
    for a, b in answer["pairs"]:
        flags = tuple(sorted({f"float_{floats[x]}" for x in (a, b) if x in floats}))
        if b in met.get(a, ()):
            flags += ("rematch",)
        if club.get(a) is not None and club.get(a) == club.get(b):
            flags += ("same_club",)  # unavoidable: every pairing as good by points has as many
        pairs.append(Pair(a, b, flags))
    return SwissDraw(pairs, answer.get("bye"), answer.get("rematches", 0), answer.get("eliminated", []))


def swiss_check(t: Tournament, competitors: Sequence[Competitor], pairs, bye, allow_rematches: bool) -> dict:
    """The engine's ``swiss_check`` of a draft (its pairs and bye) with the regulation's Swiss options."""
    return pairing.handle(
        {
            "system": "swiss_check",
            **swiss_options(t, allow_rematches),
            "players": swiss_entries(t, competitors),
            "pairs": [list(p) for p in pairs],
            "bye": bye,
        }
    )


# --- round robin (004 §1.4.3) -------------------------------------------------------------------------------


def berger_plan(keys: list[str], cycles: int, mode: str, seed: int) -> dict:
    """The Berger tables of ``keys`` (``order``, ``rounds``), fixed at the stage's first draw."""
    answer = call_engine(
        {"system": "round_robin", "players": keys, "cycles": cycles, "draw": mode, "seed": seed}
    )
    return {"order": answer["order"], "rounds": answer["rounds"]}


def round_robin_plan(t: Tournament, keys: list[str], seed: int) -> dict:
    """A round-robin stage's plan: the Berger tables with the regulation's cycles and draw (as its table
    feeds them), and the seed."""
    options = regulation.engine_options(t, "round_robin")
    return {**berger_plan(keys, options["cycles"], options["draw"], seed), "seed": seed}


def scheduled_round(rounds: list[dict], number: int) -> dict:
    """Round ``number`` of a round-robin plan (``pairs`` and the one who rests, ``bye``)."""
    if number > len(rounds):
        raise DrawError(_("All %(n)s rounds have been drawn: finish the tournament.") % {"n": len(rounds)})
    return rounds[number - 1]


# --- groups and the playoff of a mixed event (004 §1.4.7, §6.1.2 item 5) ------------------------------------


def groups(t: Tournament, keys: list[str], seed: int) -> list[list[str]]:
    """The regulation's ``group_count`` groups of ``keys`` (drawn as ``draw_mode`` says)."""
    if t.group_count < 1 or len(keys) < 2 * t.group_count:
        few = ngettext(
            "Too few participants for %(g)s group.", "Too few participants for %(g)s groups.", t.group_count
        )
        raise DrawError(few % {"g": t.group_count})
    options = regulation.engine_options(t, "groups")  # the group count and the draw
    return call_engine({"system": "groups", "players": keys, **options, "seed": seed})["groups"]


def playoff_seeding(
    t: Tournament, tables: list[list[str]], rest_order: list[str] | None, best_of_rest: int | None = None
) -> list[str]:
    """The playoff's order from the groups' final tables (each best first) with the regulation's qualifiers
    per group and best of the rest (as its rows feed them; ``best_of_rest`` overrides the latter: a team
    event's Swiss qualifying stage has none) and, for the best of the rest, their order across the groups."""
    options = regulation.engine_options(t, "playoff_seeding")
    if best_of_rest is not None:
        options["best_of_rest"] = best_of_rest
    request: dict = {"system": "playoff_seeding", "groups": tables, **options}
    if options["best_of_rest"]:
        request["rest_order"] = rest_order or []
    return call_engine(request)["players"]


# --- elimination (004 §1.4.4, §1.4.5) ---------------------------------------------------------------------


def elimination_plan(t: Tournament, keys: list[str], system: str, seed: int, seeded: bool = False) -> dict:
    """The bracket engine's request, fixed at the stage's first draw (the playoff of a mixed event is seeded
    by the group tables: ``seeded``)."""
    options = regulation.engine_options(
        t, system
    )  # the draw; the third place and classification, or the reset
    draw = "seeded" if seeded else options.pop("draw")
    options.pop("draw", None)
    return {"system": system, "players": keys, "draw": draw, "seed": seed, **options}


@dataclass(frozen=True)
class BracketEntry:
    """One entry of a bracket's next round: a match to play, a bye, a walk-over decided by the engine, or a
    match whose competitors the previous round has not decided yet (``undecided``)."""

    kind: str  # "match", "bye", "walkover", "undecided"
    a: str | None
    b: str | None
    code: str
    winner: str | None = None
    flag: str = ""


def bracket_round(answer: dict, local: int) -> list[BracketEntry]:
    """The engine's matches of the stage's round ``local`` as entries (an empty bye is left out)."""
    todo = [m for m in answer["matches"] if m["round"] == local]
    if not todo:
        raise DrawError(_("The bracket is complete: finish the tournament."))
    out = []
    for m in todo:
        a, b = m["players"]
        if m.get("bye"):
            if a or b:
                out.append(BracketEntry("bye", a or b, None, m["id"], a or b, "bye"))
        elif m.get("walkover") and m.get("winner"):
            out.append(BracketEntry("walkover", a, b, m["id"], m["winner"], "walkover"))
        elif a is None or b is None:
            out.append(BracketEntry("undecided", a, b, m["id"]))
        else:
            out.append(BracketEntry("match", a, b, m["id"], flag=m.get("bracket", "")))
    return out
