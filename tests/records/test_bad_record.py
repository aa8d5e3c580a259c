"""Bad input: an unreadable record, a binary or oversized file, a file and a text at once. Each gets a clear
Russian message (with the line number where there is one), HTTP 400, and nothing is saved."""

from __future__ import annotations

import html

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from records import manager
from records.models import Record
from tests.records.conftest import legal_text


def attach_url(match) -> str:
    return reverse("records:attach", args=[match.round.tournament_id, match.pk])


def page_text(response) -> str:
    return html.unescape(response.content.decode())


def test_an_unreadable_pasted_record_names_the_line_in_russian(client, match, participant_user):
    client.force_login(participant_user)
    lines = legal_text().splitlines()
    bad_line = next(i for i, line in enumerate(lines) if line.strip().startswith("2)"))
    lines[bad_line] = "  2) 51 24/18 ???"
    response = client.post(attach_url(match), {"text": "\n".join(lines)})
    assert response.status_code == 400
    text = page_text(response)
    assert f"Запись не читается: строка {bad_line + 1}" in text
    assert "2) 51 24/18 ???" in text  # the line is quoted
    assert text.count("Запись не читается") == 1
    assert not Record.objects.exists()


def test_a_record_without_the_match_line_is_refused(client, match, secretary):
    client.force_login(secretary)
    response = client.post(attach_url(match), {"text": "hello\nworld\n"})
    assert response.status_code == 400
    assert "строка 1" in page_text(response) and "ожидалась строка «N point match»" in page_text(response)
    assert not Record.objects.exists()


def test_an_oversized_upload_is_refused_before_it_is_read(client, match, participant_user, monkeypatch):
    monkeypatch.setattr(manager, "MAX_BYTES", 2048)
    client.force_login(participant_user)
    big = SimpleUploadedFile("big.mat", legal_text().encode() + b";" * 4096)
    response = client.post(attach_url(match), {"file": big})
    assert response.status_code == 400
    assert "Файл слишком большой" in page_text(response) and "не более 2 КБ" in page_text(response)
    assert not Record.objects.exists()


def test_the_default_limit_refuses_a_megabyte(client, match, participant_user):
    client.force_login(participant_user)
    big = SimpleUploadedFile("big.mat", b"; comment\n" * 100_000)
    response = client.post(attach_url(match), {"file": big})
    assert response.status_code == 400
    assert "Файл слишком большой" in page_text(response)
    assert not Record.objects.exists()


def test_a_binary_file_is_refused(client, match, participant_user):
    client.force_login(participant_user)
    response = client.post(attach_url(match), {"file": SimpleUploadedFile("x.mat", b"\x89PNG\x00\x01\x02")})
    assert response.status_code == 400
    assert "не текстовая запись" in page_text(response)
    assert not Record.objects.exists()


def test_a_cp1251_file_is_read(client, match, participant_user):
    client.force_login(participant_user)
    upload = SimpleUploadedFile("cp.mat", legal_text().encode("cp1251"))
    assert client.post(attach_url(match), {"file": upload}).status_code == 302
    assert Record.objects.get().record_players == ["Player", "Игрок000"]


def test_a_file_and_a_text_at_once_or_neither_are_refused(client, match, participant_user):
    client.force_login(participant_user)
    upload = SimpleUploadedFile("m.mat", legal_text().encode())
    both = client.post(attach_url(match), {"file": upload, "text": legal_text()})
    assert both.status_code == 400 and "не то и другое" in page_text(both)
    neither = client.post(attach_url(match), {"text": "   "})
    assert neither.status_code == 400 and "Загрузите файл или вставьте запись" in page_text(neither)
    assert not Record.objects.exists()


def test_a_wrong_side_choice_is_a_form_error(client, match, participant_user):
    client.force_login(participant_user)
    response = client.post(attach_url(match), {"text": legal_text(), "player1_side": "3"})
    assert response.status_code == 400
    assert not Record.objects.exists()


def test_an_oversized_paste_is_refused(client, match, participant_user, monkeypatch):
    monkeypatch.setattr(manager, "MAX_BYTES", 1024)
    client.force_login(participant_user)
    response = client.post(attach_url(match), {"text": legal_text() + ";" * 2048})
    assert response.status_code == 400
    assert "Запись слишком длинная: допускается не более 1 КБ" in page_text(response)
    assert not Record.objects.exists()


def test_a_bye_takes_no_record(client, match, secretary):
    from draw.models import Match

    bye = Match.objects.create(round=match.round, table=9, player1=match.player1, match_length=3)
    client.force_login(secretary)
    assert client.post(attach_url(bye), {"text": legal_text()}).status_code == 403
    assert not Record.objects.exists()


def test_an_unreadable_entry_is_named_in_russian(client, match, participant_user):
    client.force_login(participant_user)
    text = " 7 point match\n\n Game 1\n A : 0   B : 0\n  1) 5x: 24/18\n"
    response = client.post(attach_url(match), {"text": text})
    assert response.status_code == 400
    assert "Запись не читается: строка 5 «1) 5x: 24/18»: не удаётся прочитать «5x:»." in page_text(response)
