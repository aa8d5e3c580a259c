"""A finalist removed in an elimination system keeps no place (004 §5.7.3 «Занятое место не сохраняется»);
the places below him never leave a hole (1, —, 3, 4). The regulation chooses (``removed_places``): the
others close up (the default), or extra matches for places are drawn and played through the normal paths
(§5.7.3 «дополнительные матчи для распределения мест»). Issue 27 item 9."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from draw.models import Match, Stage
from judging import lifecycle
from standings import ranking
from tests.factories import ensure_chief_judge, make_tournament


def _enter(client, t, m, first_wins=True):
    s1, s2 = (m.match_length, 1) if first_wins else (1, m.match_length)
    response = client.post(
        reverse("draw:match_result", args=[t.pk, m.pk]),
        {"kind": "played", "score1": s1, "score2": s2, "version": m.version},
    )
    assert response.status_code == 302, response.content.decode()[:2000]


def _round(client, t, number):
    assert client.post(reverse("draw:draw", args=[t.pk]), {"number": number}).status_code == 302
    assert client.post(reverse("draw:publish", args=[t.pk, number])).status_code == 302
    return t.round_set.get(number=number)


def _remove(client, t, p):
    data = {
        "participant": p.pk,
        "kind": "removal",
        "violation": "conduct",
        "clause": "004 §2.3.4",
        "facts": "Драка в игровом зале",
    }
    response = client.post(reverse("judging:sanction_new", args=[t.pk]), data)
    assert response.status_code == 302, response.content.decode()[:2000]


def _places(t):
    return [(s.participant.seed, s.row.place, s.row.place_to) for s in ranking.compute(t).rows]


@pytest.fixture
def semis_played(client, secretary, chief_judge):
    """Single elimination of 4 (third-place match off): the semi-finals played, seeds 1 and 2 won."""

    def make(**settings):
        t = make_tournament(
            secretary,
            chief_judge,
            players=4,
            system="single_elimination",
            match_length=3,
            third_place=False,
            **settings,
        )
        client.force_login(secretary)
        ensure_chief_judge(client, t)
        rnd = _round(client, t, 1)
        for m in rnd.matches.exclude(player2=None):
            _enter(client, t, m, first_wins=m.player1.seed < m.player2.seed)
        return t

    return make


def test_a_removed_finalist_leaves_no_hole_the_others_close_up_5_7_3(
    client, semis_played, chief_judge, secretary
):
    t = semis_played()
    finalist = t.participants.get(seed=2)
    client.force_login(chief_judge)
    _remove(client, t, finalist)
    # The final is his opponent's walk-over: the bracket is complete without it.
    assert not draw_manager.rounds_left(t)
    places = _places(t)
    # Seed 1 first; the semi-final losers close up to share 2–3; the removed finalist keeps no place.
    assert places[0] == (1, 1, 1)
    assert sorted(p[1:] for p in places[1:3]) == [(2, 3), (2, 3)]
    assert places[3] == (2, None, None)
    assert not draw_manager.rounds_left(t)


def test_extra_matches_distribute_the_place_a_removed_finalist_left_5_7_3(
    client, semis_played, chief_judge, secretary
):
    t = semis_played(removed_places="extra_matches")
    finalist = t.participants.get(seed=2)
    client.force_login(chief_judge)
    _remove(client, t, finalist)
    client.force_login(secretary)
    # The final is a walk-over and the bracket is done, but place 2 is open: the semi-final losers (seeds 3
    # and 4) play for it.
    t.refresh_from_db()
    assert draw_manager.rounds_left(t)
    assert "rounds_left" in [b.key for b in lifecycle.blockers(t)]
    extra = _round(client, t, 2)
    assert extra.stage.kind == Stage.Kind.PLACES
    m = extra.matches.get()
    assert {m.player1.seed, m.player2.seed} == {3, 4}
    _enter(client, t, Match.objects.get(pk=m.pk), first_wins=m.player1.seed == 4)  # seed 4 wins place 2
    assert not draw_manager.rounds_left(t)
    places = _places(t)
    assert places[:3] == [(1, 1, 1), (4, 2, 2), (3, 3, 3)]
    assert places[3] == (2, None, None)
    # The extra match is a match like any other: on the round's page, with its result.
    page = client.get(reverse("public:round", args=[t.pk, 2])).content.decode()
    assert "Игрок003" in page and "Игрок002" in page


def test_with_a_third_place_match_the_others_close_up_without_extra_matches_5_7_3(
    client, secretary, chief_judge
):
    t = make_tournament(
        secretary,
        chief_judge,
        players=4,
        system="single_elimination",
        match_length=3,
        third_place=True,
        removed_places="extra_matches",
    )
    client.force_login(secretary)
    ensure_chief_judge(client, t)
    rnd = _round(client, t, 1)
    for m in rnd.matches.exclude(player2=None):
        _enter(client, t, m, first_wins=m.player1.seed < m.player2.seed)
    client.force_login(chief_judge)
    _remove(client, t, t.participants.get(seed=2))
    client.force_login(secretary)
    rnd = _round(client, t, 2)
    for m in rnd.matches.filter(result_kind=""):
        _enter(client, t, m, first_wins=m.player1.seed < m.player2.seed)
    # The third-place match already ordered the two below: nothing to distribute.
    assert not draw_manager.rounds_left(t)
    assert _places(t)[:3] == [(1, 1, 1), (3, 2, 2), (4, 3, 3)]
