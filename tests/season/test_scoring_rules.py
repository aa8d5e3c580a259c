"""The series' scoring rules (issue 32 §2), pure: the three rules the issue quotes, reproduced exactly, and a
tie broken by the series tie-breaks."""

from __future__ import annotations

from fractions import Fraction

import pytest

from season.scoring import Rule, RuleError, Stage, StageResult, stage_score, standings


def _stage(key: str, wins: dict[str, int], final: bool = False) -> Stage:
    """A stage whose places follow the wins (more wins, better place; equal wins share)."""
    ordered = sorted(wins.items(), key=lambda kv: -kv[1])
    results = []
    for person, w in ordered:
        better = sum(1 for v in wins.values() if v > w)
        same = sum(1 for v in wins.values() if v == w)
        results.append(StageResult(person, better + 1, better + same, wins=w, points=Fraction(w)))
    return Stage(key, tuple(results), final)


def _by_person(rows):
    return {r.person: r for r in rows}


def test_issue_32_2_the_cup_is_the_sum_of_wins_over_five_stages():
    # "by the sum of 5 stages (the sum of wins)": nothing dropped, every stage counts.
    stages = [
        _stage("1", {"Алиев": 5, "Бобров": 4, "Волков": 2}),
        _stage("2", {"Алиев": 3, "Бобров": 6, "Волков": 4}),
        _stage("3", {"Алиев": 4, "Бобров": 2}),
        _stage("4", {"Алиев": 6, "Бобров": 5, "Волков": 6}),
        _stage("5", {"Алиев": 2, "Бобров": 4, "Волков": 5}),
    ]
    rows = standings(Rule(scoring="wins"), stages)
    by = _by_person(rows)
    assert by["Алиев"].total == 20 and by["Бобров"].total == 21 and by["Волков"].total == 17
    assert [r.person for r in rows] == ["Бобров", "Алиев", "Волков"]
    assert [r.place for r in rows] == [1, 2, 3]
    assert all(c.counted for c in by["Алиев"].cells)
    assert by["Волков"].cells[2].missed and not by["Волков"].cells[2].counted


def test_issue_32_2_the_sum_less_the_worst_result_a_missed_stage_counting_as_the_worst():
    stages = [
        _stage("1", {"A": 5, "B": 4}),
        _stage("2", {"A": 3, "B": 6}),
        _stage("3", {"A": 4}),  # B missed it
        _stage("4", {"A": 6, "B": 5}),
        _stage("5", {"A": 2, "B": 4}),
    ]
    rows = _by_person(standings(Rule(scoring="wins", drop_worst=1, missed_is_worst=True), stages))
    # A played all five: his worst (2, stage 5) is dropped → 5+3+4+6 = 18.
    assert rows["A"].total == 18
    assert [c.counted for c in rows["A"].cells] == [True, True, True, True, False]
    # B missed stage 3: the missed stage is his worst and is what is dropped → 4+6+5+4 = 19.
    assert rows["B"].total == 19
    assert [c.counted for c in rows["B"].cells] == [True, True, False, True, True]
    assert rows["B"].place == 1 and rows["A"].place == 2


def test_issue_32_2_without_missed_as_worst_only_played_stages_are_dropped():
    stages = [_stage("1", {"A": 5, "B": 4}), _stage("2", {"A": 3}), _stage("3", {"A": 4, "B": 6})]
    rows = _by_person(standings(Rule(scoring="wins", drop_worst=1, missed_is_worst=False), stages))
    # B's missed stage 2 stays a 0 that counts; his worst played (4) is dropped → 6.
    assert rows["B"].total == 6
    assert rows["A"].total == 9


def test_issue_32_2_the_place_table_50_44_38():
    table = tuple(Fraction(x) for x in (50, 44, 38, 34, 30, 26, 22, 18))
    rule = Rule(scoring="place_table", place_points=table)
    stages = [
        Stage("1", (StageResult("A", 1), StageResult("B", 2), StageResult("C", 3), StageResult("D", 4))),
        Stage("2", (StageResult("B", 1), StageResult("C", 2), StageResult("A", 3))),
    ]
    rows = _by_person(standings(rule, stages))
    assert rows["A"].total == 50 + 38
    assert rows["B"].total == 44 + 50
    assert rows["C"].total == 38 + 44
    assert rows["D"].total == 34
    assert [r.person for r in standings(rule, stages)] == ["B", "A", "C", "D"]


def test_issue_32_2_a_shared_place_gets_the_mean_of_the_places_it_covers():
    rule = Rule(scoring="place_table", place_points=(Fraction(50), Fraction(44), Fraction(38), Fraction(34)))
    assert stage_score(rule, StageResult("A", 3, 4)) == 36
    assert stage_score(rule, StageResult("A", 2, 3)) == 41
    # Beyond the table: 0; a place shared across its end: the mean with the zeros.
    assert stage_score(rule, StageResult("A", 5)) == 0
    assert stage_score(rule, StageResult("A", 4, 5)) == 17
    assert stage_score(rule, StageResult("A", None)) == 0


def test_issue_32_2_a_tie_on_the_sum_is_broken_by_best_places_then_the_last_stage():
    # A and B both win 8 matches over two stages; A was 1st and 3rd, B 2nd and 2nd: A has the better places.
    rule = Rule(scoring="wins", tiebreaks=("best_places", "last_stage"))
    stages = [
        Stage("1", (StageResult("A", 1, wins=4), StageResult("B", 2, wins=4), StageResult("C", 3, wins=3))),
        Stage("2", (StageResult("B", 2, wins=4), StageResult("A", 3, wins=4), StageResult("C", 1, wins=4))),
    ]
    rows = standings(rule, stages)
    by = _by_person(rows)
    assert by["A"].total == by["B"].total == 8
    # best places: A (1, 3) before B (2, 2): more first places (the last stage would have put B first).
    assert [r.person for r in rows] == ["A", "B", "C"]
    assert by["A"].decided == "best_places" and by["B"].decided == "best_places"
    assert by["C"].total == 7 and by["C"].place == 3 and by["C"].decided == "total"


def test_issue_32_2_the_last_stage_breaks_a_tie_the_best_places_leave():
    rule = Rule(scoring="wins", tiebreaks=("best_places", "last_stage"))
    stages = [
        Stage("1", (StageResult("A", 1, wins=5), StageResult("B", 2, wins=3))),
        Stage("2", (StageResult("B", 1, wins=5), StageResult("A", 2, wins=3))),
    ]
    rows = standings(rule, stages)
    assert [r.person for r in rows] == ["B", "A"]
    assert rows[0].decided == "last_stage"


def test_issue_32_2_equal_on_every_tie_break_share_the_place():
    rule = Rule(scoring="wins", tiebreaks=("stages_played",))
    stages = [
        Stage("1", (StageResult("A", 1, wins=4), StageResult("B", 1, 2, wins=4), StageResult("C", 3, wins=1)))
    ]
    rows = standings(rule, stages)
    assert [(r.person, r.place_label) for r in rows] == [("A", "1–2"), ("B", "1–2"), ("C", "3")]
    assert rows[0].decided == ""


def test_issue_32_2_minimum_stages_of_those_held():
    rule = Rule(scoring="wins", min_stages=2)
    stages = [_stage("1", {"A": 3, "B": 5}), _stage("2", {"A": 3})]
    rows = standings(rule, stages)
    assert [(r.person, r.place) for r in rows] == [("A", 1), ("B", None)]
    assert not rows[1].classified
    # One stage held: one is enough so far.
    assert all(r.classified for r in standings(rule, stages[:1]))


def test_issue_32_2_a_final_counted_outside_the_cap_is_never_dropped():
    rule = Rule(scoring="wins", drop_worst=1, final="outside_cap")
    stages = [
        _stage("1", {"A": 5, "B": 4}),
        _stage("2", {"A": 3, "B": 6}),
        _stage("F", {"A": 1, "B": 2}, final=True),
    ]
    rows = _by_person(standings(rule, stages))
    assert rows["A"].total == 5 + 1  # 3 dropped; the final's 1 counts although it is his worst
    assert rows["B"].total == 6 + 2
    assert rows["A"].cells[-1].counted and rows["A"].cells[-1].final


def test_issue_32_2_a_final_deciding_alone_ranks_its_players_first():
    rule = Rule(scoring="wins", final="alone")
    stages = [
        _stage("1", {"A": 9, "B": 1, "C": 5}),
        Stage("F", (StageResult("B", 1, wins=3), StageResult("C", 2, wins=2)), final=True),
    ]
    rows = standings(rule, stages)
    assert [(r.person, r.place) for r in rows] == [("B", 1), ("C", 2), ("A", 3)]
    assert rows[0].decided == "final" and rows[0].total == 1  # the final's wins are not in the sum


def test_issue_32_2_the_rule_refuses_nonsense():
    for bad in (
        {"scoring": "goals"},
        {"final": "twice"},
        {"tiebreaks": ("coin",)},
        {"tiebreaks": ("wins", "wins")},
        {"drop_worst": -1},
        {"scoring": "place_table"},
        {"scoring": "place_table", "place_points": (Fraction(-1),)},
    ):
        with pytest.raises(RuleError):
            Rule(**bad)
    with pytest.raises(RuleError):
        standings(Rule(final="alone"), [_stage("1", {"A": 1}, final=True), _stage("2", {"A": 1}, final=True)])


def test_issue_32_2_the_stage_own_points_and_match_points():
    r = StageResult("A", 1, wins=3, points=Fraction(7, 2), own=Fraction(12))
    assert stage_score(Rule(scoring="match_points"), r) == Fraction(7, 2)
    assert stage_score(Rule(scoring="stage_points"), r) == 12
    assert stage_score(Rule(scoring="stage_points"), StageResult("A", 1)) == 0
