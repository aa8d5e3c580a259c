"""Issue 35 §4: an import holds the tournament's lock for its whole transaction and numbers its entries
itself — one lock and one «the last number» for the file, not three queries and a savepoint a row — and the
numbers follow the entries already there, one after another, skipping nothing for a bad row."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from registration import imports
from registration.models import Entry
from tests.registration.test_import_federation_files import HEADER, _row, _text

PHONE = "+7 900 111-22-33"


@pytest.fixture
def file_of_twelve() -> bytes:
    rows = [HEADER]
    for i in range(12):
        born = "31.02.1990" if i == 5 else f"{i + 1:02d}.03.1990"  # row 6: no such date, refused
        rows.append(_row(i + 1, f"Импортов{'абвгдежзийкл'[i]} Иван Иванович", born, phone=PHONE))
    return _text(rows)


def test_an_import_numbers_its_entries_after_the_others_and_locks_once_issue_35_4(
    t, secretary, file_of_twelve
):
    before = imports.confirm(
        t, "one.csv", _text([HEADER, _row(1, "Первый Пётр Петрович", "01.01.1980", phone=PHONE)]), secretary
    )
    assert before.saved == 1
    with CaptureQueriesContext(connection) as queries:
        outcome = imports.confirm(t, "twelve.csv", file_of_twelve, secretary)
    assert outcome.saved == 11
    numbers = sorted(Entry.objects.filter(tournament=t).values_list("number", flat=True))
    assert numbers == list(range(1, 13))  # 1 from before, then 2–12 with no gap for the refused row
    sql = [q["sql"].upper() for q in queries.captured_queries]
    assert sum(1 for s in sql if "MAX(" in s and "REGISTRATION_ENTRY" in s) == 1
    assert sum(1 for s in sql if 'FROM "TOURNAMENTS_TOURNAMENT"' in s and "FOR UPDATE" in s) <= 1
