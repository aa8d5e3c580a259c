"""Which final scores a match can end with (003 «Куб удвоения» п.1, п.13, п.15; «Результат партии»): the
bound a typed score is checked against (issue 28 §4: 77:1 in a match to 7 passed as "under the cube's
maximum")."""

from __future__ import annotations

import pytest

from rules_core.scoring import final_score_reachable, final_scores, game_values
from rules_core.simulate import random_match


def test_003_cube_p1_a_game_brings_1_2_or_3_times_a_face_of_the_cube():
    assert game_values(True) == (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192)
    assert game_values(False) == (1, 2, 3)


def test_003_cube_77_1_is_no_final_score_of_a_match_to_7():
    # From 6 or less the last game must bring 71 to 77: no face of the cube times 1, 2 or 3 does.
    assert not final_score_reachable(7, 77, 1)
    assert not any(final_score_reachable(7, w, lo) for w in range(71, 78) for lo in range(7))


def test_003_cube_70_is_a_final_score_of_a_match_to_7_cube_on_64_from_6():
    assert final_score_reachable(7, 70, 1)
    assert final_score_reachable(7, 7 - 1 + 3 * 64, 1)  # koks on 64 from match point
    assert not final_score_reachable(7, 7 + 3 * 64, 1)  # past it


def test_003_cube_p15_from_match_point_more_than_3_only_after_the_crawford_game_the_loser_won():
    # 6:0 → the Crawford game (no cube: 7–9); a bigger last game needs the cube, i.e. the loser has won the
    # Crawford game and has a point.
    assert not final_score_reachable(7, 198, 0)
    assert final_score_reachable(7, 198, 1)
    assert final_score_reachable(7, 9, 0)


def test_003_cube_p13_a_one_point_match_has_no_cube():
    assert final_scores(1) == {(1, 0), (2, 0), (3, 0)}


def test_every_final_score_has_the_winner_at_the_length_or_past_it_and_the_loser_short_of_it():
    for length in (1, 2, 3, 5, 7, 11, 25):
        for w, lo in final_scores(length):
            assert length <= w <= length - 1 + 192 and 0 <= lo < length
        # every loser's score is possible with the plain winner's score
        assert {lo for w, lo in final_scores(length) if w == length} == set(range(length))


@pytest.mark.parametrize("seed", range(6))
def test_simulated_matches_with_a_busy_cube_end_on_a_final_score(seed):
    for length in (3, 5):
        record = random_match("short", length, seed, cube_rate=0.4)
        score = [0, 0]
        for game in record.games:
            win = game.actions[-1]
            score[win.side - 1] += win.value
        assert final_score_reachable(length, max(score), min(score)), (length, seed, score)
