"""The fragments nginx may answer every phone with (issue 35 §1): an anonymous visitor's live fragment says
``X-Accel-Expires`` and comes gzipped; nothing of an official's, a player's, a draft's or a whole page's does.
The real nginx in front is tried by scripts/stack_test.py (make test-stack) and measured by
bench/bench_phones.py."""

from __future__ import annotations

import gzip

import pytest
from django.test import override_settings
from django.urls import reverse

from draw.models import Round
from tests.public.test_live_versions import LIVE, _swiss
from tournaments.models import bump_version

pytestmark = pytest.mark.django_db

FRAGMENTS = ["round fragment", "home live block", "standings fragment"]


@pytest.mark.parametrize("page", FRAGMENTS)
def test_an_anonymous_fragment_is_shared_for_a_second_and_gzipped_issue_35(client, secretary, page):
    t = _swiss(secretary)
    url = LIVE[page](t)
    plain = client.get(url)
    assert plain.status_code == 200 and plain["X-Accel-Expires"] == "1"
    assert "Content-Encoding" not in plain  # a client that takes no gzip gets the text
    bump_version(t.pk)
    zipped = client.get(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert zipped["Content-Encoding"] == "gzip" and zipped["X-Accel-Expires"] == "1"
    assert int(zipped["Content-Length"]) == len(zipped.content)
    text = gzip.decompress(zipped.content)
    assert b"<" in text and len(zipped.content) < len(text)
    # The gzipped copy's ETag is weak (another encoding of the same text), and it still answers 304 — the
    # 304 that renews nginx's copy says the same X-Accel-Expires.
    assert zipped["ETag"].startswith('W/"')
    assert "Accept-Encoding" in zipped["Vary"]
    again = client.get(url, headers={"Accept-Encoding": "gzip", "If-None-Match": zipped["ETag"]})
    assert again.status_code == 304 and again["X-Accel-Expires"] == "1"


def test_the_cached_copy_is_gzipped_for_the_next_phone_too_issue_35(client, secretary):
    """The first poll of a version renders it into the app's cache; a second poll gets the cached copy, the
    same text, gzipped when it asks so."""
    t = _swiss(secretary)
    url = LIVE["round fragment"](t)
    first = client.get(url)
    cached = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert cached["Content-Encoding"] == "gzip"
    assert gzip.decompress(cached.content) == first.content


@pytest.mark.parametrize("page", FRAGMENTS + ["participant page"])
def test_an_officials_or_a_players_answer_is_never_shared_issue_35(client, secretary, page):
    """Logged in, a fragment is his own (an official's controls, a player's own match): never X-Accel-Expires,
    so nginx keeps nothing of it."""
    t = _swiss(secretary)
    client.force_login(secretary)
    response = client.get(LIVE[page](t), headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert "X-Accel-Expires" not in response and "Content-Encoding" not in response


@pytest.mark.parametrize("page", ["standings page", "participant page"])
def test_a_whole_page_is_never_shared_issue_35(client, secretary, page):
    """A whole page carries a CSRF token (and perhaps a message): never shared, even with nobody logged in."""
    t = _swiss(secretary)
    response = client.get(LIVE[page](t), headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200 and "X-Accel-Expires" not in response


def test_a_fragment_gone_from_the_public_is_shared_as_gone_issue_35(client, secretary):
    """A round back to a draft is the runners' alone: a stranger's answer (403) is marked too, so nginx keeps
    it in place of the pairings it held — a copy never replaced would be served on. The runner's own answer is
    never marked. A tournament that is no more: the same."""
    t = _swiss(secretary)
    url = reverse("public:round_live", args=[t.pk, 1])
    assert client.get(url).status_code == 200
    Round.objects.filter(tournament=t, number=1).update(status=Round.Status.DRAFT, published_at=None)
    bump_version(t.pk)
    gone = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert gone.status_code == 403 and gone["X-Accel-Expires"] == "1"
    assert "ETag" not in gone and "Content-Encoding" not in gone
    assert not gone.cookies  # nginx keeps no answer that sets a cookie (the site's 403 page sets CSRF's)
    client.force_login(secretary)
    own = client.get(url)
    assert own.status_code == 200 and "X-Accel-Expires" not in own
    client.logout()
    missing = client.get(reverse("public:round_live", args=[t.pk + 1000, 1]))
    assert missing.status_code == 404 and missing["X-Accel-Expires"] == "1" and not missing.cookies
    # A whole page that is gone is nobody's copy: not marked.
    assert "X-Accel-Expires" not in client.get(reverse("public:standings", args=[t.pk + 1000]))


@override_settings(LIVE_SHARED_SECONDS=0)
def test_live_shared_seconds_0_shares_nothing_issue_35(client, secretary):
    t = _swiss(secretary)
    response = client.get(LIVE["round fragment"](t), headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert "X-Accel-Expires" not in response and "Content-Encoding" not in response
