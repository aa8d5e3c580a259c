"""A competition made and run from the site (issue 28 §3; 004 §1.2, §6.1). Before: no page or admin created a
competition or put an event in one, the one entry form answered anonymous visitors 403 and was linked from
nowhere public, and the once-per-person admission was reached from no page.

Who may (``registration.permissions.may_create_competition``, ``may_manage_competition``,
``registration.competition.move_refusal``): whoever creates tournaments creates a competition; its judging
panel — one for all its events (004 §1.2; §6.1.1 the chief judge and the chief secretary with their deputies;
§6.1.2 item 3 the dates) — manages it, its creator only until a panel exists; an event joins or leaves with
both panels' member and only before it starts. The admin reads only."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.urls import reverse

from registration.models import Entry, Official, RegistrationSettings
from tests.factories import START, make_tournament, make_user
from tests.registration.helpers import make_entry
from tournaments.forms import TournamentForm
from tournaments.models import AuditEntry, Competition, Tournament

pytestmark = pytest.mark.django_db
DAY = datetime.timedelta(days=1)
NEW = {
    "name": "Чемпионат округа 2026",
    "category": "regional",
    "start_date": START.isoformat(),
    "end_date": (START + DAY).isoformat(),
    "venue": "Казань, ДК «Нарды»",
    "organiser": "Федерация нард Татарстана",
}


def _event_form(name: str, discipline: str = "long", competition: Competition | None = None) -> dict:
    """The tournament form as the browser sends it for a Swiss event (the model's defaults)."""
    t = Tournament(
        name=name,
        discipline=discipline,
        system="swiss",
        start_date=START,
        end_date=START + DAY,
        venue="Казань",
    )
    data = {}
    for field, value in TournamentForm(instance=t).initial.items():
        if value is None or value is False:
            continue
        data[field] = value.isoformat() if hasattr(value, "isoformat") else value
    data["competition"] = competition.pk if competition else ""
    return data


def _create(client, user: User, **changes) -> Competition:
    client.force_login(user)
    response = client.post(reverse("public:competition_create"), {**NEW, **changes})
    assert response.status_code == 302, response.content.decode()[:3000]
    return Competition.objects.latest("pk")


def test_whoever_creates_tournaments_creates_a_competition_with_its_status_dates_venue_and_organiser(
    client, secretary, stranger
):
    url = reverse("public:competition_create")
    assert client.get(url).status_code in (302, 403)  # anonymous
    client.force_login(stranger)  # may not create tournaments
    assert client.post(url, NEW).status_code == 403
    assert not Competition.objects.exists()
    client.force_login(secretary)
    bad = client.post(url, {**NEW, "end_date": (START - DAY).isoformat()})
    assert bad.status_code == 400 and not Competition.objects.exists()  # nothing saved, a clear error
    assert "Последний день не может быть раньше первого" in bad.content.decode()
    c = _create(client, secretary)
    assert (c.name, c.category, c.venue, c.organiser, c.created_by) == (
        NEW["name"],
        "regional",
        NEW["venue"],
        NEW["organiser"],
        secretary,
    )
    home = client.get(reverse("public:competition", args=[c.pk])).content.decode()
    assert "региональные" in home.lower() and NEW["organiser"] in home and 'id="new-event"' in home
    # Linked from the site's home page.
    assert reverse("public:competition", args=[c.pk]) in client.get("/").content.decode()


def test_events_made_in_the_competition_make_their_creator_its_chief_secretary_1_2(client, secretary):
    c = _create(client, secretary)
    page = client.get(reverse("public:create") + f"?competition={c.pk}").content.decode()
    assert f'<option value="{c.pk}" selected>' in page and NEW["organiser"] in page  # prefilled from it
    for name, discipline in (("Длинные нарды, мужчины", "long"), ("Короткие нарды, мужчины", "short")):
        response = client.post(reverse("public:create"), _event_form(name, discipline, c))
        assert response.status_code == 302, response.content.decode()[:3000]
    events = list(c.events.order_by("pk"))
    assert [t.name for t in events] == ["Длинные нарды, мужчины", "Короткие нарды, мужчины"]
    for t in events:
        assert Official.objects.get(tournament=t).role == Official.Role.CHIEF_SECRETARY
        assert AuditEntry.objects.filter(tournament=t, action="competition").exists()
    home = client.get(reverse("public:competition", args=[c.pk])).content.decode()
    assert all(t.name in home for t in events)


def test_the_judging_panel_of_any_event_manages_the_competition_others_get_403_6_1(
    client, secretary, chief_judge, stranger, other_secretary
):
    c = _create(client, secretary)
    event = make_tournament(secretary, chief_judge, name="Длинные нарды", competition=c)
    plain = make_user("plain")
    Official.objects.create(tournament=event, person=plain.person, role=Official.Role.SECRETARY)
    edit = reverse("public:competition_edit", args=[c.pk])
    for user in (plain, stranger, other_secretary):  # a plain secretary is no panel (004 §6.1.1)
        client.force_login(user)
        assert client.post(edit, {**NEW, "name": "Захват"}).status_code == 403
    client.logout()
    assert client.post(edit, {**NEW, "name": "Захват"}).status_code in (302, 403)
    c.refresh_from_db()
    assert c.name == NEW["name"]
    client.force_login(chief_judge)  # 004 §6.1.2 item 3: the panel sets the competition's dates
    later = (START + 2 * DAY).isoformat()
    assert client.post(edit, {**NEW, "end_date": later}).status_code == 302
    c.refresh_from_db()
    assert c.end_date == START + 2 * DAY
    assert AuditEntry.objects.filter(tournament=event, action="competition").exists()


def test_its_creator_manages_it_only_until_a_panel_exists(client, secretary, other_secretary):
    c = _create(client, other_secretary)
    edit = reverse("public:competition_edit", args=[c.pk])
    assert client.get(edit).status_code == 200
    # Another user's panel forms it: its event joins (a league official put it there).
    make_tournament(secretary, name="Длинные нарды", competition=c)
    assert client.get(edit).status_code == 403


def test_an_event_joins_only_with_both_panels_before_it_starts_on_every_path_1_2(
    client, secretary, other_secretary
):
    mine = _create(client, secretary)
    theirs = _create(client, other_secretary)
    own_event = make_tournament(secretary, name="Свой турнир")
    foreign_event = make_tournament(other_secretary, name="Чужой турнир")
    events = reverse("public:competition_events", args=[mine.pk])
    client.force_login(secretary)
    # Not his event's panel: refused with the reason, nothing changed.
    response = client.post(events, {"action": "add", "event": foreign_event.pk}, follow=True)
    assert "Только главная судейская коллегия турнира" in response.content.decode()
    foreign_event.refresh_from_db()
    assert foreign_event.competition_id is None
    # Not the competition's panel: 403 on its page; refused through the tournament form too.
    assert (
        client.post(
            reverse("public:competition_events", args=[theirs.pk]), {"action": "add", "event": own_event.pk}
        ).status_code
        == 403
    )
    response = client.post(
        reverse("public:edit", args=[own_event.pk]), _event_form("Свой турнир", competition=theirs)
    )
    assert response.status_code == 200 and "competition" in response.context["form"].errors
    own_event.refresh_from_db()
    assert own_event.competition_id is None
    # Both panels his: joined, logged; then taken out again.
    assert client.post(events, {"action": "add", "event": own_event.pk}).status_code == 302
    own_event.refresh_from_db()
    assert own_event.competition == mine
    assert client.post(events, {"action": "remove", "event": own_event.pk}).status_code == 302
    own_event.refresh_from_db()
    assert own_event.competition_id is None
    # A started event stays where it is, on either path.
    Tournament.objects.filter(pk=own_event.pk).update(status=Tournament.Status.RUNNING)
    response = client.post(events, {"action": "add", "event": own_event.pk}, follow=True)
    assert "Турнир уже начался" in response.content.decode()
    response = client.post(
        reverse("public:edit", args=[own_event.pk]), _event_form("Свой турнир", competition=mine)
    )
    own_event.refresh_from_db()
    assert own_event.competition_id is None


def test_the_one_entry_form_is_open_to_anonymous_visitors_for_events_taking_entries_5_1_3(client, secretary):
    c = _create(client, secretary)
    long_men = make_tournament(secretary, name="Длинные нарды", competition=c)
    short_men = make_tournament(secretary, name="Короткие нарды", discipline="short", competition=c)
    client.logout()
    url = reverse("public:competition_entry", args=[c.pk])
    assert client.get(url).status_code == 403  # no event opened its entries on the site: nothing to enter
    for t in (long_men, short_men):
        RegistrationSettings.objects.create(tournament=t, self_registration=True)
    page = client.get(url)
    assert page.status_code == 200 and long_men.name in page.content.decode()
    # Linked from each event's page and from the site's home page.
    for t in (long_men, short_men):
        assert url in client.get(reverse("public:detail", args=[t.pk])).content.decode()
    assert url in client.get("/").content.decode()
    data = {
        "events": [long_men.pk, short_men.pk],
        "surname": "Алиев",
        "name": "Артур",
        "birth_date": "1988-03-02",
        "gender": "male",
        "organisation": "Клуб «Шеш-беш»",
        "region": "Москва",
        "responsible_name": "Алиев Артур",
        "responsible_phone": "+7 900 000-00-00",
    }
    assert client.post(url, data).status_code == 302
    entries = Entry.objects.filter(person__surname="Алиев")
    assert {e.tournament_id for e in entries} == {long_men.pk, short_men.pk}
    assert {e.source for e in entries} == {"self"} and {e.disciplines for e in entries} == {"long,short"}
    assert AuditEntry.objects.filter(tournament=long_men, action="entry").exists()
    # A second entry for the same person: the same answer, nothing saved, the commission told in the log.
    again = client.post(url, data, follow=True)
    assert "Заявка принята" in again.content.decode()
    assert Entry.objects.filter(person__surname="Алиев").count() == 2
    assert AuditEntry.objects.filter(tournament=long_men, action="entry_duplicate").exists()
    # An event whose entries closed is not offered, and a forged tick of it enters nothing there.
    RegistrationSettings.objects.filter(tournament=short_men).update(self_registration=False)
    assert short_men.name not in client.get(url).content.decode()
    client.post(url, {**data, "surname": "Бобров"})
    assert [e.tournament_id for e in Entry.objects.filter(person__surname="Бобров")] == [long_men.pk]


def test_admission_once_per_person_is_reached_from_the_officials_pages_5_3_2(
    client, secretary, chief_judge, stranger
):
    c = _create(client, secretary)
    long_men = make_tournament(secretary, chief_judge, name="Длинные нарды", competition=c)
    short_men = make_tournament(secretary, name="Короткие нарды", discipline="short", competition=c)
    person = make_entry(long_men, documents=False).person
    make_entry(short_men, person=person, documents=False, disciplines="short")
    admission = reverse("public:competition_admission", args=[c.pk])
    client.force_login(chief_judge)
    assert admission in client.get(reverse("public:competition", args=[c.pk])).content.decode()
    assert admission in client.get(reverse("registration:entries", args=[short_men.pk])).content.decode()
    page = client.get(admission).content.decode()
    assert page.count(f'id="person-{person.pk}"') == 1 and long_men.name in page and short_men.name in page
    response = client.post(
        reverse("public:competition_admit", args=[c.pk, person.pk]),
        {"identity": "1", "medical": "1", "insurance": "1"},
    )
    assert response.status_code == 302 and response.url == admission + f"#person-{person.pk}"
    assert set(Entry.objects.filter(person=person).values_list("status", flat=True)) == {"admitted"}
    # The page says what was decided (it said «на рассмотрении», the status before the decision).
    told = [str(m) for m in get_messages(response.wsgi_request)]
    assert told == [f"{person.full_name}, {t.name}: допущен" for t in (long_men, short_men)]
    client.force_login(stranger)
    assert client.get(admission).status_code == 403


def test_the_admin_reads_competitions_and_changes_nothing(client):
    admin = User.objects.create_superuser("root", password="pw-root-12345")
    c = Competition.objects.create(name="Чемпионат", start_date=START, end_date=START)
    client.force_login(admin)
    assert client.get(reverse("admin:tournaments_competition_changelist")).status_code == 200
    assert client.get(reverse("admin:tournaments_competition_add")).status_code == 403
    client.post(reverse("admin:tournaments_competition_change", args=[c.pk]), {"name": "Другое"})
    c.refresh_from_db()
    assert c.name == "Чемпионат"


def test_a_finished_competition_is_read_only(client, secretary):
    c = _create(client, secretary)
    make_tournament(secretary, name="Длинные нарды", competition=c, status=Tournament.Status.FINISHED)
    spare = make_tournament(secretary, name="Запасной")
    response = client.post(reverse("public:competition_edit", args=[c.pk]), {**NEW, "name": "Новое"})
    assert response.status_code == 302
    c.refresh_from_db()
    assert c.name == NEW["name"]
    client.post(reverse("public:competition_events", args=[c.pk]), {"action": "add", "event": spare.pk})
    spare.refresh_from_db()
    assert spare.competition_id is None
