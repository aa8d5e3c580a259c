"""A double-clicked warning is recorded once; two warnings at once both count and the second proposes
removal every time (issue 13 item 12, 004 §5.7.2) — real threads on PostgreSQL, and the form through the
test client."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.urls import reverse

from judging.errors import AlreadyApplied
from judging.models import RemovalProposal, Sanction
from tests.concurrency import race

pytestmark = pytest.mark.security


def _warning(t, participant, chief_judge, token: str):
    def call():
        sanction = Sanction(
            person=participant.person,
            tournament=t,
            kind=Sanction.Kind.WARNING,
            violation="conduct",
            clause="004 §5.7.1",
            facts="шум",
            form_token=token,
        )
        return sanction.apply(chief_judge, participant)

    return call


@pytest.mark.parametrize("attempt", range(4))
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL (DATABASE_URL)")
def test_the_same_form_sent_twice_at_once_records_one_warning_5_7_2(running, chief_judge, attempt):
    p = running.participants.first()
    outcomes = race(_warning(running, p, chief_judge, "tok"), _warning(running, p, chief_judge, "tok"))
    assert sum(isinstance(o, AlreadyApplied) for o in outcomes) == 1, outcomes
    assert Sanction.objects.filter(person=p.person, kind="warning").count() == 1
    assert not RemovalProposal.objects.exists()


@pytest.mark.parametrize("attempt", range(4))
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL (DATABASE_URL)")
def test_two_warnings_at_once_both_count_and_removal_is_proposed_5_7_2(running, chief_judge, attempt):
    p = running.participants.first()
    race(_warning(running, p, chief_judge, "a"), _warning(running, p, chief_judge, "b"))
    assert Sanction.objects.filter(person=p.person, kind="warning").count() == 2
    assert RemovalProposal.objects.filter(participant=p, status="pending").count() == 1


def test_a_double_click_on_the_form_answers_as_the_first_and_records_once(client, running, chief_judge):
    client.force_login(chief_judge)
    url = reverse("judging:sanction_new", args=[running.pk])
    token = re.search(r'name="token" value="([0-9a-f]+)"', client.get(url).content.decode()).group(1)
    p = running.participants.first()
    form = {
        "token": token,
        "participant": p.pk,
        "kind": "warning",
        "violation": "conduct",
        "clause": "004 §5.7.1",
        "facts": "шум",
    }
    first, second = client.post(url, form), client.post(url, form)
    assert first.status_code == second.status_code == 302 and first.url == second.url
    assert Sanction.objects.filter(person=p.person).count() == 1
    # A new form (a new token) is a new warning: the second proposes removal (004 §5.7.2).
    token2 = re.search(r'name="token" value="([0-9a-f]+)"', client.get(url).content.decode()).group(1)
    assert token2 != token
    client.post(url, {**form, "token": token2})
    assert RemovalProposal.objects.filter(participant=p).count() == 1
