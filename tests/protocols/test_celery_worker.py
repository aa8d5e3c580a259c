"""A document made by a real Celery worker on Redis (the deployment shape), on the test PostgreSQL."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from tests.factories import make_tournament

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.integration,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the worker needs a shared database"),
]


def test_a_real_worker_makes_the_pdf_and_the_page_follows_it(
    tmp_path, settings, secretary, chief_judge, client
):
    broker = os.environ.get("CELERY_TEST_BROKER_URL", "redis://127.0.0.1:6379/13")
    redis = pytest.importorskip("redis")
    try:
        redis.Redis.from_url(broker).ping()
    except redis.exceptions.ConnectionError:
        pytest.skip(f"no Redis at {broker}")
    from django.urls import reverse

    from protocols.models import Document

    settings.MEDIA_ROOT = tmp_path / "media"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    t = make_tournament(secretary, chief_judge, players=300)
    db = connection.settings_dict
    env = dict(
        os.environ,
        CELERY_BROKER_URL=broker,
        CELERY_RESULT_BACKEND=broker,
        MEDIA_ROOT=str(settings.MEDIA_ROOT),
        DATABASE_URL=f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
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
            f"protocols-{os.getpid()}@%h",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        from celery import Celery

        app = Celery("nardy-test-client", broker=broker, backend=broker, set_as_current=False)
        app.conf.task_serializer = app.conf.result_serializer = "json"
        deadline = time.monotonic() + 60
        while not app.control.inspect(timeout=1).ping():
            assert worker.poll() is None, worker.stdout.read().decode()
            assert time.monotonic() < deadline, "the worker did not start"
        client.force_login(secretary)
        from unittest import mock

        # The site queues the task on its broker: here, the worker's Redis.
        with mock.patch(
            "protocols.tasks.generate.delay", lambda pk: app.send_task("protocols.generate", [pk])
        ):
            response = client.post(reverse("protocols:document", args=[t.pk, "registration"]))
        doc = Document.objects.get()
        status_url = reverse("protocols:status", args=[doc.pk])
        assert status_url in client.get(response.url).content.decode()  # the page polls while it is made
        deadline = time.monotonic() + 60
        while not (status := client.get(status_url).json())["ready"]:
            assert status["status"] in {"pending", "running"}, status
            assert time.monotonic() < deadline, status
            time.sleep(0.2)
        doc.refresh_from_db()
        assert doc.status == "ready" and doc.pages >= 5 and status["pages"] == doc.pages
        assert Path(doc.file.path).read_bytes().startswith(b"%PDF")
    finally:
        worker.terminate()
        worker.wait(timeout=20)
