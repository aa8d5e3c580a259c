"""Team standings speed (not a test): the pure ``standings.team_metrics.team_table`` on generated team Swiss
events, and a team Swiss draw on team keys through the pure pairing engine.

Run from the repository root:

    .venv/bin/python bench/bench_team_standings.py [--teams 16 64 200] [--rounds 9] [--boards 4]

Prints, per field size, the median time of one team table (every tie-break) and of one Swiss pairing of the
teams for the last round.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from draw.pairing import handle  # noqa: E402
from standings.team_metrics import TeamResult, team_table  # noqa: E402


def event(n: int, rounds: int, boards: int, rng: random.Random) -> list[TeamResult]:
    """Random pairings (rematches allowed: the table does not care) with random board results."""
    teams = [str(i) for i in range(n)]
    out = []
    for r in range(1, rounds + 1):
        rng.shuffle(teams)
        for i in range(0, n - 1, 2):
            out.append(
                TeamResult(r, teams[i], teams[i + 1], tuple(rng.choice((1, 2)) for _ in range(boards)))
            )
        if n % 2:
            out.append(TeamResult(r, teams[-1], None))
    return out


def timed(fn, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--teams", type=int, nargs="+", default=[16, 64, 200])
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--boards", type=int, default=4)
    a = ap.parse_args()
    rng = random.Random(18)
    print(f"{'teams':>6} {'rounds':>6} {'table ms':>9} {'swiss ms':>9}")
    for n in a.teams:
        results = event(n, a.rounds, a.boards, rng)
        names = [str(i) for i in range(n)]
        table = timed(lambda names=names, results=results: team_table(names, results, boards=a.boards))
        rows = team_table(names, results, boards=a.boards)
        players = [{"id": r.team, "points": str(r.match_points), "opponents": [], "byes": 0} for r in rows]
        swiss = timed(lambda players=players: handle({"system": "swiss", "seed": 1, "players": players}), 3)
        print(f"{n:>6} {a.rounds:>6} {table * 1000:>9.1f} {swiss * 1000:>9.1f}")


if __name__ == "__main__":
    main()
