"""The API's 1,000-player standings: size (raw, gzipped, and as it was with ``\\u`` escapes), time cold and
cached, and the time of a 304; also a page of matches, a participant and the state filter.

    .venv/bin/python bench/bench_api.py [--players 1000] [--rounds 9] [--repeat 15]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/nardy_api .venv/bin/python bench/bench_api.py

Builds the tournament with ``bench_standings.build_swiss`` (bulk_create) in a throw-away SQLite database (or
``DATABASE_URL``'s), then calls the API through Django's test client (the whole request: middleware, queries,
serialisation, gzip) and prints the best / median wall time and the median CPU time of this process, the
number of queries, and the machine's load average. "cold" clears the cache before each call (a new version:
the standings computed again); "cached" is the next poller of the same version; "304" is a poller that
already holds the answer (If-None-Match).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    from bench.bench_standings import build_swiss, setup_django

    setup_django()
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    began = time.perf_counter()
    t = build_swiss(args.players, args.rounds)
    print(f"built {args.players} participants × {args.rounds} rounds in {time.perf_counter() - began:.2f} s")
    client = Client()
    base = f"/api/tournaments/{t.pk}"
    standings = f"{base}/standings?limit={args.players}"

    def timed(label: str, url: str, cold: bool = False, **headers) -> object:
        client.get(url, **headers)  # warm up: translations, content types
        times, cpu = [], []
        for _ in range(args.repeat):
            if cold:
                cache.clear()
            with CaptureQueriesContext(connection) as queries:
                began, began_cpu = time.perf_counter(), time.process_time()
                response = client.get(url, **headers)
                times.append((time.perf_counter() - began) * 1000)
                cpu.append((time.process_time() - began_cpu) * 1000)
            assert response.status_code in (200, 304), (url, response.status_code)
        print(
            f"{label:<38} wall best {min(times):6.1f} / median {statistics.median(times):6.1f} ms; "
            f"CPU median {statistics.median(cpu):6.1f} ms; {len(queries)} queries; "
            f"{response.status_code}, {len(response.content):,} bytes"
        )
        return response

    plain = client.get(standings)
    packed = client.get(standings, HTTP_ACCEPT_ENCODING="gzip")
    assert packed.get("Content-Encoding") == "gzip", (
        packed.status_code,
        dict(packed.headers),
        packed.content[:300],
    )
    escaped = json.dumps(json.loads(plain.content)).encode()  # what ninja's default renderer sent before
    print(
        f"standings of {args.players}, one page: {len(plain.content):,} bytes UTF-8 "
        f"(was {len(escaped):,} with \\u escapes and spaces), {len(packed.content):,} bytes gzipped"
    )
    timed("standings, cold (computed)", standings, cold=True)
    from standings import ranking
    from tournaments.models import Tournament

    spent = []
    for _ in range(3):
        began = time.process_time()
        ranking.compute(Tournament.objects.get(pk=t.pk))
        spent.append((time.process_time() - began) * 1000)
    print(f"{'  of which ranking.compute (CPU)':<38} median {statistics.median(spent):6.1f} ms")
    timed("standings, cached (same version)", standings)
    timed("standings, cached, gzip", standings, HTTP_ACCEPT_ENCODING="gzip")
    timed("standings, 304 (If-None-Match)", standings, HTTP_IF_NONE_MATCH=plain["ETag"])
    timed("standings, default page of 100", f"{base}/standings")
    timed("round 9: 500 matches, one page", f"{base}/rounds/9?limit=1000")
    # Worst case: no result stored final yet (the finality task has not run), all 4,500 judged by the clock.
    timed("matches, state=final, none stored", f"{base}/matches?state=final")
    from django.utils import timezone

    from draw.models import Match

    Match.objects.filter(round__tournament=t, round__number__lt=args.rounds).update(final_at=timezone.now())
    timed("matches, state=final, 8 rounds stored", f"{base}/matches?state=final")
    timed("matches of one participant", f"{base}/matches?participant={t.participants.first().pk}")
    timed("participant, cached standings", f"{base}/participants/{t.participants.first().pk}")
    timed("participants, page of 1,000", f"{base}/participants?limit=1000")
    print(f"({connection.vendor}) load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
