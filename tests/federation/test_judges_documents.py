"""Issue 31 §1: a judge's «справка о судейской практике» and the season's judges' list as PDFs — the data
by hand, the PDFs read back, the links from the person page and /judges/, no personal data, 404s."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from federation import register
from federation.models import JudgeCategory
from registration.models import Official
from tests.protocols.conftest import pdf_text
from tournaments.models import Tournament

from .builders import finished_event, people

pytestmark = pytest.mark.django_db
TODAY = datetime.date(2026, 12, 7)


@pytest.fixture(autouse=True)
def russian():
    with translation.override("ru"):
        yield


def _judge(person, category: str, assigned: datetime.date, years: int, order: str) -> JudgeCategory:
    return JudgeCategory.objects.create(
        person=person,
        category=category,
        assigned_on=assigned,
        order=order,
        lapses_on=assigned.replace(year=assigned.year + years),
    )


@pytest.fixture
def judged(secretary):
    """A judge with two categories (СС2К from 2021, СС1К from 2025) and three finished events, in one of
    them not accredited (no practice), and one running (no practice yet)."""
    field = people(6)
    judge = people(1, start=500)[0]
    _judge(judge, "second", datetime.date(2021, 3, 1), 4, "Приказ № 11 от 01.03.2021")
    _judge(judge, "first", datetime.date(2025, 6, 1), 2, "Приказ № 45-с от 01.06.2025")
    events = [
        finished_event(secretary, field, end=datetime.date(2024, 5, 20), seed=1, name="Кубок весны"),
        finished_event(secretary, field, end=datetime.date(2026, 4, 12), seed=2, name="Чемпионат области"),
        finished_event(secretary, field, end=datetime.date(2026, 9, 9), seed=3, name="Первенство клубов"),
        finished_event(
            secretary, field, end=datetime.date(2026, 11, 1), seed=4, name="Открытый турнир",
            status=Tournament.Status.RUNNING,
        ),
    ]  # fmt: skip
    Official.objects.create(tournament=events[0], person=judge, role=Official.Role.JUDGE)
    Official.objects.create(tournament=events[1], person=judge, role=Official.Role.CHIEF_JUDGE)
    Official.objects.create(tournament=events[2], person=judge, role=Official.Role.JUDGE, accredited=False)
    Official.objects.create(tournament=events[3], person=judge, role=Official.Role.JUDGE)
    other = people(1, start=501)[0]
    Official.objects.create(tournament=events[2], person=other, role=Official.Role.JUDGE, accredited=False)
    return judge, events


def test_issue31_the_practice_certificate_lists_finished_accredited_judging_with_the_category_then(judged):
    judge, events = judged
    data = register.practice_certificate(judge, TODAY)
    assert data.federation_id == judge.pk
    assert [e.tournament for e in data.events] == ["Кубок весны", "Чемпионат области"]  # by date
    assert [e.category for e in data.events] == ["second", "first"]  # the one in force on the first day
    assert data.events[1].role == "главный судья"
    assert [(c.category, c.in_force) for c in data.categories] == [("first", True), ("second", False)]


def test_issue31_the_practice_certificate_pdf_reads_back(client, judged):
    judge, _events = judged
    response = client.get(reverse("protocols:judge_practice", args=[judge.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = " ".join(pdf_text(response.content))
    assert "Справка о судейской практике" in text
    assert judge.full_name in text and f"ID федерации {judge.pk}" in text
    assert "Приказ № 45-с от 01.06.2025" in text and "СС1К" in text and "СС2К" in text
    assert "Кубок весны" in text and "Чемпионат области" in text
    assert "Первенство клубов" not in text  # not accredited there
    assert "Открытый турнир" not in text  # not finished
    assert "Всего соревнований: 2." in text
    assert judge.birth_date.strftime("%d.%m.%Y") not in text  # no personal data


def test_issue31_no_certificate_for_a_person_who_never_judged(client, judged):
    nobody = people(1, start=600)[0]
    assert client.get(reverse("protocols:judge_practice", args=[nobody.pk])).status_code == 404
    assert client.get(reverse("protocols:judge_practice", args=[999999])).status_code == 404


def test_issue31_the_seasons_judges_list_data(judged):
    judge, _events = judged
    late = people(1, start=502)[0]
    _judge(late, "national", datetime.date(2019, 1, 10), 4, "Приказ Минспорта № 3-нг")  # lapsed in 2023
    young = people(1, start=503)[0]
    _judge(young, "young", datetime.date(2026, 2, 1), 1, "Приказ № 2")
    data = register.season_judges(2026, TODAY)
    assert data.as_of == TODAY
    ids = [r.federation_id for r in data.rows]
    assert ids == [judge.pk, young.pk]  # by category (СС1К before ЮСС); the lapsed one is not of 2026
    row = data.rows[0]
    assert row.category.category == "first" and row.category.in_force and row.events == 1
    assert register.season_judges(2022, TODAY).rows[0].federation_id == late.pk
    earlier = register.season_judges(2024, TODAY)
    by_id = {r.federation_id: r for r in earlier.rows}
    assert earlier.as_of == datetime.date(2024, 12, 31)
    assert by_id[judge.pk].category.category == "second" and by_id[judge.pk].events == 1


def test_issue31_the_seasons_judges_list_pdf_reads_back(client, judged):
    judge, _events = judged
    response = client.get(reverse("protocols:season_judges", args=[2026]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = " ".join(pdf_text(response.content))
    assert "Список спортивных судей сезона 2026" in text
    assert judge.full_name in text and "СС1К" in text and "01.06.2027" in text
    assert "Всего судей: 1." in text
    assert client.get(reverse("protocols:season_judges", args=[1999])).status_code == 404
    assert client.get(reverse("protocols:season_judges", args=[3000])).status_code == 404


def test_issue31_the_seasons_list_reads_a_constant_number_of_queries(judged):
    def count() -> int:
        with CaptureQueriesContext(connection) as ctx:
            register.season_judges(2026, TODAY)
        return len(ctx.captured_queries)

    one = count()
    for i, person in enumerate(people(20, start=800)):
        _judge(person, ["first", "second", "third"][i % 3], datetime.date(2025, 1, 1), 4, f"Приказ № {i}")
    assert count() == one == 2
    assert len(register.season_judges(2026, TODAY).rows) == 21


def test_issue31_the_person_page_and_judges_register_link_the_pdfs(client, judged):
    judge, _events = judged
    page = client.get(reverse("federation:person", args=[judge.pk])).content.decode()
    assert reverse("protocols:judge_practice", args=[judge.pk]) in page
    page = client.get(reverse("federation:judges")).content.decode()
    year = datetime.date.today().year
    assert reverse("protocols:season_judges", args=[year]) in page
