"""Real records through the web app (issue 29 §1): GNU Backgammon's text export is attached and checked like a
.mat; a resignation in a contact position is a finding or a note as the tournament's regulation says
(``contact_resignation``, 003 «Завершение партии и матча»); an unreadable line is refused with its number."""

from __future__ import annotations

import html
from pathlib import Path

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from protocols import facts
from records.models import Record, Verdict
from tournaments.models import Tournament

DATA = Path(__file__).resolve().parents[1] / "data" / "records"


def _attach(client, match, name: str, text: str, capture):
    upload = SimpleUploadedFile(name, text.encode("utf-8"), content_type="text/plain")
    with capture(execute=True):
        return client.post(
            reverse("records:attach", args=[match.round.tournament_id, match.pk]),
            {"file": upload, "text": "", "player1_side": "1"},
        )


def _page(client, match) -> str:
    response = client.get(reverse("records:match_record", args=[match.round.tournament_id, match.pk]))
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_003_a_whole_match_from_gnubg_text_exports_is_attached_and_legal(
    client, short_match, secretary, django_capture_on_commit_callbacks
):
    names = ["match4047002.txt", "match4047002_002.txt", "match4047002_003.txt"]
    text = "".join((DATA / "gnubg-text" / n).read_text(encoding="utf-8") for n in names)
    client.force_login(secretary)
    response = _attach(client, short_match, "match.txt", text, django_capture_on_commit_callbacks)
    assert response.status_code == 302
    record = Record.objects.get(match=short_match)
    assert record.game_count == 3 and record.record_length == 3
    verdict = Verdict.objects.get(record=record)
    assert verdict.valid and verdict.findings == [] and verdict.score == [3, 1]


def test_003_end_a_contact_resignation_is_a_finding_by_default(
    client, short_match, secretary, django_capture_on_commit_callbacks
):
    text = (DATA / "gnubg-text" / "match926877.txt").read_text(encoding="utf-8")
    client.force_login(secretary)
    _attach(client, short_match, "game.txt", text, django_capture_on_commit_callbacks)
    verdict = Verdict.objects.get(record__match=short_match)
    assert not verdict.valid
    assert [f["code"] for f in verdict.findings] == ["resign_contact"]  # 3 points: the match, 3 : 0
    page = _page(client, short_match)
    assert "сдача в контактной позиции (3 очка в пользу игрока" in page
    assert "раздел «Завершение партии и матча» Правил проведения соревнований Лиги" in page
    assert "досрочно она заканчивается только пасом на удвоении" in page


def test_003_end_a_contact_resignation_is_a_note_when_the_regulation_says_so(
    client, short_match, secretary, django_capture_on_commit_callbacks
):
    t = short_match.round.tournament
    Tournament.objects.filter(pk=t.pk).update(contact_resignation="note")
    text = (DATA / "gnubg-text" / "match926877.txt").read_text(encoding="utf-8")
    client.force_login(secretary)
    _attach(client, short_match, "game.txt", text, django_capture_on_commit_callbacks)
    verdict = Verdict.objects.get(record__match=short_match)
    assert "resign_contact" not in [f["code"] for f in verdict.findings]
    assert [n["code"] for n in verdict.notes] == ["resign_contact"]
    page = _page(client, short_match)
    assert "data-note" in page and "сдача в контактной позиции" in page


def test_003_end_the_setting_is_printed_where_records_are_validated(short_match):
    t = Tournament.objects.get(pk=short_match.round.tournament_id)
    with translation.override("ru"):
        labels = {str(f.label): f for f in facts.regulation_facts(t)}
    label = (
        "Сдача в контактной позиции в записях партий (раздел «Завершение партии и матча» Правил "
        "проведения соревнований Лиги)"
    )
    assert label in labels
    t.validate_records = False
    with translation.override("ru"):
        assert label not in {str(f.label) for f in facts.regulation_facts(t)}
    assert "contact_resignation" in Tournament.LOCKED_AFTER_START


def test_a_gnubg_text_export_with_a_line_not_understood_is_refused_with_the_line(
    client, short_match, secretary, django_capture_on_commit_callbacks
):
    text = (DATA / "gnubg-text" / "match926877.txt").read_text(encoding="utf-8")
    broken = text.replace("* karis moves 8/4 6/4", "* karis flies 8/4 6/4")
    line = broken.splitlines().index("* karis flies 8/4 6/4") + 1
    client.force_login(secretary)
    response = _attach(client, short_match, "game.txt", broken, django_capture_on_commit_callbacks)
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    assert f"строка {line} «* karis flies 8/4 6/4»" in page
    assert not Record.objects.filter(match=short_match).exists()
