"""Team events built for the tests: teams with rosters in board order, and the secretary's path."""

from __future__ import annotations

import datetime

import time_machine
from django.urls import reverse
from django.utils import timezone

from draw.models import Match
from registration.models import Participant, Person, Team
from tests.factories import ensure_chief_judge, make_tournament


def make_teams(t, n_teams: int, size: int) -> list[Team]:
    teams = []
    for i in range(n_teams):
        team = Team.objects.create(tournament=t, name=f"Команда {i + 1:02d}", seed=i + 1)
        for j in range(size):
            person = Person.objects.create(
                surname=f"Игрок{i:02d}{j}",
                name="Иван",
                birth_date=datetime.date(1980, 1, 1) + datetime.timedelta(days=i * 10 + j),
                region=f"Регион {i}",
            )
            Participant.objects.create(tournament=t, person=person, team=team, board_order=j + 1)
        team.captain = team.members.get(board_order=1)
        team.save(update_fields=["captain"])
        teams.append(team)
    return teams


def team_mixed_groups(secretary, n_teams: int = 6) -> tuple:
    """A team mixed event (004 §1.4.7): round-robin groups (2 groups, 2 boards, 2 qualify from each), then a
    single-elimination playoff; ``n_teams`` teams of 2 players seeded 1.."""
    t = make_tournament(
        secretary,
        system="mixed",
        character="team",
        boards=2,
        match_length=3,
        group_count=2,
        qualifiers_per_group=2,
        playoff_system="single_elimination",
    )
    return t, make_teams(t, n_teams, 2)


def draw_and_publish(client, t, number: int) -> None:
    response = client.post(reverse("draw:draw", args=[t.pk]), {"number": number})
    assert response.status_code == 302
    assert response.url == reverse("public:round", args=[t.pk, number]), client.get(
        reverse("public:detail", args=[t.pk])
    ).content.decode()[:3000]


def publish(client, t, number: int) -> None:
    assert client.post(reverse("draw:publish", args=[t.pk, number])).status_code == 302


def enter(client, t, m: Match, first_wins: bool) -> None:
    length = m.match_length
    s1, s2 = (length, 1) if first_wins else (1, length)
    response = client.post(
        reverse("draw:match_result", args=[t.pk, m.pk]),
        {"kind": "played", "score1": s1, "score2": s2, "version": m.version},
    )
    assert response.status_code == 302, response.content.decode()[:2000]


def finish(client, t) -> None:
    ensure_chief_judge(client, t)
    later = timezone.now() + datetime.timedelta(minutes=t.protest_window_minutes + 1)
    with time_machine.travel(later, tick=False):
        response = client.post(reverse("judging:finish", args=[t.pk]), {"confirm": "1", "confirm_early": "1"})
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.status == "finished", client.get(reverse("public:detail", args=[t.pk])).content.decode()[:3000]


def public_pages_answer(client, t) -> None:
    """The event's public pages, its team pages and exports answer (never a server error)."""
    names = [
        ("public:detail", [t.pk]),
        ("public:standings", [t.pk]),
        ("public:bracket", [t.pk]),
        ("public:team_standings", [t.pk]),
        ("public:team_standings_pdf", [t.pk]),
        ("public:export_standings", [t.pk, "csv"]),
        ("public:export_tournament", [t.pk]),
    ]
    names += [("public:team_round", [t.pk, n]) for n in t.round_set.values_list("number", flat=True)]
    names += [("public:round", [t.pk, n]) for n in t.round_set.values_list("number", flat=True)]
    for name, args in names:
        response = client.get(reverse(name, args=args))
        assert response.status_code == 200, (name, response.status_code)
    assert client.get(f"/api/tournaments/{t.pk}/teams").status_code == 200
