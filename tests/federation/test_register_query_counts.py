"""Issue 31 §3: the public sanctions register and the judges' register read a constant number of queries —
the same at one row and at many (every kind of disqualification: a period, until lifted, a number of
tournaments, a number of matches, lifted, not started yet); and the register's «in force» is judging's one
rule (``Sanction.objects.disqualifying``) for every row."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from federation import register
from federation.models import JudgeCategory
from judging.models import Sanction
from registration.models import Official

from .builders import finished_event, people

pytestmark = pytest.mark.django_db


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def _kinds(person, t, today: datetime.date, i: int) -> Sanction:
    """The i-th kind of disqualification (six kinds), given in ``t``."""
    day = datetime.timedelta(days=1)
    fields = [
        {"starts_on": today - 30 * day, "ends_on": today + 30 * day},  # a period, in force
        {"starts_on": today - 400 * day},  # until lifted (a term set below: the model wants one)
        {"starts_on": today - 60 * day, "tournaments_count": 1 + i % 3},  # a number of tournaments
        {"starts_on": today - 60 * day, "matches_count": 2},  # a number of matches
        {"starts_on": today - 90 * day, "ends_on": today + day, "lifted_at": timezone.now()},  # lifted
        {"starts_on": today + 10 * day, "ends_on": today + 40 * day},  # not started yet
    ][i % 6]
    if "ends_on" not in fields and "tournaments_count" not in fields and "matches_count" not in fields:
        fields["ends_on"] = today + 5 * day
    return Sanction.objects.create(person=person, tournament=t, kind="disqualification", **fields)


def test_issue31_a_period_register_reads_the_same_queries_at_one_row_and_at_many(client, secretary):
    today = timezone.localdate()
    field = people(20)
    t = finished_event(secretary, field[:6], end=today - datetime.timedelta(days=70), seed=1)
    _kinds(field[0], t, today, 0)
    url = reverse("federation:sanctions")
    one = _queries(client, url)
    for p in field[1:]:
        _kinds(p, t, today, 0)
    assert _queries(client, url) == one <= 2


def test_issue31_the_sanctions_register_reads_the_same_queries_at_one_row_and_at_many(client, secretary):
    today = timezone.localdate()
    field = people(30)
    t = finished_event(secretary, field[:6], end=today - datetime.timedelta(days=70), seed=1)
    # Tournaments after the sanctions started: what the counted ones miss (some entered, some open to him).
    for k in range(3):
        finished_event(
            secretary, field[k * 4 : k * 4 + 6], end=today - datetime.timedelta(days=20 - k), seed=9 + k
        )
    # One row: a disqualification for a number of matches, the dearest to count (he played since).
    _kinds(field[0], t, today, 3)
    url = reverse("federation:sanctions")
    one = _queries(client, url)
    for i, p in enumerate(field[1:], start=1):
        _kinds(p, t if i % 5 else None, today, i)
    many = _queries(client, url)
    assert one == many
    assert many <= 6
    rows = register.sanctions_register(today)
    assert len(rows) == 30
    assert {r.state for r in rows} >= {"in_force", "lifted"}
    # The register's «in force» is judging's one rule, row by row.
    for r in rows:
        s = r.sanction
        ruled = Sanction.objects.disqualifying(s.person, today).filter(pk=s.pk).exists()
        started = s.starts_on <= today
        assert (r.state == "in_force" and started) == ruled, (s.pk, r.state, r.left)


def test_issue31_a_count_of_tournaments_served_is_marked_served(client, secretary):
    today = timezone.localdate()
    field = people(6)
    t = finished_event(secretary, field, end=today - datetime.timedelta(days=70), seed=1)
    s = Sanction.objects.create(
        person=field[0], tournament=t, kind="disqualification", starts_on=today - datetime.timedelta(days=60),
        tournaments_count=2,
    )  # fmt: skip
    row = register.sanctions_register(today)[0]
    assert row.state == "in_force" and "2" in row.left
    for k in range(2):  # two events of his discipline and group since: served
        finished_event(secretary, field[1:], end=today - datetime.timedelta(days=30 - k), seed=5 + k)
    row = register.sanctions_register(today)[0]
    assert row.sanction.pk == s.pk and row.state == "expired"
    assert not Sanction.objects.disqualifying(field[0], today).exists()


def test_issue31_the_judges_register_reads_the_same_queries_at_one_row_and_at_many(client, secretary):
    today = timezone.localdate()
    field = people(6)
    events = [
        finished_event(secretary, field, end=today - datetime.timedelta(days=100 + k), seed=k)
        for k in range(3)
    ]
    judges = people(25, start=300)

    def judge(i: int, p) -> None:
        JudgeCategory.objects.create(
            person=p, category=["national", "first", "second", "third", "young"][i % 5],
            assigned_on=datetime.date(2020 + i % 5, 1, 1), order=f"Приказ № {i}",
            lapses_on=datetime.date(2024 + i % 5, 1, 1),
        )  # fmt: skip
        for t in events[: 1 + i % 3]:
            Official.objects.create(tournament=t, person=p, role=Official.Role.JUDGE)

    judge(0, judges[0])
    url = reverse("federation:judges")
    one = _queries(client, url)
    for i, p in enumerate(judges[1:], start=1):
        judge(i, p)
    many = _queries(client, url)
    assert one == many
    assert many <= 6
    page = client.get(url).content.decode()
    assert all(p.full_name in page for p in judges)
