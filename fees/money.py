"""Money maths of entry fees and prize funds (issue 34) — pure: no Django, no clock, integers in kopecks.

Four questions, each one function:

- ``fee_due`` — the fee an entry owes by the regulation's schedule: the base amount, or the lowest of the
  category amounts he qualifies for (youth, women, members of the federation, early entry). Concessions never
  stack: the lowest applicable amount is due, and the schedule names which one.
- ``refundable`` — what may still be refunded of a ledger: a refused entry's whole payment, a withdrawal's
  by the regulation's rule (``WithdrawalRefund``); never more than was paid and not yet refunded.
- ``distribute`` — the place prizes over shared places by a declared rule (``SHARE_EQUAL`` or ``SHARE_HORT``),
  exact to the kopeck: the payouts and the amounts of the places nobody took sum to the fund.
- ``award`` — the place prizes and the special prizes (best woman, best junior, best of a region) with the
  rule «one person, one prize: his best» (``one_prize_each``).

Remainder rule (stated on the prize annex): an amount that does not divide evenly is divided in whole kopecks
and the leftover kopecks go one each to the tied players in their order in the standings, the first first.

The Hort system (Vlastimil Hort's rule for cash prizes of Swiss chess events; described in the German
Wikipedia's «Hort-System», read here through its stored English rendering at de.zxc.wiki/wiki/Hort-System):
each tied player keeps half of the prize of the place the tie-breaks gave him; the other halves of the tied
places go into one pot divided equally among the tied players; a player tied with nobody keeps his whole
prize. Its worked example (prizes 100, 80, 60, 40, 20, 10; A and B tied for 1–2, D, E, F for 4–6): A 95,
B 85, C 60, D 31.67, E 21.67, F 16.67 (the page rounds to whole euros) — ``tests/fees/test_money.py`` pins it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

SHARE_EQUAL = "equal"  # the tied places' sum in equal shares
SHARE_HORT = "hort"  # half by the place's own prize, half of the tied places' sum in equal shares
SHARE_RULES = (SHARE_EQUAL, SHARE_HORT)


class MoneyError(ValueError):
    """Bad input to the money maths (a negative amount, an unknown rule, places that do not fit): the
    caller's bug or a bad form value; never translated."""


# --- fees -----


@dataclass(frozen=True)
class Fee:
    """The amount due and the schedule's line it comes from ("base", "youth", "women", "members", "early")."""

    amount: int
    category: str


def fee_due(base: int, concessions: Mapping[str, int | None], applies: Sequence[str]) -> Fee:
    """The entry fee due, in kopecks.

    Parameters: ``base`` — the schedule's base amount; ``concessions`` — the category amounts the schedule
    sets (None: the category is not in the regulation); ``applies`` — the categories the entry qualifies for.

    Returns the lowest of the base and the applicable category amounts (concessions do not stack; a
    category amount above the base is a surcharge nobody is made to pay when the base is lower — the lowest
    wins). Ties keep the base, then the order of ``applies``.
    """
    if base < 0:
        raise MoneyError("base fee is negative")
    best = Fee(base, "base")
    for category in applies:
        amount = concessions.get(category)
        if amount is None:
            continue
        if amount < 0:
            raise MoneyError(f"fee for {category} is negative")
        if amount < best.amount:
            best = Fee(amount, category)
    return best


# --- refunds -----

REFUND_FULL = "full"  # a withdrawal gets his whole payment back
REFUND_BEFORE_START = "before_start"  # the whole payment before the start, nothing once it has started
REFUND_HALF = "half"  # half of his payment (kopecks rounded down)
REFUND_NONE = "none"  # a withdrawal keeps nothing back
REFUND_RULES = (REFUND_FULL, REFUND_BEFORE_START, REFUND_HALF, REFUND_NONE)


@dataclass(frozen=True)
class Balance:
    """A ledger summed: what is due, paid and refunded (kopecks)."""

    due: int
    paid: int
    refunded: int

    @property
    def held(self) -> int:
        """What the organiser holds of his money."""
        return self.paid - self.refunded

    @property
    def owed(self) -> int:
        """What he still owes (0 when paid in full or more): a refund made him owe again."""
        return max(0, self.due - self.held)

    @property
    def settled(self) -> bool:
        return self.held >= self.due


def balance(rows: Sequence[tuple[str, int]]) -> Balance:
    """Sum ledger rows ``(kind, amount)`` with kind "due", "paid" or "refund"; amounts are positive."""
    sums = {"due": 0, "paid": 0, "refund": 0}
    for kind, amount in rows:
        if kind not in sums:
            raise MoneyError(f"unknown ledger row kind {kind!r}")
        if amount < 0:
            raise MoneyError("a ledger amount is negative")
        sums[kind] += amount
    return Balance(due=sums["due"], paid=sums["paid"], refunded=sums["refund"])


def refundable(b: Balance, reason: str, rule: str = REFUND_FULL, started: bool = False) -> int:
    """What may still be refunded: ``reason`` "refused" (the commission refused the entry: all of it),
    "withdrawn" (by ``rule``, with ``started`` telling whether the tournament has begun) or "over" (an
    overpayment: what was paid above the due). Never more than he paid and has not had back."""
    if rule not in REFUND_RULES:
        raise MoneyError(f"unknown refund rule {rule!r}")
    held = max(0, b.held)
    if reason == "refused":
        return held
    if reason == "over":
        return max(0, min(held, b.paid - b.due))
    if reason != "withdrawn":
        raise MoneyError(f"unknown refund reason {reason!r}")
    if rule == REFUND_FULL or (rule == REFUND_BEFORE_START and not started):
        allowed = b.paid
    elif rule == REFUND_HALF:
        allowed = b.paid // 2
    else:
        allowed = 0
    return max(0, min(held, allowed - b.refunded))


# --- prizes -----


@dataclass(frozen=True)
class Finisher:
    """A participant in the final standings: ``key`` (his id), the places he shares ``first``–``last``
    (``first == last``: his own place). Given in the standings' order: within a shared range the order is
    the tie-breaks' (the Hort system's own place) and the remainder's."""

    key: str
    first: int
    last: int


@dataclass(frozen=True)
class Payout:
    key: str
    amount: int
    prize: str  # "place" or a special prize's code
    # How it was computed, for the annex: the pot divided (kopecks), among how many, and what he kept of his
    # own place's prize before the pot (the Hort system's half; 0 under equal shares). A place alone: pot
    # is his prize, shared_by 1.
    pot: int = 0
    shared_by: int = 1
    kept: int = 0


@dataclass(frozen=True)
class Distribution:
    payouts: tuple[Payout, ...]
    unawarded: int  # the prizes of places nobody took (fewer finishers than prizes)
    notes: tuple[str, ...] = field(default=())


def _split(total: int, n: int) -> list[int]:
    """``total`` in ``n`` whole-kopeck shares; the leftover kopecks one each to the first shares."""
    q, r = divmod(total, n)
    return [q + (1 if i < r else 0) for i in range(n)]


def _groups(finishers: Sequence[Finisher]) -> list[list[Finisher]]:
    """The finishers grouped by their shared range, checking the ranges tile the places 1…n in order."""
    groups: list[list[Finisher]] = []
    expected = 1
    for f in finishers:
        if f.first < 1 or f.last < f.first:
            raise MoneyError(f"bad places {f.first}-{f.last} for {f.key}")
        if groups and (groups[-1][0].first, groups[-1][0].last) == (f.first, f.last):
            groups[-1].append(f)
            continue
        if f.first != expected:
            raise MoneyError(f"places do not follow: {f.first} after {expected - 1}")
        groups.append([f])
        expected = f.last + 1
    for g in groups:
        if len(g) != g[0].last - g[0].first + 1:
            raise MoneyError(f"places {g[0].first}-{g[0].last} shared by {len(g)}")
    return groups


def _amount(prizes: Sequence[int], place: int) -> int:
    return prizes[place - 1] if place <= len(prizes) else 0


def distribute(prizes: Sequence[int], finishers: Sequence[Finisher], rule: str = SHARE_EQUAL) -> Distribution:
    """The place prizes (``prizes[0]`` for 1st place, …, kopecks) paid over the standings.

    Parameters: ``finishers`` — the standings in order with shared ranges (a range of k places is shared
    by exactly k finishers); ``rule`` — ``SHARE_EQUAL``: the tied places' sum in equal shares;
    ``SHARE_HORT``: each keeps half (rounded down) of his own place's prize, the rest of the tied places'
    sum in equal shares.

    Returns the payouts (finishers with nothing are left out) and the ``unawarded`` sum of the places past
    the last finisher. Invariant (tested for any ties and either rule): payouts + unawarded == sum(prizes).

    Notes: O(n). Remainder: the leftover kopecks go one each to the tied players in standings order.
    """
    if rule not in SHARE_RULES:
        raise MoneyError(f"unknown sharing rule {rule!r}")
    if any(p < 0 for p in prizes):
        raise MoneyError("a prize is negative")
    payouts: list[Payout] = []
    taken = 0
    for group in _groups(finishers):
        first, last = group[0].first, group[0].last
        taken = last
        own = [_amount(prizes, p) for p in range(first, last + 1)]
        total = sum(own)
        if total == 0:
            continue
        n = len(group)
        kept = [0] * n if rule == SHARE_EQUAL or n == 1 else [a // 2 for a in own]
        pot = total - sum(kept)
        shares = [k + s for k, s in zip(kept, _split(pot, n), strict=True)]
        payouts += [
            Payout(f.key, s, "place", pot, n, k) for f, s, k in zip(group, shares, kept, strict=True) if s > 0
        ]
    unawarded = sum(prizes[taken:])
    return Distribution(tuple(payouts), unawarded)


@dataclass(frozen=True)
class Special:
    """A special prize: ``code`` ("woman", "junior", "region:…"), its amount and who may take it — keys in
    the standings' order (the best first)."""

    code: str
    amount: int
    eligible: tuple[str, ...]


def award(
    prizes: Sequence[int],
    finishers: Sequence[Finisher],
    specials: Sequence[Special] = (),
    rule: str = SHARE_EQUAL,
    one_prize_each: bool = True,
) -> Distribution:
    """The place prizes and the special prizes.

    With ``one_prize_each`` (the default; the regulation may say otherwise) a person takes only his best
    prize: the special prizes are given from the largest down, each to the best-placed eligible person who
    holds no special prize yet and whose place prize is smaller than it; whoever takes a special prize
    gives up his place prize, and the place prizes are distributed again without him (those below move up).
    That repeats until nobody changes: each round only adds people to the special prizes' holders, so it
    ends within len(finishers) rounds. The place prizes must not grow with the place (1st ≥ 2nd ≥ …).
    Without ``one_prize_each`` every special prize goes to the best eligible person whatever he holds.

    A special prize with nobody eligible stays in ``unawarded``. Invariant: payouts + unawarded ==
    sum(prizes) + sum(special amounts).
    """
    if any(s.amount < 0 for s in specials):
        raise MoneyError("a special prize is negative")
    if any(later > earlier for earlier, later in zip(prizes, prizes[1:], strict=False)):
        # Then nobody's place prize shrinks when players above him are taken out, and the rounds below
        # settle with every special prize's holder holding one.
        raise MoneyError("place prizes grow with the place")
    ordered = sorted(specials, key=lambda s: -s.amount)  # stable: equal amounts in the regulation's order
    if not one_prize_each:
        base = distribute(prizes, finishers, rule)
        extra: list[Payout] = []
        missed = 0
        for s in ordered:
            if s.eligible:
                extra.append(Payout(s.eligible[0], s.amount, s.code, s.amount))
            else:
                missed += s.amount
        return Distribution(base.payouts + tuple(p for p in extra if p.amount), base.unawarded + missed)

    specialists: set[str] = set()
    for _round in range(len(finishers) + 1):
        field_ = _reranked(finishers, specialists)
        base = distribute(prizes, field_, rule)
        place_of = {p.key: p.amount for p in base.payouts}
        holders: dict[str, str] = {}
        extra = []
        missed = 0
        for s in ordered:
            who = next(
                (
                    k
                    for k in s.eligible
                    if k not in holders and (k in specialists or place_of.get(k, 0) < s.amount)
                ),
                None,
            )
            if who is None:
                missed += s.amount
                continue
            holders[who] = s.code
            extra.append(Payout(who, s.amount, s.code, s.amount))
        now = specialists | set(holders)
        if now == specialists:
            # The holders are out of the ranking: none of them has a place prize here.
            return Distribution(base.payouts + tuple(p for p in extra if p.amount), base.unawarded + missed)
        specialists = now
    raise MoneyError("the special prizes did not settle")  # pragma: no cover — bounded above


def _reranked(finishers: Sequence[Finisher], out: set[str]) -> list[Finisher]:
    """The standings without ``out``: those below move up, a shared range shrinks by the ones taken out."""
    if not out:
        return list(finishers)
    result: list[Finisher] = []
    place = 1
    for group in _groups(finishers):
        left = [f for f in group if f.key not in out]
        if not left:
            continue
        last = place + len(left) - 1
        result += [Finisher(f.key, place, last) for f in left]
        place = last + 1
    return result


def fund(prizes: Sequence[int], specials: Sequence[Special] = ()) -> int:
    """The prize fund: the place prizes and the special prizes."""
    return sum(prizes) + sum(s.amount for s in specials)
