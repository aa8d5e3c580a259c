"""Corrections of a result until either player starts his next match (003 «Протоколы»), the rounds drawn on
the old result flagged for review, and the new protest window a change opens (004 §5.10)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from draw import results
from draw.models import Match, Round
from judging import state
from judging.errors import JudgingError
from judging.models import MatchProtocol, Protest
from tests.judging.conftest import T0, at, draw_and_start, frozen, make_running, match_of
from tournaments.models import AuditEntry


def _flip(m: Match) -> dict:
    """The result form's data that makes the loser of ``m`` its winner."""
    return {"kind": "played", "score1": m.score2, "score2": m.score1, "version": m.version}


def _correct(client, t, m, **extra):
    return client.post(reverse("draw:match_result", args=[t.pk, m.pk]), {**_flip(m), **extra})


def _first(t, number=1) -> Match:
    return (
        Match.objects.filter(round__tournament=t, round__number=number)
        .exclude(player2=None)
        .order_by("table")[0]
    )


def test_a_correction_after_the_next_round_is_drawn_but_not_started_is_allowed_003(
    client, running, secretary
):
    with frozen(at(5)):
        draw_manager.draw_round(running, secretary, expected_number=2, seed=3)
    m = _first(running)
    old_winner = m.winner_id
    client.force_login(secretary)
    with frozen(at(6)):
        response = _correct(client, running, m)
    assert response.status_code == 302, response.content.decode()[:2000]
    m.refresh_from_db()
    assert m.winner_id not in (None, old_winner)
    assert Round.objects.get(tournament=running, number=2).needs_review


def test_a_flagged_draft_is_not_published_until_the_secretary_keeps_or_redraws_it_003(
    client, running, secretary
):
    with frozen(at(5)):
        draw_manager.draw_round(running, secretary, expected_number=2, seed=3)
    m = _first(running)
    client.force_login(secretary)
    with frozen(at(6)):
        _correct(client, running, m)
        page = client.get(reverse("public:round", args=[running.pk, 2])).content.decode()
        assert 'name="action" value="keep"' in page and 'value="redraw"' in page
        client.post(reverse("draw:publish", args=[running.pk, 2]))
        assert Round.objects.get(tournament=running, number=2).status == "draft"
        assert (
            client.post(reverse("draw:round_review", args=[running.pk, 2]), {"action": "keep"}).status_code
            == 302
        )
    rnd = Round.objects.get(tournament=running, number=2)
    assert not rnd.needs_review
    assert AuditEntry.objects.filter(tournament=running, action="review_keep").exists()
    client.post(reverse("draw:publish", args=[running.pk, 2]))
    assert Round.objects.get(tournament=running, number=2).status == "published"


def test_a_flagged_draft_drawn_again_follows_the_corrected_result_003(client, running, secretary):
    with frozen(at(5)):
        draw_manager.draw_round(running, secretary, expected_number=2, seed=3)
    m = _first(running)
    client.force_login(secretary)
    with frozen(at(6)):
        _correct(client, running, m)
        response = client.post(reverse("draw:round_review", args=[running.pk, 2]), {"action": "redraw"})
    assert response.status_code == 302
    rnd = Round.objects.get(tournament=running, number=2)
    assert not rnd.needs_review and rnd.seed == 3 and rnd.status == "draft"
    m.refresh_from_db()
    # Swiss pairs by points: the corrected winner of table 1 meets the other winner of round 1.
    winners = set(
        Match.objects.filter(round__tournament=running, round__number=1).values_list("winner_id", flat=True)
    )
    assert any({x.player1_id, x.player2_id} == winners for x in rnd.matches.all())


def test_a_correction_is_refused_once_either_player_has_started_his_next_match_003(
    client, running, secretary
):
    with frozen(at(5)):
        draw_and_start(running, secretary, 2, seed=3)
    m = _first(running)
    before = (m.score1, m.score2, m.winner_id)
    client.force_login(secretary)
    with frozen(at(6)):
        response = _correct(client, running, m)
    assert response.status_code == 400
    assert "начал следующий матч" in response.content.decode()
    m.refresh_from_db()
    assert (m.score1, m.score2, m.winner_id) == before


def test_the_winners_protocol_corrected_after_the_next_round_is_drawn_003(
    secretary, chief_judge, participant_user
):
    with frozen(at(-60)):
        t = make_running(secretary, chief_judge, participant_user, players=4, system="swiss", rounds=3)
    with frozen(T0):
        rnd = draw_and_start(t, secretary, 1)
        me = t.participants.get(person__user=participant_user)
        mine = match_of(t, me, 1)
        s = (7, 3) if mine.player1_id == me.pk else (3, 7)
        MatchProtocol.submit(mine, me, *s, "", participant_user, T0)
        for m in rnd.matches.exclude(pk=mine.pk).exclude(player2=None):
            results.record_result(m.pk, secretary, results.ResultInput("played", 7, 1), m.version)
    with frozen(at(5)):
        draw_manager.draw_round(t, secretary, expected_number=2, seed=3)
    mine.refresh_from_db()
    s = (7, 5) if mine.player1_id == me.pk else (5, 7)
    with frozen(at(6)):
        protocol = MatchProtocol.submit(mine, me, *s, "", participant_user, at(6))
    mine.refresh_from_db()
    assert protocol.corrections == 1 and (mine.score1, mine.score2) == s


def test_a_correction_after_the_window_opens_a_new_one_for_the_player_it_harms_5_10(
    client, running, secretary, participant_user
):
    me = running.participants.get(person__user=participant_user)
    m = match_of(running, me, 1)
    if m.winner_id != me.pk:  # make the protester the winner the correction will harm
        with frozen(at(1)):
            m = results.record_result(
                m.pk, secretary, results.ResultInput("played", m.score2, m.score1), m.version
            )
    client.force_login(secretary)
    with frozen(at(30)):  # the original window closed at +10
        assert state.match_state(Match.objects.get(pk=m.pk), at(30))[0] == state.FINAL
        assert _correct(client, running, Match.objects.get(pk=m.pk)).status_code == 302
    m.refresh_from_db()
    assert m.winner_id != me.pk
    assert state.match_state(m, at(31)) == (state.PROVISIONAL, 9 * 60)
    other = m.player2 if m.player1_id == me.pk else m.player1
    # The player the correction helps has no new window...
    with frozen(at(35)), pytest.raises(JudgingError):
        Protest.file(m, other, participant_user, "x", "y", "", [], at(35))
    # ... the one it harms has ten minutes from the change.
    with frozen(at(35)):
        protest = Protest.file(m, me, participant_user, "Счёт исправлен неверно", "Протокол", "", [], at(35))
    assert protest.deadline == at(40)
    Protest.objects.filter(pk=protest.pk).delete()
    with frozen(at(41)), pytest.raises(JudgingError):
        Protest.file(m, me, participant_user, "поздно", "y", "", [], at(41))


def test_certifying_a_disputed_protocol_opens_a_window_for_the_disputer_5_10(
    secretary, chief_judge, participant_user
):
    from django.contrib.auth.models import User

    opponent_user = User.objects.create_user("opp")
    with frozen(at(-60)):
        t = make_running(secretary, chief_judge, participant_user, players=4, system="swiss", rounds=3)
    with frozen(T0):
        draw_and_start(t, secretary, 1)
    me = t.participants.get(person__user=participant_user)
    mine = match_of(t, me, 1)
    opponent = mine.player2 if mine.player1_id == me.pk else mine.player1
    opponent.person.user = opponent_user
    opponent.person.save()
    s = (7, 3) if mine.player1_id == me.pk else (3, 7)
    with frozen(T0):
        protocol = MatchProtocol.submit(mine, me, *s, "", participant_user, T0)
    protocol.answer(opponent, False, "Счёт 7:5", opponent_user, at(2))
    with frozen(at(20)):
        protocol.certify(secretary, at(20))
    mine.refresh_from_db()
    with frozen(at(25)):
        protest = Protest.file(
            mine, opponent, opponent_user, "Протокол неверен", "Запись партий", "", [], at(25)
        )
    assert protest.deadline == at(30)
    # The winner, whom the certification does not harm, keeps his original window (closed at +10).
    with frozen(at(25)), pytest.raises(JudgingError):
        Protest.file(mine, me, participant_user, "x", "y", "", [], at(25))


@pytest.mark.django_db(transaction=True)
def test_the_review_preview_on_the_round_page_keeps_the_round_outside_a_transaction_003(client):
    """The page runs in autocommit: the trial draw of the preview must still be thrown away."""
    from tests.factories import make_tournament, make_user

    secretary = make_user("sec_tx", can_create=True)
    t = make_tournament(secretary, players=6, system="swiss", rounds=3)
    from tests.judging.conftest import play

    with frozen(at(0)):
        play(t, secretary, 1)
    with frozen(at(5)):
        draw_manager.draw_round(t, secretary, expected_number=2, seed=3)
    m = _first(t)
    client.force_login(secretary)
    with frozen(at(6)):
        assert _correct(client, t, m).status_code == 302
        page = client.get(reverse("public:round", args=[t.pk, 2]))
    assert page.status_code == 200 and 'value="redraw"' in page.content.decode()
    rnd = Round.objects.get(tournament=t, number=2)
    assert rnd.needs_review and rnd.matches.count() == 3


def test_the_panel_corrects_a_transcription_after_the_next_match_started_with_a_reason_003(
    client, running, secretary, chief_judge, plain_secretary
):
    """Issue 27 (partly right): 003 forbids changing the players' protocol, not the secretary's transcription
    of it. After a player has started his next match a plain secretary still cannot change the result; the
    judging panel can, with its reason — logged, and the round drawn on the old result flagged for review."""
    with frozen(at(5)):
        draw_and_start(running, secretary, 2, seed=3)
    m = _first(running)
    before = (m.score1, m.score2, m.winner_id)
    client.force_login(plain_secretary)
    with frozen(at(6)):
        assert _correct(client, running, m, reason="опечатка").status_code == 400
    m.refresh_from_db()
    assert (m.score1, m.score2, m.winner_id) == before
    client.force_login(chief_judge)
    with frozen(at(6)):
        page = client.get(reverse("draw:match_result", args=[running.pk, m.pk])).content.decode()
        assert "с указанием причины" in page and "disabled" not in page
        assert _correct(client, running, m).status_code == 400  # no reason: nothing changes
        m.refresh_from_db()
        assert (m.score1, m.score2, m.winner_id) == before
        response = _correct(client, running, m, reason="Секретарь перепутал столы")
    assert response.status_code == 302
    m.refresh_from_db()
    assert (m.score1, m.score2) == (before[1], before[0])
    entry = AuditEntry.objects.filter(tournament=running, action="result").latest("pk")
    assert entry.user == chief_judge and entry.reason == "Секретарь перепутал столы"
    assert Round.objects.get(tournament=running, number=2).needs_review
