"""A disqualification by the League, not tied to one tournament (004 §5.7.4, §2.3.2): a league official
disqualifies any person found by his identity; it refuses his entries in tournaments not started and puts him
on the desk of a running one, like a tournament's; every later entry of his shows it and is refused
(issue 27, «Missing»)."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from judging.models import RemovalProposal, Sanction
from registration import manager
from tests.factories import START, make_tournament, make_user
from tests.judging.conftest import at, frozen
from tests.registration.helpers import make_entry

DAY = datetime.timedelta(days=1)


@pytest.fixture
def league_official(db):
    user = make_user("league")
    user.groups.add(Group.objects.get(name="Официалы лиги"))
    return user


def _form(person, **extra):
    return {
        "surname": person.surname,
        "name": person.name,
        "patronymic": person.patronymic,
        "birth_date": person.birth_date.isoformat(),
        "clause": "Регламент Лиги, п. 9",
        "facts": "Договорной матч",
        "ends_on": (START + 120 * DAY).isoformat(),
        **extra,
    }


def test_the_league_disqualifies_a_person_and_every_entry_of_his_is_refused_5_7_4_2_3_2(
    client, running, league_official, secretary
):
    p = running.participants.exclude(person__user__isnull=False).order_by("seed").first()
    later = make_tournament(
        secretary, name="Кубок зимы", start_date=START + 20 * DAY, end_date=START + 21 * DAY
    )
    pending = make_entry(later, person=p.person, status="pending")
    client.force_login(league_official)
    assert client.get(reverse("judging:league_disqualify")).status_code == 200
    with frozen(at(30)):
        response = client.post(reverse("judging:league_disqualify"), _form(p.person))
    assert response.status_code == 302, response.content.decode()[:3000]
    sanction = Sanction.objects.get()
    assert (
        sanction.tournament is None and sanction.person == p.person and sanction.issued_by == league_official
    )
    pending.refresh_from_db()
    assert pending.status == "refused" and "2.3.2" in pending.decision_reason
    # The running tournament he plays in: on its desk, for its chief judge.
    assert RemovalProposal.objects.get(participant=p).cause == "disqualification"
    # A later entry shows it and cannot be admitted.
    again = make_tournament(
        secretary, name="Кубок весны", start_date=START + 40 * DAY, end_date=START + 41 * DAY
    )
    entry = make_entry(again, person=p.person, status="pending")
    client.force_login(secretary)
    page = client.get(reverse("registration:entry", args=[again.pk, entry.pk])).content.decode()
    assert "дисквалифи" in page.lower()
    with pytest.raises(manager.AdmissionError):
        manager.decide(entry, "admitted", "", secretary)
    listing = client.get(reverse("judging:disqualifications"))
    assert listing.status_code == 403  # the list is the league's


def test_an_unknown_person_or_no_term_changes_nothing_5_7_4(client, running, league_official):
    p = running.participants.exclude(person__user__isnull=False).order_by("seed").first()
    client.force_login(league_official)
    wrong = _form(p.person, surname="Несуществующий")
    assert client.post(reverse("judging:league_disqualify"), wrong).status_code == 400
    assert client.post(reverse("judging:league_disqualify"), _form(p.person, ends_on="")).status_code == 400
    assert not Sanction.objects.exists()


@pytest.mark.parametrize("who", ["chief_judge", "secretary", "stranger", "anonymous"])
def test_only_a_league_official_disqualifies_outside_a_tournament_5_7_4(client, running, who, request):
    p = running.participants.exclude(person__user__isnull=False).order_by("seed").first()
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    response = client.post(reverse("judging:league_disqualify"), _form(p.person))
    assert response.status_code in (302, 403)
    if response.status_code == 302:
        assert "login" in response.url
    assert not Sanction.objects.exists()
