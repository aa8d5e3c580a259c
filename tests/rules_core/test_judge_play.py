"""Judging one written play: the clause named for an illegal play."""

from __future__ import annotations

from rules_core import judge_play, start_position

from .helpers import pos
from .test_long_nardy_rules import _block_position, _momentary

L, S = "long", "short"


def test_legal_play_gives_the_position_after_it():
    v = judge_play(start_position(S), (3, 1), "8/5 6/5", S)
    assert v.legal and v.play.text == "8/5 6/5" and v.position.board[4] == 2


def test_gnubg_single_steps_and_chains_are_the_same_play():
    assert judge_play(start_position(S), (6, 5), "24/18 18/13", S).legal
    assert judge_play(start_position(S), (6, 5), "24/13", S).legal


def test_004_5_4_11_judged_two_checkers_off_the_head():
    v = judge_play(start_position(L), (6, 5), "24/18 24/19", L)
    assert not v.legal and v.rule == "004 §5.4.11" and "24/13" in v.expected


def test_004_5_4_11_judged_first_roll_double_exception():
    assert judge_play(start_position(L), (6, 6), "24/18(2)", L, first_roll=True, moves_second=True).legal
    v = judge_play(start_position(L), (6, 6), "24/18(2)", L, first_roll=True, moves_second=False)
    assert not v.legal and v.rule == "004 §5.4.11"
    assert judge_play(start_position(L), (6, 6), "24/18(2)", L, first_roll=True, head_rule="classic").legal


def test_004_5_4_13_judged_six_block_without_opposing_checker_ahead():
    v = judge_play(_block_position(opponent_ahead=False), (2, 1), "19/17 18/17", L)
    assert not v.legal and v.rule == "004 §5.4.13"
    assert judge_play(_block_position(opponent_ahead=True), (2, 1), "19/17 18/17", L).legal


def test_004_5_4_13_judged_momentary_block():
    v = judge_play(_momentary(opponent_ahead=False), (6, 1), "23/17/16", L)
    assert not v.legal and v.rule == "004 §5.4.13"


def test_004_5_4_12_judged_landing_on_an_opposing_checker():
    p = pos({24: 14, 20: 1, 12: -14, 18: -1}, discipline=L)
    v = judge_play(p, (6, 1), "24/18 20/19", L)
    assert not v.legal and v.rule == "004 §5.4.12"


def test_004_5_4_24_judged_sum_through_closed_intermediate_points():
    p = pos({24: 15, 12: -13, 18: -1, 19: -1}, discipline=L)
    v = judge_play(p, (6, 5), "24/13", L)
    assert not v.legal and v.rule == "004 §5.4.24" and v.expected == "no play: the roll cannot be played"


def test_004_5_4_26_judged_larger_die_rule():
    p = pos({13: 1, 1: 14, 2: -2, 24: -13})
    v = judge_play(p, (6, 5), "13/8", S)
    assert not v.legal and v.rule == "004 §5.4.26" and v.expected == "one of 1 legal plays: 13/7"


def test_001_21_8_judged_moving_before_entering():
    p = pos({13: 14, 24: -15}, bar=(1, 0))
    v = judge_play(p, (6, 2), "13/7 13/11", S)
    assert not v.legal and v.rule == "001 art. 21.8"


def test_004_5_4_38_judged_bearing_off_before_all_are_home():
    p = pos({10: 1, 3: 14, 24: -15})
    v = judge_play(p, (3, 3), "10/7 3/off(3)", S)
    assert not v.legal and v.rule == "004 §5.4.38"
    q = pos({7: 1, 3: 14, 24: -15})
    assert judge_play(q, (3, 3), "7/4 3/off(3)", S).legal  # home first, then off in the same roll


def test_004_5_4_37_judged_higher_die_not_from_the_highest_point():
    p = pos({5: 1, 3: 14, 24: -15})
    v = judge_play(p, (6, 1), "5/4 3/off", S)  # after 5/4 the 6 must bear off from 4, not 3
    assert not v.legal and v.rule == "004 §5.4.37"
    assert judge_play(p, (6, 1), "5/4/off", S).legal


def test_003_impossible_play_stands_as_written():
    v = judge_play(start_position(S), (5, 1), "13/8 24/22", S)
    assert not v.legal and v.position.board[21] == 1 and v.position.board[23] == 1


def test_no_move_written_when_none_is_possible_is_legal():
    p = pos({13: 14, 19: -2, 21: -2, 1: -11}, bar=(1, 0))
    assert judge_play(p, (6, 4), "", S).legal
    assert not judge_play(p, (6, 4), "bar/19", S).legal


def test_every_generated_play_text_reads_back_to_its_own_position():
    """The notation written for a play identifies it: judging it gives back exactly that resulting position
    (hits on the way included), on positions of the GNU Backgammon fixture and long-nardy random play."""
    import gzip
    import json
    from pathlib import Path

    from rules_core import from_gnubg_id, legal_plays

    fixture = Path(__file__).parent / "data" / "gnubg_plays.jsonl.gz"
    with gzip.open(fixture, "rt") as fh:
        rows = [json.loads(line) for _, line in zip(range(120), fh)]
    checked = 0
    for row in rows:
        position, dice = from_gnubg_id(row["id"]), tuple(row["dice"])
        for play in legal_plays(position, dice, S):
            verdict = judge_play(position, dice, play.text, S)
            assert verdict.legal and verdict.position == play.position, (row, play.text)
            checked += 1
    from .test_long_nardy_reference import _positions

    for position, first, second in _positions(50, 3):
        for dice in [(6, 6), (5, 2), (3, 3), (4, 1)]:
            for play in legal_plays(position, dice, L, first_roll=first, moves_second=second):
                verdict = judge_play(position, dice, play.text, L, first_roll=first, moves_second=second)
                assert verdict.legal and verdict.position == play.position
                checked += 1
    assert checked > 2000
