"""Issue 28 §5: who is looking, said to the page (``#me``) so that his row comes first (static/js/pages.js):
the logged-in participant; "find my table" that found one player (kept in the browser: data-remember); his
match link (tested in the browser); nobody for a search naming several, or for an anonymous visitor."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from draw import manager as draw_manager
from draw.models import Round
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(secretary):
    t = make_tournament(secretary, players=8)
    rnd = draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    return t


def _me(page: str) -> dict | None:
    found = re.search(r'<div id="me" hidden ([^>]*)>', page)
    return dict(re.findall(r'data-([a-z]+)(?:="([^"]*)")?', found.group(1))) if found else None


def test_find_my_table_that_finds_one_player_names_him_to_be_remembered(client, published):
    t = published
    p = t.participants.order_by("seed")[3]
    page = client.get(
        reverse("public:round", args=[t.pk, 1]), {"q": p.person.surname.lower()}
    ).content.decode()
    assert _me(page) == {
        "tournament": str(t.pk),
        "participant": str(p.pk),
        "name": p.full_name,
        "remember": "",
    }


def test_a_search_naming_several_players_or_none_remembers_nobody(client, published):
    t = published
    for q in ("Игрок", "Никтонеиграет", ""):
        assert _me(client.get(reverse("public:round", args=[t.pk, 1]), {"q": q}).content.decode()) is None


def test_the_logged_in_participant_is_named_on_the_round_and_the_standings(client, published):
    t = published
    p = t.participants.order_by("seed")[5]
    user = User.objects.create_user("igrok", password="x")
    p.person.user = user
    p.person.save()
    client.force_login(user)
    for url in (reverse("public:round", args=[t.pk, 1]), reverse("public:standings", args=[t.pk])):
        me = _me(client.get(url).content.decode())
        assert me is not None and me["participant"] == str(p.pk) and "remember" not in me, url
    client.logout()
    assert _me(client.get(reverse("public:standings", args=[t.pk])).content.decode()) is None
