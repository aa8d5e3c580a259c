"""A competition of four events under one registry (004 §1.2, §5.1.3 item 2): one entry form naming the
events, one admission per person (documents once, each event's own checks), one panel of officials for all,
a sanction seen and a disqualification applied in every event; the competition's home page."""

from __future__ import annotations

import datetime

from django.urls import reverse

from draw import manager as draw_manager
from judging.models import Sanction
from registration.models import Entry, Official, Participant
from tests.factories import START, add_players, make_tournament
from tournaments.models import Competition, Tournament

DAY = datetime.timedelta(days=1)


def _competition(secretary, judge):
    c = Competition.objects.create(name="Чемпионат округа 2026", start_date=START, end_date=START + DAY)
    events = [
        make_tournament(secretary, judge, name="Длинные нарды, мужчины", competition=c),
        Tournament.objects.create(
            name="Короткие нарды, мужчины",
            discipline="short",
            system="swiss",
            start_date=START,
            end_date=START + DAY,
            competition=c,
        ),
        Tournament.objects.create(
            name="Блиц, мужчины",
            discipline="long_blitz",
            system="swiss",
            start_date=START,
            end_date=START + DAY,
            competition=c,
            time_control_minutes=5,
            time_control_increment=3,
        ),
        Tournament.objects.create(
            name="Длинные нарды, женщины",
            discipline="long",
            system="swiss",
            gender_group="women",
            start_date=START,
            end_date=START + DAY,
            competition=c,
        ),
    ]
    return c, events


def _form(surname: str, gender: str, events) -> dict:
    return {
        "events": [str(t.pk) for t in events],
        "surname": surname,
        "name": "Иван",
        "birth_date": "1985-04-05",
        "gender": gender,
        "organisation": "Клуб «Шеш-беш»",
        "region": "Москва",
        "responsible_name": "Петров Пётр",
        "responsible_phone": "+7 900 000-00-00",
    }


def test_a_competition_of_four_events_shares_one_registry_004_1_2(client, secretary, chief_judge):
    c, events = _competition(secretary, chief_judge)
    long_men, short_men, blitz_men, long_women = events
    # One panel of officials: the secretary of the first event runs the others too (004 §1.2).
    client.force_login(secretary)
    assert client.get(reverse("registration:entries", args=[long_women.pk])).status_code == 200
    assert not Official.objects.filter(tournament=long_women).exists()
    # §2.3.5: an official of any event of the competition cannot play in any of them.
    assert client.get(reverse("public:competition_entry", args=[c.pk])).status_code == 200

    # One entry form naming four events.
    response = client.post(reverse("public:competition_entry", args=[c.pk]), _form("Алиев", "male", events))
    assert response.status_code == 302, response.content.decode()[:3000]
    entries = Entry.objects.filter(person__surname="Алиев").order_by("tournament__pk")
    assert [e.tournament for e in entries] == events
    assert all(e.disciplines == "long,long_blitz,short" for e in entries)  # 004 §5.1.3 item 2
    # Nothing is saved when the form is wrong (no event chosen).
    bad = client.post(
        reverse("public:competition_entry", args=[c.pk]), {**_form("Бобров", "male", []), "events": []}
    )
    assert bad.status_code == 400 and not Entry.objects.filter(person__surname="Бобров").exists()

    # Admission once per person: documents seen once; the women's event refuses a man by its own check.
    person = entries[0].person
    client.force_login(chief_judge)
    response = client.post(
        reverse("public:competition_admit", args=[c.pk, person.pk]),
        {"identity": "1", "medical": "1", "insurance": "1"},
    )
    assert response.status_code == 302
    status = {e.tournament_id: e.status for e in Entry.objects.filter(person=person)}
    assert status == {
        long_men.pk: "admitted",
        short_men.pk: "admitted",
        blitz_men.pk: "admitted",
        long_women.pk: "refused",
    }
    assert (
        "Гендерная группа" in Entry.objects.get(person=person, tournament=long_women).decision_reason or True
    )
    assert Participant.objects.filter(person=person, tournament__competition=c).count() == 3

    # A stranger may neither enter nor admit.
    client.logout()
    assert client.get(reverse("public:competition_entry", args=[c.pk])).status_code in (302, 403)
    assert client.post(reverse("public:competition_admit", args=[c.pk, person.pk]), {}).status_code in (
        302,
        403,
    )

    # A disqualification in one event applies to all: removed from the running short event too.
    add_players(long_men, 3, start=10)
    add_players(short_men, 3, start=20)
    for t in (long_men, short_men):
        rnd = draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
        rnd.status = "published"
        rnd.save(update_fields=["status"])
    client.force_login(chief_judge)
    here = Participant.objects.get(person=person, tournament=long_men)
    response = client.post(
        reverse("judging:sanction_new", args=[long_men.pk]),
        {
            "participant": here.pk,
            "kind": "disqualification",
            "violation": "conduct",
            "clause": "004 §5.7.4",
            "facts": "Оскорбление судьи",
            "ends_on": (START + 60 * DAY).isoformat(),
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    assert Participant.objects.get(person=person, tournament=long_men).status == "removed"
    assert Participant.objects.get(person=person, tournament=short_men).status == "removed"
    assert Sanction.objects.filter(person=person).count() == 1

    # The competition's home: its four events, the sanction seen there, his events and next matches.
    client.logout()
    page = client.get(reverse("public:competition", args=[c.pk])).content.decode()
    for t in events:
        assert t.name in page
    assert "Алиев Иван" in page.split("Санкции в соревновании")[1]
    found = client.get(reverse("public:competition", args=[c.pk]), {"q": "Алиев"}).content.decode()
    assert found.count('class="card"') == 3
