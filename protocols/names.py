"""File names of the documents (issue 14 item 9): the tournament and what the document is, in Latin letters
a file system and a mail client keep — «Кубок Федерации 2026», the pairings of round 4 →
``kubok-federacii-2026-tur-4-pary.pdf``."""

from __future__ import annotations

import re

from draw.models import Match, TeamMatch

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

# What each document is called in the file name (Russian, then written in Latin letters).
WHAT = {
    "pairings": "тур {key} пары",
    "round_protocols": "тур {key} протоколы матчей",
    "standings": "турнирная таблица",
    "crosstable": "кросс-таблица",
    "bracket": "сетка этап {key}",
    "registration": "протокол регистрации",
    "protest": "протест {key}",
    "sanctions": "санкции",
    "final": "итоговый протокол",
    "schedule": "расписание",
    "report": "отчёт главного судьи",
    "diplomas": "дипломы",
    "comp_registration": "протокол регистрации",
    "comp_schedule": "расписание",
    "team_protocols": "тур {key} протоколы командных матчей",
    "board_standings": "личные результаты по доскам",
}


def latin(text: str) -> str:
    """Lower-case Latin letters, digits and single hyphens."""
    out = "".join(LATIN.get(ch, ch) for ch in text.casefold())
    return re.sub(r"[^a-z0-9]+", "-", out).strip("-")


def file_name(tournament, kind: str, key: str = "") -> str:
    # A competition's document (kept with its first event) is named by the competition.
    owner = tournament.competition if kind.startswith("comp_") and tournament.competition_id else tournament
    head = latin(owner.name)[:MAX_NAME].strip("-") or f"turnir-{tournament.pk}"
    if kind == "match":
        match = Match.objects.filter(pk=key, round__tournament=tournament).select_related("round").first()
        what = f"тур {match.round.number} стол {match.table} протокол матча" if match else f"матч {key}"
    elif kind == "team_match":
        tm = TeamMatch.objects.filter(pk=key, round__tournament=tournament).select_related("round").first()
        what = f"тур {tm.round.number} матч {tm.table} протокол командного матча" if tm else f"матч {key}"
    else:
        what = WHAT.get(kind, kind).format(key=key)
    return f"{head}-{latin(what)}.pdf"
