"""Match protocols (003, 004 §6.2.3 item 4): handed in by the winner, signed, certified."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from judging.models import MatchProtocol
from rules_core import write_mat
from rules_core.simulate import random_match
from tests.judging.conftest import at, draw_and_start, frozen, match_of
from tournaments.models import AuditEntry


@pytest.fixture
def pairing(running, secretary, participant_user):
    """Round 2 started at +3 min: ``participant_user`` against an opponent who has a login too."""
    with frozen(at(3)):
        rnd = draw_and_start(running, secretary, 2)
    me = running.participants.get(person__user=participant_user)
    m = match_of(running, me, 2)
    other = m.player2 if m.player1_id == me.pk else m.player1
    other.person.user = User.objects.create_user("opp2")
    other.person.save()
    return rnd, m, me, other


def _scores(m, me, mine, theirs):
    return {"score1": mine, "score2": theirs} if m.player1_id == me.pk else {"score1": theirs, "score2": mine}


def test_the_winner_hands_in_the_protocol_and_the_result_is_provisional_from_then_003(
    client, running, participant_user, pairing
):
    _rnd, m, me, _other = pairing
    client.force_login(participant_user)
    record = write_mat(random_match("long", 3, 7, players=("Один", "Другой")))
    with frozen(at(40)):
        response = client.post(
            reverse("judging:protocol_submit", args=[running.pk, m.pk]),
            {**_scores(m, me, 7, 4), "record": record},
        )
    assert response.status_code == 302
    m.refresh_from_db()
    assert m.result_kind == "played" and m.winner_id == me.pk and m.ended_at == at(40)
    protocol = MatchProtocol.objects.get()
    assert protocol.status == "submitted"
    assert AuditEntry.objects.filter(action="protocol", data__clause="003").exists()
    # One record per match: the record handed in is the match's record (records), not a second copy.
    assert [r.text.strip() for r in m.records.filter(superseded_at__isnull=True)] == [record.strip()]


def test_an_unreadable_record_refuses_the_whole_protocol_and_names_the_line_003(
    client, running, participant_user, pairing
):
    _rnd, m, me, _other = pairing
    client.force_login(participant_user)
    with frozen(at(40)):
        response = client.post(
            reverse("judging:protocol_submit", args=[running.pk, m.pk]),
            {**_scores(m, me, 7, 4), "record": "1) 64: 24/18 13/9"},
        )
    assert response.status_code == 400
    assert "строк" in response.content.decode()  # the line of the record is named, in Russian
    m.refresh_from_db()
    assert m.result_kind == "" and not MatchProtocol.objects.exists() and not m.records.exists()


def test_the_loser_cannot_hand_in_the_protocol_003(client, running, participant_user, pairing):
    _rnd, m, me, _other = pairing
    client.force_login(participant_user)
    response = client.post(reverse("judging:protocol_submit", args=[running.pk, m.pk]), _scores(m, me, 2, 7))
    assert response.status_code == 400
    m.refresh_from_db()
    assert m.result_kind == "" and not MatchProtocol.objects.exists()


def test_the_opponent_signs_or_disputes_with_a_reason_and_the_secretary_certifies_004_6_2_3(
    client, running, participant_user, plain_secretary, pairing
):
    _rnd, m, me, other = pairing
    client.force_login(participant_user)
    client.post(reverse("judging:protocol_submit", args=[running.pk, m.pk]), _scores(m, me, 7, 4))
    url = reverse("judging:protocol_answer", args=[running.pk, m.pk])
    assert client.post(url, {"confirm": "1"}).status_code == 403  # not the one who handed it in
    client.force_login(other.person.user)
    assert client.post(url, {"confirm": "0", "dispute": ""}).status_code == 400
    assert client.post(url, {"confirm": "0", "dispute": "Было 7:5"}).status_code == 302
    protocol = MatchProtocol.objects.get()
    assert protocol.status == "disputed" and protocol.dispute == "Было 7:5"
    certify = reverse("judging:protocol_certify", args=[running.pk, m.pk])
    assert client.post(certify).status_code == 403
    client.force_login(plain_secretary)
    assert client.post(certify).status_code == 302
    protocol.refresh_from_db()
    assert protocol.status == "certified" and protocol.certified_by == plain_secretary


def test_corrections_until_either_player_starts_his_next_match_003(
    client, running, secretary, participant_user, pairing
):
    _rnd, m, me, _other = pairing
    client.force_login(participant_user)
    submit = reverse("judging:protocol_submit", args=[running.pk, m.pk])
    with frozen(at(40)):
        client.post(submit, _scores(m, me, 7, 4))
    with frozen(at(42)):
        assert client.post(submit, _scores(m, me, 7, 5)).status_code == 302
    m.refresh_from_db()
    assert sorted([m.score1, m.score2]) == [5, 7] and MatchProtocol.objects.get().corrections == 1
    for match in running.round_set.get(number=2).matches.filter(result_kind=""):
        from draw import results

        results.record_result(match.pk, secretary, results.ResultInput("played", 7, 0), match.version)
    with frozen(at(60)):
        draw_and_start(running, secretary, 3)
    with frozen(at(61)):
        response = client.post(submit, _scores(m, me, 7, 6))
    assert response.status_code == 400
    m.refresh_from_db()
    assert sorted([m.score1, m.score2]) == [5, 7]


@pytest.mark.parametrize("who", ["anonymous", "stranger", "other_secretary"])
def test_outsiders_cannot_hand_in_sign_or_certify(client, running, pairing, who, request):
    _rnd, m, _me, _other = pairing
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    for name in ("protocol_submit", "protocol_answer", "protocol_certify"):
        url = reverse(f"judging:{name}", args=[running.pk, m.pk])
        assert client.post(url, {"score1": 7, "score2": 0, "confirm": "1"}).status_code in (403, 404)
    assert client.get(reverse("judging:match", args=[running.pk, m.pk])).status_code == 403
    m.refresh_from_db()
    assert m.result_kind == "" and not MatchProtocol.objects.exists()


def test_a_result_entered_by_the_judges_is_not_overwritten_by_a_protocol(client, running, participant_user):
    me = running.participants.get(person__user=participant_user)
    m = match_of(running, me, 1)
    client.force_login(participant_user)
    response = client.post(reverse("judging:protocol_submit", args=[running.pk, m.pk]), _scores(m, me, 7, 0))
    assert response.status_code == 400
