"""One task through a real Celery worker on Redis (the deployment shape), and eager in the default."""

from __future__ import annotations

import pytest

from draw import pairing
from tests.workers import celery_worker
from tournaments import tasks

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
    with celery_worker("pairing", sqlite_path=tmp_path / "w.db") as worker:
        answer = worker.send("tournaments.pair", REQUEST).get(timeout=30)
    assert answer == pairing.handle(REQUEST)
    assert answer["bye"] is not None and len(answer["pairs"]) == 4
