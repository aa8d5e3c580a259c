"""Single elimination (004 §1.4.4) and double elimination (004 §1.4.5), stateless.

"State in, state out": the request holds the seeding, the options, the results so far (winner per match
id) and the withdrawn players; the answer is the whole bracket with what is known so far. Match ids are
a pure function of the size and the options, so the app may store them.

The bracket is built as a list of match *specs* in playing order, each slot naming where its player
comes from (a seed, the winner or the loser of an earlier match, or a bye). A slot is *statically
empty* when it is a bye, the winner of a match of two empty slots or the loser of a match with an empty
slot; matches with two empty slots are dropped (never bye against bye), matches with one are byes.
Then the results are applied in order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .errors import BadRequest

__all__ = [
    "BracketMatch",
    "Bracket",
    "seed_order",
    "single_elimination",
    "double_elimination",
    "is_valid_bracket",
]

# slot sources
Src = tuple  # ("seed", n) | ("winner", id) | ("loser", id) | ("bye",)


@dataclass(frozen=True)
class BracketMatch:
    """One match of a bracket as answered to the app (see README for the JSON form)."""

    id: str
    round: int
    bracket: str
    slots: tuple[dict, dict]
    players: tuple[str | None, str | None]
    bye: bool
    walkover: bool
    winner: str | None
    loser: str | None
    ready: bool


@dataclass(frozen=True)
class Bracket:
    """A whole bracket: ``size`` (2^k), ``matches`` in playing order, decided ``places``, ``finished``,
    and ``order``: the ids by seed number (after the lot when the draw is random)."""

    size: int
    matches: tuple[BracketMatch, ...]
    places: tuple[dict, ...]
    finished: bool
    order: tuple[str, ...] = ()


def seed_order(size: int) -> list[int]:
    """Standard seed placement for a bracket of ``size`` = 2^k.

    Parameters
    ----------
    size : a power of two.

    Returns
    -------
    Seeds in bracket order; round-1 match i is ``order[2i]`` v ``order[2i+1]``.

    Notes
    -----
    004 §1.4.4. Built by doubling: every seed s of the half-size order is followed by
    ``size + 1 - s``. Hence 1 v size, seeds 1 and 2 in different halves (meet only in the final),
    the top 4 in different quarters (meet from the semi-finals on), and so on.

    Examples
    --------
    >>> seed_order(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    order = [1]
    while len(order) < size:
        m = 2 * len(order)
        order = [x for s in order for x in (s, m + 1 - s)]
    return order


def _pow2(n: int) -> int:
    size = 1
    while size < n:
        size *= 2
    return size


@dataclass
class _Spec:
    id: str
    round: int
    bracket: str
    src: tuple[Src, Src]


@dataclass
class _Plan:
    specs: list[_Spec] = field(default_factory=list)
    # place rules: ("winner"|"loser", match id, place, place_to) or ("single", src, place, place)
    rules: list[tuple] = field(default_factory=list)


class _Static:
    """Static emptiness of slot sources (byes propagate)."""

    def __init__(self, n: int):
        self.n = n
        self.kind: dict[str, int] = {}  # match id -> number of empty slots

    def empty(self, src: Src) -> bool:
        if src[0] == "bye":
            return True
        if src[0] == "seed":
            return src[1] > self.n
        k = self.kind[src[1]]
        return k == 2 if src[0] == "winner" else k >= 1

    def add(self, spec: _Spec) -> int:
        k = sum(self.empty(s) for s in spec.src)
        self.kind[spec.id] = k
        return k


def _knockout(
    plan: _Plan,
    st: _Static,
    entrants: list[Src],
    top: int,
    first_round: int,
    prefix: str,
    name: str,
    classify: bool,
    third_place: bool,
) -> None:
    """A knockout among ``entrants`` (in seeding order) for places ``top``, ``top + 1``, ...

    Losers of each round share the next places, or (``classify``) play on in a sub-knockout; with
    ``third_place`` the semi-final losers play for 3rd place.
    """
    entrants = [e for e in entrants if not st.empty(e)]
    m = len(entrants)
    if m == 0:
        return
    if m == 1:
        plan.rules.append(("single", entrants[0], top, top))
        return
    size = _pow2(m)
    order = seed_order(size)
    current: list[Src] = [entrants[s - 1] if s <= m else ("bye",) for s in order]
    rnd = 0
    while len(current) > 1:
        rnd += 1
        ids = []
        losers = []
        nxt: list[Src] = []
        for i in range(len(current) // 2):
            mid = f"{prefix}{rnd}-{i + 1}"
            spec = _Spec(mid, first_round + rnd - 1, name, (current[2 * i], current[2 * i + 1]))
            plan.specs.append(spec)
            k = st.add(spec)
            ids.append(mid)
            if k == 0:
                losers.append(("loser", mid))
            nxt.append(("winner", mid))
        winners = len(nxt)
        if winners == 1:
            plan.rules.append(("winner", ids[0], top, top))
            plan.rules.append(("loser", ids[0], top + 1, top + 1))
        elif classify or (third_place and winners == 2):
            sub_top = top + winners
            sub_name = "third_place" if sub_top == 3 and name == "main" else "classification"
            _knockout(
                plan,
                st,
                losers,
                sub_top,
                first_round + rnd,
                f"P{sub_top}-",
                sub_name,
                classify,
                False,
            )
        elif losers:
            for lo in losers:
                plan.rules.append(("loser", lo[1], top + winners, top + winners + len(losers) - 1))
        current = nxt


def _reverse(a: list) -> list:
    return a[::-1]


def _half_shift(a: list) -> list:
    return a[len(a) // 2 :] + a[: len(a) // 2]


def _reverse_halves(a: list) -> list:
    return a[: len(a) // 2][::-1] + a[len(a) // 2 :][::-1]


def _pair_flip(a: list) -> list:
    return [x for i in range(0, len(a) - 1, 2) for x in (a[i + 1], a[i])]


def _natural(a: list) -> list:
    return list(a)


# Bracket size -> order of the losers of upper rounds 2, 3, ... (round 1's losers pair consecutively).
# Chosen by simulation (bench/search_drop_orders.py, tests/draw/pairing/test_drop_order.py): no worse than
# the default of brackets-manager.js (a widely used generator) in lower-bracket rematches and in
# rematches in a dropped player's first lower match, random and favourite-wins results, 8-128
# players. Its orders are kept where no order of the searched family beats them on all four figures
# (16, 32, 128); 64 keeps the crossover pattern that beats it on all four.
_DROP_ORDERS: dict[int, list] = {
    4: [_reverse],
    8: [_reverse, _natural],
    16: [_reverse_halves, _reverse, _natural],
    32: [_reverse, _half_shift, _natural, _natural],
    64: [_reverse, _reverse_halves, _half_shift, _reverse_halves, _natural],
    128: [_reverse, _half_shift, _pair_flip, _pair_flip, _pair_flip, _natural],
}


def _alternating(losers: list[Src], t: int) -> list[Src]:
    """The drop order before 2026 (``drop_order: "alternating"``): round 2 reversed, then odd rounds
    reversed within each half and even rounds with the halves swapped, at every bracket size."""
    if t == 2:
        return _reverse(losers)
    return _reverse_halves(losers) if t % 2 == 1 else _half_shift(losers)


DROP_ORDERS = ("by_size", "alternating")


def _drop_order(losers: list[Src], t: int, size: int, kind: str = "by_size") -> list[Src]:
    """Order in which the losers of upper round t (>= 2) meet the lower bracket: 004 §1.4.5.

    Loser j of upper round t meets the winner of lower match j. The order per bracket size is
    ``_DROP_ORDERS`` (reverse, reverse each half, swap the halves, swap neighbours, or keep), which
    sends each dropped player to the part of the lower bracket fed by another part of the upper
    bracket. Brackets above 128 extend the 128 pattern: reverse, swap the halves, then swap
    neighbours, the last drop as is (simulated at 256: far fewer rematches in a dropped player's
    first lower match than the alternating crossover).
    """
    if len(losers) < 2:
        return list(losers)
    if kind == "alternating":
        return _alternating(losers, t)
    orders = _DROP_ORDERS.get(size)
    if orders is None:
        k = size.bit_length() - 1
        orders = [_reverse, _half_shift] + [_pair_flip] * (k - 4) + [_natural]
    return orders[t - 2](losers)


def _entrants(players: Sequence[str], draw: str, seed: int | str | None) -> list[str]:
    order = list(players)
    if draw == "random":
        random.Random(str(seed)).shuffle(order)
    return order


def single_elimination(
    players: Sequence[str],
    *,
    draw: str = "seeded",
    seed: int | str | None = None,
    third_place: bool = False,
    classification: bool = False,
    results: Mapping[str, str] | None = None,
    withdrawn: Sequence[str] = (),
) -> Bracket:
    """Single-elimination bracket with the results so far.

    Parameters
    ----------
    players : ids in seeding order (seed 1 first); at least 2.
    draw : ``"seeded"`` (standard placement) or ``"random"`` (players drawn onto seed numbers by lot).
    seed : seed of the lot.
    third_place : semi-final losers play for 3rd place.
    classification : every place is decided: the losers of each round play on for the next places
        (losers of the quarter-finals for 5-8, ...); implies a third-place match.
    results : winner per match id played so far.
    withdrawn : removed players (004 §5.7.3), in the order of withdrawal: their unplayed matches are
        walkovers, they get no place. When two removed players meet, the one who withdrew first loses.

    Returns
    -------
    :class:`Bracket`. Ids: ``W{round}-{i}`` for the main bracket, ``P{place}-{round}-{i}`` for the
    matches for places ``place`` and below (``P3-1-1`` is the third-place match).

    Raises
    ------
    BadRequest : a result for an unknown or not-ready match, or a winner who is not in it.

    Notes
    -----
    004 §1.4.4 (the loser is out); §5.7.3 ("дополнительные встречи для распределения мест").
    Bracket size 2^k >= n; byes (seeds n+1..2^k) face the top seeds and never each other since
    n > 2^(k-1). Without classification the losers of a round share places (5-8, 9-16).
    """
    order = _entrants(players, draw, seed)
    n = len(order)
    size = _pow2(n)
    st = _Static(n)
    plan = _Plan()
    _knockout_main(plan, st, n, size, "W", "main", classification, third_place or classification)
    return _resolve(plan, st, order, size, results or {}, list(withdrawn), reset=None)


def _knockout_main(
    plan: _Plan, st: _Static, n: int, size: int, prefix: str, name: str, classify: bool, third: bool
) -> None:
    # The main bracket keeps its full size (byes are real slots shown to the app).
    current: list[Src] = [("seed", s) if s <= n else ("bye",) for s in seed_order(size)]
    rnd = 0
    while len(current) > 1:
        rnd += 1
        losers = []
        nxt: list[Src] = []
        ids = []
        for i in range(len(current) // 2):
            mid = f"{prefix}{rnd}-{i + 1}"
            spec = _Spec(mid, rnd, name, (current[2 * i], current[2 * i + 1]))
            plan.specs.append(spec)
            if st.add(spec) == 0:
                losers.append(("loser", mid))
            ids.append(mid)
            nxt.append(("winner", mid))
        winners = len(nxt)
        if winners == 1:
            plan.rules.append(("winner", ids[0], 1, 1))
            plan.rules.append(("loser", ids[0], 2, 2))
        elif classify or (third and winners == 2):
            sub_top = 1 + winners
            _knockout(
                plan,
                st,
                losers,
                sub_top,
                rnd + 1,
                f"P{sub_top}-",
                "third_place" if sub_top == 3 else "classification",
                classify,
                False,
            )
        elif losers:
            for lo in losers:
                plan.rules.append(("loser", lo[1], 1 + winners, winners + len(losers)))
        current = nxt


def double_elimination(
    players: Sequence[str],
    *,
    draw: str = "seeded",
    seed: int | str | None = None,
    grand_final_reset: bool = True,
    results: Mapping[str, str] | None = None,
    withdrawn: Sequence[str] = (),
    drop_order: str = "by_size",
) -> Bracket:
    """Double-elimination bracket with the results so far.

    Parameters
    ----------
    players, draw, seed, results, withdrawn : as :func:`single_elimination`.
    grand_final_reset : when the lower-bracket champion wins the grand final, a second (reset) match
        is played, so that nobody is out before a second loss.
    drop_order : ``"by_size"`` (the order per bracket size, :func:`_drop_order`) or ``"alternating"``
        (the previous order, for brackets drawn with it: the bracket is recomputed from its results).

    Returns
    -------
    :class:`Bracket` with brackets ``upper`` (ids ``U{t}-{i}``), ``lower`` (``L{r}-{i}``), ``final``
    (``F-1``) and ``reset`` (``F-2``, present only once needed).

    Notes
    -----
    004 §1.4.5: the first loss sends a player to the lower bracket, the second eliminates him.
    Lower round 1 pairs the losers of upper round 1; lower round 2(t-1) meets the winners of the
    previous lower round with the losers of upper round t in a crossover order per bracket size
    (:func:`_drop_order`);
    odd lower rounds > 1 halve the field. App rounds: upper round t is played in round
    max(1, 2t - 2), lower round r in round r + 1, the grand final in 2k, the reset in 2k + 1, so nobody
    plays twice in a round. Places: 1, 2 from the grand final; then the losers of each lower round
    share the next places from the last lower round down (3, 4, 5-6, 7-8, 9-12, ...).
    """
    order = _entrants(players, draw, seed)
    n = len(order)
    size = _pow2(n)
    k = size.bit_length() - 1
    st = _Static(n)
    plan = _Plan()

    def up_round(t: int) -> int:
        return max(1, 2 * t - 2)

    current: list[Src] = [("seed", s) if s <= n else ("bye",) for s in seed_order(size)]
    upper_losers: list[list[Src]] = []
    t = 0
    while len(current) > 1:
        t += 1
        nxt: list[Src] = []
        losers: list[Src] = []
        for i in range(len(current) // 2):
            mid = f"U{t}-{i + 1}"
            spec = _Spec(mid, up_round(t), "upper", (current[2 * i], current[2 * i + 1]))
            plan.specs.append(spec)
            st.add(spec)
            nxt.append(("winner", mid))
            losers.append(("loser", mid))
        upper_losers.append(losers)
        current = nxt
    upper_champion = current[0]

    lower_real: list[tuple[int, list[str]]] = []  # (lower round, ids of matches with two real slots)
    if k == 1:
        lower_champion: Src = upper_losers[0][0]
    else:
        lower: list[Src] = []
        r = 0
        for t in range(1, k + 1):
            if t == 1:
                incoming = upper_losers[0]
                pairs = [(incoming[2 * i], incoming[2 * i + 1]) for i in range(len(incoming) // 2)]
            else:
                if r >= 2:
                    # halve the lower field first (odd lower round)
                    pairs = [(lower[2 * i], lower[2 * i + 1]) for i in range(len(lower) // 2)]
                    lower = _lower_round(plan, st, pairs, r + 1, lower_real)
                    r += 1
                dropped = _drop_order(upper_losers[t - 1], t, size, drop_order)
                pairs = list(zip(lower, dropped))
            lower = _lower_round(plan, st, pairs, r + 1, lower_real)
            r += 1
        lower_champion = lower[0]

    final_round = 2 * k
    plan.specs.append(_Spec("F-1", final_round, "final", (upper_champion, lower_champion)))
    st.add(plan.specs[-1])
    reset = None
    if grand_final_reset:
        reset = _Spec("F-2", final_round + 1, "reset", (("winner", "F-1"), ("loser", "F-1")))
    # places: 1 and 2 from the final (or reset) are set in _resolve; lower-round losers share below
    above = 2
    for _rnd, ids in reversed(lower_real):
        for mid in ids:
            plan.rules.append(("loser", mid, above + 1, above + len(ids)))
        above += len(ids)
    return _resolve(plan, st, order, size, results or {}, list(withdrawn), reset=reset)


def _lower_round(
    plan: _Plan,
    st: _Static,
    pairs: list[tuple[Src, Src]],
    r: int,
    lower_real: list[tuple[int, list[str]]],
) -> list[Src]:
    out: list[Src] = []
    real = []
    for i, (a, b) in enumerate(pairs):
        mid = f"L{r}-{i + 1}"
        spec = _Spec(mid, r + 1, "lower", (a, b))
        plan.specs.append(spec)
        if st.add(spec) == 0:
            real.append(mid)
        out.append(("winner", mid))
    lower_real.append((r, real))
    return out


# --------------------------------------------------------------------------------------------------
# Resolution of results
# --------------------------------------------------------------------------------------------------

_EMPTY = object()


def _slot_json(src: Src, st: _Static) -> dict:
    if st.empty(src):
        return {"bye": True}
    if src[0] == "seed":
        return {"seed": src[1]}
    return {f"{src[0]}_of": src[1]}


def _resolve(
    plan: _Plan,
    st: _Static,
    order: list[str],
    size: int,
    results: Mapping[str, str],
    withdrawn_list: Sequence[str],
    reset: _Spec | None,
) -> Bracket:
    withdrawn = set(withdrawn_list)
    withdrawal_order = {p: i for i, p in enumerate(withdrawn_list)}
    unknown_w = withdrawn - set(order)
    if unknown_w:
        raise BadRequest(f"withdrawn players not in the bracket: {sorted(unknown_w)}")
    winner: dict[str, object] = {}
    loser: dict[str, object] = {}
    used: set[str] = set()
    out: list[BracketMatch] = []

    def value(src: Src) -> object:
        if st.empty(src):
            return _EMPTY
        if src[0] == "seed":
            return order[src[1] - 1]
        table = winner if src[0] == "winner" else loser
        return table.get(src[1])

    def play(spec: _Spec) -> None:
        kind = st.kind[spec.id]
        if kind == 2:
            if spec.id in results:
                raise BadRequest(f"match {spec.id} does not exist (two byes)")
            return
        a, b = (value(s) for s in spec.src)
        players = tuple(None if x is _EMPTY or x is None else x for x in (a, b))
        w = lo = None
        walkover = False
        ready = False
        if kind == 1:
            real = b if a is _EMPTY else a
            if spec.id in results:
                raise BadRequest(f"match {spec.id} is a bye; no result can be recorded")
            if real is not None:
                w, lo = real, _EMPTY
        elif a is not None and b is not None:
            if spec.id in results:
                res = results[spec.id]
                used.add(spec.id)
                if res not in (a, b):
                    raise BadRequest(f"result of {spec.id}: {res!r} is not a player of that match")
                w, lo = res, (b if res == a else a)
            elif a in withdrawn or b in withdrawn:
                # 004 §5.7.3: removal gives technical defeats in every remaining match. Two removed
                # players: the one who withdrew first (earlier in the list) loses, so that the answer
                # does not change when a second player withdraws later.
                walkover = True
                first_out = min((a, b), key=lambda x: withdrawal_order.get(str(x), len(withdrawal_order)))
                w, lo = (b, a) if first_out == a else (a, b)
            else:
                ready = True
        elif spec.id in results:
            raise BadRequest(f"result for match {spec.id}, which is not ready (players not known yet)")
        if w is not None:
            winner[spec.id] = w
            loser[spec.id] = lo
        out.append(
            BracketMatch(
                id=spec.id,
                round=spec.round,
                bracket=spec.bracket,
                slots=(_slot_json(spec.src[0], st), _slot_json(spec.src[1], st)),
                players=players,  # type: ignore[arg-type]
                bye=kind == 1,
                walkover=walkover,
                winner=None if w is None else w,  # type: ignore[arg-type]
                loser=None if lo is None or lo is _EMPTY else lo,  # type: ignore[arg-type]
                ready=ready,
            )
        )

    for spec in plan.specs:
        play(spec)

    places: list[tuple] = []
    final_id = None
    if reset is not None:
        st.kind[reset.id] = 0
        f1w = winner.get("F-1")
        f1 = next(m for m in out if m.id == "F-1")
        if f1w is not None and not f1.walkover and f1w == value(plan.specs[-1].src[1]):
            play(reset)
            final_id = "F-2"
        elif f1w is not None:
            final_id = "F-1"
        if reset.id in results and final_id != "F-2":
            raise BadRequest("result for match F-2, which is not needed")
    elif "F-1" in winner:
        final_id = "F-1"
    if final_id is not None and final_id in winner:
        places.append((winner[final_id], 1, 1))
        places.append((loser[final_id], 2, 2))

    extra = set(results) - used
    if extra:
        known = {m.id for m in out}
        bad = sorted(extra - known)
        raise BadRequest(f"results for unknown matches: {bad}" if bad else f"unused results: {sorted(extra)}")

    for rule in plan.rules:
        kind, ref, p, q = rule
        if kind == "single":
            v = value(ref)
            if v is not None and v is not _EMPTY:
                places.append((v, p, q))
        else:
            table = winner if kind == "winner" else loser
            v = table.get(ref)
            if v is not None and v is not _EMPTY:
                places.append((v, p, q))
    seen: set[str] = set()
    rank = {p: i for i, p in enumerate(order)}
    place_list = []
    for pl, p, q in sorted(places, key=lambda x: (x[1], rank[x[0]])):
        if pl in seen:
            continue
        seen.add(pl)
        if pl in withdrawn:
            continue
        place_list.append({"player": pl, "place": p, "place_to": q})
    for pl in order:
        if pl in withdrawn:
            place_list.append({"player": pl, "place": None, "place_to": None})
    finished = all(m.winner is not None for m in out)
    return Bracket(
        size=size, matches=tuple(out), places=tuple(place_list), finished=finished, order=tuple(order)
    )


def is_valid_bracket(bracket: Bracket, players: Sequence[str]) -> list[str]:
    """Check a bracket (004 §1.4.4, §1.4.5).

    Parameters
    ----------
    bracket : an answer of :func:`single_elimination` or :func:`double_elimination`;
    players : the participants.

    Returns
    -------
    The list of problems (empty = valid).

    Notes
    -----
    Checks: match ids unique, no bye against bye, nobody in two games of one app round, and once
    finished, a place (or ``null`` for the withdrawn) for every participant.
    """
    problems = []
    ids = [m.id for m in bracket.matches]
    if len(ids) != len(set(ids)):
        problems.append("duplicate match ids")
    by_round: dict[int, list[str]] = {}
    for m in bracket.matches:
        if m.slots[0].get("bye") and m.slots[1].get("bye"):
            problems.append(f"{m.id}: bye against bye")
        if not m.bye:
            for p in m.players:
                if p is not None:
                    by_round.setdefault(m.round, []).append(p)
    for r, ps in by_round.items():
        if len(ps) != len(set(ps)):
            problems.append(f"round {r}: a player plays twice")
    if bracket.finished:
        placed = {p["player"] for p in bracket.places}
        if placed != set(players):
            problems.append("finished but not every participant has a place")
    return problems
