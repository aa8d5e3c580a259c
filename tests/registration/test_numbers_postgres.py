"""Entries and protests made at the same instant get distinct numbers within their tournament (the row lock on
the tournament is the referee), on a real PostgreSQL."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.utils import timezone

from draw import manager as draw_manager
from draw import results
from draw.models import Round
from judging.models import Protest
from registration.models import Entry, Person
from tests.concurrency import race
from tests.factories import make_tournament

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL (DATABASE_URL)"),
]


def _entry(t, surname: str):
    person = Person.objects.create(surname=surname, name="Иван", birth_date=datetime.date(1980, 1, 1))
    return lambda: Entry.objects.create(
        tournament=t,
        person=person,
        organisation="Клуб",
        region="Москва",
        disciplines="long",
        responsible_name="Р",
    )


def test_four_entries_at_once_are_numbered_1_to_4(secretary):
    t = make_tournament(secretary)
    outcomes = race(*(_entry(t, f"Игрок{i}") for i in range(4)))
    assert all(isinstance(o, Entry) for o in outcomes), outcomes
    assert sorted(Entry.objects.filter(tournament=t).values_list("number", flat=True)) == [1, 2, 3, 4]


def test_two_protests_at_once_are_numbers_1_and_2(secretary, chief_judge):
    t = make_tournament(secretary, chief_judge, players=4)
    rnd = draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
    Round.objects.filter(pk=rnd.pk).update(status="published")
    matches = list(rnd.matches.order_by("table"))
    for m in matches:
        results.record_result(m.pk, secretary, results.ResultInput("played", 7, 2), 0)

    def protest(m):
        return lambda: Protest.objects.create(
            tournament=t, match=m, protester=m.player2, filed_at=timezone.now(), reasons="r", arguments="a"
        )

    outcomes = race(protest(matches[0]), protest(matches[1]))
    assert all(isinstance(o, Protest) for o in outcomes), outcomes
    assert sorted(Protest.objects.filter(tournament=t).values_list("number", flat=True)) == [1, 2]
