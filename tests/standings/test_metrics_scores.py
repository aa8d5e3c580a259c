"""``metrics.scores`` (the Swiss draw's lean count, issue 20 item 5) counts exactly as ``metrics.records``:
points, wins, losses, played and byes, for byes, rests, annulled and undecided results and any bye value."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from standings import metrics


@pytest.mark.parametrize("seed", range(30))
def test_scores_count_as_records_do(seed):
    rng = random.Random(seed)
    players = [str(i) for i in range(rng.randrange(2, 14))]
    results = []
    for number in range(1, rng.randrange(1, 9)):
        for _ in range(rng.randrange(1, 8)):
            a = rng.choice(players)
            kind = rng.choice(["played", "played", "technical", "annulled", "bye", "rest", "undecided"])
            if kind in ("bye", "rest"):
                results.append(metrics.Result(a, None, a if kind == "bye" else None, "bye", round=number))
                continue
            b = rng.choice([p for p in players if p != a] + ["stranger"])
            winner = None if kind == "undecided" else rng.choice([a, b])
            results.append(metrics.Result(a, b, winner, kind, 7, 3, round=number))
    bye = rng.choice([Fraction(1), Fraction(1, 2), Fraction(0)])
    lean = metrics.scores(players, results, bye)
    full = metrics.records(players, results, bye)
    for p in players:
        assert (lean[p].points, lean[p].wins, lean[p].losses, lean[p].played, lean[p].byes) == (
            full[p].points,
            full[p].wins,
            full[p].losses,
            full[p].played,
            full[p].byes,
        ), p
