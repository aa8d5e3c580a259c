"""Long nardy (004 §5.4, 002): each test is named after the clause it proves."""

from __future__ import annotations

import pytest

from rules_core import legal_plays, start_position

from .helpers import pos, texts

L = "long"
START = start_position(L)


def test_004_5_4_10_start_all_fifteen_on_the_head():
    assert START.board[23] == 15 and START.board[11] == -15


def test_004_5_4_11_only_one_checker_leaves_head_per_turn():
    # 5-2 from the start: 24/17 or 24/22/17 - never two checkers off the head
    assert texts(START, (5, 2), L) == {"24/17"}
    later = pos({24: 14, 20: 1, 12: -15}, discipline=L)
    plays = legal_plays(later, (3, 1), L)
    assert all(sum(1 for s in p.steps if s.src == 24) <= 1 for p in plays)
    assert "24/21 20/19" in {p.text for p in plays} and "24/21 24/23" not in {p.text for p in plays}


@pytest.mark.parametrize("die", [3, 4, 6])
def test_004_5_4_11_first_roll_doubles_let_the_second_player_take_two_from_head(die):
    plays = legal_plays(START, (die, die), L, first_roll=True, moves_second=True)
    assert any(sum(1 for s in p.steps if s.src == 24) == 2 for p in plays)


@pytest.mark.parametrize("die", [3, 4, 6])
def test_004_5_4_11_federation_first_player_gets_no_exception(die):
    plays = legal_plays(START, (die, die), L, first_roll=True, moves_second=False, head_rule="federation")
    assert all(sum(1 for s in p.steps if s.src == 24) == 1 for p in plays)


@pytest.mark.parametrize("die", [3, 4, 6])
def test_002_classic_first_roll_doubles_two_from_head_for_either_player(die):
    for second in (False, True):
        plays = legal_plays(START, (die, die), L, first_roll=True, moves_second=second, head_rule="classic")
        assert any(sum(1 for s in p.steps if s.src == 24) == 2 for p in plays)


@pytest.mark.parametrize("die", [1, 2, 5])
def test_004_5_4_11_other_doubles_take_one_from_head_even_on_first_roll(die):
    plays = legal_plays(START, (die, die), L, first_roll=True, moves_second=True, head_rule="classic")
    assert all(sum(1 for s in p.steps if s.src == 24) == 1 for p in plays)


def test_004_5_4_11_exception_only_on_the_first_roll():
    plays = legal_plays(START, (6, 6), L, first_roll=False, moves_second=True)
    assert texts(START, (6, 6), L) == {"24/18"} == {p.text for p in plays}


def test_004_5_4_11_six_six_second_player_plays_24_18_twice():
    assert texts(START, (6, 6), L, first_roll=True, moves_second=True) == {"24/18(2)"}


def test_004_5_4_12_no_landing_on_a_point_with_one_opposing_checker():
    p = pos({24: 14, 20: 1, 12: -14, 18: -1}, discipline=L)
    assert "24/18" not in texts(p, (6, 1), L)
    assert all(s.dst != 18 for pl in legal_plays(p, (6, 1), L) for s in pl.steps)


def test_004_5_4_24_sum_only_through_an_open_intermediate_point():
    # 6-5 with 24/18 blocked and 24/19 open: 24/13 via 19 only
    p = pos({24: 14, 23: 1, 12: -13, 18: -1, 13: -1}, discipline=L)
    plays = legal_plays(p, (6, 5), L)
    assert all(s.dst != 18 for pl in plays for s in pl.steps)
    blocked_both = pos({24: 15, 12: -13, 18: -1, 19: -1}, discipline=L)
    assert legal_plays(blocked_both, (6, 5), L) == []


# six-point block (004 §5.4.13): mover holds 16..21 except one point; the opponent (head on mover's 12)
# travels 12 -> 1 -> 24 -> 13, so his checkers on mover's 22/23 are behind a block on 16..21.
def _block_position(opponent_ahead: bool):
    pts = {24: 5, 21: 2, 20: 2, 19: 2, 18: 2, 16: 2}  # 17 open: playing a 1 from 18 or 2 from 19 closes it
    if opponent_ahead:
        pts.update({23: -14, 14: -1})  # one opposing checker already past the block (mover's 14)
    else:
        pts.update({23: -15})
    return pos(pts, discipline=L)


def test_004_5_4_13_six_block_forbidden_without_an_opposing_checker_ahead():
    p = _block_position(opponent_ahead=False)
    plays = legal_plays(p, (2, 1), L)
    for pl in plays:
        board = pl.position.board
        assert not all(board[q - 1] > 0 for q in range(16, 22)), pl.text


def test_004_5_4_13_six_block_allowed_with_an_opposing_checker_ahead():
    p = _block_position(opponent_ahead=True)
    plays = legal_plays(p, (2, 1), L)
    assert any(all(pl.position.board[q - 1] > 0 for q in range(16, 22)) for pl in plays)


def _momentary(opponent_ahead: bool):
    # mover holds 21, 20, 19, 18, 16; a spare on 23 can reach 17 with the 6 (closing 16..21 for a
    # moment) and go
    # on to 16 with the 1; the other order (23/22) is closed by an opposing checker on 22, behind the block.
    opp = {22: -1, 8: -13, 14: -1} if opponent_ahead else {22: -1, 8: -14}
    return pos({21: 2, 20: 2, 19: 2, 18: 2, 16: 2, 23: 1, 24: 4, **opp}, discipline=L)


def test_004_5_4_13_momentary_block_inside_one_move_is_forbidden():
    plays = legal_plays(_momentary(opponent_ahead=False), (6, 1), L)
    assert plays, "other plays remain"
    assert "23/16" not in {pl.text for pl in plays}
    assert not any(s.src == 23 and s.dst == 17 for pl in plays for s in pl.steps)


def test_004_5_4_13_momentary_block_allowed_with_an_opposing_checker_ahead():
    assert "23/16" in texts(_momentary(opponent_ahead=True), (6, 1), L)


def test_004_5_4_26_both_dice_must_be_played_if_possible():
    # one checker left, no head: 2-1 must be played fully
    p = pos({5: 1, 12: -15}, discipline=L)
    assert texts(p, (2, 1), L) == {"5/2"}


def test_004_5_4_26_larger_die_when_only_one_can_be_played():
    # 24 head only (one checker allowed), 18 open, 19 closed: 6-5 => either 24/18 or 24/19 alone; 19 closed so
    # only 6 plays; with 24/18 and 24/19 both open and 13 closed, the larger (6) must be chosen
    p = pos({24: 15, 12: -13, 13: -1, 7: -1}, discipline=L)
    # 24/18 then 18/13 blocked; 24/19 then 19/13 blocked; only one die each -> the larger
    assert texts(p, (6, 5), L) == {"24/18"}


def test_004_5_4_25_doubles_play_four_times():
    p = pos({10: 2, 12: -15}, discipline=L)
    plays = legal_plays(p, (2, 2), L)
    assert {len(pl.steps) for pl in plays} == {4}


def test_004_5_4_35_no_bearing_off_until_all_fifteen_home():
    p = pos({7: 1, 3: 14, 12: -15}, discipline=L)
    assert all(s.dst != 0 for pl in legal_plays(p, (6, 3), L) for s in pl.steps[:1] if s.src != 7)
    assert "7/1 3/off" in texts(p, (6, 3), L)  # the last checker comes home, then bearing off starts


def test_004_5_4_37_higher_die_bears_off_from_the_highest_point_only():
    p = pos({4: 1, 2: 14, 12: -15}, discipline=L)
    assert texts(p, (6, 5), L) == {"4/off 2/off"}
    q = pos({5: 1, 3: 14, 12: -15}, discipline=L)
    plays = legal_plays(q, (6, 4), L)
    assert {pl.text for pl in plays} == {"5/off 3/off", "5/1 3/off"}
    # "5/1 3/off": the 6 bears off from 3 only after 5/1 left nothing above 3
    (p51,) = [pl for pl in plays if pl.text == "5/1 3/off"]
    assert [(st.src, st.dst, st.die) for st in p51.steps] == [(5, 1, 4), (3, 0, 6)]
