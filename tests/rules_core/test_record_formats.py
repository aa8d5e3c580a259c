"""The records players actually have (issue 29 §1): the .mat layout as GNU Backgammon, eXtreme Gammon, Snowie,
FIBS clients and the online servers write it, GNU Backgammon's text export, and records that start in
mid-match. A line the reader does not understand is refused with its line number, never skipped."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules_core import KINDS, MatParseError, parse_mat, validate_record, write_mat
from rules_core.simulate import random_match

from .helpers import five_game_match

# --- a record that starts in mid-match (003 «Завершение партии и матча») -----------------------------------


def test_003_end_a_record_starting_in_mid_match_is_one_finding_then_lines_follow_each_other():
    rec = five_game_match("short")
    resumed = replace(rec, games=rec.games[2:])  # a saved match continued: games 3-5 only
    first = resumed.games[0]
    assert first.score != (0, 0)
    report = validate_record(resumed, "short")
    (f,) = report.findings
    assert (f.code, f.game, f.move, f.side, f.rule) == (
        "match_resumed",
        first.number,
        None,
        None,
        "003 «Завершение партии и матча»",
    )
    assert (f.args["score1"], f.args["score2"]) == first.score and f.line == first.line
    # the final score counts from the record's first score line
    assert report.score == validate_record(rec, "short").score
    # every later score line is still checked against the one before it
    third = resumed.games[1]
    wrong = replace(third, score=(third.score[0] + 1, third.score[1]))
    bad = replace(resumed, games=(resumed.games[0], wrong, *resumed.games[2:]))
    codes = [(f.code, f.game) for f in validate_record(bad, "short").findings]
    assert codes == [("match_resumed", first.number), ("score_line", third.number)]


def test_003_end_a_resumed_record_numbered_from_1_or_from_its_game_is_read_alike():
    rec = five_game_match("short")
    resumed = replace(rec, games=rec.games[1:])
    renumbered = replace(resumed, games=tuple(replace(g, number=i + 1) for i, g in enumerate(resumed.games)))
    for r in (resumed, renumbered):
        assert [f.code for f in validate_record(r, "short").findings] == ["match_resumed"]
    # a record from 0-0 numbered from 3 is still told (as before)
    shifted = replace(rec, games=tuple(replace(g, number=g.number + 2) for g in rec.games))
    assert {f.code for f in validate_record(shifted, "short").findings} == {"game_number"}


def test_003_cube_15_a_record_resumed_at_match_point_is_not_judged_by_a_guess():
    # 4-2 in a 5-point match: whether the Crawford game was played before the record starts is unknown, so
    # a double in its first game is not reported (no finding on a guess)
    head = " 5 point match\n\n Game 1\n Alice : 4                      Bob : 2\n"
    game = (
        "  1) 31: 8/5 6/5                 Doubles => 2\n"
        "  2)  Takes                      64: 24/18 13/9\n"
        "                                 Wins 4 points and the match\n"
    )
    codes = [f.code for f in validate_record(head + game, "short", contact_resignation="note").findings]
    assert codes == ["match_resumed"]
    # the same game with the record saying nothing of an earlier Crawford game, from 0-0: it is the Crawford
    # game, and its double is reported
    whole = (
        " 5 point match\n\n Game 1\n Alice : 0                      Bob : 0\n"
        "  1) 31: 8/5 6/5                 Doubles => 2\n  2)  Drops\n"
        "                                 Wins 1 point\n"
    )
    assert "cube_crawford" not in [f.code for f in validate_record(whole, "short").findings]


# --- variations of the .mat layout ---------------------------------------------------------------------


def test_mat_byte_order_mark_and_hash_comments_are_read():
    text = write_mat(random_match("short", 3, 5))
    rec = parse_mat("\ufeff# written by a tool\n" + text)
    assert write_mat(rec) == write_mat(parse_mat(text))


def test_mat_illegal_play_of_a_fibs_client_is_one_note_not_a_finding():
    # Snowie's text layout as a FIBS client saves it: the server refused the play, the one finally made is not
    # written; the rest of that game cannot be followed
    rec = parse_mat(write_mat(random_match("short", 3, 7)))
    game = rec.games[0]
    k = next(i for i, a in enumerate(game.actions) if a.kind == "roll" and a.play and i > 6)
    a = game.actions[k]
    text = write_mat(rec)
    written = f"{a.dice[0]}{a.dice[1]}: {a.play}"
    fibs = f"{a.dice[0]}{a.dice[1]}: Illegal play (25;0;1;0;0;Kenji;nori;0;10;8;2;1;0;3;4;2;2;2;0;-3;)"
    assert written in text
    odd = text.replace(written, fibs, 1)
    report = validate_record(odd, "short")
    assert report.valid, report.findings
    (note,) = report.notes
    assert (note.code, note.game, note.move) == ("not_checked", 1, a.move)
    assert report.unchecked_games == (1,)
    # written back as it was read
    again = parse_mat(write_mat(parse_mat(odd)))
    assert any(x.unknown for x in again.games[0].actions)


def test_mat_illegal_play_without_its_closing_parenthesis_is_refused_with_its_line():
    text = " 1 point match\n\n Game 1\n A : 0      B : 0\n  1) 31: Illegal play (25;0;1\n"
    with pytest.raises(MatParseError) as exc:
        parse_mat(text)
    assert exc.value.line == 5


def test_mat_a_word_the_reader_does_not_know_is_refused_with_its_line():
    text = " 1 point match\n\n Game 1\n A : 0      B : 0\n  1) 31: 8/5 6/5    Beavers => 4\n"
    with pytest.raises(MatParseError) as exc:
        parse_mat(text)
    assert exc.value.line == 5


# --- GNU Backgammon's text export ----------------------------------------------------------------------

_TEXT = """\
The score (after {after} game{s}) is: Ann Lee {a}, Bob {b} (match to 3 points){extra}

Match Information:
Date: 01/02/2026

Move number 1:  Ann Lee to play 31

 GNU Backgammon  Position ID: 4HPwATDgc/ABMA
 | X           O    |   | O              X |     0 points
Pip counts: O 167, X 167

* Ann Lee moves 8/5 6/5

Rolled 31:
*    1. Cubeful 0-ply    8/5 6/5                      Eq.: +0.150


Move number 2:  Bob on roll, cube decision?

* Bob doubles

Move number 3:  Bob doubles to 2

* Ann Lee rejects

Bob wins 1 point

Game statistics for game {game}

Player                                   Ann Lee                 Bob
"""


def _game(after: int, a: int, b: int, extra: str = "") -> str:
    return _TEXT.format(after=after, s="" if after == 1 else "s", a=a, b=b, extra=extra, game=after + 1)


def test_gnubg_text_export_is_read_and_its_games_concatenate():
    one = parse_mat(_game(0, 0, 0))
    assert one.source == "gnubg-text" and one.players == ("Ann Lee", "Bob") and one.length == 3
    (game,) = one.games
    kinds = [(a.kind, a.side, a.move, a.dice, a.play, a.value) for a in game.actions]
    assert kinds == [
        ("roll", 1, 1, (3, 1), "8/5 6/5", 0),
        ("double", 2, 2, None, "", 2),
        ("drop", 1, 3, None, "", 0),
        ("win", 2, None, None, "", 1),
    ]
    three = _game(0, 0, 0) + _game(1, 0, 1) + _game(2, 0, 2)
    report = validate_record(three, "short")
    assert report.valid and report.score == (0, 3)
    assert [g.number for g in parse_mat(three).games] == [1, 2, 3]


def test_gnubg_text_export_of_one_later_game_is_a_resumed_record():
    report = validate_record(_game(1, 0, 1), "short")
    assert [f.code for f in report.findings] == ["match_resumed", "match_unfinished"]


def test_gnubg_text_export_says_which_game_is_the_crawford_game():
    rec = parse_mat(_game(1, 0, 2, ", Crawford game"))
    assert rec.games[0].crawford is True
    # the double in it is then against 003 «Куб удвоения» п.15
    codes = [f.code for f in validate_record(rec, "short").findings]
    assert "cube_crawford" in codes
    post = parse_mat(_game(3, 1, 2, ", post-Crawford play"))
    assert post.games[0].crawford is False


def test_gnubg_text_export_a_dance_written_twice_is_one_roll():
    text = _game(0, 0, 0).replace(
        "Move number 2:  Bob on roll",
        "Move number 2:  Bob to play 66\n\n* Bob cannot move\n\n"
        "Move number 3:  Bob to play 66\n\n* Bob cannot move\n\nMove number 4:  Bob on roll",
    )
    rolls = [a for a in parse_mat(text).games[0].actions if a.kind == "roll"]
    assert [(a.side, a.dice) for a in rolls] == [(1, (3, 1)), (2, (6, 6))]


@pytest.mark.parametrize(
    "old, new",
    [
        ("* Ann Lee rejects", "* Ann Lee flies away"),
        ("* Bob doubles", "* Carl doubles"),
        ("Move number 2:  Bob on roll, cube decision?", "Move number 2:  Bob thinks"),
        ("Bob wins 1 point", "Bob wins the game"),
        ("* Ann Lee moves 8/5 6/5", "* Ann Lee moves 8/5 6/x"),
    ],
)
def test_gnubg_text_export_a_line_not_understood_is_refused_with_its_line(old, new):
    text = _game(0, 0, 0).replace(old, new)
    with pytest.raises(MatParseError) as exc:
        parse_mat(text)
    assert exc.value.line == text.splitlines().index(new.splitlines()[0]) + 1


def test_gnubg_text_export_players_must_not_change_between_games():
    with pytest.raises(MatParseError) as exc:
        parse_mat(_game(0, 0, 0) + _game(1, 0, 1).replace("Bob", "Rob"))
    assert exc.value.line == len(_game(0, 0, 0).splitlines()) + 1


# --- fuzzing: a mutated export only ever raises MatParseError ------------------------------------------

_REAL = Path(__file__).resolve().parents[1] / "data" / "records" / "gnubg-text" / "match4219674.txt"
_REAL_TEXT = _REAL.read_text(encoding="utf-8")
_TEXT_LINES = _REAL_TEXT[
    : _REAL_TEXT.index("Game statistics")
].splitlines()  # the game, without its statistics
_FIBS_LINES = (
    " 3 point match\n\n Game 1\n nori,1756 : 0                  Kenji,1700 : 0\n"
    "  1) 31: 8/5 6/5                 64: 24/18 13/9\n"
    "  2) 11: Illegal play (25;0;1;0;0;Kenji;nori;0;10;8;2;) 11: \n"
    "  3) 53: 8/3 6/3                 62: ???\n"
    "  4) 44: Cannot Move              Doubles => 2\n"
    "  5)  Takes\n"
    "                                 Wins 2 points\n"
).splitlines()
_CHARS = st.sampled_from(list(" 0123456789/:*()=>;,.abcdefgilmnorstuvwMN?\t-"))


def _mutate(lines: list[str], mutations) -> str:
    lines = list(lines)
    for idx, op, pos, chars in mutations:
        if not lines:
            break
        idx %= len(lines)
        if op == "delete":
            del lines[idx]
        elif op == "duplicate":
            lines.insert(idx, lines[idx])
        elif op == "swap":
            j = (idx + 1) % len(lines)
            lines[idx], lines[j] = lines[j], lines[idx]
        else:
            s = lines[idx]
            p = pos % (len(s) + 1)
            lines[idx] = s[:p] + chars + s[p + 1 :]
    return "\n".join(lines)


_MUTATIONS = st.lists(
    st.tuples(
        st.integers(0, 10_000),
        st.sampled_from(["delete", "duplicate", "swap", "char"]),
        st.integers(0, 200),
        st.text(alphabet=_CHARS, min_size=1, max_size=3),
    ),
    min_size=1,
    max_size=4,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["text", "fibs"]), _MUTATIONS)
def test_mutated_text_exports_and_fibs_records_only_raise_parse_errors(which, mutations):
    lines = _TEXT_LINES if which == "text" else _FIBS_LINES
    text = _mutate(lines, mutations)
    try:
        record = parse_mat(text)
    except MatParseError as exc:
        assert 0 <= exc.line <= len(text.splitlines())
        return
    for discipline in ("short", "long"):
        for contact in ("error", "note"):
            report = validate_record(record, discipline, contact_resignation=contact)
            assert all(f.code in KINDS for f in report.findings + report.notes)
            json.dumps(report.to_json())
