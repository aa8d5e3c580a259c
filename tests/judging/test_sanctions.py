"""Sanctions (004 §5.7) and the technical defeats of 003; only the chief judge applies them."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from draw.models import Match
from judging.models import RemovalProposal, Sanction
from tests.factories import make_tournament
from tests.judging.conftest import at, draw_and_start, frozen, match_of
from tournaments.models import AuditEntry


def _post(client, t, **data):
    return client.post(reverse("judging:sanction_new", args=[t.pk]), data)


def _warning(p, violation="conduct", match=None, clause="003"):
    data = {
        "participant": p.pk,
        "kind": "warning",
        "violation": violation,
        "clause": clause,
        "facts": "Разговаривал с соседом по столу",
    }
    if match is not None:
        data["match"] = match.pk
    return data


@pytest.mark.parametrize(
    "who",
    ["anonymous", "participant_user", "stranger", "other_secretary", "plain_secretary", "chief_secretary"],
)
def test_only_the_chief_judge_sanctions_every_other_path_is_403_004_6_2_1(client, running, who, request):
    p = running.participants.last()
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    before = AuditEntry.objects.count()
    assert client.get(reverse("judging:sanction_new", args=[running.pk])).status_code == 403
    assert _post(client, running, **_warning(p)).status_code == 403
    proposal = RemovalProposal.objects.create(tournament=running, participant=p)
    response = client.post(
        reverse("judging:proposal_decide", args=[running.pk, proposal.pk]), {"apply": "1", "reason": "x"}
    )
    assert response.status_code == 403
    assert not Sanction.objects.exists()
    assert RemovalProposal.objects.get().status == "pending"
    p.refresh_from_db()
    assert p.status == "active" and AuditEntry.objects.count() == before


def test_a_second_warning_proposes_removal_to_the_chief_judge_at_once_004_5_7_2(client, running, chief_judge):
    p = running.participants.last()
    client.force_login(chief_judge)
    assert _post(client, running, **_warning(p)).status_code == 302
    assert not RemovalProposal.objects.exists()
    response = _post(client, running, **_warning(p, clause="004 §5.7.2"))
    assert response.status_code == 302
    proposal = RemovalProposal.objects.get()
    assert proposal.participant == p and proposal.status == "pending" and proposal.warnings.count() == 2
    desk = client.get(reverse("judging:desk", args=[running.pk])).content.decode()
    assert str(p) in desk
    response = client.post(
        reverse("judging:proposal_decide", args=[running.pk, proposal.pk]),
        {"apply": "1", "reason": "Два предупреждения"},
    )
    assert response.status_code == 302
    proposal.refresh_from_db()
    p.refresh_from_db()
    assert proposal.status == "applied" and p.status == "removed"
    assert Sanction.objects.filter(kind="removal", person=p.person).exists()
    assert AuditEntry.objects.filter(action="sanction", data__clause="004 §5.7.2, §5.7.3").exists()


def test_a_warning_needs_facts_and_the_rule_broken(client, running, chief_judge):
    p = running.participants.last()
    client.force_login(chief_judge)
    response = _post(
        client, running, participant=p.pk, kind="warning", violation="conduct", clause="", facts=""
    )
    assert response.status_code == 400
    assert not Sanction.objects.exists()


def test_a_break_at_the_wrong_time_is_a_warning_then_a_technical_defeat_003(
    client, running, secretary, chief_judge
):
    with frozen(at(3)):
        rnd = draw_and_start(running, secretary, 2)
    m = rnd.matches.exclude(player2=None).first()
    offender = m.player1
    client.force_login(chief_judge)
    _post(client, running, **_warning(offender, "break", m, "003 перерывы"))
    m.refresh_from_db()
    assert m.result_kind == ""
    _post(client, running, **_warning(offender, "break", m, "003 перерывы"))
    m.refresh_from_db()
    assert (
        m.result_kind == "technical" and m.winner == m.player2 and (m.score1, m.score2) == (0, m.match_length)
    )
    assert list(Sanction.objects.order_by("id").values_list("kind", flat=True)) == [
        "warning",
        "technical_defeat",
    ]
    assert (
        not RemovalProposal.objects.exists()
    )  # the second time was a technical defeat, not a second warning


def test_a_protocol_not_handed_in_twice_is_a_technical_defeat_003(client, running, secretary, chief_judge):
    first = Match.objects.filter(round__tournament=running, round__number=1).exclude(player2=None).first()
    offender = first.winner
    client.force_login(chief_judge)
    _post(client, running, **_warning(offender, "protocol", first, "003 протокол"))
    with frozen(at(3)):
        draw_and_start(running, secretary, 2)
    second = match_of(running, offender, 2)
    second.refresh_from_db()
    _post(client, running, **_warning(offender, "protocol", second, "003 протокол"))
    second.refresh_from_db()
    assert second.result_kind == "technical" and second.winner_id != offender.pk


def test_a_flag_fall_loses_the_match_on_time_003(client, running, secretary, chief_judge):
    with frozen(at(3)):
        rnd = draw_and_start(running, secretary, 2)
    m = rnd.matches.exclude(player2=None).first()
    client.force_login(chief_judge)
    data = {
        "participant": m.player2_id,
        "kind": "technical_defeat",
        "violation": "flag",
        "clause": "003 часы",
        "facts": "Упал флажок",
        "match": m.pk,
    }
    assert _post(client, running, **data).status_code == 302
    m.refresh_from_db()
    assert m.result_kind == "time" and m.winner_id == m.player1_id


def test_a_technical_defeat_needs_a_match_of_that_player(client, running, chief_judge):
    m = Match.objects.filter(round__tournament=running).exclude(player2=None).first()
    outsider = running.participants.exclude(pk__in=[m.player1_id, m.player2_id]).first()
    client.force_login(chief_judge)
    data = {
        "participant": outsider.pk,
        "kind": "technical_defeat",
        "violation": "conduct",
        "clause": "003",
        "facts": "x",
        "match": m.pk,
    }
    assert _post(client, running, **data).status_code == 400
    assert not Sanction.objects.exists()


def test_a_disqualification_active_on_a_later_tournaments_first_day_is_found_004_2_3_2(
    client, running, secretary, chief_judge
):
    p = running.participants.last()
    client.force_login(chief_judge)
    data = {
        "participant": p.pk,
        "kind": "disqualification",
        "violation": "conduct",
        "clause": "004 §5.7.4",
        "facts": "Неспортивное поведение",
        "ends_on": "2027-03-01",
    }
    with frozen(at(30)):
        assert _post(client, running, **data).status_code == 302
    later = make_tournament(
        secretary,
        name="Весенний кубок",
        start_date=datetime.date(2027, 2, 1),
        end_date=datetime.date(2027, 2, 2),
    )
    assert list(Sanction.objects.disqualifying(p.person, later.start_date)) == [Sanction.objects.get()]
    assert not Sanction.objects.disqualifying(p.person, datetime.date(2027, 3, 2)).exists()


def test_a_disqualification_for_a_number_of_tournaments_ends_after_that_many_004_5_7_4(
    client, running, secretary, chief_judge
):
    p = running.participants.last()
    client.force_login(chief_judge)
    data = {
        "participant": p.pk,
        "kind": "disqualification",
        "violation": "conduct",
        "clause": "004 §5.7.4",
        "facts": "x",
        "tournaments_count": "1",
    }
    with frozen(at(30)):
        _post(client, running, **data)
    first = make_tournament(
        secretary, name="Первый", start_date=datetime.date(2027, 1, 10), end_date=datetime.date(2027, 1, 10)
    )
    assert Sanction.objects.disqualifying(p.person, first.start_date).exists()
    # The first tournament after it has been held: the next one admits him again.
    assert not Sanction.objects.disqualifying(p.person, datetime.date(2027, 2, 1)).exists()


def test_a_disqualification_needs_an_end_or_a_count(client, running, chief_judge):
    p = running.participants.last()
    client.force_login(chief_judge)
    data = {
        "participant": p.pk,
        "kind": "disqualification",
        "violation": "conduct",
        "clause": "x",
        "facts": "x",
    }
    assert _post(client, running, **data).status_code == 400
    assert not Sanction.objects.exists()


def test_sanctions_are_read_only_in_the_admin(admin_client, running, chief_judge):
    p = running.participants.last()
    s = Sanction(person=p.person, tournament=running, kind="warning", clause="003", facts="x")
    s.apply(chief_judge, p)
    response = admin_client.post(reverse("admin:judging_sanction_change", args=[s.pk]), {"facts": "изменено"})
    s.refresh_from_db()
    assert s.facts == "x"
    assert admin_client.get(reverse("admin:judging_sanction_add")).status_code == 403
    assert response.status_code in (200, 403)
