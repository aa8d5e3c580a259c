"""Entries are numbered within their tournament (issue 15: «№ 102» for a new tournament's first entry), and
what the federation's protocols print about a participant — rank or title, region, club, coach — is kept
from the entry and editable by the secretary; the rank norms per tournament."""

from __future__ import annotations

import pytest
from django.urls import reverse

from registration import manager
from registration.models import Entry, Official, Participant, RankNorm, rank_fulfilled
from tests.factories import make_tournament
from tests.registration.helpers import make_entry
from tournaments.models import Tournament


def test_a_new_tournaments_first_entry_is_number_1_whatever_other_tournaments_hold(t, secretary):
    other = make_tournament(secretary, name="Другой турнир")
    for i in range(5):
        make_entry(other, surname=f"Другой{i}")
    first = make_entry(t, surname="Первый")
    second = make_entry(t, surname="Второй")
    assert first.pk > 5
    assert (first.number, second.number) == (1, 2)
    assert sorted(Entry.objects.filter(tournament=other).values_list("number", flat=True)) == [1, 2, 3, 4, 5]


def test_the_entry_page_and_the_list_show_the_tournaments_number(client, t, secretary):
    make_entry(make_tournament(secretary, name="Другой турнир"), surname="Чужой")
    entry = make_entry(t, surname="Первый")
    client.force_login(secretary)
    page = client.get(reverse("registration:entry", args=[t.pk, entry.pk])).content.decode()
    assert "№ 1:" in page and f"№ {entry.pk}:" not in page
    listing = client.get(reverse("registration:entries", args=[t.pk])).content.decode()
    assert ">1<" in listing


def test_admission_copies_rank_club_and_coach_from_the_entry(t, secretary):
    entry = make_entry(t, qualification="cms", club="Клуб «Марс»", coach="Петросян Т. В.")
    manager.decide(entry, Entry.Status.ADMITTED, "", secretary)
    p = Participant.objects.get(tournament=t, person=entry.person)
    assert (p.qualification, p.club, p.coach) == ("cms", "Клуб «Марс»", "Петросян Т. В.")


def _participant(t) -> Participant:
    entry = make_entry(t)
    chief_secretary = t.officials.get(role=Official.Role.CHIEF_SECRETARY).person.user
    manager.decide(entry, Entry.Status.ADMITTED, "", chief_secretary)
    return Participant.objects.get(tournament=t, person=entry.person)


def _identity(p: Participant) -> dict:
    """The participant's data page also carries who he is (issue 12 item 10): sent back unchanged."""
    person = p.person
    return {
        "surname": person.surname,
        "name": person.name,
        "patronymic": person.patronymic,
        "birth_date": person.birth_date.isoformat(),
        "gender": person.gender,
        "organisation": person.organisation,
        "region": person.region,
    }


def test_the_secretary_edits_a_participants_sports_data(client, t, secretary):
    p = _participant(t)
    client.force_login(secretary)
    url = reverse("registration:participant_edit", args=[t.pk, p.pk])
    data = {
        "qualification": "ms",
        "club": "  Клуб   «Шеш-беш» ",
        "coach": "Алиев А. А.",
        "region": "Тверская область",
    }
    response = client.post(url, {**_identity(p), **data, "organisation": "Федерация нард"})
    assert response.status_code == 302
    p.refresh_from_db()
    assert (p.qualification, p.club, p.coach) == ("ms", "Клуб «Шеш-беш»", "Алиев А. А.")
    assert p.data.region == "Тверская область"  # this tournament's (issue 25 item 3)
    page = client.get(reverse("public:participant", args=[t.pk, p.pk])).content.decode()
    assert "мастер спорта" in page and "Клуб «Шеш-беш»" in page and "Алиев А. А." in page


def test_a_bad_rank_is_refused_and_nothing_changes(client, t, secretary):
    p = _participant(t)
    client.force_login(secretary)
    url = reverse("registration:participant_edit", args=[t.pk, p.pk])
    response = client.post(url, {**_identity(p), "qualification": "grandmaster", "club": "X"})
    assert response.status_code == 400
    p.refresh_from_db()
    assert (p.qualification, p.club) == ("", "")


@pytest.mark.parametrize("who", ["anonymous", "participant", "stranger", "other_secretary"])
def test_nobody_else_edits_sports_data_or_norms(client, t, who, request):
    p = _participant(t)
    if who != "anonymous":
        user = request.getfixturevalue({"participant": "participant_user"}.get(who, who))
        client.force_login(user)
    edit = reverse("registration:participant_edit", args=[t.pk, p.pk])
    assert client.post(edit, {"qualification": "ms"}).status_code in (302, 403)
    norms = reverse("registration:rank_norms", args=[t.pk])
    response = client.post(norms, _norms_post([("cms", 1, "")]))
    assert response.status_code in (302, 403)
    if response.status_code == 302:
        assert "login" in response.url
    p.refresh_from_db()
    assert p.qualification == "" and not RankNorm.objects.exists()


def _norms_post(rows):
    data = {
        "norms-TOTAL_FORMS": str(len(rows)),
        "norms-INITIAL_FORMS": "0",
        "norms-MIN_NUM_FORMS": "0",
        "norms-MAX_NUM_FORMS": "1000",
    }
    for i, (code, place, minimum) in enumerate(rows):
        data[f"norms-{i}-qualification"] = code
        data[f"norms-{i}-place_to"] = str(place)
        data[f"norms-{i}-min_participants"] = str(minimum)
    return data


def test_the_secretary_sets_the_rank_norms_one_per_rank(client, t, secretary):
    client.force_login(secretary)
    url = reverse("registration:rank_norms", args=[t.pk])
    twice = client.post(url, _norms_post([("cms", 1, ""), ("cms", 3, "")]))
    assert twice.status_code == 400 and not RankNorm.objects.exists()
    ok = client.post(url, _norms_post([("cms", 1, 16), ("adult1", 3, "")]))
    assert ok.status_code == 302
    assert sorted(RankNorm.objects.values_list("qualification", "place_to", "min_participants")) == [
        ("adult1", 3, None),
        ("cms", 1, 16),
    ]


def test_a_finished_tournament_keeps_its_norms_and_data(client, t, secretary):
    p = _participant(t)
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.FINISHED)
    client.force_login(secretary)
    response = client.post(reverse("registration:rank_norms", args=[t.pk]), _norms_post([("cms", 1, "")]))
    assert response.status_code == 302 and not RankNorm.objects.exists()
    edit = reverse("registration:participant_edit", args=[t.pk, p.pk])
    assert client.post(edit, {**_identity(p), "qualification": "ms"}).status_code == 400
    p.refresh_from_db()
    assert p.qualification == ""
    t.refresh_from_db()
    assert t.read_only_reason in client.get(edit).content.decode()


def test_the_highest_rank_a_place_fulfils(t):
    cms = RankNorm.objects.create(tournament=t, qualification="cms", place_to=1, min_participants=16)
    first = RankNorm.objects.create(tournament=t, qualification="adult1", place_to=3)
    norms = [cms, first]
    assert rank_fulfilled(norms, 1, 20) == "cms"
    assert rank_fulfilled(norms, 1, 10) == "adult1"  # too few for the CMS norm
    assert rank_fulfilled(norms, 3, 20) == "adult1"
    assert rank_fulfilled(norms, 4, 20) == ""
    assert rank_fulfilled(norms, None, 20) == ""
    assert rank_fulfilled([], 1, 20) == ""


def test_an_official_is_registered_with_judging_category_and_city(client, t, secretary):
    client.force_login(secretary)
    response = client.post(
        reverse("registration:officials", args=[t.pk]),
        {
            "role": "judge",
            "surname": "Судьин",
            "name": "Пётр",
            "patronymic": "Ильич",
            "birth_date": "1970-01-01",
            "judging_category": "first",
            "city": "Казань",
        },
    )
    assert response.status_code == 302
    official = t.officials.get(person__surname="Судьин")
    assert (official.judging_category, official.city, official.person.patronymic) == (
        "first",
        "Казань",
        "Ильич",
    )
    page = client.get(reverse("registration:officials", args=[t.pk])).content.decode()
    assert "спортивный судья первой категории" in page  # as the Ministry names it (issue 30)
