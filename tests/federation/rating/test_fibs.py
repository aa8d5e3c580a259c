"""The FIBS formula against the worked examples published with it.

Sources: the FIBS man page ``formula`` (rec.games.backgammon FAQ §14), Patti Beadles' table of rating changes
(rec.games.backgammon, 22 August 1994, "FIBS ratings formula": players of 400+ experience) and Kevin Bastian's
"The FIBS Rating System" (a 1-point match between experienced equals is worth exactly 2 points).
"""

from __future__ import annotations

import pytest

from federation.rating import FIBS, Formula, Game, Standing, change_for, k_factor, replay, win_chance

# Beadles' table: the rating change for a rating difference and a match length, favourite / underdog winning.
HIGHER_WINS = {
    (100, 1): 1.884998, (100, 3): 3.119854, (100, 5): 3.899648, (100, 7): 4.491772, (100, 11): 5.381994,
    (200, 5): 3.345620, (300, 9): 3.142692, (400, 1): 1.547453, (400, 11): 2.366478,
}  # fmt: skip
LOWER_WINS = {
    (100, 1): 2.115002, (100, 3): 3.808349, (200, 5): 5.598652, (200, 11): 9.049774, (300, 9): 8.857308,
    (400, 7): 8.167797, (400, 11): 10.900022,
}  # fmt: skip


@pytest.mark.parametrize(("diff", "length"), sorted(HIGHER_WINS))
def test_fibs_man_page_beadles_table_when_the_favourite_wins(diff, length):
    assert change_for(1500 + diff, 1500, length, experience=400) == pytest.approx(
        HIGHER_WINS[diff, length], abs=1e-6
    )


@pytest.mark.parametrize(("diff", "length"), sorted(LOWER_WINS))
def test_fibs_man_page_beadles_table_when_the_underdog_wins(diff, length):
    assert change_for(1500, 1500 + diff, length, experience=400) == pytest.approx(
        LOWER_WINS[diff, length], abs=1e-6
    )


def test_fibs_bastian_one_point_match_between_experienced_equals_is_worth_two_points():
    r = replay([Game("m", "a", "b", 1, 1)], start={"a": Standing(1500, 500), "b": Standing(1500, 500)})
    assert r.standings["a"].rating == 1502.0
    assert r.standings["b"].rating == 1498.0


def test_fibs_man_page_k_is_five_for_a_newcomer_and_one_from_400_experience():
    assert k_factor(0) == 5.0
    assert k_factor(200) == 3.0  # Beadles: "for 200 experience, 3"
    assert k_factor(400) == 1.0
    assert k_factor(10_000) == 1.0


def test_fibs_man_page_each_side_uses_his_own_experience():
    # A newcomer (K=5) beats an experienced equal (K=1) in a 1-point match: +10 for him, -2 for the other.
    r = replay([Game("m", "new", "old", 1, 1)], start={"old": Standing(1500, 1000)})
    assert r.standings["new"].rating == pytest.approx(1510.0)
    assert r.standings["old"].rating == pytest.approx(1498.0)
    assert r.standings["new"].experience == 1 and r.standings["old"].experience == 1001


def test_fibs_man_page_everybody_starts_at_1500_and_experience_is_the_sum_of_match_lengths():
    r = replay([Game("1", "a", "b", 1, 5), Game("2", "a", "c", 2, 7)])
    assert r.standings["a"].experience == 12 and r.standings["a"].matches == 2
    assert r.standings["b"].experience == 5
    first = r.changes[0]
    assert first.before == 1500.0 and first.expected == 0.5


def test_fibs_man_page_upset_chance_of_the_underdog():
    # P_upset = 1/(10^(D*sqrt(n)/2000)+1): D = 200, n = 9 -> 1/(10^0.3 + 1)
    assert win_chance(1500, 1700, 9) == pytest.approx(1 / (10**0.3 + 1))
    assert win_chance(1700, 1500, 9) + win_chance(1500, 1700, 9) == pytest.approx(1.0)


def test_macfibs_glossary_reading_counts_the_match_being_played():
    # The MacFIBS glossary's K = max(1, 5 - (Ep + N)/100): a newcomer in a 100-point match has K = 4.
    glossary = Formula(count_current=True)
    r = replay([Game("m", "a", "b", 1, 100)], glossary)
    assert r.standings["a"].rating == pytest.approx(1500 + 4 * 4 * 10 * 0.5)
    assert replay([Game("m", "a", "b", 1, 100)], FIBS).standings["a"].rating == pytest.approx(
        1500 + 4 * 5 * 10 * 0.5
    )


def test_rinta_nikkola_skill_function_with_c_two_is_fibs():
    games = [Game(str(i), "abc"[i % 3], "abc"[(i + 1) % 3], 1 + i % 2, 1 + 2 * (i % 6)) for i in range(50)]
    fibs, skill = replay(games, FIBS), replay(games, Formula(skill_c=2.0))
    assert fibs.standings == skill.standings


def test_rinta_nikkola_skill_function_weighs_long_matches_by_s_of_n():
    f = Formula(skill_c=1.0)
    assert f.skill(1) == 1.0 and f.skill(7) == 4.0 and f.skill(11) == 6.0
    assert win_chance(1600, 1500, 7, f) == pytest.approx(win_chance(1600, 1500, 4, FIBS))


def test_a_formula_refuses_a_nonsense_c():
    with pytest.raises(ValueError):
        Formula(skill_c=0)
    with pytest.raises(ValueError):
        Formula(skill_c=float("nan"))
