"""Qualification into the final (issue 32 §2): the top N of the series or of each stage, regional quotas,
seeds by the series standings or by the rating list. Pure."""

from __future__ import annotations

import pytest

from season.scoring import RuleError, qualify, seed, stage_qualifiers

ORDER = ["a", "b", "c", "d", "e", "f"]
REGION = {"a": "Москва", "b": "Москва", "c": "Москва", "d": "Казань", "e": "Уфа", "f": "Казань"}


def test_issue_32_2_the_top_n_of_the_series_qualify():
    assert [q.person for q in qualify(ORDER, 3, {}, REGION)] == ["a", "b", "c"]
    assert all(q.how == "top" for q in qualify(ORDER, 3, {}, REGION))


def test_issue_32_2_a_regional_quota_reserves_seats_for_the_regions_best():
    got = qualify(ORDER, 3, {"Уфа": 1}, REGION)
    assert [(q.person, q.how) for q in got] == [("a", "top"), ("b", "top"), ("e", "quota")]
    got = qualify(ORDER, 4, {"Казань": 2, "Уфа": 1}, REGION)
    assert [q.person for q in got] == ["a", "d", "e", "f"]


def test_issue_32_2_a_region_short_of_players_leaves_its_seats_to_the_rest():
    got = qualify(ORDER, 3, {"Тверь": 2}, REGION)
    assert [q.person for q in got] == ["a", "b", "c"]


def test_issue_32_2_quotas_beyond_the_seats_are_refused():
    with pytest.raises(RuleError):
        qualify(ORDER, 2, {"Уфа": 1, "Казань": 2}, REGION)


def test_issue_32_2_the_top_of_each_stage_an_earlier_qualifier_giving_his_seat_to_the_next():
    got = stage_qualifiers([("1", ["a", "b", "c"]), ("2", ["b", "a", "d", "e"])], 2)
    assert [(q.person, q.source) for q in got] == [("a", "1"), ("b", "1"), ("d", "2"), ("e", "2")]


def test_issue_32_2_seeds_by_the_series_standings_or_by_the_rating_list():
    qs = qualify(ORDER, 4, {}, REGION)
    assert [(q.person, q.seed) for q in seed(qs, "series", ORDER, {})] == [
        ("a", 1),
        ("b", 2),
        ("c", 3),
        ("d", 4),
    ]
    ratings = {"c": 1800.0, "a": 1500.0, "d": 1650.0}
    # The rated by rating, the unrated (b) after them.
    assert [q.person for q in seed(qs, "rating", ORDER, ratings)] == ["c", "d", "a", "b"]
    with pytest.raises(RuleError):
        seed(qs, "lot", ORDER, {})
