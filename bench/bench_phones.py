"""Ten thousand phones on one server while results pour in (issue 35 §1, issue 37).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/<db> .venv/bin/python bench/bench_phones.py \\
        [--players 10000] [--phones 10000] [--seconds 60] [--interval 3] [--post-every 3] [--workers 5] \\
        [--pages N] [--tournament ID] [--build-only] [--direct] [--shared-seconds 1] [--redis URL]

The production stack as deployed, on this machine: gunicorn with ``deploy/gunicorn.conf.py`` (``--workers``
sync workers, 5 = 2 × cores + 1 on two cores) behind nginx with ``deploy/nginx/nardy.conf`` as written — only
the ports, paths and TLS swapped for a plain local port (the load generator cannot afford 10,000 TLS sessions;
TLS is nginx's, the same for every design) — and a main nginx configuration for 10,000 connections
(``worker_connections``; Debian's default of 768 holds about 700 phones: raise it, deploy/README.md).

A Swiss of ``--players`` mid-round (rounds 1–5 played, round 6 published with half its results to enter, as
bench/bench_polling.py builds it; ``--tournament ID`` reuses one built before, ``--build-only`` builds and
stops). Then, for ``--seconds``:

- ``--phones`` phones, each on its own keep-alive connection as a browser keeps one, asking every
  ``--interval`` s what static/js/live.js asks (``X-Live: 1``, ``Accept-Encoding: gzip``, the ETag it holds
  as ``If-None-Match``): half a page of 100 tables of the live round (``…/rounds/6/live/?page=k``), half a
  page of the standings fragment (``…/standings/?fragment=1&page=k``), spread over the first ``--pages``
  pages of each (0, the default: every page — the most distinct fragments, the worst case for a shared
  copy; 1: the issue's phones, all on the first page of each). Nobody logged in (spectators, players on the
  public pages); one phone in ten never sends its ETag (a venue screen, an old page: the whole fragment
  every time);
- the secretary (logged in, through nginx like the phones) saving a result of the round every
  ``--post-every`` s through the whole-round entry (``X-Entry-Row: 1``), each result moving the tournament's
  version: no phone's copy stays current for long.

It prints the phones' latency (p50, p95, p99, max), the answers by status, errors (refused, reset, no answer
within 10 s, anything but 200/304), the rate served, the polls that reached gunicorn, the result entry's
latency (p50, p95, max), the time from a result saved to its version on a phone of the round (the first
answer the phone gets that carries it), and the CPU of nginx, gunicorn and the load generator itself (which
shares the two cores). ``--direct``: the phones ask gunicorn itself, no nginx (the old way, for comparison);
``--shared-seconds 0``: nginx in front but nothing shared (only the shedding).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import re
import resource
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.bench_polling import (  # noqa: E402
    LIVE_ROUND,
    children,
    free_port,
    percentile,
    process_cpu,
    request,
    session_cookie,
    setup,
)
from scripts.stack_test import nginx_conf  # noqa: E402

HOST = "nardy.example.org"  # deploy/: nginx's server_name, ALLOWED_HOSTS
TIMEOUT = 10.0  # a phone's poll not answered within this is an error
PER_PAGE = 100  # tables on a page of the round, rows on a page of the standings


# --- the field ----------------------------------------------------------------------------------------------


def reuse(pk: int):
    """A tournament built by an earlier run: its secretary and the round's matches still without a result."""
    from draw.models import Match
    from registration.models import Official
    from tournaments.models import Tournament

    t = Tournament.objects.get(pk=pk)
    official = Official.objects.filter(tournament=t, role=Official.Role.CHIEF_SECRETARY).first()
    if official is None or official.person.user is None:
        sys.exit(f"tournament {pk} has no secretary with a login: build one with --build-only")
    open_ = Match.objects.filter(
        round__tournament=t, round__number=LIVE_ROUND, player2__isnull=False, score1__isnull=True
    )
    return t, official.person.user, list(open_.order_by("table").values_list("pk", flat=True))


# --- the stack: gunicorn and nginx as deployed --------------------------------------------------------------


def nginx_site(tmp: Path, ports: dict[str, int], live_workers: int) -> Path:
    """deploy/nginx/nardy.conf as written, its ports and paths swapped and TLS taken off (plain HTTP here), as
    the stack test runs it, with nginx's workers sized for 10,000 connections."""
    swaps = {
        "server 127.0.0.1:8001": f"server 127.0.0.1:{ports['web']}",
        "server 127.0.0.1:8002 max_conns=2": f"server 127.0.0.1:{ports['live']} max_conns={live_workers}",
        "listen 80;": f"listen 127.0.0.1:{ports['redirect']};",
        "listen 443 ssl http2;": f"listen 127.0.0.1:{ports['http']} backlog=16384;",
        "/srv/nardy/staticfiles/": f"{ROOT}/staticfiles/",
        "/var/log/nginx/": f"{tmp}/nginx/",
        "/var/lib/nginx/nardy-live": f"{tmp}/nginx/cache",
        "/etc/nginx/nardy_proxy_params": f"{tmp}/nginx/nardy_proxy_params",
    }
    return nginx_conf(tmp, swaps, plain=True, processes="auto", connections=32768)


def wait_port(port: int, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"nothing listens on {port}")


# --- a phone: one keep-alive connection, asyncio's protocol API (no client library) -------------------------

_STATUS = re.compile(rb"HTTP/1\.[01] (\d{3})")


class Phone(asyncio.Protocol):
    """Asks ``path`` every ``interval`` s on one connection, with the ETag it holds; reconnects when the
    server closes it."""

    def __init__(self, run: Run, path: str, watches_round: bool, sends_etag: bool = True):
        self.run, self.path, self.watches_round, self.sends_etag = run, path, watches_round, sends_etag
        self.transport: asyncio.Transport | None = None
        self.etag = ""
        self.seen = 0  # how many saved results this phone has shown
        self.buffer = b""
        self.began = 0.0
        self.waiting = False
        self.timer: asyncio.TimerHandle | None = None

    # the connection
    def connection_made(self, transport) -> None:
        self.transport = transport

    def connection_lost(self, exc) -> None:
        self.transport = None
        if self.waiting:
            self.waiting = False
            self.run.error("reset" if exc else "closed")

    async def connect(self) -> bool:
        try:
            await self.run.loop.create_connection(lambda: self, "127.0.0.1", self.run.port)
            return True
        except OSError as exc:
            self.run.error(type(exc).__name__)
            return False

    # one poll
    async def ask(self) -> None:
        if self.transport is None and not await self.connect():
            return
        head = [
            f"GET {self.path} HTTP/1.1",
            f"Host: {HOST}",
            "X-Live: 1",
            "Accept-Encoding: gzip",
        ]
        if self.etag and self.sends_etag:
            head.append(f"If-None-Match: {self.etag}")
        self.buffer = b""
        self.waiting = True
        self.began = time.monotonic()
        self.transport.write(("\r\n".join(head) + "\r\n\r\n").encode())
        self.timer = self.run.loop.call_later(TIMEOUT, self.timed_out)

    def timed_out(self) -> None:
        if self.waiting:
            self.waiting = False
            self.run.error("timeout")
            if self.transport is not None:
                self.transport.abort()

    def data_received(self, data: bytes) -> None:
        if not self.waiting:
            return
        self.buffer += data
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return
        head = self.buffer[:end]
        length, chunked, etag = 0, False, ""
        for line in head.split(b"\r\n")[1:]:
            name, _colon, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"transfer-encoding" and b"chunked" in value:
                chunked = True
            elif name == b"etag":
                etag = value.strip().decode()
        body = self.buffer[end + 4 :]
        if chunked:
            if not body.endswith(b"0\r\n\r\n"):
                return
        elif len(body) < length:
            return
        self.waiting = False
        if self.timer is not None:
            self.timer.cancel()
        status = int(_STATUS.match(head).group(1))
        self.run.answered(self, status, etag, time.monotonic())


class Run:
    def __init__(self, port: int, seconds: float, interval: float):
        self.port, self.seconds, self.interval = port, seconds, interval
        self.loop: asyncio.AbstractEventLoop = None  # type: ignore[assignment]  # set in the loop
        self.latencies: list[float] = []
        self.codes: dict[int, int] = {}
        self.errors: dict[str, int] = {}
        self.saved: list[tuple[int, float]] = []  # (version after the save, when its answer came)
        self.visible: list[float] = []
        self.posted_ms: list[float] = []
        self.start = self.end = 0.0

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1

    def answered(self, phone: Phone, status: int, etag: str, when: float) -> None:
        self.latencies.append(when - phone.began)
        self.codes[status] = self.codes.get(status, 0) + 1
        if status not in (200, 304):
            self.error(str(status))
            return
        if etag:
            phone.etag = etag
        if phone.watches_round and phone.etag:
            version = int(phone.etag.removeprefix("W/").strip('"').split("-")[1])
            while phone.seen < len(self.saved) and self.saved[phone.seen][0] <= version:
                self.visible.append(when - self.saved[phone.seen][1])
                phone.seen += 1

    async def phone(self, phone: Phone) -> None:
        moment = self.start + random.random() * self.interval
        while True:
            await asyncio.sleep(max(0.0, moment - time.monotonic()))
            if time.monotonic() >= self.end:
                if phone.transport is not None:
                    phone.transport.close()
                return
            if not phone.waiting:  # a poll still unanswered is not doubled (live.js chains its polls)
                await phone.ask()
            moment += self.interval

    async def secretary(self, t, session: str, matches: list[int], every: float) -> None:
        from draw.models import Match
        from tournaments.models import Tournament

        csrf = secrets.token_hex(16)
        cookies = f"sessionid={session}; csrftoken={csrf}"
        for pk in matches:
            await asyncio.sleep(every)
            if time.monotonic() >= self.end - 5:  # the phones have 5 s to see the last one
                return
            version = await asyncio.to_thread(lambda pk=pk: Match.objects.get(pk=pk).version)
            body = f"score1=7&score2={random.randrange(7)}&version={version}".encode()
            began = time.monotonic()
            status, _headers, content = await request(
                self.port,
                "POST",
                f"/t/{t.pk}/rounds/{LIVE_ROUND}/results/{pk}/",
                {
                    "Cookie": cookies,
                    "X-CSRFToken": csrf,
                    "X-Entry-Row": "1",
                    "Referer": f"http://{HOST}/",
                    "Content-Type": "application/x-www-form-urlencoded",
                },
                body,
                host=HOST,
            )
            answered = time.monotonic()
            if status != 200:
                self.error(f"POST {status}")
                print(f"  a result was refused: {status} {content[:300]!r}", file=sys.stderr)
                continue
            self.posted_ms.append((answered - began) * 1000)
            now = await asyncio.to_thread(
                lambda: Tournament.objects.values_list("version", flat=True).get(pk=t.pk)
            )
            self.saved.append((now, answered))


def tree_cpu(masters: list[subprocess.Popen]) -> float:
    """CPU seconds of these processes and all their workers, those replaced meanwhile included (a gunicorn
    worker is replaced after max_requests: its time moves to the master's children's time when reaped)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for master in masters:
        fields = Path(f"/proc/{master.pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += sum(int(x) for x in fields[11:15]) / tick  # utime, stime, cutime, cstime
        total += process_cpu(children(master.pid))
    return total


def machine_busy() -> float:
    """CPU seconds the whole machine spent busy (every core; /proc/stat): PostgreSQL and the rest included."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10000)
    parser.add_argument("--phones", type=int, default=10000)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--interval", type=float, default=3.0, help="seconds between a phone's polls")
    parser.add_argument("--post-every", type=float, default=3.0, help="seconds between two results saved")
    parser.add_argument("--workers", type=int, default=5, help="the site's workers (WEB_CONCURRENCY)")
    parser.add_argument("--live-workers", type=int, default=2, help="the live pool's (WEB_LIVE_CONCURRENCY)")
    parser.add_argument("--tournament", type=int, help="reuse a tournament built by --build-only")
    parser.add_argument("--build-only", action="store_true")
    parser.add_argument(
        "--pages",
        type=int,
        default=0,
        help="spread the phones over the first N pages of each (0: every page)",
    )
    parser.add_argument("--direct", action="store_true", help="the phones ask gunicorn itself, no nginx")
    parser.add_argument(
        "--shared-seconds", type=int, default=1, help="LIVE_SHARED_SECONDS (0: nothing shared)"
    )
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/13", help="CACHE_URL ('' local memory)")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("set DATABASE_URL=postgres://… (gunicorn's workers share the database)")
    if not args.direct and not shutil.which("nginx"):
        sys.exit("nginx not found (apt-get install nginx; make stack-deps)")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if hard < args.phones + 200:
        sys.exit(f"{args.phones} phones need {args.phones + 200} open files; the limit is {hard}")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only-" + "x" * 50),
        "ALLOWED_HOSTS": f"{HOST},127.0.0.1,localhost,testserver",
        "SECURE_SSL_REDIRECT": "0",
        "SESSION_COOKIE_SECURE": "0",
        "CSRF_COOKIE_SECURE": "0",
        "CSRF_TRUSTED_ORIGINS": f"http://{HOST}",
        "LOG_LEVEL": "WARNING",
        "LIVE_SHARED_SECONDS": str(args.shared_seconds),
        "CACHE_URL": args.redis,
    }
    os.environ.update(env)
    import django

    django.setup()
    from django.core.cache import cache
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    if args.tournament:
        t, user, open_matches = reuse(args.tournament)
    else:
        began = time.perf_counter()
        t, user, open_matches = setup(args.players)
        print(
            f"built tournament {t.pk}: a {args.players}-player Swiss mid-round "
            f"in {time.perf_counter() - began:.0f} s"
        )
        if args.build_only:
            return
    cache.clear()
    players = t.participants.count()
    tables = -(-players // 2)
    pages = {
        "round": max(1, -(-tables // PER_PAGE)),
        "standings": max(1, -(-players // PER_PAGE)),
    }
    if args.pages:
        pages = {k: min(v, args.pages) for k, v in pages.items()}
    print(
        f"tournament {t.pk}: {players} players, round {LIVE_ROUND}: {len(open_matches)} results to enter; "
        f"the phones on {pages['round']} pages of the round, {pages['standings']} of the standings"
    )
    if not (ROOT / "staticfiles").exists():
        call_command("collectstatic", interactive=False, verbosity=0)
    tmp = Path(tempfile.mkdtemp(prefix="bench-phones-"))
    os.chmod(tmp, 0o755)
    app_port, http_port, redirect_port = free_port(), free_port(), free_port()
    live_port = free_port()

    def pool(config: str, bind: int, workers: int, name: str, nice: int) -> subprocess.Popen:
        """A gunicorn as its systemd unit starts it (deploy/systemd/nardy-{web,live}.service, Nice= too)."""
        return subprocess.Popen(
            [
                str(Path(sys.executable).parent / "gunicorn"),
                "--config",
                str(ROOT / "deploy" / config),
                "--workers",
                str(workers),
                "--bind",
                f"127.0.0.1:{bind}",
                "--backlog",
                "4096",
                "--access-logfile",
                str(tmp / f"{name}-access.log"),
                "config.wsgi:application",
            ],
            cwd=ROOT,
            env=env,
            stdout=open(tmp / f"{name}.log", "w"),  # noqa: SIM115 - kept open while it runs
            stderr=subprocess.STDOUT,
            preexec_fn=lambda: os.nice(nice),  # noqa: PLW1509 - a plain fork, no threads yet
        )

    gunicorn = pool("gunicorn.conf.py", app_port, args.workers, "web", 0)
    live = pool("gunicorn-live.conf.py", live_port, args.live_workers, "live", 10)
    procs = [gunicorn, live]
    port = app_port
    try:
        wait_port(app_port)
        wait_port(live_port)
        if not args.direct:
            ports = {"web": app_port, "live": live_port, "http": http_port, "redirect": redirect_port}
            conf = nginx_site(tmp, ports, args.live_workers)
            nginx = [
                "nginx",
                "-p",
                str(tmp / "nginx"),
                "-e",
                str(tmp / "nginx" / "error.log"),
                "-c",
                str(conf),
            ]
            checked = subprocess.run([*nginx, "-t"], capture_output=True, text=True)
            if checked.returncode:
                sys.exit(checked.stderr)
            procs.append(subprocess.Popen(nginx))
            wait_port(http_port)
            port = http_port
        session = session_cookie(user)
        run = Run(port, args.seconds, args.interval)
        paths = []
        for i in range(args.phones):
            if i % 2 == 0:
                page = (i // 2) % pages["round"] + 1
                paths.append((f"/t/{t.pk}/rounds/{LIVE_ROUND}/live/?page={page}", True))
            else:
                page = (i // 2) % pages["standings"] + 1
                paths.append((f"/t/{t.pk}/standings/?fragment=1&page={page}", False))

        async def go():
            run.loop = asyncio.get_running_loop()
            # Each fragment asked once before the clock starts, as phones watching a running event have (every
            # worker's imports and templates, the version's ranking, nginx's copies); the phones then start at
            # random moments within their first interval.
            for path, _round in sorted(set(paths)):
                warm = Phone(run, path, False)
                await warm.ask()
                while warm.waiting:
                    await asyncio.sleep(0.05)
                if warm.transport is not None:
                    warm.transport.close()
            run.latencies.clear()
            run.codes.clear()
            run.errors.clear()
            # The load generator's own pauses are not the server's: its cyclic collector, walking 20,000
            # phones' objects, stopped the loop for hundreds of milliseconds at a time.
            gc.collect()
            gc.freeze()
            gc.disable()
            masters = {"gunicorn (site)": [gunicorn], "gunicorn (live polls)": [live], "nginx": procs[2:]}
            cpu_before = {k: tree_cpu(v) for k, v in masters.items()}
            machine_before = machine_busy()
            own_before = time.process_time()
            run.start = time.monotonic() + 0.5
            run.end = run.start + args.seconds
            # One phone in ten never sends its ETag (a venue screen, an old page): the fragment each time.
            phones = [Phone(run, path, watches, i % 10 != 9) for i, (path, watches) in enumerate(paths)]
            await asyncio.gather(
                *(run.phone(p) for p in phones), run.secretary(t, session, open_matches, args.post_every)
            )
            await asyncio.sleep(TIMEOUT)  # the last polls' answers (or their timeouts)
            elapsed = time.monotonic() - run.start
            cpu = {k: tree_cpu(v) - cpu_before[k] for k, v in masters.items()}
            cpu["the whole machine"] = machine_busy() - machine_before
            return elapsed - TIMEOUT, cpu, time.process_time() - own_before

        elapsed, cpu, own = asyncio.run(go())
    finally:
        for p in reversed(procs):
            p.send_signal(signal.SIGQUIT if p not in (gunicorn, live) else signal.SIGTERM)
        for p in procs:
            p.wait(timeout=30)
    upstream = sum(
        1
        for name in ("web", "live")
        for line in open(tmp / f"{name}-access.log", errors="replace")
        if "/live/" in line or "fragment=1" in line
    )
    ms = [x * 1000 for x in run.latencies]
    n = len(ms)
    errors = sum(run.errors.values())
    way = (
        "straight to gunicorn"
        if args.direct
        else f"through nginx (LIVE_SHARED_SECONDS={args.shared_seconds})"
    )
    print(
        f"{args.phones} phones every {args.interval:g} s for {args.seconds:g} s, {way}, "
        f"gunicorn {args.workers} + {args.live_workers} workers:"
    )
    print(
        f"  {n} answers, {n / elapsed:.0f} a second (asked: {args.phones / args.interval:.0f} a second); "
        f"latency p50 {percentile(ms, 0.5):.1f} ms, p95 {percentile(ms, 0.95):.1f} ms, "
        f"p99 {percentile(ms, 0.99):.1f} ms, max {max(ms, default=0):.0f} ms; "
        f"answers {dict(sorted(run.codes.items()))}; errors {errors}"
        + (f" {dict(sorted(run.errors.items()))}" if errors else "")
    )
    print(f"  polls that reached gunicorn: {upstream} ({upstream / elapsed:.1f} a second)")
    posted = sorted(run.posted_ms)
    print(
        f"  {len(posted)} results saved by the secretary: p50 {percentile(posted, 0.5):.0f} ms, "
        f"p95 {percentile(posted, 0.95):.0f} ms, max {max(posted, default=float('nan')):.0f} ms; saved → on "
        f"a phone of the round: median {statistics.median(run.visible) if run.visible else float('nan'):.1f} "
        "s, "
        f"p95 {percentile(run.visible, 0.95):.1f} s, max {max(run.visible, default=float('nan')):.1f} s"
    )
    print(
        "  CPU s: "
        + ", ".join(f"{k} {v:.1f}" for k, v in cpu.items())
        + f", the load generator {own:.1f}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
    )
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
