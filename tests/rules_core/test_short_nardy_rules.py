"""Short nardy (001 art. 21, backgammon) and the rules common to both disciplines (004 §5.4.24-5.4.38)."""

from __future__ import annotations

from rules_core import from_gnubg_id, legal_plays, start_position, to_gnubg_id

from .helpers import pos, texts

S = "short"


def test_001_21_1_start_position_and_gnubg_id():
    assert to_gnubg_id(start_position(S)) == "4HPwATDgc/ABMA"
    assert from_gnubg_id("4HPwATDgc/ABMA") == start_position(S)


def test_001_21_4_point_with_two_opposing_checkers_is_closed():
    p = pos({13: 15, 8: -2, 24: -13})
    assert all(st.dst != 8 for pl in legal_plays(p, (5, 1), S) for st in pl.steps)


def test_001_21_6_landing_on_a_blot_hits_it_to_the_bar():
    p = pos({13: 15, 8: -1, 24: -14})
    plays = {pl.text: pl for pl in legal_plays(p, (5, 1), S)}
    assert plays["13/8* 13/12"].position.bar == (0, 1)
    assert plays["13/8* 13/12"].position.board[7] == 1


def test_001_21_8_checkers_on_the_bar_enter_first():
    p = pos({13: 14, 24: -15}, bar=(1, 0))
    plays = legal_plays(p, (6, 2), S)
    assert plays and all(pl.steps[0].src == 25 for pl in plays)
    assert "bar/23 13/7" in {pl.text for pl in plays}


def test_001_21_10_entering_with_the_open_die_only():
    # 6-4 with the opponent's 6 point (mover's 19) closed: enter with the 4 on 21 (the rule's own example)
    p = pos({13: 14, 19: -2, 1: -13}, bar=(1, 0))
    assert all(pl.steps[0].dst == 21 for pl in legal_plays(p, (6, 4), S))


def test_001_21_11_no_entry_loses_the_whole_roll():
    p = pos({13: 14, 19: -2, 21: -2, 1: -11}, bar=(1, 0))
    assert legal_plays(p, (6, 4), S) == []


def test_001_21_12_only_some_checkers_enter_rest_of_roll_is_lost():
    p = pos({13: 13, 19: -2, 1: -13}, bar=(2, 0))
    plays = legal_plays(p, (6, 4), S)
    assert {pl.text for pl in plays} == {"bar/21"}


def test_004_5_4_24_sum_only_through_an_open_intermediate_point():
    p = pos({13: 15, 8: -2, 9: -2, 24: -11})
    assert "13/4" not in texts(p, (5, 4), S)  # both 13/8 and 13/9 are closed
    q = pos({13: 15, 8: -2, 24: -13})
    assert "13/4" in texts(q, (5, 4), S)  # through 9


def test_004_5_4_26_full_move_rule_both_dice_when_possible():
    # 13/7 then 7/2 and 13/8 then 8/2 closed... but 13/8 13/7 uses both dice, so single-die plays are illegal
    p = pos({13: 15, 2: -2, 24: -13})
    assert all(len(pl.steps) == 2 for pl in legal_plays(p, (6, 5), S))


def test_004_5_4_26_larger_die_when_only_one_can_be_played():
    p = pos({13: 1, 1: 14, 2: -2, 24: -13})
    assert texts(p, (6, 5), S) == {"13/7"}


def test_004_5_4_26_doubles_as_many_as_possible():
    p = pos({13: 1, 1: 14, 5: -2, 24: -13})  # 13/9 open, 9/5 closed
    assert texts(p, (4, 4), S) == {"13/9"}


def test_004_5_4_37_higher_die_bears_off_from_the_highest_point_only():
    p = pos({4: 1, 2: 14, 24: -15})
    assert texts(p, (6, 5), S) == {"4/off 2/off"}


def test_004_5_4_38_no_bearing_off_with_a_checker_outside_home():
    p = pos({7: 1, 3: 14, 24: -15})
    plays = legal_plays(p, (1, 3), S)
    assert "7/6 3/off" in {pl.text for pl in plays}  # home first, then off in the same roll
    assert all(pl.steps[0].src == 7 or all(st.dst != 0 for st in pl.steps[:1]) for pl in plays)


def test_plays_are_deduplicated_by_resulting_position():
    for dice in [(2, 1), (6, 6), (1, 1), (5, 3)]:
        plays = legal_plays(start_position(S), dice, S)
        assert len({pl.position for pl in plays}) == len(plays)
