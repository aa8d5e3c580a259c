"""Personal-team events: "avoid pairing teammates (or players of one club or region)" honoured by the Swiss as
a secondary objective after the score groups (004 §1.3.3, §1.4.6). The pure engine's property tests against
an exact oracle are in tests/draw/pairing/test_swiss_clubs.py; these drive the setting through the draw
manager."""

from __future__ import annotations

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase as HypothesisTestCase

from draw.manager import draw_round
from registration.models import Participant, Team
from tests.factories import add_players, make_tournament, make_user, play_out


def _teams(t, sizes: list[int]) -> None:
    players = list(t.participants.order_by("seed"))
    i = 0
    for n, size in enumerate(sizes):
        team = Team.objects.create(tournament=t, name=f"Команда {n}")
        for p in players[i : i + size]:
            p.team = team
            p.save(update_fields=["team"])
        i += size


def _teammates(rnd) -> list:
    return [
        m
        for m in rnd.matches.select_related("player1", "player2")
        if m.player2_id and m.player1.team_id == m.player2.team_id
    ]


def test_teammates_never_meet_in_a_personal_team_swiss_while_avoidable_004_1_3_3(client, secretary):
    t = make_tournament(
        secretary, players=12, system="swiss", rounds=4, character="personal_team", avoid_same="team"
    )
    _teams(t, [3, 3, 3, 3])
    client.force_login(secretary)
    play_out(client, t, seed=21)
    for rnd in t.round_set.all():
        # A teammates' pair stands only when the engine proves it unavoidable (every pairing as good by points
        # has as many), and then it is flagged.
        for m in _teammates(rnd):
            assert "same_club" in m.flags
    first = t.round_set.get(number=1)
    assert _teammates(first) == []  # round 1: everyone on 0 points, teammates always avoidable


def test_the_setting_keeps_one_club_or_region_apart_too_004_1_3_3(secretary):
    for field, setting in (("club", "club"), ("region", "region")):
        t = make_tournament(
            secretary, players=8, system="swiss", rounds=3, avoid_same=setting, name=f"T {field}"
        )
        for i, p in enumerate(t.participants.order_by("seed")):
            value = f"Клуб {i % 2}"  # two clubs of four
            if field == "club":
                p.club = value
                p.save(update_fields=["club"])
            else:
                p.person.region = value
                p.person.save(update_fields=["region"])
        rnd = draw_round(t, secretary, seed=5)
        for m in rnd.matches.select_related("player1__person", "player2__person"):
            a, b = m.player1, m.player2
            if field == "club":
                assert a.club != b.club
            else:
                assert a.person.region != b.person.region


class TestRoundOneProperty(HypothesisTestCase):
    """Property over generated events: round 1 (one score group) never pairs teammates while it is avoidable,
    i.e. while no team holds more than half of the field (004 §1.3.3)."""

    @settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(sizes=st.lists(st.integers(1, 4), min_size=2, max_size=5), seed=st.integers(0, 2**31 - 1))
    def test_round_one_never_pairs_teammates_while_avoidable(self, sizes, seed):
        n = sum(sizes)
        if max(sizes) * 2 > n + (n % 2):
            return  # a team of more than half the field cannot be kept apart
        secretary = make_user(f"sec{seed}")
        t = make_tournament(secretary, system="swiss", rounds=3, character="personal_team", avoid_same="team")
        add_players(t, n)
        _teams(t, sizes)
        rnd = draw_round(t, secretary, seed=seed)
        assert _teammates(rnd) == [], f"sizes={sizes} seed={seed}"


def test_the_form_offers_the_setting(client, secretary):
    t = make_tournament(secretary, system="swiss")
    client.force_login(secretary)
    page = client.get(reverse("public:edit", args=[t.pk])).content.decode()
    assert 'name="avoid_same"' in page


@pytest.mark.parametrize("setting", ["", "team"])
def test_a_personal_event_without_teams_is_unchanged(secretary, setting):
    t = make_tournament(secretary, players=6, system="swiss", rounds=3, avoid_same=setting)
    rnd = draw_round(t, secretary, seed=3)
    assert rnd.matches.count() == 3
    assert not any("same_club" in m.flags for m in rnd.matches.all())
    assert Participant.objects.filter(tournament=t, team__isnull=False).count() == 0
