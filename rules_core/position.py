"""Positions of short and long nardy, seen from the side to move.

A :class:`Position` is always expressed from the point of view of the player whose turn it is ("the mover"):
``board[i]`` is the mover's point ``i + 1`` (1 = the deepest point of his home), positive numbers are his
checkers, negative numbers the opponent's. ``bar`` and ``off`` are ``(mover, opponent)`` pairs.

Short nardy (001 art. 21, backgammon): the opponent's point ``p`` is the mover's point ``25 - p``.
Long nardy (004 §5.4.10): both sides move the same way round; the mover's head is his point 24, the opponent's
head his point 12, so the opponent's point ``q`` is the mover's point ``q + 12`` (``q <= 12``) or ``q - 12``.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass

SHORT = "short"
LONG = "long"
DISCIPLINES = (SHORT, LONG)
CHECKERS = 15


class PositionError(ValueError):
    """A position that cannot exist (wrong checker count, both colours on a point, bad position id)."""


@dataclass(frozen=True, slots=True)
class Position:
    board: tuple[int, ...]
    bar: tuple[int, int] = (0, 0)
    off: tuple[int, int] = (0, 0)

    def flipped(self, discipline: str) -> Position:
        """The same position seen from the other side."""
        return Position(
            flip_board(self.board, discipline), (self.bar[1], self.bar[0]), (self.off[1], self.off[0])
        )

    def check(self, discipline: str) -> None:
        """Raise :class:`PositionError` unless this is a possible position of ``discipline``."""
        if discipline not in DISCIPLINES:
            raise PositionError(f"unknown discipline {discipline!r}")
        if len(self.board) != 24:
            raise PositionError("board must have 24 points")
        mine = sum(n for n in self.board if n > 0) + self.bar[0] + self.off[0]
        theirs = -sum(n for n in self.board if n < 0) + self.bar[1] + self.off[1]
        if min(self.bar + self.off) < 0:
            raise PositionError("negative bar or off count")
        if mine != CHECKERS or theirs != CHECKERS:
            raise PositionError(f"each side needs {CHECKERS} checkers, got {mine} and {theirs}")
        if discipline == LONG and (self.bar[0] or self.bar[1]):
            raise PositionError("long nardy has no bar (004 §5.4.12: no hitting)")

    def to_json(self) -> dict:
        return {"board": list(self.board), "bar": list(self.bar), "off": list(self.off)}


def flip_board(board: tuple[int, ...], discipline: str) -> tuple[int, ...]:
    if discipline == SHORT:
        return tuple(-n for n in reversed(board))
    # long: mover point p (index p-1) becomes opponent point p-12 / p+12
    return tuple(-n for n in board[12:] + board[:12])


def opponent_point(p: int, discipline: str) -> int:
    """The opponent's number for the mover's point ``p`` (1..24)."""
    if discipline == SHORT:
        return 25 - p
    return p + 12 if p <= 12 else p - 12


def start_position(discipline: str) -> Position:
    board = [0] * 24
    if discipline == SHORT:
        # 001 art. 21.1: 2 on 24, 5 on 13, 3 on 8, 5 on 6 (mirrored for the opponent)
        for p, n in ((24, 2), (13, 5), (8, 3), (6, 5)):
            board[p - 1] += n
            board[25 - p - 1] -= n
    elif discipline == LONG:
        # 004 §5.4.10: all 15 on the head; the opponent's head is the mover's point 12
        board[23] = CHECKERS
        board[11] = -CHECKERS
    else:
        raise PositionError(f"unknown discipline {discipline!r}")
    return Position(tuple(board))


# --- GNU Backgammon position id -------------------------------------------------------------------------
# 80 bits, base64 without padding: first the player NOT on roll, then the player on roll; for each,
# points 1..24
# in his own numbering and then the bar, each as that many 1-bits followed by one 0-bit, bits little-endian.


def _side_counts(pos: Position) -> tuple[list[int], list[int]]:
    mover = [max(n, 0) for n in pos.board] + [pos.bar[0]]
    opp = [max(-n, 0) for n in reversed(pos.board)] + [pos.bar[1]]
    return mover, opp


def to_gnubg_id(pos: Position) -> str:
    """GNU Backgammon position id of a short-nardy position (mover = player on roll)."""
    mover, opp = _side_counts(pos)
    bits: list[int] = []
    for side in (opp, mover):
        for n in side:
            bits.extend([1] * n)
            bits.append(0)
    bits.extend([0] * (80 - len(bits)))
    data = bytearray(10)
    for i, bit in enumerate(bits[:80]):
        if bit:
            data[i // 8] |= 1 << (i % 8)
    return base64.b64encode(bytes(data)).decode("ascii")[:14]


def from_gnubg_id(position_id: str) -> Position:
    """Decode a GNU Backgammon position id into a short-nardy :class:`Position` (off counts inferred)."""
    if not isinstance(position_id, str) or len(position_id) != 14:
        raise PositionError("a position id has 14 characters")
    try:
        data = base64.b64decode(position_id + "==", validate=True)
    except ValueError as exc:
        raise PositionError(f"bad position id {position_id!r}") from exc
    bits = [(data[i // 8] >> (i % 8)) & 1 for i in range(80)]
    sides: list[list[int]] = [[], []]
    side, count = 0, 0
    for bit in bits:
        if side > 1:
            break
        if bit:
            count += 1
        else:
            sides[side].append(count)
            count = 0
            if len(sides[side]) == 25:
                side += 1
    if side < 2:
        raise PositionError(f"bad position id {position_id!r}")
    opp, mover = sides
    board = [0] * 24
    for i in range(24):
        if mover[i] and opp[23 - i]:
            raise PositionError(f"bad position id {position_id!r}: both sides on point {i + 1}")
        board[i] = mover[i] - opp[23 - i]
    m_on = sum(mover)
    o_on = sum(opp)
    if m_on > CHECKERS or o_on > CHECKERS:
        raise PositionError(f"bad position id {position_id!r}: more than {CHECKERS} checkers")
    return Position(tuple(board), (mover[24], opp[24]), (CHECKERS - m_on, CHECKERS - o_on))
