"""Team standings by hand (004 §1.3.4): match points (2/1/0) or board points, then the other score, the
direct encounter and Sonneborn-Berger on match points; a drawn knockout match by the regulation's rule."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.team_metrics import TeamResult, decide, outcome, team_table

# A small round robin of four teams on four boards (1: team1 won the board, 2: team2 won it):
#   R1 A–B 1122 (2:2)   C–D 1112 (3:1)
#   R2 A–C 1111 (4:0)   B–D 2211 (2:2)
#   R3 A–D 2221 (1:3)   B–C 1121 (3:1)
RESULTS = [
    TeamResult(1, "A", "B", (1, 1, 2, 2)),
    TeamResult(1, "C", "D", (1, 1, 1, 2)),
    TeamResult(2, "A", "C", (1, 1, 1, 1)),
    TeamResult(2, "B", "D", (2, 2, 1, 1)),
    TeamResult(3, "A", "D", (2, 2, 2, 1)),
    TeamResult(3, "B", "C", (1, 1, 2, 1)),
]
TEAMS = ["A", "B", "C", "D"]


def test_the_hand_computed_table_by_match_points_004_1_3_4():
    rows = team_table(TEAMS, RESULTS, "match_points", ("board_points", "direct", "sonneborn_berger"))
    # By hand: A 1+2+0 = 3 MP, 2+4+1 = 7 BP; B 1+1+2 = 4, 2+2+3 = 7; C 2+0+0 = 2, 3+0+1 = 4; D 0+1+2 = 3,
    # 1+2+3 = 6. A and D level on 3 MP: board points 7 > 6 put A above D.
    got = [(r.team, r.match_points, r.board_points, r.place) for r in rows]
    assert got == [("B", 4, 7, 1), ("A", 3, 7, 2), ("D", 3, 6, 3), ("C", 2, 4, 4)]
    # Sonneborn-Berger on match points: Σ opponent's MP × (1 won, ½ drawn, 0 lost).
    # A: B 4×½ + C 2×1 + D 0 = 4; B: A 3×½ + D 3×½ + C 2×1 = 5; C: D 3×1 = 3; D: B 4×½ + A 3×1 = 5.
    sb = {r.team: r.metrics["sonneborn_berger"] for r in rows}
    assert sb == {"A": 4, "B": 5, "C": 3, "D": 5}
    assert [(r.won, r.drawn, r.lost) for r in rows] == [(1, 2, 0), (1, 1, 1), (1, 1, 1), (1, 0, 2)]


def test_the_direct_encounter_splits_teams_level_on_points_004_1_3_4():
    # A and D level on 3 MP; D beat A 3:1 in round 3.
    rows = team_table(TEAMS, RESULTS, "match_points", ("direct", "sonneborn_berger"))
    assert [r.team for r in rows] == ["B", "D", "A", "C"]
    assert rows[1].metrics["direct"] == 2 and rows[2].metrics["direct"] == 0


def test_by_board_points_the_other_score_then_sonneborn_berger_004_1_3_4():
    # A and B level on 7 BP: B has more match points (4 > 3).
    rows = team_table(TEAMS, RESULTS, "board_points", ("match_points", "direct", "sonneborn_berger"))
    assert [(r.team, r.board_points) for r in rows] == [("B", 7), ("A", 7), ("D", 6), ("C", 4)]
    # Without match points: their direct match was 2:2 (level), Sonneborn-Berger B 5 > A 4.
    rows = team_table(TEAMS, RESULTS, "board_points", ("direct", "sonneborn_berger"))
    assert [r.team for r in rows[:2]] == ["B", "A"]
    assert rows[0].metrics["direct"] == rows[1].metrics["direct"] == 2


def test_teams_level_on_everything_share_the_place():
    rows = team_table(["A", "B"], [TeamResult(1, "A", "B", (1, 2))], "match_points", ("board_points",))
    assert [(r.place, r.place_to) for r in rows] == [(1, 2), (1, 2)]


def test_a_bye_counts_as_a_team_match_won_on_every_board():
    rows = team_table(
        ["A", "B", "C"], [TeamResult(1, "C", None), TeamResult(1, "A", "B", (1, 1, 1, 2))], boards=4
    )
    c = next(r for r in rows if r.team == "C")
    assert (c.match_points, c.board_points, c.played) == (2, 4, 0)
    rows = team_table(["C"], [TeamResult(1, "C", None)], boards=4, bye_points=Fraction(1, 2))
    assert rows[0].board_points == 2


def test_incomplete_team_matches_do_not_count():
    rows = team_table(["A", "B"], [TeamResult(1, "A", "B", (1, 0, 0, 0), complete=False)])
    assert all(r.match_points == 0 and r.played == 0 for r in rows)


@pytest.mark.parametrize(
    ("boards", "rule", "decider", "side"),
    [
        ((2, 1, 1, 2), "count_back", None, 2),  # 2:2, board 1 won by team 2
        ((1, 2, 2, 1), "count_back", None, 1),
        ((2, 1, 1, 2), "decider", None, None),  # waits for the decisive match
        ((2, 1, 1, 2), "decider", 1, 1),
        ((1, 1, 1, 2), "decider", None, 1),  # not drawn: no rule needed
    ],
)
def test_a_drawn_knockout_match_goes_by_the_regulations_rule_004_1_4_4(boards, rule, decider, side):
    r = TeamResult(1, "A", "B", boards, decider=decider)
    assert decide(r, rule) == side


def test_an_even_number_of_boards_can_draw_an_odd_cannot():
    assert outcome(TeamResult(1, "A", "B", (1, 2))) == 0
    assert outcome(TeamResult(1, "A", "B", (1, 2, 2))) == 2


def test_unknown_settings_are_refused():
    with pytest.raises(ValueError):
        team_table(TEAMS, RESULTS, "wins")
    with pytest.raises(ValueError):
        team_table(TEAMS, RESULTS, "match_points", ("buchholz",))


def test_an_annulled_team_match_counts_for_nobody_and_a_removed_team_keeps_no_place_004_5_7_3():
    results = [
        TeamResult(1, "A", "B", (1, 2)),  # drawn 1:1
        TeamResult(1, "C", "D", (1, 1), annulled=True),  # D removed: annulled, nobody scores
        TeamResult(2, "A", "C", (2, 2)),
        TeamResult(2, "B", "D", (1, 1), annulled=True),
    ]
    rows = team_table(["A", "B", "C", "D"], results, boards=2, removed={"D"})
    got = [(r.team, r.place, r.place_to, r.match_points, r.board_points, r.played) for r in rows]
    # A and B: 1 match point, 1 board point, drew each other, Sonneborn-Berger ½ each: places 2–3.
    assert got == [
        ("C", 1, 1, 2, 2, 1),
        ("A", 2, 3, 1, 1, 2),
        ("B", 2, 3, 1, 1, 1),
        ("D", None, None, 0, 0, 0),
    ]
