"""Issue 31 §2: the secretary's «ratings from the official list» button on the participants page — each
participant gets the rating of the list valid on the first day, logged; refused once drawn, for a finished
tournament and without a valid list; forbidden (403, nothing changed) to anyone but the seeding numbers'
deciders; the CLI's ``--seed`` is the same rule."""

from __future__ import annotations

import datetime

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from draw import manager as draw_manager
from federation.models import RatingList, RatingListRow
from registration.models import Participant
from tests.factories import make_tournament
from tournaments.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def t(secretary, chief_judge):
    return make_tournament(secretary, chief_judge, players=6)


@pytest.fixture
def official_list(t):
    rl = RatingList.objects.create(discipline="long", as_of=t.start_date.replace(day=1))
    RatingListRow.objects.bulk_create(
        RatingListRow(
            rating_list=rl, rank=i, person=p.person, rating=1800 - 25.4 * i, experience=50, matches=5
        )
        for i, p in enumerate(t.participants.order_by("seed")[:4], start=1)
    )
    return rl


def _ratings(t) -> list[int | None]:
    return list(t.participants.order_by("seed").values_list("rating", flat=True))


def _seed(client, t):
    return client.post(reverse("federation:seed_by_list", args=[t.pk]), follow=True)


def test_issue31_the_secretary_sees_the_button_and_seeds_by_the_list(client, t, secretary, official_list):
    client.force_login(secretary)
    page = client.get(reverse("public:participants", args=[t.pk])).content.decode()
    assert reverse("federation:seed_by_list", args=[t.pk]) in page
    assert f"Рейтинги из официального списка на {official_list.as_of:%d.%m.%Y}" in page
    response = _seed(client, t)
    assert response.redirect_chain[-1][0] == reverse("public:participants", args=[t.pk])
    assert "Рейтинги из официального списка присвоены участникам: 4." in response.content.decode()
    assert _ratings(t) == [1775, 1749, 1724, 1698, None, None]
    entry = AuditEntry.objects.get(tournament=t, action="seed_by_rating_list")
    assert entry.data["list"] == official_list.pk and "4 из 6" in entry.summary


@pytest.mark.parametrize("who", ["stranger", "participant_user", "other_secretary", None])
def test_issue31_anyone_else_is_forbidden_and_nothing_changes(client, t, official_list, request, who):
    if who:
        client.force_login(request.getfixturevalue(who))
    response = client.post(reverse("federation:seed_by_list", args=[t.pk]))
    assert response.status_code in (403, 302) if who is None else response.status_code == 403
    assert _ratings(t) == [None] * 6
    assert not AuditEntry.objects.filter(tournament=t, action="seed_by_rating_list").exists()
    if who:
        page = client.get(reverse("public:participants", args=[t.pk])).content.decode()
        assert reverse("federation:seed_by_list", args=[t.pk]) not in page


def test_issue31_a_get_changes_nothing(client, t, secretary, official_list):
    client.force_login(secretary)
    assert client.get(reverse("federation:seed_by_list", args=[t.pk])).status_code == 405
    assert _ratings(t) == [None] * 6


def test_issue31_refused_once_the_first_round_is_drawn(client, t, secretary, official_list):
    draw_manager.draw_round(t, secretary, 1, seed=1)
    client.force_login(secretary)
    response = _seed(client, t)
    assert "Первый тур уже сформирован" in response.content.decode()
    assert _ratings(t) == [None] * 6
    page = client.get(reverse("public:participants", args=[t.pk])).content.decode()
    assert "disabled" in page.split(reverse("federation:seed_by_list", args=[t.pk]))[1].split("</form>")[0]


def test_issue31_refused_for_a_finished_tournament(client, t, secretary, official_list):
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.FINISHED)
    client.force_login(secretary)
    response = _seed(client, t)
    assert response.status_code == 200
    assert _ratings(t) == [None] * 6
    page = client.get(reverse("public:participants", args=[t.pk])).content.decode()
    assert reverse("federation:seed_by_list", args=[t.pk]) not in page


def test_issue31_refused_without_a_list_valid_on_the_first_day(client, t, secretary, official_list):
    official_list.as_of = t.start_date + datetime.timedelta(days=1)  # frozen after the start: not valid
    official_list.save()
    client.force_login(secretary)
    assert (
        reverse("federation:seed_by_list", args=[t.pk])
        not in client.get(reverse("public:participants", args=[t.pk])).content.decode()
    )
    response = _seed(client, t)
    assert "нет действующего официального рейтинг-листа" in response.content.decode()
    assert _ratings(t) == [None] * 6


def test_issue31_the_cli_seeds_by_the_same_rule(t, official_list, secretary):
    call_command("rating", "--seed", str(t.pk))
    assert _ratings(t)[:4] == [1775, 1749, 1724, 1698]
    draw_manager.draw_round(t, secretary, 1, seed=1)
    Participant.objects.filter(tournament=t).update(rating=None)
    with pytest.raises(CommandError, match="The first round has been drawn"):
        call_command("rating", "--seed", str(t.pk))
    assert _ratings(t) == [None] * 6
