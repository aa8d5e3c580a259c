"""One error, one finding: every kind of finding the validator knows, planted once in a whole match of each
discipline (tests/rules_core/planted.py made the files and says how), is reported exactly once, at the game,
move and side where it was planted, with its code and clause — and at most one note when the board could not
follow the record. The games around it are checked as usual."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_core import KINDS, NOTE_CODES, validate_record
from rules_core import findings as F

from .planted import DATA, LONG_ONLY, SHORT_ONLY

FILES = sorted(DATA.glob("*.mat"))


def expectation(path: Path) -> dict:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("; planted ")
    return json.loads(first[len("; planted ") :])


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_a_planted_error_gives_one_finding_at_its_place_with_its_code_and_clause(path):
    want = expectation(path)
    discipline = path.stem.split("_")[0]
    report = validate_record(path.read_text(encoding="utf-8"), discipline)
    got = [(f.game, f.move, f.side, f.code, f.rule) for f in report.findings]
    assert got == [(want["game"], want["move"], want["side"], want["code"], want["rule"])]
    assert len(report.notes) == (1 if want["note"] else 0)
    if want["note"]:
        (note,) = report.notes
        assert (note.game, note.move, note.code) == (want["game"], want["move"], "not_checked")
        assert report.unchecked_games == (want["game"],)
    else:
        assert report.unchecked_games == ()
    finding = report.findings[0]
    assert finding.message and finding.code in KINDS
    if finding.game is not None:  # the replay step that shows it
        assert finding.step is not None


def test_the_corpus_has_every_kind_of_finding_in_each_discipline_it_can_happen_in():
    planted = {(p.stem.split("_", 1)[0], p.stem.split("_", 1)[1]) for p in FILES}
    # "unreadable_play" never reaches the validator: an unreadable play is a parse error with its line.
    kinds = set(KINDS) - NOTE_CODES - {"unreadable_play"}
    for discipline in ("short", "long"):
        expected = {
            k
            for k in kinds
            if not (discipline == "short" and (k in LONG_ONLY or k == "variation_not_long"))
            and not (discipline == "long" and (k in SHORT_ONLY or k == "variation_long_as_short"))
        }
        assert {code for d, code in planted if d == discipline} == expected


def test_004_5_4_12_a_play_onto_the_opponents_point_stops_its_game_with_one_note_the_next_are_checked():
    path = DATA / "long_blocked_point.mat"
    report = validate_record(path.read_text(encoding="utf-8"), "long")
    (finding,) = report.findings
    (note,) = report.notes
    assert finding.rule == F.R_CLOSED_LONG and finding.args["point"] >= 1
    assert note.args == {"game": 2, "from_move": finding.move}
    assert "not checked" in note.message
    games = {g.game: g for g in report.games}
    assert not games[2].checked and games[2].winner is None and games[2].claimed_points
    assert all(g.checked for n, g in games.items() if n != 2) and len(games) >= 3
