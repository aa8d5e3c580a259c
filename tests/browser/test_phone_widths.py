"""Issue 14, participants and spectators: no public page scrolls sideways on a 390 px wide phone — home,
rounds, standings, crosstable, participants, a participant, the registration protocol, the bracket (which may
pan inside its own frame), and the pages a player or an official opens on his phone (his match link, the
judging desk, the whole-round entry). Long names wrap."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from draw.models import Round
from judging import links
from public.management.commands.load_demo import DEMO_NAME, TEAM_NAME
from registration.models import Person
from tests.factories import make_tournament, play_out
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

LONG = ("Константинопольский-Задунайский", "Александр-Вячеслав", "Христофорович")


def _width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_no_page_scrolls_sideways_at_390_px(live_server, phone):
    call_command("load_demo", verbosity=0)
    demo = Tournament.objects.get(name=DEMO_NAME)
    team_event = Tournament.objects.get(name=TEAM_NAME)
    a_team = team_event.teams.order_by("seed").first()
    someone = demo.participants.order_by("seed").first()
    Person.objects.filter(pk=someone.person_id).update(
        surname=LONG[0],
        name=LONG[1],
        patronymic=LONG[2],
        organisation="Федерация нард Ханты-Мансийского автономного округа — Югры",
    )
    client = Client()
    secretary = demo.created_by
    client.force_login(secretary)
    rr = make_tournament(
        secretary, system="round_robin", players=6, name="Круговой турнир для проверки ширины"
    )
    se = make_tournament(
        secretary, system="single_elimination", players=8, name="Олимпийская система для проверки"
    )
    play_out(client, rr, seed=3)
    play_out(client, se, seed=3)
    published = demo.round_set.exclude(status=Round.Status.DRAFT).order_by("-number").first()
    m = published.matches.filter(player2__isnull=False).first()
    pages = {
        "home": reverse("public:detail", args=[demo.pk]),
        "round": reverse("public:round", args=[demo.pk, published.number]),
        "standings": reverse("public:standings", args=[demo.pk]),
        "crosstable": reverse("public:crosstable", args=[rr.pk]),
        "participants": reverse("public:participants", args=[demo.pk]),
        "participant": reverse("public:participant", args=[demo.pk, someone.pk]),
        "registration protocol": reverse("registration:protocol", args=[demo.pk]),
        "bracket": reverse("public:bracket", args=[se.pk]),
        "list": reverse("public:list"),
        "match link": links.url_for(m, m.player1),
        # Team events (issue 18): the team round with its boards, the team standings, a team's page.
        "team round": reverse("public:team_round", args=[team_event.pk, 3]),
        "team standings": reverse("public:team_standings", args=[team_event.pk]),
        "team": reverse("public:team", args=[team_event.pk, a_team.pk]),
    }
    page = phone.new_page()
    too_wide = {}
    for name, url in pages.items():
        page.goto(live_server.url + url)
        if _width(page) > 390:
            too_wide[name] = _width(page)
    # The officials' pages a secretary or a judge opens on his phone at the venue.
    page.goto(live_server.url + reverse("login"))
    page.fill("#id_username", "judge")
    page.fill("#id_password", "demo12345")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/")
    officials = {
        "desk": reverse("judging:desk", args=[demo.pk]),
        "round entry": reverse("public:round_entry", args=[demo.pk, published.number]),
        "participants (official)": reverse("public:participants", args=[demo.pk]),
        "entries": reverse("registration:entries", args=[demo.pk]),
        # The chief judge's team pages: each board's protest and sanction links, the team sanction form.
        "team round (chief judge)": reverse("public:team_round", args=[team_event.pk, 3]),
        "team (chief judge)": reverse("public:team", args=[team_event.pk, a_team.pk]),
        "team sanction": reverse("judging:team_sanction", args=[team_event.pk, a_team.pk]),
    }
    for name, url in officials.items():
        page.goto(live_server.url + url)
        if _width(page) > 390:
            too_wide[name] = _width(page)
    assert too_wide == {}
