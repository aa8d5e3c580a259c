"""Exports that open right in a Russian Excel (issue 17): each export read back as Excel or a program would.

CSV: UTF-8 with a BOM, ``;``, a decimal comma and CRLF by default; ``?dialect=intl`` gives ``,``, a decimal
point and no BOM. XLSX: the title lines (tournament, dates and venue, what and as of when), named sheets, a
frozen header, points and tie-breaks as number cells showing their halves, a single place as a number and a
shared one as text ("5–8")."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from django.urls import reverse

from tests.factories import make_tournament, play_out
from tests.public.helpers import build_hand_swiss

pytestmark = pytest.mark.django_db

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _url(name: str, t, *args) -> str:
    return reverse(f"public:{name}", args=[t.pk, *args])


def _rows(content: bytes, delimiter: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig")), delimiter=delimiter))


def _book(response) -> openpyxl.Workbook:
    assert response.status_code == 200 and response["Content-Type"] == XLSX
    return openpyxl.load_workbook(io.BytesIO(response.content))


def _played(client, secretary, **settings):
    t = make_tournament(secretary, players=settings.pop("players", 6), **settings)
    client.force_login(secretary)
    play_out(client, t, seed=3)
    client.logout()
    return t


# --- CSV -------------------------------------------------------------------------------------------------


def test_the_standings_csv_is_what_a_russian_excel_reads_bom_semicolon_decimal_comma_crlf(client):
    t, _p = build_hand_swiss(bye_points="0.5")
    response = client.get(_url("export_standings", t, "csv"))
    assert response.status_code == 200 and response["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="standings-' in response["Content-Disposition"]
    body = response.content
    assert body.startswith(b"\xef\xbb\xbf")  # the BOM: Excel reads UTF-8, not cp1251
    assert body.count(b"\r\n") == 6 and body.replace(b"\r\n", b"").count(b"\n") == 0
    rows = _rows(body, ";")
    header = rows[0]
    assert header[:6] == ["место", "участник", "организация", "регион", "команда", "очки"]
    vasiliev = next(r for r in rows if r[1].startswith("Васильев"))
    # 1½ points (a bye worth ½), Sonneborn-Berger 1¼: a decimal comma, exact.
    assert vasiliev[header.index("очки")] == "1,5"
    assert vasiliev[header.index("Зоннеборн-Бергер")] == "1,25"
    assert vasiliev[header.index("Бухгольц")] == "5"


def test_the_international_csv_has_commas_a_decimal_point_and_no_bom(client):
    t, _p = build_hand_swiss(bye_points="0.5")
    body = client.get(_url("export_standings", t, "csv"), {"dialect": "intl"}).content
    assert not body.startswith(b"\xef\xbb\xbf")
    rows = _rows(body, ",")
    vasiliev = next(r for r in rows if r[1].startswith("Васильев"))
    assert vasiliev[rows[0].index("очки")] == "1.5" and vasiliev[rows[0].index("Зоннеборн-Бергер")] == "1.25"
    assert ";" not in body.decode()


def test_an_unknown_dialect_is_a_400_that_says_which_there_are(client):
    t, _p = build_hand_swiss()
    response = client.get(_url("export_standings", t, "csv"), {"dialect": "excel97"})
    assert response.status_code == 400 and "intl" in response.content.decode()


def test_a_rounds_pairings_csv_has_the_scores_as_two_numbers_and_the_bye(client):
    t, _p = build_hand_swiss()
    rows = _rows(client.get(_url("export_round", t, 1, "csv")).content, ";")
    assert rows[0] == [
        "стол",
        "первый игрок",
        "счёт первого",
        "счёт второго",
        "второй игрок",
        "победитель",
        "результат",
    ]
    assert rows[1] == ["1", "Алиев Иван", "7", "3", "Бабаян Иван", "Алиев Иван", "сыгран"]
    assert rows[3] == ["3", "Давыдов Иван", "", "", "", "Давыдов Иван", "свободный тур"]


def test_every_rounds_pairings_csv_has_a_round_column_and_no_draft(client):
    t, _p = build_hand_swiss()  # round 4 is a draft with a bye
    rows = _rows(client.get(_url("export_pairings", t, "csv")).content, ";")
    assert rows[0][0] == "тур"
    assert sorted({r[0] for r in rows[1:]}) == ["1", "2", "3"]
    assert len(rows) == 1 + 9


# --- XLSX ------------------------------------------------------------------------------------------------


def test_the_standings_xlsx_has_a_title_a_named_sheet_a_frozen_header_and_typed_cells(client):
    t, _p = build_hand_swiss(bye_points="0.5", venue="Казань, ДС «Пирамида»")
    book = _book(client.get(_url("export_standings", t, "xlsx")))
    assert book.sheetnames == ["Турнирное положение", "Командный зачёт"]
    sheet = book["Турнирное положение"]
    assert sheet["A1"].value == "Турнир для проверки"
    assert sheet["A2"].value == "05.12.2026 · Казань, ДС «Пирамида» · длинные нарды · швейцарская система"
    assert sheet["A3"].value == "Турнирное положение — после тура 3"  # round 4 is a draft: nobody's
    assert sheet.freeze_panes == "A5"
    header = [c.value for c in sheet[4]]
    rows = {r[1].value: r for r in sheet.iter_rows(min_row=5) if r[1].value}
    vasiliev = rows["Васильев Иван"]
    points = vasiliev[header.index("очки")]
    assert points.value == 1.5 and points.data_type == "n" and points.number_format == "0.0"
    sb = vasiliev[header.index("Зоннеборн-Бергер")]
    assert sb.value == 1.25 and sb.number_format == "0.00"  # shows 1.25 exactly, not 1.3
    assert isinstance(vasiliev[header.index("победы")].value, int)
    assert vasiliev[0].value == 2 and vasiliev[0].data_type == "n"  # a single place is a number
    assert rows["Давыдов Иван"][0].value == "—" and rows["Давыдов Иван"][-1].value == "исключён"  # 004 §5.7.3
    widths = {k: d.width for k, d in sheet.column_dimensions.items()}
    assert widths["B"] >= len("Васильев Иван") and widths["A"] < widths["B"]


def test_shared_places_stay_text_in_xlsx_and_csv_single_places_are_numbers(client, secretary):
    t = _played(client, secretary, system="single_elimination", players=8, third_place=True)
    book = _book(client.get(_url("export_standings", t, "xlsx")))
    places = [r[0] for r in book.active.iter_rows(min_row=5) if r[0].value]
    assert "5–8" in [c.value for c in places]
    assert all(c.data_type == "s" for c in places if c.value == "5–8")
    assert [c.value for c in places if c.data_type == "n"] == [1, 2, 3, 4]
    assert book.active["A3"].value == "Итоговое турнирное положение"
    rows = _rows(client.get(_url("export_standings", t, "csv")).content, ";")
    assert sum(1 for r in rows if r[0] == "5–8") == 4  # an en dash: Excel never reads it as a date


def test_every_rounds_pairings_xlsx_has_a_sheet_per_round_with_number_scores(client):
    t, _p = build_hand_swiss()
    book = _book(client.get(_url("export_pairings", t, "xlsx")))
    assert book.sheetnames == ["Тур 1", "Тур 2", "Тур 3"]
    sheet = book["Тур 2"]
    assert sheet["A3"].value == "Тур 2: пары и результаты — матчи до 7 очков"
    first = [c.value for c in sheet[5]]
    assert first == [1, "Алиев Иван", 7, 6, "Васильев Иван", "Алиев Иван", "сыгран"]
    one = _book(client.get(_url("export_round", t, 3, "xlsx")))
    assert one.sheetnames == ["Тур 3"] and one["Тур 3"]["G5"].value == "техническое поражение"


def test_the_crosstable_exports_as_csv_and_xlsx(client, secretary):
    t = _played(client, secretary, system="round_robin", players=5)
    rows = _rows(client.get(_url("export_crosstable", t, "csv")).content, ";")
    assert rows[0][:7] == ["№", "участник", "1", "2", "3", "4", "5"]
    assert len(rows) == 6
    assert [rows[i][1 + i] for i in range(1, 6)] == ["■"] * 5  # the diagonal
    cells = [c for r in rows[1:] for c in r[2:7] if c != "■"]
    assert len(cells) == 20 and all(c[0] in "10" and "(" in c for c in cells)  # "1 (7:3)": result and score
    book = _book(client.get(_url("export_crosstable", t, "xlsx")))
    assert book.sheetnames == ["Турнирная таблица"]
    sheet = book.active
    assert sheet["A3"].value == "Турнирная таблица — итоговое положение"
    header = [c.value for c in sheet[4]]
    assert isinstance(sheet.cell(row=5, column=header.index("очки") + 1).value, int | float)


def test_a_mixed_events_crosstable_has_a_sheet_per_group(client, secretary):
    t = _played(client, secretary, system="mixed", players=8, group_count=2, qualifiers_per_group=2)
    book = _book(client.get(_url("export_crosstable", t, "xlsx")))
    assert book.sheetnames == ["Турнирная таблица A", "Турнирная таблица B"]
    assert book["Турнирная таблица B"]["A3"].value.startswith("Турнирная таблица, Группа B")
    second = _rows(client.get(_url("export_crosstable", t, "csv"), {"section": "1"}).content, ";")
    first = _rows(client.get(_url("export_crosstable", t, "csv"), {"section": "0"}).content, ";")
    assert len(first) == len(second) == 5 and {r[1] for r in first[1:]}.isdisjoint(r[1] for r in second[1:])
    assert client.get(_url("export_crosstable", t, "csv"), {"section": "2"}).status_code == 400
    pairings = _book(client.get(_url("export_pairings", t, "xlsx")))
    assert pairings["Тур 1"]["B4"].value == "группа"


def test_the_participants_list_holds_the_public_fields_only(client):
    t, p = build_hand_swiss()
    rows = _rows(client.get(_url("export_participants", t, "csv")).content, ";")
    # The federation's register ID (issue 31 §1) is public: the person page's number.
    assert rows[0] == ["№", "участник", "ID федерации", "организация", "регион", "команда", "статус"]
    ident = str(p["a"].person_id)
    assert rows[1] == ["1", "Алиев Иван", ident, "Клуб «Шеш-беш»", "Москва", "Север", "участвует"]
    book = _book(client.get(_url("export_participants", t, "xlsx")))
    assert book.sheetnames == ["Участники"] and book.active["A5"].value == 1


def test_no_export_holds_a_date_of_birth(client):
    t, p = build_hand_swiss()
    births = [x.person.birth_date for x in p.values()]
    shown = [f(b) for b in births for f in (lambda d: d.isoformat(), lambda d: d.strftime("%d.%m.%Y"))]
    for name, args in [
        ("export_participants", ("csv",)),
        ("export_standings", ("csv",)),
        ("export_pairings", ("csv",)),
    ]:
        body = client.get(_url(name, t, *args)).content.decode("utf-8-sig")
        assert not [s for s in shown if s in body] and "рожд" not in body, name
    book = _book(client.get(_url("export_tournament", t)))
    values = [str(c.value) for s in book.worksheets for r in s.iter_rows() for c in r if c.value is not None]
    assert not [v for v in values if "1981" in v or "рожд" in v]


# --- the whole tournament ------------------------------------------------------------------------------


def test_a_finished_tournaments_workbook_holds_every_table(client, secretary):
    t = _played(client, secretary, system="round_robin", players=5)
    rounds = t.round_set.count()
    book = _book(client.get(_url("export_tournament", t)))
    assert book.sheetnames == [
        "Участники",
        *[f"Тур {n}" for n in range(1, rounds + 1)],
        "Турнирное положение",
        "Турнирная таблица",
    ]
    for sheet in book.worksheets:
        assert sheet["A1"].value == "Кубок города" and sheet.freeze_panes == "A5", sheet.title
    assert book["Турнирное положение"]["A3"].value == "Итоговое турнирное положение"
    assert book["Участники"].max_row == 4 + 5
    played = sum(book[f"Тур {n}"].max_row - 4 for n in range(1, rounds + 1))
    assert played == t.round_set.get(number=1).matches.model.objects.filter(round__tournament=t).count()


def test_the_workbook_of_a_running_tournament_leaves_the_draft_out(client):
    t, _p = build_hand_swiss()  # round 4 is a draft
    book = _book(client.get(_url("export_tournament", t)))
    assert book.sheetnames == [
        "Участники",
        "Тур 1",
        "Тур 2",
        "Тур 3",
        "Турнирное положение",
        "Командный зачёт",
    ]


def test_a_name_with_a_control_character_still_exports(client):
    """XML cannot hold most control characters: openpyxl would refuse the whole workbook (a 500)."""
    t, p = build_hand_swiss()
    person = p["a"].person
    person.surname = "Али\x07ев"
    person.save()
    book = _book(client.get(_url("export_tournament", t)))
    assert book["Участники"]["B5"].value == "Алиев Иван"
    assert "Али\x07ев" in client.get(_url("export_participants", t, "csv")).content.decode("utf-8-sig")


def test_a_sorted_place_column_reads_1_2_up_to_10_not_1_10_2():
    # issue 29 §5: single places are number cells, so a spreadsheet sorts them as numbers
    from public.exports import PLACE, Column, Sheet, write_xlsx

    places = ["10", "2", "1", "20–21", "9", "3", "исключён"]
    data = write_xlsx([Sheet("П", [], [Column("место", PLACE)], [[p] for p in places])])
    sheet = openpyxl.load_workbook(io.BytesIO(data)).active
    cells = [row[0] for row in sheet.iter_rows(min_row=2)]
    numbers = sorted(c.value for c in cells if c.data_type == "n")
    assert numbers == [1, 2, 3, 9, 10]
    assert {c.value for c in cells if c.data_type == "s"} == {"20–21", "исключён"}
