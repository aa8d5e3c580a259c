"""Issue 35 §4: a confirmed import saves its good rows at once (the people, then the entries, with bulk
inserts) instead of each row through ``EntryForm.save`` in its savepoints — and what it saves is what the
row-by-row way saved: the same people (every field), the same entries with the same numbers, the same teams,
the same change-log lines, the same twins joined, skipped or refused, the same messages for the rows not
saved. Each file is imported both ways, from the same database, and the results compared."""

from __future__ import annotations

import csv
import io
from unittest import mock

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from registration import imports
from registration.forms import EntryForm
from registration.models import Entry, Person, TeamEntry
from tests.factories import make_tournament
from tests.registration.test_import_federation_500 import DATA, known  # noqa: F401  (a fixture)
from tournaments.models import AuditEntry

PERSON = ["surname", "name", "patronymic", "birth_date", "birth_year_only", "gender", "organisation",
          "region", "user_id", "match_key", "confirmed"]  # fmt: skip


def _who(pk: int | None) -> tuple | None:
    """A person by his identity: ids differ between the two imports (PostgreSQL's sequences roll on)."""
    if pk is None:
        return None
    p = Person.objects.get(pk=pk)
    return (p.surname, p.name, p.patronymic, p.birth_date)


def _state(t, outcome: imports.Outcome) -> dict:
    entries = []
    for e in Entry.objects.filter(tournament=t).order_by("number").values():
        e = dict(e)
        for key in ("id", "created_at", "tournament_id"):
            e.pop(key)
        e["person_id"], e["partner_id"] = _who(e["person_id"]), _who(e["partner_id"])
        e["team_entry_id"] = TeamEntry.objects.get(pk=e["team_entry_id"]).name if e["team_entry_id"] else None
        entries.append(e)
    teams = [
        {k: v for k, v in team.items() if k not in ("id", "created_at")}
        for team in TeamEntry.objects.filter(tournament=t).order_by("name").values()
    ]
    log = [
        (a.action, a.summary, a.user_id, {k: _who(v) if k == "person" else v for k, v in a.data.items()})
        for a in AuditEntry.objects.filter(tournament=t).order_by("pk")
    ]
    plans = [(p.line, p.status, p.problems, _who(p.person)) for p in outcome.plans]
    return {
        "people": list(Person.objects.order_by("pk").values_list(*PERSON)),  # new people in the file's order
        "entries": entries,
        "teams": teams,
        "log": log,
        "outcome": (outcome.rows, outcome.good, outcome.saved, outcome.problems, plans),
    }


def _both_ways(t, user, name: str, data: bytes, decisions: dict) -> tuple[dict, dict]:
    """The file imported row by row, then (that undone) at once: the two states."""
    states = []
    for bulk in (False, True):
        mark = transaction.savepoint()
        outcome = imports.confirm(t, name, data, user, decisions=decisions, bulk=bulk)
        states.append(_state(t, outcome))
        transaction.savepoint_rollback(mark)
    return states[0], states[1]


@pytest.mark.django_db
def test_a_federation_file_saved_at_once_is_what_row_by_row_saved_issue_35_4(t, secretary, known):  # noqa: F811
    # Мельников: a record a public form made (the import confirms it, logged); Корнеев: entered already.
    Person.objects.filter(pk=known["Мельников"].pk).update(confirmed=False, region="Тверь")
    imports.confirm(t, "one.csv", _csv([["Корнеев Андрей Андреевич", "05.05.1977"]]), secretary)
    data = (DATA / "federation_500.csv").read_bytes()
    preview = imports.preview(t, "federation.csv", data, secretary)
    assert {p.line for p in preview.twins} == {40, 120, 200, 280}
    # the proposed person, «new» where it may not be (initials), a new person, skipped
    decisions = {"40": str(preview.twins[0].candidates[0].person), "120": "new", "200": "new", "280": "skip"}
    row_by_row, at_once = _both_ways(t, secretary, "federation.csv", data, decisions)
    assert row_by_row == at_once
    saved = {line: status for line, status, _p, _w in at_once["outcome"][4]}
    assert (saved[40], saved[120], saved[200], saved[280], saved[300]) == (
        "saved", "error", "saved", "skipped", "error"  # 300: Корнеев is entered already
    )  # fmt: skip
    assert [a[0] for a in at_once["log"]].count("person_confirmed") == 1
    assert len(at_once["entries"]) == 1 + at_once["outcome"][2]


def _csv(rows: list[list], more: tuple[str, ...] = ()) -> bytes:
    """A file of (ФИО, Д.р., *``more`` columns) rows, the rest of each row the same."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";")
    writer.writerow(["ФИО", "Д.р.", "Пол", "Клуб", "Регион", "Представитель", "Тел.", *more])
    for fio, born, *rest in rows:
        writer.writerow(
            [fio, born, "М", "Шеш-беш", "Москва", "Петров Пётр Петрович", "+7 900 111-22-33", *rest]
        )
    return out.getvalue().encode("utf-8")


@pytest.mark.django_db
def test_a_team_events_file_with_documents_and_seeds_saved_at_once_is_the_same_issue_35_4(secretary):
    t = make_tournament(secretary, character="team")
    rows = [
        [f"Командин{'абвгдежзий'[i]} Иван Иванович", f"{i + 1:02d}.04.1990", f"Команда {i % 3}",
         "да" if i % 2 else "", str(i + 1) if i % 4 else "", str(1500 + i) if i % 3 else ""]
        for i in range(10)
    ]  # fmt: skip
    rows[6][1] = "31.02.1990"  # no such day: not saved, and no number lost
    data = _csv(rows, ("Команда", "Документ предъявлен", "Посев", "Рейтинг"))
    row_by_row, at_once = _both_ways(t, secretary, "team.csv", data, {})
    assert row_by_row == at_once
    assert [e["number"] for e in at_once["entries"]] == list(range(1, 10))
    assert {e["team_entry_id"] for e in at_once["entries"]} == {"Команда 0", "Команда 1", "Команда 2"}
    assert sum(e["has_identity_document"] for e in at_once["entries"]) == 5
    assert sorted(e["seed"] for e in at_once["entries"] if e["seed"]) == [2, 3, 4, 6, 8, 10]


@pytest.mark.django_db
def test_the_bulk_write_takes_a_few_statements_and_no_savepoint_a_row_issue_35_4(t, secretary):
    data = _csv(
        [[f"Пачкин{'абвгдежзийклмнопрст'[i]} Иван Иванович", f"{i + 1:02d}.05.1990"] for i in range(19)]
    )
    with CaptureQueriesContext(connection) as queries:
        outcome = imports.confirm(t, "many.csv", data, secretary)
    assert outcome.saved == 19
    sql = [q["sql"].upper() for q in queries.captured_queries]
    # the import's transaction (a savepoint inside the test's) and the bulk write's: none a row
    assert sum(1 for s in sql if "SAVEPOINT" in s and "RELEASE" not in s and "ROLLBACK" not in s) <= 2
    assert sum(1 for s in sql if s.startswith("INSERT")) == 2  # the people, the entries
    assert len(sql) < 25  # each read once for the file (18 for these 19 rows; row by row: 204)


@pytest.mark.django_db
def test_a_person_registered_meanwhile_makes_the_import_save_row_by_row_issue_35_4(t, secretary):
    """Another registration made one of the file's new people after the file's people were read: the bulk
    insert meets the identity constraint, is undone whole, and the rows are saved one by one as before."""
    data = _csv([[f"Гонкин{'абв'[i]} Иван Иванович", f"{i + 1:02d}.06.1990"] for i in range(3)])
    real = Person.objects.bulk_create
    calls = []

    def racing(objs, *args, **kwargs):
        if not calls:
            calls.append(1)
            Person.objects.create(
                surname="Гонкинб", name="Иван", patronymic="Иванович", birth_date="1990-06-02"
            )
        return real(objs, *args, **kwargs)

    with mock.patch.object(Person.objects, "bulk_create", side_effect=racing):
        outcome = imports.confirm(t, "race.csv", data, secretary)
    assert outcome.saved == 3 and calls == [1]
    assert Person.objects.filter(surname="Гонкинб").count() == 1
    assert sorted(Entry.objects.filter(tournament=t).values_list("number", flat=True)) == [1, 2, 3]


ROWS = [
    {"surname": "Иванов", "name": "Иван", "birth_date": "1990-03-15", "gender": "male", "organisation": "К",
     "region": "Москва", "responsible_name": "Петров", "responsible_phone": "1", "disciplines": ["long"]},
    {"surname": "", "name": "Иван", "birth_date": "2030-01-01", "gender": "x", "organisation": "",
     "region": "Москва", "responsible_name": "Петров", "disciplines": ["short"], "qualification": "бог"},
    {"surname": "Петров", "name": "Пётр", "birth_date": "1890-01-01", "gender": "female", "organisation": "К",
     "region": "Москва", "responsible_name": "П", "responsible_email": "плохой", "disciplines": ["long"],
     "team_name": "  Команда   1 ", "qualification": "cms"},
]  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize("character", ["personal", "team"])
def test_a_files_row_form_checks_as_the_entry_form_does_issue_35_4(secretary, character):
    """The import's row form copies its fields once for the file (``imports._row_form``): row after row it
    finds what ``EntryForm`` finds — the same errors, the same cleaned values; ``EntryForm`` unchanged."""
    t = make_tournament(secretary, character=character)
    row_form = imports._row_form()
    for data in ROWS * 2:
        theirs = EntryForm(data=data, tournament=t)
        ours = row_form(data=data, tournament=t)
        assert ours.is_valid() == theirs.is_valid()
        assert ours.errors == theirs.errors
        assert ours.cleaned_data == theirs.cleaned_data
    assert EntryForm.base_fields["team_name"].required is False  # a team event's form changed its own copy


@pytest.mark.django_db
def test_a_file_of_people_entered_already_is_checked_without_a_query_a_row_issue_35_4(t, secretary):
    """Each row of someone entered already names his entry in its message: the entries are read with their
    people for the whole file (it was a query a row)."""
    data = _csv(
        [[f"Дважды{'абвгдежзийклмнопрст'[i]} Иван Иванович", f"{i + 1:02d}.07.1990"] for i in range(19)]
    )
    assert imports.confirm(t, "first.csv", data, secretary).saved == 19
    with CaptureQueriesContext(connection) as queries:
        outcome = imports.preview(t, "again.csv", data, secretary)
    assert len(outcome.problems) == 19 and "уже зарегистрирована" in outcome.problems[0].problems[0][1]
    assert len(queries.captured_queries) < 19
