"""Playwright (sync API) driving Debian's Chromium against pytest-django's live_server.

``make test`` installs chromium first (the Makefile's ``browser`` target); these tests skip, saying why,
only when no chromium binary can be found at all. Tests wait for conditions, never for fixed times.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; the test's own ORM calls are still synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 40_000
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}


def chromium_path() -> str | None:
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


# One Playwright and one Chromium per test process, however many modules register the ``browser`` fixture
# (other test packages import it): Playwright's sync API cannot be started twice in one thread.
_SHARED: dict = {"users": 0}


def _acquire(path: str):
    from playwright.sync_api import expect, sync_playwright

    if _SHARED["users"] == 0:
        # Generous limits: they only matter when the machine is busy (a passing condition returns at once).
        expect.set_options(timeout=TIMEOUT_MS)
        playwright = sync_playwright().start()
        _SHARED["playwright"] = playwright
        _SHARED["browser"] = playwright.chromium.launch(
            executable_path=path, headless=True, args=ARGS, timeout=120_000
        )
    _SHARED["users"] += 1
    return _SHARED["browser"]


def _release() -> None:
    _SHARED["users"] -= 1
    if _SHARED["users"] == 0:
        _SHARED.pop("browser").close()
        _SHARED.pop("playwright").stop()


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    if path is None:
        pytest.skip("chromium not found (install it: `make browser`, i.e. apt-get install chromium)")
    yield _acquire(path)
    _release()


@pytest.fixture
def phone(browser):
    context = browser.new_context(locale="ru-RU", **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    yield context
    context.close()


@pytest.fixture
def desktop(browser):
    context = browser.new_context(locale="ru-RU", viewport={"width": 1280, "height": 900})
    context.set_default_timeout(TIMEOUT_MS)
    yield context
    context.close()
