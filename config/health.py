"""The health endpoint (issue 25 item 5): ``GET /health/`` answers whether the database, the cache and the
broker answer — 200 when all do, 503 with the one that does not — as JSON with no personal data and no
addresses: ``{"status": "ok", "database": "ok", "cache": "ok", "broker": "ok"}``.

``cache`` is ``local`` without ``CACHE_URL`` (each process's memory), ``broker`` ``eager`` without
``CELERY_BROKER_URL`` (tasks run in the web process). A cache that is down makes the answer 503 for the
administrator's monitoring although the pages keep working without it (config/cache.py).
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache

from config.celery import app

logger = logging.getLogger("config.health")


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as exc:  # noqa: BLE001 - any driver error means "down"; logged with its detail
        logger.warning("health: database down (%s: %s)", type(exc).__name__, exc)
        return "down"
    return "ok"


def _cache() -> str:
    ping = getattr(cache, "ping", None)
    if ping is None:
        return "local"
    return "ok" if ping() else "down"


def _broker() -> str:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "eager"
    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, interval_max=0)
    except Exception as exc:  # noqa: BLE001 - kombu raises several kinds; any means "down"
        logger.warning("health: broker down (%s: %s)", type(exc).__name__, exc)
        return "down"
    return "ok"


@never_cache
def health(request: HttpRequest) -> JsonResponse:
    lines = {"database": _database(), "cache": _cache(), "broker": _broker()}
    down = any(value == "down" for value in lines.values())
    return JsonResponse({"status": "down" if down else "ok", **lines}, status=503 if down else 200)
