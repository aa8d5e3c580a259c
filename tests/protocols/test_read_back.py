"""Each PDF read back with pypdf: Cyrillic text searchable, the right people in the right order."""

from __future__ import annotations

import datetime
import re

import pytest
from django.utils import timezone

from draw.models import Round
from protocols.documents import render_document
from standings import ranking
from tests.factories import add_players
from tests.protocols.conftest import pdf_reader, pdf_text


def _in_order(text: str, names: list[str]) -> bool:
    """Every name found, each after the previous one."""
    at = -1
    for name in names:
        found = text.find(name, at + 1)
        if found < 0:
            return False
        at = found
    return True


def _fonts(pdf: bytes) -> set[str]:
    reader = pdf_reader(pdf)
    out = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            out.add(str(font["/BaseFont"]))
            for descendant in font.get("/DescendantFonts", []):
                descriptor = descendant.get_object()["/FontDescriptor"].get_object()
                assert "/FontFile2" in descriptor, "the TrueType font is embedded"
    return out


def test_final_protocol_has_everyone_in_order_in_searchable_russian(swiss):
    pdf, _hash = render_document(swiss, "final", "")
    pages = pdf_text(pdf)
    text = " ".join(pages)
    assert "Итоговый протокол" in text
    assert "Главный судья" in text and "Главный секретарь" in text
    assert "ПРОЕКТ" not in text  # the tournament is finished: the protocol is final
    names = [s.participant.person.full_name for s in ranking.compute(swiss).rows]
    assert _in_order(text, names)
    assert all(re.search(rf"страница {i} из {len(pages)}", page) for i, page in enumerate(pages, 1))
    assert all("Кубок города" in page for page in pages)
    fonts = _fonts(pdf)
    assert fonts and all("DejaVuSans" in f for f in fonts), fonts


def test_the_final_protocol_of_a_running_tournament_says_draft(tournament):
    pdf, _hash = render_document(tournament, "final", "")
    assert "ПРОЕКТ: турнир не завершён" in " ".join(pdf_text(pdf))


def test_a_long_standings_table_repeats_its_header_on_every_page(swiss):
    add_players(swiss, 150, start=100)
    pdf, _hash = render_document(swiss, "standings", "")
    pages = pdf_text(pdf)
    assert len(pages) >= 3
    for i, page in enumerate(pages, 1):
        assert "Место Участник" in page, f"page {i} has no table header"
        assert "Кубок города" in page
        assert f"страница {i} из {len(pages)}" in page
    names = [s.participant.person.full_name for s in ranking.compute(swiss).rows]
    assert len(names) == 160
    assert _in_order(" ".join(pages), names)


def test_standings_show_the_tiebreak_columns(swiss):
    swiss.tiebreaks = "buchholz,sonneborn_berger,wins"
    swiss.save(update_fields=["tiebreaks"])
    text = " ".join(pdf_text(render_document(swiss, "standings", "")[0]))
    assert "Турнирное положение" in text
    header = text[text.index("Место") : text.index("Место") + 120]
    assert "Очки" in header and "Бх" in header


def test_the_pairings_pdf_is_the_round(swiss):
    rnd = Round.objects.get(tournament=swiss, number=3)
    rnd.start_time = timezone.make_aware(datetime.datetime(2026, 12, 5, 15, 30))
    rnd.save(update_fields=["start_time"])
    text = " ".join(pdf_text(render_document(swiss, "pairings", "3")[0]))
    assert "Протокол с парами тура" in text and "Тур 3" in text
    assert "Начало: 05.12.2026 15:30" in text
    assert "Матчи до 7 очков" in text  # once, above the table: every table plays to it
    for m in rnd.matches.select_related("player1__person", "player2__person"):
        # A Swiss: each player with his points before the round (issue 30 item 10).
        # Under each name his federation register ID (issue 31 §1).
        row = (
            rf"{m.table} {m.player1.person.full_name} ID {m.player1.person_id} \d+ "
            rf"{m.player2.person.full_name} ID {m.player2.person_id} \d+ \d+"
        )
        assert re.search(row, text), row


def test_the_match_protocol_blank_and_filled(swiss):
    m = Round.objects.get(tournament=swiss, number=1).matches.exclude(player2=None).first()
    text = " ".join(pdf_text(render_document(swiss, "match", str(m.pk))[0]))
    assert "Протокол матча" in text
    assert m.player1.person.full_name in text and m.player2.person.full_name in text
    assert "Перерывов каждому 1" in text and "раздел «Перерывы» Правил проведения соревнований Лиги" in text
    assert "Значение куба" in text
    assert f"Результат: {m.score1}:{m.score2}" in text
    assert "Игрок 1" in text and "Секретарь" in text


def test_all_match_protocols_of_a_round_one_page_each(swiss):
    rnd = Round.objects.get(tournament=swiss, number=2)
    pages = pdf_text(render_document(swiss, "round_protocols", "2")[0])
    matches = list(rnd.matches.exclude(player2=None).select_related("player1__person").order_by("table"))
    assert len(pages) == len(matches)
    for page, m in zip(pages, matches, strict=True):
        assert m.player1.person.full_name in page


def test_the_crosstable_is_landscape_and_complete(round_robin):
    pdf, _hash = render_document(round_robin, "crosstable", "")
    page = pdf_reader(pdf).pages[0]
    assert page.mediabox.width > page.mediabox.height
    text = " ".join(pdf_text(pdf))
    assert "Турнирная таблица" in text
    # Rows by the drawn (Berger) numbers, 004 §1.4.3.
    stage = round_robin.stages.get()
    names = {p.key: p.person.full_name for p in round_robin.participants.select_related("person")}
    assert _in_order(text, [names[k] for k in stage.plan["order"]])


@pytest.mark.parametrize("fixture", ["single", "double"])
def test_the_bracket_chart_names_the_players_and_the_places(fixture, request):
    t = request.getfixturevalue(fixture)
    pdf, _hash = render_document(t, "bracket", "1")
    text = " ".join(pdf_text(pdf))
    assert "Сетка" in text
    for p in t.participants.select_related("person"):
        assert p.person.short_name in text
    champion = next(s for s in ranking.compute(t).rows if s.row.place == 1)
    assert f"1 {champion.participant.person.full_name}" in text


def test_the_registration_protocol_lists_participants_and_officials(swiss):
    text = " ".join(pdf_text(render_document(swiss, "registration", "")[0]))
    assert "Протокол регистрации" in text
    for p in swiss.participants.select_related("person"):
        assert p.person.full_name in text
    assert "главный судья" in text.lower()


def test_the_sanctions_list_and_the_protest_decision(swiss):
    from judging.models import Protest, Sanction

    m = Round.objects.get(tournament=swiss, number=1).matches.exclude(player2=None).first()
    Sanction.objects.create(
        person=m.player1.person, tournament=swiss, kind="warning", violation="break", clause="003", match=m
    )
    protest = Protest.objects.create(
        tournament=swiss,
        match=m,
        protester=m.player2,
        filed_at=timezone.now(),
        reasons="Соперник взял перерыв во время партии",
        arguments="Видел судья стола",
        evidence="Объяснение судьи",
        status=Protest.Status.DISMISSED,
        decided_at=timezone.now(),
        decision_reasons="Перерыв взят между партиями",
    )
    text = " ".join(pdf_text(render_document(swiss, "sanctions", "")[0]))
    assert "Список санкций" in text and m.player1.person.full_name in text and "предупреждение" in text
    text = " ".join(pdf_text(render_document(swiss, "protest", str(protest.number))[0]))
    assert f"Протест № {protest.number}" in text
    assert "Соперник взял перерыв во время партии" in text
    assert "Перерыв взят между партиями" in text
    assert "окончательное" in text and "(п. 5.10 Правил вида спорта «нарды»)" in text


def test_user_text_with_markup_is_printed_as_text(swiss):
    swiss.name = "Кубок <b>&amp; «Нарды»"
    swiss.save(update_fields=["name"])
    text = " ".join(pdf_text(render_document(swiss, "final", "")[0]))
    assert "Кубок <b>&amp; «Нарды»" in text


def test_a_mixed_event_has_group_crosstables_a_playoff_bracket_and_one_final_order(mixed):
    text = " ".join(pdf_text(render_document(mixed, "crosstable", "")[0]))
    assert "Группа A" in text and "Группа B" in text
    playoff = mixed.stages.get(kind="playoff")
    text = " ".join(pdf_text(render_document(mixed, "bracket", str(playoff.number))[0]))
    assert "Плей-офф" in text
    for key in playoff.plan["players"]:
        assert mixed.participants.get(pk=int(key)).person.short_name in text
    text = " ".join(pdf_text(render_document(mixed, "final", "")[0]))
    assert _in_order(text, [s.participant.person.full_name for s in ranking.compute(mixed).rows])
    text = " ".join(pdf_text(render_document(mixed, "standings", "")[0]))
    assert "Гр." in text


def test_a_personal_team_event_prints_the_team_standings(client, secretary, chief_judge, media):
    from registration.models import Team
    from tests.factories import make_tournament, play_out

    t = make_tournament(secretary, chief_judge, players=8, character="personal_team")
    teams = [Team.objects.create(tournament=t, name=name) for name in ("Команда «Север»", "Команда «Юг»")]
    for i, p in enumerate(t.participants.all()):
        p.team = teams[i % 2]
        p.save(update_fields=["team"])
    client.force_login(secretary)
    play_out(client, t, seed=3)
    t.refresh_from_db()
    order = [row.team for row in ranking.compute(t).teams]
    for kind in ("standings", "final"):
        text = " ".join(pdf_text(render_document(t, kind, "")[0]))
        assert "Командный зачёт" in text
        tail = text[text.index("Командный зачёт") :]
        assert _in_order(tail, order)


def test_the_signatures_of_a_long_final_protocol_share_a_page_with_its_last_section(swiss):
    add_players(swiss, 120, start=100)
    pages = pdf_text(render_document(swiss, "final", "")[0])
    assert len(pages) >= 3
    last = pages[-1]
    assert "Санкции" in last and "Главный судья" in last and "Главный секретарь" in last
    assert all("Главный судья /" not in page for page in pages[:-1])
