"""Finishing the tournament, the read-only finished tournament, and reopening it (004 §6.2.1 item 6, §5.10).

Finishing is refused while anything could still change the final protocol (provisional results, open protests,
pending removal proposals, unplayed matches), asks for confirmation, and leaves every result, protest,
sanction and participant read-only for everyone; only the chief judge reopens it, with a reason, and the final
protocol says so."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.urls import reverse

from draw import results
from draw.models import Match
from judging.models import Protest, RemovalProposal, Sanction
from protocols.docs import final
from tests.judging.conftest import T0, at, frozen, make_running, match_of, play
from tournaments.models import AuditEntry


@pytest.fixture
def one_round(secretary, chief_judge, participant_user):
    """Swiss, 4 players, one round only; ``participant_user`` plays; the round played at T0."""
    with frozen(at(-60)):
        t = make_running(secretary, chief_judge, participant_user, players=4, system="swiss", rounds=1)
    with frozen(T0):
        play(t, secretary, 1)
    return t


def _finish(client, t, **data):
    # The demo's dates lie ahead of the frozen clock: the second confirmation (finishing before the last
    # day, issue 15) is given with the first.
    if data.get("confirm"):
        data.setdefault("confirm_early", "1")
    return client.post(reverse("judging:finish", args=[t.pk]), data)


def _state(t):
    t.refresh_from_db()
    return t.status


def test_finishing_is_refused_while_a_result_is_provisional_listing_it_6_2_1_5_10(
    client, one_round, secretary
):
    client.force_login(secretary)
    with frozen(at(3)):  # every result is still in its 10-minute protest window
        response = _finish(client, one_round, confirm="1")
    assert response.status_code == 400
    assert _state(one_round) == "running"
    page = response.content.decode()
    assert "Результаты не окончательны" in page and "тур 1, стол 1" in page


def test_finishing_is_refused_while_a_protest_is_open_6_2_1_5_10(
    client, one_round, secretary, participant_user
):
    me = one_round.participants.get(person__user=participant_user)
    with frozen(at(2)):
        Protest.file(match_of(one_round, me, 1), me, participant_user, "счёт", "партия 3", "", [], at(2))
    client.force_login(secretary)
    with frozen(at(30)):  # the windows have closed, the protest has not been decided
        response = _finish(client, one_round, confirm="1")
    assert response.status_code == 400 and _state(one_round) == "running"
    assert "Открытые протесты" in response.content.decode()


def test_finishing_is_refused_while_a_removal_proposal_waits_for_the_chief_judge_5_7_2(
    client, one_round, secretary
):
    RemovalProposal.objects.create(tournament=one_round, participant=one_round.participants.last())
    client.force_login(secretary)
    with frozen(at(30)):
        response = _finish(client, one_round, confirm="1")
    assert response.status_code == 400 and _state(one_round) == "running"
    assert "Предложения об удалении" in response.content.decode()


def test_finishing_is_refused_while_a_match_is_unplayed_6_2_1(
    client, secretary, chief_judge, participant_user
):
    with frozen(at(-60)):
        t = make_running(secretary, chief_judge, participant_user, players=4, system="swiss", rounds=1)
    with frozen(T0):
        play(t, secretary, 1)
    # A replay ordered by the panel leaves the match without a result.
    m = Match.objects.filter(round__tournament=t).exclude(player2=None).first()
    with frozen(at(1)):
        results.panel_replay(m.pk, chief_judge, "кости", "004 §5.10")
    client.force_login(secretary)
    with frozen(at(30)):
        response = _finish(client, t, confirm="1")
    assert response.status_code == 400 and _state(t) == "running"
    assert "Несыгранные матчи" in response.content.decode()


def test_finishing_asks_for_confirmation_then_finishes_6_2_1(client, one_round, secretary):
    client.force_login(secretary)
    with frozen(at(30)):
        page = client.get(reverse("judging:finish", args=[one_round.pk]))
        assert page.status_code == 200 and 'name="confirm"' in page.content.decode()
        assert _finish(client, one_round).status_code == 400  # no confirmation: nothing happens
        assert _state(one_round) == "running"
        assert _finish(client, one_round, confirm="1").status_code == 302
    assert _state(one_round) == "finished"
    assert AuditEntry.objects.filter(tournament=one_round, action="finish").count() == 1


@pytest.fixture
def finished(client, one_round, secretary):
    client.force_login(secretary)
    with frozen(at(30)):
        assert _finish(client, one_round, confirm="1").status_code == 302
    client.logout()
    return one_round


def _snapshot(t):
    return (
        list(
            Match.objects.filter(round__tournament=t)
            .order_by("pk")
            .values_list("result_kind", "score1", "score2")
        ),
        list(t.participants.order_by("pk").values_list("status", flat=True)),
        Protest.objects.count(),
        Sanction.objects.count(),
    )


@pytest.mark.parametrize("who", ["secretary", "chief_judge"])
def test_a_finished_tournament_keeps_its_results_for_everyone_6_2_1(client, finished, who, request):
    m = Match.objects.filter(round__tournament=finished).exclude(player2=None).first()
    before = _snapshot(finished)
    client.force_login(request.getfixturevalue(who))
    with frozen(at(40)):
        response = client.post(
            reverse("draw:match_result", args=[finished.pk, m.pk]),
            {"kind": "played", "score1": 0, "score2": 7, "version": m.version},
        )
        assert response.status_code in (400, 403)
        with pytest.raises(results.ResultError):
            with transaction.atomic():
                results.panel_result(
                    m.pk, request.getfixturevalue(who), results.ResultInput("annulled", reason="x"), "x", "x"
                )
    assert _snapshot(finished) == before


def test_a_finished_tournament_takes_no_protest_sanction_or_withdrawal_6_2_1(
    client, finished, participant_user, chief_judge, secretary
):
    me = finished.participants.get(person__user=participant_user)
    m = match_of(finished, me, 1)
    before = _snapshot(finished)
    client.force_login(participant_user)
    with frozen(at(40)):
        response = client.post(
            reverse("judging:protest_new", args=[finished.pk, m.pk]), {"reasons": "x", "arguments": "y"}
        )
    assert response.status_code in (400, 403)
    client.force_login(chief_judge)
    response = client.post(
        reverse("judging:sanction_new", args=[finished.pk]),
        {"participant": me.pk, "kind": "warning", "violation": "conduct", "clause": "003", "facts": "x"},
    )
    assert response.status_code in (400, 403)
    client.force_login(secretary)
    client.post(reverse("draw:withdraw", args=[finished.pk]), {"participant": me.pk, "reason": "болезнь"})
    assert _snapshot(finished) == before


@pytest.mark.parametrize(
    "who", ["anonymous", "participant_user", "stranger", "other_secretary", "plain_secretary", "secretary"]
)
def test_only_the_chief_judge_reopens_every_other_path_is_403_6_2_1(client, finished, who, request):
    from registration.models import Official
    from tests.factories import make_user

    if who == "plain_secretary":
        user = make_user("plainsec2")
        Official.objects.create(tournament=finished, person=user.person, role=Official.Role.SECRETARY)
        client.force_login(user)
    elif who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    response = client.post(reverse("judging:reopen", args=[finished.pk]), {"reason": "ошибка в протоколе"})
    assert response.status_code == 403
    assert _state(finished) == "finished"
    assert not AuditEntry.objects.filter(action="reopen").exists()


def test_the_chief_judge_reopens_with_a_reason_and_the_final_protocol_says_so_6_2_1(
    client, finished, chief_judge, secretary
):
    client.force_login(chief_judge)
    assert client.post(reverse("judging:reopen", args=[finished.pk]), {"reason": "  "}).status_code == 400
    assert _state(finished) == "finished"
    with frozen(at(50)):
        response = client.post(
            reverse("judging:reopen", args=[finished.pk]), {"reason": "Ошибка в счёте стола 2"}
        )
    assert response.status_code == 302 and _state(finished) == "running"
    entry = AuditEntry.objects.get(tournament=finished, action="reopen")
    assert entry.reason == "Ошибка в счёте стола 2" and entry.user == chief_judge
    client.force_login(secretary)
    with frozen(at(60)):
        assert _finish(client, finished, confirm="1").status_code == 302
    assert _state(finished) == "finished"
    data = final.build(finished)
    assert data.signed
    assert [r.reason for r in data.reopened] == ["Ошибка в счёте стола 2"]


def test_no_chief_judge_no_signed_finish_6_1_1(client, one_round, secretary, chief_judge):
    """Issue 27 item 12 (004 §6.1.1, §6.2.1 item 6): with no accredited chief judge nobody signs the final
    protocol: the finish is refused and says why; with him accredited again it goes through."""
    from registration.models import Official

    Official.objects.filter(tournament=one_round, role="chief_judge").update(accredited=False)
    client.force_login(secretary)
    with frozen(at(30)):
        response = _finish(client, one_round, confirm="1")
    assert response.status_code == 400 and _state(one_round) == "running"
    assert "6.1.1" in response.content.decode()
    Official.objects.filter(tournament=one_round, role="chief_judge").update(accredited=True)
    with frozen(at(30)):
        assert _finish(client, one_round, confirm="1").status_code == 302
    assert _state(one_round) == "finished"
