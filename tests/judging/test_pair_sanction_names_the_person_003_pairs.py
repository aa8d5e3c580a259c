"""A sanction on a pair names the player (of its two) who broke the rule; its consequences reach every pair he
is part of and not his partner's other pairs (003 «Пары», 004 §5.7.1, §5.7.4; issue 27 item 8)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from judging.models import RemovalProposal, Sanction
from registration.models import Participant, Person
from tests.factories import START, make_tournament
from tests.judging.conftest import T0, at, frozen, play
from tests.registration.helpers import make_entry

DAY = datetime.timedelta(days=1)


def _person(surname: str, day: int) -> Person:
    return Person.objects.create(surname=surname, name="Пётр", birth_date=datetime.date(1980, 1, day))


def _pair(t, first: Person, second: Person, seed: int) -> Participant:
    entry = make_entry(t, person=first, status="admitted", disciplines="short_pairs")
    type(entry).objects.filter(pk=entry.pk).update(partner=second)
    return Participant.objects.create(tournament=t, person=first, partner=second, seed=seed)


@pytest.fixture
def pairs_event(secretary, chief_judge):
    """A running short-nardy pairs event of four pairs; the first pair is Первов / Вторых."""
    with frozen(at(-60)):
        t = make_tournament(secretary, chief_judge, discipline="short_pairs", system="swiss", rounds=3)
        people = [
            _person(name, i + 1) for i, name in enumerate(["Первов", "Вторых", "Ц", "Д", "Е", "Ф", "Г", "Х"])
        ]
        for i in range(4):
            _pair(t, people[2 * i], people[2 * i + 1], seed=i + 1)
    with frozen(T0):
        play(t, secretary, 1)
    return t


def _sanction(client, t, pair, person, **fields):
    data = {
        "participant": pair.pk,
        "kind": "warning",
        "violation": "conduct",
        "clause": "003 «Обязанности игроков»",
        "facts": "Совещался с соседним столом",
        **fields,
    }
    if person is not None:
        data["person"] = person.pk
    return client.post(reverse("judging:sanction_new", args=[t.pk]), data)


def test_a_disqualification_of_the_second_player_reaches_his_pairs_not_his_partners_003_pairs_5_7_4(
    client, pairs_event, chief_judge, secretary
):
    pair = pairs_event.participants.get(seed=1)
    first, second = pair.person, pair.partner
    # Elsewhere, not started: the second player with a third man; the first player with a fourth.
    his = make_tournament(
        secretary,
        name="Пары зимы",
        discipline="short_pairs",
        start_date=START + 20 * DAY,
        end_date=START + 21 * DAY,
    )
    his_pair = _pair(his, second, _person("Третьяков", 20), seed=1)
    partners = make_tournament(
        secretary,
        name="Пары весны",
        discipline="short_pairs",
        start_date=START + 30 * DAY,
        end_date=START + 31 * DAY,
    )
    partners_pair = _pair(partners, _person("Четвертаков", 21), first, seed=1)
    client.force_login(chief_judge)
    with frozen(at(30)):
        response = _sanction(
            client, pairs_event, pair, second, kind="disqualification", ends_on=(START + 60 * DAY).isoformat()
        )
    assert response.status_code == 302, response.content.decode()[:3000]
    sanction = Sanction.objects.get(kind="disqualification")
    assert sanction.person == second  # the one who broke the rule, not the first-named player
    pair.refresh_from_db()
    his_pair.refresh_from_db()
    partners_pair.refresh_from_db()
    assert pair.status == "removed"  # the pair he played in here (004 §5.7.3)
    assert his_pair.status == "withdrawn"  # every pair he is part of
    assert partners_pair.status == "active"  # not his partner's other pairs
    assert not Sanction.objects.disqualifying(first, START + 25 * DAY).exists()


def test_a_sanction_on_a_pair_must_name_one_of_its_two_players_003_pairs(client, pairs_event, chief_judge):
    pair = pairs_event.participants.get(seed=1)
    stranger = pairs_event.participants.get(seed=2).person
    client.force_login(chief_judge)
    page = client.get(reverse("judging:sanction_new", args=[pairs_event.pk]) + f"?participant={pair.pk}")
    assert 'name="person"' in page.content.decode()
    for person in (None, stranger):
        response = _sanction(client, pairs_event, pair, person)
        assert response.status_code == 400
    assert not Sanction.objects.exists()


def test_the_warnings_of_either_player_count_for_the_pair_5_7_2_003_pairs(client, pairs_event, chief_judge):
    # The pair is one participant (004 §5.7.1): a warning to each of its two players is its second warning.
    pair = pairs_event.participants.get(seed=1)
    client.force_login(chief_judge)
    with frozen(at(30)):
        assert _sanction(client, pairs_event, pair, pair.partner).status_code == 302
        assert _sanction(client, pairs_event, pair, pair.person).status_code == 302
    assert [s.person for s in Sanction.objects.order_by("pk")] == [pair.partner, pair.person]
    proposal = RemovalProposal.objects.get(participant=pair)
    assert proposal.status == RemovalProposal.Status.PENDING
    desk = client.get(reverse("judging:desk", args=[pairs_event.pk])).content.decode()
    assert "Вторых" in desk


def test_a_single_players_sanction_names_him_without_a_choice(client, running, chief_judge):
    p = running.participants.order_by("seed").last()
    client.force_login(chief_judge)
    page = client.get(reverse("judging:sanction_new", args=[running.pk]) + f"?participant={p.pk}")
    assert 'name="person"' not in page.content.decode()
    with frozen(at(30)):
        assert _sanction(client, running, p, None).status_code == 302
    assert Sanction.objects.get().person == p.person
