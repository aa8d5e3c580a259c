"""The demo tournament's seed and another tournament's officials (issue 25 items 2, 3, 8).

«Жертвин Пётр Ильич», born 05.05.1985, «Клуб «Демо»», Казань, with his own account, admitted through his
entry to the demo tournament (run by ``secretary`` and ``chief_judge``). The attackers are the chief
secretary and the chief judge of «Другой турнир» (``other_secretary``'s), who have no power in the demo.
"""

from __future__ import annotations

import csv
import datetime
import io

from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from registration import manager
from registration.models import Entry, Official, Participant, Person
from tests.factories import START, make_tournament, make_user
from tests.registration.helpers import make_entry
from tournaments.models import Tournament

DAY = datetime.timedelta(days=1)
BORN = datetime.date(1985, 5, 5)
VICTIM = {"surname": "Жертвин", "name": "Пётр", "patronymic": "Ильич", "birth_date": BORN}


def demo_with_victim(secretary: User, judge: User) -> tuple[Tournament, Participant]:
    """The demo tournament (a month ahead, not started) and its admitted seed, who has an account."""
    demo = make_tournament(
        secretary, judge, name="Демо-турнир", start_date=START + 30 * DAY, end_date=START + 31 * DAY
    )
    account = User.objects.create_user("zhertvin", password="pw-zhertvin-1985")
    victim = Person.objects.create(
        **VICTIM, gender="male", organisation="Клуб «Демо»", region="Казань", user=account
    )
    entry = make_entry(demo, person=victim, organisation="Клуб «Демо»", region="Казань", club="Демо")
    manager.decide(entry, Entry.Status.ADMITTED, "", secretary)
    participant = demo.participants.get(person=victim)
    Participant.objects.filter(pk=participant.pk).update(seed=1)
    return demo, participant


def other_of(other_secretary: User) -> Tournament:
    """The attacker's tournament («Другой турнир», made by the ``other_secretary`` fixture), with his chief
    judge (``other_judge``)."""
    other = Tournament.objects.get(name="Другой турнир")
    judge = make_user("otherjudge")
    Official.objects.create(tournament=other, person=judge.person, role=Official.Role.CHIEF_JUDGE)
    return other


def other_judge() -> User:
    return User.objects.get(username="otherjudge")


IMPORT_HEADER = [
    "Фамилия",
    "Имя",
    "Отчество",
    "Год рождения",
    "Пол",
    "Организация",
    "Регион",
    "Представитель",
]


def year_only_file(*rows: tuple[str, str, str, str]) -> SimpleUploadedFile:
    """A federation's file with years of birth only: (surname, name, patronymic, year) per row."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";")
    writer.writerow(IMPORT_HEADER)
    for surname, name, patronymic, year in rows:
        writer.writerow([surname, name, patronymic, year, "М", "Клуб «Свой»", "Тула", "Свой С. С."])
    return SimpleUploadedFile("entries.csv", out.getvalue().encode("utf-8-sig"))


def preview(client, t: Tournament, upload: SimpleUploadedFile):
    response = client.post(
        reverse("registration:import", args=[t.pk]),
        {"file": upload, "responsible_phone": "+7 900 000-00-00"},
    )
    assert response.status_code == 200, response.content.decode()[:2000]
    return response
