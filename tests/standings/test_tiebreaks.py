"""Tie-breaks computed by hand on small tables, with byes, a forfeit, a removed player and annulled results.

The Swiss below (5 players, 3 rounds, bye = 1 point, R = 3):

    round 1: a–b 7:3, c–d 7:5, e bye
    round 2: a–c 7:6, e–b 7:2, d bye
    round 3: a–e technical win for a (e removed: 7:0 on paper), b–d 7:4, c bye

Points: a 3, b 1, c 2, d 1, e 2. Unplayed rounds (byes, the technical result) count through FIDE's virtual
opponent: his points before the round + (1 − the player's result there) + ½ per later round.

    a: b 1, c 2, virtual (R3: 2 + 0 + 0) 2                 Bh 5   cut-1 4  median 2  SB 1+2+2 = 5
    b: a 3, e 2, d 1                                       Bh 6   cut-1 5  median 2  SB 1
    c: d 1, a 3, virtual (R3: 1 + 0 + 0) 1                 Bh 5   cut-1 4  median 1  SB 1+1 = 2
    d: c 2, virtual (R2: 0 + 0 + ½) ½, b 1                 Bh 3½  cut-1 3  median 1  SB ½
    e: virtual (R1: 0 + 0 + 1) 1, b 1, virtual (R3: 2 + 1) 3  Bh 5 cut-1 4  median 1  SB 1+1 = 2

Buchholz cut 2 (the two lowest dropped): a 2, b 3, c 3, d 2, e 3.

Progressive (a point in round r counts R − r + 1 times): a 3+2+1 = 6, b 1, c 3+1 = 4, d 2, e 3+2 = 5.
Game points count played matches only: a 14 won, 9 lost; b 12/18; c 13/12; d 9/14; e 7/2.
"""

from fractions import Fraction

import pytest

from standings.metrics import METRICS, Result, table, team_table

F = Fraction
SWISS = [
    Result("a", "b", "a", "played", 7, 3, round=1),
    Result("c", "d", "c", "played", 7, 5, round=1),
    Result("e", None, "e", "bye", round=1),
    Result("a", "c", "a", "played", 7, 6, round=2),
    Result("e", "b", "e", "played", 7, 2, round=2),
    Result("d", None, "d", "bye", round=2),
    Result("a", "e", "a", "technical", 7, 0, round=3),
    Result("b", "d", "b", "played", 7, 4, round=3),
    Result("c", None, "c", "bye", round=3),
]
ALL = tuple(METRICS)


def rows(results=SWISS, tiebreaks=ALL, virtual=True, bye=1, players="abcde"):
    return {r.player: r for r in table(list(players), results, F(bye), tiebreaks, virtual_opponents=virtual)}


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        ("buchholz", {"a": 5, "b": 6, "c": 5, "d": F(7, 2), "e": 5}),
        ("buchholz_cut1", {"a": 4, "b": 5, "c": 4, "d": 3, "e": 4}),
        ("buchholz_cut2", {"a": 2, "b": 3, "c": 3, "d": 2, "e": 3}),
        ("median_buchholz", {"a": 2, "b": 2, "c": 1, "d": 1, "e": 1}),
        ("sonneborn_berger", {"a": 5, "b": 1, "c": 2, "d": F(1, 2), "e": 2}),
        ("wins", {"a": 3, "b": 1, "c": 1, "d": 0, "e": 1}),
        ("game_difference", {"a": 5, "b": -6, "c": 1, "d": -5, "e": 5}),
        ("game_points", {"a": 14, "b": 12, "c": 13, "d": 9, "e": 7}),
        ("progressive", {"a": 6, "b": 1, "c": 4, "d": 2, "e": 5}),
    ],
)
def test_each_tiebreak_matches_the_hand_computed_table(key, expected):
    by = rows()
    assert {p: by[p].metrics[key] for p in "abcde"} == expected
    assert all(isinstance(by[p].metrics[key], Fraction) for p in "abcde")


def test_points_count_byes_and_technical_wins():
    by = rows()
    assert {p: by[p].points for p in "abcde"} == {"a": 3, "b": 1, "c": 2, "d": 1, "e": 2}
    assert by["e"].byes == 1 and by["e"].losses == 1


def test_the_order_follows_the_tiebreak_order():
    order = table(list("abcde"), SWISS, F(1), ("buchholz", "sonneborn_berger"), virtual_opponents=True)
    assert [(r.player, r.place_label) for r in order] == [
        ("a", "1"),
        ("c", "2–3"),
        ("e", "2–3"),
        ("b", "4"),
        ("d", "5"),
    ]
    order = table(list("abcde"), SWISS, F(1), ("buchholz", "progressive"), virtual_opponents=True)
    assert [r.player for r in order] == ["a", "e", "c", "b", "d"]  # progressive: e 5 > c 4


def test_a_half_point_bye_moves_the_virtual_opponent():
    # With a bye worth ½, d's virtual opponent in round 2 gets 1 − ½ = ½ there, then ½ in round 3: 1.
    by = rows(bye=F(1, 2))
    assert by["d"].points == F(1, 2)
    assert by["d"].metrics["buchholz"] == by["c"].points + 1 + by["b"].points  # 3/2 + 1 + 1
    assert by["d"].metrics["sonneborn_berger"] == F(1, 2) * 1  # ½ × the virtual opponent's 1


def test_without_virtual_opponents_byes_count_nothing_and_a_forfeit_counts_its_real_opponent():
    by = rows(virtual=False)
    assert by["a"].metrics["buchholz"] == 1 + 2 + 2  # b, c and e (the forfeit) with their real points
    assert by["c"].metrics["buchholz"] == 1 + 3  # d and a; the bye adds nothing
    assert by["e"].metrics["buchholz"] == 1 + 3  # b and a (the forfeit)


def test_annulled_results_are_unplayed_rounds_for_both_004_5_7_3():
    # Round robin of four; x was removed after one match, which is annulled (less than half played).
    results = [
        Result("x", "a", None, "annulled", round=1),
        Result("b", "c", "b", "played", 7, 1, round=1),
        Result("a", "b", "a", "played", 7, 5, round=2),
        Result("c", None, None, "bye", round=2),  # c rests: not a round of his at all
    ]
    by = rows(results, ("buchholz", "sonneborn_berger"), players="abcx")
    assert by["a"].points == 1 and by["x"].points == 0 and by["a"].played == 1
    # a's round 1 is unplayed: virtual opponent 0 + (1 − 0) + ½·(2 − 1) = 3/2; round 2 b has 1.
    assert by["a"].metrics["buchholz"] == F(3, 2) + 1
    assert by["a"].metrics["sonneborn_berger"] == 1  # only the win over b scores
    # c rests in round 2: only his loss to b counts.
    assert by["c"].metrics["buchholz"] == by["b"].points == 1


def test_direct_encounter_decides_only_a_group_whose_members_all_met():
    # a beat b, c beat a, b and c beat d: a and b are tied on 1 point and met, so a goes first.
    results = [
        Result("a", "b", "a", "played", 7, 2, round=1),
        Result("c", "d", "c", "played", 7, 2, round=1),
        Result("c", "a", "c", "played", 7, 2, round=2),
        Result("b", "d", "b", "played", 7, 2, round=2),
    ]
    order = table(list("abcd"), results, F(1), ("direct",))
    assert [r.player for r in order] == ["c", "a", "b", "d"]
    by = {r.player: r for r in order}
    assert by["a"].metrics["direct"] == 1 and by["b"].metrics["direct"] == 0
    assert by["c"].metrics["direct"] == 0  # alone on 2 points: nothing to separate


def test_direct_encounter_leaves_a_cycle_and_a_group_that_did_not_all_meet_for_the_next_key():
    cycle = [
        Result("a", "b", "a", "played", 7, 0, round=1),
        Result("b", "c", "b", "played", 7, 0, round=2),
        Result("c", "a", "c", "played", 7, 0, round=3),
    ]
    order = table(list("abc"), cycle, F(1), ("direct",))
    assert {r.place_label for r in order} == {"1–3"}
    not_all_met = [
        Result("a", "b", "a", "played", 7, 0, round=1),
        Result("c", "d", "c", "played", 7, 0, round=1),
        Result("b", "c", "b", "played", 7, 0, round=2),
        Result("d", "a", "d", "played", 7, 0, round=2),
    ]
    order = table(list("abcd"), not_all_met, F(1), ("direct", "game_points"))
    assert all(r.metrics["direct"] == 0 for r in order)
    assert {r.place_label for r in order} == {"1–4"}  # every player 1 point, 7 game points


def test_teams_sum_their_members():
    by = rows()
    teams = team_table(by.values(), {"a": "Север", "b": "Север", "c": "Юг", "d": "Юг", "e": "Юг"})
    assert [(t.team, t.points, t.wins, t.place) for t in teams] == [("Юг", 5, 2, 1), ("Север", 4, 4, 2)]
    assert teams[0].game_difference == 1 - 5 + 5


def test_teams_equal_on_every_key_share_a_place():
    results = [Result("a", "b", "a", "played", 7, 3, round=1), Result("c", "d", "c", "played", 7, 3, round=1)]
    order = table(list("abcd"), results, F(1), ())
    teams = team_table(order, {"a": "X", "d": "X", "b": "Y", "c": "Y"})
    assert [t.place_label for t in teams] == ["1–2", "1–2"]
