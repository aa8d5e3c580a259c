"""Game value, the cube and the match score (003 «Куб удвоения», «Результат партии»; 000 §23.2)."""

from __future__ import annotations

from .position import CHECKERS, LONG, SHORT, Position

MAX_CUBE = 64  # 003 «Куб удвоения» п.1: faces 2, 4, ..., 64
SINGLE, MARS, KOKS = 1, 2, 3

# clause names used in findings
R_CUBE_FACES = "003 «Куб удвоения» п.1"
R_CUBE_OWN_ROLL = "003 «Куб удвоения» п.6"
R_CUBE_PASS = "003 «Куб удвоения» п.7"
R_CUBE_OWNER = "003 «Куб удвоения» п.8"
R_REDOUBLE_PASS = "003 «Куб удвоения» п.9"
R_NO_CUBE = "003 «Куб удвоения» п.13"
R_CRAWFORD = "003 «Куб удвоения» п.15"
R_RESULT = "003 «Результат партии»"
R_RESIGN = "003 «Результат партии»: сдача без марса"
R_MATCH_END = "003 «Завершение партии и матча»"


def winners_home_has(loser_view: Position, discipline: str) -> bool:
    """Whether the loser (``loser_view`` is seen from the loser's side) has a checker on the bar or in the
    winner's home: the loser's points 19-24 in short nardy, 13-18 in long nardy (the winner's 1-6)."""
    if loser_view.bar[0]:
        return True
    lo, hi = (19, 24) if discipline == SHORT else (13, 18)
    return any(loser_view.board[p - 1] > 0 for p in range(lo, hi + 1))


def game_multiplier(loser_view: Position, discipline: str) -> int:
    """003 «Результат партии»: 1 if the loser has borne off a checker; mars (2) if not; koks (3) if not and he
    still has a checker on the bar or in the winner's home. Counts with or without a double."""
    if discipline not in (SHORT, LONG):
        raise ValueError(discipline)
    if loser_view.off[0] > 0:
        return SINGLE
    return KOKS if winners_home_has(loser_view, discipline) else MARS


def game_points(loser_view: Position, discipline: str, cube: int) -> int:
    return game_multiplier(loser_view, discipline) * cube


def resignation_points(loser_view: Position, cube: int) -> set[int]:
    """Points a resignation may be worth: without mars only once the loser has borne off a checker (003)."""
    if loser_view.off[0] > 0:
        return {cube}
    return {MARS * cube, KOKS * cube}


def is_finished(view: Position) -> bool:
    return view.off[0] == CHECKERS


def crawford_game(length: int, score_before: tuple[int, int], crawford_played: bool) -> bool:
    """003 «Куб удвоения» п.15: the first game after a player reaches match point is played without
    the cube."""
    if length <= 1 or crawford_played:
        return False
    return length - 1 in score_before and max(score_before) < length
