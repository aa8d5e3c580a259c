"""The health endpoint (issue 25 item 5): database, cache and broker; 200 or 503 with a JSON body that names
no person and no address."""

from __future__ import annotations

import socket
from unittest import mock

import kombu
import pytest
from django.db import OperationalError

from config import health

pytestmark = pytest.mark.django_db


def test_the_embedded_default_is_healthy(client):
    response = client.get("/health/")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "local", "broker": "eager"}
    assert "no-cache" in response["Cache-Control"]


def test_a_database_that_does_not_answer_is_503(client):
    with mock.patch.object(health, "connection") as conn:
        conn.cursor.side_effect = OperationalError("server closed the connection unexpectedly")
        response = client.get("/health/")
    assert response.status_code == 503
    assert response.json()["database"] == "down" and response.json()["status"] == "down"
    assert "server closed" not in response.content.decode()  # the detail goes to the log only


def test_a_broker_that_does_not_answer_is_503(client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with mock.patch.object(
        health.app, "connection_for_write", lambda: kombu.Connection(f"redis://127.0.0.1:{port}/0")
    ):
        response = client.get("/health/")
    assert response.status_code == 503
    assert response.json() == {"status": "down", "database": "ok", "cache": "local", "broker": "down"}
    assert str(port) not in response.content.decode()


def test_the_health_endpoint_answers_a_local_probe_over_plain_http(client, settings):
    settings.SECURE_SSL_REDIRECT = True  # production: everything else is redirected to HTTPS
    assert client.get("/health/").status_code == 200
    assert client.get("/").status_code == 301
