"""Issue 18, a competition of several events (004 §1.2): its home, its schedule (with the officials'
conflicts) and a person's events and next matches fit a 390 px phone."""

from __future__ import annotations

import pytest
from django.urls import reverse

from registration.models import Person
from tests.competitions.test_competition_schedule_and_registration import _at, _plan, competition  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)


def _width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_the_competition_pages_fit_a_390_px_phone_004_1_2(
    live_server,
    phone,
    client,
    secretary,
    competition,  # noqa: F811
):
    c, (long_men, short_men, blitz_men, _women) = competition
    Person.objects.filter(surname="Бобров").update(surname="Константинопольский-Задунайский")
    client.force_login(secretary)
    _plan(client, long_men, {1: _at(0, 10), 2: _at(0, 14)})
    _plan(client, short_men, {1: _at(0, 12), 2: _at(0, 14)})
    _plan(client, blitz_men, {1: _at(0, 17)})
    person = Person.objects.get(surname="Константинопольский-Задунайский")
    pages = {
        "home": reverse("public:competition", args=[c.pk]),
        "schedule": reverse("public:competition_schedule", args=[c.pk]),
        "person": reverse("public:competition_person", args=[c.pk, person.pk]),
    }
    page = phone.new_page()
    too_wide = {}
    for name, url in pages.items():
        page.goto(live_server.url + url)
        if _width(page) > 390:
            too_wide[name] = _width(page)
    # The officials' view of the schedule: the conflicts and the links to each event's plan.
    phone.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page.goto(live_server.url + pages["schedule"])
    assert page.locator("#conflicts").is_visible()
    if _width(page) > 390:
        too_wide["schedule (officials)"] = _width(page)
    assert too_wide == {}


def test_the_competition_documents_page_fits_a_390_px_phone_004_1_2(
    live_server,
    phone,
    client,
    chief_judge,
    competition,  # noqa: F811
):
    """Every state on the page at once: current, out of date (with the previous version), never made."""
    from protocols import competition as comp

    c, (long_men, short_men, _blitz, _women) = competition
    client.force_login(chief_judge)
    url = reverse("public:competition_documents", args=[c.pk])
    for kind in ("comp_registration", "comp_schedule"):
        assert client.post(url, {"kind": kind}).status_code == 302
    assert client.post(url, {"kind": "standings", "event": short_men.pk}).status_code == 302
    assert client.post(url, {"kind": "final", "event": long_men.pk}).status_code == 302
    long_men.save()  # a change: the competition's and long_men's documents are out of date
    phone.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = phone.new_page()
    page.goto(live_server.url + url)
    first = comp.first_event(c)
    assert page.locator(f"#doc-{first.pk}-comp_schedule [data-state=outdated]").is_visible()
    assert page.locator(f"#doc-{short_men.pk}-standings [data-state=current]").is_visible()
    page.screenshot(path="/tmp/competition-documents-390.png", full_page=True)
    assert _width(page) <= 390
    # The competition PDF's own page, with its breadcrumb back here.
    page.goto(live_server.url + reverse("protocols:document", args=[first.pk, "comp_schedule"]))
    assert page.locator("#breadcrumb").is_visible()
    assert _width(page) <= 390
