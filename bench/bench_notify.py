"""Benchmark of the notifications (issue 33; not a test): 500 subscribed players told of a published round
through a local fake Telegram Bot API server (with some 429s), by a real Celery worker over Redis — once
cleanly, and once with the worker killed (SIGKILL) midway and started again.

Run: ``.venv/bin/python bench/bench_notify.py`` from the repository root (PostgreSQL and Redis as in the
README; ``--database-url``, ``--broker``, ``--players N``, ``--lease S``). It makes its own database
(``nardy_notify_bench``, dropped and made again), a Swiss tournament of N players with round 1 drawn, a
confirmed Telegram subscription for each, starts ``celery -A config worker --pool=solo`` with the fake
server as ``TELEGRAM_API_URL``, publishes the round and counts what the fake server receives. It prints, for
each run: the seconds from the publication's commit to the last player told, the messages received,
duplicates (a chat told the same text twice), lost (a subscribed chat told nothing), and the 429s answered.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _fresh_database(url: str) -> None:
    import psycopg

    base, name = url.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def _worker(env: dict) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--concurrency=1",
         "--loglevel=WARNING", "--without-gossip", "--without-mingle", "--without-heartbeat",
         "-n", f"bench-notify-{os.getpid()}-{time.monotonic_ns()}@%h"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
    )  # fmt: skip


def run(label: str, args, fake, env: dict, kill_at: int | None) -> dict:
    """One publication of round 1 to every subscribed player; returns the figures."""
    from django.db import transaction

    from draw import manager as draw_manager
    from draw.models import Round
    from notify.models import Message
    from tournaments.models import Tournament

    t = Tournament.objects.get(name=label)
    secretary = t.created_by
    fake.sent.clear()
    fake.flooded.clear()
    fake.send_calls = 0
    # Three 429s spread over the run (retry_after 1 s each: the bot pauses).
    fake.flood_on = {args.players // 5, args.players // 2, args.players * 4 // 5}
    worker = _worker(env)
    time.sleep(args.warmup)  # the worker is up (a publication before would wait in Redis anyway)
    clicked = time.monotonic()
    with transaction.atomic():
        draw_manager.publish_round(t, 1, secretary)  # the 500 outbox rows are written in its transaction
        assert Round.objects.get(tournament=t, number=1).status != "draft"
    start = time.monotonic()
    publish = start - clicked
    killed = restarted = None
    subscribed = {str(700000 + p) for p in t.participants.values_list("pk", flat=True)}
    deadline = start + args.timeout
    while time.monotonic() < deadline:
        told = {s["chat_id"] for s in fake.sent}
        if kill_at is not None and killed is None and len(fake.sent) >= kill_at:
            worker.send_signal(signal.SIGKILL)
            worker.wait()
            killed = time.monotonic() - start
            worker = _worker(env)
            restarted = time.monotonic() - start
        if subscribed <= told:
            break
        time.sleep(0.05)
    elapsed = time.monotonic() - start
    last = max((s["at"] for s in fake.sent), default=start) - start
    worker.terminate()
    worker.wait(timeout=30)
    texts = Counter((s["chat_id"], s["text"]) for s in fake.sent)
    told = {s["chat_id"] for s in fake.sent}
    return {
        "run": "killed midway, restarted" if kill_at is not None else "clean",
        "publish (500 rows written), s": round(publish, 2),
        "players": len(subscribed),
        "received": len(fake.sent),
        "last told, s": round(last, 1),
        "waited, s": round(elapsed, 1),
        "duplicates": sum(n - 1 for n in texts.values() if n > 1),
        "lost": len(subscribed - told),
        "429s": len(fake.flooded),
        "killed at, s": round(killed, 1) if killed is not None else "—",
        "rows sent": Message.objects.filter(tournament=t, state="sent").count(),
        "restarted": restarted is not None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/nardy_notify_bench")
    parser.add_argument("--broker", default="redis://127.0.0.1:6379/9")
    parser.add_argument("--lease", type=int, default=6, help="NOTIFY_LEASE_SECONDS of the worker")
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--warmup", type=float, default=4.0, help="seconds given to the worker to start")
    args = parser.parse_args()

    _fresh_database(args.database_url)
    import redis

    redis.Redis.from_url(args.broker).flushdb()  # this benchmark's own Redis database: no stale tasks

    sys.path.insert(0, str(ROOT))
    from tests.notify.fakes import FakeBotAPI

    fake = FakeBotAPI().__enter__()
    common = {
        "DATABASE_URL": args.database_url,
        "CELERY_BROKER_URL": args.broker,
        "TELEGRAM_BOT_TOKEN": fake.token,
        "TELEGRAM_BOT_NAME": fake.username,
        "TELEGRAM_API_URL": fake.url,
        "NOTIFY_LEASE_SECONDS": str(args.lease),
        "SITE_URL": "https://nardy.example.org",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    os.environ.update(common)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)

    from draw import manager as draw_manager
    from notify.models import Channel, Subscription
    from registration.models import Official
    from tests.factories import add_players, make_user
    from tournaments.models import Tournament

    secretary = make_user("bench-secretary", can_create=True)
    built = time.monotonic()
    for label in ("clean", "killed"):
        t = Tournament.objects.create(
            created_by=secretary, name=label, discipline="long", system="swiss", start_date="2026-12-05",
            end_date="2026-12-06", venue="Москва",
        )  # fmt: skip
        Official.objects.create(tournament=t, person=secretary.person, role=Official.Role.CHIEF_SECRETARY)
        start = 0 if label == "clean" else args.players
        players = add_players(t, args.players, start=start)
        draw_manager.draw_round(t, secretary)
        Subscription.objects.bulk_create(
            Subscription(
                person_id=p.person_id, participant=p, channel=Channel.TELEGRAM, address=str(700000 + p.pk),
                confirmed=True, code=None,
            )
            for p in players
        )  # fmt: skip
    took = time.monotonic() - built
    print(f"{args.players} players ×2 tournaments built in {took:.1f} s; lease {args.lease} s")
    print(f"load average {os.getloadavg()[0]:.1f} (the machine is shared; the wall time includes waiting)")
    env = dict(os.environ, **common)
    results = [run("clean", args, fake, env, None), run("killed", args, fake, env, args.players * 2 // 5)]
    for r in results:
        print(" · ".join(f"{k}: {v}" for k, v in r.items()))
    fake.__exit__()
    ok = all(r["duplicates"] == 0 and r["lost"] == 0 for r in results)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
