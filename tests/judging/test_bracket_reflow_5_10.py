"""A ruling on an elimination match is always carried out, even once the next bracket match has started or
been played (004 §5.10, §6.1.2 item 4): the later matches that depended on the overturned result are annulled
and re-flowed with the right player, logged, and shown on the desk."""

from __future__ import annotations

from django.db.models import Q
from django.urls import reverse

from draw import manager as draw_manager
from draw import results
from draw.models import Match, Round
from judging.models import Protest
from tests.judging.conftest import at, draw_and_start, frozen, make_running, match_of, play
from tournaments.models import AuditEntry


def _bracket(secretary, chief_judge, participant_user):
    """8 players, single elimination; ``participant_user`` (seed 1) loses his quarter-final at T0."""
    with frozen(at(-60)):
        t = make_running(secretary, chief_judge, participant_user, players=8, system="single_elimination")
    with frozen(at(0)):
        play(t, secretary, 1, winner_first=False)
    me = t.participants.get(person__user=participant_user)
    return t, me


def _protest_and_uphold(client, t, me, participant_user, chief_judge, when):
    qf = match_of(t, me, 1)
    with frozen(at(2)):
        p = Protest.file(qf, me, participant_user, "Соперник нарушил правила", "Свидетели", "", [], at(2))
    client.force_login(chief_judge)
    side = 1 if qf.player1_id == me.pk else 2
    with frozen(when):
        client.post(reverse("judging:protest_review", args=[t.pk, p.pk]), {"accept": "1"})
        return client.post(
            reverse("judging:protest_decide", args=[t.pk, p.pk]),
            {"upheld": "1", "reasons": "Нарушение", "consequence": "technical", "winner_side": str(side)},
        )


def _his(t, p, number):
    return Match.objects.filter(round__tournament=t, round__number=number).filter(Q(player1=p) | Q(player2=p))


def test_an_upheld_protest_reaches_a_semi_final_already_started_5_10_6_1_2(
    client, secretary, chief_judge, participant_user
):
    t, me = _bracket(secretary, chief_judge, participant_user)
    qf = match_of(t, me, 1)
    usurper = qf.winner
    with frozen(at(5)):
        draw_and_start(t, secretary, 2, seed=3)  # the usurper's semi-final has started
    semi = _his(t, usurper, 2).get()
    response = _protest_and_uphold(client, t, me, participant_user, chief_judge, at(8))
    assert response.status_code == 302, response.content.decode()[:3000]
    semi.refresh_from_db()
    assert me.pk in (semi.player1_id, semi.player2_id) and usurper.pk not in (
        semi.player1_id,
        semi.player2_id,
    )
    assert semi.result_kind == "" and semi.started_at is None and "replay" in semi.flags
    log = AuditEntry.objects.filter(tournament=t, action="reflow")
    assert log.count() == 1 and log.get().data["match"] == semi.pk
    desk = client.get(reverse("judging:desk", args=[t.pk])).content.decode()
    assert str(me) in desk and "Последующие матчи сетки" in desk


def test_a_ruling_after_the_semi_final_was_played_annuls_it_and_the_final_waits_for_its_replay_5_10(
    client, secretary, chief_judge, participant_user
):
    t, me = _bracket(secretary, chief_judge, participant_user)
    usurper = match_of(t, me, 1).winner
    with frozen(at(5)):
        play(t, secretary, 2)  # semi-finals played on the old result
    with frozen(at(20)):
        draw_and_start(t, secretary, 3, seed=4)  # the final (and the third-place match) drawn and started
    semi = _his(t, usurper, 2).get()
    response = _protest_and_uphold(client, t, me, participant_user, chief_judge, at(25))
    assert response.status_code == 302, response.content.decode()[:3000]
    semi.refresh_from_db()
    assert me.pk in (semi.player1_id, semi.player2_id) and semi.result_kind == "" and "replay" in semi.flags
    waiting = Match.objects.filter(round__tournament=t, round__number=3, flags__icontains="reflow_wait")
    assert waiting.count() == 2  # the final and the third-place match both need the semi-final's players
    # Nothing can be entered into a waiting match; the replay is entered, and the bracket follows it.
    final = waiting.first()
    client.force_login(secretary)
    response = client.post(
        reverse("draw:match_result", args=[t.pk, final.pk]),
        {"kind": "played", "score1": 7, "score2": 1, "version": final.version},
    )
    assert response.status_code == 400
    s = (7, 2) if semi.player1_id == me.pk else (2, 7)
    with frozen(at(60)):
        results.record_result(semi.pk, secretary, results.ResultInput("played", *s), semi.version)
    assert not Match.objects.filter(
        round__tournament=t, round__number=3, flags__icontains="reflow_wait"
    ).exists()
    assert (
        _his(t, me, 3).exists() and not _his(t, usurper, 3).filter(bracket_code=final.bracket_code).exists()
    )


def test_the_draw_waits_for_every_replay_5_10(client, secretary, chief_judge, participant_user):
    t, me = _bracket(secretary, chief_judge, participant_user)
    with frozen(at(5)):
        draw_and_start(t, secretary, 2, seed=3)
    _protest_and_uphold(client, t, me, participant_user, chief_judge, at(8))
    with frozen(at(9)):
        for m in Match.objects.filter(round__tournament=t, round__number=2).exclude(
            flags__icontains="replay"
        ):
            results.record_result(m.pk, secretary, results.ResultInput("played", 7, 0), m.version)
    try:
        draw_manager.draw_round(t, secretary, expected_number=3, seed=1)
    except draw_manager.DrawError as exc:
        assert "стол" in str(exc) or "tables" in str(exc)
    else:  # pragma: no cover - the draw must wait
        raise AssertionError("round 3 drawn while a semi-final is to be replayed")
    assert not Round.objects.filter(tournament=t, number=3).exists()
