"""Validation of whole records: each finding names game, move, side, clause and what was expected."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules_core import (
    Action,
    GameRecord,
    MatchRecord,
    Position,
    judge_play,
    legal_plays,
    parse_mat,
    replay,
    start_position,
    validate_record,
    write_mat,
)
from rules_core.simulate import random_match

from .helpers import five_game_match, wrong_line_in_game_2


def rolls(discipline: str, seed: int, n: int, first: int = 1) -> list[Action]:
    """``n`` random legal rolls from the start, sides alternating, ``first`` opening with non-doubles."""
    rng = random.Random(seed)
    views = {1: start_position(discipline), 2: start_position(discipline)}
    out, side, rolled = [], first, {1: False, 2: False}
    for i in range(n):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        while i == 0 and dice[0] == dice[1]:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(
            views[side], dice, discipline, first_roll=not rolled[side], moves_second=side != first
        )
        rolled[side] = True
        play = rng.choice(plays) if plays else None
        if play:
            views[side] = play.position
            views[3 - side] = play.position.flipped(discipline)
        out.append(Action("roll", side, i // 2 + 1, dice=dice, play=play.text if play else ""))
        side = 3 - side
    return out


def act(kind: str, side: int, value: int = 0, match_won: bool = False) -> Action:
    return Action(kind, side, None, value=value, match_won=match_won)


def match(length: int, *games: list[Action], scores=None, discipline="short") -> MatchRecord:
    recs, score = [], [0, 0]
    for i, actions in enumerate(games):
        recs.append(GameRecord(i + 1, tuple(scores[i]) if scores else tuple(score), tuple(actions)))
        win = actions[-1]
        if win.kind == "win":
            score[win.side - 1] += win.value
    meta = (("Variation", "LongNardy"),) if discipline == "long" else ()
    return MatchRecord(length, ("A", "B"), tuple(recs), meta)


def rules(report) -> list[str]:
    return [f.rule for f in report.findings]


@pytest.mark.parametrize("discipline", ["short", "long"])
@pytest.mark.parametrize("seed", [11, 12, 13])
def test_random_legal_matches_are_valid(discipline, seed):
    rec = random_match(discipline, 7, seed, cube_rate=0.05)
    report = validate_record(rec, discipline)
    assert report.valid, report.findings[:3]
    assert max(report.score) >= 7


def test_004_5_4_11_record_taking_two_from_the_head_is_reported():
    bad = Action("roll", 1, 1, dice=(5, 2), play="24/19 24/22")
    rep = validate_record(match(1, [bad, act("win", 1, 1, True)], discipline="long"), "long")
    (f,) = [f for f in rep.findings if f.move == 1]
    assert (f.game, f.move, f.side, f.rule) == (1, 1, 1, "004 §5.4.11")
    assert "24/17" in f.expected


def test_004_5_4_26_record_not_playing_the_whole_roll_is_reported():
    bad = Action("roll", 1, 1, dice=(3, 1), play="8/5")
    rep = validate_record(match(1, [bad, act("win", 1, 2, True)]), "short")
    (f,) = [f for f in rep.findings if f.move == 1]
    assert f.rule == "004 §5.4.26" and f.expected.startswith("one of 16 legal plays: ")


def test_004_5_4_26_record_skipping_a_playable_roll_is_reported():
    # a playable roll with no play, and the game goes on (a roll followed by a resignation is legal: see
    # test_resignation_003.py)
    bad = Action("roll", 1, 1, dice=(3, 1), play="")
    nxt = Action("roll", 2, 1, dice=(6, 4), play="24/14")
    rep = validate_record(match(1, [bad, nxt, act("win", 1, 2, True)]), "short")
    assert [f.rule for f in rep.findings if f.move == 1] == ["004 §5.4.26"]


def test_001_21_4_record_landing_on_a_closed_point_is_reported():
    bad = Action("roll", 1, 1, dice=(6, 5), play="13/7 13/8 24/19")  # 24/19 lands on the opponent's 6 point
    rep = validate_record(
        match(1, [Action("roll", 1, 1, dice=(6, 5), play="24/18 24/19"), act("win", 1, 2, True)]), "short"
    )
    assert rep.findings[0].rule == "001 art. 21.4"
    assert bad.play  # a second shape of the same mistake is read as well
    rep2 = validate_record(match(1, [bad, act("win", 1, 2, True)]), "short")
    assert not rep2.valid


def test_003_cube_6_double_only_before_ones_own_roll():
    game = rolls("short", 1, 2) + [act("double", 2, 2), act("take", 1)] + rolls("short", 1, 4)[2:]
    # after side 1's and side 2's rolls it is side 1's turn: side 2's double is out of turn
    rep = validate_record(match(3, game + [act("win", 1, 2)]), "short")
    assert "003 «Куб удвоения» п.6" in rules(rep)


def test_003_cube_8_only_the_owner_may_redouble():
    r = rolls("short", 2, 4)
    game = [r[0], r[1], act("double", 1, 2), act("take", 2), r[2], r[3], act("double", 1, 4)]
    rep = validate_record(match(5, game + [act("drop", 2), act("win", 1, 2)]), "short")
    assert "003 «Куб удвоения» п.8" in rules(rep)


def test_003_cube_9_pass_after_a_redouble_loses_the_value_before_it():
    r = rolls("short", 3, 4)
    game = [r[0], r[1], act("double", 1, 2), act("take", 2), r[2], act("double", 2, 4), act("drop", 1)]
    ok = validate_record(match(2, game + [act("win", 2, 2, True)]), "short")
    assert ok.valid, ok.findings
    wrong = validate_record(match(2, game + [act("win", 2, 4, True)]), "short")
    (f,) = wrong.findings
    assert (f.game, f.move, f.side, f.rule, f.code, f.args) == (
        1,
        None,
        2,
        "003 «Куб удвоения» п.9",
        "drop_points",
        {"claimed_points": 4, "points": 2},
    )


def test_003_cube_1_values_only_by_doubling_up_to_64():
    r = rolls("short", 4, 2)
    rep = validate_record(
        match(3, [r[0], r[1], act("double", 1, 4), act("drop", 2), act("win", 1, 1)]), "short"
    )
    assert "003 «Куб удвоения» п.1" in rules(rep)


def test_003_cube_15_crawford_game_without_cube_then_post_crawford_cube():
    g1 = rolls("short", 5, 2) + [act("win", 1, 2)]  # resigned with mars: 2-0 in a 3-point match
    g2 = rolls("short", 6, 2) + [act("double", 1, 2), act("drop", 2), act("win", 1, 1, True)]
    # (the games end early by resignations: their contact is only a note here, the cube is what is judged)
    rep = validate_record(match(3, g1, g2), "short", contact_resignation="note")
    assert [(f.game, f.rule) for f in rep.findings] == [(2, "003 «Куб удвоения» п.15")]
    g2ok = rolls("short", 6, 2) + [act("win", 2, 2)]  # Crawford game, 2-2
    g3 = rolls("short", 7, 2) + [act("double", 1, 2), act("drop", 2), act("win", 1, 1, True)]
    rep = validate_record(match(3, g1, g2ok, g3), "short", contact_resignation="note")
    assert rep.valid, rep.findings  # post-Crawford: the cube is back
    assert rep.score == (3, 2)


def test_003_cube_13_no_cube_in_a_one_point_match():
    g = rolls("short", 8, 2) + [act("double", 1, 2), act("drop", 2), act("win", 1, 1, True)]
    assert "003 «Куб удвоения» п.13" in rules(validate_record(match(1, g), "short"))


def test_003_result_resignation_without_mars_needs_a_checker_off():
    g = rolls("long", 9, 4) + [act("win", 1, 1, True)]
    # in a contact position: with the contact only a note, the value is judged on its own
    rep = validate_record(match(1, g, discipline="long"), "long", contact_resignation="note")
    (f,) = rep.findings
    assert f.rule.startswith("003 «Результат партии»") and f.expected == "2 or 3" and f.move is None
    assert [n.code for n in rep.notes] == ["resign_contact"]
    # the rules' reading (the default): the resignation in contact is the one finding
    (f,) = validate_record(match(1, g, discipline="long"), "long").findings
    assert f.code == "resign_contact" and f.side == 2


def test_003_result_wrong_points_for_a_finished_game_are_reported():
    rec = random_match("short", 1, 21)
    game = rec.games[0]
    win = game.actions[-1]
    wrong = Action("win", win.side, None, value=win.value + 1, match_won=True)
    rep = validate_record(match(1, list(game.actions[:-1]) + [wrong]), "short")
    (f,) = rep.findings
    assert (f.move, f.rule, f.expected) == (None, "003 «Результат партии»", f"Wins {win.value} points")


def test_003_match_score_line_and_match_end_are_checked():
    g1 = rolls("short", 5, 2) + [act("win", 1, 2)]
    g2 = rolls("short", 6, 2) + [act("win", 1, 2, True)]
    note = {"contact_resignation": "note"}  # the games end by early resignations: not what is judged here
    rep = validate_record(match(3, g1, g2, scores=[(0, 0), (1, 0)]), "short", **note)
    assert [(f.game, f.rule) for f in rep.findings] == [(2, "003 «Завершение партии и матча»")]
    unfinished = validate_record(match(5, g1), "short", **note)
    assert [f.message for f in unfinished.findings] == ["the match to 5 is not finished"]
    after = validate_record(match(1, g1, g2, scores=[(0, 0), (2, 0)]), "short", **note)
    assert any("after the match was over" in f.message for f in after.findings)


def test_004_5_4_6_rolling_out_of_turn_is_reported():
    r = rolls("short", 10, 3)
    twice = Action("roll", 1, 2, dice=r[2].dice, play=r[2].play)
    rep = validate_record(match(1, [r[0], twice, act("win", 1, 2, True)]), "short")
    assert rep.findings[0].rule == "004 §5.4.6"


def test_replay_gives_a_snapshot_per_action_with_dice_and_cube():
    rec = random_match("long", 3, 31, cube_rate=0.1)
    snaps = replay(rec, "long")
    assert len(snaps) == sum(len(g.actions) + 1 for g in rec.games)
    first = snaps[0]
    assert first.kind == "start" and first.board[23] == 15 and first.board[11] == -15 and first.cube == 1
    for s in snaps:
        assert sum(n for n in s.board if n > 0) + s.off[0] == 15
        assert -sum(n for n in s.board if n < 0) + s.off[1] == 15
    assert any(s.cube > 1 for s in snaps) or not any(a.kind == "take" for g in rec.games for a in g.actions)


@pytest.mark.parametrize("discipline", ["short", "long"])
def test_003_impossible_moves_a_wrong_line_slipped_into_a_legal_match_gives_one_finding_at_its_line(
    discipline,
):
    """Replace one play of a random legal match by a play legal only for other dice (as a player writing the
    wrong line would): exactly one finding, at that game, move and side; the rest of that game, written from
    the real board, is at most one note, never a cascade of findings."""
    rng = random.Random(77)
    rec = parse_mat(write_mat(random_match(discipline, 3, 5)))
    snaps = replay(rec, discipline)
    rolls_at = [i for i, s in enumerate(snaps) if s.kind == "roll" and s.play]
    done = 0
    for i in rng.sample(rolls_at, 40):
        s, before = snaps[i], snaps[i - 1]
        game = rec.games[s.game - 1]
        view = Position(before.board, before.bar, before.off)
        if s.side == 2:
            view = view.flipped(discipline)
        ok = {
            p.position.board
            for p in legal_plays(
                view, s.dice, discipline, first_roll=True, moves_second=True, head_rule="classic"
            )
        }
        ok |= {p.position.board for p in legal_plays(view, s.dice, discipline)}
        other = [(a, b) for a in range(1, 7) for b in range(a, 7) if {a, b} != set(s.dice)]
        wrong = [p for d in other for p in legal_plays(view, d, discipline) if p.position.board not in ok]
        if not wrong:
            continue
        bad = rng.choice(wrong)
        k = [
            j
            for j, a in enumerate(game.actions)
            if a.kind == "roll" and a.move == s.move and a.side == s.side
        ][0]
        actions = list(game.actions)
        actions[k] = Action("roll", s.side, s.move, actions[k].line, dice=s.dice, play=bad.text)
        games = list(rec.games)
        games[s.game - 1] = GameRecord(game.number, game.score, tuple(actions), game.line)
        report = validate_record(MatchRecord(rec.length, rec.players, tuple(games), rec.metadata), discipline)
        # One error, one finding: the rest of the game (written from the real board) is not echoed.
        (first,) = report.findings
        assert (first.game, first.move, first.side) == (s.game, s.move, s.side), (bad.text, s.dice, first)
        assert len(report.notes) <= 1 and report.unchecked_games in ((), (s.game,))
        done += 1
    assert done >= 20


@pytest.mark.parametrize("discipline", ["short", "long"])
def test_003_impossible_moves_one_wrong_play_in_game_2_of_5_is_one_finding_and_the_other_games_are_checked(
    discipline,
):
    rec, bad = wrong_line_in_game_2(five_game_match(discipline), discipline)
    report = validate_record(rec, discipline)
    (f,) = report.findings
    assert (f.game, f.move, f.side) == (2, bad.move, bad.side)
    assert [g.game for g in report.games if g.checked] in ([1, 3, 4, 5], [1, 2, 3, 4, 5])
    # The score is the rules' for every checked game and the record's own for game 2: the same total as the
    # record's Wins lines (nothing false to compare with an entered result).
    claimed = [0, 0]
    for game in rec.games:
        claimed[game.actions[-1].side - 1] += game.actions[-1].value
    assert list(report.score) == claimed


def test_003_cube_1_a_double_to_3_is_one_finding_and_the_game_goes_on_with_the_cube_doubled():
    # A legal game with a double taken, then "Doubles => 3": the result line (counted with the cube at 2)
    # is not reported again.
    for seed in range(300):
        rec = random_match("short", 5, seed, cube_rate=0.1)
        game = rec.games[0]
        k = next((j for j, a in enumerate(game.actions) if a.kind == "double"), None)
        if k is not None and game.actions[k + 1].kind == "take":
            break
    actions = list(game.actions)
    actions[k] = replace(actions[k], value=3)
    bad = replace(rec, games=(replace(game, actions=tuple(actions)), *rec.games[1:]))
    report = validate_record(parse_mat(write_mat(bad)), "short")
    (f,) = report.findings
    assert (f.code, f.rule, f.args) == (
        "cube_value",
        "003 «Куб удвоения» п.1",
        {"value": 3, "cube": 1, "expected_value": 2},
    )
    assert "the cube must double" in f.message and f.expected == "Doubles => 2"
    assert report.games == validate_record(rec, "short").games  # the same results as with "=> 2"


def test_004_5_4_37_a_higher_die_from_a_lower_point_is_not_called_a_roll_not_played_in_full():
    from .helpers import pos

    # 6-5: 6/1 with the 5, then the 6 from the 1 point while 3, 4, 5 and 6 are occupied
    v = judge_play(
        pos({1: 1, 3: 6, 4: 1, 5: 3, 6: 3, 12: -15}, discipline="long"), (6, 5), "6/1 1/off", "long"
    )
    assert (v.legal, v.code, v.rule) == (False, "higher_die", "004 §5.4.37")
    # 6-1 and only "6/off" written: the 6 played, the 1 not: a roll not played in full
    w = judge_play(pos({1: 5, 2: 1, 3: 1, 4: 3, 5: 1, 6: 4, 19: -15}), (1, 6), "6/off", "short")
    assert (w.legal, w.code, w.rule) == (False, "not_full", "004 §5.4.26")


def test_004_5_4_38_bearing_off_with_a_checker_still_on_7_is_bearing_off_early():
    from .helpers import pos

    v = judge_play(pos({7: 1, 2: 14, 12: -15}, discipline="long"), (6, 5), "2/off 2/off", "long")
    assert (v.legal, v.code, v.rule) == (False, "bear_off_early", "004 §5.4.38")
    # brought home first with one die, then borne off with a higher die from a lower point: §5.4.37
    w = judge_play(pos({8: 1, 5: 1, 4: 3, 2: 10, 12: -15}, discipline="long"), (5, 4), "8/off", "long")
    assert (w.legal, w.code, w.rule) == (False, "higher_die", "004 §5.4.37")
