"""Small builders for rule tests: positions from {point: count} (positive mine, negative the opponent's)."""

from __future__ import annotations

from rules_core import Position, legal_plays


def pos(points: dict[int, int], bar: tuple[int, int] = (0, 0), discipline: str = "short") -> Position:
    board = [0] * 24
    for p, n in points.items():
        board[p - 1] = n
    mine = sum(n for n in board if n > 0) + bar[0]
    theirs = -sum(n for n in board if n < 0) + bar[1]
    p = Position(tuple(board), bar, (15 - mine, 15 - theirs))
    p.check(discipline)
    return p


def texts(position: Position, dice: tuple[int, int], discipline: str, **kw) -> set[str]:
    return {p.text for p in legal_plays(position, dice, discipline, **kw)}
