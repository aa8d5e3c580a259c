"""Issue 25 item 3: a tournament's officials do not rewrite people of other tournaments.

From «Другой турнир», its chief secretary adds the demo tournament's seed by name and date and «corrects his
data»: the correction is «Другой турнир»'s data of its participant, the demo's pages and the shared record
stay as they were. He cannot merge his own year-only record with the demo participant, and with his chief
judge he cannot bar the demo's admitted entry by disqualifying the person here, nor through a made-up twin
merged into him. The seams: the officials of the person's own tournament correct his record; a league
official merges any two; a sibling event of the same competition is one registry (004 §1.2)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, Permission, User
from django.urls import reverse

from judging.models import Sanction
from registration import manager
from registration.models import Entry, Participant, Person
from tests.factories import START, make_tournament, make_user
from tests.judging.conftest import at, frozen
from tests.registration.helpers import make_entry
from tests.registration.people import BORN, DAY, VICTIM, demo_with_victim, other_judge, other_of
from tournaments.models import Competition

pytestmark = pytest.mark.security


@pytest.fixture
def demo(secretary, chief_judge):
    return demo_with_victim(secretary, chief_judge)


def _record(person: Person) -> tuple:
    person.refresh_from_db()
    return (person.surname, person.birth_date, person.gender, person.organisation, person.user_id)


def _add_by_name(client, t, **extra):
    """The participant shortcut, typing the victim's name and date of birth."""
    data = {
        **VICTIM,
        "birth_date": BORN.isoformat(),
        "gender": "male",
        "organisation": "Клуб «Свой»",
        **extra,
    }
    response = client.post(reverse("registration:participant_add", args=[t.pk]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return t.participants.get(person__surname="Жертвин")


def _correct(client, t, p, **changes):
    data = {
        "surname": "Хакеров",
        "name": "Пётр",
        "patronymic": "Ильич",
        "birth_date": "1999-09-09",
        "gender": "female",
        "organisation": "Клуб Хакеров",
        "region": "Тула",
        "club": "Хакеры",
        **changes,
    }
    return client.post(reverse("registration:participant_edit", args=[t.pk, p.pk]), data)


def test_another_tournaments_correction_changes_its_own_participant_not_the_demos_pages(
    client, demo, other_secretary
):
    demo_t, seed = demo
    other = other_of(other_secretary)
    before = _record(seed.person)
    client.force_login(other_secretary)
    mine = _add_by_name(client, other)
    assert mine.person_id == seed.person_id  # the same human: one record
    assert _correct(client, other, mine).status_code == 302
    # The shared record and the demo tournament's pages and API are as they were.
    assert _record(seed.person) == before
    client.logout()
    page = client.get(reverse("public:participants", args=[demo_t.pk])).content.decode()
    assert "Жертвин" in page and "Хакеров" not in page and "Клуб Хакеров" not in page
    api = client.get(f"/api/tournaments/{demo_t.pk}/participants").json()
    [row] = [r for r in api["items"] if r["id"] == seed.pk]
    assert (row["name"], row["organisation"]) == ("Жертвин Пётр Ильич", "Клуб «Демо»")
    # His tournament prints its correction, for itself only.
    mine.refresh_from_db()
    assert (mine.data.surname, mine.data.birth_date.isoformat(), mine.data.gender) == (
        "Хакеров",
        "1999-09-09",
        "female",
    )
    assert (mine.data.organisation, mine.club) == ("Клуб Хакеров", "Хакеры")
    api = client.get(f"/api/tournaments/{other.pk}/participants").json()
    assert [r["name"] for r in api["items"] if r["id"] == mine.pk] == ["Хакеров Пётр Ильич"]


def test_the_officials_of_his_own_tournament_correct_his_record(client, demo, secretary):
    """The seam: the chief secretary of the only tournament the person is in corrects the shared record."""
    demo_t, seed = demo
    client.force_login(secretary)
    response = _correct(client, demo_t, seed, surname="Жертвинов", birth_date="1985-05-06", gender="male")
    assert response.status_code == 302
    seed.refresh_from_db()
    assert (seed.person.surname, seed.person.birth_date.isoformat()) == ("Жертвинов", "1985-05-06")
    assert seed.corrections == {}


def test_another_tournaments_secretary_cannot_merge_his_year_only_record_with_the_demo_participant(
    client, demo, other_secretary
):
    demo_t, seed = demo
    other = other_of(other_secretary)
    own = Person.objects.create(
        surname="Жертвин", name="Пётр", patronymic="Ильич", birth_date="1985-01-01", birth_year_only=True
    )
    make_entry(other, person=own)
    client.force_login(other_secretary)
    url = reverse("registration:merge_persons", args=[other.pk])
    for keep, remove in ((own, seed.person), (seed.person, own)):
        assert client.post(url, {"keep": keep.pk, "remove": remove.pk}).status_code == 403
    victim = seed.person_id
    seed.refresh_from_db()
    assert seed.person_id == victim and Person.objects.filter(pk=own.pk).exists()
    assert seed.person.user.username == "zhertvin"  # his account stays his
    # A league official merges any two (the register's role).
    league = make_user("league")
    league.groups.add(Group.objects.get(name="Официалы лиги"))
    client.force_login(league)
    assert client.post(url, {"keep": seed.person_id, "remove": own.pk}).status_code == 302
    assert not Person.objects.filter(pk=own.pk).exists()


def _disqualify(client, t, p):
    return client.post(
        reverse("judging:sanction_new", args=[t.pk]),
        {
            "participant": p.pk,
            "kind": "disqualification",
            "violation": "conduct",
            "clause": "004 §5.7.4",
            "facts": "Выдумано",
            "ends_on": (START + 365 * DAY).isoformat(),
        },
    )


def test_another_tournaments_disqualification_does_not_refuse_the_entry_admitted_elsewhere_2_3_2(
    client, demo, other_secretary
):
    demo_t, seed = demo
    other = other_of(other_secretary)
    client.force_login(other_secretary)
    mine = _add_by_name(client, other)
    client.force_login(other_judge())
    with frozen(at(0)):
        assert _disqualify(client, other, mine).status_code == 302
    assert Sanction.objects.filter(person=seed.person, kind="disqualification").exists()
    # Here he is removed; the demo's admitted entry and participant stay, and its checks pass.
    entry = Entry.objects.get(tournament=demo_t, person=seed.person)
    seed.refresh_from_db()
    assert (entry.status, seed.status) == ("admitted", "active")
    rows = {r.key: r for r in manager.check_rows(entry)}
    assert rows["disqualification"].passed


def test_a_made_up_twin_disqualified_elsewhere_cannot_be_merged_into_the_real_person(
    client, demo, other_secretary
):
    demo_t, seed = demo
    other = other_of(other_secretary)
    twin = Person.objects.create(surname="ЖЕРТВИН", name="П.", patronymic="И.", birth_date="1985-05-05")
    made_up = Participant.objects.create(tournament=other, person=twin)
    client.force_login(other_judge())
    with frozen(at(0)):
        assert _disqualify(client, other, made_up).status_code == 302
    client.force_login(other_secretary)
    url = reverse("registration:merge_persons", args=[other.pk])
    assert client.post(url, {"keep": seed.person_id, "remove": twin.pk}).status_code == 403
    assert Sanction.objects.get(kind="disqualification").person_id == twin.pk
    entry = Entry.objects.get(tournament=demo_t, person=seed.person)
    assert entry.status == "admitted"
    assert next(r for r in manager.check_rows(entry) if r.key == "disqualification").passed


def test_his_own_admitted_entry_carries_the_disqualification_to_his_other_tournaments_2_3_2(
    client, demo, secretary, chief_judge
):
    """The rule's other side: disqualified where he was admitted through his entry (documents seen), he is
    barred from the demo tournament run by other officials too (004 §2.3.2, §5.7.4)."""
    demo_t, seed = demo
    judge = make_user("cupjudge")
    cup = make_tournament(make_user("cupsec"), judge, name="Кубок клуба")
    entry = make_entry(cup, person=seed.person)
    manager.decide(entry, Entry.Status.ADMITTED, "", judge)
    client.force_login(judge)
    with frozen(at(0)):
        assert _disqualify(client, cup, cup.participants.get(person=seed.person)).status_code == 302
    demo_entry = Entry.objects.get(tournament=demo_t, person=seed.person)
    assert demo_entry.status == "refused" and "004 §2.3.2" in demo_entry.decision_reason


def test_a_sibling_event_of_the_same_competition_is_one_registry_for_a_disqualification_1_2(
    client, secretary, chief_judge
):
    """004 §1.2: one panel for all events: a disqualification of a participant added by name in one event
    bars his entry in a sibling event not yet started."""
    c = Competition.objects.create(name="Чемпионат", start_date=START, end_date=START + 40 * DAY)
    demo_t, seed = demo_with_victim(secretary, chief_judge)
    demo_t.competition = c
    demo_t.save(update_fields=["competition"])
    running = make_tournament(secretary, chief_judge, name="Блиц", competition=c)
    client.force_login(secretary)
    mine = _add_by_name(client, running)
    client.force_login(chief_judge)
    with frozen(at(0)):
        assert _disqualify(client, running, mine).status_code == 302
    assert Entry.objects.get(tournament=demo_t, person=seed.person).status == "refused"


def test_only_a_league_official_changes_a_persons_record_in_the_admin(client, demo):
    _demo, seed = demo
    staff = make_user("staffer")
    User.objects.filter(pk=staff.pk).update(is_staff=True)
    staff.user_permissions.add(*Permission.objects.filter(codename__in=["view_person", "change_person"]))
    url = reverse("admin:registration_person_change", args=[seed.person_id])
    data = {"surname": "Взлом", "name": "Пётр", "birth_date": "1999-09-09", "gender": "female"}
    client.force_login(User.objects.get(pk=staff.pk))
    assert client.get(url).status_code == 200  # he reads it
    assert client.post(url, data).status_code == 403
    seed.person.refresh_from_db()
    assert seed.person.surname == "Жертвин"
    league = make_user("league")
    User.objects.filter(pk=league.pk).update(is_staff=True)
    league.groups.add(Group.objects.get(name="Официалы лиги"))
    client.force_login(User.objects.get(pk=league.pk))
    page = client.get(url).content.decode()
    assert 'name="_save"' in page
