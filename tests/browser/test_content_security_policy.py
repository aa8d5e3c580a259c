"""In a real browser, under the Content-Security-Policy (issue 25 item 12): the pages whose scripts were
inline (the sanction forms, the entries list, an import's and a document's progress) and the other scripted
pages (the live round, the whole-round entry, the tournament form, the replay, the API's docs, the admin)
still work, and the browser reports no violation of the policy."""

from __future__ import annotations

import datetime
import re
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from draw import manager as draw_manager
from draw.models import Round
from protocols import tasks as document_tasks
from protocols.models import Document
from records import store
from registration import tasks as import_tasks
from registration.models import Entry, EntryImport, Person
from rules_core import write_mat
from rules_core.simulate import random_match
from tests.factories import make_tournament, make_user
from tests.records.conftest import build
from tests.registration.test_import import _csv, _rows
from tests.teams.helpers import draw_and_publish, make_teams, publish

pytestmark = pytest.mark.django_db(transaction=True)

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI + " " + (e.sample || ""));
});
"""


@pytest.fixture
def watched(desktop, live_server, client):
    """A desktop page that records every policy violation and script error; logs in whom the test says."""
    desktop.add_init_script(WATCH)
    page = desktop.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda exc: problems.append(f"script error: {exc}"))

    def console(msg) -> None:
        if "Content Security Policy" in msg.text:
            problems.append(f"console: {msg.text}")

    page.on("console", console)

    def login(user) -> None:
        client.force_login(user)
        desktop.add_cookies(
            [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
        )

    def visit(url: str) -> None:
        problems.extend(_violations(page))
        response = page.goto(live_server.url + url)
        assert response.status == 200, (url, response.status)
        assert "script-src 'self'" in response.headers["content-security-policy"]

    page.login, page.visit, page.problems = login, visit, problems
    yield page
    problems.extend(_violations(page))
    assert problems == []


def _violations(page) -> list[str]:
    try:
        return [f"violation: {v}" for v in page.evaluate("window.__violations || []")]
    except Exception:  # noqa: BLE001 - a page navigating away has no window to ask
        return []


def _published(secretary, chief_judge, players=8):
    t = make_tournament(secretary, chief_judge, players=players)
    r = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=r.pk).update(status=Round.Status.PUBLISHED)
    return t


def test_the_sanction_form_picks_a_participant_and_asks_before_a_removal(watched, secretary, chief_judge):
    t = _published(secretary, chief_judge)
    watched.login(chief_judge)
    watched.visit(reverse("judging:sanction_new", args=[t.pk]))
    pick = watched.locator("#pick")
    second = pick.locator("option").nth(1).get_attribute("value")
    pick.select_option(second)  # data-submit-on-change: the page reloads with his matches only
    watched.wait_for_url(re.compile(rf"participant={second}"))
    form = watched.locator("#sanction-form")
    expect(form).not_to_have_attribute("data-confirm", re.compile("."))
    watched.select_option("#id_kind", "removal")
    expect(form).to_have_attribute("data-confirm", re.compile("удал"))
    watched.select_option("#id_kind", "warning")
    expect(form).not_to_have_attribute("data-confirm", re.compile("."))


def test_the_team_sanction_form_asks_before_a_removal(watched, client, secretary, chief_judge):
    t = make_tournament(secretary, chief_judge, system="swiss", character="team", rounds=3, boards=2)
    teams = make_teams(t, 4, 2)
    client.force_login(secretary)
    draw_and_publish(client, t, 1)
    publish(client, t, 1)
    watched.login(chief_judge)
    watched.visit(reverse("judging:team_sanction", args=[t.pk, teams[0].pk]))
    watched.select_option("#id_kind", "removal")
    expect(watched.locator("#team-sanction-form")).to_have_attribute("data-confirm", re.compile("5.7.3"))


def test_all_ticks_every_entry_of_the_list(watched, secretary, chief_judge):
    t = make_tournament(secretary, chief_judge)
    for i in range(3):
        person = Person.objects.create(
            surname=f"Заявкин{i}", name="Иван", birth_date=datetime.date(1990, 1, 1 + i)
        )
        Entry.objects.create(tournament=t, person=person, disciplines=["long"])
    watched.login(secretary)
    watched.visit(reverse("registration:entries", args=[t.pk]))
    boxes = watched.locator("#bulk input[name=entries]")
    expect(boxes).to_have_count(3)
    watched.locator("#select-all").check()
    for i in range(3):
        expect(boxes.nth(i)).to_be_checked()


def test_an_imports_progress_page_follows_the_rows_then_shows_the_preview(watched, secretary, chief_judge):
    t = make_tournament(secretary, chief_judge)
    batch = EntryImport.objects.create(
        tournament=t,
        file_name="entries.csv",
        file_format="csv",
        data=_csv(_rows(30, bad={})),
        status=EntryImport.Status.CHECKING,
        total=30,
        created_by=secretary,
    )
    watched.login(secretary)
    watched.visit(reverse("registration:import_batch", args=[t.pk, batch.pk]))
    expect(watched.locator("#import-progress")).to_have_text("0")
    import_tasks.preview_import(batch.pk)  # the worker (or the thread) does the work meanwhile
    expect(watched.get_by_text("Пока ничего не сохранено")).to_be_visible()  # reloaded: the preview


def test_a_documents_page_follows_its_generation_then_offers_the_download(
    watched, secretary, chief_judge, settings
):
    t = _published(secretary, chief_judge)
    watched.login(secretary)
    settings.CELERY_TASK_ALWAYS_EAGER = False  # a broker: queued; nobody works on it until the test says
    with mock.patch.object(document_tasks, "generate") as worker:
        document_tasks.request_document(t, "standings", "", secretary)
    settings.CELERY_TASK_ALWAYS_EAGER = True
    assert worker.delay.called
    doc = Document.objects.get(tournament=t, kind="standings")
    assert doc.status == Document.Status.PENDING
    watched.visit(reverse("protocols:document", args=[t.pk, "standings"]))
    expect(watched.locator("#document-pages")).to_contain_text("0")
    document_tasks.generate(doc.pk)
    expect(watched.get_by_role("link", name="Скачать PDF")).to_be_visible()


def test_the_other_scripted_pages_work_under_the_policy(watched, secretary, chief_judge):
    t = _published(secretary, chief_judge)
    admin = make_user("root")
    admin.is_staff = admin.is_superuser = True
    admin.save()
    # The live round page (live.js) and the whole-round entry (entry.js).
    watched.login(secretary)
    watched.visit(reverse("public:round", args=[t.pk, 1]))
    watched.visit(reverse("public:round_entry", args=[t.pk, 1]))
    expect(watched.locator("#t1 input.s1")).to_be_focused()  # entry.js put the cursor on the first table
    for key in ("7", "Tab", "3", "Enter"):
        watched.keyboard.press(key)
    expect(watched.locator("form.entry-row.saved")).to_have_count(1)
    # The tournament form (tournament_form.js) shows the chosen system's settings only.
    watched.visit(reverse("public:create"))
    watched.select_option("#id_system", "round_robin")
    # The API's docs (Swagger UI from our own static files).
    watched.visit("/api/docs")
    expect(watched.locator(".swagger-ui .info")).to_be_visible()
    # The admin.
    watched.login(admin)
    watched.visit("/admin/")
    watched.visit(f"/admin/tournaments/tournament/{t.pk}/change/")


def test_the_replay_board_keeps_its_colours_from_the_stylesheet(watched, secretary, chief_judge):
    match = build(secretary, chief_judge, make_user("player"), length=3)
    store.attach(match, secretary, write_mat(random_match("long", 3, 3, players=("A", "B"))), source="paste")
    match.result_kind, match.score1, match.score2, match.final_at = "played", 3, 0, timezone.now()
    match.save()
    watched.visit(reverse("records:replay", args=[match.round.tournament_id, match.pk]))
    fill = watched.evaluate("getComputedStyle(document.querySelector('#replay-board rect.frame')).fill")
    assert fill == "rgb(107, 74, 43)"  # the board's frame, from records.css (no <style> in the SVG)
    watched.keyboard.press("ArrowRight")
    expect(watched.locator("#replay-pos")).to_contain_text("2 /")
