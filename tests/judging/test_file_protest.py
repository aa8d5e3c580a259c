"""Filing a protest (004 §5.10, §2.4.2 item 5): the window, the next match, who may protest, the evidence."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from django.urls import reverse
from PIL import Image
from pypdf import PdfWriter

from judging.models import Protest, ProtestAttachment
from tests.judging.conftest import T0, at, draw_and_start, frozen, match_of
from tournaments.models import AuditEntry

FORM = {
    "reasons": "Соперник сыграл 6-5 вместо 6-4",
    "arguments": "Партия 3, ход 12",
    "evidence": "Судья видел",
}


def _url(t, m):
    return reverse("judging:protest_new", args=[t.pk, m.pk])


def _mine(t, user, number=1):
    return match_of(t, t.participants.get(person__user=user), number)


def _pdf() -> bytes:
    writer = PdfWriter()
    writer.add_blank_page(width=200, height=200)
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def _png_declaring(width: int, height: int) -> bytes:
    """A PNG of a few bytes whose header declares ``width`` × ``height`` pixels (a decompression bomb)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    idat = zlib.compress(b"\x00" * 64)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")


def _png() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (4, 4), "red").save(buf, "PNG")
    return buf.getvalue()


def test_a_protest_9_59_after_the_end_is_accepted_004_5_10(client, running, participant_user):
    m = _mine(running, participant_user)
    assert m.ended_at == T0
    client.force_login(participant_user)
    with frozen(at(9, 59)):
        response = client.post(_url(running, m), FORM)
    protest = Protest.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("judging:protest", args=[running.pk, protest.pk])
    assert protest.match == m and protest.status == "filed" and protest.filed_at == at(9, 59)
    assert AuditEntry.objects.filter(action="protest", data__clause="004 §5.10").exists()


def test_a_protest_10_01_after_the_end_is_refused_and_nothing_saved_004_5_10(
    client, running, participant_user
):
    m = _mine(running, participant_user)
    client.force_login(participant_user)
    log_before = AuditEntry.objects.count()
    with frozen(at(10, 1)):
        response = client.post(_url(running, m), FORM)
    assert response.status_code == 400
    assert "Время подачи протеста истекло" in response.content.decode()
    assert not Protest.objects.exists()
    assert AuditEntry.objects.count() == log_before


def test_a_protest_after_the_protesters_next_match_started_is_refused_004_2_4_2(
    client, running, secretary, participant_user
):
    m = _mine(running, participant_user)
    with frozen(at(3)):
        draw_and_start(running, secretary, 2)  # his next match starts 3 minutes after the end
    client.force_login(participant_user)
    with frozen(at(5)):
        response = client.post(_url(running, m), FORM)
    assert response.status_code == 400
    assert "следующий матч уже начался" in response.content.decode()
    assert not Protest.objects.exists()


@pytest.mark.parametrize("who", ["anonymous", "stranger", "other_player", "other_secretary"])
def test_a_protest_on_someone_elses_match_is_forbidden(client, running, participant_user, who, request):
    theirs = (
        running.round_set.get(number=1)
        .matches.exclude(player1__person__user=participant_user)
        .exclude(player2__person__user=participant_user)[0]
    )
    if who == "other_player":
        client.force_login(participant_user)
    elif who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    with frozen(at(1)):
        assert client.post(_url(running, theirs), FORM).status_code == 403
        assert client.get(_url(running, theirs)).status_code == 403
    assert not Protest.objects.exists()


def test_a_protest_needs_reasons_and_arguments_004_5_10(client, running, participant_user):
    m = _mine(running, participant_user)
    client.force_login(participant_user)
    with frozen(at(1)):
        response = client.post(_url(running, m), {"reasons": "", "arguments": ""})
    assert response.status_code == 400
    assert not Protest.objects.exists()


def test_a_protest_on_a_match_not_yet_played_is_refused(client, running, secretary, participant_user):
    with frozen(at(3)):
        draw_and_start(running, secretary, 2)
    m = _mine(running, participant_user, 2)
    client.force_login(participant_user)
    with frozen(at(4)):
        response = client.post(_url(running, m), FORM)
    assert response.status_code == 400
    assert not Protest.objects.exists()


def test_an_image_is_stored_and_served_only_to_the_panel_and_the_protester(
    client, running, participant_user, chief_judge, stranger, plain_secretary, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    m = _mine(running, participant_user)
    client.force_login(participant_user)
    upload = io.BytesIO(_png())
    upload.name = "доска.png"
    with frozen(at(2)):
        response = client.post(_url(running, m), {**FORM, "files": [upload]})
    assert response.status_code == 302
    attachment = ProtestAttachment.objects.get()
    assert attachment.content_type == "image/png" and attachment.original_name == "доска.png"
    assert (tmp_path / attachment.file.name).exists()
    url = reverse("judging:protest_attachment", args=[running.pk, attachment.protest_id, attachment.pk])
    assert client.get(url).status_code == 200
    client.force_login(chief_judge)
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    for outsider in (stranger, plain_secretary):
        client.force_login(outsider)
        assert client.get(url).status_code == 403
    client.logout()
    assert client.get(url).status_code == 403


def test_a_file_that_is_not_an_image_or_pdf_by_content_is_refused(
    client, running, participant_user, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    m = _mine(running, participant_user)
    client.force_login(participant_user)
    fake = io.BytesIO(b"<script>alert(1)</script>")
    fake.name = "evidence.pdf"
    with frozen(at(2)):
        response = client.post(_url(running, m), {**FORM, "files": [fake]})
    assert response.status_code == 400
    assert "ни изображением, ни PDF" in response.content.decode()
    assert not Protest.objects.exists()


def test_a_pdf_is_accepted_and_an_oversized_file_refused(
    client, running, participant_user, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    settings.PROTEST_ATTACHMENT_MAX_BYTES = 1000
    m = _mine(running, participant_user)
    client.force_login(participant_user)
    big = io.BytesIO(b"%PDF-1.4\n" + b"0" * 2000)
    big.name = "big.pdf"
    with frozen(at(2)):
        response = client.post(_url(running, m), {**FORM, "files": [big]})
    assert response.status_code == 400 and not Protest.objects.exists()
    small = io.BytesIO(_pdf())
    small.name = "protocol.pdf"
    with frozen(at(2)):
        response = client.post(_url(running, m), {**FORM, "files": [small]})
    assert response.status_code == 302
    assert ProtestAttachment.objects.get().content_type == "application/pdf"


def test_a_deposit_set_by_the_regulation_must_be_handed_in_004_5_10(client, running, participant_user):
    running.protest_deposit = 1000
    running.save()
    m = _mine(running, participant_user)
    client.force_login(participant_user)
    with frozen(at(2)):
        assert client.post(_url(running, m), FORM).status_code == 400
        assert not Protest.objects.exists()
        assert client.post(_url(running, m), {**FORM, "deposit": "on"}).status_code == 302
    assert Protest.objects.get().deposit == 1000


def test_one_protest_per_player_and_match_a_second_click_answers_as_the_first(
    client, running, participant_user
):
    m = _mine(running, participant_user)
    client.force_login(participant_user)
    with frozen(at(2)):
        first = client.post(_url(running, m), FORM)
        second = client.post(_url(running, m), FORM)
    assert first.status_code == second.status_code == 302 and first.url == second.url
    assert Protest.objects.count() == 1


@pytest.mark.parametrize("who", ["anonymous", "stranger", "other_secretary", "opponent"])
def test_a_protest_is_read_only_by_the_panel_and_the_protester(
    client, running, participant_user, who, request
):
    m = _mine(running, participant_user)
    me = running.participants.get(person__user=participant_user)
    protest = Protest.file(m, me, participant_user, "причина", "доводы", "", [], at(1))
    url = reverse("judging:protest", args=[running.pk, protest.pk])
    client.force_login(participant_user)
    assert client.get(url).status_code == 200
    client.logout()
    if who == "opponent":
        from django.contrib.auth.models import User

        other = m.player2 if m.player1_id == me.pk else m.player1
        other.person.user = User.objects.create_user("opp3")
        other.person.save()
        client.force_login(other.person.user)
    elif who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    assert client.get(url).status_code == 403


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("bomb.png", _png_declaring(20000, 20000), "слишком много пикселей"),
        ("fake.pdf", b"%PDF-1.4\n%%EOF\n", "ни изображением, ни PDF"),
        ("fake2.pdf", b"%PDF-1.7\n" + b"garbage " * 100, "ни изображением, ни PDF"),
    ],
)
def test_evidence_is_checked_beyond_its_header_never_a_500(
    client, running, participant_user, name, content, message
):
    """Issue 13 (low): a PNG declaring 20000×20000 px was a 500; a PDF was taken on its first bytes."""
    m = _mine(running, participant_user)
    client.force_login(participant_user)
    upload = io.BytesIO(content)
    upload.name = name
    with frozen(at(2)):
        response = client.post(_url(running, m), {**FORM, "files": [upload]})
    assert response.status_code == 400 and message in response.content.decode()
    assert not Protest.objects.exists()
