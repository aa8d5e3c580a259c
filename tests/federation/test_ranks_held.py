"""Issue 31 §1: the ranks a person holds (with the date and the order that gave them) and the ranks his
places fulfilled in finished events by their norms, on his register page."""

from __future__ import annotations

import datetime
import io

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from federation import manager
from federation.models import EventPlace, RankHeld
from registration.models import Participant, RankNorm, rank_counts

from .builders import finished_event, people

DAY = datetime.date(2026, 3, 1)
pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def russian():
    with translation.override("ru"):
        yield


def test_issue31_rank_counts_only_above_the_rank_held_or_confirmed():
    assert rank_counts("cms", "adult1", False) == "new"
    assert rank_counts("cms", "", False) == "new"  # no rank held
    assert rank_counts("cms", "cms", True) == "confirmed"  # the regulation counts a confirmation
    assert rank_counts("cms", "cms", False) == ""
    assert rank_counts("adult1", "cms", True) == ""  # lower than held: nothing
    assert rank_counts("", "cms", True) == ""


def test_issue31_the_person_page_shows_the_ranks_held_with_their_orders(client):
    p = people(1)[0]
    RankHeld.objects.create(
        person=p, rank="adult1", assigned_on=datetime.date(2024, 5, 2), order="№ 12 от 02.05.2024"
    )
    RankHeld.objects.create(
        person=p,
        rank="cms",
        assigned_on=datetime.date(2025, 9, 1),
        order="Приказ № 77-р Минспорта",
        note="нарды",
    )
    page = client.get(reverse("federation:person", args=[p.pk])).content.decode()
    assert "Спортивные разряды и звания" in page
    assert "Приказ № 77-р Минспорта" in page and "№ 12 от 02.05.2024" in page
    assert "01.09.2025" in page and "02.05.2024" in page
    assert page.index("Приказ № 77-р") < page.index("№ 12 от 02.05.2024")  # the latest (the one held) first


def test_issue31_a_persons_without_ranks_shows_no_ranks_section(client):
    p = people(1)[0]
    page = client.get(reverse("federation:person", args=[p.pk])).content.decode()
    assert "Спортивные разряды" not in page


def _event_with_norm(secretary, held: str, confirmation: bool, norm: str = "cms"):
    field = people(6)
    t = finished_event(secretary, field, end=DAY, seed=4, name="Кубок нормы")
    t.rank_confirmation = confirmation
    t.save(update_fields=["rank_confirmation"])
    Participant.objects.filter(tournament=t).update(qualification=held)
    RankNorm.objects.create(tournament=t, qualification=norm, place_to=2)  # places 1–2 (shared here)
    manager.event_finished(t)
    return t


def test_issue31_the_winners_place_fulfils_the_norm_above_his_rank(client, secretary):
    t = _event_with_norm(secretary, held="adult1", confirmation=False)
    winners = EventPlace.objects.filter(tournament=t, place=1)
    assert winners.exists()
    assert all(w.fulfilled == "cms" and w.fulfils == "new" for w in winners)
    # Places 3 and below fulfil nothing (the worst place of a shared range counts).
    assert not EventPlace.objects.filter(tournament=t, place__gte=3).exclude(fulfilled="").exists()
    page = client.get(reverse("federation:person", args=[winners[0].person_id])).content.decode()
    assert "Выполненные разряды" in page and "Кубок нормы" in page
    assert "кандидат в мастера спорта" in page.lower()


def test_issue31_the_rank_held_is_confirmed_only_where_the_regulation_counts_it(secretary):
    t = _event_with_norm(secretary, held="cms", confirmation=True)
    assert set(EventPlace.objects.filter(tournament=t, place=1).values_list("fulfils", flat=True)) == {
        "confirmed"
    }


def test_issue31_a_norm_below_the_rank_held_is_not_printed(client, secretary):
    t = _event_with_norm(secretary, held="ms", confirmation=True)
    assert not EventPlace.objects.filter(tournament=t).exclude(fulfilled="").exists()
    winner = EventPlace.objects.filter(tournament=t, place=1).first()
    page = client.get(reverse("federation:person", args=[winner.person_id])).content.decode()
    assert "Выполненные разряды" not in page


def test_issue31_ranks_held_are_kept_in_the_admin(client):
    admin = User.objects.create_superuser("boss", password="pw-boss-123")
    client.force_login(admin)
    p = people(1)[0]
    response = client.post(
        reverse("admin:federation_rankheld_add"),
        {"person": p.pk, "rank": "ms", "assigned_on": "2026-02-03", "order": "Приказ № 5", "note": ""},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert RankHeld.objects.get(person=p).get_rank_display() == "мастер спорта"
    response = client.post(
        reverse("admin:federation_rankheld_add"),
        {"person": p.pk, "rank": "ms", "assigned_on": "1700-01-01", "order": "", "note": ""},
    )
    assert response.status_code == 200  # refused: an absurd date and no order
    assert RankHeld.objects.filter(person=p).count() == 1


def test_issue31_the_places_command_back_fills_the_ranks_fulfilled(secretary):
    t = _event_with_norm(secretary, held="adult1", confirmation=False)
    EventPlace.objects.filter(tournament=t).update(fulfilled="", fulfils="")  # as before ranks were kept
    running = finished_event(secretary, people(4, start=50), end=DAY, seed=8, status="running")
    call_command("rating", "--places", stdout=io.StringIO())
    assert set(EventPlace.objects.filter(tournament=t, place=1).values_list("fulfils", flat=True)) == {"new"}
    assert not EventPlace.objects.filter(tournament=running).exists()  # only finished events
