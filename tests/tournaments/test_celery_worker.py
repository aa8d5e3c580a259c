"""One task through a real Celery worker on Redis (the deployment shape), and eager in the default."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tournaments import pairing, tasks

ROOT = Path(__file__).resolve().parents[2]
REQUEST = {
    "system": "swiss",
    "seed": 7,
    "allow_rematches": False,
    "players": [{"id": f"p{i}", "points": i % 3, "opponents": [], "byes": 0} for i in range(9)],
}


def test_the_task_runs_eagerly_without_a_broker():
    assert tasks.pair.delay(REQUEST).get(timeout=5) == pairing.handle(REQUEST)


@pytest.mark.integration
def test_a_real_worker_on_redis_runs_the_pairing_task(tmp_path):
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
            f"test-{os.getpid()}@%h",
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
        answer = client.send_task("tournaments.pair", args=[REQUEST]).get(timeout=30)
        assert answer == pairing.handle(REQUEST)
        assert answer["bye"] is not None and len(answer["pairs"]) == 4
    finally:
        worker.terminate()
        worker.wait(timeout=20)
