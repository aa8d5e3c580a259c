"""The judging panel rules on a protest (004 §5.10, §5.11): accept or not, then upheld or dismissed."""

from __future__ import annotations

import pytest
from django.db.models import Q
from django.urls import reverse

from draw.models import Match, Round
from judging.models import Protest
from standings.ranking import final_standings
from tests.judging.conftest import at, frozen, match_of, play
from tournaments.models import AuditEntry


def _file(t, user, minutes=2) -> Protest:
    me = t.participants.get(person__user=user)
    m = match_of(t, me, 1)
    with frozen(at(minutes)):
        return Protest.file(m, me, user, "счёт неверен", "партия 5", "", [], at(minutes))


def _review(client, t, p, accept="1", **extra):
    return client.post(reverse("judging:protest_review", args=[t.pk, p.pk]), {"accept": accept, **extra})


def _decide(client, t, p, **data):
    return client.post(reverse("judging:protest_decide", args=[t.pk, p.pk]), data)


def _snapshot(t):
    return (
        list(Protest.objects.values_list("pk", "status", "decided_at", "consequence")),
        list(Match.objects.filter(round__tournament=t).values_list("pk", "result_kind", "score1", "score2")),
        AuditEntry.objects.filter(tournament=t).count(),
        list(Round.objects.filter(tournament=t).values_list("number", "status")),
    )


@pytest.mark.parametrize(
    "who", ["anonymous", "participant_user", "stranger", "other_secretary", "plain_secretary", "opponent"]
)
def test_only_the_panel_rules_every_other_path_is_403_and_changes_nothing_004_5_11(
    client, running, participant_user, who, request
):
    p = _file(running, participant_user)
    if who == "opponent":
        other = Protest.objects.get().match
        loser = other.player2 if other.player1.person.user_id == participant_user.pk else other.player1
        from django.contrib.auth.models import User

        user = User.objects.create_user("opp")
        loser.person.user = user
        loser.person.save()
        client.force_login(user)
    elif who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    before = _snapshot(running)
    assert _review(client, running, p).status_code == 403
    Protest.objects.filter(pk=p.pk).update(status="accepted")
    before = _snapshot(running)
    assert (
        _decide(
            client, running, p, upheld="1", reasons="x", consequence="technical", winner_side="1"
        ).status_code
        == 403
    )
    assert client.get(reverse("judging:desk", args=[running.pk])).status_code == 403
    assert client.post(reverse("judging:finalize", args=[running.pk])).status_code == 403
    assert _snapshot(running) == before


def test_the_panel_rejects_an_unfounded_protest_and_the_result_becomes_final_004_5_10(
    client, running, participant_user, chief_judge
):
    running.protest_deposit = 500
    running.save()
    p = _file(running, participant_user)
    client.force_login(chief_judge)
    with frozen(at(20)):
        response = _review(
            client, running, p, accept="0", rejection="unfounded", reasons="Доводы не подтверждены"
        )
    assert response.status_code == 302
    p.refresh_from_db()
    assert p.status == "rejected" and p.rejection == "unfounded" and p.deposit_returned_at is None
    assert p.match.final_at == at(20)


def test_a_rejection_needs_its_ground_and_reasons(client, running, participant_user, chief_judge):
    p = _file(running, participant_user)
    client.force_login(chief_judge)
    assert _review(client, running, p, accept="0").status_code == 400
    p.refresh_from_db()
    assert p.status == "filed"


def test_upheld_with_a_corrected_score_returns_the_deposit_and_changes_the_standings_004_5_10(
    client, running, participant_user, chief_secretary
):
    running.protest_deposit = 500
    running.save()
    p = _file(running, participant_user)
    m = p.match
    me_first = m.player1.person.user_id == participant_user.pk
    client.force_login(chief_secretary)
    _review(client, running, p)
    new = (7, 3) if me_first else (3, 7)
    with frozen(at(15)):
        response = _decide(
            client,
            running,
            p,
            upheld="1",
            reasons="Протокол подтверждает",
            consequence="score",
            score1=new[0],
            score2=new[1],
            action="decide",
        )
    assert response.status_code == 302
    p.refresh_from_db()
    m.refresh_from_db()
    assert p.status == "upheld" and p.deposit_returned_at == at(15)
    assert (m.score1, m.score2) == new and m.winner.person.user_id == participant_user.pk
    assert m.final_at == at(15)
    assert AuditEntry.objects.filter(action="ruling", data__clause="004 §5.10", data__match=m.pk).exists()
    rows = {r.participant.person.user_id: r.row for r in final_standings(running)}
    assert rows[participant_user.pk].points == 1


def test_upheld_with_a_technical_defeat_and_dismissed_keeps_the_result(
    client, running, participant_user, chief_judge
):
    p = _file(running, participant_user)
    client.force_login(chief_judge)
    _review(client, running, p)
    side = 1 if p.match.player1.person.user_id == participant_user.pk else 2
    _decide(
        client, running, p, upheld="1", reasons="Нарушение", consequence="technical", winner_side=str(side)
    )
    m = Match.objects.get(pk=p.match_id)
    assert m.result_kind == "technical" and m.winner.person.user_id == participant_user.pk
    assert {m.score1, m.score2} == {0, m.match_length}


def test_a_dismissed_protest_keeps_the_result_and_the_deposit(client, running, participant_user, chief_judge):
    running.protest_deposit = 500
    running.save()
    p = _file(running, participant_user)
    before = Match.objects.filter(pk=p.match_id).values_list("score1", "score2", "winner").get()
    client.force_login(chief_judge)
    _review(client, running, p)
    assert _decide(client, running, p, upheld="0", reasons="Оснований нет").status_code == 302
    p.refresh_from_db()
    assert p.status == "dismissed" and p.deposit_returned_at is None
    assert Match.objects.filter(pk=p.match_id).values_list("score1", "score2", "winner").get() == before


def test_a_replay_ordered_clears_the_result(client, running, participant_user, chief_judge):
    p = _file(running, participant_user)
    client.force_login(chief_judge)
    _review(client, running, p)
    _decide(client, running, p, upheld="1", reasons="Кости были неисправны", consequence="replay")
    m = Match.objects.get(pk=p.match_id)
    assert m.result_kind == "" and m.winner_id is None and "replay" in m.flags
    assert m.round.status == "published"


def test_the_decision_is_final_no_second_decision_004_5_10(client, running, participant_user, chief_judge):
    p = _file(running, participant_user)
    client.force_login(chief_judge)
    _review(client, running, p)
    _decide(client, running, p, upheld="0", reasons="Оснований нет")
    response = _decide(client, running, p, upheld="1", reasons="Передумали", consequence="replay")
    assert response.status_code == 400
    p.refresh_from_db()
    assert p.status == "dismissed"
    assert Match.objects.get(pk=p.match_id).result_kind == "played"


def test_bad_scores_in_a_decision_are_refused_and_nothing_changes(
    client, running, participant_user, chief_judge
):
    p = _file(running, participant_user)
    client.force_login(chief_judge)
    _review(client, running, p)
    before = _snapshot(running)
    response = _decide(client, running, p, upheld="1", reasons="x", consequence="score", score1=2, score2=3)
    assert response.status_code == 400
    assert _snapshot(running) == before


def _swiss_with_round_2_drawn(running, secretary, participant_user):
    """A protest on round 1 whose result decides the round-2 pairings (Swiss score groups)."""
    from draw import manager as draw_manager

    p = _file(running, participant_user)
    with frozen(at(5)):
        draw_manager.draw_round(running, secretary, expected_number=2, seed=7)
    return p


def test_when_the_next_round_was_drawn_the_panel_sees_the_changed_pairings_and_may_redraw(
    client, running, secretary, participant_user, chief_judge
):
    p = _swiss_with_round_2_drawn(running, secretary, participant_user)
    m = p.match
    flipped = (m.score2, m.score1)  # the loser becomes the winner: score groups change
    client.force_login(chief_judge)
    _review(client, running, p)
    data = dict(
        upheld="1", reasons="Ошибка в протоколе", consequence="score", score1=flipped[0], score2=flipped[1]
    )
    old_pairs = set(Match.objects.filter(round__number=2).values_list("player1", "player2"))
    response = _decide(client, running, p, action="preview", **data)
    assert response.status_code == 200
    preview = response.context["preview"]
    assert preview["round"] == 2 and preview["gone"] and preview["come"]
    assert Match.objects.get(pk=m.pk).score1 == m.score1  # the preview saved nothing
    # Without a choice the panel is asked to choose.
    assert _decide(client, running, p, action="decide", **data).status_code == 400
    response = _decide(client, running, p, action="decide", next_round="redraw", **data)
    assert response.status_code == 302
    p.refresh_from_db()
    assert p.next_round == "redraw" and p.changed_pairings
    rnd2 = Round.objects.get(tournament=running, number=2)
    assert rnd2.status == "draft"
    assert set(rnd2.matches.values_list("player1", "player2")) != old_pairs


def test_the_panel_may_keep_the_drawn_pairings(client, running, secretary, participant_user, chief_judge):
    p = _swiss_with_round_2_drawn(running, secretary, participant_user)
    m = p.match
    old_pairs = set(Match.objects.filter(round__number=2).values_list("player1", "player2"))
    client.force_login(chief_judge)
    _review(client, running, p)
    response = _decide(
        client,
        running,
        p,
        action="decide",
        next_round="keep",
        upheld="1",
        reasons="Ошибка",
        consequence="score",
        score1=m.score2,
        score2=m.score1,
    )
    assert response.status_code == 302
    assert set(Match.objects.filter(round__number=2).values_list("player1", "player2")) == old_pairs
    p.refresh_from_db()
    assert p.next_round == "keep"
    assert Match.objects.get(pk=m.pk).score1 == m.score2


def test_drawing_while_a_protest_is_pending_warns_the_secretary(client, running, secretary, participant_user):
    _file(running, participant_user)
    client.force_login(secretary)
    with frozen(at(5)):
        response = client.post(reverse("draw:draw", args=[running.pk]), {"number": 2}, follow=True)
    text = response.content.decode()
    assert "Ожидает решения протест" in text
    assert Round.objects.filter(tournament=running, number=2).exists()


def test_a_round_played_after_the_protested_one_cannot_be_redrawn(
    client, running, secretary, participant_user, chief_judge
):
    p = _file(running, participant_user)
    with frozen(at(5)):
        play(running, secretary, 2)
    m = p.match
    client.force_login(chief_judge)
    _review(client, running, p)
    before = _snapshot(running)
    response = _decide(
        client,
        running,
        p,
        action="decide",
        next_round="redraw",
        upheld="1",
        reasons="Ошибка",
        consequence="score",
        score1=m.score2,
        score2=m.score1,
    )
    if response.status_code == 302:  # the pairings happened not to change
        assert Protest.objects.get(pk=p.pk).next_round == "keep"
    else:
        assert response.status_code == 400
        assert _snapshot(running) == before


def test_in_a_bracket_an_upheld_protest_moves_the_new_winner_into_the_drawn_next_round_5_10(
    client, secretary, chief_judge, participant_user
):
    from tests.judging.conftest import make_running

    with frozen(at(-60)):
        t = make_running(secretary, chief_judge, participant_user, players=8, system="single_elimination")
    with frozen(at(0)):
        play(t, secretary, 1, winner_first=False)  # player 1 (ours, seed 1) loses his first match
    p = _file(t, participant_user)
    from draw import manager as draw_manager

    with frozen(at(5)):
        draw_manager.draw_round(t, secretary, expected_number=2, seed=3)
    me = t.participants.get(person__user=participant_user)
    usurper = Match.objects.get(pk=p.match_id).winner
    semi = Match.objects.get(Q(player1=usurper) | Q(player2=usurper), round__number=2, round__tournament=t)
    assert not Match.objects.filter(round__number=2, round__tournament=t, player1=me).exists()
    client.force_login(chief_judge)
    _review(client, t, p)
    side = 1 if p.match.player1_id == me.pk else 2
    data = dict(
        upheld="1", reasons="Соперник нарушил правила", consequence="technical", winner_side=str(side)
    )
    # A bracket follows its results: no choice to make, the drawn round is re-flowed in place.
    assert _decide(client, t, p, action="decide", **data).status_code == 302
    rnd2 = Round.objects.get(tournament=t, number=2)
    assert rnd2.status == "draft"
    semi.refresh_from_db()
    assert me.pk in (semi.player1_id, semi.player2_id) and usurper.pk not in (
        semi.player1_id,
        semi.player2_id,
    )
    p.refresh_from_db()
    assert p.next_round == "reflow" and p.changed_pairings


def test_the_round_page_links_each_match_to_its_protocol_and_shows_its_state(
    client, running, participant_user
):
    client.force_login(participant_user)
    with frozen(at(3)):
        text = client.get(reverse("public:round", args=[running.pk, 1])).content.decode()
    m = match_of(running, running.participants.get(person__user=participant_user), 1)
    assert reverse("judging:match", args=[running.pk, m.pk]) in text
    assert "предварительный" in text


def test_a_replay_ordered_after_the_next_draw_can_be_entered_by_the_secretary(
    client, running, secretary, participant_user, chief_judge
):
    p = _swiss_with_round_2_drawn(running, secretary, participant_user)
    client.force_login(chief_judge)
    _review(client, running, p)
    response = _decide(
        client,
        running,
        p,
        action="decide",
        next_round="keep",
        upheld="1",
        reasons="Кости",
        consequence="replay",
    )
    assert response.status_code == 302
    m = Match.objects.get(pk=p.match_id)
    assert m.result_kind == ""
    client.force_login(secretary)
    response = client.post(
        reverse("draw:match_result", args=[running.pk, m.pk]),
        {"kind": "played", "score1": 7, "score2": 5, "version": m.version},
    )
    assert response.status_code == 302
    m.refresh_from_db()
    assert (m.score1, m.score2) == (7, 5)
    # Once entered, it is a result like any other: corrected until either player starts his next match (003).
    response = client.post(
        reverse("draw:match_result", args=[running.pk, m.pk]),
        {"kind": "played", "score1": 7, "score2": 6, "version": m.version},
    )
    assert response.status_code == 302
    m.refresh_from_db()
    Match.objects.filter(round__tournament=running, round__number=2).update(started_at=at(1))
    Round.objects.filter(tournament=running, number=2).update(status="published")
    with frozen(at(30)):
        response = client.post(
            reverse("draw:match_result", args=[running.pk, m.pk]),
            {"kind": "played", "score1": 5, "score2": 7, "version": m.version},
        )
    assert response.status_code == 400
