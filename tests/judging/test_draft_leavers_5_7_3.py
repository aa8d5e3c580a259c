"""A withdrawal and a removal reach a round already drawn as a draft the same way (004 §5.7.3): the draft that
pairs the player is drawn again — Swiss without him; round robin and brackets with his opponent's walk-over —
and the secretary is told which. No score is ever written into a draft."""

from __future__ import annotations

from django.db.models import Q
from django.urls import reverse

from draw import manager as draw_manager
from draw.models import Match, Round
from tests.factories import make_tournament
from tests.judging.conftest import at, frozen, play


def _in(rnd: Round, p) -> Match | None:
    return rnd.matches.filter(Q(player1=p) | Q(player2=p)).first()


def _messages(response) -> str:
    return " ".join(str(m) for m in response.wsgi_request._messages)


def test_a_withdrawal_redraws_a_swiss_draft_without_him_5_7_3(client, secretary):
    t = make_tournament(secretary, players=6, system="swiss", rounds=3)
    with frozen(at(0)):
        play(t, secretary, 1)
    with frozen(at(20)):
        draw_manager.draw_round(t, secretary, expected_number=2, seed=4)
    gone = _in(t.round_set.get(number=2), t.participants.get(seed=1)).player1
    client.force_login(secretary)
    with frozen(at(21)):
        response = client.post(
            reverse("draw:withdraw", args=[t.pk]), {"participant": gone.pk, "reason": "болезнь"}
        )
    rnd = t.round_set.get(number=2)
    assert rnd.status == "draft" and rnd.seed == 4
    assert _in(rnd, gone) is None
    assert not rnd.matches.exclude(result_kind="").exclude(player2=None).exists()  # no score in the draft
    assert "без участника" in _messages(response)


def test_a_removal_redraws_a_swiss_draft_instead_of_writing_a_score_into_it_5_7_3(
    client, secretary, chief_judge
):
    t = make_tournament(secretary, chief_judge, players=6, system="swiss", rounds=3)
    with frozen(at(0)):
        play(t, secretary, 1)
    with frozen(at(20)):
        draw_manager.draw_round(t, secretary, expected_number=2, seed=4)
    p = t.participants.get(seed=2)
    client.force_login(chief_judge)
    with frozen(at(21)):
        response = client.post(
            reverse("judging:sanction_new", args=[t.pk]),
            {
                "participant": p.pk,
                "kind": "removal",
                "violation": "conduct",
                "clause": "004 §5.7.3",
                "facts": "x",
            },
        )
    assert response.status_code == 302
    rnd = t.round_set.get(number=2)
    assert _in(rnd, p) is None
    assert not rnd.matches.filter(result_kind="technical").exists()
    assert "без участника" in _messages(response)


def test_a_withdrawal_gives_the_walkover_in_a_round_robin_draft_and_says_so_5_7_3(client, secretary):
    t = make_tournament(secretary, players=4, system="round_robin")
    with frozen(at(0)):
        play(t, secretary, 1)
    with frozen(at(20)):
        draw_manager.draw_round(t, secretary, expected_number=2, seed=4)
    gone = t.participants.get(seed=1)
    client.force_login(secretary)
    with frozen(at(21)):
        response = client.post(
            reverse("draw:withdraw", args=[t.pk]), {"participant": gone.pk, "reason": "отъезд"}
        )
    m = _in(t.round_set.get(number=2), gone)
    assert m is not None and m.result_kind == "technical" and "walkover" in m.flags
    assert m.winner_id not in (None, gone.pk)
    assert "техническое поражение" in _messages(response)
