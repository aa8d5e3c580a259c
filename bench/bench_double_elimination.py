"""Double elimination drop order against brackets-manager.js's default (not a test).

Run from the repository root:

    .venv/bin/python bench/bench_double_elimination.py [--events 20000] [--sizes 8 16 32 64 128]

For each bracket size and result model (``random``: a coin; ``favourite``: the better seed wins 75%),
the engine's bracket and the reference model (tests/draw/pairing/double_elimination_model.py) are played
with the same simulated results; printed: mean lower-bracket rematches per event and mean rematches in
a dropped player's first lower match.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.draw.pairing.double_elimination_model import (  # noqa: E402
    engine_specs,
    reference_specs,
    simulate,
)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=20000)
    ap.add_argument("--sizes", type=int, nargs="*", default=[8, 16, 32, 64, 128])
    args = ap.parse_args()
    print(f"{args.events} events per line; engine | brackets-manager.js default")
    for size in args.sizes:
        for model in ("random", "favourite"):
            t0 = time.perf_counter()
            ours = simulate(engine_specs(size), model, args.events, seed=11)
            theirs = simulate(reference_specs(size), model, args.events, seed=11)
            print(
                f"  {size:>4} players, {model:<9}: lower-bracket rematches {ours[0]:.3f} | {theirs[0]:.3f}; "
                f"right after a drop {ours[1]:.3f} | {theirs[1]:.3f}  ({time.perf_counter() - t0:.0f} s)",
                flush=True,
            )


if __name__ == "__main__":
    main()
