"""The pure personal standings by board (004 §1.3.4): points on the board, then the percentage; places shared
when both are equal; board 0 (a decisive match) on no board."""

from __future__ import annotations

from fractions import Fraction

from standings.board_standings import BoardGame, board_table


def test_points_first_then_the_percentage_then_a_shared_place():
    games = [
        # board 1: x 2 of 3, y 2 of 3, z 1 of 1, w 1 of 2, v 0 of 1
        *(BoardGame(1, "x", won) for won in (True, True, False)),
        *(BoardGame(1, "y", won) for won in (True, False, True)),
        BoardGame(1, "z", True),
        BoardGame(1, "w", True),
        BoardGame(1, "w", False),
        BoardGame(1, "v", False),
    ]
    rows = board_table(games)[1]
    got = [(r.player, r.points, r.games, r.percent, r.place_label) for r in rows]
    assert got == [
        ("x", 2, 3, Fraction(200, 3), "1–2"),
        ("y", 2, 3, Fraction(200, 3), "1–2"),
        ("z", 1, 1, 100, "3"),  # 1 of 1 above 1 of 2
        ("w", 1, 2, 50, "4"),
        ("v", 0, 1, 0, "5"),
    ]


def test_each_board_on_its_own_and_the_decisive_board_0_on_none():
    games = [
        BoardGame(2, "x", True),
        BoardGame(1, "x", False),
        BoardGame(0, "x", True),
        BoardGame(2, "y", False),
    ]
    table = board_table(games)
    assert list(table) == [1, 2]
    assert [(r.player, r.points, r.games) for r in table[1]] == [("x", 0, 1)]
    assert [(r.player, r.points, r.games, r.place_label) for r in table[2]] == [
        ("x", 1, 1, "1"),
        ("y", 0, 1, "2"),
    ]
    assert board_table([]) == {}
