"""Builders for the ЕВСК norms and the events judged by them (issue 32 §3)."""

from __future__ import annotations

import datetime

from federation.models import EvskNorm, NormDocument
from tests.federation.builders import finished_event, people
from tournaments.models import Category, Competition, Tournament

DAY = datetime.date(2026, 3, 1)


def document(
    valid_from: datetime.date = datetime.date(2026, 1, 1), title: str = "Приказ Минспорта № 1"
) -> NormDocument:
    return NormDocument.objects.create(title=title, dated=valid_from, valid_from=valid_from)


def norm(doc: NormDocument, qualification: str, place_to: int, **extra) -> EvskNorm:
    extra.setdefault("status", Category.NATIONAL)
    extra.setdefault("discipline", "long")
    extra.setdefault("gender_group", "men")
    return EvskNorm.objects.create(document=doc, qualification=qualification, place_to=place_to, **extra)


def event_in_competition(
    secretary, n: int = 6, status: str = Category.NATIONAL, seed: int = 4, start: int = 0, **kw
) -> Tournament:
    t = finished_event(
        secretary, people(n, start=start), end=DAY, seed=seed, name=kw.pop("name", "Чемпионат России")
    )
    if status is not None:
        c = Competition.objects.create(
            name="Чемпионат России 2026", category=status, start_date=t.start_date, end_date=t.end_date
        )
        t.competition = c
        t.save(update_fields=["competition"])
    return t


def paperwork(
    t: Tournament,
    *,
    ekp: str = "12345",
    code: str = "0730001611Я",
    email: str = "fed@example.org",
    chief=None,
):
    """The season's calendar line of the event's competition, the discipline's ВРВС code, the panel (a chief
    judge and a chief secretary with their categories, the chief judge's also in the register)."""
    from federation.models import JudgeCategory
    from registration.models import Official, Person
    from season.models import CalendarEvent, DisciplineCode, Season

    season, _ = Season.objects.get_or_create(
        year=t.start_date.year, defaults={"federation_email": email, "report_deadline_days": 10}
    )
    CalendarEvent.objects.create(
        season=season,
        competition=t.competition,
        name=t.competition.name,
        status=t.competition.category,
        ekp_number=ekp,
        start_date=t.start_date,
        end_date=t.end_date,
    )
    if code:
        DisciplineCode.objects.update_or_create(discipline=t.discipline, defaults={"code": code})
    if chief is None:
        chief = Person.objects.create(surname="Судьин", name="Пётр", patronymic="Ильич")
    secretary = Person.objects.create(surname="Писарев", name="Олег", patronymic="Андреевич")
    Official.objects.create(
        tournament=t, person=chief, role="chief_judge", judging_category="national", city="Тверь"
    )
    Official.objects.create(
        tournament=t, person=secretary, role="chief_secretary", judging_category="first", city="Москва"
    )
    JudgeCategory.objects.create(
        person=chief,
        category="national",
        assigned_on=datetime.date(2020, 1, 1),
        order="Приказ № 5",
        lapses_on=datetime.date(2030, 1, 1),
    )
    return season
