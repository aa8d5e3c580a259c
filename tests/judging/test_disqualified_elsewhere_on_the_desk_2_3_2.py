"""A player disqualified while he plays in another tournament already running is put on that tournament's desk
at once, with the choice the rules give: remove him (004 §2.3.2, §5.7.3) or keep him with a reason; the
decision waits for its chief judge and blocks the finish until then (issue 27, «partly right»)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from judging import lifecycle
from judging.models import RemovalProposal, Sanction
from registration.models import Official
from tests.factories import START, add_players, make_tournament, make_user
from tests.judging.conftest import at, frozen, play
from tests.registration.helpers import make_entry
from tournaments.models import AuditEntry

DAY = datetime.timedelta(days=1)


@pytest.fixture
def elsewhere(secretary, running, db):
    """Another tournament, running on the same days, with its own chief judge; the player plays there too."""
    other_judge = make_user("otherjudge")
    with frozen(at(-50)):
        t = make_tournament(secretary, other_judge, name="Кубок района", system="swiss", rounds=3)
        p = running.participants.exclude(person__user__isnull=False).order_by("seed").first()
        t.participants.create(person=p.person, seed=1)
        add_players(t, 3, start=60)
    with frozen(at(-40)):
        play(t, secretary, 1)
    return t, other_judge, p


def _disqualify(client, t, p):
    make_entry(t, person=p.person, status="admitted")  # his own admitted entry: the ban reaches everywhere
    data = {
        "participant": p.pk,
        "kind": "disqualification",
        "violation": "conduct",
        "clause": "004 §5.7.4",
        "facts": "Оскорбление судьи",
        "ends_on": (START + 60 * DAY).isoformat(),
    }
    return client.post(reverse("judging:sanction_new", args=[t.pk]), data)


def test_a_player_disqualified_elsewhere_is_put_on_the_running_tournaments_desk_2_3_2(
    client, running, chief_judge, elsewhere
):
    other, other_judge, p = elsewhere
    client.force_login(chief_judge)
    with frozen(at(30)):
        assert _disqualify(client, running, p).status_code == 302
    there = other.participants.get(person=p.person)
    assert there.status == "active"  # not removed behind its panel's back: the choice is theirs
    notice = RemovalProposal.objects.get(participant=there, status="pending")
    assert notice.cause == "disqualification" and notice.disqualification == Sanction.objects.get()
    assert AuditEntry.objects.filter(tournament=other, action="disqualified_elsewhere").exists()
    assert "removals" in [b.key for b in lifecycle.blockers(other)]
    client.force_login(other_judge)
    desk = client.get(reverse("judging:desk", args=[other.pk])).content.decode()
    assert str(there) in desk and "Дисквалифицирован" in desk


def test_its_chief_judge_removes_him_by_the_rules_2_3_2_5_7_3(client, running, chief_judge, elsewhere):
    other, other_judge, p = elsewhere
    client.force_login(chief_judge)
    with frozen(at(30)):
        _disqualify(client, running, p)
    there = other.participants.get(person=p.person)
    notice = RemovalProposal.objects.get(participant=there)
    client.force_login(other_judge)
    url = reverse("judging:proposal_decide", args=[other.pk, notice.pk])
    with frozen(at(35)):
        assert client.post(url, {"apply": "1", "reason": "Дисквалификация действует"}).status_code == 302
    there.refresh_from_db()
    notice.refresh_from_db()
    assert there.status == "removed" and notice.status == "applied"
    removal = Sanction.objects.get(tournament=other, kind="removal")
    assert "2.3.2" in removal.clause and removal.person == p.person


def test_its_chief_judge_keeps_him_with_a_reason_2_3_2(client, running, chief_judge, elsewhere):
    other, other_judge, p = elsewhere
    client.force_login(chief_judge)
    with frozen(at(30)):
        _disqualify(client, running, p)
    there = other.participants.get(person=p.person)
    notice = RemovalProposal.objects.get(participant=there)
    url = reverse("judging:proposal_decide", args=[other.pk, notice.pk])
    client.force_login(chief_judge)  # the other tournament's desk is not his
    assert client.post(url, {"apply": "0", "reason": "x"}).status_code == 403
    client.force_login(other_judge)
    assert client.post(url, {"apply": "0", "reason": "Турнир начат до дисквалификации"}).status_code == 302
    there.refresh_from_db()
    notice.refresh_from_db()
    assert there.status == "active" and notice.status == "declined"
    assert notice.reason == "Турнир начат до дисквалификации"
    assert "removals" not in [b.key for b in lifecycle.blockers(other)]


def test_a_disqualification_that_reaches_no_further_puts_nothing_on_other_desks_2_3_2(
    client, running, chief_judge, elsewhere
):
    # Added here by name (no admitted entry of his own): the ban acts in this tournament only (issue 25, 3).
    other, _other_judge, p = elsewhere
    client.force_login(chief_judge)
    data = {
        "participant": p.pk,
        "kind": "disqualification",
        "violation": "conduct",
        "clause": "004 §5.7.4",
        "facts": "Оскорбление судьи",
        "ends_on": (START + 60 * DAY).isoformat(),
    }
    with frozen(at(30)):
        client.post(reverse("judging:sanction_new", args=[running.pk]), data)
    assert not RemovalProposal.objects.filter(tournament=other).exists()
    assert Official.objects.filter(tournament=other).exists()
