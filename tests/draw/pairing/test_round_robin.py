"""Round robin by the Berger tables (004 §1.4.3) and snake groups (004 §1.4.7)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from draw.pairing import berger_rounds, is_valid_round_robin, round_robin_schedule, snake_groups

# FIDE Handbook C.05 Annex 1, the printed table for 6 players
FIDE_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]
# ... and for 4 players
FIDE_4 = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]


def test_berger_tables_match_the_fide_printed_tables():
    assert berger_rounds(6) == FIDE_6
    assert berger_rounds(4) == FIDE_4


def test_five_players_round_one_is_b_e_c_d_with_a_resting():
    # the normative example
    rounds, order = round_robin_schedule(["a", "b", "c", "d", "e"], 2)
    assert rounds[0].pairs == (("b", "e"), ("c", "d")) and rounds[0].bye == "a"
    assert order == ["a", "b", "c", "d", "e"]
    assert len(rounds) == 10
    # cycle 2 repeats cycle 1 with each pair swapped
    assert rounds[5].pairs == (("e", "b"), ("d", "c")) and rounds[5].bye == "a"
    # FIDE C.05 Annex 1: the last two rounds of the first cycle are played in reverse order
    table, _ = round_robin_schedule(["a", "b", "c", "d", "e"], 1)
    assert rounds[3] == table[4] and rounds[4] == table[3]
    assert rounds[5:] == [type(r)(tuple((b, a) for a, b in r.pairs), r.bye) for r in table]


@settings(max_examples=200, deadline=None)
@given(n=st.integers(1, 41), cycles=st.integers(1, 3), random_draw=st.booleans(), seed=st.integers(0, 99))
def test_every_pair_meets_exactly_once_per_cycle_and_rounds_follow_the_berger_formula(
    n, cycles, random_draw, seed
):
    players = [f"p{i}" for i in range(1, n + 1)]
    draw = "random" if random_draw else "seeded"
    rounds, order = round_robin_schedule(players, cycles, draw=draw, seed=seed)
    assert sorted(order) == sorted(players)
    assert is_valid_round_robin(players, rounds, cycles) == []
    big = n + n % 2
    if big < 4:
        return
    number = {p: i + 1 for i, p in enumerate(order)}
    for position, rnd in enumerate(rounds[: big - 1], start=1):
        r = position
        if cycles > 1 and position >= big - 2:  # FIDE C.05 Annex 1: the last two rounds swapped
            r = 2 * big - 3 - position
        p = ((r - 1) * big // 2) % (big - 1) + 1
        nums = [(number[a], number[b]) for a, b in rnd.pairs]
        if rnd.bye is not None:
            nums.append((number[rnd.bye], big))
        for i, j in nums:
            if big in (i, j):
                assert {i, j} == {p, big}
            else:
                assert (i + j - 2 * p) % (big - 1) == 0


def test_random_draw_is_reproducible_with_the_seed():
    players = [f"p{i}" for i in range(10)]
    assert round_robin_schedule(players, draw="random", seed=5) == round_robin_schedule(
        players, draw="random", seed=5
    )


@settings(max_examples=200, deadline=None)
@given(n=st.integers(1, 60), g=st.integers(1, 12), random_draw=st.booleans(), seed=st.integers(0, 99))
def test_snake_groups_are_balanced_and_keep_the_pots(n, g, random_draw, seed):
    if g > n:
        return
    players = [f"p{i}" for i in range(n)]
    groups = snake_groups(players, g, draw="random" if random_draw else "seeded", seed=seed)
    assert sorted(p for grp in groups for p in grp) == sorted(players)
    sizes = [len(x) for x in groups]
    assert max(sizes) - min(sizes) <= 1
    for grp in groups:
        # one player per pot of g consecutive seeds
        assert len({players.index(p) // g for p in grp}) == len(grp)


def test_snake_seeding_of_16_into_4():
    groups = snake_groups([f"p{i}" for i in range(1, 17)], 4)
    assert groups[0] == ["p1", "p8", "p9", "p16"]
    assert groups[3] == ["p4", "p5", "p12", "p13"]


def roles(rounds, player: str) -> list[str | None]:
    """'first' / 'second' per round for one player (None when he has the bye)."""
    out: list[str | None] = []
    for rnd in rounds:
        role = None
        for a, b in rnd.pairs:
            if player == a:
                role = "first"
            elif player == b:
                role = "second"
        out.append(role)
    return out


def longest_run(seq: list[str | None]) -> int:
    best = run = 0
    for i, x in enumerate(seq):
        run = run + 1 if x is not None and i and x == seq[i - 1] else (1 if x is not None else 0)
        best = max(best, run)
    return best


def test_four_players_two_cycles_nobody_plays_three_in_a_row_in_one_role_fide_c05():
    # the case: without the swap player 1 is second in rounds 3, 4 and 5
    rounds, order = round_robin_schedule(["p1", "p2", "p3", "p4"], 2)
    assert roles(rounds, "p1") == ["first", "second", "first", "second", "second", "first"]
    assert all(longest_run(roles(rounds, p)) <= 2 for p in order)


@pytest.mark.parametrize("n", range(2, 31))
def test_two_cycles_never_give_three_consecutive_matches_in_one_role_fide_c05_annex_1(n):
    players = [f"p{i}" for i in range(1, n + 1)]
    rounds, _ = round_robin_schedule(players, 2)
    assert is_valid_round_robin(players, rounds, 2) == []
    worst = max(longest_run(roles(rounds, p)) for p in players)
    assert worst <= 2, f"n={n}: a player has {worst} consecutive matches in one role"


@pytest.mark.parametrize("cycles", [3, 4])
@pytest.mark.parametrize("n", [3, 5, 6, 7, 8, 12, 19, 30])
def test_more_cycles_keep_runs_of_one_role_to_two_fide_c05_annex_1(n, cycles):
    # every cycle but the last swaps its last two rounds (only n = 4 keeps one run of three)
    players = [f"p{i}" for i in range(1, n + 1)]
    rounds, _ = round_robin_schedule(players, cycles)
    assert is_valid_round_robin(players, rounds, cycles) == []
    assert max(longest_run(roles(rounds, p)) for p in players) <= 2


def test_one_cycle_keeps_the_printed_berger_order_fide_c05():
    rounds, _ = round_robin_schedule([f"p{i}" for i in range(1, 7)], 1)
    numbers = [[(int(a[1:]), int(b[1:])) for a, b in r.pairs] for r in rounds]
    assert numbers == [[pair for pair in rnd] for rnd in FIDE_6]
