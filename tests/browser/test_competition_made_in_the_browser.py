"""A competition created and run from the UI in Chromium (issue 28 §3; 004 §1.2, §5.1.3 item 2, §5.3.2):
the secretary creates it from the home page, makes two events in it from its page, opens their entries on
the site; an anonymous visitor finds it on the home page and enters both events with the one form; the
secretary (the chief secretary of both: the judging panel, so the commission, 004 §5.3.3) admits him once
for both from the competition's admission page; both events are drawn with him in round 1."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from draw.models import Match
from registration.models import Entry, Participant
from tests.factories import START, add_players, make_user
from tournaments.models import Competition, Tournament

pytestmark = [pytest.mark.django_db(transaction=True)]


def _login(page, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", f"pw-{username}")
    with page.expect_navigation():
        page.click("main button[type=submit]")


def test_a_competition_is_created_and_run_from_the_ui(live_server, desktop, phone):
    make_user("secretary", can_create=True)
    base = live_server.url
    page = desktop.new_page()
    _login(page, base, "secretary")

    # Created from the home page: name, status, dates, venue, organiser.
    page.goto(base + "/")
    page.get_by_role("link", name="Новое соревнование").click()
    page.fill("#id_name", "Чемпионат округа 2026")
    page.select_option("#id_category", "regional")
    page.fill("#id_start_date", START.isoformat())
    page.fill("#id_end_date", START.isoformat())
    page.fill("#id_venue", "Казань")
    page.fill("#id_organiser", "Федерация нард Татарстана")
    page.click("#competition-form button[type=submit]")
    expect(page.locator("h1")).to_have_text("Чемпионат округа 2026")
    competition = Competition.objects.get()
    home = page.url

    # Two events made in it from its page (the form comes with the competition, its dates and venue).
    for name, discipline in (("Длинные нарды, мужчины", "long"), ("Короткие нарды, мужчины", "short")):
        page.goto(home)
        page.click("#new-event")
        expect(page.locator("#id_competition")).to_have_value(str(competition.pk))
        expect(page.locator("#id_venue")).to_have_value("Казань")
        page.fill("#id_name", name)
        page.select_option("#id_discipline", discipline)
        page.select_option("#id_system", "swiss")
        page.click("#tournament-form button[type=submit]")
        expect(page.locator("#competition-banner")).to_contain_text("Чемпионат округа 2026")
    events = list(Tournament.objects.filter(competition=competition).order_by("pk"))
    assert [t.name for t in events] == ["Длинные нарды, мужчины", "Короткие нарды, мужчины"]
    # Entries on the site, opened in each event's registration settings.
    for t in events:
        page.goto(f"{base}/t/{t.pk}/entries/settings/")
        page.check("#id_self_registration")
        page.click("main form button[type=submit]")
        add_players(t, 3)  # the rest of the field, entered earlier
    page.goto(home)
    expect(page.locator("#events")).to_contain_text("Короткие нарды, мужчины")

    # An anonymous visitor, on his phone: the home page links the competition's one entry form.
    visitor = phone.new_page()
    visitor.goto(base + "/")
    visitor.locator("ul.competitions").get_by_role("link", name="подать заявку").click()
    expect(visitor.locator("h1")).to_have_text("Заявка на соревнование")
    for t in events:
        visitor.get_by_label(re.compile(re.escape(t.name))).check()
    visitor.fill("#id_surname", "Алиев")
    visitor.fill("#id_name", "Артур")
    visitor.fill("#id_birth_date", "1988-03-02")
    visitor.select_option("#id_gender", "male")
    visitor.fill("#id_organisation", "Клуб «Шеш-беш»")
    visitor.fill("#id_region", "Татарстан")
    visitor.fill("#id_responsible_name", "Алиев Артур")
    visitor.fill("#id_responsible_phone", "+7 900 000-00-00")
    visitor.click("#competition-entry button[type=submit]")
    expect(visitor.locator(".messages")).to_contain_text("Заявка принята")
    assert visitor.evaluate("document.documentElement.scrollWidth") <= 390
    entries = Entry.objects.filter(person__surname="Алиев")
    assert sorted(e.tournament_id for e in entries) == [t.pk for t in events]
    assert {e.status for e in entries} == {"pending"}

    # Admission once: from the competition's page, the documents seen once admit him in both events.
    page.goto(home)
    page.click("#admission-link")
    person = entries[0].person
    card = page.locator(f"#person-{person.pk}")
    for label in ("документ, удостоверяющий личность", "медицинский допуск", "полис ОМС"):
        card.get_by_label(label).check()
    card.get_by_role("button", name="Документы предъявлены: допустить во всех видах").click()
    expect(page.locator(".messages")).to_contain_text("Короткие нарды, мужчины: допущен")
    assert {e.status for e in Entry.objects.filter(person=person)} == {"admitted"}

    # Both events drawn, each with him in round 1.
    for t in events:
        page.goto(f"{base}/t/{t.pk}/")
        page.get_by_role("button", name="Провести жеребьёвку тура 1").click()
        expect(page.locator("h1, h2").first).to_be_visible()
        me = Participant.objects.get(tournament=t, person=person)
        assert Match.objects.filter(round__tournament=t, round__number=1).filter(player1=me).exists() or (
            Match.objects.filter(round__tournament=t, round__number=1, player2=me).exists()
        )
    desktop.close()
