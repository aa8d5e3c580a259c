"""Removal and its consequences by the system of play (004 §5.7.3)."""

from __future__ import annotations

from django.db.models import Q
from django.urls import reverse

from draw import manager as draw_manager
from draw import results
from draw.models import Match
from judging.models import Sanction
from standings.ranking import final_standings
from tests.judging.conftest import at, frozen, play


def _remove(client, t, p):
    data = {
        "participant": p.pk,
        "kind": "removal",
        "violation": "conduct",
        "clause": "004 §5.7.3",
        "facts": "Неспортивное поведение",
    }
    response = client.post(reverse("judging:sanction_new", args=[t.pk]), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    p.refresh_from_db()
    assert p.status == "removed"
    return Sanction.objects.get(kind="removal", person=p.person)


def _his(t, p):
    return Match.objects.filter(round__tournament=t).exclude(player2=None).filter(Q(player1=p) | Q(player2=p))


def _rounds_until(t, user, p, played: int) -> None:
    """Play round-robin rounds until ``p`` has played exactly ``played`` matches (rests excluded)."""
    number = 0
    while _his(t, p).exclude(result_kind="").count() < played:
        number += 1
        with frozen(at(number * 60)):
            play(t, user, number)


def test_removal_in_round_robin_after_exactly_half_annuls_his_results_for_his_opponents_too_004_5_7_3(
    client, secretary, chief_judge
):
    from tests.judging.conftest import make_running

    t = make_running(secretary, chief_judge, players=5, system="round_robin")  # 4 matches each, 1 rest
    p = t.participants.get(seed=1)
    _rounds_until(t, secretary, p, 2)
    played = list(_his(t, p).exclude(result_kind=""))
    assert len(played) == 2
    client.force_login(chief_judge)
    sanction = _remove(client, t, p)
    assert sanction.outcome == "annulled"
    for m in played:
        m.refresh_from_db()
        assert m.result_kind == "annulled" and m.winner_id is None and "removed" in m.flags
    rows = {r.participant.pk: r.row for r in final_standings(t)}
    assert rows[p.pk].points == 0 and rows[p.pk].played == 0
    # His opponents lost the points of those matches too; his future pairings do not count.
    while draw_manager.rounds_left(t):
        number = t.round_set.count() + 1
        with frozen(at(number * 60)):
            play(t, secretary, number)
    assert not _his(t, p).exclude(result_kind="annulled").exists()
    total = sum(r.row.points for r in final_standings(t))
    assert total == 6  # the 6 matches among the other four players, nothing from his


def test_removal_in_round_robin_after_more_than_half_makes_the_rest_technical_defeats_004_5_7_3(
    client, secretary, chief_judge
):
    from tests.judging.conftest import make_running

    t = make_running(secretary, chief_judge, players=5, system="round_robin")
    p = t.participants.get(seed=1)
    _rounds_until(t, secretary, p, 3)
    kept = {m.pk: (m.result_kind, m.winner_id) for m in _his(t, p).exclude(result_kind="")}
    client.force_login(chief_judge)
    assert _remove(client, t, p).outcome == "technical"
    assert {m.pk: (m.result_kind, m.winner_id) for m in _his(t, p).filter(pk__in=kept)} == kept
    while draw_manager.rounds_left(t):
        number = t.round_set.count() + 1
        with frozen(at(number * 60)):
            play(t, secretary, number)
    rest = _his(t, p).exclude(pk__in=kept)
    assert rest.count() == 1
    m = rest.get()
    assert m.result_kind == "technical" and m.winner_id != p.pk
    assert (m.score1 if m.player1_id == p.pk else m.score2) == 0


def _elimination(client, secretary, chief_judge, system):
    from tests.judging.conftest import make_running

    t = make_running(secretary, chief_judge, players=8, system=system, third_place=False)
    with frozen(at(0)):
        play(t, secretary, 1, winner_first=True)
    winner = Match.objects.filter(round__number=1, round__tournament=t).exclude(player2=None).first().winner
    from tests.judging.conftest import draw_and_start

    with frozen(at(60)):
        rnd2 = draw_and_start(t, secretary, 2)
    pending = _his(t, winner).get(round=rnd2)
    client.force_login(chief_judge)
    with frozen(at(61)):
        sanction = _remove(client, t, winner)
    assert sanction.outcome == "technical"
    pending.refresh_from_db()
    # 004 §5.7.3: technical defeat with 0 score in the remaining match; the opponent goes on.
    assert pending.result_kind == "technical" and pending.winner_id != winner.pk
    assert (pending.score1 if pending.player1_id == winner.pk else pending.score2) == 0
    opponent = pending.winner
    number = 2
    while draw_manager.rounds_left(t):
        rnd = t.round_set.get(number=number)
        for m in rnd.matches.filter(result_kind=""):
            results.record_result(m.pk, secretary, results.ResultInput("played", 7, 1), m.version)
        number += 1
        if draw_manager.rounds_left(t):
            with frozen(at(60 * number)):
                draw_and_start(t, secretary, number)
    later = _his(t, opponent).filter(round__number__gt=2)
    assert later.exists()  # the bracket advanced his opponent
    assert not _his(t, winner).filter(round__number__gt=2).exclude(result_kind="technical").exists()
    places = {r.participant.pk: r.row.place for r in final_standings(t)}
    assert places[winner.pk] is None  # the place is not kept
    assert sorted(p for p in places.values() if p is not None)[0] == 1


def test_removal_in_single_elimination_loses_the_rest_0_n_and_keeps_no_place_004_5_7_3(
    client, secretary, chief_judge
):
    _elimination(client, secretary, chief_judge, "single_elimination")


def test_removal_in_double_elimination_loses_the_rest_0_n_and_keeps_no_place_004_5_7_3(
    client, secretary, chief_judge
):
    _elimination(client, secretary, chief_judge, "double_elimination")


def test_a_removed_player_cannot_be_removed_twice(client, running, chief_judge):
    p = running.participants.last()
    client.force_login(chief_judge)
    _remove(client, running, p)
    data = {"participant": p.pk, "kind": "removal", "violation": "conduct", "clause": "x", "facts": "x"}
    assert client.post(reverse("judging:sanction_new", args=[running.pk]), data).status_code == 400
    assert Sanction.objects.filter(kind="removal").count() == 1


def test_removal_in_a_group_stage_after_one_of_three_annuls_and_he_does_not_qualify_004_5_7_3(
    client, secretary, chief_judge
):
    from tests.judging.conftest import make_running

    t = make_running(
        secretary,
        chief_judge,
        players=8,
        system="mixed",
        group_count=2,
        qualifiers_per_group=2,
        third_place=False,
    )
    with frozen(at(0)):
        play(t, secretary, 1, winner_first=True)
    p = t.participants.get(seed=1)  # he won his first group match
    client.force_login(chief_judge)
    assert _remove(client, t, p).outcome == "annulled"
    assert not _his(t, p).exclude(result_kind="annulled").exists()
    for number in (2, 3):
        with frozen(at(60 * number)):
            play(t, secretary, number)
    assert not _his(t, p).exclude(result_kind="annulled").exists()  # his later group pairings did not count
    with frozen(at(300)):
        play(t, secretary, 4)  # the first playoff round
    playoff = t.stages.get(kind="playoff")
    assert p.key not in playoff.plan["players"] and len(playoff.plan["players"]) == 4


def test_removal_in_swiss_loses_the_drawn_match_and_he_is_not_paired_again_004_5_7_3(
    client, running, secretary, chief_judge
):
    from tests.judging.conftest import draw_and_start

    with frozen(at(60)):
        draw_and_start(running, secretary, 2)
    p = running.participants.get(seed=2)
    client.force_login(chief_judge)
    assert _remove(client, running, p).outcome == "technical"
    m = _his(running, p).get(round__number=2)
    assert m.result_kind == "technical" and m.winner_id != p.pk
    for other in running.round_set.get(number=2).matches.filter(result_kind=""):
        results.record_result(other.pk, secretary, results.ResultInput("played", 7, 2), other.version)
    with frozen(at(120)):
        rnd3 = draw_manager.draw_round(running, secretary, expected_number=3, seed=1)
    assert not rnd3.matches.filter(Q(player1=p) | Q(player2=p)).exists()
