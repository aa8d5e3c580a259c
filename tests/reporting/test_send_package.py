"""Issue 32 §4: "send" mails the package to the season's federation address with Django's mail — tested
against a local SMTP server (aiosmtpd) — and records when, by whom, to whom."""

from __future__ import annotations

import email
import io
import zipfile

import pytest
from django.urls import reverse
from django.utils import translation

from reporting.models import Archive, ReportSent

from .evsk import document, event_in_competition, norm, paperwork
from .smtp import Controller, Sink, free_port

pytestmark = pytest.mark.django_db


@pytest.fixture
def smtp(settings):
    sink = Sink()
    port = free_port()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_USE_TLS = "127.0.0.1", port, False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    yield sink
    controller.stop()


@pytest.fixture
def event(secretary, chief_judge):
    t = event_in_competition(secretary, n=6)
    paperwork(t, chief=chief_judge.person, email="reports@fnr.example")
    norm(document(), "adult2", 2)
    return t


def test_issue32_4_send_mails_the_package_to_the_federation_and_records_it(event, client, chief_judge, smtp):
    client.force_login(chief_judge)
    client.post(reverse("reporting:make", args=[event.pk, "package"]))
    with translation.override("ru"):
        response = client.post(reverse("reporting:send", args=[event.pk]), follow=True)
    assert "Отправлено на reports@fnr.example." in response.content.decode()
    assert len(smtp.messages) == 1
    to, raw = smtp.messages[0]
    assert to == ["reports@fnr.example"]
    message = email.message_from_bytes(raw)
    attachments = [part for part in message.walk() if part.get_filename()]
    assert [a.get_filename() for a in attachments] == [f"report-{event.pk}.zip"]
    names = zipfile.ZipFile(io.BytesIO(attachments[0].get_payload(decode=True))).namelist()
    assert "01_final_protocol.pdf" in names and "manifest.txt" in names
    sent = ReportSent.objects.get()
    assert (sent.to, sent.sent_by, sent.tournament) == ("reports@fnr.example", chief_judge, event)
    assert sent.archive == Archive.objects.get(kind="package")


def test_issue32_4_nothing_is_sent_or_recorded_before_the_package_is_made(event, client, chief_judge, smtp):
    client.force_login(chief_judge)
    with translation.override("ru"):
        response = client.post(reverse("reporting:send", args=[event.pk]), follow=True)
    assert "Отчётный пакет ещё не собран." in response.content.decode()
    assert smtp.messages == [] and not ReportSent.objects.exists()


def test_issue32_4_a_season_without_the_federation_address_sends_nothing(event, client, chief_judge, smtp):
    season = event.competition.calendar.season
    season.federation_email = ""
    season.save()
    client.force_login(chief_judge)
    client.post(reverse("reporting:make", args=[event.pk, "package"]))
    with translation.override("ru"):
        response = client.post(reverse("reporting:send", args=[event.pk]), follow=True)
    assert "некуда отправить" in response.content.decode()
    assert smtp.messages == [] and not ReportSent.objects.exists()


def test_issue32_4_a_mail_server_that_is_down_records_nothing(event, client, chief_judge, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", free_port()  # nobody listens
    client.force_login(chief_judge)
    client.post(reverse("reporting:make", args=[event.pk, "package"]))
    with translation.override("ru"):
        response = client.post(reverse("reporting:send", args=[event.pk]), follow=True)
    assert response.status_code == 200 and "Письмо не отправлено" in response.content.decode()
    assert not ReportSent.objects.exists()
