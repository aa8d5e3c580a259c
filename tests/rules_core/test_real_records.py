"""Real records from public sources (tests/data/records/README.md says where each comes from and its licence),
judged as short nardy (issue 29 §1): no false finding.

Every file's findings are pinned here with the reason each is true. The only findings on these real games are
what the rules of nardy say differently from backgammon's online practice, or what a record of one game out
of a match is:

* ``match_resumed`` / ``match_unfinished`` — one game's export of a longer match starts at its score and
  does not finish the match (003 «Завершение партии и матча»); the whole match from its game files has
  neither;
* ``resign_contact`` — a resignation in a contact position (003 «Завершение партии и матча»: a game ends early
  only by a pass on the cube or a resignation in a no-contact position);
* ``resign_points`` — a single game resigned by a loser who has borne off nothing while mars was still
  possible (003 «Результат партии»: a resignation without mars needs a checker off);
* ``no_result_unknown`` — the record stops inside a game (an abandoned match).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules_core import findings as F
from rules_core import parse_mat, replay, validate_record

DATA = Path(__file__).resolve().parents[1] / "data" / "records"
GAME = "gnubg-text"

# file -> the findings (code, game) it must give, each one a true statement about that record
EXPECTED: dict[str, list[tuple[str, int | None]]] = {
    # .mat exports: GNU Backgammon 1.08 (a 7-point match, a self-play with drops), Backgammon Studio (a
    # 13-point match of a real tournament, 2026: "Cannot Move", "Wins 2 point", a blank numbered line at
    # the end)
    "mat/charlot1-charlot2_7p_2025-11-08-2305.mat": [],
    "mat/gnubg_selfplay_drops_7p.mat": [],
    "mat/vka_75-raphael_gin_13pt_Backgammon_Studio_2026_03_15.txt": [],
    # GNU Backgammon's "51:" then the winner's "Wins": a roll, then a resignation - in a contact position
    "mat/gnubg_roll_then_resign_1p.mat": [("resign_contact", 1)],
    # GNU Backgammon text exports of real online matches (BackgammonGalaxy, Backgammon Studio; a file a game)
    f"{GAME}/match4047002.txt": [("match_unfinished", None)],  # game 1 of 3
    f"{GAME}/match4047002_002.txt": [("match_resumed", 2), ("match_unfinished", None)],
    f"{GAME}/match4047002_003.txt": [("match_resumed", 3)],  # the last game: the match is finished
    f"{GAME}/match8836267_002.txt": [("match_resumed", 2), ("match_unfinished", None)],  # the Crawford game
    f"{GAME}/match6463795_004.txt": [
        ("match_resumed", 4),
        ("match_unfinished", None),
    ],  # post-Crawford double
    f"{GAME}/match4219674.txt": [("match_unfinished", None)],  # a pass at cube 2
    f"{GAME}/match8467110.txt": [("match_unfinished", None)],  # redoubles, a pass at cube 4
    f"{GAME}/match966859_002.txt": [("match_resumed", 2), ("match_unfinished", None)],  # mars by bear-off
    f"{GAME}/Llabba-emperor_13pt_2023_11_07_010.txt": [("match_resumed", 10)],  # koks at cube 2: 6 points
    f"{GAME}/rino-Llabba_13pt_2023_10_11_009.txt": [("match_resumed", 9), ("match_unfinished", None)],
    f"{GAME}/match8562506.txt": [("match_unfinished", None)],  # a player's name ": 0    llasse" as imported
    # resignations: the loser had borne off a checker, or mars could no longer happen: no finding
    f"{GAME}/match6093380_003.txt": [("match_resumed", 3)],
    f"{GAME}/match5295184_002.txt": [("match_resumed", 2)],
    # resignations in a contact position (the loser resigned right after the opponent's first play)
    f"{GAME}/match926877.txt": [("resign_contact", 1)],
    f"{GAME}/match1548034.txt": [("resign_contact", 1)],
    # a dance written twice by the import (read once), then a resignation in contact
    f"{GAME}/match5751765_004.txt": [("match_resumed", 4), ("resign_contact", 4)],
    # a single game resigned with nothing borne off while mars was possible
    f"{GAME}/match3717484.txt": [("resign_points", 1)],
    f"{GAME}/match5722394_003.txt": [("match_resumed", 3), ("resign_points", 3)],
    # the record stops inside a game (after a double nobody answered; after the first roll)
    f"{GAME}/match3241209_003.txt": [("match_resumed", 3), ("no_result_unknown", 3)],
    f"{GAME}/match3831101.txt": [("no_result_unknown", 1)],
}


def _read(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def test_every_file_of_the_corpus_is_pinned():
    files = {str(p.relative_to(DATA)) for p in DATA.rglob("*") if p.is_file() and p.name != "README.md"}
    assert files == set(EXPECTED)
    assert len(files) >= 24


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_003_real_records_give_only_their_true_findings(name):
    report = validate_record(_read(name), "short")
    assert [(f.code, f.game) for f in report.findings] == EXPECTED[name]
    assert report.notes == ()  # every game of every file is checked to its end
    for f in report.findings:
        assert f.rule and f.code in F.KINDS


def test_003_end_a_whole_real_match_read_from_its_game_files_is_legal():
    names = [f"{GAME}/match4047002.txt", f"{GAME}/match4047002_002.txt", f"{GAME}/match4047002_003.txt"]
    text = "".join(_read(n) for n in names)
    report = validate_record(text, "short")
    assert report.valid, report.findings
    assert report.score == (3, 1) and [g.number for g in parse_mat(text).games] == [1, 2, 3]


def test_003_end_a_resumed_real_record_one_finding_then_its_score_counts_from_its_first_line():
    report = validate_record(_read(f"{GAME}/Llabba-emperor_13pt_2023_11_07_010.txt"), "short")
    (f,) = report.findings
    assert (f.code, f.game, f.args["score1"], f.args["score2"]) == ("match_resumed", 10, 11, 5)
    (game,) = report.games
    assert (game.how, game.cube, game.multiplier, game.points) == ("bear-off", 2, 3, 6)  # koks
    assert report.score == (17, 5)


def test_003_end_real_contact_resignation_is_one_finding_or_a_note_by_the_setting():
    text = _read(f"{GAME}/match926877.txt")
    (f,) = validate_record(text, "short").findings
    assert (f.code, f.rule, f.side, f.args) == (
        "resign_contact",
        F.R_RESIGN_CONTACT,
        2,
        {"claimed_points": 3, "winner": 1},
    )
    noted = validate_record(text, "short", contact_resignation="note")
    assert noted.valid and [n.code for n in noted.notes] == ["resign_contact"]


def test_003_end_gnubgs_roll_then_resignation_records_the_roll_and_scores_the_resignation():
    text = _read("mat/gnubg_roll_then_resign_1p.mat")
    report = validate_record(text, "short")
    assert [f.code for f in report.findings] == ["resign_contact"]  # not "no play written"
    assert report.score == (1, 0)  # the resignation counts as the record says
    snaps = replay(text, "short")
    roll = snaps[-2]
    assert (roll.kind, roll.side, roll.dice, roll.play, roll.legal) == ("roll", 2, (5, 1), "", None)
    # with the contact only a note, the value is judged: a single game resigned with nothing borne off
    noted = validate_record(text, "short", contact_resignation="note")
    assert [f.code for f in noted.findings] == ["resign_points"]
    assert [n.code for n in noted.notes] == ["resign_contact"]
