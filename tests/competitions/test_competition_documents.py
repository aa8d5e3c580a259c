"""The competition's documents in one place for its one panel (004 §1.2; issue 18): its own registration
protocol and schedule and each event's key documents, with their state and the «make» action, through the
test client on a competition of four events."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from protocols import competition as comp
from protocols.models import Document
from registration.models import Official
from tests.competitions.test_competition_registry import _competition
from tests.factories import make_tournament, make_user
from tournaments.models import Competition, Tournament


@pytest.fixture
def competition(secretary, chief_judge):
    return _competition(secretary, chief_judge)


def _page(client, c) -> str:
    response = client.get(reverse("public:competition_documents", args=[c.pk]))
    assert response.status_code == 200, response.status_code
    return response.content.decode()


def _state(page: str, t: Tournament, kind: str) -> str:
    row = page.split(f'id="doc-{t.pk}-{kind}"')[1].split("</li>")[0]
    return re.search(r'data-state="(\w+)"', row).group(1)


def _make(client, c, kind: str, event: Tournament | None = None):
    data = {"kind": kind, "event": str(event.pk) if event else ""}
    return client.post(reverse("public:competition_documents", args=[c.pk]), data)


def test_only_the_competitions_officials_see_and_use_its_documents_page_004_1_2(
    client, secretary, chief_judge, competition, other_secretary
):
    c, (long_men, short_men, _blitz, _women) = competition
    url = reverse("public:competition_documents", args=[c.pk])
    home = reverse("public:competition", args=[c.pk])
    # Anonymous: refused, nothing made, the home page does not offer it.
    assert client.get(url).status_code == 403
    assert _make(client, c, "comp_registration").status_code == 403
    assert url not in client.get(home).content.decode()
    # Another tournament's secretary, and an official of another competition: refused.
    client.force_login(other_secretary)
    assert client.get(url).status_code == 403
    assert _make(client, c, "final", short_men).status_code == 403
    other = Competition.objects.create(
        name="Кубок края", start_date=long_men.start_date, end_date=long_men.end_date
    )
    stranger = make_user("stranger_judge")
    make_tournament(stranger, stranger, name="Кубок края, мужчины", competition=other)
    client.force_login(stranger)
    assert client.get(url).status_code == 403
    assert _make(client, c, "comp_schedule").status_code == 403
    assert client.get(reverse("public:competition_documents", args=[other.pk])).status_code == 200
    assert not Document.objects.filter(tournament__competition=c).exists()
    # A judge of the second event is an official of all (one panel): the page, and the link to it.
    judge = make_user("judge2")
    Official.objects.create(tournament=short_men, person=judge.person, role=Official.Role.JUDGE)
    client.force_login(judge)
    assert client.get(url).status_code == 200
    assert url in client.get(home).content.decode()
    # A missing competition is a 404, not a 500.
    assert client.get(reverse("public:competition_documents", args=[other.pk + 100])).status_code == 404


def test_the_page_lists_the_competitions_two_documents_and_its_four_events_004_1_2(
    client, chief_judge, competition, django_assert_max_num_queries
):
    c, events = competition
    first = comp.first_event(c)
    client.force_login(chief_judge)
    # one query for every document's state, whatever the events (10: whether he plays, issue 27 item 1)
    with django_assert_max_num_queries(10):
        page = _page(client, c)
    own = page.split('id="competition-documents"')[1].split("</div>")[0]
    assert _state(own, first, "comp_registration") == "missing"
    assert _state(own, first, "comp_schedule") == "missing"
    assert reverse("protocols:document", args=[first.pk, "comp_schedule"]) in own
    cards = re.findall(r'class="card event-documents" id="event-(\d+)"', page)
    assert sorted(cards) == sorted(str(t.pk) for t in events)
    for t in events:
        card = page.split(f'id="event-{t.pk}"')[1].split("</div>")[0]
        assert t.name in card
        assert reverse("protocols:list", args=[t.pk]) in card
        for kind in ("final", "standings", "registration"):
            assert _state(card, t, kind) == "missing"
    assert page.count('name="kind"') == 2 + 3 * len(events)


def test_making_a_document_from_the_page_by_post_in_the_embedded_default_004_1_2(
    client, chief_judge, competition
):
    c, (long_men, short_men, blitz_men, _women) = competition
    first = comp.first_event(c)
    # The form is a POST with the CSRF token: without it, refused and nothing made.
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(chief_judge)
    assert _make(strict, c, "comp_registration").status_code == 403
    assert not Document.objects.exists()

    client.force_login(chief_judge)
    response = _make(client, c, "comp_registration")
    assert response.status_code == 302
    assert response.url == reverse("public:competition_documents", args=[c.pk])
    doc = Document.objects.get(kind="comp_registration")
    assert doc.tournament == first and doc.is_ready  # eager: made in the request
    page = _page(client, c)
    assert _state(page, first, "comp_registration") == "current"
    assert reverse("protocols:download", args=[doc.pk]) in page
    assert _state(page, first, "comp_schedule") == "missing"

    # An event's key document, made from its card: stored with that event.
    assert _make(client, c, "final", blitz_men).status_code == 302
    final = Document.objects.get(kind="final")
    assert final.tournament == blitz_men and final.is_ready
    assert _state(_page(client, c), blitz_men, "final") == "current"

    # A change in any event: the competition's document is out of date (the old one still downloadable),
    # the blitz event's final protocol is still current.
    short_men.save()
    page = _page(client, c)
    assert _state(page, first, "comp_registration") == "outdated"
    assert reverse("protocols:download", args=[doc.pk]) in page
    assert _state(page, blitz_men, "final") == "current"

    # Bad input: a kind not on the page, an event of another tournament — a message, nothing made.
    other = make_tournament(make_user("elsewhere"), name="Чужой турнир")
    before = Document.objects.count()
    bad = [{"kind": "protest"}, {"kind": "final", "event": str(other.pk)}]
    bad.append({"kind": "final", "event": "x"})
    for data in bad:
        response = client.post(reverse("public:competition_documents", args=[c.pk]), data, follow=True)
        assert response.status_code == 200
        assert "В соревновании нет такого документа." in response.content.decode()
    assert Document.objects.count() == before


def test_a_competition_documents_own_page_leads_back_to_the_competition_004_1_2(
    client, chief_judge, competition
):
    c, (long_men, short_men, _blitz, _women) = competition
    first = comp.first_event(c)
    documents = reverse("public:competition_documents", args=[c.pk])
    schedule = reverse("protocols:document", args=[first.pk, "comp_schedule"])
    # Anonymous reads the public schedule: back to the competition's home, not to the first event's tabs.
    page = client.get(schedule).content.decode()
    assert reverse("public:competition", args=[c.pk]) in page
    assert documents not in page
    assert 'class="tabs"' not in page
    assert f'href="{reverse("protocols:list", args=[first.pk])}"' not in page
    # Its officials: the breadcrumb to the competition's documents page.
    client.force_login(chief_judge)
    registration = reverse("protocols:document", args=[first.pk, "comp_registration"])
    page = client.get(registration).content.decode()
    crumb = page.split('id="breadcrumb"')[1].split("</p>")[0]
    assert c.name in crumb and documents in crumb
    assert 'class="tabs"' not in page
    # Each event's documents page leads its officials to the competition's (not anonymous readers).
    for t in (first, short_men):
        assert documents in client.get(reverse("protocols:list", args=[t.pk])).content.decode()
    client.logout()
    assert documents not in client.get(reverse("protocols:list", args=[short_men.pk])).content.decode()
    client.force_login(chief_judge)
    # An event's own document keeps the event's tabs.
    page = client.get(reverse("protocols:document", args=[short_men.pk, "standings"])).content.decode()
    assert 'class="tabs"' in page and 'id="breadcrumb"' not in page


def test_a_finished_competition_offers_downloads_and_the_missing_documents_only(
    client, chief_judge, competition
):
    c, events = competition
    first = comp.first_event(c)
    client.force_login(chief_judge)
    assert _make(client, c, "comp_schedule").status_code == 302
    assert 'id="finished"' not in _page(client, c)
    for t in events:
        t.status = Tournament.Status.FINISHED
        t.save()
    page = _page(client, c)
    assert 'id="finished"' in page
    # Finishing moved the data: the schedule made before is out of date; a missing one can be made, as the
    # event's own documents page allows for a finished event (a PDF changes no data).
    assert _state(page, first, "comp_schedule") == "outdated"
    event_page = client.post(reverse("protocols:document", args=[events[1].pk, "final"]))
    assert event_page.status_code == 302
    assert _make(client, c, "comp_schedule").status_code == 302
    assert _make(client, c, "final", events[2]).status_code == 302
    page = _page(client, c)
    assert _state(page, first, "comp_schedule") == "current"
    assert _state(page, events[1], "final") == "current"
    assert _state(page, events[2], "final") == "current"
    # A current document offers its download only, never «make» again.
    row = page.split(f'id="doc-{first.pk}-comp_schedule"')[1].split("</li>")[0]
    assert "<form" not in row and "/file/" in row
    # No link to change anything: the events' plans are not offered.
    for t in events:
        assert reverse("protocols:schedule_edit", args=[t.pk]) not in page
