"""Test data for the drop order of double elimination (004 §1.4.5): a reference model and a simulator.

The reference is the default lower-bracket ordering of brackets-manager.js (MIT; its behaviour modelled
from its public documentation and source, no code taken): lower round 1 pairs the upper round-1 losers
in match order; each minor lower round pairs dropped loser j (the upper round's losers put in an order
named per bracket size) with the winner of lower match j; major rounds pair consecutive winners. The
orders, per bracket size, for the losers of upper rounds 1, 2, ...:

* 4: natural, reverse; 8: natural, reverse, natural; 16: natural, reverse_half_shift, reverse, natural;
* 32: natural, reverse, half_shift, natural, natural; 64: natural, reverse, half_shift, reverse,
  natural, natural; 128: natural, reverse, half_shift, pair_flip, pair_flip, pair_flip, natural.

The simulator plays a bracket given as match specs (id, bracket, source, source) with sources
``("seed", s)``, ``("winner", id)``, ``("loser", id)``, and counts per event the lower-bracket
rematches and the rematches in a dropped player's first lower match. Results: ``random`` (a coin) or
``favourite`` (the better seed, the lower number, wins 75%).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from draw.pairing import double_elimination

Spec = tuple[str, str, tuple, tuple]

ORDERINGS: dict[str, Callable[[list], list]] = {
    "natural": lambda a: list(a),
    "reverse": lambda a: list(reversed(a)),
    "half_shift": lambda a: a[len(a) // 2 :] + a[: len(a) // 2],
    "reverse_half_shift": lambda a: a[: len(a) // 2][::-1] + a[len(a) // 2 :][::-1],
    "pair_flip": lambda a: [x for i in range(0, len(a), 2) for x in (a[i + 1], a[i])],
}

REFERENCE_ORDERS = {
    4: ["natural", "reverse"],
    8: ["natural", "reverse", "natural"],
    16: ["natural", "reverse_half_shift", "reverse", "natural"],
    32: ["natural", "reverse", "half_shift", "natural", "natural"],
    64: ["natural", "reverse", "half_shift", "reverse", "natural", "natural"],
    128: ["natural", "reverse", "half_shift", "pair_flip", "pair_flip", "pair_flip", "natural"],
}


def engine_specs(size: int) -> list[Spec]:
    """The engine's upper and lower brackets for ``size`` players (a power of two), from its answer."""
    bracket = double_elimination([f"s{i}" for i in range(1, size + 1)])
    specs = []
    for m in bracket.matches:
        if m.bracket not in ("upper", "lower"):
            continue
        srcs = []
        for slot in m.slots:
            if "seed" in slot:
                srcs.append(("seed", slot["seed"]))
            elif "winner_of" in slot:
                srcs.append(("winner", slot["winner_of"]))
            else:
                srcs.append(("loser", slot["loser_of"]))
        specs.append((m.id, m.bracket, srcs[0], srcs[1]))
    return specs


def reference_specs(size: int) -> list[Spec]:
    """The same upper bracket with the reference model's lower bracket."""
    names = REFERENCE_ORDERS[size]
    return model_specs(size, [ORDERINGS[name] for name in names])


def model_specs(
    size: int,
    orders: Sequence[Callable[[list], list]],
    majors: Sequence[Callable[[list], list]] | None = None,
) -> list[Spec]:
    """The engine's upper bracket; a lower bracket dropping the losers of upper round t in
    ``orders[t - 1]`` (round 1: paired consecutively after that order); before the major round
    preceding the drop of upper round t the lower winners are put in ``majors[t - 1]`` (if given)."""
    specs = [s for s in engine_specs(size) if s[1] == "upper"]
    rounds = size.bit_length() - 1
    losers = [[("loser", s[0]) for s in specs if s[0].startswith(f"U{t}-")] for t in range(1, rounds + 1)]
    r = 0

    def play(pairs: list[tuple]) -> list[tuple]:
        nonlocal r
        r += 1
        ids = [f"L{r}-{i + 1}" for i in range(len(pairs))]
        specs.extend((x, "lower", a, b) for x, (a, b) in zip(ids, pairs))
        return [("winner", x) for x in ids]

    first = orders[0](losers[0])
    lower = play([(first[2 * i], first[2 * i + 1]) for i in range(len(first) // 2)])
    for t in range(2, rounds + 1):
        if t > 2:  # major round: consecutive winners
            if majors is not None:
                lower = majors[t - 1](lower)
            lower = play([(lower[2 * i], lower[2 * i + 1]) for i in range(len(lower) // 2)])
        dropped = orders[t - 1](losers[t - 1]) if len(losers[t - 1]) > 1 else losers[t - 1]
        lower = play(list(zip(dropped, lower)))
    return specs


def simulate(specs: Sequence[Spec], model: str, events: int, seed: int) -> tuple[float, float]:
    """Mean lower-bracket rematches and mean rematches in a dropped player's first lower match."""
    rng = random.Random(f"{model}/{seed}")
    lower_total = drop_total = 0
    for _ in range(events):
        winner: dict[str, int] = {}
        loser: dict[str, int] = {}
        met: set[tuple[int, int]] = set()
        for mid, bracket, a, b in specs:
            pa, pb = (_value(x, winner, loser) for x in (a, b))
            pair = (min(pa, pb), max(pa, pb))
            if bracket == "lower" and pair in met:
                lower_total += 1
                if a[0] == "loser" or b[0] == "loser":
                    drop_total += 1 if not mid.startswith("L1-") else 0
            met.add(pair)
            # oriented by seed number, so that the same structure gives the same figures
            better, worse = pair
            if rng.random() < (0.75 if model == "favourite" else 0.5):
                winner[mid], loser[mid] = better, worse
            else:
                winner[mid], loser[mid] = worse, better
    return lower_total / events, drop_total / events


def _value(src: tuple, winner: dict[str, int], loser: dict[str, int]) -> int:
    if src[0] == "seed":
        return src[1]
    return (winner if src[0] == "winner" else loser)[src[1]]
