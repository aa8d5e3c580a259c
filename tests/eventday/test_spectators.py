"""Participants and spectators (issue 14): "find my table" on the round and home pages, the participant's
next match at the top of his page, crosstable scores without hover, and no link a visitor cannot open."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from draw import manager as draw_manager
from draw.models import Round
from protocols.models import ScheduledRound
from registration.models import Person
from tests.factories import make_tournament, make_user, play_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(secretary):
    t = make_tournament(secretary, players=8)
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    return t, rnd


def test_find_my_table_by_a_part_of_the_name_in_any_case(client, published):
    t, rnd = published
    m = rnd.matches.get(table=3)
    Person.objects.filter(pk=m.player2.person_id).update(surname="Ёлкин")
    html = client.get(reverse("public:round", args=[t.pk, 1]), {"q": "елкин"}).content.decode()
    table = html[html.index('id="pairings"') :]
    assert table.count("<tr data-table=") == 1 and 'data-table="3"' in table
    live = client.get(reverse("public:round_live", args=[t.pk, 1]), {"q": "елкин"}).content.decode()
    assert live.count("<tr data-table=") == 1
    home = client.get(reverse("public:detail", args=[t.pk])).content.decode()
    assert 'id="find-q"' in home and reverse("public:round", args=[t.pk, 1]) in home


def test_the_participants_page_shows_his_next_match_at_the_top(client, published):
    t, rnd = published
    m = rnd.matches.get(table=2)
    ScheduledRound.objects.create(
        tournament=t, number=1, starts_at=timezone.make_aware(datetime.datetime(2026, 12, 5, 11, 30))
    )
    html = client.get(reverse("public:participant", args=[t.pk, m.player1_id])).content.decode()
    box = html[html.index('id="next-match"') :].split("</div>")[0]
    assert "стол 2" in box and str(m.player2) in box and "11:30" in box
    assert html.index('id="next-match"') < html.index('id="matches"')


def test_crosstable_scores_are_printed_in_the_cell(client, secretary):
    t = make_tournament(secretary, players=4, system="round_robin")
    client.force_login(secretary)
    play_out(client, t, seed=2)
    html = client.get(reverse("public:crosstable", args=[t.pk])).content.decode()
    assert html.count('class="cross-score"') == 12  # 4 players, 3 matches each


def test_the_protocol_links_show_only_to_who_can_open_them(client, published, secretary):
    t, rnd = published
    url = reverse("public:round", args=[t.pk, 1])
    assert "/protocol/" not in client.get(url).content.decode()
    m = rnd.matches.get(table=1)
    player = make_user("pl1")
    Person.objects.filter(user=player).delete()
    Person.objects.filter(pk=m.player1.person_id).update(user=player)
    client.force_login(player)
    html = client.get(url).content.decode()
    assert html.count("/protocol/") == 1 and reverse("judging:match", args=[t.pk, m.pk]) in html
    assert client.get(reverse("judging:match", args=[t.pk, m.pk])).status_code == 200
    client.force_login(secretary)
    assert client.get(url).content.decode().count("/protocol/") == rnd.matches.count()
