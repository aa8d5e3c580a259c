"""Every discipline of the sport (003): blitz without breaks on its own clock, pairs as one participant of two
admitted people, end to end through the test client."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from draw.models import Match
from judging.models import Sanction
from protocols.docs import match as match_protocol
from protocols.docs import pairings
from registration.models import Entry, Participant
from tests.factories import START, add_players, make_tournament, play_out
from tournaments.models import Discipline, Tournament, breaks_per_player

FORM = {
    "start_date": "2026-12-05",
    "end_date": "2026-12-06",
    "system": "swiss",
    "character": "personal",
    "gender_group": "men",
    "match_length": 7,
    "rounds": 3,
    "max_losses": 3,
    "cycles": 1,
    "group_count": 2,
    "qualifiers_per_group": 2,
    "best_of_rest": 0,
    "playoff_system": "single_elimination",
    "draw_mode": "seeded",
    "protest_window_minutes": 10,
    "min_age": 18,
    "bye_points": "1",
    "tiebreaks": "buchholz,wins",
    "head_rule": "federation",
    "koks_zone": "13-18",
    "second_warning": "propose",
    "group_ties": "lot",
}


@pytest.mark.parametrize(
    ("length", "blitz", "breaks"),
    [
        (5, False, 0),
        (7, False, 1),
        (9, False, 1),
        (11, False, 2),
        (13, False, 2),
        (15, False, 3),
        (7, True, 0),
    ],
)
def test_breaks_per_match_length_and_none_in_blitz_003_breaks(length, blitz, breaks):
    assert breaks_per_player(length, blitz) == breaks


def test_a_blitz_event_needs_its_time_control_and_plays_without_breaks_003(client, secretary):
    client.force_login(secretary)
    data = {**FORM, "name": "Блиц-турнир", "discipline": "long_blitz"}
    response = client.post(reverse("public:create"), data)
    assert response.status_code == 200  # refused, nothing created
    assert "Для блица нужен контроль времени." in response.content.decode()
    assert not Tournament.objects.filter(name="Блиц-турнир").exists()

    response = client.post(
        reverse("public:create"), {**data, "time_control_minutes": 5, "time_control_increment": 3}
    )
    assert response.status_code == 302
    t = Tournament.objects.get(name="Блиц-турнир")
    assert t.is_blitz and t.game == "long" and t.time_control == "5 мин + 3 с на ход"
    add_players(t, 6)
    assert play_out(client, t, seed=4) == 3
    match = Match.objects.filter(round__tournament=t, result_kind="played").first()
    protocol = match_protocol.build(match)
    assert protocol.breaks == 0  # 003 «Перерывы»: none in blitz, whatever the length
    assert protocol.time_control == "5 мин + 3 с на ход"
    assert pairings.build(match.round).time_control == "5 мин + 3 с на ход"
    # The same length in the classic discipline allows one break.
    t.discipline = Discipline.LONG
    t.save(update_fields=["discipline"])
    assert match_protocol.build(Match.objects.get(pk=match.pk)).breaks == 1


def test_a_mixed_event_prints_the_playoffs_own_clock_003():
    t = Tournament(
        time_control_minutes=20,
        time_control_increment=10,
        playoff_time_control_minutes=30,
        playoff_time_control_increment=15,
    )
    assert t.time_control_for("groups") == "20 мин + 10 с на ход"
    assert t.time_control_for("playoff") == "30 мин + 15 с на ход"
    t.playoff_time_control_minutes = None
    assert t.time_control_for("playoff") == "20 мин + 10 с на ход"


def _pair_entry(client, t, i: int, partner_birth: str = "1985-03-04") -> None:
    response = client.post(
        reverse("registration:entry_add", args=[t.pk]),
        {
            "surname": f"Первый{i}",
            "name": "Иван",
            "birth_date": "1980-01-02",
            "gender": "male",
            "partner_surname": f"Второй{i}",
            "partner_name": "Пётр",
            "partner_birth_date": partner_birth,
            "partner_gender": "male",
            "organisation": "Клуб",
            "region": "Москва",
            "disciplines": ["short_pairs"],
            "responsible_name": "Петров Пётр",
            "responsible_phone": "+7 900 000-00-00",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]


def test_a_pairs_event_end_to_end_003_pairs(client, secretary):
    t = make_tournament(secretary, discipline="short_pairs", system="swiss", rounds=3)
    client.force_login(secretary)
    # The form asks for the partner, who must be another person.
    response = client.post(
        reverse("registration:entry_add", args=[t.pk]),
        {
            "surname": "Один",
            "name": "Иван",
            "birth_date": "1980-01-02",
            "gender": "male",
            "organisation": "Клуб",
            "region": "Москва",
            "disciplines": ["short_pairs"],
            "responsible_name": "Петров Пётр",
            "responsible_phone": "+7 900",
        },
    )
    assert response.status_code == 400 and not Entry.objects.filter(tournament=t).exists()
    for i in range(5):
        _pair_entry(client, t, i)
    # A partner already entered in another pair of this event is refused.
    response = client.post(
        reverse("registration:entry_add", args=[t.pk]),
        {
            "surname": "Третий",
            "name": "Иван",
            "birth_date": "1981-01-02",
            "gender": "male",
            "partner_surname": "Второй0",
            "partner_name": "Пётр",
            "partner_birth_date": "1985-03-04",
            "partner_gender": "male",
            "organisation": "Клуб",
            "region": "Москва",
            "disciplines": ["short_pairs"],
            "responsible_name": "Петров Пётр",
            "responsible_phone": "+7 900",
        },
    )
    assert response.status_code == 400
    assert "уже заявлен" in response.content.decode()
    entries = list(Entry.objects.filter(tournament=t).order_by("person__surname"))
    assert len(entries) == 5 and all(e.partner_id for e in entries)

    # 003 «Пары»: a disqualification of either player bars the pair (004 §2.3.2).
    barred = entries[4]
    Sanction.objects.create(
        person=barred.partner,
        kind=Sanction.Kind.DISQUALIFICATION,
        starts_on=START - datetime.timedelta(days=10),
        ends_on=None,
    )
    for e in entries:
        Entry.objects.filter(pk=e.pk).update(
            has_identity_document=True, has_medical_clearance=True, has_insurance=True
        )
        response = client.post(
            reverse("registration:entry_decide", args=[t.pk, e.pk]), {"status": "admitted", "reason": ""}
        )
        assert response.status_code == 302
    assert not Participant.objects.filter(tournament=t, person=barred.person).exists()
    page = client.get(reverse("registration:entry", args=[t.pk, barred.pk])).content.decode()
    assert "Партнёр Второй4 П." in page
    pairs = list(t.participants.order_by("person__surname"))
    assert len(pairs) == 4 and all(p.partner_id for p in pairs)

    assert play_out(client, t, seed=2) == 3
    # Both names on the pairings, the match protocol, the standings and in the API.
    both = "Первый0 Иван / Второй0 Пётр"
    match = Match.objects.filter(round__tournament=t, round__number=1, player1__isnull=False).first()
    protocol = match_protocol.build(match)
    assert " / " in protocol.player1 and " / " in protocol.player2
    assert all(" / " in row.player1 for row in pairings.build(match.round).rows)
    assert both in client.get(reverse("public:standings", args=[t.pk])).content.decode()
    assert both in client.get(reverse("public:round", args=[t.pk, 1])).content.decode()
    api = client.get(f"/api/tournaments/{t.pk}/participants").json()
    first = next(p for p in api["items"] if p["name"] == both)
    assert first["partner"] == "Второй0 Пётр"
    # Ranked as one: four rows, one per pair.
    assert len(client.get(f"/api/tournaments/{t.pk}/standings").json()["rows"]["items"]) == 4
