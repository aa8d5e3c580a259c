"""Small builders for rule tests: positions from {point: count} (positive mine, negative the opponent's)."""

from __future__ import annotations

from dataclasses import replace

from rules_core import Action, MatchRecord, Position, legal_plays, parse_mat, replay, write_mat
from rules_core.simulate import random_match


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


def five_game_match(discipline: str, players: tuple[str, str] = ("Alice", "Bob")) -> MatchRecord:
    for seed in range(200):
        rec = parse_mat(write_mat(random_match(discipline, 5, seed, players=players)))
        if len(rec.games) == 5:
            return rec
    raise AssertionError("no 5-game match")


def wrong_line_in_game_2(rec: MatchRecord, discipline: str) -> tuple[MatchRecord, Action]:
    """Game 2 with one play written for other dice (a wrong line; the rest as played on the real board)."""
    snaps = replay(rec, discipline)
    for i, s in enumerate(snaps):
        if s.game != 2 or s.kind != "roll" or not s.play or s.move < 4:
            continue
        before = snaps[i - 1]
        view = Position(before.board, before.bar, before.off)
        view = view if s.side == 1 else view.flipped(discipline)
        ok = {p.position.board for p in legal_plays(view, s.dice, discipline)}
        for dice in [(a, b) for a in range(1, 7) for b in range(a, 7)]:
            wrong = [p for p in legal_plays(view, dice, discipline) if p.position.board not in ok]
            if wrong:
                game = rec.games[1]
                actions = list(game.actions)
                k = next(
                    j for j, a in enumerate(actions) if (a.move, a.side, a.kind) == (s.move, s.side, "roll")
                )
                actions[k] = replace(actions[k], play=wrong[0].text)
                games = (rec.games[0], replace(game, actions=tuple(actions)), *rec.games[2:])
                return replace(rec, games=games), actions[k]
    raise AssertionError("nothing to change in game 2")
