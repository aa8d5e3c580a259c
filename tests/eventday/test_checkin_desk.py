"""The check-in desk for 120 (issue 28 §4): search by name (case and ё/е alike), a filter absent / present,
"all present but the ticked ones", a check-in cancelled — each answered to the page's script as the rows
changed and the counts (no page load), each refused to anybody but the tournament's runners and once no
check-in is open (a finished tournament: nothing changes)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import checkin
from registration.models import CheckIn, Person
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db

SCRIPT = {"HTTP_X_CHECKIN": "1"}


@pytest.fixture
def t(secretary):
    t = make_tournament(secretary, players=12)
    person = t.participants.order_by("pk")[3].person
    Person.objects.filter(pk=person.pk).update(surname="Семёнов")
    return t


def _present(t) -> set[int]:
    return set(
        CheckIn.objects.filter(participant__tournament=t, round_number=1).values_list(
            "participant_id", flat=True
        )
    )


def test_the_desk_finds_a_player_by_a_part_of_his_name_whatever_the_case_and_yo(client, secretary, t):
    client.force_login(secretary)
    url = reverse("draw:checkin", args=[t.pk])
    page = client.get(url + "?q=СЕМЕН").content.decode()
    assert page.count('class="checkin-row') == 1 and "Семёнов" in page
    assert (
        client.get(url + "?q=игрок00").content.decode().count('class="checkin-row') == 9
    )  # one is Семёнов now


def test_the_desk_shows_the_absent_or_the_present(client, secretary, t):
    players = list(t.participants.order_by("pk"))
    for p in players[:5]:
        checkin.check_in(p, 1, CheckIn.Via.LINK)
    client.force_login(secretary)
    url = reverse("draw:checkin", args=[t.pk])
    assert client.get(url + "?show=present").content.decode().count('class="checkin-row') == 5
    assert client.get(url + "?show=absent").content.decode().count('class="checkin-row') == 7
    assert client.get(url + "?show=bogus").content.decode().count('class="checkin-row') == 12


def test_a_click_at_the_desk_answers_the_row_and_the_counts_not_a_page(client, secretary, t):
    p = t.participants.order_by("pk").first()
    client.force_login(secretary)
    response = client.post(reverse("draw:checkin_present", args=[t.pk]), {"participant": p.pk}, **SCRIPT)
    assert response.status_code == 200
    data = response.json()
    assert list(data["rows"]) == [str(p.pk)] and 'class="checkin-row here"' in data["rows"][str(p.pk)]
    assert "<strong>1</strong>" in data["summary"] and "<html" not in data["summary"]
    assert _present(t) == {p.pk}
    response = client.post(reverse("draw:checkin_absent", args=[t.pk]), {"participant": p.pk}, **SCRIPT)
    assert response.status_code == 200 and _present(t) == set()
    assert t.audit.filter(action="checkin_cancelled", data__participant=p.pk).exists()


def test_all_present_but_the_ticked_ones(client, secretary, t):
    players = list(t.participants.order_by("pk"))
    checkin.check_in(players[0], 1, CheckIn.Via.LINK)
    client.force_login(secretary)
    exceptions = [players[5].pk, players[7].pk]
    response = client.post(reverse("draw:checkin_all", args=[t.pk]), {"except": exceptions}, **SCRIPT)
    assert response.status_code == 200
    assert _present(t) == {p.pk for p in players} - set(exceptions)
    assert len(response.json()["rows"]) == 9  # the ones checked in now
    entry = t.audit.get(action="checkin_all")
    assert str(players[5]) in entry.summary and str(players[7]) in entry.summary
    # Without the script: the page again, with a message.
    checkin_url = reverse("draw:checkin", args=[t.pk])
    response = client.post(reverse("draw:checkin_all", args=[t.pk]), {"except": [players[5].pk]})
    assert response.status_code == 302 and response.url.startswith(checkin_url)
    assert _present(t) == {p.pk for p in players} - {players[5].pk}


@pytest.mark.parametrize("who", ["anonymous", "stranger", "other_secretary", "participant_user"])
def test_nobody_but_the_tournaments_runners_checks_anybody_in_or_out(client, t, who, request):
    p = t.participants.first()
    checkin.check_in(p, 1, CheckIn.Via.LINK)
    other = t.participants.exclude(pk=p.pk).first()
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    for name, data in (
        ("draw:checkin_present", {"participant": other.pk}),
        ("draw:checkin_absent", {"participant": p.pk}),
        ("draw:checkin_all", {}),
    ):
        response = client.post(reverse(name, args=[t.pk]), data, **SCRIPT)
        assert response.status_code in (302, 403), (name, response.status_code)
    assert _present(t) == {p.pk}


def test_a_finished_tournament_checks_nobody_in_or_out_6_2_1(client, secretary, t):
    p = t.participants.first()
    checkin.check_in(p, 1, CheckIn.Via.LINK)
    t.status = t.Status.FINISHED
    t.save(update_fields=["status"])
    client.force_login(secretary)
    other = t.participants.exclude(pk=p.pk).first()
    for name, data in (
        ("draw:checkin_present", {"participant": other.pk}),
        ("draw:checkin_absent", {"participant": p.pk}),
        ("draw:checkin_all", {}),
    ):
        response = client.post(reverse(name, args=[t.pk]), data, **SCRIPT)
        assert response.status_code == 400 and "завершён" in response.json()["error"]
    assert _present(t) == {p.pk}
