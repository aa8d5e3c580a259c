"""In a real browser: the replay steps with the keys and the buttons, redraws the checkers of each position
and jumps between games; the script raises no error."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from rules_core import replay, write_mat
from rules_core.simulate import random_match
from tests.browser.conftest import browser, desktop  # noqa: F401 - the shared Chromium fixtures
from tests.factories import make_user
from tests.records.conftest import build

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def page(request):
    # tests/browser's session Chromium (skipped, saying why, without chromium) and its 1280×900 context.
    return request.getfixturevalue("desktop").new_page()


def count(page, selector: str) -> int:
    return page.evaluate(f"document.querySelectorAll('#replay-board {selector}').length")


@pytest.mark.parametrize("discipline", ["long", "short"])
def test_a_judge_steps_through_the_match_with_keys_and_buttons(live_server, page, discipline):
    from records import store

    secretary = make_user("sec", can_create=True)
    match = build(secretary, make_user("judge"), make_user("player"), discipline=discipline, length=5)
    text = write_mat(random_match(discipline, 5, 3, players=("Player", "Игрок000")))
    store.attach(match, secretary, text, source="paste")
    match.result_kind, match.score1, match.score2 = "played", 5, 0
    match.final_at = timezone.now()  # a final match: the public may replay it
    match.save()
    snaps = replay(text, discipline)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    def on_board(i: int) -> int:
        s = snaps[i]
        return sum(abs(n) for n in s.board) + sum(s.bar)

    page.goto(live_server.url + reverse("records:replay", args=[match.round.tournament_id, match.pk]))
    from playwright.sync_api import expect

    pos = page.locator("#replay-pos")
    expect(pos).to_have_text(f"1 / {len(snaps)}")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(pos).to_have_text(f"3 / {len(snaps)}")
    assert count(page, "circle.checker") == on_board(2)
    expect(page.locator("#ri-play")).to_have_text(snaps[2].play or "—")
    page.get_by_role("link", name="назад").click()
    expect(pos).to_have_text(f"2 / {len(snaps)}")
    page.keyboard.press("End")
    last = len(snaps) - 1
    expect(pos).to_have_text(f"{len(snaps)} / {len(snaps)}")
    assert count(page, "circle.checker") == on_board(last)
    assert count(page, "rect.off") == sum(snaps[last].off)
    page.keyboard.press("Home")
    page.keyboard.press("PageDown")
    second_game = next((i for i, s in enumerate(snaps) if s.kind == "start" and s.game == 2), last)
    expect(pos).to_have_text(f"{second_game + 1} / {len(snaps)}")
    if second_game != last:
        expect(page.locator("#ri-game")).to_have_text("2")
        assert page.locator("#replay-game").input_value() == str(second_game)
    assert errors == []


def test_stepping_onto_an_illegal_play_shows_it_in_red_with_the_legal_plays(live_server, page):
    from records import manager, store
    from tests.rules_core.planted import DATA

    secretary = make_user("sec", can_create=True)
    match = build(secretary, make_user("judge"), make_user("player"), discipline="long", length=3)
    record = store.attach(
        match, secretary, (DATA / "long_head.mat").read_text(encoding="utf-8"), source="paste"
    )
    verdict = manager.judge(record)
    (finding,) = verdict.findings
    step = finding["step"]
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(live_server.url + "/accounts/login/")
    page.fill("input[name=username]", "sec")
    page.fill("input[name=password]", "pw-sec")
    page.click("button[type=submit]")
    url = reverse("records:replay", args=[match.round.tournament_id, match.pk])
    page.goto(f"{live_server.url}{url}?step={step - 1}")
    from playwright.sync_api import expect

    marks = page.locator("#replay-marks [data-mark]")
    expect(marks).to_have_count(0)
    page.keyboard.press("ArrowRight")
    expect(marks).to_have_count(1)
    expect(marks.first).to_contain_text("п. 5.4.11 Правил вида спорта «нарды»")
    expect(marks.first).to_contain_text("с головы за ход можно снять только одну шашку")
    assert page.locator("#replay-marks li").all_text_contents() == finding["args"]["legal"]
    assert count(page, "path.arrow.bad") == len(manager.snapshots(record)[step]["path"])
    page.keyboard.press("ArrowRight")
    expect(marks).to_have_count(0)
    assert count(page, "path.arrow.bad") == 0 and count(page, "path.arrow") > 0
    assert errors == []
