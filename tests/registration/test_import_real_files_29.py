"""Real federations' files (issue 29 §5): a date written «120242», foreign names in one «ФИО» column, a men's
event's file without «Пол», the representative's name and phone in one cell, signature lines under the
table, and a long preview's save button (004 §5.1.3: an entry holds the person, the sending organisation and
the responsible person's contacts)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from registration import imports
from registration.models import Entry, EntryImport, Person
from tests.registration.test_import import _upload
from tests.registration.test_import_federation_files import _text
from tournaments.models import Tournament

HEADER = ["№", "ФИО", "Д.р.", "Пол", "Клуб", "Субъект РФ", "Представитель", "Тел."]


def _row(n, fio, born="15.03.1990", gender="М", rep="Петров Пётр Петрович", phone="+7 900 111-22-33"):
    return [str(n), fio, born, gender, "Шеш-беш", "Тульская область", rep, phone]


@pytest.fixture
def secretary_client(client, secretary):
    client.force_login(secretary)
    return client


def _batch() -> EntryImport:
    return EntryImport.objects.latest("created_at")


def _plans(response) -> dict[int, imports.RowPlan]:
    return {p.line: p for p in response.context["outcome"].plans}


# --- dates ---


@pytest.mark.parametrize(
    "written, proposed",
    [("120242", "12.02.1942"), (120242, "12.02.1942"), ("12.02.42", "12.02.1942"), ("010105", "01.01.2005")],
)
def test_5_1_3_a_date_written_ddmmyy_is_reported_with_the_fix_proposed(written, proposed):
    with pytest.raises(ValueError) as exc:
        imports.parse_birth(written)
    assert proposed in str(exc.value)


def test_5_1_3_a_ddmmyy_date_is_a_row_error_in_the_preview_with_its_fix(secretary_client, t):
    response = _upload(
        secretary_client, t, "z.csv", _text([HEADER, _row(1, "Иванов Иван Иванович", "120242")])
    )
    (plan,) = response.context["outcome"].plans
    assert plan.status == "error"
    assert any("12.02.1942" in message for _column, message in plan.problems)
    assert "12.02.1942" in response.content.decode()


# --- names ---


@pytest.mark.parametrize(
    "fio, split, noted",
    [
        ("Иванов Иван Иванович", ("Иванов", "Иван", "Иванович"), False),
        ("Ёлкин П. С.", ("Ёлкин", "П.", "С."), False),
        ("Алиев Рашид Гусейн оглы", ("Алиев", "Рашид", "Гусейн оглы"), False),
        ("Glienke Manfred Dr.", ("Glienke", "Manfred", ""), True),
        ("Messina Giuseppe Ottavio", ("Messina", "Giuseppe Ottavio", ""), True),
    ],
)
def test_5_1_3_a_full_name_is_split_into_a_patronymic_only_when_it_is_one(fio, split, noted):
    got = imports.split_name(fio)
    assert (got.surname, got.name, got.patronymic) == split
    assert bool(got.note) == noted


def test_5_1_3_the_preview_shows_each_split_and_the_secretary_corrects_it(secretary_client, t):
    rows = [HEADER, _row(1, "Glienke Manfred Dr."), _row(2, "Messina Giuseppe Ottavio", "01.02.1970")]
    response = _upload(secretary_client, t, "z.csv", _text(rows))
    plans = _plans(response)
    assert plans[2].split == ("Glienke", "Manfred", "") and "Dr." in plans[2].split_note
    assert plans[3].split == ("Messina", "Giuseppe Ottavio", "") and "Ottavio" in plans[3].split_note
    page = response.content.decode()
    assert 'name="patronymic-3"' in page and 'value="Giuseppe Ottavio"' in page
    # the secretary keeps the first as split and corrects the second: the file is checked again, nothing saved
    batch = _batch()
    data = {
        "surname-2": "Glienke",
        "name-2": "Manfred",
        "patronymic-2": "",
        "surname-3": "Messina",
        "name-3": "Giuseppe",
        "patronymic-3": "Ottavio",
    }
    response = secretary_client.post(reverse("registration:import_confirm", args=[t.pk, batch.pk]), data)
    assert response.status_code == 302 and not Entry.objects.exists()
    page = secretary_client.get(response.url)
    plans = _plans(page)
    assert plans[3].split == ("Messina", "Giuseppe", "Ottavio")
    assert plans[3].split_note == "исправлено секретарём"
    assert plans[2].split == ("Glienke", "Manfred", "")
    # now saved as corrected
    response = secretary_client.post(reverse("registration:import_confirm", args=[t.pk, batch.pk]), data)
    assert response.status_code == 302
    people = {(p.surname, p.name, p.patronymic) for p in Person.objects.filter(entries__tournament=t)}
    assert people == {("Glienke", "Manfred", ""), ("Messina", "Giuseppe", "Ottavio")}


def test_5_1_3_check_again_with_the_names_as_corrected_saves_nothing(secretary_client, t):
    _upload(secretary_client, t, "z.csv", _text([HEADER, _row(1, "Messina Giuseppe Ottavio")]))
    batch = _batch()
    data = {"surname-2": "Messina", "name-2": "Giuseppe", "patronymic-2": "Ottavio"}
    response = secretary_client.post(reverse("registration:import_recheck", args=[t.pk, batch.pk]), data)
    assert response.status_code == 302 and not Entry.objects.exists()
    batch.refresh_from_db()
    assert batch.status == "previewed" and batch.decisions == {
        "names": {"2": ["Messina", "Giuseppe", "Ottavio"]}
    }


def test_5_1_3_only_the_commission_checks_a_file_again(client, t, stranger):
    client.force_login(stranger)
    batch = EntryImport.objects.create(tournament=t, file_name="z.csv", file_format="csv", data=b"x")
    response = client.post(reverse("registration:import_recheck", args=[t.pk, batch.pk]), {})
    assert response.status_code == 403
    batch.refresh_from_db()
    assert batch.status == "previewed" and batch.decisions == {}


# --- gender ---


@pytest.mark.parametrize("group, gender, shown", [("men", "male", "М"), ("women", "female", "Ж")])
def test_2_1_a_file_without_gender_takes_the_events(secretary_client, t, group, gender, shown):
    Tournament.objects.filter(pk=t.pk).update(gender_group=group)
    header = [h for h in HEADER if h != "Пол"]
    row = [c for i, c in enumerate(_row(1, "Иванов Иван Иванович")) if HEADER[i] != "Пол"]
    response = _upload(secretary_client, t, "z.csv", _text([header, row]))
    (plan,) = response.context["outcome"].plans
    assert plan.status == "new" and plan.gender == shown and "Пол" in plan.filled
    secretary_client.post(reverse("registration:import_confirm", args=[t.pk, _batch().pk]))
    assert Entry.objects.get(tournament=t).person.gender == gender


def test_2_1_a_gender_cell_left_empty_is_still_a_row_error(secretary_client, t):
    response = _upload(
        secretary_client, t, "z.csv", _text([HEADER, _row(1, "Иванов Иван Иванович", gender="")])
    )
    (plan,) = response.context["outcome"].plans
    assert plan.status == "error"


# --- the representative ---


def test_5_1_3_a_representatives_name_and_phone_in_one_cell_are_split(secretary_client, t):
    header = [h for h in HEADER if h != "Тел."]
    rows = [
        header,
        _row(1, "Иванов Иван Иванович", rep="Петров Пётр Петрович, +7 900 111-22-33")[:-1],
        _row(2, "Сидоров Сидор Сидорович", "02.02.1980", rep="Петров Пётр Петрович, +7 900 111-22-33")[:-1],
    ]
    response = _upload(secretary_client, t, "z.csv", _text(rows))
    plans = _plans(response)
    assert plans[2].responsible == "Петров Пётр Петрович, +7 900 111-22-33"
    secretary_client.post(reverse("registration:import_confirm", args=[t.pk, _batch().pk]))
    entries = Entry.objects.filter(tournament=t)
    assert {(e.responsible_name, e.responsible_phone) for e in entries} == {
        ("Петров Пётр Петрович", "+7 900 111-22-33")
    }


# --- lines under the table ---


def test_5_3_2_signature_lines_under_the_table_are_skipped_with_a_note(secretary_client, t):
    rows = [
        HEADER,
        _row(1, "Иванов Иван Иванович"),
        _row(2, "Сидоров Сидор Сидорович", "02.02.1980"),
        [],
        ["", "Руководитель делегации", "", "", "_________", "", "Петров П. П."],
        ["", "М.П."],
        ["", "Главный судья ____________ /Сидоров С. С./"],
    ]
    response = _upload(secretary_client, t, "z.csv", _text(rows))
    outcome = response.context["outcome"]
    assert outcome.rows == 2 and outcome.problems == () and outcome.good == 2
    assert [line for line, _text_ in outcome.footer] == [5, 6, 7]
    page = response.content.decode()
    assert "data-footer" in page and "М.П." in page
    # a row with a date of birth is an entry whatever it says
    assert imports._FOOTER.search("Руководитель делегации")


def test_5_3_2_a_row_with_a_birth_date_is_never_a_signature_line(secretary_client, t):
    rows = [HEADER, _row(1, "Иванов Иван Иванович", rep="Представитель клуба ______")]
    response = _upload(secretary_client, t, "z.csv", _text(rows))
    outcome = response.context["outcome"]
    assert outcome.footer == () and outcome.rows == 1


# --- a long preview ---


def test_the_save_button_is_also_above_a_long_preview(secretary_client, t):
    people = [
        _row(
            i,
            f"Игроков{i:02d} Игорь Игоревич",
            (datetime.date(1980, 1, 1) + datetime.timedelta(i)).strftime("%d.%m.%Y"),
        )
        for i in range(1, 13)
    ]
    page = _upload(secretary_client, t, "z.csv", _text([HEADER, *people])).content.decode()
    assert page.count("Сохранить 12 заявок") == 2
    assert page.index("Сохранить 12 заявок") < page.index('class="table import-rows"')
    short = _upload(secretary_client, t, "z.csv", _text([HEADER, *people[:2]])).content.decode()
    assert short.count("Сохранить 2 заявки") == 1
