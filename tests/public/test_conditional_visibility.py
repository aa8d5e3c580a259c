"""A 304 says "your copy is current": it is given only for what the caller may see (issue 25 item 14).
Before, ``If-None-Match: *`` — or an ETag computed from another page's (its parts are public) — answered 304
on a draft round's live fragment before the view's permission check, and the API answered 304 for a draft
round or another tournament's participant: a draft's existence leaked. Now the visibility runs in the same
one query before any 304, ``*`` never stands for a copy on the live pages, and the API's ``*`` matches only
a resource the caller may see."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from draw import manager as draw_manager
from draw.models import Round
from public import live
from tests.factories import make_tournament
from tournaments.models import bump_version

pytestmark = [pytest.mark.security, pytest.mark.django_db]


@pytest.fixture
def draft(secretary):
    """Round 1 published, round 2 drawn and still a draft."""
    from draw import results

    t = make_tournament(secretary, players=8, rounds=3)
    r1 = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=r1.pk).update(status=Round.Status.PUBLISHED, published_at=timezone.now())
    for m in r1.matches.exclude(player2=None):
        results.record_result(m.pk, secretary, results.ResultInput("played", 7, 1), m.version)
    draw_manager.draw_round(t, secretary, expected_number=2)
    bump_version(t.pk)
    assert Round.objects.get(tournament=t, number=2).is_draft
    return t


def _computed_etag(url: str, t) -> str:
    """The ETag an anonymous visitor would get for ``url``: every part of it is public."""
    request = RequestFactory().get(url)
    request.user = AnonymousUser()
    return live.etag_for(request, t.pk, *live.stamp(t.pk), timed=True)


@pytest.mark.parametrize("how", ["star", "computed"])
def test_a_drafts_live_fragment_is_never_a_304_for_the_public(client, draft, how):
    url = reverse("public:round_live", args=[draft.pk, 2])
    sent = "*" if how == "star" else _computed_etag(url, draft)
    response = client.get(url, headers={"If-None-Match": sent})
    assert response.status_code == 403
    assert client.get(url).status_code == 403


def test_the_secretary_polls_his_draft_and_the_public_round_still_answers_304_after_one_query(
    client, secretary, draft
):
    client.force_login(secretary)
    url = reverse("public:round_live", args=[draft.pk, 2])
    first = client.get(url)
    assert first.status_code == 200 and b"<table" in first.content
    # A draft is answered by the view (the runners' check), never conditional: no ETag, never a 304.
    assert "ETag" not in first and first["Cache-Control"] == "private, no-cache"
    assert client.get(url, headers={"If-None-Match": "*"}).status_code == 200
    client.logout()
    public = reverse("public:round_live", args=[draft.pk, 1])
    seen = client.get(public)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(public, headers={"If-None-Match": seen["ETag"]}).status_code == 304
    assert len(queries) == 1


def test_a_star_is_no_copy_on_the_live_pages(client, draft):
    for url in (
        reverse("public:round_live", args=[draft.pk, 1]),
        reverse("public:standings", args=[draft.pk]) + "?fragment=1",
        reverse("public:home_live", args=[draft.pk]),
    ):
        response = client.get(url, headers={"If-None-Match": "*"})
        assert response.status_code == 200 and response.content, url


def test_another_tournaments_participant_is_a_404_not_a_304(client, secretary, draft):
    other = make_tournament(secretary, players=2, name="Другой турнир")
    stranger = other.participants.first()
    url = reverse("public:participant", args=[draft.pk, stranger.pk])
    request = RequestFactory().get(url)
    request.user = AnonymousUser()
    etag = live.etag_for(request, draft.pk, *live.stamp(draft.pk), timed=True)
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 404
    assert client.get(url, headers={"If-None-Match": "*"}).status_code == 404


def test_the_api_answers_a_draft_round_and_a_stranger_404_whatever_the_etag(client, secretary, draft):
    base = f"/api/tournaments/{draft.pk}"
    etag = client.get(base)["ETag"]  # the tournament's tag: the same for every answer about it
    stranger = make_tournament(secretary, players=2, name="Другой турнир").participants.first()
    for url in (f"{base}/rounds/2", f"{base}/rounds/9", f"{base}/participants/{stranger.pk}"):
        for sent in ("*", etag):
            assert client.get(url, HTTP_IF_NONE_MATCH=sent).status_code == 404, (url, sent)
    for url in (f"{base}/rounds/1", f"{base}/participants/{draft.participants.first().pk}"):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
        assert len(queries) == 1, url
        assert client.get(url, HTTP_IF_NONE_MATCH="*").status_code == 304
