"""Single (004 §1.4.4) and double (004 §1.4.5) elimination, played out at random."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

from draw.pairing import (
    BadRequest,
    double_elimination,
    handle,
    is_valid_bracket,
    seed_order,
    single_elimination,
)


def play_out(build, players, play_seed, withdraw_rate=0.0, **kw):
    """Play a bracket to the end with random winners (and withdrawals); returns (bracket, history)."""
    rng = random.Random(play_seed)
    results: dict[str, str] = {}
    withdrawn: list[str] = []
    history = []
    for _ in range(200):
        b = build(players, results=results, withdrawn=withdrawn, **kw)
        assert is_valid_bracket(b, players) == [], is_valid_bracket(b, players)
        history.append(b)
        ready = [m for m in b.matches if m.ready]
        if not ready:
            return b, history
        if withdraw_rate and rng.random() < withdraw_rate:
            active = [p for p in players if p not in withdrawn]
            withdrawn.append(rng.choice(active))
            continue
        for m in ready:
            results[m.id] = rng.choice(m.players)
    raise AssertionError("bracket did not finish")


def losses_of(bracket):
    losses: dict[str, int] = {}
    for m in bracket.matches:
        if m.loser is not None:
            losses[m.loser] = losses.get(m.loser, 0) + 1
    return losses


def test_seed_order_keeps_the_top_seeds_apart():
    # 004 §1.4.4: 1 v 16, 8 v 9, ...; seeds 1 and 2 in different halves, the top 4 in different quarters
    order = seed_order(16)
    assert order[:4] == [1, 16, 8, 9]
    assert (1 in order[:8]) != (2 in order[:8])
    assert {q for s in (1, 2, 3, 4) for q in [order.index(s) // 4]} == {0, 1, 2, 3}


SINGLE = dict(
    seed=st.integers(0, 2**32),
    n=st.integers(2, 40),
    third=st.booleans(),
    classification=st.booleans(),
    random_draw=st.booleans(),
    withdraw=st.booleans(),
)


# The same property twice: 700 examples in `make test` (slow), 100 in the inner loop (issue 26 part 5).
@pytest.mark.slow
@settings(max_examples=700, deadline=None)
@given(**SINGLE)
def test_single_elimination_gives_every_participant_a_final_place(
    seed, n, third, classification, random_draw, withdraw
):
    every_participant_gets_a_final_place(seed, n, third, classification, random_draw, withdraw)


@settings(max_examples=100, deadline=None)
@given(**SINGLE)
def test_single_elimination_gives_every_participant_a_final_place_100_examples(
    seed, n, third, classification, random_draw, withdraw
):
    every_participant_gets_a_final_place(seed, n, third, classification, random_draw, withdraw)


def every_participant_gets_a_final_place(seed, n, third, classification, random_draw, withdraw) -> None:
    """004 §1.4.4: a single-elimination bracket played out at random gives every participant a place."""
    note(f"seed={seed} n={n}")
    players = [f"s{i}" for i in range(1, n + 1)]
    b, history = play_out(
        single_elimination,
        players,
        seed,
        withdraw_rate=0.15 if withdraw else 0.0,
        third_place=third,
        classification=classification,
        draw="random" if random_draw else "seeded",
        seed=seed,
    )
    assert b.finished
    assert {p["player"] for p in b.places} == set(players)
    size = b.size
    assert size >= n > size // 2 or n == size == 2 or (size == 2 and n == 2)
    # byes only in round 1 of the main bracket and never against each other (checked by is_valid_bracket)
    main = [m for m in b.matches if m.bracket == "main"]
    assert len(main) == size - 1  # no match dropped: bye never meets bye in the main bracket
    assert all(m.round == 1 for m in main if m.bye)
    placed = [p for p in b.places if p["place"] is not None]
    if classification and not withdraw:
        assert sorted(p["place"] for p in placed) == list(range(1, n + 1))
    for p in placed:
        assert 1 <= p["place"] <= p["place_to"] <= n
    if not withdraw and not random_draw and n >= 2:
        # seeds 1 and 2 meet only in the final
        final_round = max(m.round for m in main)
        for m in main:
            if set(m.players) == {"s1", "s2"}:
                assert m.round == final_round
        # losers are out: nobody loses twice in the main bracket
        main_losers = [m.loser for m in main if m.loser]
        assert len(main_losers) == len(set(main_losers))


DOUBLE = dict(
    seed=st.integers(0, 2**32),
    n=st.integers(2, 70),
    reset=st.booleans(),
    random_draw=st.booleans(),
    withdraw=st.booleans(),
)


# The same property twice: 700 examples in `make test` (slow), 100 in the inner loop (issue 26 part 5).
@pytest.mark.slow
@settings(max_examples=700, deadline=None)
@given(**DOUBLE)
def test_double_elimination_nobody_is_out_before_a_second_loss(seed, n, reset, random_draw, withdraw):
    nobody_out_before_a_second_loss(seed, n, reset, random_draw, withdraw)


@settings(max_examples=100, deadline=None)
@given(**DOUBLE)
def test_double_elimination_nobody_is_out_before_a_second_loss_100_examples(
    seed, n, reset, random_draw, withdraw
):
    nobody_out_before_a_second_loss(seed, n, reset, random_draw, withdraw)


def nobody_out_before_a_second_loss(seed, n, reset, random_draw, withdraw) -> None:
    """004 §1.4.5: a double-elimination bracket played out at random ends with every player placed, and
    (without withdrawals) nobody out before his second loss."""
    note(f"seed={seed} n={n}")
    players = [f"s{i}" for i in range(1, n + 1)]
    b, history = play_out(
        double_elimination,
        players,
        seed,
        withdraw_rate=0.1 if withdraw else 0.0,
        grand_final_reset=reset,
        draw="random" if random_draw else "seeded",
        seed=seed,
    )
    assert b.finished
    assert {p["player"] for p in b.places} == set(players)
    losses = losses_of(b)
    places = {p["player"]: p for p in b.places}
    if not withdraw:
        assert sorted(p["place"] for p in b.places)[:2] == [1, 2]
        for pl in players:
            lost = losses.get(pl, 0)
            if places[pl]["place"] == 1:
                assert lost <= 1
            elif reset or places[pl]["place"] != 2:
                assert lost == 2, (pl, lost, places[pl])
        ranges = sorted((p["place"], p["place_to"]) for p in b.places)
        covered = [x for lo, hi in set(ranges) for x in range(lo, hi + 1)]
        assert sorted(covered) == list(range(1, n + 1))
    if not withdraw:
        # crossover drops (004 §1.4.5): the first drop round (lower round 2) never repeats a match
        # (from 8 players: with 4, the one round-2 loser has beaten one of the two lower players)
        met: set[frozenset] = set()
        for m in sorted(b.matches, key=lambda m: m.round):
            if m.bye or None in m.players:
                continue
            pair = frozenset(m.players)
            if m.bracket == "lower" and m.id.startswith("L2-") and b.size >= 8:
                assert pair not in met, f"rematch right after the first drop in {m.id}"
            met.add(pair)
    # the reset match exists only when the lower-bracket champion won the first grand final
    f1 = next(m for m in b.matches if m.id == "F-1")
    has_reset = any(m.id == "F-2" for m in b.matches)
    assert has_reset == (reset and not f1.walkover and f1.winner == f1.players[1])
    # upper-bracket losers drop: every upper loser appears in a lower match or the final
    later = {p for m in b.matches if m.bracket in ("lower", "final") for p in m.players}
    for m in b.matches:
        if m.bracket == "upper" and m.loser:
            assert m.loser in later


def test_match_ids_are_stable_and_ready_matches_have_both_players():
    a = single_elimination([f"s{i}" for i in range(1, 12)], classification=True)
    b = single_elimination([f"s{i}" for i in range(1, 12)], classification=True)
    assert [m.id for m in a.matches] == [m.id for m in b.matches]
    for m in a.matches:
        assert m.ready == (None not in m.players and not m.bye and not m.walkover and m.winner is None)


def test_eight_players_without_classification_share_places_5_to_8():
    players = [f"s{i}" for i in range(1, 9)]
    b, _ = play_out(single_elimination, players, 1)
    shared = sorted((p["place"], p["place_to"]) for p in b.places)
    assert shared == [(1, 1), (2, 2), (3, 4), (3, 4), (5, 8), (5, 8), (5, 8), (5, 8)]


def test_third_place_and_classification_matches_share_the_final_round():
    b = single_elimination([f"s{i}" for i in range(1, 9)], classification=True)
    rounds = {m.id: m.round for m in b.matches}
    assert rounds["P3-1-1"] == rounds["W3-1"] == 3
    assert rounds["P5-1-1"] == 2 and rounds["P5-2-1"] == 3 and rounds["P7-1-1"] == 3


def test_double_elimination_drops_losers_crosswise_to_avoid_rematches():
    # 004 §1.4.5: lower round 2 must not pair a player with the one he has just lost to
    players = [f"s{i}" for i in range(1, 17)]
    res = {}
    for _ in range(3):
        b = double_elimination(players, results=res)
        for m in b.matches:
            if m.ready and m.id.startswith("U"):
                res[m.id] = m.players[0]
    b = double_elimination(players, results=res)
    met = {frozenset(m.players) for m in b.matches if m.winner}
    for m in b.matches:
        if m.id.startswith("L2-") and None not in m.players:
            assert frozenset(m.players) not in met


def test_a_result_for_a_match_that_is_not_ready_is_a_bad_request():
    with pytest.raises(BadRequest):
        single_elimination(["a", "b", "c", "d"], results={"W2-1": "a"})


def test_a_winner_who_is_not_in_the_match_is_a_bad_request():
    with pytest.raises(BadRequest):
        single_elimination(["a", "b", "c", "d"], results={"W1-1": "b"})


def test_unknown_match_id_and_result_for_a_bye_are_bad_requests():
    with pytest.raises(BadRequest):
        single_elimination(["a", "b", "c"], results={"X": "a"})
    with pytest.raises(BadRequest):
        single_elimination(["a", "b", "c"], results={"W1-1": "a"})


def test_withdrawn_player_gives_walkovers_and_gets_no_place():
    # 004 §5.7.3: removal = technical defeat in every remaining match, the place is not kept
    answer = handle(
        {
            "system": "single_elimination",
            "players": ["a", "b", "c", "d"],
            "results": {"W1-1": "a"},
            "withdrawn": ["c"],
        }
    )
    w12 = next(m for m in answer["matches"] if m["id"] == "W1-2")
    assert w12["walkover"] and w12["winner"] == "b" and not w12["ready"]
    assert {"player": "c", "place": None, "place_to": None} in answer["places"]
    final = next(m for m in answer["matches"] if m["id"] == "W2-1")
    assert final["ready"] and final["players"] == ["a", "b"]


def test_the_reset_match_appears_only_when_needed():
    players = ["a", "b"]
    b = double_elimination(players, results={"U1-1": "a"})
    assert [m.id for m in b.matches] == ["U1-1", "F-1"]
    b = double_elimination(players, results={"U1-1": "a", "F-1": "b"})
    assert [m.id for m in b.matches][-1] == "F-2" and not b.finished
    b = double_elimination(players, results={"U1-1": "a", "F-1": "b", "F-2": "a"})
    assert b.finished and b.places[0] == {"player": "a", "place": 1, "place_to": 1}
    b = double_elimination(players, results={"U1-1": "a", "F-1": "a"})
    assert b.finished and "F-2" not in [m.id for m in b.matches]
