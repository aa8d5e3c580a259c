"""The documents 004 §6.2 asks for that did not exist: the schedule (§6.2.3 item 3; 003 «Начало турнира»),
the chief judge's written report (§6.2.1 item 6) and the diplomas; the pages that feed them."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from draw import manager as draw_manager
from draw.models import Round
from judging.models import Protest, Sanction
from protocols.docs import diplomas, pairings, report, schedule
from protocols.documents import can_read, render_document
from protocols.models import ChiefJudgeReport, ScheduledRound
from registration.models import Gender, Participant
from standings import ranking
from tests.factories import make_tournament
from tests.protocols.conftest import pdf_reader, pdf_text
from tournaments.models import AuditEntry, Tournament


@pytest.fixture(autouse=True)
def russian():
    with translation.override("ru"):
        yield


def _at(day: datetime.date, hour: int) -> datetime.datetime:
    return timezone.make_aware(datetime.datetime.combine(day, datetime.time(hour, 0)))


# --- the schedule ---------------------------------------------------------------------------------------


def test_the_schedule_has_every_round_with_its_planned_start_and_its_tables(swiss):
    ScheduledRound.objects.create(tournament=swiss, number=1, starts_at=_at(swiss.start_date, 10))
    ScheduledRound.objects.create(tournament=swiss, number=2, starts_at=_at(swiss.start_date, 12))
    data = schedule.build(swiss)
    assert [r.number for r in data.rounds] == list(range(1, schedule.planned_round_count(swiss) + 1))
    assert data.rounds[0].planned == "05.12.2026 10:00" and data.rounds[1].planned == "05.12.2026 12:00"
    first = Round.objects.get(tournament=swiss, number=1)
    assert [m.number for m in data.rounds[0].matches] == [f"стол {m.table}" for m in first.matches.all()]
    assert all(m.start == "10:00" for m in data.rounds[0].matches)
    assert "за 5 минут до начала тура" in data.seats and "«Начало турнира»" in data.seats
    text = " ".join(pdf_text(render_document(swiss, "schedule", "")[0]))
    assert "Расписание встреч" in text and "05.12.2026 10:00" in text


def test_the_pairings_carry_the_planned_start(swiss):
    ScheduledRound.objects.create(tournament=swiss, number=3, starts_at=_at(swiss.start_date, 15))
    rnd = Round.objects.get(tournament=swiss, number=3)
    assert pairings.build(rnd).start_time == "05.12.2026 15:00"
    text = " ".join(pdf_text(render_document(swiss, "pairings", "3")[0]))
    assert "Начало: 05.12.2026 15:00" in text and "за 5 минут до начала тура" in text


def test_a_brackets_schedule_lists_every_match_even_those_not_drawn_yet(secretary, chief_judge, media):
    t = make_tournament(secretary, chief_judge, players=8, system="single_elimination", third_place=True)
    rnd = draw_manager.draw_round(t, secretary, 1, seed=1)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    for n, hour in ((1, 10), (2, 12), (3, 14)):
        ScheduledRound.objects.create(tournament=t, number=n, starts_at=_at(t.start_date, hour))
    data = schedule.build(t)
    assert [len(r.matches) for r in data.rounds] == [4, 2, 2]  # the final and the match for 3rd place
    assert [m.number for r in data.rounds for m in r.matches] == [f"№ {i}" for i in range(1, 9)]
    assert data.rounds[1].matches[0].player1 == "победитель № 1"
    assert data.rounds[2].matches[0].start == "14:00"
    assert "1/2 финала" in data.rounds[1].title and "Финал" in data.rounds[2].title


def test_the_secretary_plans_the_rounds_and_bad_dates_are_refused(client, swiss, secretary):
    Tournament.objects.filter(pk=swiss.pk).update(status=Tournament.Status.RUNNING)
    url = reverse("protocols:schedule_edit", args=[swiss.pk])
    client.force_login(secretary)
    page = client.get(url)
    assert page.status_code == 200 and 'name="start_1"' in page.content.decode()
    year_one = client.post(url, {"start_1": "0001-01-01T10:00"})
    assert year_one.status_code == 400 and not ScheduledRound.objects.exists()
    backwards = client.post(url, {"start_1": "2026-12-05T12:00", "start_2": "2026-12-05T10:00"})
    assert backwards.status_code == 400 and "раньше предыдущего" in backwards.content.decode()
    ok = client.post(
        url, {"start_1": "2026-12-05T10:00", "note_1": "открытие", "start_2": "2026-12-05T12:00"}
    )
    assert ok.status_code == 302
    assert list(ScheduledRound.objects.values_list("number", "note")) == [(1, "открытие"), (2, "")]
    assert AuditEntry.objects.filter(tournament=swiss, action="schedule").count() == 1
    client.post(url, {"start_1": "2026-12-05T10:00", "note_1": "открытие"})  # round 2 cleared
    assert list(ScheduledRound.objects.values_list("number", flat=True)) == [1]


def test_a_finished_tournaments_schedule_is_read_only(client, swiss, secretary):
    client.force_login(secretary)
    url = reverse("protocols:schedule_edit", args=[swiss.pk])
    assert client.post(url, {"start_1": "2026-12-05T10:00"}).status_code == 302
    assert not ScheduledRound.objects.exists()
    assert "disabled" in client.get(url).content.decode()


@pytest.mark.parametrize("who", ["anonymous", "participant_user", "stranger", "other_secretary"])
def test_nobody_else_plans_the_schedule_or_writes_the_report(client, swiss, who, request):
    Tournament.objects.filter(pk=swiss.pk).update(status=Tournament.Status.RUNNING)
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    for name, post in (
        ("protocols:schedule_edit", {"start_1": "2026-12-05T10:00"}),
        ("protocols:report_edit", {"conditions": "x", "course": "", "remarks": ""}),
    ):
        response = client.post(reverse(name, args=[swiss.pk]), post)
        assert response.status_code in (302, 403), name
        if response.status_code == 302:
            assert "login" in response.url
    assert not ScheduledRound.objects.exists() and not ChiefJudgeReport.objects.exists()


# --- the chief judge's report ---------------------------------------------------------------------------


def test_the_report_is_filled_from_the_tournament_and_the_chief_judges_notes(client, swiss, chief_judge):
    women = list(swiss.participants.select_related("person")[:3])
    for p in women:
        p.person.gender, p.person.region = Gender.FEMALE, "Казань"
        p.person.save(update_fields=["gender", "region"])
    m = Round.objects.get(tournament=swiss, number=1).matches.exclude(player2=None).first()
    Protest.objects.create(
        tournament=swiss, match=m, protester=m.player1, filed_at=timezone.now(), reasons="r", arguments="a",
        status=Protest.Status.UPHELD,
    )  # fmt: skip
    Protest.objects.create(
        tournament=swiss, match=m, protester=m.player2, filed_at=timezone.now(), reasons="r", arguments="a",
        status=Protest.Status.REJECTED,
    )  # fmt: skip
    Sanction.objects.create(person=m.player1.person, tournament=swiss, kind="warning", violation="break")
    removed = swiss.participants.exclude(pk__in=[p.pk for p in women]).first()
    removed.status = Participant.Status.REMOVED
    removed.save(update_fields=["status"])
    client.force_login(chief_judge)
    url = reverse("protocols:report_edit", args=[swiss.pk])
    response = client.post(url, {"conditions": "Зал на 12 столов", "course": "Без задержек", "remarks": ""})
    assert response.status_code == 302  # written after the finish: the report comes at the end
    data = report.build(swiss)
    regions = {r.label: (r.men, r.women) for r in data.regions}
    assert regions["Казань"] == (0, 3) and regions["Москва"] == (7, 0)
    facts = {f.label: f.value for f in data.protests}
    assert facts["Подано протестов"] == "2" and facts["удовлетворён"] == "1"
    assert facts["не принято к рассмотрению"] == "1"
    assert [s.kind for s in data.sanctions] == ["предупреждение"]
    assert [r.name for r in data.removed] == [removed.person.full_name]
    assert data.conditions == "Зал на 12 столов" and data.course == "Без задержек"
    podium = [s.row.place_label for s in ranking.compute(swiss).rows if s.row.place and s.row.place <= 3]
    assert [place for place, _name in data.winners] == podium and podium
    assert data.signatures[0].role == "Главный судья" and data.draft == ""
    text = " ".join(pdf_text(render_document(swiss, "report", "")[0]))
    assert "Отчёт главного судьи" in text and "Зал на 12 столов" in text
    assert "подп. 6 п. 6.2.1 Правил вида спорта «нарды»" in text
    # The participants' section of the Ministry's form (issue 30 item 11): the figures, then by region.
    assert "2. Участники" in text and "Казань 0 3 3" in text


def test_only_the_chief_judge_writes_the_report(client, swiss, secretary):
    client.force_login(secretary)  # the chief secretary: not the chief judge
    response = client.post(reverse("protocols:report_edit", args=[swiss.pk]), {"conditions": "x"})
    assert response.status_code == 403 and not ChiefJudgeReport.objects.exists()


def test_the_report_and_the_diplomas_are_for_officials_only(swiss, stranger):
    for kind in ("report", "diplomas"):
        assert not can_read(stranger, swiss, kind, "")
    assert can_read(stranger, swiss, "schedule", "")


def test_a_running_tournaments_report_and_diplomas_are_drafts(tournament):
    assert report.build(tournament).draft == "ПРОЕКТ"
    assert diplomas.build(tournament).draft == "ПРОЕКТ"
    pages = pdf_text(render_document(tournament, "report", "")[0])
    assert all("ПРОЕКТ" in page for page in pages)


# --- diplomas -------------------------------------------------------------------------------------------


def test_one_landscape_diploma_per_awarded_place(swiss):
    data = diplomas.build(swiss)
    # A shared place (2–3) is a 2nd place for each of the players sharing it.
    awarded = [
        (str(s.row.place), s.participant.person.full_name)
        for s in ranking.compute(swiss).rows
        if s.row.place is not None and s.row.place <= 3
    ]
    assert [(x.place, x.name) for x in data.diplomas] == awarded and len(awarded) >= 3
    pdf = render_document(swiss, "diplomas", "")[0]
    reader = pdf_reader(pdf)
    assert len(reader.pages) == len(awarded)
    assert all(page.mediabox.width > page.mediabox.height for page in reader.pages)
    pages = pdf_text(pdf)
    for page, diploma in zip(pages, data.diplomas, strict=True):
        assert "ДИПЛОМ" in page and diploma.name in page and f"занявший {diploma.place} место" in page
    assert "I степени" in pages[0]


def test_the_regulation_says_how_many_places_a_woman_is_addressed_as_such_and_removed_get_none(swiss):
    swiss.awarded_places = 1
    swiss.save(update_fields=["awarded_places"])
    data = diplomas.build(swiss)
    assert len(data.diplomas) == 1
    people = swiss.participants.select_related("person")
    first = next(p for p in people if p.person.full_name == data.diplomas[0].name)
    first.person.gender = Gender.FEMALE
    first.person.save(update_fields=["gender"])
    assert "занявшая 1 место" in " ".join(pdf_text(render_document(swiss, "diplomas", "")[0]))
    first.status = Participant.Status.REMOVED
    first.save(update_fields=["status"])
    assert all(x.name != first.person.full_name for x in diplomas.build(swiss).diplomas)
