"""Entries made directly (the forms have their own tests)."""

from __future__ import annotations

import datetime

from registration.models import Entry, Person
from tournaments.models import Tournament


def make_entry(
    tournament: Tournament,
    surname: str = "Иванов",
    birth_date: datetime.date = datetime.date(1990, 5, 17),
    gender: str = "male",
    documents: bool = True,
    person: Person | None = None,
    **fields,
) -> Entry:
    if person is None:
        person, _ = Person.objects.get_or_create(
            surname=surname,
            name="Иван",
            patronymic="Иванович",
            birth_date=birth_date,
            defaults={"gender": gender},
        )
    values = {
        "organisation": "Клуб «Шеш-беш»",
        "region": "Москва",
        "disciplines": "long",
        "responsible_name": "Петров Пётр",
        "responsible_phone": "+7 900 000-00-00",
        "has_identity_document": documents,
        "has_medical_clearance": documents,
        "has_insurance": documents,
    }
    values.update(fields)
    return Entry.objects.create(tournament=tournament, person=person, **values)


def years_before(day: datetime.date, years: int) -> datetime.date:
    return day.replace(year=day.year - years)
