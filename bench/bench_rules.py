"""Benchmark of the rules core (not a test).

Run: ``.venv/bin/python bench/bench_rules.py`` (from the repository root).

1. Legal plays: positions reached by random legal play (seeded), 600 per discipline; for each, one
   non-double and one double roll are timed (best of 3 calls each, to take out scheduler noise); the
   median, 95th percentile and maximum over the positions are printed. Targets: < 1 ms non-doubles,
   < 5 ms doubles (median).
2. Validation: a 25-point match played by random legal plays with the cube (``rules_core.simulate``),
   written with the package's own .mat writer, then ``validate_record`` on the text is timed (median of
   5 runs). Target: < 0.5 s for about 1,000 plays.
3. Replay: ``replay`` of the same text (a snapshot after every action, what the replay page draws), median
   of 5 cold runs (nothing cached). Target: < 0.2 s for the 25-point long-nardy match.
4. With ``--page``: the replay page of that long-nardy match served by Django (test client, a throw-away
   SQLite database, the cache cleared before each request: a cold replay), median of 5; and the same page
   warm (rows from the cache).

Run with ``--page`` for part 4: ``.venv/bin/python bench/bench_rules.py --page``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_core import legal_plays, replay, start_position, validate_record, write_mat  # noqa: E402
from rules_core.simulate import random_match  # noqa: E402


def sample_positions(discipline: str, n: int, seed: int):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        pos = start_position(discipline)
        rolled = {0: False, 1: False}
        for ply in range(300):
            side = ply % 2
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(pos, dice, discipline, first_roll=not rolled[side], moves_second=side == 1)
            rolled[side] = True
            if plays:
                pos = rng.choice(plays).position
            if pos.off[0] == 15:
                break
            if ply % 4 == 1:
                out.append(pos.flipped(discipline))
            pos = pos.flipped(discipline)
    return out[:n]


def time_call(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def bench_plays(discipline: str) -> None:
    rng = random.Random(7)
    positions = sample_positions(discipline, 600, 2026)
    for label, doubles in (("non-doubles", False), ("doubles", True)):
        times = []
        for pos in positions:
            if doubles:
                d = rng.randint(1, 6)
                dice = (d, d)
            else:
                a, b = rng.sample(range(1, 7), 2)
                dice = (a, b)
            times.append(time_call(lambda pos=pos, dice=dice: legal_plays(pos, dice, discipline)) * 1000)
        times.sort()
        p95 = times[int(len(times) * 0.95)]
        print(
            f"legal plays  {discipline:5s} {label:11s}: median {statistics.median(times):.3f} ms, "
            f"p95 {p95:.3f} ms, max {times[-1]:.3f} ms  ({len(times)} positions)"
        )


def bench_validate(discipline: str, seed: int) -> None:
    record = random_match(discipline, 25, seed, cube_rate=0.02)
    text = write_mat(record)
    plays = sum(1 for g in record.games for a in g.actions if a.kind == "roll")
    times = []
    for _ in range(5):
        t = time.perf_counter()
        report = validate_record(text, discipline)
        times.append(time.perf_counter() - t)
    assert report.valid, report.findings[:3]
    print(
        f"validate     {discipline:5s} 25-point match, {len(record.games)} games, {plays} plays: "
        f"median {statistics.median(times):.3f} s ({1000 * statistics.median(times) / plays:.3f} ms/play)"
    )


def bench_replay(discipline: str, seed: int) -> None:
    record = random_match(discipline, 25, seed, cube_rate=0.02)
    text = write_mat(record)
    times = []
    for _ in range(5):
        t = time.perf_counter()
        snaps = replay(text, discipline)
        times.append(time.perf_counter() - t)
    print(
        f"replay       {discipline:5s} 25-point match, {len(record.games)} games, {len(snaps)} snapshots: "
        f"median {statistics.median(times):.3f} s (cold)"
    )


def bench_page(seed: int) -> None:
    """The replay page of the 25-point long-nardy match through Django, cold (cache cleared) and warm."""
    os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
    os.environ.pop("DATABASE_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.cache import cache
    from django.core.management import call_command
    from django.test import Client

    from records import store
    from tests.factories import add_players, make_tournament, make_user
    from tournaments.models import Match, Round, Stage

    call_command("migrate", verbosity=0)
    secretary = make_user("bench-secretary", can_create=True)
    t = make_tournament(secretary, discipline="long", match_length=25)
    a, b = add_players(t, 2)
    stage = Stage.objects.create(tournament=t, number=1, system=t.system)
    rnd = Round.objects.create(tournament=t, stage=stage, number=1, seed=1, status=Round.Status.PUBLISHED)
    match = Match.objects.create(round=rnd, table=1, player1=a, player2=b, match_length=25)
    text = write_mat(random_match("long", 25, seed, cube_rate=0.02, players=("Игрок000", "Игрок001")))
    store.attach(match, secretary, text, source="paste")
    client = Client()
    client.force_login(secretary)
    url = f"/t/{t.pk}/matches/{match.pk}/record/replay/"
    client.get(url)  # templates and translations loaded once
    for label, clear in (("cold", True), ("warm", False)):
        times = []
        for _ in range(5):
            if clear:
                cache.clear()
            began = time.perf_counter()
            response = client.get(url, {"step": 500})
            times.append(time.perf_counter() - began)
            assert response.status_code == 200, response.status_code
        print(
            f"replay page  long  25-point match ({label}): median {statistics.median(times):.3f} s, "
            f"{len(response.content) // 1024} KiB"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", action="store_true", help="also time the replay page through Django")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}")
    for discipline in ("short", "long"):
        bench_plays(discipline)
    bench_validate("short", 14)  # seeds chosen to give about 1,000 plays
    bench_validate("long", 17)
    bench_replay("short", 14)
    bench_replay("long", 17)
    if args.page:
        bench_page(17)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
