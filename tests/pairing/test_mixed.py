"""Playoff seeding after groups (004 §1.4.7, §6.1.2 item 5)."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from draw.pairing import first_round_pairs, handle, mixed, playoff_seeding, seed_order


def test_group_winners_meet_runners_up_of_other_groups():
    groups = [[f"g{g}p{r}" for r in range(4)] for g in range(4)]
    res = playoff_seeding(groups, 2)
    pairs = [(res.players[a - 1], res.players[b - 1]) for a, b in first_round_pairs(8)]
    for a, b in pairs:
        assert a.endswith("p0") and b.endswith("p1")
        assert a[:2] != b[:2]
    assert res.same_group_first_round == ()


def meeting_vector(players, group_of) -> list[int]:
    """c_r: pairs of group mates whose earliest possible meeting is round r (r = 1, 2, ...)."""
    n = len(players)
    size = 1 << max(n - 1, 0).bit_length()
    position = {s: i for i, s in enumerate(seed_order(size))}
    rounds = max(size.bit_length() - 1, 1)
    c = [0] * rounds
    for i in range(n):
        for j in range(i + 1, n):
            if group_of[players[i]] == group_of[players[j]]:
                c[(position[i + 1] ^ position[j + 1]).bit_length() - 1] += 1
    return c


def brute_force_best(tiers, group_of) -> list[int]:
    best = None
    for perms in itertools.product(*[itertools.permutations(t) for t in tiers[1:]]):
        v = meeting_vector(list(tiers[0]) + [p for t in perms for p in t], group_of)
        best = v if best is None or v < best else best
    return best


MIXED = dict(
    sizes=st.lists(st.integers(1, 5), min_size=1, max_size=6),
    k=st.integers(1, 3),
    rest=st.integers(0, 3),
    shuffle_seed=st.integers(0, 1000),
)


# The same property twice: 400 examples in `make test` (slow), 70 in the inner loop (issue 26 part 5).
@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(**MIXED)
def test_group_mates_meet_as_late_as_the_bracket_allows_round_one_first_004_1_4_7(
    sizes, k, rest, shuffle_seed
):
    group_mates_meet_as_late_as_the_bracket_allows(sizes, k, rest, shuffle_seed)


@settings(max_examples=70, deadline=None)
@given(**MIXED)
def test_group_mates_meet_as_late_as_the_bracket_allows_round_one_first_004_1_4_7_70_examples(
    sizes, k, rest, shuffle_seed
):
    group_mates_meet_as_late_as_the_bracket_allows(sizes, k, rest, shuffle_seed)


def group_mates_meet_as_late_as_the_bracket_allows(sizes, k, rest, shuffle_seed) -> None:
    groups = [[f"g{g}p{r}" for r in range(s)] for g, s in enumerate(sizes)]
    non_q = [p for grp in groups for p in grp[k:]]
    random.Random(shuffle_seed).shuffle(non_q)
    rest = min(rest, len(non_q))
    res = playoff_seeding(groups, k, rest, non_q if rest else None)
    tiers = [t for t in ([g[r] for g in groups if len(g) > r] for r in range(k)) if t]
    if rest:
        tiers.append(non_q[:rest])
    # tiers kept: group winners first in group order, then runners-up, ..., then the best of the rest
    start = 0
    for i, tier in enumerate(tiers):
        placed = list(res.players[start : start + len(tier)])
        assert placed == tier if i == 0 else sorted(placed) == sorted(tier)
        start += len(tier)
    assert start == len(res.players)
    # the first-round clashes and the meetings are reported exactly
    clashes = {tuple(c) for c in res.same_group_first_round}
    for a, b in first_round_pairs(len(res.players)):
        pa, pb = res.players[a - 1], res.players[b - 1]
        assert ((pa, pb) in clashes) == (res.group_of[pa] == res.group_of[pb])
    mine = meeting_vector(res.players, res.group_of)
    assert [sum(1 for m in res.same_group_meetings if m[0] == r + 1) for r in range(len(mine))] == mine
    space = math.prod(math.factorial(len(t)) for t in tiers[1:])
    assert res.optimal or space * len(res.players) ** 2 > mixed.EXHAUSTIVE_LIMIT
    if space <= 5000 and len(res.players) >= 2:
        assert mine == brute_force_best(tiers, res.group_of)


def test_best_of_the_rest_does_not_force_a_first_round_clash_004_1_4_7():
    # the issue's case: a1, b1, a2, b2, b3 would pair b2 with b3 in round 1
    groups = [[f"a{i}" for i in range(1, 5)], [f"b{i}" for i in range(1, 5)]]
    res = playoff_seeding(groups, 2, 1, ["b3", "a3"])
    assert res.players == ("a1", "b1", "b2", "a2", "b3")
    assert res.same_group_first_round == ()


def test_four_groups_of_two_qualifiers_meet_their_mates_only_in_the_final_004_1_4_7():
    groups = [[f"{g}{i}" for i in range(1, 5)] for g in "ABCD"]
    res = playoff_seeding(groups, 2)
    assert res.players[:4] == ("A1", "B1", "C1", "D1")
    assert {m[0] for m in res.same_group_meetings} == {3}  # the final of 8
    assert len(res.same_group_meetings) == 4 and res.optimal


def test_large_playoffs_are_proven_optimal_by_the_floor_004_1_4_7():
    # 8 groups x 4 qualifiers: each group's four players in four different quarters
    groups = [[f"g{g}p{r}" for r in range(5)] for g in range(8)]
    res = playoff_seeding(groups, 4)
    assert res.optimal
    assert meeting_vector(res.players, res.group_of) == [0, 0, 0, 16, 32]


def test_playoff_seeding_request_shape():
    answer = handle(
        {
            "system": "playoff_seeding",
            "groups": [["a", "b", "c", "d"], ["e", "f", "g", "h"]],
            "qualifiers_per_group": 2,
        }
    )
    assert answer == {
        "players": ["a", "e", "b", "f"],
        "group_of": {"a": 0, "e": 1, "b": 0, "f": 1},
        "same_group_first_round": [],
        "same_group_meetings": [{"players": ["a", "b"], "round": 2}, {"players": ["e", "f"], "round": 2}],
        "optimal": True,
    }
