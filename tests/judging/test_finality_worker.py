"""The finality task through a real Celery worker on Redis: the beat schedule's task name runs there."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.conf import settings

from tests.workers import ROOT, broker_url, celery_worker

# One round-robin match of two players, ended 20 minutes ago: its 10-minute protest window has closed.
SEED = """
import datetime
from django.db.models import F
from django.utils import timezone
from tests.factories import make_tournament, make_user
from draw import manager as draw_manager
from draw.models import Match
user = make_user("s", can_create=True)
t = make_tournament(user, players=2, system="round_robin")
rnd = draw_manager.draw_round(t, user, expected_number=1, seed=1)
Match.objects.filter(round=rnd).update(
    result_kind="played", score1=7, score2=0, winner=F("player1"),
    ended_at=timezone.now() - datetime.timedelta(minutes=20),
)
"""


@pytest.mark.integration
@pytest.mark.slow  # the real worker waits for its beat
def test_a_real_worker_runs_the_scheduled_finality_task_twice(tmp_path):
    broker_url()  # skip early without Redis
    sqlite = tmp_path / "w.db"
    env = dict(os.environ, SQLITE_PATH=str(sqlite))
    env.pop("DATABASE_URL", None)
    for command in (["migrate", "--noinput", "-v0"], ["shell", "-c", SEED]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, timeout=300)
    name = settings.CELERY_BEAT_SCHEDULE["finalize-results"]["task"]
    with celery_worker("finality", sqlite_path=sqlite) as worker:
        assert worker.send(name).get(timeout=30) == 1  # the one match whose window closed
        assert worker.send(name).get(timeout=30) == 0  # safe to run twice
