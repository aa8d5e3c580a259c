"""A real Celery worker for the integration tests, on its own queue.

Each test's worker listens on a queue of its own, so tests running at the same time under pytest-xdist never
take each other's tasks even on one Redis database.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_BROKER = "redis://127.0.0.1:6379/14"


@dataclass
class Worker:
    client: object  # a Celery app that only sends (never the current app: shared tasks stay eager here)
    queue: str
    process: subprocess.Popen | None = None  # the worker's main process (tests that kill it)

    def pool_children(self) -> list[int]:
        """The pids of the worker's pool processes (prefork), read from /proc."""
        children = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.process.pid:
                children.append(int(stat.parent.name))
        return children

    def send(self, name: str, *args):
        """Send a task by name to this worker's queue and return its AsyncResult."""
        return self.client.send_task(name, args=list(args), queue=self.queue)


def broker_url() -> str:
    """The test broker, or skip the test with the reason when Redis is not there."""
    broker = os.environ.get("CELERY_TEST_BROKER_URL", DEFAULT_BROKER)
    redis = pytest.importorskip("redis")
    try:
        redis.Redis.from_url(broker).ping()
    except redis.exceptions.ConnectionError:
        pytest.skip(f"no Redis at {broker}")
    return broker


@contextmanager
def celery_worker(
    name: str,
    database_url: str | None = None,
    sqlite_path: Path | None = None,
    pool: str = "solo",
    **env: str,
) -> Iterator[Worker]:
    """Start ``celery -A config worker`` on a fresh queue; wait until it answers; stop it afterwards.

    The worker uses ``database_url`` (PostgreSQL shared with the test) or its own SQLite file.
    """
    from celery import Celery

    broker = broker_url()
    queue = f"test-{name}-{uuid.uuid4().hex[:10]}"
    environ = dict(os.environ, CELERY_BROKER_URL=broker, CELERY_RESULT_BACKEND=broker, **env)
    environ.pop("DATABASE_URL", None)
    if database_url:
        environ["DATABASE_URL"] = database_url
    if sqlite_path:
        environ["SQLITE_PATH"] = str(sqlite_path)
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", f"--pool={pool}", "--concurrency=1",
         "--loglevel=WARNING", "--without-gossip", "--without-mingle", "-Q", queue, "-n", f"{queue}@%h"],
        cwd=ROOT, env=environ, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    client = Celery("nardy-test-client", broker=broker, backend=broker, set_as_current=False)
    client.conf.task_serializer = client.conf.result_serializer = "json"
    try:
        destination = [f"{queue}@{socket.gethostname()}"]
        deadline = time.monotonic() + 60
        while not client.control.ping(destination=destination, timeout=1):
            assert process.poll() is None, process.stdout.read().decode()
            assert time.monotonic() < deadline, "the worker did not start"
        yield Worker(client, queue, process)
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=20)


def database_url_of(connection) -> str:
    """The URL of the test database a worker must share (PostgreSQL)."""
    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
