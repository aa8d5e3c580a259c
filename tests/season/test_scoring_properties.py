"""Properties of the series' standings (issue 32 §2) over generated series (hypothesis)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from season.scoring import Rule, Stage, StageResult, standings

PEOPLE = [f"p{i}" for i in range(12)]


@st.composite
def series(draw):
    n = draw(st.integers(1, 5))
    stages = []
    for k in range(n):
        who = draw(st.lists(st.sampled_from(PEOPLE), min_size=1, max_size=12, unique=True))
        results = tuple(StageResult(p, i + 1, wins=draw(st.integers(0, 9))) for i, p in enumerate(who))
        stages.append(Stage(str(k), results))
    rule = Rule(
        scoring=draw(st.sampled_from(["wins", "place_table"])),
        place_points=tuple(Fraction(x) for x in (50, 44, 38, 34, 30, 26, 22, 18, 14, 10)),
        drop_worst=draw(st.integers(0, 3)),
        missed_is_worst=draw(st.booleans()),
        min_stages=draw(st.integers(0, 3)),
        tiebreaks=tuple(draw(st.permutations(["best_places", "last_stage", "wins"]))),
    )
    return rule, stages


@settings(max_examples=200, deadline=None)
@given(series())
def test_issue_32_2_standings_are_ordered_placed_and_count_what_they_say(case):
    rule, stages = case
    rows = standings(rule, stages)
    everyone = {r.person for s in stages for r in s.results}
    assert {r.person for r in rows} == everyone and len(rows) == len(everyone)
    placed = [r for r in rows if r.place is not None]
    # Placed rows first, sums never rising, places 1.. without gaps but for shared ranges.
    assert rows[: len(placed)] == placed
    assert all(a.total >= b.total for a, b in zip(placed, placed[1:]))
    expected = 1
    for r in placed:
        assert r.place <= expected and r.place_to >= r.place
        if r.place == expected:
            expected = r.place_to + 1
    for r in rows:
        # The total is the sum of the counted cells; at most drop_worst regular stages do not count.
        assert r.total == sum((c.score for c in r.cells if c.counted), Fraction(0))
        uncounted = [c for c in r.cells if not c.counted]
        missed = [c for c in r.cells if c.missed]
        assert len([c for c in uncounted if not c.missed]) <= rule.drop_worst
        assert len(uncounted) <= len(missed) + rule.drop_worst
        # Dropping never makes a result count less than one it replaced: each dropped ≤ each counted.
        dropped = [c.score for c in uncounted if not c.missed]
        counted = [c.score for c in r.cells if c.counted]
        if dropped and counted:
            assert max(dropped) <= min(counted)


@settings(max_examples=100, deadline=None)
@given(series())
def test_issue_32_2_the_stages_order_of_people_does_not_change_the_standings(case):
    rule, stages = case
    shuffled = [Stage(s.key, tuple(reversed(s.results))) for s in stages]
    assert standings(rule, stages) == standings(rule, shuffled)
