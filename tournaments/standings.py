"""Standings as a pure function of match results: no Django import, exact arithmetic.

The foundation's standings: match points, then the tournament's tie-break order chosen from a small
registry of metrics (each a pure function of the results). Elimination stages rank by the bracket
(places from the pairing engine) instead.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True)
class Result:
    """One match from one stage, as the standings see it.

    ``kind`` is one of played, technical, time, bye, annulled. ``winner`` is None for annulled matches and
    for matches without a result (which the standings ignore).
    """

    player1: str
    player2: str | None
    winner: str | None
    kind: str
    score1: int | None = None
    score2: int | None = None


@dataclass
class Row:
    player: str
    points: Fraction = Fraction(0)
    wins: int = 0
    losses: int = 0
    played: int = 0
    byes: int = 0
    opponents: list[str] = field(default_factory=list)
    metrics: dict[str, Fraction] = field(default_factory=dict)
    place: int | None = None
    place_to: int | None = None

    @property
    def place_label(self) -> str:
        if self.place is None:
            return "—"
        if self.place_to and self.place_to != self.place:
            return f"{self.place}–{self.place_to}"
        return str(self.place)


@dataclass(frozen=True)
class Metric:
    key: str
    name: str
    abbr: str
    compute: Callable[[Row, dict[str, Row]], Fraction]


def _buchholz(row: Row, rows: dict[str, Row]) -> Fraction:
    # Sum of the points of the opponents actually met (byes and annulled matches have no opponent).
    return sum((rows[o].points for o in row.opponents if o in rows), Fraction(0))


def _wins(row: Row, rows: dict[str, Row]) -> Fraction:
    return Fraction(row.wins)


METRICS: dict[str, Metric] = {
    "buchholz": Metric("buchholz", "Buchholz", "Bh", _buchholz),
    "wins": Metric("wins", "wins", "W", _wins),
}


def validate_tiebreaks(keys: Sequence[str]) -> list[str]:
    """Return the unknown keys among ``keys`` (empty when all are known)."""
    return [key for key in keys if key not in METRICS]


def table(
    players: Iterable[str],
    results: Iterable[Result],
    bye_points: Fraction = Fraction(1),
    tiebreaks: Sequence[str] = ("buchholz",),
) -> list[Row]:
    """Rank ``players`` by match points, then by ``tiebreaks`` in order.

    Win (played, technical or on time) = 1, loss = 0, bye = ``bye_points``, annulled = nothing.
    Players still equal on every key share a place (``place``–``place_to``).
    """
    unknown = validate_tiebreaks(tiebreaks)
    if unknown:
        raise ValueError(f"unknown tie-break keys: {unknown}")
    rows = {p: Row(p) for p in players}
    for r in results:
        if r.kind == "annulled" or r.winner is None:
            continue
        if r.kind == "bye" or r.player2 is None:
            row = rows.get(r.player1)
            if row is not None:
                row.points += bye_points
                row.byes += 1
            continue
        loser = r.player2 if r.winner == r.player1 else r.player1
        for me, other in ((r.player1, r.player2), (r.player2, r.player1)):
            if me in rows:
                rows[me].played += 1
                rows[me].opponents.append(other)
        if r.winner in rows:
            rows[r.winner].points += 1
            rows[r.winner].wins += 1
        if loser in rows:
            rows[loser].losses += 1
    for row in rows.values():
        row.metrics = {key: METRICS[key].compute(row, rows) for key in tiebreaks}

    def sort_key(row: Row) -> tuple:
        return (-row.points, *(-row.metrics[k] for k in tiebreaks))

    ordered = sorted(rows.values(), key=lambda row: (sort_key(row), row.player))
    assign_places(ordered, sort_key)
    return ordered


def assign_places(ordered: list[Row], sort_key: Callable[[Row], tuple], start: int = 1) -> None:
    """Give equal rows (by ``sort_key``) one shared place range, in the given order."""
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and sort_key(ordered[j + 1]) == sort_key(ordered[i]):
            j += 1
        for row in ordered[i : j + 1]:
            row.place, row.place_to = start + i, start + j
        i = j + 1


def group_counts(results: Iterable[Result]) -> dict[str, int]:
    """Losses per player (for Swiss until N losses): every decided match lost, byes excluded."""
    losses: dict[str, int] = defaultdict(int)
    for r in results:
        if r.kind in {"annulled", "bye"} or r.winner is None or r.player2 is None:
            continue
        losses[r.player2 if r.winner == r.player1 else r.player1] += 1
    return dict(losses)
