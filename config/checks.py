"""The site's system checks (``manage.py check``, ``check --deploy``)."""

from __future__ import annotations

from django.conf import settings
from django.core import checks

PER_PROCESS = {
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
}


@checks.register(checks.Tags.caches, checks.Tags.security)
def shared_cache_in_production(app_configs, **kwargs) -> list[checks.CheckMessage]:
    """Issue 25 item 11: in production (DEBUG off) without CACHE_URL each web process keeps its own rate-limit
    counters (N processes let N times the limit through) and renders every live fragment itself. The venue
    mode (VENUE_URL) runs one gunicorn process with threads: its memory is the one cache."""
    if settings.DEBUG or settings.VENUE_URL or settings.CACHES["default"]["BACKEND"] not in PER_PROCESS:
        return []
    return [
        checks.Warning(
            "CACHE_URL is not set: each web process keeps its own rate-limit counters and live-page cache.",
            hint="Set CACHE_URL=redis://…/2 (a Redis shared by every web process); README, 'Configuration'.",
            id="site.W001",
        )
    ]
