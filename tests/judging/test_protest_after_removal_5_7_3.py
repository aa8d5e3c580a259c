"""An upheld protest cannot bring back a result the removal annulled or wrote (004 §5.7.3, issue 27 item 5):
the panel's ruling obeys the same guard as every change of a result; it is refused and nothing changes."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.db.models import Q
from django.urls import reverse

from draw import removal, results
from draw.models import Match
from judging.models import JudgingError, Protest
from standings.ranking import final_standings
from tests.judging.conftest import at, draw_and_start, frozen, make_running, play


def _protest_then_removal(client, secretary, chief_judge, participant_user, players):
    """Round robin: player 1 (``participant_user``) protests his last match, the panel accepts it, then he is
    removed: with 5 players not more than half of his matches played (annulled), with 3 more than half."""
    t = make_running(secretary, chief_judge, participant_user, players=players, system="round_robin")
    p = t.participants.get(seed=1)
    number = 0
    mine = Match.objects.filter(round__tournament=t, player2__isnull=False).filter(
        Q(player1=p) | Q(player2=p)
    )
    while mine.exclude(result_kind="").count() < (2 if players == 5 else 1):
        number += 1
        with frozen(at(number * 60)):
            play(t, secretary, number)
    m = mine.exclude(result_kind="").order_by("-round__number").first()
    with frozen(at(number * 60 + 2)):
        protest = Protest.file(
            m, p, participant_user, "счёт неверен", "партия 5", "", [], at(number * 60 + 2)
        )
        protest.review(chief_judge, True, "", "", at(number * 60 + 3))
    client.force_login(chief_judge)
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
    return t, p, Protest.objects.get(pk=protest.pk)


def _state(t):
    return (
        list(
            Match.objects.filter(round__tournament=t).values_list(
                "pk", "result_kind", "winner", "score1", "flags"
            )
        ),
        {r.participant.pk: r.row.points for r in final_standings(t)},
    )


@pytest.mark.parametrize("consequence", ["score", "technical", "replay"])
def test_an_upheld_protest_cannot_resurrect_an_annulled_result_of_a_removed_player_5_7_3(
    client, secretary, chief_judge, participant_user, consequence
):
    t, p, protest = _protest_then_removal(client, secretary, chief_judge, participant_user, players=5)
    m = protest.match
    m.refresh_from_db()
    assert m.result_kind == "annulled"
    before = _state(t)
    side = 1 if m.player1_id == p.pk else 2
    with pytest.raises(JudgingError, match="5.7.3"):
        protest.decide(chief_judge, True, "Счёт неверен", consequence, 7, 0, winner_side=side)
    assert _state(t) == before
    protest.refresh_from_db()
    assert protest.status == "accepted" and protest.decided_at is None
    # The same through the panel's page: a clear message, no 500, nothing changed.
    response = client.post(
        reverse("judging:protest_decide", args=[t.pk, protest.pk]),
        {
            "upheld": "1",
            "reasons": "Счёт неверен",
            "consequence": consequence,
            "score1": 7,
            "score2": 0,
            "winner_side": side,
        },
    )
    assert response.status_code in (200, 400)
    assert _state(t) == before
    # Dismissing it stays possible: the removal's result is untouched.
    protest.decide(chief_judge, False, "Игрок снят, результат аннулирован (004 §5.7.3)")
    assert _state(t) == before


def test_a_panel_ruling_cannot_replace_a_technical_result_the_removal_wrote_5_7_3(
    secretary, chief_judge, participant_user
):
    """Round robin of 4: player 1 plays two of three, then is removed with round 3 published: its match is
    his technical defeat (004 §5.7.3); neither a panel ruling nor the panel's correction replaces it."""
    t = make_running(secretary, chief_judge, participant_user, players=4, system="round_robin")
    p = t.participants.get(seed=1)
    for number in (1, 2):
        with frozen(at(number * 60)):
            play(t, secretary, number)
    with frozen(at(180)):
        draw_and_start(t, secretary, 3)
        with transaction.atomic():
            removal.remove(removal.PlayerRemoval(p), chief_judge)
    m = Match.objects.get(Q(player1=p) | Q(player2=p), round__tournament=t, round__number=3)
    assert m.result_kind == "technical" and m.winner_id != p.pk
    before = _state(t)
    data = (
        results.ResultInput("played", 7, 0) if m.player1_id == p.pk else results.ResultInput("played", 0, 7)
    )
    with frozen(at(190)), pytest.raises(results.ResultError, match="5.7.3"), transaction.atomic():
        results.panel_result(m.pk, chief_judge, data, "Протест", "004 §5.10")
    with frozen(at(190)), pytest.raises(results.ResultError, match="5.7.3"):
        results.record_result(
            m.pk, chief_judge, results.ResultInput("played", 7, 0, reason="ошибка"), m.version
        )
    with frozen(at(190)), pytest.raises(results.ResultError, match="5.7.3"), transaction.atomic():
        results.panel_replay(m.pk, chief_judge, "Протест", "004 §5.10")
    assert _state(t) == before
