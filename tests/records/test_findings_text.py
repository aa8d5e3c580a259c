"""rules_core's findings (English, a stable contract) are shown in Russian; an unknown phrase is kept."""

from __future__ import annotations

from django.utils import translation

from records import findings


def test_a_head_rule_finding_reads_in_russian():
    with translation.override("ru"):
        text = findings.message("51: 24/18 24/23 is not legal: only one checker may leave the head per turn")
        assert text == "51: ход 24/18 24/23 неправилен: с головы за ход можно снять только одну шашку"
        assert findings.expected("one of 2 legal plays: 24/18; 24/23 18/17") == (
            "один из 2 правильных ходов: 24/18; 24/23 18/17"
        )


def test_nested_reasons_and_numbers_are_kept():
    with translation.override("ru"):
        text = findings.message("64: 13/3 is not legal: both intermediate points (9, 7) are closed")
        assert text == "64: ход 13/3 неправилен: оба промежуточных пункта (9, 7) закрыты"
        assert findings.message("no cube in the Crawford game") == "в партии Кроуфорда куб не используется"
        assert findings.expected("side 2 to roll") == "бросает сторона 2"


def test_an_unknown_phrase_is_shown_as_rules_core_wrote_it():
    with translation.override("ru"):
        assert findings.message("something new in rules_core") == "something new in rules_core"
        assert findings.expected(None) == ""


def test_in_english_the_phrases_stay_english():
    with translation.override("en"):
        original = "51: 24/18 24/23 is not legal: only one checker may leave the head per turn"
        assert findings.message(original) == original
