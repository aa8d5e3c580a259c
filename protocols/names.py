"""File names of the documents (issue 14 item 9): the tournament and what the document is, in Latin letters
a file system and a mail client keep — «Кубок Федерации 2026», the pairings of round 4 →
``kubok-federacii-2026-tur-4-pary.pdf``."""

from __future__ import annotations

import re

from protocols import registry

# One letter or two for each Cyrillic letter (ц → c, as in the league's own file names); ъ and ь vanish.
LATIN = dict(
    zip(
        "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
        [
            "a",
            "b",
            "v",
            "g",
            "d",
            "e",
            "e",
            "zh",
            "z",
            "i",
            "y",
            "k",
            "l",
            "m",
            "n",
            "o",
            "p",
            "r",
            "s",
            "t",
            "u",
            "f",
            "h",
            "c",
            "ch",
            "sh",
            "sch",
            "",
            "y",
            "",
            "e",
            "yu",
            "ya",
        ],  # fmt: skip
        strict=True,
    )
)
MAX_NAME = 60  # characters of the tournament's part


def latin(text: str) -> str:
    """Lower-case Latin letters, digits and single hyphens."""
    out = "".join(LATIN.get(ch, ch) for ch in text.casefold())
    return re.sub(r"[^a-z0-9]+", "-", out).strip("-")


def shorten(text: str, limit: int = MAX_NAME) -> str:
    """At most ``limit`` characters, cut between words (``kubok-2026``, never ``kubok-2``), unless the first
    word alone is longer."""
    if len(text) <= limit:
        return text
    cut = text[: limit + 1]
    return cut[: cut.rfind("-")].strip("-") if "-" in cut else text[:limit]


def file_name(tournament, kind: str, key: str = "") -> str:
    """The tournament's name and what the document is (its registration's ``file_name`` words)."""
    spec = registry.get(kind)
    # A competition's document (kept with its first event) is named by the competition.
    competition = spec is not None and spec.competition and tournament.competition_id
    owner = tournament.competition if competition else tournament
    head = shorten(latin(owner.name)) or f"turnir-{tournament.pk}"
    what = spec.file_words(tournament, key) if spec is not None else kind
    return f"{head}-{latin(what)}.pdf"
