"""The cyclic garbage collector of a web worker (issue 35 §2).

A worker building the standings of a 10,000-player event makes a few million short-lived objects per version;
with Python's default thresholds (700, 10, 10) the collector ran hundreds of times a version and its full
collections scanned every object the worker holds — Django, the apps, the kept tables — taking a quarter of
the standings' CPU (single collections of 0.5–1.3 s). After the application is loaded, ``tune`` moves what is
loaded into the permanent generation (``gc.freeze``: never scanned again) and makes young collections rarer.
The thresholds are a setting (``GC_THRESHOLDS``, e.g. ``50000,20,10``); ``0`` keeps Python's defaults.
"""

from __future__ import annotations

import gc
import os

DEFAULT = (50_000, 20, 10)


def thresholds() -> tuple[int, ...] | None:
    """The thresholds from ``GC_THRESHOLDS`` (three integers), or None to keep Python's."""
    raw = os.environ.get("GC_THRESHOLDS", "").strip()
    if raw == "0":
        return None
    if not raw:
        return DEFAULT
    try:
        values = tuple(int(x) for x in raw.split(","))
    except ValueError:
        raise ValueError(f"GC_THRESHOLDS must be three integers, e.g. 50000,20,10, not {raw!r}") from None
    if len(values) != 3 or min(values) < 1:
        raise ValueError(f"GC_THRESHOLDS must be three positive integers, e.g. 50000,20,10, not {raw!r}")
    return values


def tune() -> None:
    """Freeze what the process has loaded and set the thresholds (once the application is loaded)."""
    wanted = thresholds()
    if wanted is None:
        return
    gc.collect()
    gc.freeze()
    gc.set_threshold(*wanted)
