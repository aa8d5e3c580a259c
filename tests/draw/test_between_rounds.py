"""What the secretary changes between rounds: late entries and withdrawals (Swiss), the match length of a
round, the start of a round."""

from __future__ import annotations

from django.urls import reverse

from draw import manager as draw_manager
from draw import results
from draw.models import Match, Round
from tests.factories import add_players, make_tournament, random_score


def _publish_and_play(t, number, secretary, seed=1):
    import random

    rng = random.Random(seed)
    rnd = t.round_set.get(number=number)
    Round.objects.filter(pk=rnd.pk).update(status="published")
    for m in rnd.matches.filter(result_kind=""):
        s1, s2 = random_score(rng, m.match_length)
        results.record_result(m.pk, secretary, results.ResultInput("played", s1, s2), m.version)


def test_swiss_takes_a_late_entry_and_drops_a_withdrawn_player_004_1_4_6(client, secretary):
    t = make_tournament(secretary, players=6, system="swiss", rounds=4)
    draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
    _publish_and_play(t, 1, secretary)
    client.force_login(secretary)
    gone = t.participants.first()
    response = client.post(
        reverse("draw:withdraw", args=[t.pk]), {"participant": gone.pk, "reason": "болезнь"}
    )
    assert response.status_code == 302
    late = add_players(t, 1, start=50)[0]
    response = client.post(reverse("draw:draw", args=[t.pk]), {"number": 2})
    assert response.status_code == 302
    players = set()
    for m in Match.objects.filter(round__number=2, round__tournament=t):
        players |= {m.player1_id, m.player2_id} - {None}
    assert gone.pk not in players and late.pk in players
    assert len(players) == 6
    assert t.audit.filter(action="withdraw", reason="болезнь").exists()


def test_a_withdrawal_needs_a_reason(client, secretary):
    t = make_tournament(secretary, players=4)
    client.force_login(secretary)
    p = t.participants.first()
    client.post(reverse("draw:withdraw", args=[t.pk]), {"participant": p.pk, "reason": "  "})
    p.refresh_from_db()
    assert p.status == "active"


def test_a_withdrawn_player_loses_his_scheduled_round_robin_matches_technically(secretary):
    t = make_tournament(secretary, players=4, system="round_robin")
    draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
    _publish_and_play(t, 1, secretary)
    gone = t.participants.order_by("seed").first()
    gone.status = "withdrawn"
    gone.save()
    rnd = draw_manager.draw_round(t, secretary, expected_number=2, seed=1)
    m = rnd.matches.get(
        **{"player1": gone} if rnd.matches.filter(player1=gone).exists() else {"player2": gone}
    )
    assert m.result_kind == "technical" and m.winner_id != gone.pk and "walkover" in m.flags
    assert {m.score1, m.score2} == {0, m.match_length}


def test_a_draft_round_can_be_set_to_another_match_length(client, secretary):
    t = make_tournament(secretary, players=4, match_length=7)
    draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
    client.force_login(secretary)
    client.post(reverse("draw:round_length", args=[t.pk, 1]), {"match_length": 5})
    rnd = t.round_set.get()
    assert rnd.effective_match_length() == 5
    assert set(rnd.matches.values_list("match_length", flat=True)) == {5}
    client.post(reverse("draw:publish", args=[t.pk, 1]))
    response = client.post(reverse("draw:round_length", args=[t.pk, 1]), {"match_length": 3}, follow=True)
    assert set(rnd.matches.values_list("match_length", flat=True)) == {5}
    assert response.status_code == 200


def test_starting_a_round_records_the_time_of_every_match(client, secretary):
    t = make_tournament(secretary, players=4)
    draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
    client.force_login(secretary)
    client.post(reverse("draw:publish", args=[t.pk, 1]))
    client.post(reverse("draw:round_start", args=[t.pk, 1]))
    rnd = t.round_set.get()
    assert rnd.start_time is not None
    assert all(m.started_at == rnd.start_time for m in rnd.matches.all())


def test_the_playoff_of_a_mixed_event_uses_its_own_match_length(secretary):
    from tests.factories import play_out  # noqa: F401 - the path is covered in test_secretary_path

    t = make_tournament(
        secretary,
        players=8,
        system="mixed",
        group_count=2,
        qualifiers_per_group=2,
        match_length=5,
        playoff_match_length=9,
    )
    number = 1
    while True:
        rnd = draw_manager.draw_round(t, secretary, expected_number=number, seed=number)
        if rnd.stage.kind == "playoff":
            break
        _publish_and_play(t, number, secretary, seed=number)
        number += 1
    assert set(rnd.matches.values_list("match_length", flat=True)) == {9}
    assert set(Match.objects.filter(round__stage__kind="groups").values_list("match_length", flat=True)) == {
        5
    }
