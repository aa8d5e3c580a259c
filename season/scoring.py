"""A series' standings (issue 32 §2) as a pure function of its stages' results: no Django import, exact
arithmetic (``Fraction``).

A series (a cup, a grand prix, a qualifier) sums its stages by a rule given as data (``Rule``):

* ``scoring`` — what a stage is worth to a player: ``wins`` (the sum of wins, as the federation's Cup
  places people "by the sum of 5 stages"), ``match_points`` (the stage table's points: wins, byes, rulings),
  ``place_table`` (points by place: 50, 44, 38, …; a shared place "5–8" gets the mean of the points of the
  places it covers, exactly) or ``stage_points`` (the stage's own points, entered for it).
* ``drop_worst`` — the worst N results of the regular stages do not count. With ``missed_is_worst`` a stage
  the player missed counts as his worst result (0) and is the first dropped (the Ministry regulation's "less
  the worst result", a missed stage counting as the worst); without it only the stages he played are dropped
  (a missed stage stays a 0 that counts). At least one stage always counts.
* ``min_stages`` — a player classified in the series played at least this many regular stages (of those
  held so far: a live series in its second stage classifies on two); the others are listed after, unplaced.
* ``final`` — how a stage marked final counts: ``none`` (as any stage), ``outside_cap`` (added to the
  sum outside the dropping: never dropped) or ``alone`` (the final decides alone: its players ranked by
  their final place above everyone else, the rest by the series sum).
* ``tiebreaks`` — equal sums are told apart in this order (``TIEBREAKS``); still equal, they share the
  place ("3–4").

Qualification (``qualify``, ``stage_qualifiers``, ``seed``): the top N of the series or of each stage,
with regional quotas (seats reserved for each region's best), into the final with seeds by the series
standings or by the rating list.

Examples
--------
>>> rule = Rule(scoring="wins")
>>> rows = standings(rule, [Stage("1", (StageResult("a", 1, wins=5), StageResult("b", 2, wins=3)))])
>>> [(r.person, r.total, r.place) for r in rows]
[('a', Fraction(5, 1), 1), ('b', Fraction(3, 1), 2)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

SCORING = ("wins", "match_points", "place_table", "stage_points")
FINAL_MODES = ("none", "outside_cap", "alone")
TIEBREAKS = ("best_places", "last_stage", "best_stage", "stages_played", "wins")
SEEDING = ("series", "rating")

INF = 10**9


class RuleError(ValueError):
    """A rule or request that cannot be applied (a user error: the message says why)."""


@dataclass(frozen=True)
class Rule:
    scoring: str = "wins"
    place_points: tuple[Fraction, ...] = ()
    drop_worst: int = 0
    missed_is_worst: bool = True
    min_stages: int = 0
    final: str = "none"
    tiebreaks: tuple[str, ...] = ("best_places", "last_stage")

    def __post_init__(self) -> None:
        if self.scoring not in SCORING:
            raise RuleError(f"unknown scoring {self.scoring!r}; one of {', '.join(SCORING)}")
        if self.final not in FINAL_MODES:
            raise RuleError(f"unknown final mode {self.final!r}; one of {', '.join(FINAL_MODES)}")
        unknown = [k for k in self.tiebreaks if k not in TIEBREAKS]
        if unknown:
            raise RuleError(f"unknown tie-break {unknown[0]!r}; one of {', '.join(TIEBREAKS)}")
        if len(set(self.tiebreaks)) != len(self.tiebreaks):
            raise RuleError("a tie-break is named twice")
        if self.drop_worst < 0 or self.min_stages < 0:
            raise RuleError("drop_worst and min_stages are 0 or more")
        if any(Fraction(p) < 0 for p in self.place_points):
            raise RuleError("place points are 0 or more")
        if self.scoring == "place_table" and not self.place_points:
            raise RuleError("the place table is empty")


@dataclass(frozen=True)
class StageResult:
    """A player's result in one stage: his place (``place_to`` when shared, "5–8"), wins, the stage table's
    points, and the stage's own points (``own``, entered for the stage)."""

    person: str
    place: int | None = None
    place_to: int | None = None
    wins: int = 0
    points: Fraction = Fraction(0)
    own: Fraction | None = None


@dataclass(frozen=True)
class Stage:
    key: str
    results: tuple[StageResult, ...]
    final: bool = False


@dataclass(frozen=True)
class Cell:
    """One stage of one player's row: his score there (None: missed) and whether it counts."""

    stage: str
    score: Fraction | None
    place: int | None = None
    place_to: int | None = None
    counted: bool = False
    final: bool = False

    @property
    def missed(self) -> bool:
        return self.score is None


@dataclass(frozen=True)
class SeriesRow:
    person: str
    cells: tuple[Cell, ...]
    total: Fraction
    played: int
    wins: int
    classified: bool
    finalist: bool = False
    place: int | None = None
    place_to: int | None = None
    decided: str = ""  # "total", "final", a tie-break key, or "" when the place is shared
    keys: tuple = field(default=(), compare=False, repr=False)

    @property
    def place_label(self) -> str:
        if self.place is None:
            return "—"
        if self.place_to and self.place_to != self.place:
            return f"{self.place}–{self.place_to}"
        return str(self.place)


def stage_score(rule: Rule, r: StageResult) -> Fraction:
    """What one stage is worth to a player under ``rule`` (issue 32 §2)."""
    if rule.scoring == "wins":
        return Fraction(r.wins)
    if rule.scoring == "match_points":
        return Fraction(r.points)
    if rule.scoring == "stage_points":
        return Fraction(r.own) if r.own is not None else Fraction(0)
    # The place table: a shared place gets the mean of the points of the places it covers (choices table).
    if r.place is None:
        return Fraction(0)
    last = r.place_to or r.place
    table = rule.place_points
    covered = [
        Fraction(table[p - 1]) if 0 < p <= len(table) else Fraction(0) for p in range(r.place, last + 1)
    ]
    return sum(covered, Fraction(0)) / len(covered)


def _dropped(rule: Rule, scores: list[Fraction | None]) -> set[int]:
    """Indexes of the regular stages whose result does not count (issue 32 §2: drop the worst N)."""
    n = min(rule.drop_worst, max(len(scores) - 1, 0))
    if n == 0:
        return set()
    if rule.missed_is_worst:
        # A missed stage counts as the worst result: dropped first, then the lowest, the earlier first.
        order = sorted(range(len(scores)), key=lambda i: (scores[i] is not None, scores[i] or 0, i))
    else:
        # Only the stages he played are dropped; a missed one stays a 0 that counts.
        played = [i for i, s in enumerate(scores) if s is not None]
        order = sorted(played, key=lambda i: (scores[i], i))
    return set(order[:n])


def _tiebreak_key(key: str, cells: Sequence[Cell], regular: int, stage_count: int, wins: int) -> tuple:
    """Smaller is better."""
    if key == "best_places":
        places = sorted(c.place if c.place is not None else INF for c in cells if not c.missed)
        return tuple(places + [INF] * (stage_count - len(places)))
    if key == "last_stage":
        # The better result in the last stage, then the one before it, …; missing is worse than any score.
        return tuple(-(c.score if c.score is not None else Fraction(-1)) for c in reversed(cells[:regular]))
    if key == "best_stage":
        return (-max((c.score for c in cells if c.score is not None), default=Fraction(-1)),)
    if key == "stages_played":
        return (-sum(1 for c in cells if not c.missed),)
    if key == "wins":
        return (-wins,)
    raise RuleError(f"unknown tie-break {key!r}")  # Rule refuses it first


def standings(rule: Rule, stages: Sequence[Stage]) -> list[SeriesRow]:
    """The series standings: every player of any stage, classified ones placed, by the rule.

    Parameters
    ----------
    rule : the series' rule (``Rule``).
    stages : the stages held so far (finished or running), in the series' order; with ``rule.final`` other
        than ``none`` the stage marked ``final`` (at most one) counts as the rule says.

    Returns
    -------
    The rows in order: classified (placed; equal on the sum and every tie-break share a place), then the
    unclassified (fewer than ``min_stages`` stages), unplaced. Ties beyond the tie-breaks are listed by the
    player's key.

    Notes
    -----
    Linear in players × stages plus one sort: 5 stages × 256 players take about 10 ms of CPU
    (``bench/bench_series.py``).
    """
    finals = [s for s in stages if s.final] if rule.final != "none" else []
    if len(finals) > 1:
        raise RuleError("a series has at most one final")
    regular = [s for s in stages if not (s.final and rule.final != "none")]
    ordered = regular + finals
    by_stage = [{r.person: r for r in s.results} for s in ordered]
    persons = sorted({p for s in by_stage for p in s})
    need = min(rule.min_stages, len(regular))
    rows: list[SeriesRow] = []
    for person in persons:
        results = [s.get(person) for s in by_stage]
        scores = [stage_score(rule, r) if r is not None else None for r in results]
        reg_scores = scores[: len(regular)]
        dropped = _dropped(rule, reg_scores)
        cells = tuple(
            Cell(
                stage=st.key,
                score=scores[i],
                place=r.place if r else None,
                place_to=r.place_to if r else None,
                counted=scores[i] is not None and (i >= len(regular) or i not in dropped),
                final=i >= len(regular),
            )
            for i, (st, r) in enumerate(zip(ordered, results, strict=True))
        )
        total = sum((c.score for c in cells if c.counted and c.score is not None), Fraction(0))
        if rule.final == "alone":
            # The final decides alone: its score is no part of the sum.
            total = sum(
                (c.score for c in cells[: len(regular)] if c.counted and c.score is not None), Fraction(0)
            )
        played = sum(1 for s in reg_scores if s is not None)
        wins = sum(r.wins for r in results if r is not None)
        finalist = bool(finals) and results[-1] is not None
        rows.append(
            SeriesRow(
                person, cells, total, played, wins, classified=played >= need or finalist, finalist=finalist
            )
        )
    return _place(rule, rows, len(regular), len(ordered))


def _place(rule: Rule, rows: list[SeriesRow], regular: int, stage_count: int) -> list[SeriesRow]:
    names = ["final", "total", *rule.tiebreaks]

    def keys(row: SeriesRow) -> tuple:
        if rule.final == "alone":
            fc = row.cells[-1] if row.finalist else None
            final_key: tuple = (0, fc.place if fc and fc.place is not None else INF) if fc else (1, INF)
        else:
            final_key = ()
        tb = tuple(_tiebreak_key(k, row.cells, regular, stage_count, row.wins) for k in rule.tiebreaks)
        return (final_key, (-row.total,), *tb)

    keyed = [(keys(r), r) for r in rows]
    placed = sorted((x for x in keyed if x[1].classified), key=lambda x: (x[0], x[1].person))
    unplaced = sorted((x for x in keyed if not x[1].classified), key=lambda x: (x[0], x[1].person))
    out: list[SeriesRow] = []
    i = 0
    while i < len(placed):
        j = i
        while j + 1 < len(placed) and placed[j + 1][0] == placed[i][0]:
            j += 1
        for k in range(i, j + 1):
            key, row = placed[k]
            decided = "" if j > i else _decided(names, key, placed, k)
            out.append(_with(row, key, i + 1, j + 1, decided))
        i = j + 1
    out += [_with(row, key, None, None, "") for key, row in unplaced]
    return out


def _first_difference(a: tuple, b: tuple) -> int:
    return next((n for n, (x, y) in enumerate(zip(a, b, strict=True)) if x != y), len(a))


def _decided(names: list[str], key: tuple, placed: list, k: int) -> str:
    """What told this row from its neighbours: the deepest key needed against either of them."""
    depth = -1
    for other in (k - 1, k + 1):
        if 0 <= other < len(placed):
            depth = max(depth, _first_difference(key, placed[other][0]))
    if depth < 0:
        return "total"  # alone in the series
    return names[depth] if depth < len(names) else ""


def _with(row: SeriesRow, key: tuple, place: int | None, place_to: int | None, decided: str) -> SeriesRow:
    return SeriesRow(
        row.person,
        row.cells,
        row.total,
        row.played,
        row.wins,
        row.classified,
        row.finalist,
        place,
        place_to,
        decided,
        key,
    )


# --- qualification ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Qualifier:
    person: str
    how: str  # "top" (the top N), "quota" (a region's reserved seat), "stage" (the top of a stage)
    source: str = ""  # the region of a quota seat, the stage of a stage qualifier
    seed: int | None = None


def qualify(
    order: Sequence[str], seats: int, quotas: Mapping[str, int], region_of: Mapping[str, str]
) -> list[Qualifier]:
    """The players who enter the final from the series standings (issue 32 §2): first each region's best
    for its reserved seats (``quotas``: region → seats), then the best of the rest down the standings
    until ``seats`` are filled. ``order`` is the series standings' order (classified players only).
    A region with fewer players than its quota leaves the seats to the rest."""
    if seats < 0 or any(q < 0 for q in quotas.values()):
        raise RuleError("seats and quotas are 0 or more")
    if sum(quotas.values()) > seats:
        raise RuleError("the regional quotas add up to more seats than the final has")
    taken: dict[str, Qualifier] = {}
    for region, q in quotas.items():
        mine = [p for p in order if region_of.get(p, "") == region and p not in taken][:q]
        for p in mine:
            taken[p] = Qualifier(p, "quota", region)
    for p in order:
        if len(taken) >= seats:
            break
        if p not in taken:
            taken[p] = Qualifier(p, "top")
    position = {p: i for i, p in enumerate(order)}
    return sorted(taken.values(), key=lambda q: position[q.person])


def stage_qualifiers(stage_orders: Sequence[tuple[str, Sequence[str]]], per_stage: int) -> list[Qualifier]:
    """The top ``per_stage`` of each stage (a qualifier series: online qualifiers feeding a final): a player
    already qualified by an earlier stage gives his seat to the next of that stage."""
    taken: dict[str, Qualifier] = {}
    for key, order in stage_orders:
        n = 0
        for p in order:
            if n >= per_stage:
                break
            if p in taken:
                continue
            taken[p] = Qualifier(p, "stage", key)
            n += 1
    return list(taken.values())


def seed(
    qualifiers: Sequence[Qualifier], by: str, series_order: Sequence[str], ratings: Mapping[str, float]
) -> list[Qualifier]:
    """Seeds 1… for the final: by the series standings, or by the rating list (the highest first; the
    unrated after them, in the series' order)."""
    if by not in SEEDING:
        raise RuleError(f"unknown seeding {by!r}; one of {', '.join(SEEDING)}")
    position = {p: i for i, p in enumerate(series_order)}

    def series_key(q: Qualifier) -> tuple:
        return (position.get(q.person, INF), q.person)

    if by == "series":
        ordered = sorted(qualifiers, key=series_key)
    else:
        ordered = sorted(
            qualifiers,
            key=lambda q: (q.person not in ratings, -ratings.get(q.person, 0.0), *series_key(q)),
        )
    return [Qualifier(q.person, q.how, q.source, i) for i, q in enumerate(ordered, start=1)]
