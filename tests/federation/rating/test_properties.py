"""Properties of the replay (issue 31 §3): zero-sum when K is equal, deterministic, order of input kept."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from federation.rating import FIBS, Formula, Game, Standing, replay

players = st.sampled_from([f"p{i}" for i in range(8)])


@st.composite
def histories(draw, size=60):
    games = []
    for i in range(draw(st.integers(1, size))):
        a = draw(players)
        b = draw(players.filter(lambda x, a=a: x != a))
        games.append(
            Game(str(i), a, b, draw(st.sampled_from([1, 2])), draw(st.sampled_from([1, 3, 5, 7, 11])))
        )
    return games


formulas = st.one_of(st.just(FIBS), st.floats(0.1, 5).map(lambda c: Formula(skill_c=c)))


@settings(max_examples=150, deadline=None)
@given(histories(), formulas)
def test_issue31_ratings_sum_is_conserved_when_k_is_equal(games, formula):
    # Everybody starts experienced (K = 1 for all): each match moves the same amount from loser to winner.
    start = {f"p{i}": Standing(1500.0 + 37 * i, 1000) for i in range(8)}
    r = replay(games, formula, start)
    before = math.fsum(s.rating for s in start.values())
    assert math.fsum(s.rating for s in r.standings.values()) == pytest.approx(before, abs=1e-6)
    for won, lost in zip(r.changes[::2], r.changes[1::2], strict=True):
        assert won.after - won.before == pytest.approx(lost.before - lost.after, abs=1e-9)


@settings(max_examples=100, deadline=None)
@given(histories(), formulas)
def test_issue31_a_replay_is_deterministic_and_a_split_history_gives_the_same_list(games, formula):
    whole = replay(games, formula)
    assert replay(games, formula).standings == whole.standings
    cut = len(games) // 2
    first = replay(games[:cut], formula)
    second = replay(games[cut:], formula, first.standings)
    assert {k: v for k, v in second.standings.items()} == whole.standings
    assert [c.after for c in first.changes + second.changes] == [c.after for c in whole.changes]


@settings(max_examples=100, deadline=None)
@given(histories(), formulas)
def test_issue31_winners_gain_and_losers_lose(games, formula):
    for c in replay(games, formula).changes:
        assert (c.after > c.before) == c.won
        assert 0 < c.expected < 1
