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
