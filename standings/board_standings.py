"""Personal standings by board of a team event (004 §1.3.4, §1.3.3): a pure function of the board matches, no
Django import, exact arithmetic.

For each board number, the players who played on it are ranked by the points they scored there: a board
match won is 1 point, lost 0 — exactly the board point it gave the team (``standings.team_metrics``), so a
technical win counts as a point and a game, an annulled match as nothing. Players level on points are
split by the percentage of points per game (the same points in fewer games rank higher); level on both they
share the place. A player who played on two boards (the captain's line-ups may move him) has a line on each
board with what he scored there. The extra decisive match of a drawn knockout match (board 0) is not a
board and counts on none.

Examples
--------
>>> rows = board_table([BoardGame(1, "a", True), BoardGame(1, "b", False), BoardGame(1, "a", False)])
>>> [(r.player, r.points, r.games, r.place_label) for r in rows[1]]
[('a', 1, 2, '1'), ('b', 0, 1, '2')]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from standings.metrics import assign_places, place_label


@dataclass(frozen=True)
class BoardGame:
    """One board match of one player: the board (1..N), the player's key, whether he won it."""

    board: int
    player: str
    won: bool


@dataclass
class BoardRow:
    board: int
    player: str
    points: int = 0
    games: int = 0
    place: int | None = None
    place_to: int | None = None

    @property
    def percent(self) -> Fraction:
        """Points per game as a percentage (exact); 0 without games."""
        return Fraction(100 * self.points, self.games) if self.games else Fraction(0)

    @property
    def place_label(self) -> str:
        return place_label(self.place, self.place_to)


def board_table(games: Iterable[BoardGame]) -> dict[int, list[BoardRow]]:
    """{board: rows ranked by points, then percentage; places shared when both are equal}. Board 0 (a
    decisive match) is left out. The order among players sharing a place is by key (the caller sorts by
    name if it wants)."""
    rows: dict[tuple[int, str], BoardRow] = {}
    for g in games:
        if g.board < 1:
            continue
        row = rows.setdefault((g.board, g.player), BoardRow(g.board, g.player))
        row.games += 1
        row.points += 1 if g.won else 0
    out: dict[int, list[BoardRow]] = {}
    for row in rows.values():
        out.setdefault(row.board, []).append(row)
    for board, block in out.items():
        block.sort(key=lambda r: (-r.points, -r.percent, r.player))
        assign_places(block, _key)
        out[board] = block
    return dict(sorted(out.items()))


def _key(row: BoardRow) -> tuple[int, Fraction]:
    return row.points, row.percent
