"""Generated histories with a known true skill: each player a fixed strength, each match won with the chance
the skill-function formula gives for the true C (seeded; the same history every time)."""

from __future__ import annotations

import random

from federation.rating import Formula, Game, win_chance

LENGTHS = (1, 3, 5, 7, 9, 11)


def history(seed: int, *, players: int = 100, matches: int = 20_000, c: float = 1.0, spread: float = 250.0):
    rnd = random.Random(seed)
    true = {f"p{i}": rnd.gauss(1500.0, spread) for i in range(players)}
    keys = sorted(true)
    formula = Formula(skill_c=c)
    games = []
    for m in range(matches):
        a, b = rnd.sample(keys, 2)
        n = rnd.choice(LENGTHS)
        won = rnd.random() < win_chance(true[a], true[b], n, formula)
        games.append(Game(str(m), a, b, 1 if won else 2, n))
    return true, games
