"""No officials' page runs a query per match or per row (issue 17; issue 20 item 2): the same number of
queries for 100 and for 1,000 participants on the round page, the participant page, the standings page, the
whole-round entry page and its row save, the plain result form and its save, the registration pages and the
desk."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.bench_standings import build_swiss
from draw.models import Match, Round
from registration.models import Entry

pytestmark = pytest.mark.django_db

ROUNDS = 3


def _field(size: int):
    """A Swiss of ``size`` with round 3 published and only its first table's result entered, and an entry
    for every participant (the commission's list)."""
    t = build_swiss(size, rounds=ROUNDS, seed=size)
    rnd = Round.objects.get(tournament=t, number=ROUNDS)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED, finished_at=None)
    Match.objects.filter(round=rnd, table__gt=1, player2__isnull=False).update(
        score1=None, score2=None, winner=None, result_kind="", ended_at=None
    )
    Entry.objects.bulk_create(Entry(tournament=t, person=p.person) for p in t.participants.all())
    return t


def _count(client, method: str, url: str, **extra) -> int:
    call = client.get if method == "get" else client.post
    with CaptureQueriesContext(connection) as captured:
        response = call(url, **extra)
    assert response.status_code in (200, 302), (url, response.status_code, response.content[:300])
    return len(captured)


def _urls(t) -> dict[str, tuple[str, str, dict]]:
    participant = t.participants.order_by("pk").first()
    open_match = Match.objects.filter(round__tournament=t, round__number=ROUNDS, result_kind="").order_by(
        "table"
    )
    first, second, third = list(open_match.exclude(player2=None)[:3])
    return {
        "round page": ("get", reverse("public:round", args=[t.pk, ROUNDS]), {}),
        "round page, an earlier round": ("get", reverse("public:round", args=[t.pk, 1]), {}),
        "participant page": ("get", reverse("public:participant", args=[t.pk, participant.pk]), {}),
        "standings page": ("get", reverse("public:standings", args=[t.pk]), {}),
        "whole-round entry": ("get", reverse("public:round_entry", args=[t.pk, ROUNDS]), {}),
        "row save": (
            "post",
            reverse("public:round_entry_row", args=[t.pk, ROUNDS, first.pk]),
            {
                "data": {"score1": 7, "score2": 3, "version": first.version},
                "headers": {"X-Entry-Row": "1"},
            },
        ),
        "row save without JavaScript": (
            "post",
            reverse("public:round_entry_row", args=[t.pk, ROUNDS, second.pk]),
            {"data": {"score1": 7, "score2": 4, "version": second.version}},
        ),
        "result form": ("get", reverse("draw:match_result", args=[t.pk, second.pk]), {}),
        # Saved through the plain form: the answer is a redirect to the page of its table (issue 20 item 2).
        "result form save": (
            "post",
            reverse("draw:match_result", args=[t.pk, third.pk]),
            {"data": {"kind": "played", "score1": 7, "score2": 5, "version": third.version}},
        ),
        "entries list": ("get", reverse("registration:entries", args=[t.pk]), {}),
        "participants list": ("get", reverse("public:participants", args=[t.pk]), {}),
        "desk": ("get", reverse("judging:desk", args=[t.pk]), {}),
        "home": ("get", reverse("public:detail", args=[t.pk]), {}),
    }


# The same count on a small pair of fields in the inner loop; 100 against 1,000 is `slow` (`make test`;
# issue 26 part 5).
SIZES = [
    pytest.param((10, 100), id="10-100"),
    pytest.param((100, 1000), id="100-1000", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("sizes", SIZES)
def test_officials_pages_make_the_same_queries_for_100_and_1000_participants(
    client, django_user_model, sizes
):
    client.force_login(django_user_model.objects.create_superuser("scale-admin"))
    counts: dict[str, list[int]] = {}
    for size in sizes:
        t = _field(size)
        for name, (method, url, extra) in _urls(t).items():
            if method == "get":
                client.get(url)  # warm what is not per request (content types, translations)
            counts.setdefault(name, []).append(_count(client, method, url, **extra))
    grown = {name: c for name, c in counts.items() if c[0] != c[1]}
    assert not grown, grown
