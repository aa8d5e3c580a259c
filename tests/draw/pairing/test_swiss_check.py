"""The checker of an edited Swiss draft (004 §1.4.6): the secretary swaps players between tables, the
pairing package says whether the result keeps the rules, why not, and how it compares with the
optimum."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from draw.pairing import NoValidPairing, SwissPlayer, check_swiss_pairing, handle, pair_swiss

from .generators import random_swiss_history

P = SwissPlayer


def codes(result) -> list[str]:
    return [p["code"] for p in result.problems]


def field() -> list[SwissPlayer]:
    return [
        P("a", Fraction(2), frozenset({"b"})),
        P("b", Fraction(2), frozenset({"a"})),
        P("c", Fraction(1)),
        P("d", Fraction(1)),
        P("e", Fraction(0), byes=1),
        P("f", Fraction(0)),
    ]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), n=st.integers(2, 24), rounds=st.integers(0, 8))
def test_the_engines_own_draft_is_valid_and_optimal_004_1_4_6(seed, n, rounds):
    players = random_swiss_history(seed, n, rounds).field()
    try:
        res = pair_swiss(players, seed=seed)
    except NoValidPairing:
        return
    check = check_swiss_pairing(players, res.pairs, res.bye)
    assert check.valid and check.problems == () and check.warnings == ()
    assert check.cost == check.optimum == res.cost
    # a swap of two players of one score group between tables keeps it optimal unless it repeats a match
    rng = random.Random(seed)
    pairs = [list(p) for p in res.pairs]
    if len(pairs) >= 2:
        i, j = rng.sample(range(len(pairs)), 2)
        pairs[i][1], pairs[j][1] = pairs[j][1], pairs[i][1]
        swapped = check_swiss_pairing(players, [tuple(p) for p in pairs], res.bye)
        met = {p.id: p.opponents for p in players}
        repeats = [p for p in pairs if p[1] in met[p[0]] or p[0] in met[p[1]]]
        assert swapped.valid == (not repeats)
        assert swapped.rematches == len(repeats)
        if swapped.valid:
            assert swapped.cost >= swapped.optimum
            assert bool(swapped.warnings) == (swapped.cost > swapped.optimum)


def test_a_swap_that_repeats_a_match_is_refused_with_the_reason():
    check = check_swiss_pairing(field(), [("a", "b"), ("c", "d"), ("e", "f")], None)
    assert not check.valid and codes(check) == ["rematch"]
    assert check.problems[0]["players"] == ["a", "b"]
    assert check.optimum == 2 and check.cost == 0


def test_a_swap_inside_the_rules_reports_groups_floats_and_the_objective():
    check = check_swiss_pairing(field(), [("a", "d"), ("c", "b"), ("e", "f")], None)
    assert check.valid and check.cost == check.optimum == 2
    first = check.pairs[0]
    assert first["points"] == [2, 1] and first["score_group"] == 2
    assert first["float"] == {"a": "down", "d": "up"} and first["rematch"] is False
    assert check.pairs[1]["float"] == {"c": "up", "b": "down"}


def test_a_costlier_swap_is_allowed_with_a_warning():
    players = [P("a", Fraction(1)), P("b", Fraction(1)), P("c", Fraction(0)), P("d", Fraction(0))]
    check = check_swiss_pairing(players, [("a", "c"), ("b", "d")], None)
    assert check.valid and [w["code"] for w in check.warnings] == ["cost_above_optimum"]
    assert check.cost == 2 and check.optimum == 0


def test_players_twice_missing_unknown_inactive_or_with_themselves_are_refused():
    players = field() + [P("w", Fraction(1), withdrawn=True)]
    check = check_swiss_pairing(players, [("a", "c"), ("a", "d"), ("x", "w"), ("f", "f")], None)
    assert set(codes(check)) == {
        "player_twice",
        "unknown_player",
        "inactive_player",
        "paired_with_self",
        "player_missing",
    }
    missing = {tuple(p["players"]) for p in check.problems if p["code"] == "player_missing"}
    assert missing == {("b",), ("e",)}


def test_bye_rules_second_bye_lowest_group_and_parity():
    # a, b on 2 (met), c, g on 1, e on 0 with a bye already: five players, one bye
    five = [p for p in field() if p.id not in ("d", "f")] + [P("g", Fraction(1))]
    assert "second_bye" in codes(check_swiss_pairing(five, [("a", "c"), ("b", "g")], "e"))
    # the bye goes to the lowest group that allows a pairing: c or g (1 point), not a (2 points)
    check = check_swiss_pairing(five, [("b", "c"), ("g", "e")], "a")
    assert codes(check) == ["bye_not_lowest_group"]
    assert check_swiss_pairing(five, [("a", "g"), ("b", "e")], "c").valid
    missing = check_swiss_pairing(five, [("a", "c"), ("b", "g")], None)
    assert codes(missing) == ["player_missing", "bye_missing"]
    assert "bye_not_needed" in codes(check_swiss_pairing(field(), [("a", "c"), ("b", "d")], "e"))


def test_rematches_allowed_but_more_than_the_fewest_is_refused():
    players = [
        P("a", opponents=frozenset("bc")),
        P("b", opponents=frozenset("ad")),
        P("c", opponents=frozenset("ad")),
        P("d", opponents=frozenset("bc")),
    ]
    ok = check_swiss_pairing(players, [("a", "d"), ("b", "c")], None, allow_rematches=True)
    assert ok.valid and ok.fewest_rematches == 0
    bad = check_swiss_pairing(players, [("a", "b"), ("c", "d")], None, allow_rematches=True)
    assert codes(bad) == ["avoidable_rematch"] and bad.rematches == 2


def test_club_mates_above_the_fewest_are_a_warning():
    players = [
        P("a", Fraction(1), club="X"),
        P("b", Fraction(1), club="X"),
        P("c", Fraction(1)),
        P("d", Fraction(1)),
    ]
    check = check_swiss_pairing(players, [("a", "b"), ("c", "d")], None, avoid_same_club=True)
    assert check.valid and check.same_club == 1 and check.fewest_same_club == 0
    assert [w["code"] for w in check.warnings] == ["same_club_above_optimum"]
    assert check.pairs[0]["same_club"] is True


def test_swiss_check_request_and_answer_shape():
    request = {
        "system": "swiss_check",
        "players": [
            {"id": "a", "points": 1.5, "opponents": ["b"]},
            {"id": "b", "points": 1},
            {"id": "c", "points": 1},
            {"id": "d", "points": 0.5},
        ],
        "pairs": [["a", "c"], ["b", "d"]],
        "bye": None,
    }
    assert handle(request) == {
        "valid": True,
        "problems": [],
        "warnings": [],
        "cost": 0.5,
        "optimum": 0.5,
        "rematches": 0,
        "fewest_rematches": 0,
        "pairs": [
            {
                "players": ["a", "c"],
                "points": [1.5, 1],
                "score_group": 1.5,
                "float": {"a": "down", "c": "up"},
                "rematch": False,
            },
            {
                "players": ["b", "d"],
                "points": [1, 0.5],
                "score_group": 1,
                "float": {"b": "down", "d": "up"},
                "rematch": False,
            },
        ],
    }
    refused = handle({**request, "pairs": [["a", "b"], ["c", "d"]]})
    assert refused["valid"] is False and refused["problems"][0]["code"] == "rematch"
