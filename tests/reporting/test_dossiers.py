"""Issue 32 §3: a rank dossier for each athlete whose place fulfilled a rank — the extract from the final
protocol, the certificate of the panel, the application pre-filled — one PDF each, one ZIP per event."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.utils import translation
from pypdf import PdfReader

from protocols.docs import final
from registration.models import Participant
from reporting import dossier

from .evsk import document, event_in_competition, norm, paperwork

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def russian():
    with translation.override("ru"):
        yield


@pytest.fixture
def event(secretary):
    t = event_in_competition(secretary, n=8)
    paperwork(t)
    doc = document()
    norm(doc, "cms", 1)
    norm(doc, "adult1", 3)
    norm(doc, "adult2", 8)
    return t


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_issue32_3_one_dossier_for_each_athlete_whose_place_fulfilled_a_rank(event):
    items = dossier.dossiers(event)
    protocol = {row.name: row.fulfilled for row in final.build(event).rows}
    assert {d.name for d in items} == {name for name, text in protocol.items() if text}
    assert len(items) == 8  # every place fulfils at least the 2nd class here, nobody holds a rank
    first = items[0]
    assert first.line.name == first.name and first.line.fulfilled == protocol[first.name]
    assert first.papers.ekp_number == "12345" and first.papers.discipline_code == "0730001611Я"
    assert first.papers.status == "всероссийские"
    assert [x.name for x in first.papers.panel] == ["Судьин Пётр Ильич", "Писарев Олег Андреевич"]
    assert [(x.category, x.register) for x in first.papers.panel] == [("ССВК", "ССВК"), ("СС1К", "")]


def test_issue32_3_a_rank_not_higher_than_the_one_held_is_not_offered(event):
    Participant.objects.filter(tournament=event).update(qualification="cms")  # higher than adult1, adult2
    items = dossier.dossiers(event)
    # Only a place that fulfils the КМС itself could count, and these norms count no confirmation.
    assert items == []


def test_issue32_3_a_confirmation_is_offered_as_confirmed_where_the_norms_count_it(secretary):
    t = event_in_competition(secretary, n=6, seed=7, start=20)
    paperwork(t)
    norm(document(), "cms", 6, confirmation=True)
    Participant.objects.filter(tournament=t).update(qualification="cms")
    items = dossier.dossiers(t)
    assert items and all(d.confirmed for d in items)
    assert "подтвердил спортивный разряд «кандидат в мастера спорта»" in _text(
        dossier.render(items[0])
    ).replace("\n", " ")


def test_issue32_3_the_dossier_pdf_holds_the_extract_the_certificate_and_the_application(event):
    d = dossier.dossiers(event)[0]
    text = _text(dossier.render(d))
    assert "Выписка из итогового протокола" in text
    assert "Справка о составе и квалификации судейской коллегии" in text
    assert "Заявление на присвоение спортивного разряда" in text
    for fact in (
        "12345",
        "0730001611Я",
        "всероссийские",
        d.name,
        "Судьин",
        "Писарев",
        "Приказ Минспорта № 1",
    ):
        assert fact in text, fact
    assert "выполнил норму спортивного разряда" in text.replace("\n", " ")
    assert len(PdfReader(io.BytesIO(dossier.render(d))).pages) == 3


def test_issue32_3_one_zip_per_event_with_a_pdf_per_athlete(event):
    items = dossier.dossiers(event)
    z = zipfile.ZipFile(io.BytesIO(dossier.archive(items)))
    names = z.namelist()
    assert len(names) == len(items) == len(set(names))
    assert all(n.endswith(".pdf") and z.read(n).startswith(b"%PDF") for n in names)


def test_issue32_3_the_dossier_is_filed_in_russian_whatever_the_readers_language(event):
    with translation.override("en"):
        d = dossier.dossiers(event)[0]
        text = _text(dossier.render(d))
    assert "Заявление на присвоение спортивного разряда" in text and d.papers.status == "всероссийские"
