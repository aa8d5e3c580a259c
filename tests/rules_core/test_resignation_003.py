"""003 «Завершение партии и матча» / «Результат партии» on the shapes real records take (issue 29 §1).

* A roll followed by a resignation (GNU Backgammon writes the roll with no play, ``51:``, then the winner's
  ``Wins``; eXtreme Gammon ``51: ???``) is legal: the roll is recorded, the resignation scored, no finding.
* A resignation in a contact position is one finding (the game ends early only by a pass on the cube or a
  resignation in a no-contact position); the tournament may make it a note.
* A resignation without mars by a loser who has borne off nothing is allowed when mars can no longer happen
  whatever the dice (he bears off on his next roll and the winner cannot finish before).
* A record that starts in mid-match is one finding; every later score line is checked against the one before.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rules_core import Action, Position, replay, validate_record, write_mat
from rules_core import findings as F
from rules_core import scoring as sc
from rules_core.simulate import random_match
from rules_core.validate import _mars_impossible

from .helpers import pos

DATA = Path(__file__).resolve().parents[1] / "data" / "records"


def _cut(discipline: str, contact: bool, loser_off: bool, seed_range=range(1, 400)):
    """A one-game match cut after one of the winner's plays: the loser rolls and resigns a single game.

    The cut is where the position has (or has not) contact and the loser has (or has not) borne off."""
    for seed in seed_range:
        rec = random_match(discipline, 1, seed)
        game = rec.games[0]
        snaps = replay(rec, discipline)
        winner = game.actions[-1].side
        loser = 3 - winner
        for k in range(2, len(game.actions) - 2):
            a = game.actions[k - 1]
            if a.kind != "roll" or a.side != winner:
                continue
            s = snaps[k]  # after action k - 1
            p1 = Position(s.board, s.bar, s.off)
            if sc.in_contact(p1, discipline) != contact or bool(s.off[loser - 1]) != loser_off:
                continue
            if s.off[winner - 1] == 15:
                continue
            nxt = game.actions[k]
            if nxt.kind != "roll" or nxt.side != loser:
                continue
            actions = (
                *game.actions[:k],
                Action("roll", loser, nxt.move, dice=nxt.dice, play=""),  # "51:" - the roll, no play
                Action("win", winner, value=1, match_won=True),
            )
            return replace(rec, games=(replace(game, actions=actions),)), winner, nxt.dice
    raise AssertionError("no position found")


@pytest.mark.parametrize("discipline", ["short", "long"])
def test_003_end_a_roll_then_a_resignation_without_contact_is_legal(discipline):
    rec, winner, dice = _cut(discipline, contact=False, loser_off=True)
    report = validate_record(rec, discipline)
    assert report.valid, report.findings
    assert report.notes == ()
    (game,) = report.games
    assert (game.how, game.winner, game.points) == ("resign", winner, 1)
    assert report.score[winner - 1] == 1
    # the roll is recorded: the replay shows the loser's dice before the resignation
    snaps = replay(rec, discipline)
    assert (snaps[-2].kind, snaps[-2].side, snaps[-2].dice, snaps[-2].legal) == (
        "roll",
        3 - winner,
        dice,
        None,
    )
    assert snaps[-1].kind == "win"


def test_003_end_the_same_roll_written_as_gnubg_and_xg_do_reads_alike():
    rec, _winner, dice = _cut("short", contact=False, loser_off=True)
    text = write_mat(rec)
    roll = f"{dice[0]}{dice[1]}:"
    assert roll in text
    for written in (f"{roll} ???", f"{roll} ????", f"{roll} Cannot Move"):
        variant = text[::-1].replace(roll[::-1], written[::-1], 1)[::-1]  # the last occurrence: the resign
        assert validate_record(variant, "short").valid


@pytest.mark.parametrize("discipline", ["short", "long"])
def test_003_end_a_resignation_in_contact_is_one_finding(discipline):
    rec, winner, _dice = _cut(discipline, contact=True, loser_off=False)
    report = validate_record(rec, discipline)
    (f,) = report.findings
    assert (f.code, f.rule, f.game, f.side) == ("resign_contact", F.R_RESIGN_CONTACT, 1, 3 - winner)
    assert f.step is not None and f.args == {"claimed_points": 1, "winner": winner}
    # one finding: the resignation's value (a single game with nothing borne off) is not a second one,
    # and the game counts as the record says
    assert report.games[0].points == 1 and report.score[winner - 1] == 1


@pytest.mark.parametrize("discipline", ["short", "long"])
def test_003_end_a_resignation_in_contact_is_a_note_when_the_tournament_says_so(discipline):
    rec, winner, _dice = _cut(discipline, contact=True, loser_off=False)
    report = validate_record(rec, discipline, contact_resignation="note")
    assert [n.code for n in report.notes] == ["resign_contact"]
    # then the value is judged by «Результат партии»: a single game with nothing borne off
    assert [f.code for f in report.findings] == ["resign_points"]


def test_003_contact_resignation_setting_is_checked():
    rec, _w, _d = _cut("short", contact=True, loser_off=False)
    with pytest.raises(ValueError):
        validate_record(rec, "short", contact_resignation="warning")


def test_003_contact_short_nardy():
    # side 1 moves down, side 2 up (side 1's numbering); contact while a checker still has to pass one
    assert sc.in_contact(pos({6: 5, 8: 3, 13: 5, 24: 2, 1: -2, 12: -5, 17: -3, 19: -5}), "short")
    race = pos({1: 5, 2: 5, 3: 5, 19: -5, 20: -5, 24: -5})
    assert not sc.in_contact(race, "short")
    closed_out = pos({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 19: -5, 20: -5, 21: -4}, bar=(3, 1))
    assert sc.in_contact(closed_out, "short")  # his checker on the bar still has to come in past them
    assert not sc.in_contact(pos({1: 2, 24: -2}), "short")


def test_003_contact_long_nardy():
    start = Position(tuple([0] * 11 + [-15] + [0] * 11 + [15]), (0, 0), (0, 0))
    assert sc.in_contact(start, "long")
    # every checker of both sides in its own 1-12: they never meet again (side 2's 1-12 are side 1's 13-24)
    apart = pos({1: 5, 6: 5, 12: 5, 13: -5, 18: -5, 24: -5}, discipline="long")
    assert not sc.in_contact(apart, "long")
    behind = pos({1: 5, 6: 5, 13: 5, 14: -5, 18: -5, 24: -5}, discipline="long")  # his 13 ahead of theirs
    assert sc.in_contact(behind, "long")


def test_003_result_a_single_game_resigned_when_mars_cannot_happen_is_legal():
    # side 2 (the loser) has borne off nothing, but every roll of his bears a checker off (all 15 on his 1
    # point, side 1's 24) and side 1 needs more than one roll to finish: the game certainly ends as a single
    certain = pos({1: 2, 2: 2, 3: 1, 24: -15})
    assert not sc.in_contact(certain, "short")
    for turn in (1, 2, None):
        assert _mars_impossible(certain, 1, turn, None, "short")
    # a checker of his still outside home (his 15 point): some roll leaves him without a checker off
    far = pos({1: 2, 2: 2, 3: 1, 24: -14, 10: -1})
    assert not _mars_impossible(far, 1, 2, None, "short")
    # the winner rolls first and can finish at once (4 checkers on his 1 and 2 points: a double does it)
    close = pos({1: 3, 2: 1, 24: -15})
    assert not _mars_impossible(close, 1, 1, None, "short")
    assert _mars_impossible(close, 1, 2, None, "short")  # the loser rolls first: he bears off
    # the winner has rolled already (2-1, not played): that roll decides, it cannot finish
    assert _mars_impossible(close, 1, 1, (1, (2, 1)), "short")
    assert not _mars_impossible(close, 1, 1, (1, (2, 2)), "short")


def test_003_result_a_real_resignation_when_mars_cannot_happen_gives_no_finding():
    text = (DATA / "gnubg-text" / "match6093380_003.txt").read_text(encoding="utf-8")
    report = validate_record(text, "short")
    (game,) = report.games
    assert (game.how, game.points, game.multiplier) == ("resign", 1, 1)
    assert [f.code for f in report.findings] == ["match_resumed"]  # one game of the match: see the corpus
