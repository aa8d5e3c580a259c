"""Issue 31, "Must be shown": the person page, the judges' register and the sanctions register in Chromium on
a 390 px phone and a laptop — no sideways scrolling, the content a visitor looks for visible (the federation
ID, the rating and its plot, the events, a lapsed category, a disqualification in force). Screenshots go to
docs/federation/ when NARDY_SCREENSHOTS is set."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from federation import manager
from federation.models import JudgeCategory, RankHeld
from judging.models import Sanction
from registration.models import Official, Person
from tests.federation.builders import finished_event, people

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DAY = datetime.date(2026, 3, 1)
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "federation"


@pytest.fixture
def register(secretary):
    field = people(10)
    Person.objects.filter(pk=field[0].pk).update(
        surname="Константинопольский-Задунайский",
        organisation="Федерация нард Ханты-Мансийского автономного округа — Югры",
    )
    events = [
        finished_event(
            secretary,
            field[: 8 + i % 3],
            end=DAY + datetime.timedelta(days=9 * i),
            seed=i,
            name=f"Кубок федерации, этап {i + 1}",
        )
        for i in range(5)
    ]
    for t in events:
        manager.event_finished(t)
    JudgeCategory.objects.create(
        person=field[9],
        category="first",
        assigned_on=datetime.date(2025, 1, 1),
        order="Приказ Минспорта № 123 от 01.01.2025",
        lapses_on=datetime.date(2099, 1, 1),
    )
    JudgeCategory.objects.create(
        person=field[8],
        category="national",
        assigned_on=datetime.date(2014, 5, 1),
        order="Приказ № 45-нг",
        lapses_on=datetime.date(2018, 5, 1),
    )
    Official.objects.create(tournament=events[0], person=field[9], role=Official.Role.JUDGE)
    RankHeld.objects.create(
        person=field[0],
        rank="cms",
        assigned_on=datetime.date(2025, 9, 1),
        order="Приказ Министерства спорта Ханты-Мансийского автономного округа — Югры № 1234-р от 01.09.2025",
        note="по итогам чемпионата округа",
    )
    Sanction.objects.create(
        person=field[1],
        tournament=events[0],
        kind="disqualification",
        clause="004 §5.7.4",
        starts_on=DAY,
        ends_on=datetime.date(2099, 1, 1),
    )
    return field


def _check(page, url: str, live_server, text: list[str], name: str, width: int) -> None:
    page.goto(live_server.url + url)
    for t in text:
        expect(page.get_by_text(t, exact=False).first).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width, url
    if os.environ.get("NARDY_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("device", ["phone", "desktop"])
def test_issue31_register_pages_on_a_phone_and_a_laptop(live_server, register, device, request):
    context = request.getfixturevalue(device)
    width = 390 if device == "phone" else 1280
    page = context.new_page()
    star = register[0]
    _check(
        page,
        reverse("federation:person", args=[star.pk]),
        live_server,
        [
            str(star.pk),
            "Кубок федерации, этап 5",
            "Изменение рейтинга",
            "Спортивные разряды и звания",
            "№ 1234-р",
        ],
        f"person-{device}",
        width,
    )
    expect(page.locator("svg polyline")).to_have_count(1)
    _check(
        page,
        reverse("federation:person", args=[register[9].pk]),
        live_server,
        ["Справка о судейской практике (PDF)", "Приказ Минспорта № 123 от 01.01.2025"],
        f"judge-{device}",
        width,
    )
    _check(
        page,
        reverse("federation:judges"),
        live_server,
        ["Реестр судей", "истекла", "Приказ № 45-нг", "Список спортивных судей сезона (PDF)"],
        f"judges-{device}",
        width,
    )
    _check(
        page,
        reverse("federation:sanctions"),
        live_server,
        ["Реестр санкций", "действует", "01.01.2099"],
        f"sanctions-{device}",
        width,
    )
    _check(
        page,
        reverse("federation:live_list", args=["long"]),
        live_server,
        ["текущий список"],
        f"list-{device}",
        width,
    )
