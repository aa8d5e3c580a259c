"""Seeded random-tournament generators for the property tests (a failing case prints its seed)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction

from draw.pairing import NoValidPairing, SwissPlayer, pair_swiss


@dataclass
class SwissHistory:
    """A Swiss field with its results so far, played out by the engine with random winners."""

    points: dict[str, Fraction] = field(default_factory=dict)
    opponents: dict[str, list[str]] = field(default_factory=dict)
    byes: dict[str, int] = field(default_factory=dict)
    losses: dict[str, int] = field(default_factory=dict)
    withdrawn: set[str] = field(default_factory=set)

    def add(self, pid: str) -> None:
        self.points[pid] = Fraction(0)
        self.opponents[pid] = []
        self.byes[pid] = 0
        self.losses[pid] = 0

    def field(self) -> list[SwissPlayer]:
        return [
            SwissPlayer(
                p,
                self.points[p],
                frozenset(self.opponents[p]),
                self.byes[p],
                p in self.withdrawn,
                self.losses[p],
            )
            for p in self.points
        ]

    def play(self, pairs, bye, rng: random.Random, draws: bool, bye_points: Fraction = Fraction(1)) -> None:
        for a, b in pairs:
            self.opponents[a].append(b)
            self.opponents[b].append(a)
            if draws and rng.random() < 0.2:
                # a split result (e.g. a match point shared by a regulation): exercises fractions
                self.points[a] += Fraction(1, 2)
                self.points[b] += Fraction(1, 2)
                continue
            w, lo = (a, b) if rng.random() < 0.5 else (b, a)
            self.points[w] += 1
            self.losses[lo] += 1
        if bye is not None:
            self.byes[bye] += 1
            self.points[bye] += bye_points


def random_swiss_history(
    seed: int, n: int, rounds: int, *, draws: bool = False, churn: bool = False
) -> SwissHistory:
    """Play ``rounds`` Swiss rounds of ``n`` players with the engine (fewest rematches if needed).

    ``churn``: between rounds a player may withdraw and a late entry may join with 0 points.
    """
    rng = random.Random(seed)
    h = SwissHistory()
    for i in range(n):
        h.add(f"p{i}")
    late = 0
    for r in range(rounds):
        if churn and r and rng.random() < 0.3:
            active = [p for p in h.points if p not in h.withdrawn]
            if len(active) > 2:
                h.withdrawn.add(rng.choice(active))
        if churn and r and rng.random() < 0.3:
            h.add(f"late{late}")
            late += 1
        try:
            res = pair_swiss(h.field(), seed=f"{seed}/{r}", allow_rematches=True)
        except NoValidPairing:
            break
        h.play(res.pairs, res.bye, rng, draws)
    return h
