"""Game value: single / mars / koks × cube (003 «Результат партии»)."""

from __future__ import annotations

from rules_core import game_multiplier, game_points
from rules_core.scoring import crawford_game, resignation_points

from .helpers import pos


def test_003_result_single_game_when_loser_has_borne_off():
    loser = pos({20: 3, 1: 2})  # 10 off
    assert game_multiplier(loser, "short") == 1
    assert game_points(loser, "short", 4) == 4


def test_003_result_mars_when_loser_has_borne_off_nothing():
    loser = pos({6: 15})
    assert game_multiplier(loser, "short") == 2 and game_multiplier(loser, "long") == 2
    assert game_points(loser, "long", 2) == 4


def test_003_result_koks_short_checker_in_winners_home():
    assert game_multiplier(pos({6: 14, 20: 1}), "short") == 3


def test_003_result_koks_short_checker_on_the_bar():
    assert game_multiplier(pos({6: 14}, bar=(1, 0)), "short") == 3


def test_003_result_koks_long_checker_still_in_winners_home():
    # long nardy: the winner's home (his 1-6) is the loser's 13-18
    assert game_multiplier(pos({6: 14, 15: 1}, discipline="long"), "long") == 3
    assert game_multiplier(pos({6: 14, 20: 1}, discipline="long"), "long") == 2  # 20 is not the winner's home


def test_003_result_koks_and_mars_count_without_a_double():
    assert game_points(pos({6: 14, 20: 1}), "short", 1) == 3


def test_003_result_resign_without_mars_only_once_a_checker_is_off():
    assert resignation_points(pos({6: 14}), 2) == {2}
    assert resignation_points(pos({6: 15}), 2) == {4, 6}


def test_003_cube_15_crawford_game_is_the_first_after_reaching_match_point():
    assert crawford_game(7, (6, 3), False)
    assert not crawford_game(7, (6, 4), True)  # post-Crawford
    assert not crawford_game(7, (5, 3), False)
    assert not crawford_game(1, (0, 0), False)
