"""How the double-elimination drop orders were chosen (not a test; a one-off search, kept to be re-run).

Run from the repository root:

    .venv/bin/python bench/search_drop_orders.py [--events 1500] [--sizes 8 16 32 64 128]

For each bracket size, the losers of upper round t (t = 1 .. k - 1; the last drop is one player) may
be put in any order of a family: split into 2^a blocks, rotate the blocks by r, reverse the block
order and/or each block; so may the lower-bracket winners before each major round (which of them
meet). Coordinate descent from the reference (brackets-manager.js's default orders, see
tests/draw/pairing/double_elimination_model.py): each choice in turn is replaced by the family member
minimising the sum over both result models (random, favourite 75%) of the mean lower-bracket
rematches plus the mean rematches in a dropped player's first lower match, among those no worse than
the reference on any of the four figures; the same simulated results (seed) for every candidate.
Prints the chosen orders as (a, r, reverse blocks, reverse inside) per round.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.draw.pairing.double_elimination_model import (  # noqa: E402
    ORDERINGS,
    REFERENCE_ORDERS,
    model_specs,
    simulate,
)

MODELS = ("random", "favourite")


def block_order(a: int, r: int, rev_blocks: bool, rev_inside: bool):
    def order(items: list) -> list:
        n = len(items)
        blocks = min(2**a, n)
        size = n // blocks
        parts = [items[i * size : (i + 1) * size] for i in range(blocks)]
        parts = parts[r % blocks :] + parts[: r % blocks]
        if rev_blocks:
            parts.reverse()
        if rev_inside:
            parts = [p[::-1] for p in parts]
        return [x for p in parts for x in p]

    return order


def family(length: int) -> list[tuple[tuple, object]]:
    out = []
    a = 0
    while 2**a <= length:
        for r in range(2**a):
            for rb in (False, True):
                for ri in (False, True):
                    out.append(((a, r, rb, ri), block_order(a, r, rb, ri)))
        a += 1
    return out


def distinct(length: int, pairing: bool = False) -> list[tuple[tuple, object]]:
    """Family members giving different orders (or, for a major round, different pairings)."""
    seen: dict = {}
    for label, order in family(length):
        out = order(list(range(length)))
        pairs = frozenset(frozenset(out[2 * i : 2 * i + 2]) for i in range(length // 2))
        key = pairs if pairing else tuple(out)
        seen.setdefault(key, (label, order))
    return list(seen.values())


def identity(items: list) -> list:
    return list(items)


def figures(size: int, orders: list, majors: list, events: int) -> list[float]:
    specs = model_specs(size, orders, majors)
    out: list[float] = []
    for model in MODELS:
        out.extend(simulate(specs, model, events, seed=7))
    return out


def search(size: int, events: int) -> tuple[list, list]:
    rounds = size.bit_length() - 1
    orders = [ORDERINGS[name] for name in REFERENCE_ORDERS[size]]
    majors = [identity] * (rounds + 1)
    labels: list = list(REFERENCE_ORDERS[size])
    major_labels: list = ["natural"] * (rounds + 1)
    reference = figures(size, orders, majors, events)
    best = reference
    print(f"size {size}: reference {[f'{x:.3f}' for x in reference]}", flush=True)
    for _sweep in range(2):
        for t in range(1, rounds):  # round-1 order, drops of 2+ players, the major rounds before them
            choices = [("drop", t, c) for c in distinct(size // 2**t)]
            if t >= 3:
                choices += [("major", t, c) for c in distinct(size // 2 ** (t - 1), pairing=True)]
            for kind, tt, (label, order) in choices:
                trial_orders, trial_majors = list(orders), list(majors)
                (trial_orders if kind == "drop" else trial_majors)[tt - 1] = order
                f = figures(size, trial_orders, trial_majors, events)
                if all(x <= y for x, y in zip(f, reference)) and sum(f) < sum(best):
                    best, orders, majors = f, trial_orders, trial_majors
                    (labels if kind == "drop" else major_labels)[tt - 1] = label
        print(f"  sweep: drops {labels} majors {major_labels} -> {[f'{x:.3f}' for x in best]}", flush=True)
    return labels, major_labels


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=1500)
    ap.add_argument("--sizes", type=int, nargs="*", default=[8, 16, 32, 64, 128])
    args = ap.parse_args()
    for size in args.sizes:
        search(size, args.events)


if __name__ == "__main__":
    main()
