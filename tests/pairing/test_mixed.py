"""Playoff seeding after groups (004 §1.4.7, §6.1.2 item 5)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from draw.pairing import first_round_pairs, handle, playoff_seeding


def test_group_winners_meet_runners_up_of_other_groups():
    groups = [[f"g{g}p{r}" for r in range(4)] for g in range(4)]
    res = playoff_seeding(groups, 2)
    pairs = [(res.players[a - 1], res.players[b - 1]) for a, b in first_round_pairs(8)]
    for a, b in pairs:
        assert a.endswith("p0") and b.endswith("p1")
        assert a[:2] != b[:2]
    assert res.same_group_first_round == ()


@settings(max_examples=300, deadline=None)
@given(
    sizes=st.lists(st.integers(1, 6), min_size=1, max_size=8),
    k=st.integers(1, 3),
    rest=st.integers(0, 3),
)
def test_same_group_players_are_kept_apart_in_round_one_whenever_possible(sizes, k, rest):
    groups = [[f"g{g}p{r}" for r in range(s)] for g, s in enumerate(sizes)]
    non_q = [p for grp in groups for p in grp[k:]]
    rest = min(rest, len(non_q))
    res = playoff_seeding(groups, k, rest, non_q if rest else None)
    expected = [p for grp in groups for p in grp[:k]] + non_q[:rest]
    assert sorted(res.players) == sorted(expected)
    # tiers kept: every group winner is seeded before every runner-up, ...
    rank = {p: int(p.split("p")[-1]) for p in res.players}
    qualified_ranks = [rank[p] for p in res.players[: len(res.players) - rest]]
    assert qualified_ranks == sorted(qualified_ranks)
    clashes = {tuple(c) for c in res.same_group_first_round}
    for a, b in first_round_pairs(len(res.players)):
        pa, pb = res.players[a - 1], res.players[b - 1]
        assert ((pa, pb) in clashes) == (res.group_of[pa] == res.group_of[pb])
    if len(groups) >= 2 and all(s >= k for s in sizes) and rest == 0 and k <= 2:
        # with at least two full groups and two tiers a clash-free first round always exists
        assert clashes == set()


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
    }
