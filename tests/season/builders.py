"""A season with a cup of stages: finished tournaments (places written as the finish writes them), one
running, one run elsewhere with entered results."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User

from draw.models import Match
from federation.manager import write_places
from registration.models import Person
from season.models import CalendarEvent, DisciplineCode, Season, Series, SeriesStage
from tests.federation.builders import finished_event, people
from tournaments.models import Competition, Tournament


def creator() -> User:
    return User.objects.get_or_create(username="fed-builder")[0]


def wins_of(t: Tournament) -> dict[int, int]:
    """Person id → matches he won in ``t``, counted straight from the matches (annulled ones are nobody's)."""
    out: dict[int, int] = {}
    for m in Match.objects.filter(round__tournament=t).exclude(result_kind="annulled").exclude(winner=None):
        pid = m.winner.person_id
        out[pid] = out.get(pid, 0) + 1
    return out


def cup(
    stages: int = 3, players: int = 8, running_last: bool = False, **series_fields
) -> tuple[Series, list[Tournament], list[Person]]:
    season = Season.objects.get_or_create(year=2026, defaults={"name": "Сезон 2026"})[0]
    fields = {"name": "Кубок федерации", "scoring": "wins"}
    fields.update(series_fields)
    series = Series.objects.create(season=season, **fields)
    who = people(players)
    events = []
    for k in range(stages):
        last = k == stages - 1
        status = Tournament.Status.RUNNING if (running_last and last) else Tournament.Status.FINISHED
        t = finished_event(
            creator(),
            who if k % 2 == 0 else who[1:],  # the first player misses the odd stages
            end=datetime.date(2026, 3 + k, 10),
            rounds=3,
            seed=10 + k,
            status=status,
            name=f"Этап {k + 1}",
        )
        if status == Tournament.Status.FINISHED:
            write_places(t)
        SeriesStage.objects.create(series=series, number=k + 1, tournament=t)
        events.append(t)
    return series, events, who


def calendar() -> tuple[Season, CalendarEvent, CalendarEvent]:
    season = Season.objects.get_or_create(year=2026, defaults={"name": "Сезон 2026"})[0]
    DisciplineCode.objects.get_or_create(discipline="long", defaults={"code": "1570011811Я"})
    comp = Competition.objects.create(
        name="Чемпионат России", start_date=datetime.date(2026, 5, 1), end_date=datetime.date(2026, 5, 3),
        venue="Казань, Дворец спорта", organiser="ФНР",
    )  # fmt: skip
    Tournament.objects.create(
        name="Длинные нарды, мужчины", competition=comp, discipline="long", system="swiss",
        start_date=comp.start_date, end_date=comp.end_date,
    )  # fmt: skip
    on_site = CalendarEvent.objects.create(
        season=season, competition=comp, name="Чемпионат России по нардам", status="national",
        ekp_number="2026-0123", start_date=comp.start_date, end_date=comp.end_date,
    )  # fmt: skip
    elsewhere = CalendarEvent.objects.create(
        season=season, name="Первенство Сибири", status="interregional",
        start_date=datetime.date(2026, 8, 14), end_date=datetime.date(2026, 8, 16),
        venue="Новосибирск", organiser="Федерация НСО", discipline="short",
    )  # fmt: skip
    return season, on_site, elsewhere
