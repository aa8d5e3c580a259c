"""One mapping from the code's clause keys to the rules as a reader knows them (tournaments.rules).

Nothing printed for a reader — no document, no page, no Russian message — carries «004 §5.7.3», «(003)» or
«Пункт правил: 003»: those are the code's keys (issue 15).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.template import Context, Template
from django.utils import translation

from tournaments.rules import INTERNAL_KEY, cite, cite_text

RULES = "Правил вида спорта «нарды»"


@pytest.fixture(autouse=True)
def russian():
    with translation.override("ru"):
        yield


@pytest.mark.parametrize(
    ("key", "printed"),
    [
        ("004 §5.7.3", f"п. 5.7.3 {RULES}"),
        ("004 §5.10, §2.4.2", f"пп. 5.10, 2.4.2 {RULES}"),
        ("004 §5.7.2, §5.7.3", f"пп. 5.7.2, 5.7.3 {RULES}"),
        ("004 §6.2.3 item 4", f"подп. 4 п. 6.2.3 {RULES}"),
        ("004", "Правила вида спорта «нарды»"),
        ("003", "Правила проведения соревнований Лиги"),
        (
            "003 «Игральные кости» п. 2",
            "п. 2 раздела «Игральные кости» Правил проведения соревнований Лиги",
        ),
        ("003 «Куб удвоения» п.15", "п. 15 раздела «Куб удвоения» Правил проведения соревнований Лиги"),
        ("003 «Результат партии»", "раздел «Результат партии» Правил проведения соревнований Лиги"),
        ("001 art. 21.4", "п. 21.4 Правил вида спорта «нарды» (приказ Минспорта России № 347)"),
        ("001 art. 21", "ст. 21 Правил вида спорта «нарды» (приказ Минспорта России № 347)"),
        ("000 §23.2", "п. 23.2 Правил вида спорта «нарды» (приказ Минспорта России № 347)"),
    ],
)
def test_a_key_is_printed_as_the_reader_knows_the_rule(key, printed):
    assert cite(key) == printed
    assert not INTERNAL_KEY.search(cite(key))


@pytest.mark.parametrize("typed", ["п. 3 Положения о соревновании", "", "Регламент турнира, раздел 4"])
def test_a_clause_a_judge_typed_is_printed_as_typed(typed):
    assert cite(typed) == typed


def test_keys_inside_a_reason_are_printed_as_citations():
    assert (
        cite_text("Не исполнилось 18 лет в первый день турнира (004 §2.3.1)")
        == f"Не исполнилось 18 лет в первый день турнира (п. 2.3.1 {RULES})"
    )
    assert cite_text("тел. 003 и (без ключа)") == "тел. 003 и (без ключа)"


def test_the_template_filter_and_tag_use_the_same_mapping():
    html = Template('{% load rules %}{{ c|cite }} / {% cite "004 §5.10" %}').render(
        Context({"c": "004 §5.7.3"})
    )
    assert html == f"п. 5.7.3 {RULES} / п. 5.10 {RULES}"


def test_no_russian_message_prints_an_internal_key():
    """Every msgstr of the Russian catalogue: documents and pages print what the catalogue says."""
    po = Path(__file__).resolve().parents[2] / "locale" / "ru" / "LC_MESSAGES" / "django.po"
    offenders = []
    for block in po.read_text().split("\n\n"):
        if block.startswith("#~"):
            continue  # obsolete, never printed
        _id, found, translated = block.partition("\nmsgstr")
        if not found:
            continue
        strings = re.findall(r'^(?:\[\d\])? ?"(.*)"$', translated, re.M)
        text = "".join(strings)
        if INTERNAL_KEY.search(text):
            offenders.append(text)
    assert offenders == []
