"""Issue 28 §1 and §4, in Chromium: a typist faster than the server, with typos at random slips, puts every
score on the table whose row it was typed in — 0 results on a wrong table, 0 lost; a refused row stays red
and listed above the tables while the cursor goes on; a score typed over a result both players confirmed
waits for a second Enter; the «стол №» field reaches a table on another page (issue 37) and keys typed while
its rows come are not lost."""

from __future__ import annotations

import random
import re
import time

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from draw import manager as draw_manager
from draw import results
from draw.models import Round
from judging.models import MatchProtocol
from tests.browser.entry_driver import hundred_player_swiss, login
from tests.factories import make_tournament, make_user

pytestmark = pytest.mark.django_db(transaction=True)

TYPOS = [("7", "7"), ("77", "1"), ("3", "4"), ("7", "")]  # both at 7; unreachable; nobody at 7; one score


@pytest.fixture
def slow_server(monkeypatch):
    """Each row's save takes 0.15–0.45 s on the server: far slower than a script types."""
    real = results.record_result
    rng = random.Random(28)

    def slow(*args, **kwargs):
        time.sleep(rng.uniform(0.15, 0.45))
        return real(*args, **kwargs)

    monkeypatch.setattr(results, "record_result", slow)


def _type(page, s1: str, s2: str) -> None:
    page.keyboard.type(s1)
    page.keyboard.press("Tab")
    if s2:
        page.keyboard.type(s2)
    page.keyboard.press("Enter")


def _stored(rnd) -> dict[int, tuple[int, int]]:
    return {m.table: (m.score1, m.score2) for m in rnd.matches.exclude(result_kind="")}


def test_28_1_a_typist_faster_than_the_server_with_typos_puts_every_score_on_its_own_table(
    live_server, desktop, slow_server
):
    secretary = make_user("sec", can_create=True)
    rnd = hundred_player_swiss(secretary)
    entry = reverse("public:round_entry", args=[rnd.tournament_id, 1])
    page = desktop.new_page()
    login(page, live_server.url, "sec", "pw-sec", entry)
    page.goto(live_server.url + entry)
    tables = list(rnd.matches.exclude(player2=None).order_by("table").values_list("table", flat=True))
    expect(page.locator(f"#t{tables[0]} input.s1")).to_be_focused()
    rng = random.Random(2028)
    typos = dict(zip(sorted(rng.sample(tables[:-1], len(TYPOS))), TYPOS, strict=True))
    corrected = rng.choice([n for n in tables[1:] if n not in typos and n - 1 not in typos])
    slips: dict[int, tuple[str, str]] = {}
    for table in tables:
        loser = str(rng.randrange(0, 7))
        slips[table] = ("7", loser) if rng.random() < 0.5 else (loser, "7")
        _type(page, *typos.get(table, slips[table]))
        if table == corrected:
            # The typist sees he misread the slip before: back one row, the score again, Enter — while the
            # first score of that row may still be on its way.
            slips[table - 1] = ("1", "7") if slips[table - 1] != ("1", "7") else ("2", "7")
            for _ in range(4):  # the next row's first field → this row's two → the row before's second, first
                page.keyboard.press("Shift+Tab")
            _type(page, *slips[table - 1])
            page.keyboard.press("Tab")  # Enter brought the cursor to this table's row again: on to the next
            page.keyboard.press("Tab")
    # The cursor never went back: it waits past the last table.
    expect(page.locator("#entry-table")).to_be_focused()
    expect(page.locator("form.entry-row.pending")).to_have_count(0, timeout=90_000)
    good = {n: (int(a), int(b)) for n, (a, b) in slips.items() if n not in typos}
    assert _stored(rnd) == good  # 0 on a wrong table, 0 lost, 0 merged
    for table in typos:
        row = page.locator(f"#t{table}")
        expect(row).to_have_class(re.compile(r"\bfailed\b"))
        expect(row.locator(".entry-status")).to_have_text("не сохранено")
    problems = page.locator("#entry-problems li")
    expect(problems).to_have_count(len(typos))
    for table in typos:
        expect(page.locator("#entry-problems")).to_contain_text(f"стол {table}:")
    expect(page.locator("form.entry-row.saved")).to_have_count(len(good))
    # Each refused row is corrected from the list above the tables.
    for table in typos:
        page.locator(f"#entry-problems a[href='#t{table}']").click()
        expect(page.locator(f"#t{table} input.s1")).to_be_focused()
        _type(page, *slips[table])
    expect(page.locator("form.entry-row.pending")).to_have_count(0, timeout=60_000)
    expect(page.locator("#entry-problems")).to_be_hidden()
    assert _stored(rnd) == {n: (int(a), int(b)) for n, (a, b) in slips.items()}
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.FINISHED


def test_28_4_003_protocols_a_score_both_players_confirmed_takes_a_second_enter(live_server, desktop):
    secretary = make_user("sec", can_create=True)
    rnd = hundred_player_swiss(secretary)
    m = rnd.matches.get(table=2)
    now = timezone.now()
    MatchProtocol.submit(m, m.player1, 7, 3, "", None, now).answer(m.player2, True, "", None, now)
    entry = reverse("public:round_entry", args=[rnd.tournament_id, 1])
    page = desktop.new_page()
    login(page, live_server.url, "sec", "pw-sec", entry)
    page.goto(live_server.url + entry)
    expect(page.locator("#t1 input.s1")).to_be_focused()
    _type(page, "7", "0")
    # Table 2 holds 7:3: the field's content is selected, so "7" replaces it (not 77).
    expect(page.locator("#t2 input.s1")).to_be_focused()
    page.keyboard.type("7")
    expect(page.locator("#t2 input.s1")).to_have_value("7")
    page.keyboard.press("Tab")
    page.keyboard.type("1")
    page.keyboard.press("Enter")
    expect(page.locator("#t3 input.s1")).to_be_focused()  # the cursor goes on
    expect(page.locator("#t2")).to_have_class(re.compile(r"\bconfirm\b"))
    expect(page.locator("#entry-problems")).to_contain_text("подтверждённый обоими игроками")
    m.refresh_from_db()
    assert (m.score1, m.score2) == (7, 3)
    _type(page, "2", "7")  # table 3 goes on being typed meanwhile
    page.locator("#entry-problems a[href='#t2']").click()
    page.keyboard.press("Enter")  # the second Enter, the same 7:1
    expect(page.locator("#t2")).to_have_class(re.compile(r"\bsaved\b"))
    m.refresh_from_db()
    assert (m.score1, m.score2) == (7, 1)
    assert _stored(rnd) == {1: (7, 0), 2: (7, 1), 3: (2, 7)}


def test_28_4_37_the_table_field_reaches_a_table_on_another_page_and_keeps_the_keys_typed(
    live_server, desktop
):
    secretary = make_user("sec", can_create=True)
    t = make_tournament(secretary, players=420)  # 210 tables: pages 1–100, 101–200, 201–210
    rnd = draw_manager.draw_round(t, secretary, seed=37)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    entry = reverse("public:round_entry", args=[t.pk, 1])
    page = desktop.new_page()
    login(page, live_server.url, "sec", "pw-sec", entry)
    page.goto(live_server.url + entry)
    expect(page.locator("#t1 input.s1")).to_be_focused()
    expect(page.locator("#t205")).to_have_count(0)
    # Slips in any order: «/», the table, Enter, the scores, Enter — typed without waiting for the page.
    page.keyboard.press("/")
    page.keyboard.type("205")
    page.keyboard.press("Enter")
    _type(page, "7", "2")
    expect(page.locator("#entry-table")).to_be_focused()  # Enter after a jump comes back to the field
    page.keyboard.type("3")
    page.keyboard.press("Enter")
    _type(page, "1", "7")
    page.keyboard.type("999")
    page.keyboard.press("Enter")
    expect(page.locator("#entry-jump-note")).to_contain_text("Нет стола 999")
    # In table order across the end of the first page: 99, 100, then 101 — the second page's rows come
    # before the cursor moves on (the third page, on screen since the jump, is not the next table).
    page.locator("#t99 input.s1").focus()
    for s1, s2 in (("7", "4"), ("5", "7"), ("7", "6"), ("0", "7")):
        _type(page, s1, s2)
    expect(page.locator("form.entry-row.pending")).to_have_count(0)
    expect(page.locator("form.entry-row.saved")).to_have_count(6)
    assert _stored(rnd) == {205: (7, 2), 3: (1, 7), 99: (7, 4), 100: (5, 7), 101: (7, 6), 102: (0, 7)}
