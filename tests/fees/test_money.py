"""The pure money maths (fees/money.py): fees by category, refunds, prizes over shared places.

Runs without Django: ``pytest tests/fees/test_money.py -p no:django``.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fees.money import (
    REFUND_BEFORE_START,
    REFUND_FULL,
    REFUND_HALF,
    REFUND_NONE,
    REFUND_RULES,
    SHARE_EQUAL,
    SHARE_HORT,
    SHARE_RULES,
    Balance,
    Finisher,
    MoneyError,
    Special,
    award,
    balance,
    distribute,
    fee_due,
    fund,
    refundable,
)


def field(*sizes: int) -> list[Finisher]:
    """Finishers in groups of the given sizes: field(2, 1, 3) → 1–2, 1–2, 3, 4–6 ×3, keys a, b, c, …"""
    out, place = [], 1
    for size in sizes:
        for _ in range(size):
            out.append(Finisher(chr(ord("a") + len(out)), place, place + size - 1))
        place += size
    return out


def paid(d) -> dict[str, int]:
    result: dict[str, int] = {}
    for p in d.payouts:
        result[p.key] = result.get(p.key, 0) + p.amount
    return result


# --- fees by category -----


def test_the_lowest_applicable_category_is_due_and_concessions_do_not_stack():
    schedule = {"youth": 200_000, "women": 300_000, "members": 400_000, "early": None}
    assert fee_due(500_000, schedule, []).amount == 500_000
    assert fee_due(500_000, schedule, ["women", "members"]) == fee_due(500_000, schedule, ["women"])
    assert fee_due(500_000, schedule, ["members", "youth"]).category == "youth"
    assert fee_due(500_000, schedule, ["early"]).category == "base"  # the regulation has no early rate


def test_a_negative_fee_is_refused():
    with pytest.raises(MoneyError):
        fee_due(-1, {}, [])
    with pytest.raises(MoneyError):
        fee_due(100, {"youth": -5}, ["youth"])


# --- refunds -----


def test_a_refused_entry_gets_back_all_it_paid_and_not_yet_refunded():
    b = balance([("due", 500_000), ("paid", 500_000), ("refund", 100_000)])
    assert refundable(b, "refused") == 400_000


def test_a_withdrawal_follows_the_regulations_rule():
    b = balance([("due", 500_000), ("paid", 500_000)])
    assert refundable(b, "withdrawn", REFUND_FULL, started=True) == 500_000
    assert refundable(b, "withdrawn", REFUND_BEFORE_START, started=False) == 500_000
    assert refundable(b, "withdrawn", REFUND_BEFORE_START, started=True) == 0
    assert refundable(b, "withdrawn", REFUND_HALF) == 250_000
    assert refundable(b, "withdrawn", REFUND_NONE) == 0


def test_an_overpayment_is_refundable():
    assert refundable(balance([("due", 400_000), ("paid", 500_000)]), "over") == 100_000


@given(
    due=st.integers(0, 10**7),
    payments=st.lists(st.integers(0, 10**7), max_size=5),
    refunds=st.lists(st.integers(0, 10**7), max_size=5),
    reason=st.sampled_from(["refused", "withdrawn", "over"]),
    rule=st.sampled_from(REFUND_RULES),
    started=st.booleans(),
)
def test_refunds_never_exceed_what_was_paid(due, payments, refunds, reason, rule, started):
    """Refund as much as allowed, row after row: the refunds never pass what was paid."""
    rows = [("due", due)] + [("paid", a) for a in payments]
    for wish in refunds:
        b = balance(rows)
        allowed = refundable(b, reason, rule, started)
        assert 0 <= allowed <= b.held
        rows.append(("refund", min(wish, allowed)))
    b = balance(rows)
    assert b.refunded <= b.paid
    assert refundable(b, reason, rule, started) <= b.paid - b.refunded


# --- prizes: worked examples -----


def test_equal_shares_of_the_tied_places_sum():
    # 1st 1 500 ₽, 2nd 500 ₽ (issue 34's example); two tied for 1–2 take 1 000 ₽ each.
    d = distribute([150_000, 50_000], field(2, 1))
    assert paid(d) == {"a": 100_000, "b": 100_000}
    assert d.unawarded == 0


def test_the_leftover_kopecks_go_to_the_higher_placed_first():
    d = distribute([100_00, 0, 0], field(3))
    assert [p.amount for p in d.payouts] == [3334, 3333, 3333]


def test_the_hort_system_against_its_worked_example():
    """de.zxc.wiki/wiki/Hort-System: 100, 80, 60, 40, 20, 10 €; A–B tied, C alone, D–E–F tied."""
    prizes = [100_00, 80_00, 60_00, 40_00, 20_00, 10_00]
    d = distribute(prizes, field(2, 1, 3), SHARE_HORT)
    assert paid(d) == {"a": 95_00, "b": 85_00, "c": 60_00, "d": 31_67, "e": 21_67, "f": 16_66}
    assert sum(paid(d).values()) == sum(prizes)
    d_row = next(p for p in d.payouts if p.key == "d")
    assert (d_row.kept, d_row.pot, d_row.shared_by) == (20_00, 35_00, 3)  # what the annex prints


def test_the_hort_system_with_equal_prizes_is_equal_shares():
    prizes = [60_000, 60_000, 30_000]
    assert paid(distribute(prizes, field(2, 1), SHARE_HORT)) == paid(distribute(prizes, field(2, 1)))


def test_a_player_tied_with_nobody_keeps_his_whole_prize_under_hort():
    assert paid(distribute([100, 50], field(1, 1), SHARE_HORT)) == {"a": 100, "b": 50}


def test_places_nobody_took_are_unawarded():
    d = distribute([300, 200, 100], field(2))
    assert paid(d) == {"a": 250, "b": 250}
    assert d.unawarded == 100


def test_ranges_that_do_not_tile_the_places_are_refused():
    with pytest.raises(MoneyError):
        distribute([1], [Finisher("a", 1, 2)])
    with pytest.raises(MoneyError):
        distribute([1], [Finisher("a", 2, 2)])
    with pytest.raises(MoneyError):
        distribute([1], field(1), "coin")


# --- prizes: one person, one prize -----


def test_one_person_takes_only_his_best_prize():
    # b is 2nd (500) and the best woman (1 000): she takes the woman's prize, c moves up to 2nd.
    d = award([150_000, 50_000], field(1, 1, 1), [Special("woman", 100_000, ("b", "c"))])
    assert paid(d) == {"a": 150_000, "b": 100_000, "c": 50_000}


def test_a_place_prize_worth_more_keeps_the_special_prize_for_the_next():
    d = award([150_000, 50_000], field(1, 1, 1), [Special("junior", 30_000, ("a", "c"))])
    assert paid(d) == {"a": 150_000, "b": 50_000, "c": 30_000}


def test_the_regulation_may_allow_several_prizes():
    d = award([150_000, 50_000], field(1, 1), [Special("woman", 100_000, ("b",))], one_prize_each=False)
    assert paid(d) == {"a": 150_000, "b": 150_000}


def test_a_special_prize_with_nobody_eligible_is_unawarded():
    d = award([100], field(1), [Special("region:Тверская", 50, ())])
    assert d.unawarded == 50


# --- prizes: properties -----

sizes = st.lists(st.integers(1, 5), min_size=1, max_size=12)
amounts = st.lists(st.integers(0, 10**7), max_size=20)


@given(sizes=sizes, prizes=amounts, rule=st.sampled_from(SHARE_RULES))
def test_payouts_sum_exactly_to_the_fund_for_any_ties_and_any_rule(sizes, prizes, rule):
    d = distribute(prizes, field(*sizes), rule)
    assert sum(p.amount for p in d.payouts) + d.unawarded == sum(prizes)
    assert all(p.amount > 0 for p in d.payouts)


@given(sizes=sizes, prizes=amounts)
def test_tied_players_differ_by_at_most_a_kopeck_under_equal_shares(sizes, prizes):
    got = paid(distribute(prizes, field(*sizes), SHARE_EQUAL))
    f = field(*sizes)
    for first in {x.first for x in f}:
        shares = [got.get(x.key, 0) for x in f if x.first == first]
        assert max(shares) - min(shares) <= 1
        assert shares == sorted(shares, reverse=True)  # the leftover kopecks to the higher placed


@given(
    sizes=sizes,
    prizes=amounts.map(lambda xs: sorted(xs, reverse=True)),
    specials=st.lists(
        st.tuples(st.integers(0, 10**7), st.lists(st.integers(0, 40), max_size=6, unique=True)), max_size=4
    ),
    rule=st.sampled_from(SHARE_RULES),
    one=st.booleans(),
)
def test_awards_sum_exactly_to_the_fund_and_one_prize_each(sizes, prizes, specials, rule, one):
    f = field(*sizes)
    keys = [x.key for x in f]
    sp = [
        Special(f"s{i}", amount, tuple(keys[k] for k in sorted(who) if k < len(keys)))
        for i, (amount, who) in enumerate(specials)
    ]
    d = award(prizes, f, sp, rule, one_prize_each=one)
    assert sum(p.amount for p in d.payouts) + d.unawarded == fund(prizes, sp)
    if one:
        holders = [p.key for p in d.payouts]
        assert len(holders) == len(set(holders))


def test_award_refuses_place_prizes_that_grow():
    with pytest.raises(MoneyError):
        award([100, 200], field(1, 1))


def test_balance_sums_the_ledger():
    assert balance([("due", 5), ("paid", 3)]) == Balance(5, 3, 0)
    assert Balance(5, 3, 0).owed == 2 and not Balance(5, 3, 0).settled
    with pytest.raises(MoneyError):
        balance([("gift", 1)])
