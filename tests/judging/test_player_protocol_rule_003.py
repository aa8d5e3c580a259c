"""What a player may change through his protocol (003 «Фиксация результатов», issue 25 item 1): the one who
handed it in corrects his own protocol until the opponent signed or disputed it and until either player
starts his next match; the opponent signs or disputes; nothing a player sends touches a final result, a result
the judges entered, a ruling or a result under an open protest. One rule (``MatchProtocol.refusal``) on every
path: the player's own match link (no account), the logged-in match page, and the forms they offer.

The attacker is the loser with his own link: before the fix he "corrected" the winner's protocol for himself,
even after he had confirmed it and the result was final."""

from __future__ import annotations

import datetime

import pytest
import time_machine
from django.contrib.auth.models import User
from django.db import transaction
from django.urls import reverse

from draw import manager as draw_manager
from draw import results
from draw.models import Match, Round
from judging import links
from judging.models import MatchProtocol, Protest
from judging.tasks import finalize_results
from tests.factories import make_tournament
from tests.judging.conftest import at, draw_and_start, frozen, match_of

pytestmark = [pytest.mark.security, pytest.mark.django_db]

T = datetime.datetime(2026, 12, 5, 12, 0, tzinfo=datetime.UTC)


def _t(minutes: float) -> datetime.datetime:
    return T + datetime.timedelta(minutes=minutes)


@pytest.fixture
def rnd(secretary, chief_judge):
    with time_machine.travel(_t(-30), tick=False):
        t = make_tournament(secretary, chief_judge, players=8)
        r = draw_manager.draw_round(t, secretary)
        Round.objects.filter(pk=r.pk).update(status=Round.Status.PUBLISHED)
        r.refresh_from_db()
    return r


def _report(client, m, p, mine, theirs, when):
    with time_machine.travel(when, tick=False):
        return client.post(links.url_for(m, p), {"action": "report", "mine": mine, "theirs": theirs})


def _answer(client, m, p, when, confirm=True, dispute=""):
    with time_machine.travel(when, tick=False):
        data = {"action": "answer", "confirm": "1" if confirm else "0", "dispute": dispute}
        return client.post(links.url_for(m, p), data)


def _page(client, m, p, when) -> str:
    with time_machine.travel(when, tick=False):
        return client.get(links.url_for(m, p)).content.decode()


def _result(m) -> tuple:
    m = Match.objects.get(pk=m.pk)
    return m.score1, m.score2, m.winner_id, m.final_at


def _handed_in(client, rnd, table=1):
    """Table ``table``: player 1 won 7:2 and handed it in through his link at T."""
    m = rnd.matches.get(table=table)
    assert _report(client, m, m.player1, 7, 2, T).status_code == 302
    return Match.objects.get(pk=m.pk), m.player1, m.player2


def test_the_loser_cannot_overturn_the_winners_protocol_with_his_own_link_003(client, rnd):
    m, winner, loser = _handed_in(client, rnd)
    before = _result(m)
    assert 'id="report"' not in _page(client, m, loser, _t(1))  # not offered ...
    response = _report(client, m, loser, 7, 0, _t(1))  # ... and refused when sent anyway
    assert response.status_code == 400
    assert _result(m) == before and before[:3] == (7, 2, winner.pk)
    protocol = MatchProtocol.objects.get(match=m)
    assert (protocol.submitted_by_id, protocol.corrections, protocol.status) == (winner.pk, 0, "submitted")


def test_the_loser_cannot_overturn_a_protocol_he_confirmed_003(client, rnd):
    m, winner, loser = _handed_in(client, rnd)
    assert _answer(client, m, loser, _t(1)).status_code == 302
    response = _report(client, m, loser, 7, 1, _t(2))
    assert response.status_code == 400
    assert _result(m)[:3] == (7, 2, winner.pk)
    protocol = MatchProtocol.objects.get(match=m)
    assert (protocol.submitted_by_id, protocol.status) == (winner.pk, "confirmed")


def test_nothing_a_player_sends_touches_a_final_result_003_5_10(client, rnd):
    m, winner, loser = _handed_in(client, rnd)
    assert _answer(client, m, loser, _t(1)).status_code == 302
    with time_machine.travel(_t(11), tick=False):
        assert finalize_results() >= 1
    final = _result(m)
    assert final[3] is not None
    for who, mine, theirs in ((loser, 7, 1), (winner, 7, 5)):
        assert 'id="report"' not in _page(client, m, who, _t(12))
        response = _report(client, m, who, mine, theirs, _t(12))
        assert response.status_code == 400
        assert "окончательн" in response.content.decode()
    assert _result(m) == final
    assert MatchProtocol.objects.get(match=m).corrections == 0


def test_the_winner_corrects_his_protocol_until_the_opponent_answers_003(client, rnd):
    m, winner, loser = _handed_in(client, rnd)
    assert 'id="report"' in _page(client, m, winner, _t(1))
    assert _report(client, m, winner, 7, 4, _t(1)).status_code == 302  # before an answer: allowed
    assert _result(m)[:3] == (7, 4, winner.pk)
    assert MatchProtocol.objects.get(match=m).corrections == 1
    assert _answer(client, m, loser, _t(2), confirm=False, dispute="было 7:5").status_code == 302
    assert 'id="report"' not in _page(client, m, winner, _t(3))
    response = _report(client, m, winner, 7, 6, _t(3))  # after the answer: refused
    assert response.status_code == 400
    assert _result(m)[:3] == (7, 4, winner.pk)
    protocol = MatchProtocol.objects.get(match=m)
    assert (protocol.status, protocol.dispute, protocol.corrections) == ("disputed", "было 7:5", 1)


def test_the_winner_cannot_correct_his_protocol_once_the_opponent_confirmed_it_003(client, rnd):
    m, winner, loser = _handed_in(client, rnd)
    assert _answer(client, m, loser, _t(1)).status_code == 302
    assert _report(client, m, winner, 7, 0, _t(2)).status_code == 400
    assert _result(m)[:3] == (7, 2, winner.pk)


def test_a_result_the_judges_entered_is_not_a_players_to_change_003(client, rnd, secretary):
    m, winner, loser = _handed_in(client, rnd)
    with time_machine.travel(_t(1), tick=False):
        results.record_result(m.pk, secretary, results.ResultInput("played", 7, 5), m.version)
    for who in (winner, loser):
        page = _page(client, m, who, _t(2))
        assert 'id="report"' not in page and 'id="answer"' not in page
    assert _report(client, m, winner, 7, 3, _t(2)).status_code == 400
    assert _answer(client, m, loser, _t(2), confirm=False, dispute="не так").status_code == 400
    assert _result(m)[:3] == (7, 5, winner.pk)
    assert MatchProtocol.objects.get(match=m).status == "submitted"


def test_a_result_under_an_open_protest_is_not_corrected_by_a_player_5_10(client, rnd):
    m, winner, loser = _handed_in(client, rnd)
    with time_machine.travel(_t(1), tick=False):
        Protest.file(m, loser, None, "кости", "видел судья", "", [], _t(1), by_link=True)
    assert 'id="report"' not in _page(client, m, winner, _t(2))
    assert _report(client, m, winner, 7, 0, _t(2)).status_code == 400
    assert _result(m)[:3] == (7, 2, winner.pk)


def test_a_ruling_is_not_corrected_by_a_player_5_10(client, rnd, chief_judge):
    m, winner, loser = _handed_in(client, rnd)
    with time_machine.travel(_t(1), tick=False):
        results.panel_result(
            m.pk, chief_judge, results.ResultInput("played", 7, 2), "решение ГСК", "004 §5.10"
        )
    assert _report(client, m, winner, 7, 0, _t(2)).status_code == 400
    assert _answer(client, m, loser, _t(2), confirm=False, dispute="нет").status_code == 400
    assert MatchProtocol.objects.get(match=m).status == "submitted"


def test_a_double_answer_records_the_first_only_003(client, rnd):
    m, _winner, loser = _handed_in(client, rnd)
    assert _answer(client, m, loser, _t(1)).status_code == 302
    assert _answer(client, m, loser, _t(1), confirm=False, dispute="передумал").status_code == 400
    assert MatchProtocol.objects.get(match=m).status == "confirmed"


# --- the logged-in match protocol page (judging/views.py): the same rule ------------------------------------


@pytest.fixture
def pairing(running, secretary, participant_user):
    """Round 2 started at +3 min: ``participant_user`` against an opponent who has a login too."""
    with frozen(at(3)):
        draw_and_start(running, secretary, 2)
    me = running.participants.get(person__user=participant_user)
    m = match_of(running, me, 2)
    other = m.player2 if m.player1_id == me.pk else m.player1
    other.person.user = User.objects.create_user("opp2")
    other.person.save()
    return m, me, other


def _scores(m, p, mine, theirs):
    return {"score1": mine, "score2": theirs} if m.player1_id == p.pk else {"score1": theirs, "score2": mine}


def test_the_loser_cannot_overturn_the_protocol_on_the_logged_in_match_page_003(
    client, running, participant_user, pairing
):
    m, me, other = pairing
    submit = reverse("judging:protocol_submit", args=[running.pk, m.pk])
    page = reverse("judging:match", args=[running.pk, m.pk])
    client.force_login(participant_user)
    with frozen(at(40)):
        assert client.post(submit, _scores(m, me, 7, 2)).status_code == 302
        assert "Correct the protocol" not in client.get(page, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    client.force_login(other.person.user)
    with frozen(at(41)):
        html = client.get(page).content.decode()
        assert f'action="{submit}"' not in html  # the loser is offered no protocol form
        assert client.post(submit, _scores(m, other, 7, 0)).status_code == 400
        assert (
            client.post(
                reverse("judging:protocol_answer", args=[running.pk, m.pk]), {"confirm": "1"}
            ).status_code
            == 302
        )
        assert client.post(submit, _scores(m, other, 7, 1)).status_code == 400
    m.refresh_from_db()
    assert m.winner_id == me.pk and sorted([m.score1, m.score2]) == [2, 7]
    protocol = MatchProtocol.objects.get(match=m)
    assert (protocol.submitted_by_id, protocol.status, protocol.corrections) == (me.pk, "confirmed", 0)


def test_the_match_page_offers_the_winner_a_correction_only_before_the_answer_003(
    client, running, participant_user, pairing
):
    m, me, other = pairing
    submit = reverse("judging:protocol_submit", args=[running.pk, m.pk])
    page = reverse("judging:match", args=[running.pk, m.pk])
    client.force_login(participant_user)
    with frozen(at(40)):
        client.post(submit, _scores(m, me, 7, 2))
        assert f'action="{submit}"' in client.get(page).content.decode()
        assert client.post(submit, _scores(m, me, 7, 3)).status_code == 302
    client.force_login(other.person.user)
    with frozen(at(41)):
        answer = reverse("judging:protocol_answer", args=[running.pk, m.pk])
        assert client.post(answer, {"confirm": "0", "dispute": "7:4"}).status_code == 302
    client.force_login(participant_user)
    with frozen(at(42)):
        assert f'action="{submit}"' not in client.get(page).content.decode()
        assert client.post(submit, _scores(m, me, 7, 4)).status_code == 400
    m.refresh_from_db()
    assert sorted([m.score1, m.score2]) == [3, 7]


def test_after_a_replay_the_replays_winner_hands_in_a_new_protocol_5_10(client, rnd, chief_judge):
    m, winner, loser = _handed_in(client, rnd)
    with time_machine.travel(_t(1), tick=False), transaction.atomic():
        results.panel_replay(m.pk, chief_judge, "переиграть", "004 §5.10")
    assert 'id="report"' in _page(client, m, loser, _t(20))
    assert _report(client, m, loser, 7, 5, _t(20)).status_code == 302
    m = Match.objects.get(pk=m.pk)
    assert (m.winner_id, m.ended_at) == (loser.pk, _t(20))
    protocol = MatchProtocol.objects.get(match=m)
    assert (protocol.submitted_by_id, protocol.status, protocol.corrections) == (loser.pk, "submitted", 0)
    assert _report(client, m, winner, 7, 0, _t(21)).status_code == 400  # the old winner's is gone
    assert _answer(client, m, winner, _t(21)).status_code == 302


def test_the_opponent_answers_before_his_next_match_starts_2_4_2(
    client, running, secretary, participant_user, pairing
):
    m, me, other = pairing
    client.force_login(participant_user)
    with frozen(at(40)):
        client.post(reverse("judging:protocol_submit", args=[running.pk, m.pk]), _scores(m, me, 7, 2))
        for x in running.round_set.get(number=2).matches.filter(result_kind="").exclude(player2=None):
            results.record_result(x.pk, secretary, results.ResultInput("played", 7, 0), x.version)
    with frozen(at(42)):
        draw_and_start(running, secretary, 3)
    client.force_login(other.person.user)
    with frozen(at(43)):
        answer = reverse("judging:protocol_answer", args=[running.pk, m.pk])
        assert (
            f'action="{answer}"'
            not in client.get(reverse("judging:match", args=[running.pk, m.pk])).content.decode()
        )
        assert client.post(answer, {"confirm": "0", "dispute": "было 7:4"}).status_code == 400
    assert MatchProtocol.objects.get(match=m).status == "submitted"
