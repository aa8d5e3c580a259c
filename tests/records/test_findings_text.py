"""Findings are shown by code from one table (records/findings.py): every code rules_core knows has a Russian
text, the players are named instead of side numbers, and a finding without a known code keeps its text."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from records import findings
from rules_core import KINDS, validate_record

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def names(side: int) -> str:
    return {1: "Иванов И.", 2: "Петров П."}[side]


@pytest.mark.parametrize("code", sorted(KINDS))
def test_every_code_of_rules_core_has_a_russian_text(code):
    assert code in findings.MESSAGES and code in findings.EXPECTED
    with translation.override("en"):
        english = str(findings.MESSAGES[code])
    with translation.override("ru"):
        russian = str(findings.MESSAGES[code])
        assert russian != english and CYRILLIC.search(russian), code
        expected = findings.EXPECTED[code]
        if expected not in (None, findings.LEGAL):
            with translation.override("en"):
                english_expected = str(expected)
            words = re.sub(r"%\(\w+\)s", "", english_expected)
            if re.search("[a-z]{3}", words.replace("Variation", "").replace("LongNardy", "")):
                assert str(expected) != english_expected, code


def test_a_head_rule_finding_reads_in_russian_with_the_legal_plays():
    finding = {
        "code": "head",
        "args": {"roll": "51", "play": "24/18 24/23", "legal": ["24/18", "24/23 18/17"], "legal_count": 2},
    }
    with translation.override("ru"):
        shown = findings.present(finding, names)
    assert shown["message"] == "51: ход 24/18 24/23 неправилен: с головы за ход можно снять только одну шашку"
    assert shown["expected"] == "один из 2 правильных ходов: 24/18; 24/23 18/17"
    assert shown["legal"] == ["24/18", "24/23 18/17"]


def test_sides_are_named_by_the_players_not_side_numbers():
    with translation.override("ru"):
        turn = findings.present({"code": "out_of_turn", "args": {"turn": 2}}, names)
        owner = findings.present({"code": "cube_not_owner", "args": {"owner": 1}}, names)
        won = findings.present({"code": "wrong_winner", "args": {"claimed": 2, "winner": 1}}, names)
    assert turn["expected"] == "бросает Петров П." and "сторона" not in turn["expected"]
    assert owner["expected"] == "куб у игрока Иванов И."
    assert won["message"] == "по записи партию выиграл игрок Петров П."
    assert won["expected"] == "выигрывает Иванов И."


def test_points_are_russian_words_never_wins_n_points():
    with translation.override("ru"):
        shown = findings.present({"code": "no_result", "args": {"winner": 1, "points": 1}}, names)
        wrong = findings.present({"code": "wrong_points", "args": {"claimed_points": 2, "points": 5}}, names)
    assert shown["expected"] == "выигрывает Иванов И.: 1 очко" and "Wins" not in shown["expected"]
    assert wrong["message"] == "по записи за партию — 2 очка" and wrong["expected"] == "5 очков"


def test_a_cube_doubled_to_3_reads_as_the_cube_must_double():
    with translation.override("ru"):
        shown = findings.present(
            {"code": "cube_value", "args": {"value": 3, "cube": 1, "expected_value": 2}}, names
        )
    assert shown["message"] == "удвоение до 3: куб должен удваиваться (с 1 до 2)"
    assert shown["expected"] == "удвоение до 2"


def test_the_note_reads_as_the_rules_say_it():
    with translation.override("ru"):
        shown = findings.present({"code": "not_checked", "args": {"game": 2, "from_move": 14}}, names)
    assert shown["message"] == "дальнейшие ходы партии 2 не проверены: позиция расходится с записью с хода 14"


def test_every_finding_of_a_real_report_is_shown_without_english():
    """The corpus of planted errors: each finding, presented in Russian, has no English words left."""
    from tests.rules_core.planted import DATA

    seen = set()
    with translation.override("ru"):
        for path in sorted(DATA.glob("*.mat")):
            report = validate_record(path.read_text(encoding="utf-8"), path.stem.split("_")[0])
            for f in report.to_json()["errors"] + report.to_json()["notes"]:
                shown = findings.present(f, names, ("Иванов И.", "Петров П."))
                text = shown["message"] + " " + shown["expected"]
                # plays (24/18, bar, off) and the .mat keywords ("Variation", «Wins N points») stay as written
                text = re.sub(r'Variation "LongNardy"|Backgammon|«Wins N points»|\bbar\b|\boff\b', "", text)
                words = re.findall(r"[A-Za-z]{3,}", text)
                assert words == [], (f["code"], text)
                seen.add(f["code"])
    assert len(seen) >= 40


def test_a_finding_stored_without_a_code_keeps_its_text():
    with translation.override("ru"):
        shown = findings.present({"message": "something new in rules_core", "expected": None}, names)
    assert shown["message"] == "something new in rules_core" and shown["expected"] == ""


def test_in_english_the_texts_stay_english():
    with translation.override("en"):
        shown = findings.present({"code": "head", "args": {"roll": "51", "play": "24/18 24/23"}}, names)
    assert shown["message"] == "51: 24/18 24/23 is not legal: only one checker may leave the head per turn"
