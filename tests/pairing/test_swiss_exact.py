"""Swiss (004 §1.4.6) against an independent exact oracle, over generated tournaments."""

from __future__ import annotations

import random
from contextlib import contextmanager
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from draw.pairing import NoValidPairing, SwissPlayer, is_valid_swiss_pairing, pair_swiss, swiss_cost
from draw.pairing import swiss as swiss_module

from .generators import random_swiss_history
from .oracle import fewest_rematches, oracle


def check_round(players, seed) -> None:
    """One round: the engine's answer is valid and as good as the oracle's optimum."""
    expected = oracle(players)
    try:
        res = pair_swiss(players, seed=seed)
    except NoValidPairing:
        assert not expected.feasible, "engine gave up although a rematch-free pairing exists"
        res = pair_swiss(players, seed=seed, allow_rematches=True)
        assert not is_valid_swiss_pairing(players, res.pairs, res.bye, allow_rematches=True)
        assert res.rematches == fewest_rematches(players)
        return
    assert expected.feasible
    assert is_valid_swiss_pairing(players, res.pairs, res.bye) == []
    assert res.rematches == 0
    assert res.cost == swiss_cost(players, res.pairs) == expected.cost
    if res.bye is not None:
        bye_player = next(p for p in players if p.id == res.bye)
        assert Fraction(bye_player.points) == expected.bye_level, "bye not from the lowest possible group"
        assert res.bye in expected.byes_possible


def play_and_check(seed: int, n: int, rounds: int, draws: bool, churn: bool) -> None:
    note(f"seed={seed} n={n} rounds={rounds} draws={draws} churn={churn}")
    rng = random.Random(seed)
    history = random_swiss_history(seed, n, 0)
    for r in range(rounds):
        if churn and r and rng.random() < 0.3:
            active = [p for p in history.points if p not in history.withdrawn]
            if len(active) > 2:
                history.withdrawn.add(rng.choice(active))
        if churn and r and rng.random() < 0.3:
            history.add(f"late{r}")
        players = history.field()
        check_round(players, seed=f"{seed}/{r}")
        try:
            res = pair_swiss(players, seed=f"{seed}/{r}", allow_rematches=True)
        except NoValidPairing:
            return
        history.play(res.pairs, res.bye, rng, draws)


SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


# Each property twice: its full count of examples in `make test` (slow), a sixth in the inner loop
# (`make test-fast`; issue 26 part 5).
SMALL = dict(
    seed=st.integers(0, 2**32),
    n=st.integers(1, 16),
    rounds=st.integers(1, 12),
    draws=st.booleans(),
    churn=st.booleans(),
)


@pytest.mark.slow
@settings(max_examples=600, **SETTINGS)
@given(**SMALL)
def test_small_fields_match_the_exact_optimum_round_after_round(seed, n, rounds, draws, churn):
    play_and_check(seed, n, rounds, draws, churn)


@settings(max_examples=100, **SETTINGS)
@given(**SMALL)
def test_small_fields_match_the_exact_optimum_round_after_round_100_examples(seed, n, rounds, draws, churn):
    play_and_check(seed, n, rounds, draws, churn)


UP_TO_60 = dict(
    seed=st.integers(0, 2**32), n=st.integers(17, 60), rounds=st.integers(3, 9), draws=st.booleans()
)


@pytest.mark.slow
@settings(max_examples=60, **SETTINGS)
@given(**UP_TO_60)
def test_fields_up_to_60_match_the_exact_optimum(seed, n, rounds, draws):
    play_and_check(seed, n, rounds, draws, churn=False)


@settings(max_examples=10, **SETTINGS)
@given(**UP_TO_60)
def test_fields_up_to_60_match_the_exact_optimum_10_examples(seed, n, rounds, draws):
    play_and_check(seed, n, rounds, draws, churn=False)


@contextmanager
def reservoirs_everywhere(margin: int = 0):
    """Make small groups reservoirs (normally 8+ players with room to spare) to check the window path
    (relaxation, windows, filling the reservoirs, demoting those that fail) against the oracle."""
    saved = swiss_module.RESERVOIR_MIN, swiss_module.RESERVOIR_MARGIN
    swiss_module.RESERVOIR_MIN, swiss_module.RESERVOIR_MARGIN = 2, margin
    try:
        yield
    finally:
        swiss_module.RESERVOIR_MIN, swiss_module.RESERVOIR_MARGIN = saved


WINDOW = dict(
    seed=st.integers(0, 2**32),
    n=st.integers(6, 30),
    rounds=st.integers(4, 14),
    draws=st.booleans(),
    margin=st.sampled_from([-4, -2, 0, 2]),
)


@pytest.mark.slow
@settings(max_examples=200, **SETTINGS)
@given(**WINDOW)
def test_window_path_matches_the_exact_optimum_with_small_reservoirs(seed, n, rounds, draws, margin):
    # negative margins make even knotted groups reservoirs: they must be demoted, never trusted
    with reservoirs_everywhere(margin):
        play_and_check(seed, n, rounds, draws, churn=False)


@settings(max_examples=35, **SETTINGS)
@given(**WINDOW)
def test_window_path_matches_the_exact_optimum_with_small_reservoirs_35_examples(
    seed, n, rounds, draws, margin
):
    with reservoirs_everywhere(margin):
        play_and_check(seed, n, rounds, draws, churn=False)


def test_window_between_reservoirs_is_taken_and_optimal_when_a_middle_group_has_all_met():
    # 004 §1.4.6: three players on 2 points have met each other: one of them floats out
    trio = [SwissPlayer(x, Fraction(2), frozenset({"a", "b", "c"} - {x})) for x in "abc"]
    players = [SwissPlayer(f"h{i}", Fraction(3)) for i in range(5)] + trio
    players += [SwissPlayer(f"z{i}", Fraction(1)) for i in range(6)]
    with reservoirs_everywhere():
        res = pair_swiss(players, seed=2)
    assert res.path == "window"
    assert res.cost == oracle(players).cost


def test_window_path_is_taken_and_optimal_when_the_leaders_have_all_met():
    # 004 §1.4.6: the three leaders have met each other: one of them floats two groups down.
    leaders = [SwissPlayer(x, Fraction(3), frozenset({"a", "b", "c"} - {x})) for x in "abc"]
    rest = [SwissPlayer(f"m{i}", Fraction(2)) for i in range(3)]
    rest += [SwissPlayer(f"z{i}", Fraction(1)) for i in range(4)]
    players = leaders + rest
    with reservoirs_everywhere():
        res = pair_swiss(players, seed=3)
    assert res.path == "window"
    assert res.cost == oracle(players).cost


@pytest.mark.slow
@settings(max_examples=25, **SETTINGS)
@given(seed=st.integers(0, 2**32), n=st.integers(30, 60), rounds=st.integers(6, 14), draws=st.booleans())
def test_slow_long_events_up_to_60_match_the_exact_optimum(seed, n, rounds, draws):
    play_and_check(seed, n, rounds, draws, churn=True)


def test_round_one_is_uniform_over_all_pairings_004_1_4_6():
    # 6 players, no constraints: 15 perfect matchings; 3,000 seeds give each about 200 times
    players = [SwissPlayer(f"p{i}") for i in range(6)]
    counts: dict[frozenset, int] = {}
    for seed in range(3000):
        res = pair_swiss(players, seed=seed)
        key = frozenset(frozenset(p) for p in res.pairs)
        counts[key] = counts.get(key, 0) + 1
    assert len(counts) == 15
    assert all(150 <= c <= 250 for c in counts.values()), sorted(counts.values())


def test_the_floater_is_uniform_among_those_who_can_float_004_1_4_6():
    # 5 leaders on 1 point, 3 on 0: one leader floats down; each of the 5 equally often
    players = [SwissPlayer(f"a{i}", Fraction(1)) for i in range(5)] + [SwissPlayer(f"z{i}") for i in range(3)]
    floats: dict[str, int] = {}
    for seed in range(2500):
        res = pair_swiss(players, seed=seed)
        down = next(x for x, f in res.floats.items() if f == "down")
        floats[down] = floats.get(down, 0) + 1
    assert len(floats) == 5 and all(400 <= c <= 600 for c in floats.values()), floats
