"""004 §5.3.1, §5.3.3 in a competition (one panel for its events, 004 §1.2): the one-step admission of a
person in every event is the commission's, as in one event; a plain secretary gets 403 and nothing changes."""

from __future__ import annotations

import datetime

from django.urls import reverse

from registration.models import Entry, Official
from tests.factories import START, make_tournament, make_user
from tests.registration.helpers import make_entry
from tournaments.models import Competition

DAY = datetime.timedelta(days=1)


def test_a_plain_secretary_does_not_admit_in_a_competition_5_3_1(client, secretary, chief_judge):
    c = Competition.objects.create(name="Чемпионат округа 2026", start_date=START, end_date=START + DAY)
    long_men = make_tournament(secretary, chief_judge, name="Длинные нарды", competition=c)
    short_men = make_tournament(
        secretary, chief_judge, name="Короткие нарды", competition=c, discipline="short"
    )
    person = make_entry(long_men, documents=True).person
    make_entry(short_men, person=person, documents=True)
    plain = make_user("plain")
    Official.objects.create(tournament=long_men, person=plain.person, role=Official.Role.SECRETARY)
    url = reverse("public:competition_admit", args=[c.pk, person.pk])
    data = {"identity": "1", "medical": "1", "insurance": "1"}
    client.force_login(plain)
    assert client.post(url, data).status_code == 403
    assert set(Entry.objects.filter(person=person).values_list("status", flat=True)) == {"pending"}
    client.force_login(chief_judge)
    assert client.post(url, data).status_code == 302
    assert set(Entry.objects.filter(person=person).values_list("status", flat=True)) == {"admitted"}
