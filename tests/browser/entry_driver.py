"""The secretary's keyboard at the whole-round entry page, scripted: shared by the browser test and by
``bench/bench_round_entry.py`` (which prints the seconds and keystrokes)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from django.urls import reverse

from draw import manager as draw_manager
from draw.models import Round
from registration.models import Official, Person
from tests.factories import START, add_players
from tournaments.models import Tournament


@dataclass(frozen=True)
class Entered:
    results: int
    keystrokes: int
    seconds: float
    scores: dict  # table -> (score1, score2)


def hundred_player_swiss(secretary) -> Round:
    """A 100-player Swiss, round 1 drawn and published: 50 tables without a result."""
    t = Tournament.objects.create(
        name="Кубок Федерации 2026",
        discipline="long",
        system="swiss",
        start_date=START,
        end_date=START,
        venue="Москва",
        created_by=secretary,
    )
    person = Person.objects.get(user=secretary)
    Official.objects.create(tournament=t, person=person, role=Official.Role.CHIEF_SECRETARY)
    add_players(t, 100)
    rnd = draw_manager.draw_round(t, secretary, seed=2026)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    rnd.refresh_from_db()
    return rnd


def login(page, base: str, username: str, password: str, next_url: str) -> None:
    page.goto(base + reverse("login") + "?next=" + next_url)
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**" + next_url)


def enter_round(page, base: str, rnd: Round, seed: int = 1) -> Entered:
    """Open the round's entry page and type every result with the keyboard only: score, Tab, score, Enter.

    Returns how many keystrokes it took and how long, from the page shown to every row saved."""
    from playwright.sync_api import expect

    rng = random.Random(seed)
    tables = list(rnd.matches.filter(player2__isnull=False).order_by("table").values_list("table", flat=True))
    page.goto(base + reverse("public:round_entry", args=[rnd.tournament_id, rnd.number]))
    expect(page.locator(f"#t{tables[0]} input.s1")).to_be_focused()
    keys = 0
    scores = {}
    started = time.perf_counter()
    for table in tables:
        loser = rng.randrange(0, 7)
        s1, s2 = (7, loser) if rng.random() < 0.5 else (loser, 7)
        scores[table] = (s1, s2)
        for text in (str(s1), "Tab", str(s2), "Enter"):
            if text in ("Tab", "Enter"):
                page.keyboard.press(text)
                keys += 1
            else:
                page.keyboard.type(text)
                keys += len(text)
    # Every row has come back from the server saved.
    expect(page.locator("form.entry-row.saved")).to_have_count(len(tables))
    seconds = time.perf_counter() - started
    return Entered(len(tables), keys, seconds, scores)
