"""Round robin by the Berger tables (004 §1.4.3) and snake seeding into groups (004 §1.4.7)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "RoundRobinRound",
    "berger_rounds",
    "round_robin_schedule",
    "is_valid_round_robin",
    "snake_groups",
]


@dataclass(frozen=True)
class RoundRobinRound:
    """One round: ``pairs`` in board order ``(first, second)`` as the Berger table prints them."""

    pairs: tuple[tuple[str, str], ...]
    bye: str | None


def berger_rounds(n: int) -> list[list[tuple[int, int]]]:
    """The FIDE Berger table for ``n`` players (Berger numbers 1..n), one cycle.

    Parameters
    ----------
    n : number of players (fewer than 2 give no rounds). Odd ``n`` is padded with a dummy ``n + 1``;
        the player paired with it has the bye (the pair with the dummy stays in the table: the caller
        drops it).

    Returns
    -------
    ``N - 1`` rounds (``N`` = n rounded up to even), each a list of ``N / 2`` boards ``(first, second)``.

    Notes
    -----
    004 §1.4.3 (every participant meets every other once per cycle). FIDE Handbook C.05, Annex 1:
    in round r the player N meets p = ((r - 1) * N / 2 mod (N - 1)) + 1 (p first in odd rounds,
    N first in even rounds), and on board b = 2..N/2 player p + (b - 1) meets p - (b - 1)
    (numbers taken in 1..N-1 modulo N - 1), so that i + j = 2p mod (N - 1). O(n^2).

    Examples
    --------
    >>> berger_rounds(6)[1]
    [(6, 4), (5, 3), (1, 2)]
    """
    if n < 2:
        return []
    big = n + (n % 2)
    if big == 2:
        return [[(1, 2)]]
    m = big - 1
    half = big // 2
    rounds = []
    for r in range(1, big):
        p = ((r - 1) * half) % m + 1
        boards = [(p, big) if r % 2 == 1 else (big, p)]
        for b in range(2, half + 1):
            boards.append(((p - 1 + b - 1) % m + 1, (p - 1 - (b - 1)) % m + 1))
        rounds.append(boards)
    return rounds


def round_robin_schedule(
    players: Sequence[str], cycles: int = 1, *, draw: str = "seeded", seed: int | str | None = None
) -> tuple[list[RoundRobinRound], list[str]]:
    """The whole round-robin schedule.

    Parameters
    ----------
    players : ids in seeding order (= Berger numbers when ``draw == "seeded"``).
    cycles : number of cycles (004 §1.4.3 "в один или несколько кругов").
    draw : ``"seeded"`` keeps the given order; ``"random"`` places players on Berger numbers by lot.
    seed : seed of the lot.

    Returns
    -------
    ``(rounds, order)``: ``cycles * (N - 1)`` rounds; ``order`` = ids by Berger number.

    Notes
    -----
    Cycle 2, 3, ... repeat cycle 1 with each pair swapped (first and second exchange roles in even
    cycles). With two cycles or more, every cycle but the last plays its last two rounds in reverse
    order (FIDE C.05 Annex 1: "reverse the order of the last two rounds of the first cycle", which
    avoids three consecutive matches in the same role across the cycle boundary; for even n the plain
    order gives two players three in a row). With three cycles or more only 4 players keep one run of
    three. 500 players: 124,750 pairs per cycle, a fraction of a second.

    Examples
    --------
    >>> rounds, order = round_robin_schedule(["a", "b", "c", "d", "e"])
    >>> rounds[0]
    RoundRobinRound(pairs=(('b', 'e'), ('c', 'd')), bye='a')
    """
    order = list(players)
    if draw == "random":
        random.Random(str(seed)).shuffle(order)
    n = len(order)
    table = berger_rounds(n)
    named: list[RoundRobinRound] = []
    for boards in table:
        pairs = []
        bye = None
        for a, b in boards:
            if a > n:
                bye = order[b - 1]
            elif b > n:
                bye = order[a - 1]
            else:
                pairs.append((order[a - 1], order[b - 1]))
        named.append(RoundRobinRound(tuple(pairs), bye))
    out: list[RoundRobinRound] = []
    for c in range(cycles):
        cycle = list(named)
        if c < cycles - 1 and len(cycle) >= 2:
            cycle[-2], cycle[-1] = cycle[-1], cycle[-2]  # FIDE C.05 Annex 1, double round robin
        if c % 2 == 0:
            out.extend(cycle)
        else:
            out.extend(RoundRobinRound(tuple((b, a) for a, b in r.pairs), r.bye) for r in cycle)
    return out, order


def is_valid_round_robin(players: Sequence[str], rounds: Sequence[RoundRobinRound], cycles: int) -> list[str]:
    """Check a round-robin schedule (004 §1.4.3).

    Parameters
    ----------
    players : the ids; rounds : the schedule; cycles : the number of cycles.

    Returns
    -------
    The list of problems (empty = valid).

    Notes
    -----
    Checks the number of rounds (N - 1 per cycle), that everybody appears exactly once per round (in a
    pair or as the bye) and that every pair meets exactly once per cycle.
    """
    problems = []
    n = len(players)
    per = max(n + (n % 2) - 1, 0) if n > 1 else 0
    if len(rounds) != per * cycles:
        problems.append(f"{len(rounds)} rounds, expected {per * cycles}")
    for c in range(cycles):
        met: dict[frozenset[str], int] = {}
        for i, r in enumerate(rounds[c * per : (c + 1) * per]):
            seen = [x for p in r.pairs for x in p] + ([r.bye] if r.bye else [])
            if len(seen) != len(set(seen)) or set(seen) != set(players):
                problems.append(f"cycle {c + 1} round {i + 1}: not everyone exactly once")
            for a, b in r.pairs:
                met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
        expected = n * (n - 1) // 2
        if len(met) != expected or any(v != 1 for v in met.values()):
            problems.append(f"cycle {c + 1}: not every pair exactly once")
    return problems


def snake_groups(
    players: Sequence[str], groups: int, *, draw: str = "seeded", seed: int | str | None = None
) -> list[list[str]]:
    """Split a field into ``groups`` groups by snake seeding.

    Parameters
    ----------
    players : ids in seeding order.
    groups : number of groups (1 <= groups <= len(players)).
    draw : ``"seeded"``: seeds 1..G go to groups 1..G, seeds G+1..2G to groups G..1, and so on;
        ``"random"``: the same pots of G consecutive seeds, each pot spread over the groups by lot
        (so the groups stay balanced by strength).
    seed : seed of the lot.

    Returns
    -------
    ``groups`` lists of ids, each in seeding order; sizes differ by at most one.

    Notes
    -----
    004 §1.4.7 (mixed system: round robin "с разбиением участников на группы").

    Examples
    --------
    >>> snake_groups([f"p{i}" for i in range(1, 9)], 4)
    [['p1', 'p8'], ['p2', 'p7'], ['p3', 'p6'], ['p4', 'p5']]
    """
    out: list[list[str]] = [[] for _ in range(groups)]
    rng = random.Random(str(seed))
    for start in range(0, len(players), groups):
        pot = list(players[start : start + groups])
        row = start // groups
        targets = list(range(groups)) if row % 2 == 0 else list(range(groups - 1, -1, -1))
        targets = targets[: len(pot)]
        if draw == "random":
            rng.shuffle(targets)
        for p, g in zip(pot, targets):
            out[g].append(p)
    return out
