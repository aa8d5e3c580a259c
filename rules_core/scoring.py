"""Game value, the cube and the match score (003 «Куб удвоения», «Результат партии»; 000 §23.2)."""

from __future__ import annotations

from functools import lru_cache

from .findings import (  # noqa: F401 - the clause names are also read from here
    R_CRAWFORD,
    R_CUBE_FACES,
    R_CUBE_OWN_ROLL,
    R_CUBE_OWNER,
    R_CUBE_PASS,
    R_MATCH_END,
    R_NO_CUBE,
    R_REDOUBLE_PASS,
    R_RESIGN,
    R_RESULT,
)
from .position import CHECKERS, LONG, SHORT, Position

MAX_CUBE = 64  # 003 «Куб удвоения» п.1: faces 2, 4, ..., 64
SINGLE, MARS, KOKS = 1, 2, 3

# Long nardy: where a loser's checker makes koks. 003 «Результат партии» says "in the opponent's home"; the
# winner's home (his 1-6) is the loser's 13-18, but 004 §5.4.3 names the points 19-24 "дом противника" (the
# backgammon wording). A tournament setting; "13-18" (the winner's home on the board) is the default.
KOKS_ZONES = ("13-18", "19-24")
DEFAULT_KOKS_ZONE = "13-18"


def check_koks_zone(koks_zone: str) -> None:
    if koks_zone not in KOKS_ZONES:
        raise ValueError(f"koks_zone must be one of {KOKS_ZONES}")


def winners_home_has(loser_view: Position, discipline: str, koks_zone: str = DEFAULT_KOKS_ZONE) -> bool:
    """Whether the loser (``loser_view`` is seen from the loser's side) has a checker on the bar or in the
    koks zone: the loser's points 19-24 in short nardy (the winner's home); in long nardy 13-18 (the
    winner's 1-6) or, with ``koks_zone="19-24"``, 19-24 (004 §5.4.3's "дом противника")."""
    if loser_view.bar[0]:
        return True
    if discipline == SHORT:
        lo, hi = 19, 24
    else:
        check_koks_zone(koks_zone)
        lo, hi = (13, 18) if koks_zone == "13-18" else (19, 24)
    return any(loser_view.board[p - 1] > 0 for p in range(lo, hi + 1))


def game_multiplier(loser_view: Position, discipline: str, koks_zone: str = DEFAULT_KOKS_ZONE) -> int:
    """003 «Результат партии»: 1 if the loser has borne off a checker; mars (2) if not; koks (3) if not and he
    still has a checker on the bar or in the koks zone (see :func:`winners_home_has`). Counts with or without
    a double."""
    if discipline not in (SHORT, LONG):
        raise ValueError(discipline)
    if loser_view.off[0] > 0:
        return SINGLE
    return KOKS if winners_home_has(loser_view, discipline, koks_zone) else MARS


def game_points(loser_view: Position, discipline: str, cube: int, koks_zone: str = DEFAULT_KOKS_ZONE) -> int:
    return game_multiplier(loser_view, discipline, koks_zone) * cube


def resignation_points(loser_view: Position, cube: int) -> set[int]:
    """Points a resignation may be worth: without mars only once the loser has borne off a checker (003)."""
    if loser_view.off[0] > 0:
        return {cube}
    return {MARS * cube, KOKS * cube}


def in_contact(pos1: Position, discipline: str) -> bool:
    """Whether the checkers of the two sides can still meet (``pos1`` is seen from side 1: positive his).

    Short nardy: some checker of one side has an opposing checker still ahead of it (side 1 moves 24 → 1, his
    bar counting as 25; side 2 moves 1 → 24, his bar as 0). Long nardy (both move the same way round, no
    hitting, only blocking): a checker still in the first half of its way (its own points 13-24) shares the
    rest of that way with the opponent, whose checkers then can block or be blocked; once every checker of
    both sides is in its own 1-12, they never meet again. A side with no checker left is in no contact."""
    mine = [p for p in range(1, 25) if pos1.board[p - 1] > 0]
    theirs = [p for p in range(1, 25) if pos1.board[p - 1] < 0]
    if discipline == SHORT:
        if pos1.bar[0]:
            mine.append(25)
        if pos1.bar[1]:
            theirs.append(0)
        return bool(mine and theirs) and max(mine) > min(theirs)
    if discipline != LONG:
        raise ValueError(discipline)
    # side 2's own point q is side 1's q + 12 (q <= 12) or q - 12: his own 13-24 are side 1's 1-12
    return bool(mine and theirs) and (max(mine) >= 13 or min(theirs) <= 12)


def is_finished(view: Position) -> bool:
    return view.off[0] == CHECKERS


def crawford_game(length: int, score_before: tuple[int, int], crawford_played: bool) -> bool:
    """003 «Куб удвоения» п.15: the first game after a player reaches match point is played without
    the cube."""
    if length <= 1 or crawford_played:
        return False
    return length - 1 in score_before and max(score_before) < length


# --- which final scores a match can end with -------------------------------------------------------------

CUBE_VALUES = (1, 2, 4, 8, 16, 32, 64)  # 003 «Куб удвоения» п.1, п.3: the centre (1), then the faces
_PRE, _CRAWFORD, _POST = 0, 1, 2  # before anybody reached match point, the Crawford game, after it


def game_values(cube_in_play: bool) -> tuple[int, ...]:
    """Every number of points one game can bring its winner (003 «Результат партии», «Куб удвоения»): 1, 2
    or 3 times the cube — a single game, mars, koks (a resignation is one of these, a pass the cube's value
    before the double, п.7, п.9) — with the cube on one of its faces, or at 1 when it is out of play (a
    1-point match, п.13; the Crawford game, п.15)."""
    cubes = CUBE_VALUES if cube_in_play else (1,)
    return tuple(sorted({m * c for m in (SINGLE, MARS, KOKS) for c in cubes}))


@lru_cache(maxsize=128)
def final_scores(length: int) -> frozenset[tuple[int, int]]:
    """Every final score ``(winner, loser)`` a match to ``length`` points can end with under 003's cube.

    Walks the scores game by game: each game brings its winner one of :func:`game_values` — with the cube
    in play except in a 1-point match (003 «Куб удвоения» п.13) and in the one game after a player first
    reaches match point (the Crawford game, п.15) — until a player reaches ``length``. So the winner ends
    between ``length`` and ``length - 1 + 192``, not at every number in between: in a match to 7 a winner
    at 6 or less gains 64 (cube 64) or 96 (koks on 32) but never 71 to 77, so 77:1 is no final score,
    and from match point (6) a winner gains more than 3 only after the Crawford game, which the loser has
    won. ``length`` is at most a few dozen: the walk visits ``3 × length²`` scores, cached per length."""
    if length < 1:
        raise ValueError("length must be at least 1")
    finals: set[tuple[int, int]] = set()
    start = (0, 0, _PRE)
    seen = {start}
    todo = [start]
    while todo:
        a, b, phase = todo.pop()
        for g in game_values(length > 1 and phase != _CRAWFORD):
            for na, nb in ((a + g, b), (a, b + g)):
                if max(na, nb) >= length:
                    finals.add((max(na, nb), min(na, nb)))
                    continue
                if phase == _PRE and length - 1 in (na, nb):
                    nphase = _CRAWFORD
                elif phase == _CRAWFORD:
                    nphase = _POST
                else:
                    nphase = phase
                state = (na, nb, nphase)
                if state not in seen:
                    seen.add(state)
                    todo.append(state)
    return frozenset(finals)


def final_score_reachable(length: int, winner: int, loser: int) -> bool:
    """Whether a match to ``length`` can end ``winner``:``loser`` (see :func:`final_scores`)."""
    return (winner, loser) in final_scores(length)
