"""One schedule, one registration protocol and a person's events across a competition of several events
(004 §1.2, §5.3.2 item 4, §6.2.3 item 3; issue 18): the secretary's whole path through the test client on a
competition of four events sharing one registry."""

from __future__ import annotations

import datetime
import io
import re

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from draw.models import Match
from protocols import competition as comp
from protocols.docs import comp_registration
from protocols.models import Document
from registration.models import Entry, Official, Participant, Person
from tests.competitions.test_competition_registry import _competition, _form
from tests.factories import START, make_user
from tournaments.models import Tournament

DAY = datetime.timedelta(days=1)


def _at(day: int, hour: int) -> str:
    return f"{START + day * DAY:%Y-%m-%d}T{hour:02d}:00"


def _pdf_text(response) -> str:
    assert response.status_code == 200, response.status_code
    assert response["Content-Type"] == "application/pdf"
    data = b"".join(response.streaming_content)
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def _plan(client, t, starts: dict[int, str]) -> None:
    data = {f"start_{n}": value for n, value in starts.items()}
    response = client.post(reverse("protocols:schedule_edit", args=[t.pk]), data)
    assert response.status_code == 302, response.content.decode()[:2000]


@pytest.fixture
def competition(client, secretary, chief_judge):
    """Four events; five people entered through the one form and admitted once each; a draw in two."""
    c, events = _competition(secretary, chief_judge)
    long_men, short_men, blitz_men, long_women = events
    client.force_login(secretary)
    entered = {
        "Алиев": ("male", events),  # all four: the women's event refuses him by its own check
        "Бобров": ("male", [long_men, short_men]),
        "Ветров": ("male", [long_men, short_men]),
        "Гусев": ("male", [long_men, short_men, blitz_men]),
        "Дронова": ("female", [long_men, long_women]),
    }
    for surname, (gender, chosen) in entered.items():
        form = _form(surname, gender, chosen)
        response = client.post(reverse("public:competition_entry", args=[c.pk]), form)
        assert response.status_code == 302, response.content.decode()[:2000]
    client.force_login(chief_judge)
    for surname in entered:
        person = Person.objects.get(surname=surname)
        response = client.post(
            reverse("public:competition_admit", args=[c.pk, person.pk]),
            {"identity": "1", "medical": "1", "insurance": "1"},
        )
        assert response.status_code == 302
    # The draw in two events (the secretary of the first event runs them all: one panel, 004 §1.2).
    client.force_login(secretary)
    for t in (long_men, short_men):
        assert client.post(reverse("draw:draw", args=[t.pk]), {"number": 1}).status_code == 302
        assert client.post(reverse("draw:publish", args=[t.pk, 1])).status_code == 302
    client.logout()
    return c, events


def test_the_competition_schedule_merges_every_events_rounds_by_day_and_time_004_6_2_3(
    client, secretary, chief_judge, competition
):
    c, (long_men, short_men, blitz_men, long_women) = competition
    client.force_login(secretary)
    # Each event's plan is kept by the competition's secretary in the event's own form.
    _plan(client, long_men, {1: _at(0, 10), 2: _at(0, 14), 3: _at(1, 10)})
    _plan(client, short_men, {1: _at(0, 12), 2: _at(0, 14)})
    _plan(client, blitz_men, {1: _at(0, 9)})
    client.logout()

    page = client.get(reverse("public:competition_schedule", args=[c.pk])).content.decode()
    # Merged and sorted: 09:00 blitz, 10:00 long, 12:00 short, 14:00 long and short; the next day 10:00 long.
    rows = re.findall(r'<tr(?: class="conflict")?><td>(\d\d:\d\d).*?<a href="/t/(\d+)/">', page)
    assert rows == [
        ("09:00", str(blitz_men.pk)),
        ("10:00", str(long_men.pk)),
        ("12:00", str(short_men.pk)),
        ("14:00", str(long_men.pk)),
        ("14:00", str(short_men.pk)),
        ("10:00", str(long_men.pk)),
    ]
    assert page.index(f"{START:%d.%m.%Y}") < page.index(f"{START + DAY:%d.%m.%Y}")
    # Anonymous sees the schedule, not the conflicts (people's names are the officials' business).
    assert 'id="conflicts"' not in page
    assert reverse("protocols:schedule_edit", args=[long_men.pk]) not in page

    # The schedule PDF of the competition is public, like each event's schedule.
    first = comp.first_event(c)
    text = _pdf_text(client.get(reverse("protocols:pdf", args=[first.pk, "comp_schedule"])))
    assert "Расписание соревнования" in text and c.name in text
    for t in (long_men, short_men, blitz_men):
        assert t.name in text
    assert long_women.name in text.split("Не запланированы")[1]  # nothing planned there yet


def test_officials_see_a_person_planned_in_two_events_at_the_same_time_004_1_2(
    client, secretary, chief_judge, competition
):
    c, (long_men, short_men, blitz_men, _women) = competition
    client.force_login(secretary)
    _plan(client, long_men, {1: _at(0, 10), 2: _at(0, 14)})
    _plan(client, short_men, {1: _at(0, 12), 2: _at(0, 14)})
    _plan(client, blitz_men, {1: _at(0, 12)})

    clashes = comp.conflicts(c)
    # At 14:00 everybody in both the long and the short event; at 12:00 Гусев (short and blitz).
    at_14 = {x.person for x in clashes if timezone.localtime(x.starts_at).hour == 14}
    at_12 = {x.person for x in clashes if timezone.localtime(x.starts_at).hour == 12}
    assert {name.split()[0] for name in at_14} == {"Алиев", "Бобров", "Ветров", "Гусев"}
    assert {name.split()[0] for name in at_12} == {"Алиев", "Гусев"}
    assert not any(x.person.startswith("Дронова") for x in clashes)  # her events never clash

    page = client.get(reverse("public:competition_schedule", args=[c.pk])).content.decode()
    block = page.split('id="conflicts"')[1].split("</div>")[0]
    assert "Бобров" in block and "Дронова" not in block
    assert f"{long_men.name}: тур 2" in block and f"{short_men.name}: тур 2" in block
    assert 'class="conflict"' in page
    assert reverse("protocols:schedule_edit", args=[short_men.pk]) in page

    # Moving the short event's round 2 resolves the 14:00 clash.
    _plan(client, short_men, {1: _at(0, 12), 2: _at(0, 16)})
    assert not any(timezone.localtime(x.starts_at).hour == 14 for x in comp.conflicts(c))


def test_the_competition_registration_protocol_lists_each_person_once_with_his_events_004_5_3_2(
    client, secretary, chief_judge, competition
):
    c, (long_men, short_men, blitz_men, long_women) = competition
    first = comp.first_event(c)
    client.force_login(chief_judge)
    response = client.get(reverse("protocols:pdf", args=[first.pk, "comp_registration"]))
    # Named by the competition, not by the event it is kept with.
    assert "chempionat-okruga-2026-protokol-registracii.pdf" in response["Content-Disposition"]
    text = _pdf_text(response)
    flat = " ".join(text.split())
    assert "Протокол регистрации соревнования" in flat
    for surname in ("Алиев", "Бобров", "Ветров", "Гусев", "Дронова"):
        assert flat.count(f"{surname} Иван") == 1, surname  # each person once
    aliev = flat.split("Алиев Иван")[1].split("Бобров Иван")[0]
    for t in (long_men, short_men, blitz_men):
        assert f"{t.name} — допущен" in aliev
    assert f"{long_women.name} — отказано" in aliev  # the women's event's own check (004 §2.1)
    gusev = flat.split("Гусев Иван")[1].split("Дронова Иван")[0]
    assert blitz_men.name in gusev and long_women.name not in gusev
    assert "Председатель комиссии по допуску" in flat  # signed by the commission (004 §5.3)

    data = comp_registration.build(c)
    assert [x.full_name.split()[0] for x in data.people] == ["Алиев", "Бобров", "Ветров", "Гусев", "Дронова"]
    assert (data.entries, data.admitted, data.refused) == (13, 12, 1)

    # Stored with the first event; a change in ANOTHER event makes it again (the competition's version).
    docs = Document.objects.filter(tournament=first, kind="comp_registration")
    assert docs.count() == 1
    client.get(reverse("protocols:pdf", args=[first.pk, "comp_registration"]))
    assert docs.count() == 1  # nothing changed: the same document
    person = Person.objects.create(surname="Егоров", name="Иван", birth_date=datetime.date(1990, 1, 1))
    Entry.objects.create(tournament=blitz_men, person=person, region="Тула")
    blitz_men.save()  # a change of the blitz event bumps its version
    text = _pdf_text(client.get(reverse("protocols:pdf", args=[first.pk, "comp_registration"])))
    assert docs.count() == 2 and "Егоров Иван" in text


def test_a_persons_events_and_next_matches_across_the_competition_004_1_2(
    client, secretary, chief_judge, competition
):
    c, (long_men, short_men, blitz_men, _women) = competition
    client.force_login(secretary)
    _plan(client, long_men, {1: _at(0, 10)})
    _plan(client, blitz_men, {1: _at(0, 12)})
    client.logout()
    gusev = Person.objects.get(surname="Гусев")
    # Read before the competition's first day: a round planned for it is still to come (the page shows the
    # next planned round from now on; the real clock has passed START since the test was written).
    before = datetime.datetime.combine(long_men.start_date - datetime.timedelta(days=1), datetime.time(9))
    with time_machine.travel(timezone.make_aware(before), tick=False):
        page = client.get(reverse("public:competition_person", args=[c.pk, gusev.pk])).content.decode()
    for t in (long_men, short_men, blitz_men):
        assert f'id="event-{t.pk}"' in page
    assert "место" in page.split(f'id="event-{long_men.pk}"')[1]
    # The blitz event is not drawn: its next planned round.
    blitz = page.split(f'id="event-{blitz_men.pk}"')[1]
    assert "Тур 1 запланирован" in blitz and "12:00" in blitz
    # A player with a real match in round 1: its table, his opponent and the planned start.
    m = Match.objects.get(round__tournament=long_men, round__number=1, table=1)
    page = client.get(reverse("public:competition_person", args=[c.pk, m.player1.person_id])).content.decode()
    card = page.split(f'id="event-{long_men.pk}"')[1].split('class="card event"')[0]
    assert f"тур 1, стол {m.table}" in card and str(m.player2) in card and "10:00" in card
    here = Participant.objects.get(person=gusev, tournament=long_men)
    # Reached from the competition's search and from his participant page.
    found = client.get(reverse("public:competition", args=[c.pk]), {"q": "Гусев"}).content.decode()
    assert reverse("public:competition_person", args=[c.pk, gusev.pk]) in found
    own = client.get(reverse("public:participant", args=[long_men.pk, here.pk])).content.decode()
    assert reverse("public:competition_person", args=[c.pk, gusev.pk]) in own
    # Somebody who plays in none of its events has no page here.
    stranger = Person.objects.create(surname="Посторонний", name="Пётр")
    assert client.get(reverse("public:competition_person", args=[c.pk, stranger.pk])).status_code == 404


def test_only_the_competitions_officials_read_its_registration_protocol_and_plan_rounds_004_1_2(
    client, secretary, chief_judge, competition, other_secretary
):
    c, (long_men, short_men, _blitz, _women) = competition
    first = comp.first_event(c)
    registration = reverse("protocols:pdf", args=[first.pk, "comp_registration"])
    page = reverse("protocols:document", args=[first.pk, "comp_registration"])
    # Anonymous: the public pages only.
    assert client.get(reverse("public:competition_schedule", args=[c.pk])).status_code == 200
    assert client.get(registration).status_code == 403
    assert client.get(page).status_code == 403
    assert client.post(reverse("protocols:schedule_edit", args=[short_men.pk]), {}).status_code in (302, 403)
    home = client.get(reverse("public:competition", args=[c.pk])).content.decode()
    assert registration not in home
    # Another competition's (tournament's) official: refused.
    client.force_login(other_secretary)
    assert client.get(registration).status_code == 403
    response = client.post(reverse("protocols:schedule_edit", args=[short_men.pk]), {"start_1": _at(0, 9)})
    assert response.status_code == 403
    assert not short_men.schedule.exists()
    # A judge of one event is an official of all (reads the protocol) but does not plan rounds.
    judge = make_user("judge2")
    Official.objects.create(tournament=short_men, person=judge.person, role=Official.Role.JUDGE)
    client.force_login(judge)
    assert client.get(registration).status_code == 200
    assert client.post(reverse("protocols:schedule_edit", args=[long_men.pk]), {}).status_code == 403
    # The competition's documents live with its first event only.
    other = reverse("protocols:pdf", args=[short_men.pk, "comp_registration"])
    assert client.get(other).status_code == 404
    # The competition's officials: the link on its home page, and the document.
    client.force_login(chief_judge)
    assert registration in client.get(reverse("public:competition", args=[c.pk])).content.decode()


def test_the_competitions_documents_follow_a_change_in_any_event_and_an_event_added_004_1_2(
    secretary, chief_judge
):
    c, (long_men, short_men, _blitz, _women) = _competition(secretary, chief_judge)
    before = comp.version(c)
    assert comp.version(c) == before  # nothing changed: the same document is current
    short_men.save()  # any change of any event
    changed = comp.version(c)
    assert changed != before
    Tournament.objects.create(
        name="Короткие нарды, женщины",
        discipline="short",
        system="swiss",
        gender_group="women",
        start_date=START,
        end_date=START + DAY,
        competition=c,
    )
    assert comp.version(c) != changed
    assert comp.first_event(c) == long_men


def test_a_finished_events_plan_is_not_offered_on_the_competition_schedule(
    client, secretary, chief_judge, competition
):
    c, (long_men, short_men, _blitz, _women) = competition
    short_men.status = "finished"
    short_men.save()
    client.force_login(secretary)
    page = client.get(reverse("public:competition_schedule", args=[c.pk])).content.decode()
    assert reverse("protocols:schedule_edit", args=[long_men.pk]) in page
    assert reverse("protocols:schedule_edit", args=[short_men.pk]) not in page
