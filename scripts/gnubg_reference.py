"""Build tests/rules_core/data/gnubg_plays.jsonl.gz: GNU Backgammon's legal plays for short-nardy positions.

Usage (needs the Debian package ``gnubg``; the test suite does not)::

    .venv/bin/python scripts/gnubg_reference.py [--positions 5000] [--seed 2026]

Stage 1 (this interpreter): positions are reached by random legal play with ``rules_core`` (many games, a
position sampled every few plies, with its own random dice; doubles are oversampled).
Stage 2 (``gnubg -t -p`` runs this same file inside GNU Backgammon's embedded Python): for each position
``set board <id>``, ``set dice a b``, ``hint`` at 0-ply with no limit lists every legal play; each play is
applied to gnubg's own board tuple by a few independent lines here (hits marked ``*`` by gnubg,
``(n)`` repeats)
and turned back into a position id with ``gnubg.positionid``. One JSON line per position:
``{"id": <gnubg id of the position>, "dice": [a, b], "plays": [sorted ids after each play, mover
still on roll]}``.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(globals().get("__file__", "scripts/gnubg_reference.py")))
OUT = os.path.join(HERE, "..", "tests", "rules_core", "data", "gnubg_plays.jsonl.gz")


def stage1(n_positions: int, seed: int) -> list[dict]:
    import random

    sys.path.insert(0, os.path.join(HERE, ".."))
    from rules_core import legal_plays, start_position, to_gnubg_id

    rng = random.Random(seed)
    seen: set = set()
    requests: list[dict] = []
    while len(requests) < n_positions:
        pos = start_position("short")
        for ply in range(400):
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            if ply % 3 == 0:
                ask = (
                    (rng.randint(1, 6),) * 2 if rng.random() < 0.4 else (rng.randint(1, 6), rng.randint(1, 6))
                )
                key = (to_gnubg_id(pos), ask)
                if key not in seen:
                    seen.add(key)
                    requests.append({"id": key[0], "dice": list(ask)})
            plays = legal_plays(pos, dice, "short")
            if plays:
                pos = rng.choice(plays).position
            if pos.off[0] == 15:
                break
            pos = pos.flipped("short")
    return requests[:n_positions]


def _apply(board, move: str):
    """Apply gnubg's move text to its board (board[1] is the player on roll, own numbering, index
    24 = bar)."""
    opp, me = list(board[0]), list(board[1])
    for token in move.split():
        m = re.match(r"^(.*?)(?:\((\d)\))?$", token)
        body, times = m.group(1), int(m.group(2) or 1)
        parts = body.split("/")
        for _ in range(times):
            pts = [
                25 if p.rstrip("*") == "bar" else 0 if p.rstrip("*") == "off" else int(p.rstrip("*"))
                for p in parts
            ]
            me[pts[0] - 1] -= 1
            for raw, p in zip(parts[1:], pts[1:]):
                if raw.endswith("*") and opp[24 - p] > 0:  # "8/2*(2)": only the first one hits
                    opp[24 - p] -= 1
                    opp[24] += 1
            if pts[-1] > 0:
                me[pts[-1] - 1] += 1
    return (tuple(opp), tuple(me))


def stage2(requests: list[dict]) -> list[dict]:
    import gnubg  # noqa: F401 - only inside GNU Backgammon

    for cmd in (
        "set player 0 human",
        "set player 1 human",
        "set evaluation chequerplay evaluation plies 0",
        "set automatic roll off",
        "new game",
    ):
        gnubg.command(cmd)
    out = []
    for req in requests:
        gnubg.command(f"set board {req['id']}")
        gnubg.command(f"set dice {req['dice'][0]} {req['dice'][1]}")
        board = gnubg.board()
        assert gnubg.positionid(board) == req["id"], (req, gnubg.positionid(board))
        try:
            hints = gnubg.hint(100000)["hint"]
        except Exception:  # gnubg raises when there is no legal move
            hints = []
        plays = sorted({gnubg.positionid(_apply(board, h["move"])) for h in hints})
        out.append({"id": req["id"], "dice": req["dice"], "plays": plays, "moves": len(hints)})
    return out


def main() -> None:
    if os.environ.get("GNUBG_REFERENCE_STAGE") == "2":
        with open(os.environ["GNUBG_REFERENCE_IN"]) as fh:
            requests = json.load(fh)
        result = stage2(requests)
        with open(os.environ["GNUBG_REFERENCE_OUT"], "w") as fh:
            json.dump(result, fh)
        return
    import argparse
    import tempfile

    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    requests = stage1(args.positions, args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = os.path.join(tmp, "in.json"), os.path.join(tmp, "out.json")
        with open(src, "w") as fh:
            json.dump(requests, fh)
        env = dict(os.environ, GNUBG_REFERENCE_STAGE="2", GNUBG_REFERENCE_IN=src, GNUBG_REFERENCE_OUT=dst)
        gnubg = (
            "gnubg"
            if subprocess.run(["which", "gnubg"], capture_output=True).returncode == 0
            else "/usr/games/gnubg"
        )
        proc = subprocess.run(
            [gnubg, "-q", "-t", "-p", os.path.join(HERE, "gnubg_reference.py")],
            env=env,
            capture_output=True,
            text=True,
        )
        if not os.path.exists(dst):
            sys.exit(f"gnubg failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
        with open(dst) as fh:
            result = json.load(fh)
    with gzip.open(OUT, "wt", encoding="ascii") as fh:
        for row in result:
            fh.write(json.dumps({k: row[k] for k in ("id", "dice", "plays")}, separators=(",", ":")) + "\n")
    print(
        f"{len(result)} positions, {sum(len(r['plays']) for r in result)} distinct resulting positions, "
        f"{sum(r['moves'] for r in result)} gnubg hint lines -> {OUT}"
    )


if __name__ == "__main__" or os.environ.get("GNUBG_REFERENCE_STAGE") == "2":
    main()
