"""The standings page and the standings API of a 9-round Swiss make the same number of queries for 100 and
for 1,000 participants (no query per row). Their speed is measured by bench/bench_standings.py."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.bench_standings import build_swiss

pytestmark = pytest.mark.django_db


def _queries(client, url: str) -> int:
    client.get(url)  # warm caches that are not per request (content types, translations)
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured)


@pytest.mark.parametrize("route", ["page", "api", "participant", "round"])
def test_query_count_does_not_grow_with_the_field(client, route):
    counts = []
    for size in (100, 1000):
        t = build_swiss(size, rounds=9, seed=size)
        participant = t.participants.order_by("pk").first()
        url = {
            "page": reverse("public:standings", args=[t.pk]),
            "api": f"/api/tournaments/{t.pk}/standings",
            "participant": reverse("public:participant", args=[t.pk, participant.pk]),
            "round": f"/api/tournaments/{t.pk}/rounds/9",
        }[route]
        counts.append(_queries(client, url))
    assert counts[0] == counts[1], counts
    assert counts[1] <= 12, counts  # a handful: the tournament, its participants, stages, matches…


def test_the_1000_player_page_holds_100_rows_and_the_export_all_of_them(client):
    t = build_swiss(1000, rounds=9)
    url = reverse("public:standings", args=[t.pk])
    html = client.get(url).content.decode()
    assert html.count('<tr class="') + html.count("<tr>") >= 100
    assert "?page=2" in html or "page=2" in html
    csv = client.get(url, {"_export": "csv"}).content.decode()
    assert len(csv.strip().splitlines()) == 1001


def test_the_chief_judges_desk_makes_the_same_queries_for_2_or_500_matches(client, django_user_model):
    """The desk lists every result not yet final with its state: the open protests are read once, not per
    match (issue 11: 15 queries for 2 matches, 29 for 16 before)."""
    client.force_login(django_user_model.objects.create_superuser("desk-admin"))
    counts = []
    for size in (4, 100):
        t = build_swiss(size, rounds=9, seed=size)
        t.round_set.get(number=9).matches.update(final_at=None)
        counts.append(_queries(client, reverse("judging:desk", args=[t.pk])))
    assert counts[0] == counts[1], counts
