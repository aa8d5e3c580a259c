"""Lifting a disqualification (004 §5.7.4; issue 27 item 6): by a league official, or by the chief judge of
the tournament it was given in while that tournament is not finished; with a reason, logged. The entries it
refused in tournaments not started go back to pending for the commission; a removal carried out stays."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from draw import manager as draw_manager
from judging import disqualification
from judging.errors import JudgingError
from judging.models import Sanction
from registration.models import Entry, Participant
from tests.factories import START, add_players, make_tournament, make_user
from tests.judging.conftest import at, frozen
from tests.registration.helpers import make_entry
from tournaments.models import AuditEntry, Tournament

DAY = datetime.timedelta(days=1)


@pytest.fixture
def league_official(db):
    user = make_user("league")
    user.groups.add(Group.objects.get(name="Официалы лиги"))
    return user


@pytest.fixture
def scene(running, chief_judge, secretary):
    """A player of ``running`` (his own admitted entry there) admitted to a tournament next month and with an
    entry pending for another, disqualified until START + 60 days: removed here, barred there."""
    p = running.participants.exclude(person__user__isnull=False).order_by("seed").first()
    make_entry(running, person=p.person, status="admitted")
    later = make_tournament(
        secretary, name="Кубок зимы", start_date=START + 20 * DAY, end_date=START + 21 * DAY
    )
    admitted = make_entry(later, person=p.person, status="admitted")
    Participant.objects.create(tournament=later, person=p.person, seed=1)
    spring = make_tournament(
        secretary, name="Кубок весны", start_date=START + 40 * DAY, end_date=START + 41 * DAY
    )
    pending = make_entry(spring, person=p.person, status="pending")
    with frozen(at(30)):
        sanction = Sanction(
            person=p.person,
            tournament=running,
            kind="disqualification",
            facts="Оскорбление судьи",
            clause="004 §5.7.4",
            ends_on=START + 60 * DAY,
        )
        sanction.apply(chief_judge, p)
    admitted.refresh_from_db()
    pending.refresh_from_db()
    assert admitted.status == pending.status == Entry.Status.REFUSED
    return p, sanction, admitted, pending


def _lift(client, sanction, reason="Решение апелляционной комиссии лиги", back="desk"):
    return client.post(reverse("judging:sanction_lift", args=[sanction.pk]), {"reason": reason, "back": back})


def test_the_chief_judge_lifts_it_and_the_barred_entries_go_back_to_the_commission_5_7_4(
    client, running, chief_judge, scene
):
    p, sanction, admitted, pending = scene
    client.force_login(chief_judge)
    desk = client.get(reverse("judging:desk", args=[running.pk])).content.decode()
    assert reverse("judging:sanction_lift", args=[sanction.pk]) in desk
    response = _lift(client, sanction)
    assert response.status_code == 302 and response["Location"] == reverse("judging:desk", args=[running.pk])
    sanction.refresh_from_db()
    assert sanction.lifted_at is not None and sanction.lifted_by == chief_judge
    assert sanction.lift_reason == "Решение апелляционной комиссии лиги"
    # Not in force any more: the admission checks let him in again.
    assert not Sanction.objects.disqualifying(p.person, START + 20 * DAY).exists()
    # The entries it refused are pending again, for the commission (his participation there stays
    # withdrawn until it admits him), each logged with the clause.
    for entry in (admitted, pending):
        entry.refresh_from_db()
        assert entry.status == Entry.Status.PENDING and entry.decision_reason == ""
        assert AuditEntry.objects.filter(
            tournament=entry.tournament,
            action="entry_decision",
            data__entry=entry.pk,
            data__clause="004 §5.7.4",
        ).exists()
    assert Participant.objects.get(tournament=admitted.tournament, person=p.person).status == "withdrawn"
    # The removal carried out here stays, and the log names who, why and what was reopened.
    p.refresh_from_db()
    assert p.status == "removed"
    row = AuditEntry.objects.get(tournament=running, action="sanction_lifted")
    assert row.user == chief_judge and row.reason == "Решение апелляционной комиссии лиги"
    assert row.data["sanction"] == sanction.pk
    notes = " ".join(row.data["notes"])
    assert "Кубок зимы" in notes and "Кубок весны" in notes and "5.7.3" in notes
    page = client.get(reverse("judging:desk", args=[running.pk])).content.decode()
    assert "Решение апелляционной комиссии лиги" in page
    assert reverse("judging:sanction_lift", args=[sanction.pk]) not in page


def test_an_entry_decided_on_since_or_in_a_started_tournament_stays_5_7_4(running, chief_judge, scene):
    p, sanction, admitted, pending = scene
    # The commission has decided on the spring entry since (another refusal): lifting leaves it alone.
    Entry.objects.filter(pk=pending.pk).update(decision_reason="Нет медицинского допуска")
    # The winter tournament has started since: it takes nobody new.
    winter = admitted.tournament
    add_players(winter, 4, start=60)
    draw_manager.draw_round(winter, chief_judge, expected_number=1, seed=1)
    draw_manager.publish_round(winter, 1, chief_judge)
    notes = disqualification.lift(sanction, "Ошибка в протоколе", chief_judge)
    admitted.refresh_from_db()
    pending.refresh_from_db()
    assert admitted.status == pending.status == Entry.Status.REFUSED
    assert pending.decision_reason == "Нет медицинского допуска"
    assert any("Кубок зимы" in n for n in notes)


@pytest.mark.parametrize("who", ["secretary", "plain_secretary", "participant_user", "stranger"])
def test_nobody_else_lifts_it_5_7_4(client, running, scene, who, request):
    p, sanction, admitted, pending = scene
    client.force_login(request.getfixturevalue(who))
    assert _lift(client, sanction).status_code == 403
    sanction.refresh_from_db()
    admitted.refresh_from_db()
    assert sanction.lifted_at is None and admitted.status == Entry.Status.REFUSED
    assert not AuditEntry.objects.filter(action="sanction_lifted").exists()
    with pytest.raises(PermissionDenied):
        disqualification.lift(sanction, "так", request.getfixturevalue(who))
    if who == "secretary":  # the chief secretary sees the desk, without the form
        desk = client.get(reverse("judging:desk", args=[running.pk])).content.decode()
        assert reverse("judging:sanction_lift", args=[sanction.pk]) not in desk


def test_after_the_finish_only_a_league_official_lifts_it_5_7_4(
    client, running, chief_judge, league_official, scene
):
    p, sanction, admitted, pending = scene
    Tournament.objects.filter(pk=running.pk).update(status=Tournament.Status.FINISHED)
    sanction.refresh_from_db()
    assert not disqualification.may_lift(chief_judge, sanction)
    client.force_login(chief_judge)
    assert _lift(client, sanction).status_code == 403
    client.force_login(league_official)
    assert reverse("judging:disqualifications") in client.get(reverse("public:list")).content.decode()
    page = client.get(reverse("judging:disqualifications")).content.decode()
    assert reverse("judging:sanction_lift", args=[sanction.pk]) in page
    response = _lift(client, sanction, back="league")
    assert response.status_code == 302 and response["Location"] == reverse("judging:disqualifications")
    sanction.refresh_from_db()
    admitted.refresh_from_db()
    assert sanction.lifted_by == league_official and admitted.status == Entry.Status.PENDING
    # The tournament's log says it, finished or not: its history names who lifted it and why.
    row = AuditEntry.objects.get(tournament=running, action="sanction_lifted")
    assert row.user == league_official


def test_a_lift_needs_a_reason_and_happens_once_5_7_4(client, chief_judge, scene):
    p, sanction, admitted, pending = scene
    with pytest.raises(JudgingError):
        disqualification.lift(sanction, "  ", chief_judge)
    sanction.refresh_from_db()
    assert sanction.lifted_at is None
    client.force_login(chief_judge)
    _lift(client, sanction, reason="")
    sanction.refresh_from_db()
    assert sanction.lifted_at is None
    disqualification.lift(sanction, "Ошибка", chief_judge)
    with pytest.raises(JudgingError):
        disqualification.lift(sanction, "Ещё раз", chief_judge)


def test_the_league_list_is_for_league_officials_only_5_7_4(client, chief_judge, stranger, scene):
    for user in (chief_judge, stranger):
        client.force_login(user)
        assert client.get(reverse("judging:disqualifications")).status_code == 403
