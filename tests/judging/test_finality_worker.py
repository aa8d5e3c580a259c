"""The finality task through a real Celery worker on Redis: the beat schedule's task name runs there."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
# One round-robin match of two players, ended 20 minutes ago: its 10-minute protest window has closed.
SEED = """
import datetime
from django.db.models import F
from django.utils import timezone
from tests.factories import make_tournament, make_user
from tournaments import draw
from tournaments.models import Match
user = make_user("s", can_create=True)
t = make_tournament(user, players=2, system="round_robin")
rnd = draw.draw_round(t, user, expected_number=1, seed=1)
Match.objects.filter(round=rnd).update(
    result_kind="played", score1=7, score2=0, winner=F("player1"),
    ended_at=timezone.now() - datetime.timedelta(minutes=20),
)
"""


@pytest.mark.integration
def test_a_real_worker_runs_the_scheduled_finality_task_twice(tmp_path):
    broker = os.environ.get("CELERY_TEST_BROKER_URL", "redis://127.0.0.1:6379/14")
    redis = pytest.importorskip("redis")
    try:
        redis.Redis.from_url(broker).ping()
    except redis.exceptions.ConnectionError:
        pytest.skip(f"no Redis at {broker}")
    env = dict(
        os.environ, CELERY_BROKER_URL=broker, CELERY_RESULT_BACKEND=broker, SQLITE_PATH=str(tmp_path / "w.db")
    )
    env.pop("DATABASE_URL", None)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=300,
    )
    subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", SEED], cwd=ROOT, env=env, check=True, timeout=300
    )
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--concurrency=1",
            "--loglevel=WARNING",
            "--without-gossip",
            "--without-mingle",
            "-n",
            f"judging-{os.getpid()}@%h",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        from celery import Celery

        client = Celery("nardy-test-client", broker=broker, backend=broker, set_as_current=False)
        client.conf.task_serializer = client.conf.result_serializer = "json"
        deadline = time.monotonic() + 60
        while not client.control.inspect(timeout=1).ping():
            assert worker.poll() is None, worker.stdout.read().decode()
            assert time.monotonic() < deadline, "the worker did not start"
        name = settings.CELERY_BEAT_SCHEDULE["finalize-results"]["task"]
        assert client.send_task(name).get(timeout=30) == 1  # the one match whose window closed
        assert client.send_task(name).get(timeout=30) == 0  # safe to run twice
    finally:
        worker.terminate()
        worker.wait(timeout=20)
