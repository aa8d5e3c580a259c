"""Issue 35 §3: the faster tie-break core ranks exactly as the one before it (``metrics_before_35``, a frozen
copy) on random fields: every kind of result, rounds numbered or not, byes of any value, rulings' points,
every rule for unplayed games, every tie-break in random orders, split or shared places."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from standings import metrics

from . import metrics_before_35 as before

KINDS = ["played", "played", "played", "time", "technical", "annulled", "bye", "rest", "undecided", "draw"]
KEYS = list(metrics.METRICS)


def _field(rng: random.Random, cls):
    players = [str(i) for i in range(rng.randrange(2, 16))]
    numbered = rng.random() < 0.85
    results = []
    for number in range(1, rng.randrange(2, 9)):
        for _ in range(rng.randrange(1, 9)):
            a = rng.choice(players)
            kind = rng.choice(KINDS + ["absent", "requested_bye"])
            rnd = number if numbered or rng.random() < 0.3 else None
            if kind in ("absent", "requested_bye"):
                value = rng.choice([Fraction(0), Fraction(1, 2), Fraction(1), None])
                results.append(cls(a, None, None, kind, round=rnd, value=value))
            elif kind in ("bye", "rest"):
                results.append(cls(a, None, a if kind == "bye" else None, "bye", round=rnd))
            else:
                b = rng.choice([p for p in players if p != a] + ["stranger"])
                winner = None if kind in ("undecided", "draw") else rng.choice([a, b])
                if kind == "annulled" and rng.random() < 0.5:
                    winner = None
                s1, s2 = rng.randrange(0, 8), rng.randrange(0, 8)
                results.append(cls(a, b, winner, kind, s1, s2, round=rnd))
    return players, results


def _shape(rows) -> list[tuple]:
    return [
        (
            r.player,
            r.place,
            r.place_to,
            r.points,
            r.wins,
            r.losses,
            r.played,
            r.byes,
            r.draws,
            r.absences,
            r.adjustment,
            tuple(r.opponents),
            tuple(
                (e.round, e.opponent, e.score, e.kind, e.won, e.own_games, e.their_games) for e in r.entries
            ),
            tuple(sorted(r.metrics.items())),
        )
        for r in rows
    ]


@pytest.mark.parametrize("seed", range(400))
def test_the_faster_table_ranks_exactly_as_before_issue_35(seed):
    rng = random.Random(seed)
    players, new_results = _field(random.Random(seed), metrics.Result)
    _players, old_results = _field(random.Random(seed), before.Result)
    bye = rng.choice([Fraction(1), Fraction(1, 2), Fraction(0), Fraction(1, 3)])
    keys = rng.sample(KEYS, rng.randrange(0, len(KEYS) + 1))
    adjustments = {
        rng.choice(players): rng.choice([Fraction(-1), Fraction(-1, 2), Fraction(1, 4), Fraction(2)])
        for _ in range(rng.randrange(0, 3))
    }
    options = dict(
        virtual_opponents=rng.random() < 0.7,
        adjustments=adjustments,
        unplayed=rng.choice(["", "actual", "fide2009", "fide2023"]),
        split=rng.random() < 0.7,
    )
    new = metrics.table(players, new_results, bye, keys, **options)
    old = before.table(players, old_results, bye, keys, **options)
    assert _shape(new) == _shape(old)
    assert _shape(metrics.records(players, new_results, bye).values()) == _shape(
        before.records(players, old_results, bye).values()
    )
