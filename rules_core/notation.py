"""Reading the play notation of a record: ``13/8 13/11``, ``24/18*/13``, ``bar/22``, ``25/22``, ``6/off``,
``6/0``, ``8/4(2)``. Writing is :func:`rules_core.moves.format_steps`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .moves import BAR, OFF

_TOKEN = re.compile(r"^(?:bar|\d{1,2})\*?(?:/(?:bar|off|\d{1,2})\*?)+(?:\(([1-4])\))?$", re.IGNORECASE)


class NotationError(ValueError):
    """A play that cannot be read (bad token or point number)."""


@dataclass(frozen=True, slots=True)
class Segment:
    """A checker moved from ``src`` to ``dst`` (25 = bar, 0 = off), through ``via`` points;
    ``hits`` marked ``*``."""

    src: int
    dst: int
    via: tuple[int, ...]
    hits: tuple[int, ...]


def _point(word: str, *, source: bool) -> int:
    w = word.lower()
    if w == "bar":
        return BAR
    if w == "off":
        return OFF
    n = int(w)
    if n > 25 or (source and n == 0) or (not source and n == 25):
        raise NotationError(f"point {word} out of range")
    return n


def parse_play(text: str) -> list[Segment]:
    """Split a play into checker segments (one per checker and repetition)."""
    segments: list[Segment] = []
    for token in text.split():
        m = _TOKEN.match(token)
        if not m:
            raise NotationError(f"cannot read move {token!r}")
        repeat = int(m.group(1)) if m.group(1) else 1
        body = token[: token.index("(")] if "(" in token else token
        parts = body.split("/")
        points: list[int] = []
        hits: list[int] = []
        for i, part in enumerate(parts):
            p = _point(part.rstrip("*"), source=(i == 0))
            if i > 0 and p >= points[-1]:
                raise NotationError(f"move {token!r} does not go forward")
            if i > 0 and i < len(parts) - 1 and p in (BAR, OFF):
                raise NotationError(f"move {token!r} passes through bar or off")
            points.append(p)
            if part.endswith("*"):
                hits.append(p)
        seg = Segment(points[0], points[-1], tuple(points[1:-1]), tuple(hits))
        segments.extend([seg] * repeat)
    return segments
