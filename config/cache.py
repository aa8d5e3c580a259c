"""The shared cache that fails open (issue 25 item 4): Redis down or hung never turns a page into a 500.

What the cache holds here is derived or best effort: the public pages' rendered fragments and the API's heavy
answers (made again on a miss), a replay's positions, and the rate-limit counters (README, "Security": while
the cache is out, the limits are not counted). So every operation answers as a miss when Redis cannot be
reached — ``get`` the default, ``add`` False, ``incr`` None (django-ratelimit then lets the request through,
``RATELIMIT_FAIL_OPEN``) — within short socket timeouts (``CACHE_TIMEOUT_SECONDS``, no retries).

One failure opens a breaker for ``CACHE_RETRY_SECONDS``: meanwhile the process does not touch Redis at all, so
a Redis that accepts connections and never answers costs one timeout per process per retry window, not one
per operation. A failure burst is logged once (a warning when it starts, one line when the cache is back),
and the health endpoint has a line for the cache (``ping``).
"""

from __future__ import annotations

import logging
import threading
import time
import urllib.parse
from dataclasses import dataclass, field

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property
from redis.backoff import NoBackoff
from redis.exceptions import RedisError
from redis.retry import Retry

logger = logging.getLogger("config.cache")
ERRORS = (RedisError, OSError)  # what an unreachable or hung Redis raises (timeouts are both)


@dataclass
class Breaker:
    """One server's state in this process, shared by the threads' cache objects (Django makes one per
    thread)."""

    retry_seconds: float
    down_until: float = 0.0  # time.monotonic() before which Redis is not asked
    failures: int = 0  # operations failed (or skipped) in the current burst; 0: the cache works
    since: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def closed(self) -> bool:
        if self.down_until and time.monotonic() < self.down_until:
            with self.lock:
                self.failures += 1
            return False
        return True

    def failed(self, location: str, exc: Exception) -> None:
        with self.lock:
            first = self.failures == 0
            self.failures += 1
            if first:
                self.since = time.monotonic()
            self.down_until = time.monotonic() + self.retry_seconds
        if first:
            logger.warning(
                "cache %s unavailable (%s: %s): pages are served without it, rate limits are not counted; "
                "next try in %.0f s",
                location,
                type(exc).__name__,
                exc,
                self.retry_seconds,
            )

    def worked(self, location: str) -> None:
        if not self.failures and not self.down_until:
            return
        with self.lock:
            failures, since = self.failures, self.since
            self.failures, self.down_until = 0, 0.0
        if failures:
            logger.warning(
                "cache %s is back after %.1f s (%d operations without it)",
                location,
                time.monotonic() - since,
                failures,
            )


def _without_password(url: str) -> str:
    """The server as the log may name it: redis://:secret@host:6379/2 → redis://host:6379/2."""
    parts = urllib.parse.urlsplit(url)
    return parts._replace(netloc=parts.netloc.rpartition("@")[2]).geturl()


_breakers: dict[str, Breaker] = {}
_breakers_lock = threading.Lock()


def breaker_for(location: str, retry_seconds: float) -> Breaker:
    with _breakers_lock:
        if location not in _breakers:
            _breakers[location] = Breaker(retry_seconds)
        return _breakers[location]


class FailOpenRedisCache(RedisCache):
    """Django's Redis cache, answering as a miss while Redis is unreachable (see the module's docstring).

    ``OPTIONS``: Django's (``socket_timeout``, ``socket_connect_timeout`` … for the connection pool) plus
    ``retry_seconds``, how long the process leaves Redis alone after a failure."""

    def __init__(self, server, params):
        params = dict(params)
        options = dict(params.get("OPTIONS", {}))
        retry_seconds = float(options.pop("retry_seconds", 5))
        params["OPTIONS"] = options
        super().__init__(server, params)
        self._location = ",".join(_without_password(server) for server in self._servers)
        self._breaker = breaker_for(self._location, retry_seconds)

    @cached_property
    def _cache(self) -> RedisCacheClient:
        # No retry on a failed command: a dead Redis answers once, at once.
        # Django's RedisCache sets these three in its __init__; django-stubs does not declare them.
        return self._class(  # type: ignore[attr-defined]
            self._servers,  # type: ignore[attr-defined]
            retry=Retry(NoBackoff(), 0),
            **self._options,  # type: ignore[attr-defined]
        )

    def _run(self, call, fallback, *args, **kwargs):
        if not self._breaker.closed():
            return fallback
        try:
            value = call(*args, **kwargs)
        except ERRORS as exc:
            self._breaker.failed(self._location, exc)
            return fallback
        self._breaker.worked(self._location)
        return value

    def ping(self) -> bool:
        """Ask Redis itself, breaker or not (the health endpoint): True when it answers."""
        try:
            self._cache.get_client(write=True).ping()
        except ERRORS as exc:
            self._breaker.failed(self._location, exc)
            return False
        self._breaker.worked(self._location)
        return True

    def add(self, key, *args, **kwargs):
        return self._run(super().add, False, key, *args, **kwargs)

    def get(self, key, default=None, version=None):
        return self._run(super().get, default, key, default, version)

    def set(self, key, *args, **kwargs):
        return self._run(super().set, None, key, *args, **kwargs)

    def touch(self, key, *args, **kwargs):
        return self._run(super().touch, False, key, *args, **kwargs)

    def delete(self, key, *args, **kwargs):
        return self._run(super().delete, False, key, *args, **kwargs)

    def get_many(self, keys, *args, **kwargs):
        return self._run(super().get_many, {}, keys, *args, **kwargs)

    def has_key(self, key, *args, **kwargs):
        return self._run(super().has_key, False, key, *args, **kwargs)

    def incr(self, key, *args, **kwargs):
        # None, not an exception: django-ratelimit reads it as "counting failed" (RATELIMIT_FAIL_OPEN).
        return self._run(super().incr, None, key, *args, **kwargs)

    def set_many(self, data, *args, **kwargs):
        return self._run(super().set_many, list(data), data, *args, **kwargs)

    def delete_many(self, keys, *args, **kwargs):
        return self._run(super().delete_many, None, keys, *args, **kwargs)

    def clear(self):
        return self._run(super().clear, False)
