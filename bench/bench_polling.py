"""Spectators polling the live pages of a 1,000-player Swiss mid-round, against gunicorn (issue 17).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> .venv/bin/python bench/bench_polling.py \\
        [--spectators 1000] [--seconds 60] [--players 1000] [--workers 3] [--post-every 3] [--redis URL]

Builds a 1,000-player, 9-round Swiss with five rounds played and round 6 half entered (bulk_create, as
bench/bench_standings.py), starts ``gunicorn config.wsgi --workers 3`` on a free port, and then, for
``--seconds``:

- ``--spectators`` simulated phones, half on the round's live fragment (``/t/<id>/rounds/6/live/``), half on
  the standings fragment (``/t/<id>/standings/?fragment=1``), each asking every 3 s with the ETag it holds
  (``If-None-Match``), as ``static/js/live.js`` does — about spectators / 3 requests a second;
- a secretary's client saving a result of the round every ``--post-every`` seconds through the whole-round
  entry (``POST …/results/<match>/``, ``X-Entry-Row: 1``).

It prints the requests' latency (p50, p95, max), errors, requests per second, the share of 304s, the time
from a result saved to its appearance on the polling phones of the round (the first answer each phone gets
that carries the new version), the server's CPU per request, and the CPU of a changed fragment rendered
afresh (in this process, after a version bump). The load generator (one asyncio process, plain sockets: no
client library) shares the machine's CPUs with the server: its own CPU time is printed too.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

LIVE_ROUND = 6


def setup(players: int):
    """The tournament mid-round: rounds 1–5 played, round 6 published with half its results entered."""
    from django.contrib.auth import get_user_model

    from bench.bench_standings import build_swiss
    from draw.models import Match, Round
    from registration.models import Official, Person
    from tournaments.models import Tournament

    t = build_swiss(players, rounds=LIVE_ROUND, seed=7, name="Швейцарка (опрос)")
    Tournament.objects.filter(pk=t.pk).update(rounds=9)
    Round.objects.filter(tournament=t, number=LIVE_ROUND).update(
        status=Round.Status.PUBLISHED, finished_at=None
    )
    open_ = Match.objects.filter(round__tournament=t, round__number=LIVE_ROUND, player2__isnull=False)
    half = list(open_.order_by("table").values_list("pk", flat=True))[len(open_) // 2 :]
    Match.objects.filter(pk__in=half).update(
        score1=None, score2=None, winner=None, result_kind="", ended_at=None, final_at=None
    )
    user = get_user_model().objects.create_user(f"bench-secretary-{t.pk}", password=secrets.token_hex(12))
    person = Person.objects.create(user=user, surname="Секретарь", name="Бенч")
    Official.objects.create(tournament=t, person=person, role=Official.Role.CHIEF_SECRETARY)
    return Tournament.objects.get(pk=t.pk), user, half


def session_cookie(user) -> str:
    """A logged-in session for the secretary's client, written straight into the session store."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return store.session_key


def recompute_cpu(t, repeat: int = 7) -> dict[str, float]:
    """CPU (ms, median) of each fragment rendered afresh after a change: version bumped, nothing cached."""
    from django.test import Client

    from tournaments.models import bump_version

    client = Client()
    urls = {
        "round fragment (a page of 100 tables: a phone)": f"/t/{t.pk}/rounds/{LIVE_ROUND}/live/?page=1",
        "standings fragment": f"/t/{t.pk}/standings/?fragment=1",
        "home live block": f"/t/{t.pk}/live/",
        "participant page": f"/t/{t.pk}/p/{t.participants.order_by('pk').first().pk}/?fragment=1",
    }
    out = {}
    for label, url in urls.items():
        client.get(url)
        cpu = []
        for _ in range(repeat):
            bump_version(t.pk)
            began = time.process_time()
            response = client.get(url)
            cpu.append((time.process_time() - began) * 1000)
            assert response.status_code == 200, (url, response.status_code)
        out[label] = statistics.median(cpu)
    return out


# --- a tiny HTTP/1.1 client on asyncio streams ------------------------------------------------------------


async def request(
    port: int, method: str, path: str, headers: dict[str, str], body: bytes = b"", host: str = "127.0.0.1"
):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = [f"{method} {path} HTTP/1.1", f"Host: {host}", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in headers.items()]
    if body:
        lines.append(f"Content-Length: {len(body)}")
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
    await writer.drain()
    raw = await reader.read(-1)
    writer.close()
    head, _sep, content = raw.partition(b"\r\n\r\n")
    head_lines = head.decode("latin-1").split("\r\n")
    status = int(head_lines[0].split()[1])
    got = {}
    for line in head_lines[1:]:
        name, _colon, value = line.partition(":")
        got[name.strip().lower()] = value.strip()
    return status, got, content


def version_of(etag: str) -> int:
    return int(etag.strip('"W/').split("-")[1]) if etag else 0


class Run:
    def __init__(self, port: int, t, seconds: float, interval: float):
        self.port, self.t, self.seconds, self.interval = port, t, seconds, interval
        self.latencies: list[float] = []
        self.codes: dict[int, int] = {}
        self.errors: list[str] = []
        self.saved: list[tuple[int, float]] = []  # (version after the save, when the answer came)
        self.visible: list[float] = []  # result saved → seen by a phone of the round, seconds
        self.posted_ms: list[float] = []
        self.end = 0.0

    async def spectator(self, i: int, start: float) -> None:
        path = (
            f"/t/{self.t.pk}/rounds/{LIVE_ROUND}/live/"
            if i % 2 == 0
            else f"/t/{self.t.pk}/standings/?fragment=1"
        )
        watches_round = i % 2 == 0
        etag, seen = "", 0  # seen: how many saved results this phone has shown
        moment = start + random.random() * self.interval
        while True:
            await asyncio.sleep(max(0.0, moment - time.monotonic()))
            if time.monotonic() >= self.end:
                return
            began = time.monotonic()
            try:
                status, headers, _body = await request(
                    self.port, "GET", path, {"If-None-Match": etag} if etag else {}
                )
            except OSError as exc:
                self.errors.append(type(exc).__name__)
                moment += self.interval
                continue
            done = time.monotonic()
            self.latencies.append(done - began)
            self.codes[status] = self.codes.get(status, 0) + 1
            if status not in (200, 304):
                self.errors.append(str(status))
            else:
                etag = headers.get("etag", etag)
                if watches_round:
                    version = version_of(etag)
                    while seen < len(self.saved) and self.saved[seen][0] <= version:
                        self.visible.append(done - self.saved[seen][1])
                        seen += 1
            moment += self.interval

    async def secretary(self, session: str, matches: list[int], every: float) -> None:
        from draw.models import Match
        from tournaments.models import Tournament

        csrf = secrets.token_hex(16)  # 32 characters: Django takes an unmasked secret equal to the cookie
        cookies = f"sessionid={session}; csrftoken={csrf}"
        for pk in matches:
            await asyncio.sleep(every)
            if time.monotonic() >= self.end - 5:  # leave the phones 5 s to see the last one
                return
            version = await asyncio.to_thread(lambda pk=pk: Match.objects.get(pk=pk).version)
            body = f"score1=7&score2={random.randrange(7)}&version={version}".encode()
            began = time.monotonic()
            status, _h, content = await request(
                self.port,
                "POST",
                f"/t/{self.t.pk}/rounds/{LIVE_ROUND}/results/{pk}/",
                {
                    "Cookie": cookies,
                    "X-CSRFToken": csrf,
                    "X-Entry-Row": "1",
                    "Content-Type": "application/x-www-form-urlencoded",
                },
                body,
            )
            answered = time.monotonic()
            if status != 200:
                self.errors.append(f"POST {status}: {content[:200]!r}")
                continue
            self.posted_ms.append((answered - began) * 1000)
            now_version = await asyncio.to_thread(
                lambda: Tournament.objects.values_list("version", flat=True).get(pk=self.t.pk)
            )
            self.saved.append((now_version, answered))


def process_cpu(pids: list[int]) -> float:
    """User + system CPU seconds of these processes (from /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spectators", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--interval", type=float, default=3.0, help="seconds between a phone's polls")
    parser.add_argument("--post-every", type=float, default=3.0, help="seconds between two results saved")
    parser.add_argument("--redis", default="", help="CACHE_URL for the server (default: local memory)")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("set DATABASE_URL=postgres://… (gunicorn's workers share the database)")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only-" + "x" * 50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost,testserver",
        "SECURE_SSL_REDIRECT": "0",
        "SESSION_COOKIE_SECURE": "0",
        "CSRF_COOKIE_SECURE": "0",
        "LOG_LEVEL": "WARNING",
    }
    if args.redis:
        env["CACHE_URL"] = args.redis
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    began = time.perf_counter()
    t, user, open_matches = setup(args.players)
    print(
        f"built a {args.players}-player Swiss, round {LIVE_ROUND} of 9 half entered "
        f"({len(open_matches)} results to enter), in {time.perf_counter() - began:.1f} s"
    )
    cpu = recompute_cpu(t)
    print(
        "a changed fragment rendered afresh (CPU, median of 7, this process): "
        + ", ".join(f"{k} {v:.0f} ms" for k, v in cpu.items())
    )
    session = session_cookie(user)
    port = free_port()
    server = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "config.wsgi:application",
            "--workers",
            str(args.workers),
            "--bind",
            f"127.0.0.1:{port}",
            "--backlog",
            "4096",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        run = Run(port, t, args.seconds, args.interval)

        async def go():
            # Warm every worker (imports, templates, the first computation) before the clock starts.
            await asyncio.gather(
                *(
                    request(port, "GET", p, {})
                    for p in [f"/t/{t.pk}/rounds/{LIVE_ROUND}/live/", f"/t/{t.pk}/standings/?fragment=1"]
                    * (args.workers * 2)
                )
            )
            pids = [server.pid, *children(server.pid)]
            cpu_before, own_before = process_cpu(pids), time.process_time()
            start = time.monotonic()
            run.end = start + args.seconds
            await asyncio.gather(
                *(run.spectator(i, start) for i in range(args.spectators)),
                run.secretary(session, open_matches, args.post_every),
            )
            elapsed = time.monotonic() - start
            return elapsed, process_cpu(pids) - cpu_before, time.process_time() - own_before

        elapsed, server_cpu, own_cpu = asyncio.run(go())
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    n = len(run.latencies)
    ms = [x * 1000 for x in run.latencies]
    print(
        f"{args.spectators} spectators every {args.interval:g} s for {args.seconds:g} s, gunicorn "
        f"{args.workers} workers, cache {'Redis' if args.redis else 'local memory'}:"
    )
    print(
        f"  {n} requests, {n / elapsed:.0f} req/s; latency p50 {percentile(ms, 0.5):.0f} ms, "
        f"p95 {percentile(ms, 0.95):.0f} ms, max {max(ms, default=0):.0f} ms; "
        f"answers {dict(sorted(run.codes.items()))}; errors {len(run.errors)}"
        + (f" ({', '.join(sorted(set(run.errors))[:5])})" if run.errors else "")
    )
    posted = statistics.median(run.posted_ms) if run.posted_ms else float("nan")
    visible = statistics.median(run.visible) if run.visible else float("nan")
    print(
        f"  {len(run.saved)} results saved (POST answered in median {posted:.0f} ms); saved → visible on "
        f"a phone of the round: median {visible:.1f} s, p95 {percentile(run.visible, 0.95):.1f} s, "
        f"max {max(run.visible, default=float('nan')):.1f} s"
    )
    print(
        f"  server CPU {server_cpu:.1f} s ({server_cpu / max(n, 1) * 1000:.1f} ms per request); load "
        f"generator CPU {own_cpu:.1f} s; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    )


if __name__ == "__main__":
    main()
