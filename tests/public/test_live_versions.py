"""Every change a public page shows moves the tournament's version, and the live pages answer by it
(issue 17): ETag and 304 after one query, fragments rendered once per version, keyed by who asks and the
language."""

from __future__ import annotations

import datetime

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from draw import checkin
from draw.models import Match
from judging.models import Protest
from judging.state import finalize_match
from registration.models import CheckIn, Participant
from tests.factories import add_players, make_tournament, make_user
from tests.registration.helpers import make_entry
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _version(t: Tournament) -> int:
    return Tournament.objects.values_list("version", flat=True).get(pk=t.pk)


class Moves:
    """Asserts that the block it guards moves the version (a public page's ETag changes with it)."""

    def __init__(self, t: Tournament, what: str):
        self.t, self.what = t, what

    def __enter__(self):
        self.before = _version(self.t)

    def __exit__(self, *exc):
        if exc[0] is None:
            assert _version(self.t) > self.before, f"{self.what} did not move the version"


def test_every_change_a_public_page_shows_moves_the_version(client, secretary, chief_judge):
    player = make_user("spieler")
    t = make_tournament(secretary, chief_judge, players=7)
    me = Participant.objects.create(tournament=t, person=player.person, seed=8)
    client.force_login(secretary)
    with Moves(t, "check-in"):
        checkin.check_in(me, 1, CheckIn.Via.DESK, by=secretary)
    with Moves(t, "the draw"):
        assert client.post(reverse("draw:draw", args=[t.pk]), {"number": 1}).status_code == 302
    with Moves(t, "publishing"):
        assert client.post(reverse("draw:publish", args=[t.pk, 1])).status_code == 302
    with Moves(t, "the round's start"):
        assert client.post(reverse("draw:round_start", args=[t.pk, 1])).status_code == 302
    matches = list(Match.objects.filter(round__tournament=t, round__number=1).exclude(player2=None))
    mine = next(m for m in matches if me.pk in (m.player1_id, m.player2_id))
    others = [m for m in matches if m.pk != mine.pk]
    with Moves(t, "a result through the match's form"):
        response = client.post(
            reverse("draw:match_result", args=[t.pk, others[0].pk]),
            {"kind": "played", "score1": 7, "score2": 2, "version": others[0].version},
        )
        assert response.status_code == 302
    with Moves(t, "a row of the whole-round entry"):
        response = client.post(
            reverse("public:round_entry_row", args=[t.pk, 1, others[1].pk]),
            {"score1": 3, "score2": 7, "version": others[1].version},
            headers={"X-Entry-Row": "1"},
        )
        assert response.status_code == 200
    with Moves(t, "the result of my match"):
        response = client.post(
            reverse("public:round_entry_row", args=[t.pk, 1, mine.pk]),
            {"score1": 7, "score2": 5, "version": mine.version},
            headers={"X-Entry-Row": "1"},
        )
        assert response.status_code == 200
    mine.refresh_from_db()
    with Moves(t, "a protest"):
        Protest.file(mine, me, player, "счёт записан неверно", "партия 3", "", [], timezone.now())
    with Moves(t, "a result made final"):
        later = timezone.now() + datetime.timedelta(minutes=t.protest_window_minutes + 1)
        others[0].refresh_from_db()
        assert finalize_match(others[0], later)
    client.force_login(chief_judge)
    with Moves(t, "a sanction"):
        response = client.post(
            reverse("judging:sanction_new", args=[t.pk]),
            {
                "participant": me.pk,
                "kind": "warning",
                "violation": "conduct",
                "clause": "004 §5.7.2",
                "facts": "Разговоры во время партии",
            },
        )
        assert response.status_code == 302, response.content.decode()[:500]
    client.force_login(secretary)
    leaving = t.participants.exclude(pk=me.pk).order_by("seed").first()
    with Moves(t, "a withdrawal"):
        response = client.post(
            reverse("draw:withdraw", args=[t.pk]), {"participant": leaving.pk, "reason": "заболел"}
        )
        assert response.status_code == 302


def test_an_admission_moves_the_version(client, secretary):
    t = make_tournament(secretary)
    entry = make_entry(t)
    client.force_login(secretary)
    with Moves(t, "an admission"):
        response = client.post(
            reverse("registration:entry_decide", args=[t.pk, entry.pk]), {"status": "admitted"}
        )
        assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.status == "admitted"


def _swiss(secretary):
    from draw import manager
    from draw.models import Round

    t = make_tournament(secretary, status=Tournament.Status.RUNNING)
    add_players(t, 10)
    rnd = manager.draw_round(t, secretary, expected_number=1, seed=1)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED, published_at=timezone.now())
    from tournaments.models import bump_version

    bump_version(t.pk)
    return t


LIVE = {
    "round fragment": lambda t: reverse("public:round_live", args=[t.pk, 1]),
    "home live block": lambda t: reverse("public:home_live", args=[t.pk]),
    "standings fragment": lambda t: reverse("public:standings", args=[t.pk]) + "?fragment=1",
    "standings page": lambda t: reverse("public:standings", args=[t.pk]),
    "participant page": lambda t: reverse("public:participant", args=[t.pk, t.participants.first().pk]),
}


@pytest.mark.parametrize("page", LIVE)
def test_an_unchanged_page_is_a_304_after_one_query(client, secretary, page):
    t = _swiss(secretary)
    url = LIVE[page](t)
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"] and first["Last-Modified"]
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304 and again["ETag"] == first["ETag"]
    assert len(queries) == 1, [q["sql"] for q in queries]
    # A change: the old ETag no longer matches, the new content comes.
    from tournaments.models import bump_version

    bump_version(t.pk)
    changed = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]


def test_a_changed_fragment_is_rendered_once_and_served_from_the_cache(client, secretary):
    t = _swiss(secretary)
    url = LIVE["round fragment"](t)
    first = client.get(url)
    with CaptureQueriesContext(connection) as queries:
        second = client.get(url)  # another phone, without an ETag
    assert second.content == first.content and len(queries) == 1


def test_officials_anonymous_visitors_and_languages_get_their_own_etags(client, secretary):
    """An official sees controls a spectator does not: their answers never share an ETag or a cached copy."""
    t = _swiss(secretary)
    url = LIVE["round fragment"](t)
    anonymous = client.get(url)
    client.cookies["django_language"] = "en"
    english = client.get(url)
    client.force_login(secretary)
    official = client.get(url)
    client.cookies["django_language"] = "ru"
    official_ru = client.get(url)
    etags = {r["ETag"] for r in (anonymous, english, official, official_ru)}
    assert len(etags) == 4
    assert b"button small" in official_ru.content and b"button small" not in anonymous.content
    # The official's If-None-Match does not turn into a spectator's 304, and the reverse.
    client.logout()
    assert client.get(url, headers={"If-None-Match": official_ru["ETag"]}).status_code == 200


def test_clock_driven_text_is_refreshed_every_30_seconds(client, secretary):
    """A result's "N min left for a protest" follows the clock, not the version: the ETag changes with a
    30-second tick."""
    t = _swiss(secretary)
    url = LIVE["round fragment"](t)
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        first = client.get(url)
        traveller.shift(datetime.timedelta(seconds=31))
        assert client.get(url, headers={"If-None-Match": first["ETag"]}).status_code == 200


def test_while_one_request_renders_a_new_version_the_others_get_the_previous_one_under_its_own_etag(
    client, secretary
):
    """A result saved in front of a thousand polling phones: one request renders the new version, the polls
    arriving meanwhile get the previous rendering with the previous ETag (they ask again on their next poll),
    instead of every web process rendering the same fragment at once."""
    from django.contrib.auth.models import AnonymousUser
    from django.core.cache import cache
    from django.test import RequestFactory

    from public import live
    from tournaments.models import bump_version

    t = _swiss(secretary)
    url = LIVE["round fragment"](t)
    with time_machine.travel(timezone.now(), tick=False):  # one 30-second tick for the whole test
        old = client.get(url)
        bump_version(t.pk)
        # Another web process is rendering the new version: it holds the version's rendering lock.
        request = RequestFactory().get(url)
        request.user = AnonymousUser()
        new_etag = live.etag_for(request, t.pk, *live.stamp(t.pk), timed=True)  # as round_live
        assert new_etag != old["ETag"]
        assert cache.add(f"live:rendering:{new_etag}", 1, 10)
        with CaptureQueriesContext(connection) as queries:
            meanwhile = client.get(url)
        assert meanwhile.status_code == 200 and meanwhile["ETag"] == old["ETag"]
        assert meanwhile.content == old.content and len(queries) == 1
        # Once that rendering is done (or its lock expired), the new version comes under its new ETag.
        cache.delete(f"live:rendering:{new_etag}")
        fresh = client.get(url)
        assert fresh.status_code == 200 and fresh["ETag"] == new_etag
