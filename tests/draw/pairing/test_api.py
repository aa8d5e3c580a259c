"""The JSON contract of ``draw.pairing.handle``: strict options, shapes, Swiss variants."""

from __future__ import annotations

import pytest

from draw.pairing import BadRequest, NoValidPairing, handle


def test_round_robin_answer_shape():
    answer = handle({"system": "round_robin", "players": ["a", "b", "c", "d", "e"], "cycles": 2})
    assert answer["rounds"][0] == {"pairs": [["b", "e"], ["c", "d"]], "bye": "a"}
    assert answer["order"] == ["a", "b", "c", "d", "e"]
    assert len(answer["rounds"]) == 10


def test_unknown_keys_are_bad_requests():
    with pytest.raises(BadRequest, match="unknown keys"):
        handle({"system": "round_robin", "players": ["a", "b"], "cycle": 2})
    with pytest.raises(BadRequest, match="unknown keys"):
        handle({"system": "swiss", "players": [{"id": "a", "score": 1}]})
    with pytest.raises(BadRequest, match="system"):
        handle({"system": "dutch", "players": []})


def test_ids_must_be_strings():
    with pytest.raises(BadRequest, match="string"):
        handle({"system": "round_robin", "players": [1, 2, 3]})
    with pytest.raises(BadRequest, match="string"):
        handle({"system": "swiss", "players": [{"id": 1}, {"id": 2}]})


def test_wrong_types_are_bad_requests():
    with pytest.raises(BadRequest):
        handle({"system": "round_robin", "players": ["a", "b"], "cycles": "2"})
    with pytest.raises(BadRequest):
        handle({"system": "swiss", "players": [], "allow_rematches": "yes"})
    with pytest.raises(BadRequest):
        handle({"system": "swiss", "players": [{"id": "a", "points": "lots"}]})
    with pytest.raises(BadRequest, match="duplicate"):
        handle({"system": "swiss", "players": [{"id": "a"}, {"id": "a"}]})
    with pytest.raises(BadRequest):
        handle({"system": "groups", "players": ["a", "b"], "groups": 3})


def test_swiss_answer_shape_with_fractional_points():
    answer = handle(
        {
            "system": "swiss",
            "seed": 7,
            "players": [
                {"id": "a", "points": 2, "opponents": ["c"]},
                {"id": "b", "points": 1.5},
                {"id": "c", "points": 1, "byes": 1},
                {"id": "d", "points": 0.5},
                {"id": "x", "points": 3, "withdrawn": True},
            ],
        }
    )
    assert answer == {
        "pairs": [["a", "b"], ["c", "d"]],
        "bye": None,
        "rematches": 0,
        "cost": 0.5,
        "float": {"a": "down", "b": "up", "c": "down", "d": "up"},
    }


def test_swiss_same_request_same_answer_and_round_one_is_a_random_draw():
    request = {"system": "swiss", "seed": 11, "players": [{"id": f"p{i}"} for i in range(20)]}
    first = handle(request)
    assert handle(request) == first
    others = {str(handle({**request, "seed": s})["pairs"]) for s in range(5)}
    assert len(others) > 1


def test_swiss_no_rematch_free_pairing_is_a_user_error_unless_rematches_are_allowed():
    players = [
        {"id": "a", "opponents": ["b", "c"]},
        {"id": "b", "opponents": ["a", "d"]},
        {"id": "c", "opponents": ["a", "d"]},
        {"id": "d", "opponents": ["b", "c"]},
    ]
    # a-d and b-c are still possible
    assert handle({"system": "swiss", "players": players})["rematches"] == 0
    players[0]["opponents"].append("d")
    players[3]["opponents"].append("a")
    with pytest.raises(NoValidPairing, match="rematch"):
        handle({"system": "swiss", "players": players})
    answer = handle({"system": "swiss", "players": players, "allow_rematches": True})
    assert answer["rematches"] == 1  # a-d again, b-c new


def test_swiss_bye_when_everyone_had_one():
    players = [{"id": x, "byes": 1} for x in "abc"]
    with pytest.raises(NoValidPairing, match="bye"):
        handle({"system": "swiss", "players": players})
    answer = handle({"system": "swiss", "players": players, "allow_rematches": True})
    assert answer["bye"] in "abc"


def test_swiss_until_three_losses():
    players = [
        {"id": "a", "points": 3, "losses": 0, "opponents": ["c", "d", "e"]},
        {"id": "b", "points": 2, "losses": 1},
        {"id": "c", "points": 1, "losses": 2},
        {"id": "d", "points": 0, "losses": 3},
        {"id": "e", "points": 0, "losses": 3},
    ]
    answer = handle({"system": "swiss", "max_losses": 3, "players": players, "seed": 1})
    assert answer["eliminated"] == ["d", "e"]
    assert answer["remaining"] == 3 and answer["finished"] is False
    assert answer["bye"] == "c"  # lowest group
    assert answer["pairs"] == [["a", "b"]]
    players[1]["losses"] = 3
    players[2]["losses"] = 3
    answer = handle({"system": "swiss", "max_losses": 3, "players": players})
    assert answer["finished"] is True and answer["remaining"] == 1 and answer["pairs"] == []
    answer = handle({"system": "swiss", "max_losses": 3, "until_remaining": 3, "players": players[:3]})
    assert answer["finished"] is False or answer["remaining"] <= 3


def test_swiss_rounds():
    assert handle({"system": "swiss_rounds", "players": 24}) == {"rounds": 5}
    assert handle({"system": "swiss_rounds", "players": 1}) == {"rounds": 1}
    assert handle({"system": "swiss_rounds", "players": 1000}) == {"rounds": 10}


def test_single_elimination_answer_shape():
    answer = handle({"system": "single_elimination", "players": ["s1", "s2", "s3"], "seed": 7})
    assert answer["size"] == 4
    m = answer["matches"][0]
    assert m == {
        "id": "W1-1",
        "round": 1,
        "bracket": "main",
        "slots": [{"seed": 1}, {"bye": True}],
        "players": ["s1", None],
        "bye": True,
        "walkover": False,
        "winner": "s1",
        "loser": None,
        "ready": False,
    }
    assert answer["finished"] is False and answer["places"] == []


def test_double_elimination_answer_has_the_four_brackets():
    players = ["a", "b", "c", "d"]
    results = {"U1-1": "a", "U1-2": "b", "U2-1": "a", "L1-1": "d", "L2-1": "b", "F-1": "b"}
    answer = handle({"system": "double_elimination", "players": players, "results": results})
    assert [m["bracket"] for m in answer["matches"]] == [
        "upper",
        "upper",
        "upper",
        "lower",
        "lower",
        "final",
        "reset",
    ]
    assert answer["matches"][-1]["ready"] and not answer["finished"]
    places = {p["player"]: (p["place"], p["place_to"]) for p in answer["places"]}
    assert places == {"d": (3, 3), "c": (4, 4)}


def test_bracket_order_says_who_holds_each_seed_number_after_a_random_draw():
    players = [f"s{i}" for i in range(1, 12)]
    answer = handle({"system": "single_elimination", "players": players, "draw": "random", "seed": 3})
    assert sorted(answer["order"]) == sorted(players)
    for m in answer["matches"]:
        for slot, player in zip(m["slots"], m["players"]):
            if "seed" in slot:
                assert answer["order"][slot["seed"] - 1] == player
