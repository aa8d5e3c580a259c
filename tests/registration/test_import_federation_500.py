"""The import of a realistic 500-row federation file end to end through the pages (issue 17): a title block,
the federation's headings, Windows-1251, ranks and years of birth as written, the representative's phone
once per club, twins proposed and confirmed, bad rows named by their real line and nothing else refused.
The file is ``tests/data/federation_500.csv``, written by ``tests/data/make_federation_file.py``."""

from __future__ import annotations

import datetime
import importlib.util
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from registration.models import Entry, EntryImport, Person, Qualification
from tournaments.models import AuditEntry

DATA = Path(__file__).resolve().parent.parent / "data"
_spec = importlib.util.spec_from_file_location("make_federation_file", DATA / "make_federation_file.py")
federation = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(federation)


def _date(text: str) -> datetime.date:
    if len(text) == 4:
        return datetime.date(int(text), 1, 1)
    return datetime.datetime.strptime(text, "%d.%m.%Y").date()


@pytest.fixture
def known(db) -> dict[str, Person]:
    return {
        surname: Person.objects.create(
            surname=surname,
            name=name,
            patronymic=patronymic,
            birth_date=_date(born),
            birth_year_only=year_only,
        )
        for surname, name, patronymic, born, year_only in federation.KNOWN
    }


def test_the_committed_file_is_what_the_script_writes():
    assert (DATA / "federation_500.csv").read_bytes() == federation.content()


@pytest.mark.slow  # 500 rows through the pages; the 200-row file of test_import.py stays in the inner loop
def test_a_500_row_federation_file_is_imported_end_to_end(client, secretary, t, known):
    client.force_login(secretary)
    people = Person.objects.count()
    upload = SimpleUploadedFile("Заявка_федерации.csv", (DATA / "federation_500.csv").read_bytes())
    response = client.post(reverse("registration:import", args=[t.pk]), {"file": upload})
    assert response.status_code == 200
    outcome = response.context["outcome"]
    assert (outcome.rows, outcome.header_line, outcome.encoding) == (500, 5, "cp1251")
    assert outcome.ignored_columns == ("№ п/п",)
    # The bad rows, by their real line, first; then the proposals; then every other row.
    assert {p.line: p.problems[0][0] for p in outcome.problems} == {
        line: "строка" if column == "row" else column for line, column in federation.BAD.items()
    }
    assert [p.status for p in outcome.plans[:5]] == ["error"] * 5
    twins = {p.line: p for p in outcome.twins}
    assert set(twins) == set(federation.TWIN_ROWS)
    assert twins[40].candidates[0].person == known["Ёлкин"].pk
    assert not twins[120].may_be_new  # «АЛЕКСЕЕВ Р. Ю.»: initials
    known_rows = {p.line for p in outcome.plans if p.status == "known"}
    assert known_rows == set(federation.EXACT_ROWS)
    assert outcome.good == 495 and len(outcome.plans) == 500
    # The representative's phone written once counts for his 25 players.
    by_line = {p.line: p for p in outcome.plans}
    assert by_line[7].responsible == "Представителев00 Иван Петрович, +7 910 100-00-00"
    assert by_line[7].filled == ("Телефон",)
    page = response.content.decode()
    assert page.count('class="row-') == 500 and "возможно, это тот же человек" in page
    assert Person.objects.count() == people and not Entry.objects.exists()  # the preview saved nothing

    batch = EntryImport.objects.get()
    choices = {f"person-{line}": str(plan.candidates[0].person) for line, plan in twins.items()}
    response = client.post(reverse("registration:import_confirm", args=[t.pk, batch.pk]), choices)
    assert response.status_code == 302
    batch.refresh_from_db()
    assert batch.status == EntryImport.Status.CONFIRMED and batch.saved == 495
    entries = Entry.objects.filter(tournament=t)
    assert entries.count() == 495
    # Twins and exact matches joined the people already registered; the others are new people.
    assert Person.objects.count() == people + 495 - len(federation.TWIN_ROWS) - len(federation.EXACT_ROWS)
    for person in known.values():
        assert entries.filter(person=person).exists()
    assert entries.exclude(responsible_phone__startswith="+7 910").count() == 0
    assert entries.filter(qualification=Qualification.ADULT2).exists()
    assert entries.exclude(coach="").count() > 300
    year_only = entries.filter(person__birth_year_only=True)
    assert year_only.count() > 50 and all(e.person.birth_date.month == 1 for e in year_only)
    log = AuditEntry.objects.get(action="entries_import")
    assert log.data["rows_not_saved"] == sorted(federation.BAD)
