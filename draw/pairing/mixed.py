"""Progression from a group stage to a playoff (004 §1.4.7, §6.1.2 item 5)."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .elimination import seed_order
from .errors import BadRequest

__all__ = ["PlayoffSeeding", "playoff_seeding", "first_round_pairs"]


@dataclass(frozen=True)
class PlayoffSeeding:
    """``players`` in playoff seeding order; ``group_of`` each qualifier's group index;
    ``same_group_first_round`` the unavoidable first-round meetings of players of one group;
    ``same_group_meetings`` every pair of group mates with the round in which they can first meet,
    ``(round, a, b)``, earliest first; ``optimal``: the arrangement is proven the best."""

    players: tuple[str, ...]
    group_of: dict[str, int]
    same_group_first_round: tuple[tuple[str, str], ...]
    same_group_meetings: tuple[tuple[int, str, str], ...] = ()
    optimal: bool = True


def _pow2(n: int) -> int:
    size = 1
    while size < n:
        size *= 2
    return size


def first_round_pairs(n: int) -> list[tuple[int, int]]:
    """Seed numbers that meet in round 1 of a seeded bracket of ``n`` players.

    Parameters
    ----------
    n : number of players.

    Returns
    -------
    Pairs of 1-based seed numbers (bye matches left out).

    Notes
    -----
    Standard placement of 004 §1.4.4 (:func:`seed_order`).

    Examples
    --------
    >>> first_round_pairs(6)
    [(4, 5), (3, 6)]
    """
    size = _pow2(n)
    order = seed_order(size)
    return [
        (order[2 * i], order[2 * i + 1])
        for i in range(size // 2)
        if order[2 * i] <= n and order[2 * i + 1] <= n
    ]


# Node budget of the exact search over arrangements (each node places one player); beyond it the best
# arrangement found is answered with "optimal": false. A module attribute for the tests.
SEARCH_BUDGET = 25_000
# When (arrangements of the tiers) x (qualifiers)^2 is at most this, all are tried (about 0.5 s).
EXHAUSTIVE_LIMIT = 10_000_000


def playoff_seeding(
    groups: Sequence[Sequence[str]],
    qualifiers_per_group: int,
    best_of_rest: int = 0,
    rest_order: Sequence[str] | None = None,
) -> PlayoffSeeding:
    """Who goes to the playoff and in which seeding order.

    Parameters
    ----------
    groups : each group's final standings, best first.
    qualifiers_per_group : the top K of every group qualify (announced before the start, 004 §6.1.2
        item 5).
    best_of_rest : this many more, the best non-qualifiers across groups by ``rest_order``.
    rest_order : the non-qualifiers ranked across groups by the app (required when best_of_rest > 0).

    Returns
    -------
    :class:`PlayoffSeeding`. Feed ``players`` to single or double elimination with
    ``"draw": "seeded"``.

    Notes
    -----
    004 §1.4.7 (mixed system), §6.1.2 item 5. Seeds are given tier by tier: all group winners (in
    group order, seeds 1..G, so they meet as late as the standard placement allows and byes go to
    them), then all runners-up, and so on, then the best of the rest. Inside every tier but the first
    the players are permuted among the tier's seed numbers so that players of one group meet as late
    as the bracket allows, round 1 first: the arrangement minimises lexicographically
    (c_1, c_2, ..., c_k), c_r being the number of pairs of group mates whose earliest possible
    meeting (the round of their common sub-bracket) is round r. A swap local search (from the given
    order and from a top-down balanced construction) is proven optimal by a per-group floor, or else
    by trying every arrangement (up to ``EXHAUSTIVE_LIMIT``), or else by branch and bound (a pair's
    round is known once both are placed; partial counts only grow; each unplaced player adds at least
    his cheapest placement). ``optimal`` is false only when that ran out of its node budget
    (``SEARCH_BUDGET``).
    """
    k = qualifiers_per_group
    if k < 0 or best_of_rest < 0:
        raise BadRequest("qualifiers_per_group and best_of_rest must be >= 0")
    group_of: dict[str, int] = {}
    for gi, g in enumerate(groups):
        for p in g:
            if p in group_of:
                raise BadRequest(f"player {p!r} is in two groups")
            group_of[p] = gi
    tiers: list[list[str]] = []
    for r in range(k):
        tier = [g[r] for g in groups if len(g) > r]
        if tier:
            tiers.append(tier)
    qualified = {p for t in tiers for p in t}
    if best_of_rest:
        if rest_order is None:
            raise BadRequest("rest_order is required when best_of_rest > 0")
        rest = [p for p in rest_order if p not in qualified]
        unknown = [p for p in rest if p not in group_of]
        if unknown:
            raise BadRequest(f"rest_order names players in no group: {unknown}")
        if len(rest) < best_of_rest:
            raise BadRequest("rest_order has fewer non-qualifiers than best_of_rest")
        tiers.append(list(rest[:best_of_rest]))
    seeds = [p for t in tiers for p in t]
    players, optimal = _arrange(tiers, [group_of[p] for p in seeds])
    n = len(players)
    meet = _meeting_round(n)
    meetings = sorted(
        (
            (meet(i, j), players[i], players[j])
            for i in range(n)
            for j in range(i + 1, n)
            if group_of[players[i]] == group_of[players[j]]
        ),
        key=lambda m: (m[0], seeds.index(m[1]), seeds.index(m[2])),
    )
    clashes = tuple((a, b) for r, a, b in meetings if r == 1)
    return PlayoffSeeding(
        players=tuple(players),
        group_of={p: group_of[p] for p in players},
        same_group_first_round=clashes,
        same_group_meetings=tuple(meetings),
        optimal=optimal,
    )


def _meeting_round(n: int):
    """(seed index i, seed index j) -> the round in which those two seeds can first meet."""
    size = _pow2(n)
    position = {s - 1: i for i, s in enumerate(seed_order(size))}

    def meet(i: int, j: int) -> int:
        return (position[i] ^ position[j]).bit_length()

    return meet


def _arrange(tiers: list[list[str]], groups_in_seed_order: list[int]) -> tuple[list[str], bool]:
    """The arrangement of the tiers (tier 1 fixed) minimising the meeting vector; (players, proven)."""
    seeds = [p for t in tiers for p in t]
    n = len(seeds)
    if n < 2:
        return seeds, True
    rounds = _pow2(n).bit_length() - 1
    meet = _meeting_round(n)
    level = [[meet(i, j) if i != j else 0 for j in range(n)] for i in range(n)]
    group = dict(zip(seeds, groups_in_seed_order))
    slots: list[list[int]] = []  # seed indices of each tier
    start = 0
    for t in tiers:
        slots.append(list(range(start, start + len(t))))
        start += len(t)

    def cost(arrangement: list[str]) -> list[int]:
        c = [0] * (rounds + 1)
        for i in range(n):
            gi = group[arrangement[i]]
            for j in range(i + 1, n):
                if group[arrangement[j]] == gi:
                    c[level[i][j]] += 1
        return c[1:]

    floor = _cumulative_floor(seeds, group, slots, level, rounds)
    best, best_cost = list(seeds), cost(seeds)
    rng = random.Random(0)  # fixed: the seeding is a function of the groups
    for attempt in range(6):
        begin = list(seeds) if attempt == 0 else _balanced(seeds, group, slots, rounds, rng)
        candidate = _local_search(begin, slots, cost)
        c = cost(candidate)
        if c < best_cost:
            best, best_cost = candidate, c
        if _reaches(best_cost, floor):
            return best, True
    if math.prod(math.factorial(len(t)) for t in tiers[1:]) * n * n <= EXHAUSTIVE_LIMIT:
        for perms in itertools.product(*(itertools.permutations(t) for t in tiers[1:])):
            candidate = list(tiers[0]) + [p for perm in perms for p in perm]
            c = cost(candidate)
            if c < best_cost:
                best, best_cost = candidate, c
        return best, True
    # Branch and bound, tier by tier, slot by slot; the first tier stays as given.
    order = [s for tier_slots in slots[1:] for s in tier_slots]
    tier_of_slot = {s: ti for ti, tier_slots in enumerate(slots) for s in tier_slots}
    placed: dict[int, str] = {s: seeds[s] for s in slots[0]}
    free = {ti: list(tiers[ti]) for ti in range(1, len(tiers))}
    nodes = [0]
    exhausted = [False]
    best_holder: list[Any] = [best, best_cost]  # the best arrangement and its cost, kept by the search

    def bound(partial: list[int], depth: int) -> list[int]:
        """partial + for each unplaced player the componentwise cheapest placement vs the placed."""
        total = list(partial)
        open_slots = order[depth:]
        for ti, players in free.items():
            slots_t = [s for s in open_slots if tier_of_slot[s] == ti]
            for p in players:
                g = group[p]
                mates = [s for s, q in placed.items() if group[q] == g]
                if not mates:
                    continue
                per_round = [
                    min(sum(1 for m in mates if level[s][m] == r) for s in slots_t)
                    for r in range(1, rounds + 1)
                ]
                for r in range(rounds):
                    total[r] += per_round[r]
        return total

    def search(depth: int, partial: list[int]) -> None:
        if exhausted[0]:
            return
        nodes[0] += 1
        if nodes[0] > SEARCH_BUDGET:
            exhausted[0] = True
            return
        if depth == len(order):
            if partial < best_holder[1]:
                best_holder[0] = [placed[s] for s in range(n)]
                best_holder[1] = list(partial)
            return
        if bound(partial, depth) >= best_holder[1]:
            return
        s = order[depth]
        ti = tier_of_slot[s]
        for p in list(free[ti]):
            g = group[p]
            step = list(partial)
            for m, q in placed.items():
                if group[q] == g:
                    step[level[s][m] - 1] += 1
            if step >= best_holder[1]:
                continue
            placed[s] = p
            at = free[ti].index(p)
            free[ti].pop(at)
            search(depth + 1, step)
            free[ti].insert(at, p)
            del placed[s]

    first = [0] * rounds
    for i in slots[0]:
        for j in slots[0]:
            if i < j and group[seeds[i]] == group[seeds[j]]:
                first[level[i][j] - 1] += 1
    search(0, first)
    return best_holder[0], not exhausted[0] or _reaches(best_holder[1], floor)


def _reaches(c: list[int], floor: list[int]) -> bool:
    """Whether the cumulative counts of ``c`` meet the floor at every round (then ``c`` is optimal)."""
    total = 0
    for r, x in enumerate(c):
        total += x
        if total > floor[r]:
            return False
    return True


def _cumulative_floor(
    seeds: list[str], group: dict[str, int], slots: list[list[int]], level: list[list[int]], rounds: int
) -> list[int]:
    """Lower bounds on S_r, the pairs of group mates inside one block of 2^r seeds, r = 1..rounds.

    Every arrangement has S_r >= the sum over groups of the least S_r of that group alone (its
    players spread over the blocks that hold a seed of their tier, at most that many per tier and
    block): a convex-cost flow, the j-th mate in a block costing j - 1.
    """
    import networkx as nx  # inner import: 0.15 s to load, and only some seedings need it

    n = len(seeds)
    tier_of = {seeds[s]: ti for ti, tier_slots in enumerate(slots) for s in tier_slots}
    floor = []
    for r in range(1, rounds + 1):
        # blocks of 2^r seeds: i and j share one exactly when level[i][j] <= r
        block: dict[int, int] = {}
        for i in range(n):
            block[i] = next((block[j] for j in range(i) if level[i][j] <= r), i)
        total = 0
        for g in set(group.values()):
            members = [p for p in seeds if group[p] == g]
            if len(members) < 2:
                continue
            net = nx.DiGraph()
            net.add_node("source", demand=-len(members))
            net.add_node("sink", demand=len(members))
            for p in members:
                net.add_edge("source", ("p", p), capacity=1, weight=0)
                for s in slots[tier_of[p]]:
                    net.add_edge(("p", p), ("slot", tier_of[p], block[s]), capacity=1, weight=0)
            for ti in {tier_of[p] for p in members}:
                for s in slots[ti]:
                    b = block[s]
                    cap = sum(1 for x in slots[ti] if block[x] == b)
                    net.add_edge(("slot", ti, b), ("block", b), capacity=cap, weight=0)
            for b in set(block.values()):
                for j in range(len(members)):
                    net.add_edge(("block", b), ("unit", b, j), capacity=1, weight=j)
                    net.add_edge(("unit", b, j), "sink", capacity=1, weight=0)
            flow = nx.min_cost_flow(net)
            total += sum(
                j * flow[("block", b)].get(("unit", b, j), 0)
                for b in set(block.values())
                if ("block", b) in flow
                for j in range(len(members))
            )
        floor.append(total)
    return floor


def _balanced(
    seeds: list[str], group: dict[str, int], slots: list[list[int]], rounds: int, rng: random.Random
) -> list[str]:
    """An arrangement built from the final down: each block's players are split between its two
    halves, every tier by its seed count in each half (group winners where they stand), each group
    as evenly as the quotas allow (a convex-cost flow; ties broken by ``rng``)."""
    import networkx as nx  # inner import: 0.15 s to load, and only some seedings need it

    n = len(seeds)
    size = _pow2(n)
    position = {s - 1: i for i, s in enumerate(seed_order(size))}
    tier_of_slot = {s: ti for ti, tier_slots in enumerate(slots) for s in tier_slots}
    tier_of = {seeds[s]: tier_of_slot[s] for s in range(n)}
    fixed = {seeds[s]: s for s in slots[0]}
    out: dict[int, str] = {}

    def split(block: list[int], players: list[str], r: int) -> None:
        if len(block) == 1:
            out[block[0]] = players[0]
            return
        left = [s for s in block if not (position[s] >> (r - 1)) & 1]
        right = [s for s in block if (position[s] >> (r - 1)) & 1]
        if not left or not right:
            split(block, players, r - 1)
            return
        left_set = set(left)
        free = [p for p in players if p not in fixed]
        rng.shuffle(free)
        quota = {ti: sum(1 for s in left if tier_of_slot[s] == ti) for ti in range(1, len(slots))}
        net = nx.DiGraph()
        net.add_node("source", demand=-sum(quota.values()))
        net.add_node("sink", demand=sum(quota.values()))
        for ti, q in quota.items():
            if q:
                net.add_edge("source", ("tier", ti), capacity=q, weight=0)
        counts: dict[tuple[int, int], int] = {}
        for p in free:
            counts[(tier_of[p], group[p])] = counts.get((tier_of[p], group[p]), 0) + 1
        for (ti, g), m in counts.items():
            net.add_edge(("tier", ti), ("group", g), capacity=m, weight=0)
        for g in {group[p] for p in free}:
            f_left = sum(1 for p in players if p in fixed and group[p] == g and fixed[p] in left_set)
            f_right = sum(1 for p in players if p in fixed and group[p] == g) - f_left
            m = sum(1 for p in free if group[p] == g)
            for x in range(m):  # the (x + 1)-th free mate sent left changes the pairs by this much
                change = (f_left + x) - (f_right + m - x - 1)
                net.add_edge(("group", g), ("unit", g, x), capacity=1, weight=change)
                net.add_edge(("unit", g, x), "sink", capacity=1, weight=0)
        flow = nx.min_cost_flow(net) if quota and any(quota.values()) else {}
        going = {key: flow.get(("tier", key[0]), {}).get(("group", key[1]), 0) for key in counts}
        to_left: list[str] = []
        to_right: list[str] = []
        for p in players:
            if p in fixed:
                (to_left if fixed[p] in left_set else to_right).append(p)
            elif going[(tier_of[p], group[p])] > 0:
                going[(tier_of[p], group[p])] -= 1
                to_left.append(p)
            else:
                to_right.append(p)
        split(left, to_left, r - 1)
        split(right, to_right, r - 1)

    split(list(range(n)), list(seeds), rounds)
    return [out[s] for s in range(n)]


def _local_search(start: list[str], slots: list[list[int]], cost) -> list[str]:
    """Swap two players of one tier (not the first) while the meeting vector decreases."""
    current = list(start)
    current_cost = cost(current)
    improved = True
    while improved:
        improved = False
        for tier_slots in slots[1:]:
            for a in range(len(tier_slots)):
                for b in range(a + 1, len(tier_slots)):
                    i, j = tier_slots[a], tier_slots[b]
                    current[i], current[j] = current[j], current[i]
                    c = cost(current)
                    if c < current_cost:
                        current_cost, improved = c, True
                    else:
                        current[i], current[j] = current[j], current[i]
    return current
