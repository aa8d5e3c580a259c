"""The foundation's standings: a pure function of results, exact arithmetic, shared places."""

from fractions import Fraction

import pytest

from standings.metrics import Result, table


def test_points_then_buchholz_with_a_bye_worth_the_regulation_value():
    results = [
        Result("a", "b", "a", "played", 7, 3),
        Result("c", None, "c", "bye"),
        Result("a", "c", "c", "technical", 0, 7),
        Result("b", None, "b", "bye"),
    ]
    rows = table(["a", "b", "c"], results, bye_points=Fraction(1, 2), tiebreaks=("buchholz",))
    by = {r.player: r for r in rows}
    assert by["c"].points == Fraction(3, 2)
    assert by["a"].points == 1 and by["b"].points == Fraction(1, 2)
    assert by["a"].metrics["buchholz"] == by["b"].points + by["c"].points  # 2
    assert by["c"].metrics["buchholz"] == 1  # a only; the bye has no opponent
    assert [r.player for r in rows] == ["c", "a", "b"]
    assert [r.place for r in rows] == [1, 2, 3]


def test_annulled_results_count_for_nobody_004_5_7_3():
    rows = table(["a", "b"], [Result("a", "b", None, "annulled", 7, 0)], tiebreaks=())
    assert all(r.points == 0 and r.played == 0 for r in rows)
    assert [r.place_label for r in rows] == ["1–2", "1–2"]


def test_equal_rows_share_a_place_range():
    results = [Result("a", "b", "a", "played", 7, 1), Result("c", "d", "c", "played", 7, 1)]
    rows = table(["a", "b", "c", "d"], results, tiebreaks=("buchholz",))
    assert [(r.player, r.place, r.place_to) for r in rows] == [
        ("a", 1, 2),
        ("c", 1, 2),
        ("b", 3, 4),
        ("d", 3, 4),
    ]


def test_unknown_tiebreak_is_refused():
    with pytest.raises(ValueError, match="unknown tie-break"):
        table(["a"], [], tiebreaks=("luck",))


def test_a_points_adjustment_counts_in_the_total_the_place_and_the_opponents_buchholz():
    """A ruling's points adjustment (a points deduction, issue 26 part 3): in his total and place, and in his
    opponents' Buchholz as his points are (README, Choices)."""
    results = [Result("a", "b", "a", "played", 7, 3), Result("c", "d", "c", "played", 7, 1)]
    plain = {r.player: r for r in table(["a", "b", "c", "d"], results, tiebreaks=("buchholz",))}
    rows = table(["a", "b", "c", "d"], results, tiebreaks=("buchholz",), adjustments={"a": Fraction(-1)})
    by = {r.player: r for r in rows}
    assert plain["a"].points == 1 and by["a"].points == 0 and by["a"].adjustment == -1
    assert by["b"].metrics["buchholz"] == 0 and plain["b"].metrics["buchholz"] == 1
    assert rows[0].player == "c" and by["c"].adjustment == 0
