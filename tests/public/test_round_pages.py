"""A big round is shown 100 tables a page (issue 20: the round page of a 5,000-player Swiss rendered all 2,500
tables, 1.4 s of CPU, and every result saved through the form redirected to it)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from draw.models import TABLES_PER_PAGE
from tests.factories import make_tournament


@pytest.fixture
def big_round(client, secretary, chief_judge):
    t = make_tournament(secretary, chief_judge, players=250)  # 125 tables: two pages
    client.force_login(secretary)
    assert client.post(reverse("draw:draw", args=[t.pk]), {"number": 1}).status_code == 302
    assert client.post(reverse("draw:publish", args=[t.pk, 1])).status_code == 302
    return t


def _tables(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'data-table="(\d+)"', html)]


def test_a_round_of_125_tables_shows_100_then_25_with_links_to_both_pages(client, big_round):
    url = reverse("public:round", args=[big_round.pk, 1])
    first = client.get(url).content.decode()
    assert _tables(first) == list(range(1, TABLES_PER_PAGE + 1))
    assert 'href="?page=2"' in first and "101–125" in first
    second = client.get(url + "?page=2").content.decode()
    assert _tables(second) == list(range(101, 126))
    # Its live part polls the same page, not the whole round.
    assert f'data-live="{reverse("public:round_live", args=[big_round.pk, 1])}?page=2"' in second


@pytest.mark.parametrize("page", ["abc", "0", "-3", "999", "9" * 5000])
def test_a_bad_page_number_shows_a_page_of_the_round_not_an_error(client, big_round, page):
    response = client.get(reverse("public:round", args=[big_round.pk, 1]), {"page": page})
    assert response.status_code == 200
    assert len(_tables(response.content.decode())) in (TABLES_PER_PAGE, 25)


def test_the_live_fragment_is_a_page_of_100_tables_for_the_venue_screen_too_issue_36(client, big_round):
    """Issue 36: the venue screen asked for every table — 0.7–1.3 s of CPU a version at 5,000 tables. The
    fragment is a page of 100 tables whoever asks, and says which page it is of how many (the screen walks
    them, static/js/live.js)."""
    live = reverse("public:round_live", args=[big_round.pk, 1])
    second = client.get(live, {"page": 2}).content.decode()
    assert _tables(second) == list(range(101, 126))
    assert 'data-server-page="2" data-server-pages="2"' in second
    first = client.get(live).content.decode()  # an old screen's URL: the first page, not the whole round
    assert _tables(first) == list(range(1, TABLES_PER_PAGE + 1))
    assert 'data-server-page="1" data-server-pages="2"' in first
    screen = client.get(reverse("public:screen", args=[big_round.pk])).content.decode()
    assert f'data-live="{live}?page=1"' in screen


def test_finding_a_player_searches_every_page(client, big_round):
    far = big_round.round_set.get(number=1).matches.get(table=120)
    name = far.player1.person.surname
    html = client.get(reverse("public:round", args=[big_round.pk, 1]), {"q": name}).content.decode()
    assert 120 in _tables(html)


def test_a_result_saved_through_the_form_returns_to_the_page_of_its_table_at_its_row(client, big_round):
    rnd = big_round.round_set.get(number=1)
    for table, page in ((7, None), (110, 2)):
        m = rnd.matches.get(table=table)
        response = client.post(
            reverse("draw:match_result", args=[big_round.pk, m.pk]),
            {"kind": "played", "score1": 7, "score2": 2, "version": m.version},
        )
        assert response.status_code == 302
        expected = reverse("public:round", args=[big_round.pk, 1])
        assert response.url == (f"{expected}?page={page}" if page else expected) + f"#t{table}"
        html = client.get(response.url.split("#")[0]).content.decode()
        assert f'id="t{table}"' in html and len(_tables(html)) == (25 if page else TABLES_PER_PAGE)
