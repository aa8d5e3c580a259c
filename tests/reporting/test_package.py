"""Issue 32 §4: the report package — its files and manifest, its refusal while a mandatory field is missing,
the deadline counted down on the chief judge's desk, and who may make and send it."""

from __future__ import annotations

import datetime
import io
import zipfile

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone, translation

from fees.models import FeeSchedule
from registration.models import Official
from reporting import package
from reporting.models import Archive

from .evsk import document, event_in_competition, norm, paperwork

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def russian():
    with translation.override("ru"):
        yield


@pytest.fixture
def event(secretary, chief_judge):
    t = event_in_competition(secretary, n=8)
    paperwork(t, chief=chief_judge.person)
    norm(document(), "adult1", 3)
    return t


@pytest.fixture
def staff(db):
    return User.objects.create_user("federation", password="pw", is_staff=True)


def _names(data: bytes) -> list[str]:
    return zipfile.ZipFile(io.BytesIO(data)).namelist()


def test_issue32_4_the_package_holds_every_document_and_a_manifest(event):
    data, count = package.build(event)
    names = _names(data)
    assert names[:4] == [
        "01_final_protocol.pdf",
        "02_chief_judge_report.pdf",
        "03_registration_protocol.pdf",
        "04_tournament.xlsx",
    ]
    assert "05_fee_payers.pdf" not in names  # the event has no fees
    assert sum(n.startswith("dossiers/") for n in names) == 3  # places 1–3 fulfil the 1st class
    assert names[-1] == "manifest.txt" and count == len(names)
    manifest = zipfile.ZipFile(io.BytesIO(data)).read("manifest.txt").decode()
    assert "Номер в ЕКП: 12345" in manifest and "0730001611Я" in manifest
    assert all(n in manifest for n in names[:-1])  # every file listed with its size and checksum


def test_issue32_4_the_list_of_fee_payers_is_in_where_the_event_has_fees(event):
    FeeSchedule.objects.create(tournament=event, base=100000)
    assert "05_fee_payers.pdf" in _names(package.build(event)[0])


def test_issue32_4_it_refuses_to_build_while_a_mandatory_field_is_missing_and_says_which(
    event, client, staff
):
    event.competition.calendar.ekp_number = ""
    event.competition.calendar.save()
    from season.models import DisciplineCode

    DisciplineCode.objects.all().delete()
    Official.objects.filter(tournament=event, role="chief_secretary").update(judging_category="")
    gaps = package.missing(event)
    assert gaps == [
        "Не указан номер в ЕКП в календаре сезона.",
        "Не указан код дисциплины «длинные нарды» по ВРВС.",
        "У главного секретаря Писарев О.А. не указана судейская категория.",
    ]
    with pytest.raises(package.PackageError):
        package.build(event)
    client.force_login(staff)
    response = client.post(reverse("reporting:make", args=[event.pk, "package"]), follow=True)
    page = response.content.decode()
    assert "Не указан номер в ЕКП" in page and "Отчётный пакет не собран" in page
    assert not Archive.objects.exists()  # nothing built


def test_issue32_4_an_event_outside_the_calendar_or_unfinished_is_refused(secretary):
    t = event_in_competition(secretary, status="national", start=30)
    t.status = "running"
    t.save(update_fields=["status"])
    gaps = package.missing(t)
    assert "Турнир не завершён: итоговый протокол ещё не подписан." in gaps
    assert "Соревнования не внесены в календарь сезона: нет номера в ЕКП." in gaps
    assert "Не назначен главный судья: для подписи нужна его фамилия." in gaps


def test_issue32_4_the_desk_counts_the_deadline_down(event, client, chief_judge):
    event.finished_at = timezone.now() - datetime.timedelta(days=3)
    event.save(update_fields=["finished_at"])
    client.force_login(chief_judge)
    page = client.get(reverse("judging:desk", args=[event.pk])).content.decode()
    due = timezone.localdate(event.finished_at) + datetime.timedelta(days=10)  # the season's 10 days
    assert f"Отчётный пакет нужно отправить до {due:%d.%m.%Y}: осталось 7 дней." in page
    assert reverse("reporting:event", args=[event.pk]) in page


def test_issue32_4_the_desk_says_overdue_after_the_deadline(event, client, chief_judge):
    event.finished_at = timezone.now() - datetime.timedelta(days=12)
    event.save(update_fields=["finished_at"])
    client.force_login(chief_judge)
    page = client.get(reverse("judging:desk", args=[event.pk])).content.decode()
    assert "просрочен на 2 дня" in page


def test_issue32_4_the_chief_judge_makes_the_package_and_downloads_it(event, client, chief_judge):
    client.force_login(chief_judge)
    response = client.post(reverse("reporting:make", args=[event.pk, "package"]))
    assert response.status_code == 302
    archive = Archive.objects.get(kind="package")
    assert archive.status == "ready" and archive.files == len(_names(archive.file.read()))
    download = client.get(reverse("reporting:download", args=[event.pk, archive.pk]))
    assert download.status_code == 200
    assert "04_tournament.xlsx" in _names(b"".join(download.streaming_content))


def test_issue32_3_the_dossiers_zip_and_a_single_dossier(event, client, chief_judge):
    client.force_login(chief_judge)
    page = client.get(reverse("reporting:event", args=[event.pk])).content.decode()
    assert "выполнил норму спортивного разряда" in page
    client.post(reverse("reporting:make", args=[event.pk, "dossiers"]))
    archive = Archive.objects.get(kind="dossiers")
    assert archive.files == 3 and len(_names(archive.file.read())) == 3
    from reporting.dossier import dossiers

    first = dossiers(event)[0]
    pdf = client.get(reverse("reporting:dossier", args=[event.pk, first.participant_id]))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    last = event.participants.exclude(pk__in=[d.participant_id for d in dossiers(event)]).first()
    assert client.get(reverse("reporting:dossier", args=[event.pk, last.pk])).status_code == 404


@pytest.mark.parametrize("who", ["stranger", "secretary", "anonymous"])
def test_issue32_4_only_the_chief_judge_and_the_staff_reach_the_papers(event, client, who, request):
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    archive = Archive.objects.create(tournament=event, kind="package", status="ready")
    participant = event.participants.first()
    for method, url in [
        ("get", reverse("reporting:event", args=[event.pk])),
        ("get", reverse("reporting:dossier", args=[event.pk, participant.pk])),
        ("post", reverse("reporting:make", args=[event.pk, "package"])),
        ("post", reverse("reporting:make", args=[event.pk, "dossiers"])),
        ("get", reverse("reporting:download", args=[event.pk, archive.pk])),
        ("post", reverse("reporting:send", args=[event.pk])),
    ]:
        assert getattr(client, method)(url).status_code == 403, url
    assert Archive.objects.count() == 1


def test_issue32_4_the_staff_reach_the_papers(event, client, staff):
    client.force_login(staff)
    assert client.get(reverse("reporting:event", args=[event.pk])).status_code == 200


def test_issue32_4_an_unknown_archive_kind_is_404(event, client, staff):
    client.force_login(staff)
    assert client.post(reverse("reporting:make", args=[event.pk, "whatever"])).status_code == 404
