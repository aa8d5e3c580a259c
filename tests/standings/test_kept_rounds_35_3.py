"""The standings' results reuse the rounds that did not change since the last read (issue 35 §3,
``draw.results._kept_rounds``, PostgreSQL): whatever changes — a result, a correction written without a
signal, two tables swapped, a round back to a draft, a new round — the results read are the ones a fresh read
gives, and an unchanged round is not read again."""

from __future__ import annotations

from unittest import mock

import pytest
from django.db import connection, connections

from bench.bench_standings import build_swiss
from draw import results
from draw.models import Match, Round

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL (DATABASE_URL)"),
]


FIELDS = ("player1", "player2", "winner", "kind", "score1", "score2", "round", "value", "length", "match")


def _plain(by_stage: dict) -> list:
    rows = sorted(by_stage.items())
    return [(stage, [tuple(getattr(r, f) for f in FIELDS) for r in listed]) for stage, listed in rows]


def _fresh(t) -> list:
    """The results as the plain read gives them (the path SQLite takes: every match read and converted)."""
    with mock.patch.object(connections["default"], "vendor", "sqlite"):
        return _plain(results.load_results(t))


def _read(t) -> tuple[list, int]:
    """The results through the kept rounds, and how many matches were read and converted for it."""
    with mock.patch.object(results, "_convert", wraps=results._convert) as convert:
        got = _plain(results.load_results(t))
    return got, sum(call.args[0].count() for call in convert.call_args_list)


def test_the_kept_rounds_are_exactly_a_fresh_read_whatever_changed_issue_35():
    t = build_swiss(20, rounds=4, seed=3)
    results._ROUNDS.clear()
    assert _read(t) == (_fresh(t), 40)  # 4 rounds of 10 matches
    assert _read(t) == (_fresh(t), 0)  # nothing changed: nothing read again

    round2 = Match.objects.filter(round__tournament=t, round__number=2).order_by("table")
    first = round2[0]
    # A correction written without a signal (a queryset update): the winner and the scores turned round.
    Match.objects.filter(pk=first.pk).update(
        winner=first.player2 if first.winner_id == first.player1_id else first.player1,
        score1=first.score2,
        score2=first.score1,
    )
    assert _read(t) == (_fresh(t), 10)  # only round 2 read again
    # Two tables of round 3 swapped: the order of the results follows.
    a, b = Match.objects.filter(round__tournament=t, round__number=3).order_by("table")[:2]
    Match.objects.filter(pk=a.pk).update(table=999)
    Match.objects.filter(pk=b.pk).update(table=a.table)
    Match.objects.filter(pk=a.pk).update(table=b.table)
    assert _plain(results.load_results(t)) == _fresh(t)
    # A round back to a draft leaves the standings; published again, it comes back.
    Round.objects.filter(tournament=t, number=4).update(status=Round.Status.DRAFT)
    assert _plain(results.load_results(t)) == _fresh(t)
    assert all(r[6] != 4 for _stage, listed in _plain(results.load_results(t)) for r in listed)
    Round.objects.filter(tournament=t, number=4).update(status=Round.Status.FINISHED)
    assert _plain(results.load_results(t)) == _fresh(t)
    # A result taken back (no result) and a match annulled.
    Match.objects.filter(pk=round2[1].pk).update(result_kind="", winner=None, score1=None, score2=None)
    Match.objects.filter(pk=round2[2].pk).update(result_kind="annulled", winner=None)
    assert _plain(results.load_results(t)) == _fresh(t)
