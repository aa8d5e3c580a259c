"""Entries imported from CSV or XLSX: a preview names every bad row and its columns before anything is
saved; confirming saves the good rows and nothing else; a file that is not CSV/XLSX, or is empty, gets a clear
message and saves nothing."""

from __future__ import annotations

import csv
import datetime
import io
import re

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from registration.models import Entry, EntryImport, Person, Source
from tournaments.models import AuditEntry

HEADER = [
    "Фамилия",
    "Имя",
    "Отчество",
    "Дата рождения",
    "Пол",
    "Организация",
    "Регион",
    "Разряд",
    "Дисциплины",
    "Ответственное лицо",
    "Телефон",
    "E-mail",
]
BAD = {
    17: ("Дата рождения", "31.02.1990"),  # no such day
    58: ("Пол", "X"),
    144: ("Фамилия", ""),
}


def _rows(n: int = 200, bad: dict | None = None) -> list[list]:
    bad = BAD if bad is None else bad
    rows = []
    for i in range(n):
        born = datetime.date(1970, 1, 1) + datetime.timedelta(days=97 * i)
        row = [
            f"Участников{i:03d}",
            "Пётр",
            "Ильич",
            born.strftime("%d.%m.%Y"),
            "М" if i % 3 else "ж",
            f"Клуб {i % 7}",
            "Москва",
            ["КМС", "1 разряд", "б/р", ""][i % 4],
            "длинные" if i % 2 else "",
            "Тренеров Т. Т.",
            "+7 900 111-22-33",
            "",
        ]
        line = i + 2  # the header is line 1
        if line in bad:
            column, value = bad[line]
            row[HEADER.index(column)] = value
        rows.append(row)
    return rows


def _csv(rows, delimiter=";", encoding="utf-8-sig", header=HEADER) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue().encode(encoding)


def _upload(client, t, name, content):
    return client.post(
        reverse("registration:import", args=[t.pk]), {"file": SimpleUploadedFile(name, content)}
    )


def _counts():
    return (
        Entry.objects.count(),
        Person.objects.count(),
        AuditEntry.objects.filter(action="entries_import").count(),
    )


@pytest.fixture
def secretary_client(client, secretary):
    client.force_login(secretary)
    return client


def test_a_200_row_file_with_3_bad_rows_is_previewed_then_197_are_saved(secretary_client, t):
    before = _counts()
    response = _upload(secretary_client, t, "entries.csv", _csv(_rows()))
    assert response.status_code == 200
    outcome = response.context["outcome"]
    assert (outcome.rows, outcome.good) == (200, 197)
    assert [p.line for p in outcome.problems] == sorted(BAD)
    for problem in outcome.problems:
        column, _value = BAD[problem.line]
        assert [c for c, _m in problem.problems] == [column], problem
    page = response.content.decode()
    for line, (column, _value) in BAD.items():
        assert re.search(rf"<td>{line}</td>.*?<b>{column}</b>", page, re.S), line
    assert "Пока ничего не сохранено" in page
    assert _counts() == before  # the preview saved nothing

    batch = EntryImport.objects.get()
    response = secretary_client.post(reverse("registration:import_confirm", args=[t.pk, batch.pk]))
    assert response.status_code == 302
    entries = Entry.objects.filter(tournament=t)
    assert entries.count() == 197
    assert Person.objects.count() == before[1] + 197
    saved = set(entries.values_list("person__surname", flat=True))
    expected = {row[0] for i, row in enumerate(_rows()) if i + 2 not in BAD}
    assert saved == expected
    assert all(e.source == Source.IMPORT and e.status == Entry.Status.PENDING for e in entries)
    assert set(entries.values_list("disciplines", flat=True)) == {"long"}
    assert entries.filter(person__gender="female").count() == len(
        [i for i in range(200) if i % 3 == 0]
    ) - sum(1 for line in BAD if (line - 2) % 3 == 0)
    log = AuditEntry.objects.get(action="entries_import")
    assert log.data["rows_not_saved"] == sorted(BAD)

    # A second click on "save" imports nothing more.
    secretary_client.post(reverse("registration:import_confirm", args=[t.pk, batch.pk]))
    assert Entry.objects.filter(tournament=t).count() == 197


def test_an_xlsx_workbook_with_real_dates_and_a_duplicate(secretary_client, t):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(
        [
            "фамилия",
            "ИМЯ",
            "Отчество",
            "Date of birth",
            "Пол",
            "Клуб",
            "Регион",
            "Телефон",
            "Ответственное лицо",
            "Примечание",
        ]
    )
    sheet.append(
        [
            "Алиев",
            "Артур",
            "",
            datetime.datetime(1990, 5, 17),
            "м",
            "Клуб А",
            "Москва",
            79001112233,
            "Алиев А.",
            "—",
        ]
    )
    sheet.append(
        ["Бабаян", "Борис", "Б", datetime.date(1991, 6, 1), "М", "Клуб Б", "Москва", "+7 900", "Б. Б.", ""]
    )
    sheet.append(["алиев", "артур", None, "17.05.1990", "М", "Клуб А", "Москва", "+7", "Алиев А.", ""])
    sheet.append([None] * 10)  # blank lines at the end are skipped
    out = io.BytesIO()
    book.save(out)
    response = _upload(secretary_client, t, "Заявки.XLSX", out.getvalue())
    outcome = response.context["outcome"]
    assert (outcome.rows, outcome.good) == (3, 2)
    assert outcome.ignored_columns == ("Примечание",)
    (problem,) = outcome.problems
    assert problem.line == 4 and "уже есть в строке 2 этого файла" in problem.problems[0][1]
    secretary_client.post(reverse("registration:import_confirm", args=[t.pk, EntryImport.objects.get().pk]))
    aliev = Entry.objects.get(tournament=t, person__surname="Алиев")
    assert aliev.person.birth_date == datetime.date(1990, 5, 17) and aliev.responsible_phone == "79001112233"
    assert Entry.objects.filter(tournament=t).count() == 2


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("entries.pdf", b"%PDF-1.4 ...", "только файл CSV или XLSX"),
        ("entries.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "только файл CSV или XLSX"),
        ("picture.csv", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "не является текстовым файлом CSV"),
        ("fake.xlsx", b"just text", "не является книгой XLSX"),
        ("broken.xlsx", b"PK\x03\x04broken zip", "не удалось прочитать"),
        ("empty.csv", b"", "Файл пуст"),
        ("blank.csv", b"\r\n \r\n", "Файл пуст"),
        ("header-only.csv", _csv([]), "нет ни одной заявки"),
        ("wrong-columns.csv", b"a;b;c\n1;2;3\n", "нет столбцов: Фамилия, Имя, Дата рождения"),
    ],
)
def test_a_file_that_is_not_csv_or_xlsx_or_is_empty_gets_a_clear_message_and_saves_nothing(
    secretary_client, t, name, content, message
):
    before = _counts()
    response = _upload(secretary_client, t, name, content)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert _counts() == before and not EntryImport.objects.exists()


def test_no_file_at_all_is_a_form_error(secretary_client, t):
    response = secretary_client.post(reverse("registration:import", args=[t.pk]), {})
    assert response.status_code == 400 and not EntryImport.objects.exists()


def test_a_cp1251_csv_with_commas_is_read(secretary_client, t):
    rows = _rows(3, bad={})
    response = _upload(secretary_client, t, "win.csv", _csv(rows, delimiter=",", encoding="cp1251"))
    assert response.context["outcome"].good == 3


def test_a_row_of_someone_already_entered_or_an_official_of_the_tournament(secretary_client, t, secretary):
    first = _rows(1, bad={})[0]
    _upload(secretary_client, t, "a.csv", _csv([first]))
    secretary_client.post(reverse("registration:import_confirm", args=[t.pk, EntryImport.objects.get().pk]))
    response = _upload(secretary_client, t, "b.csv", _csv([first]))
    (problem,) = response.context["outcome"].problems
    assert problem.line == 2 and "уже зарегистрирована" in problem.problems[0][1]


def test_the_sample_file_is_understood(secretary_client, t):
    sample = secretary_client.get(reverse("registration:import_template", args=[t.pk])).content
    response = _upload(secretary_client, t, "entries.csv", sample)
    assert response.context["outcome"].good == 1
