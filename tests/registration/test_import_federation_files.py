"""A federation's real files (issue 17): the headings it uses, a title above the header, Excel's «Текст
Юникод», the representative's phone given once, ranks and years of birth as written, the coach, and twins
that are proposed to the secretary, never made silently (004 §5.1.3)."""

from __future__ import annotations

import codecs
import datetime
import re

import pytest
from django.urls import reverse

from registration import imports
from registration.models import Entry, EntryImport, Person, Qualification
from tests.registration.test_import import _upload

TITLE = [
    ["ЗАЯВКА"],
    ["на участие в Кубке города по длинным нардам"],
    ["от Федерации нард Тульской области, г. Тула"],
    [],
]
HEADER = ["№", "ФИО", "Д.р.", "Пол", "Клуб", "Субъект РФ", "Звание", "Тренер", "Представитель", "Тел."]


def _row(n, fio, born, rank="", coach="", rep="Петров Пётр Петрович", phone=""):
    return [str(n), fio, born, "М", "Шеш-беш", "Тульская область", rank, coach, rep, phone]


def _text(rows, delimiter=";", encoding="utf-8", bom=b"") -> bytes:
    lines = [delimiter.join(str(c) for c in row) for row in rows]
    return bom + ("\r\n".join(lines) + "\r\n").encode(encoding)


@pytest.fixture
def secretary_client(client, secretary):
    client.force_login(secretary)
    return client


def _confirm(client, t, **choices):
    batch = EntryImport.objects.latest("created_at")
    data = {f"person-{line}": value for line, value in choices.items()}
    return client.post(reverse("registration:import_confirm", args=[t.pk, batch.pk]), data)


def _plans(response) -> dict[int, imports.RowPlan]:
    return {p.line: p for p in response.context["outcome"].plans}


def test_a_column_headed_representative_is_the_responsible_person_5_1_3(secretary_client, t):
    content = _text([HEADER, _row(1, "Иванов Иван Иванович", "15.03.1990", phone="+7 900 111-22-33")])
    response = _upload(secretary_client, t, "zayavka.csv", content)
    assert response.status_code == 200, response.content.decode()[-2000:]
    (plan,) = response.context["outcome"].plans
    assert plan.status == "new" and plan.responsible.startswith("Петров Пётр Петрович")
    _confirm(secretary_client, t)
    entry = Entry.objects.get(tournament=t)
    assert entry.responsible_name == "Петров Пётр Петрович"
    assert (entry.person.surname, entry.person.name, entry.person.patronymic) == (
        "Иванов",
        "Иван",
        "Иванович",
    )
    assert entry.club == "Шеш-беш" and entry.organisation == "Шеш-беш" and entry.region == "Тульская область"


@pytest.mark.parametrize(
    "heading, field",
    [
        ("Фамилия Имя Отчество", "full_name"),
        ("Участник", "full_name"),
        ("Дата рождения (дд.мм.гггг)", "birth_date"),
        ("Год рождения", "birth_date"),
        ("Разряд/звание", "qualification"),
        ("Квалификация", "qualification"),
        ("Ответственный", "responsible_name"),
        ("Контактное лицо", "responsible_name"),
        ("ТРЕНЕР", "coach"),
        ("Тел.", "responsible_phone"),
        ("Город", "region"),
        ("Команда", "team_name"),
    ],
)
def test_column_synonyms(heading, field):
    assert imports.column_of(heading) == field


def test_a_title_block_above_the_header_is_skipped_and_rows_keep_their_numbers(secretary_client, t):
    rows = [*TITLE, HEADER, _row(1, "Иванов Иван Иванович", "15.03.1990", phone="+7 900")]
    rows += [_row(2, "Сидоров Сидор Сидорович", "31.02.1990")]
    response = _upload(secretary_client, t, "zayavka.csv", _text(rows))
    outcome = response.context["outcome"]
    assert outcome.header_line == 5
    assert [(p.line, p.status) for p in outcome.plans] == [(7, "error"), (6, "new")]
    assert outcome.problems[0].problems[0][0] == "Дата рождения"


def test_a_title_block_in_a_workbook_is_skipped_too(secretary_client, t):
    import io

    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    for row in [*TITLE, HEADER, _row(1, "Иванов Иван Иванович", datetime.datetime(1990, 3, 15), phone="+7")]:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    response = _upload(secretary_client, t, "zayavka.xlsx", out.getvalue())
    (plan,) = response.context["outcome"].plans
    assert (plan.line, plan.status, plan.birth) == (6, "new", "15.03.1990")


@pytest.mark.parametrize(
    "encoding, bom", [("utf-16-le", codecs.BOM_UTF16_LE), ("utf-16-be", codecs.BOM_UTF16_BE)]
)
def test_excels_unicode_text_utf16_with_tabs_is_read(secretary_client, t, encoding, bom):
    rows = [*TITLE, HEADER, _row(1, "Ёлкина Анна Сергеевна", "01.02.1991", phone="+7 900")]
    response = _upload(secretary_client, t, "Заявка.txt", _text(rows, "\t", encoding, bom))
    assert response.status_code == 200, response.content.decode()[-1500:]
    (plan,) = response.context["outcome"].plans
    assert plan.status == "new" and plan.who == "Ёлкина Анна Сергеевна"
    assert response.context["outcome"].encoding == "utf-16"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp1251"])
@pytest.mark.parametrize("delimiter", [";", ",", "\t"])
def test_encodings_and_separators_are_found(secretary_client, t, encoding, delimiter):
    rows = [["Кубок, г. Тула; 2026"], HEADER, _row(1, "Ёлкин Пётр Семёнович", "08.06.1965", phone="+7")]
    response = _upload(secretary_client, t, "z.csv", _text(rows, delimiter, encoding))
    (plan,) = response.context["outcome"].plans
    assert plan.who == "Ёлкин Пётр Семёнович" and plan.status == "new"


def test_the_representatives_phone_given_once_fills_his_rows(secretary_client, t):
    rows = [HEADER, _row(1, "Алиев Артур Маратович", "01.01.1990", phone="+7 900 111-22-33")]
    rows += [_row(i, f"Игроков{i} Иван Иванович", "01.01.1990") for i in range(2, 5)]
    rows += [_row(5, "Сидоров Сидор Сидорович", "01.01.1990", rep="Кузнецов К. К.")]
    response = _upload(secretary_client, t, "z.csv", _text(rows))
    plans = _plans(response)
    assert all(plans[line].status == "new" for line in (2, 3, 4, 5)), plans
    assert plans[3].responsible == "Петров Пётр Петрович, +7 900 111-22-33" and plans[3].filled == (
        "Телефон",
    )
    assert plans[6].status == "error" and plans[6].problems[0][0] == "Телефон"  # Кузнецов gave none


def test_the_upload_pages_defaults_fill_every_row_without_them(secretary_client, t):
    header = ["Фамилия", "Имя", "Отчество", "Дата рождения", "Пол", "Организация", "Регион"]
    rows = [header, ["Алиев", "Артур", "", "01.01.1990", "М", "Клуб", "Москва"]]
    url = reverse("registration:import", args=[t.pk])
    from django.core.files.uploadedfile import SimpleUploadedFile

    refused = secretary_client.post(url, {"file": SimpleUploadedFile("z.csv", _text(rows))})
    assert refused.status_code == 400 and "Ответственное лицо" in refused.content.decode()
    form = {"responsible_name": "Петров П. П.", "responsible_phone": "+7 900 000-00-00"}
    response = secretary_client.post(url, {"file": SimpleUploadedFile("z.csv", _text(rows)), **form})
    (plan,) = response.context["outcome"].plans
    assert plan.status == "new" and plan.filled == ("Ответственное лицо", "Телефон")
    _confirm(secretary_client, t)
    entry = Entry.objects.get(tournament=t)
    assert (entry.responsible_name, entry.responsible_phone) == ("Петров П. П.", "+7 900 000-00-00")


@pytest.mark.parametrize(
    "written, code",
    [
        ("КМС", "cms"),
        ("мс", "ms"),
        ("МСМК", "msmk"),
        ("1 р.", "adult1"),
        ("2 р.", "adult2"),
        ("2р", "adult2"),
        ("2 разряд", "adult2"),
        ("II разряд", "adult2"),
        ("3 сп. разряд", "adult3"),
        ("б/р", "none"),
        ("Б/Р", "none"),
        ("без разряда", "none"),
        ("1 юн.", "youth1"),
        ("2 юн. р.", "youth2"),
        ("", ""),
        ("-", ""),
    ],
)
def test_ranks_as_federations_write_them(written, code):
    assert imports.parse_rank(written) == code


def test_a_rank_not_understood_is_a_row_error_naming_it():
    with pytest.raises(ValueError, match="7 р"):
        imports.parse_rank("7 р.")


def test_a_rank_and_the_coach_are_kept_on_the_entry(secretary_client, t):
    rows = [HEADER, _row(1, "Алиев Артур Маратович", "01.01.1990", "2 р.", "Сидоров С. С.", phone="+7")]
    _upload(secretary_client, t, "z.csv", _text(rows))
    _confirm(secretary_client, t)
    entry = Entry.objects.get(tournament=t)
    assert entry.qualification == Qualification.ADULT2 and entry.coach == "Сидоров С. С."


@pytest.mark.parametrize("written", ["1965", "1965 г.", 1965, 1965.0])
def test_a_year_only_birth_date_is_read(written):
    assert imports.parse_birth(written) == (datetime.date(1965, 1, 1), True)


@pytest.mark.parametrize("written", ["31.02.1990", "08.06.65", "вчера", "1965-13-01"])
def test_a_birth_date_not_understood_says_so(written):
    with pytest.raises(ValueError):
        imports.parse_birth(written)


def test_a_year_only_person_is_saved_flagged_and_shown_as_the_year(secretary_client, t):
    rows = [HEADER, _row(1, "Алиев Артур Маратович", "1965", phone="+7")]
    response = _upload(secretary_client, t, "z.csv", _text(rows))
    (plan,) = response.context["outcome"].plans
    assert plan.birth == "1965" and plan.status == "new"
    _confirm(secretary_client, t)
    person = Entry.objects.get(tournament=t).person
    assert person.birth_date == datetime.date(1965, 1, 1) and person.birth_year_only
    assert person.birth_display == "1965"


@pytest.fixture
def elkin(db) -> Person:
    return Person.objects.create(
        surname="Ёлкин",
        name="Пётр",
        patronymic="Семёнович",
        birth_date=datetime.date(1965, 6, 8),
        organisation="Шеш-беш",
        region="Тула",
    )


def test_a_twin_spelt_with_e_is_proposed_not_created_5_1_3(secretary_client, t, elkin):
    people = Person.objects.count()
    rows = [HEADER, _row(1, "Елкин Петр Семенович", "08.06.1965", phone="+7")]
    response = _upload(secretary_client, t, "z.csv", _text(rows))
    (plan,) = response.context["outcome"].plans
    assert plan.status == "twin" and [c.person for c in plan.candidates] == [elkin.pk]
    page = response.content.decode()
    assert "возможно, это тот же человек" in page and f'value="{elkin.pk}"' in page
    # Saving without a choice saves nothing and says which row waits.
    refused = _confirm(secretary_client, t)
    assert refused.status_code == 400 and "2" in refused.content.decode()
    assert not Entry.objects.exists() and Person.objects.count() == people
    assert EntryImport.objects.get().status == EntryImport.Status.PREVIEWED
    # A forged choice (a person not proposed) is no choice.
    stranger = Person.objects.create(surname="Чужой", name="Ч", birth_date=datetime.date(1970, 1, 1))
    assert _confirm(secretary_client, t, **{"2": str(stranger.pk)}).status_code == 400
    assert not Entry.objects.exists()
    _confirm(secretary_client, t, **{"2": str(elkin.pk)})
    entry = Entry.objects.get(tournament=t)
    assert entry.person == elkin and Person.objects.count() == people + 1  # + the stranger only


@pytest.mark.parametrize("fio", ["ЁЛКИН П. С.", "Елкин П.С.", "  елкин   Петр  ", "Ёлкин Пётр С."])
def test_case_spaces_and_initials_are_ignored_when_looking_for_twins(secretary_client, t, elkin, fio):
    rows = [HEADER, _row(1, fio, "08.06.1965", phone="+7")]
    (plan,) = _upload(secretary_client, t, "z.csv", _text(rows)).context["outcome"].plans
    assert plan.status == "twin" and plan.candidates[0].person == elkin.pk


def test_an_initials_only_row_cannot_make_a_new_person(secretary_client, t, elkin):
    rows = [HEADER, _row(1, "Елкин П. С.", "08.06.1965", phone="+7")]
    (plan,) = _upload(secretary_client, t, "z.csv", _text(rows)).context["outcome"].plans
    assert not plan.may_be_new
    assert _confirm(secretary_client, t, **{"2": "new"}).status_code == 400
    assert not Entry.objects.exists()


def test_another_birth_date_or_name_is_no_twin(secretary_client, t, elkin):
    rows = [HEADER, _row(1, "Елкин Петр Семенович", "09.06.1965", phone="+7")]
    rows += [_row(2, "Елкин Павел Семенович", "08.06.1965", phone="+7")]
    plans = _upload(secretary_client, t, "z.csv", _text(rows)).context["outcome"].plans
    assert {p.status for p in plans} == {"new"}


def test_a_year_only_row_proposes_the_person_born_that_year(secretary_client, t, elkin):
    rows = [HEADER, _row(1, "Ёлкин Пётр Семёнович", "1965", phone="+7")]
    (plan,) = _upload(secretary_client, t, "z.csv", _text(rows)).context["outcome"].plans
    assert plan.status == "twin" and plan.candidates[0].person == elkin.pk


def test_the_secretary_may_register_a_new_person_explicitly(secretary_client, t, elkin):
    rows = [HEADER, _row(1, "Елкин Петр Семенович", "08.06.1965", phone="+7")]
    _upload(secretary_client, t, "z.csv", _text(rows))
    _confirm(secretary_client, t, **{"2": "new"})
    entry = Entry.objects.get(tournament=t)
    assert entry.person != elkin and entry.person.surname == "Елкин"


def test_a_proposed_person_already_entered_cannot_be_chosen(secretary_client, t, elkin):
    from tests.registration.helpers import make_entry

    make_entry(t, person=elkin)
    rows = [HEADER, _row(1, "Елкин Петр Семенович", "08.06.1965", phone="+7")]
    (plan,) = _upload(secretary_client, t, "z.csv", _text(rows)).context["outcome"].plans
    assert plan.candidates[0].entry is not None
    assert _confirm(secretary_client, t, **{"2": str(elkin.pk)}).status_code == 400


def test_a_duplicate_row_is_reported_with_its_real_line_number(secretary_client, t):
    rows = [*TITLE, HEADER, _row(1, "Иванов Иван Иванович", "15.03.1990", phone="+7"), []]
    rows += [_row(2, "Петров Пётр Петрович", "15.03.1991"), _row(3, "Иванов Иван Иванович", "15.03.1990")]
    rows += [_row(4, "ИВАНОВ И. И.", "15.03.1990")]
    response = _upload(secretary_client, t, "z.csv", _text(rows))
    problems = {p.line: p.problems[0][1] for p in response.context["outcome"].problems}
    assert set(problems) == {9, 10}
    assert "уже есть в строке 6 этого файла" in problems[9]
    assert "строке 6" in problems[10]


def test_the_preview_lists_every_row_as_it_will_be_saved_bad_ones_first(secretary_client, t, elkin):
    rows = [HEADER, _row(1, "Алиев Артур Маратович", "01.01.1990", "КМС", "Сидоров С. С.", phone="+7 900")]
    rows += [_row(2, "Бабаев Борис Борисович", "31.02.1990"), _row(3, "Елкин Петр Семенович", "08.06.1965")]
    rows += [_row(4, "Гусейнов Гусейн", "1970", "2 р.")]
    response = _upload(secretary_client, t, "z.csv", _text(rows))
    outcome = response.context["outcome"]
    assert [(p.line, p.status) for p in outcome.plans] == [(3, "error"), (4, "twin"), (2, "new"), (5, "new")]
    page = response.content.decode()
    order = [page.index(f'id="row-{line}"') for line in (3, 4, 2, 5)]
    assert order == sorted(order)
    row_2 = page[order[2] : order[3]]
    for shown in ("Алиев Артур Маратович", "01.01.1990", "Шеш-беш", "Тульская область", "кандидат в мастера"):
        assert shown in row_2, shown
    assert "Сидоров С. С." in row_2
    assert re.search(r"1970\s*<span class=\"muted\">\(только год\)", page)
    assert "Пока ничего не сохранено" in page and not Entry.objects.exists()
