"""Builders shared by the tests: users, tournaments, players, and the secretary's whole path."""

from __future__ import annotations

import datetime
import random

import time_machine
from django.contrib.auth.models import Permission, User
from django.urls import reverse
from django.utils import timezone

from registration.models import Official, Participant, Person
from tournaments.models import Tournament

START = datetime.date(2026, 12, 5)


def make_user(username: str, can_create: bool = False) -> User:
    user = User.objects.create_user(username, password="pw-" + username, first_name=username.title())
    if can_create:
        user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    Person.objects.create(user=user, surname=username.title(), name="Test")
    return user


def make_tournament(secretary: User, judge: User | None = None, players: int = 0, **settings) -> Tournament:
    fields = {
        "name": "Кубок города",
        "discipline": "long",
        "system": "swiss",
        "start_date": START,
        "end_date": START + datetime.timedelta(days=1),
        "venue": "Москва",
    }
    fields.update(settings)
    t = Tournament.objects.create(created_by=secretary, **fields)
    Official.objects.create(tournament=t, person=secretary.person, role=Official.Role.CHIEF_SECRETARY)
    if judge is not None:
        Official.objects.create(tournament=t, person=judge.person, role=Official.Role.CHIEF_JUDGE)
    add_players(t, players)
    return t


def add_players(t: Tournament, n: int, start: int = 0) -> list[Participant]:
    out = []
    for i in range(start, start + n):
        person, _ = Person.objects.get_or_create(
            surname=f"Игрок{i:03d}",
            name="Иван",
            patronymic="Петрович",
            birth_date=datetime.date(1980, 1, 1) + datetime.timedelta(days=i),
            defaults={"organisation": f"Клуб {i % 5}", "region": "Москва"},
        )
        out.append(Participant.objects.create(tournament=t, person=person, seed=i + 1))
    return out


def random_score(rng: random.Random, length: int) -> tuple[int, int]:
    loser = rng.randrange(0, length)
    winner = length + rng.choice([0, 0, 0, 1, 2])
    return (winner, loser) if rng.random() < 0.5 else (loser, winner)


def play_out(client, t: Tournament, seed: int = 1, max_rounds: int = 60) -> int:
    """Drive the secretary's path through the test client until the tournament can be finished, then finish it
    once the protest windows have closed (004 §5.10), confirmed.

    Returns the number of rounds played. Every step asserts the HTTP answer it expects.
    """
    from draw.manager import rounds_left

    rng = random.Random(seed)
    played = 0
    for _ in range(max_rounds):
        t.refresh_from_db()
        if played and not rounds_left(t):
            break
        number = t.round_set.count() + 1
        response = client.post(reverse("draw:draw", args=[t.pk]), {"number": number})
        assert response.status_code == 302, response
        assert response.url == reverse("public:round", args=[t.pk, number]), _messages(client, t)
        response = client.post(reverse("draw:publish", args=[t.pk, number]))
        assert response.status_code == 302
        rnd = t.round_set.get(number=number)
        for m in rnd.matches.filter(result_kind=""):
            s1, s2 = random_score(rng, m.match_length)
            response = client.post(
                reverse("draw:match_result", args=[t.pk, m.pk]),
                {"kind": "played", "score1": s1, "score2": s2, "version": m.version},
            )
            assert response.status_code == 302, response.content.decode()[:2000]
        rnd.refresh_from_db()
        assert rnd.status == "finished"
        played += 1
    else:  # pragma: no cover - a runaway loop is a bug
        raise AssertionError("the tournament did not end")
    ensure_chief_judge(client, t)
    # Every result is provisional for its protest window: finish once the windows have closed.
    later = timezone.now() + datetime.timedelta(minutes=t.protest_window_minutes + 1)
    with time_machine.travel(later, tick=False):
        response = client.post(reverse("judging:finish", args=[t.pk]), {"confirm": "1", "confirm_early": "1"})
    assert response.status_code == 302, response.content.decode()[:3000]
    t.refresh_from_db()
    assert t.status == "finished", _messages(client, t)
    return played


def ensure_chief_judge(client, t: Tournament) -> None:
    """The final protocol is signed by the chief judge (004 §6.1.1, §6.2.1 item 6): a tournament the secretary
    made without one gets one the way he would give it one — registered on the officials page and
    accredited by its chief secretary (his one exception to the ranks)."""
    from registration.permissions import registry

    judges = Official.objects.filter(
        tournament_id__in=registry(t), role=Official.Role.CHIEF_JUDGE, accredited=True
    )
    if judges.exists():
        return
    data = {
        "role": "chief_judge",
        "surname": "Судейкин",
        "name": "Глеб",
        "birth_date": "1970-02-02",
        "gender": "male",
    }
    response = client.post(reverse("registration:officials", args=[t.pk]), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    official = Official.objects.get(tournament=t, role=Official.Role.CHIEF_JUDGE, person__surname="Судейкин")
    response = client.post(
        reverse("registration:official_accredit", args=[t.pk, official.pk]), {"accredited": "1"}
    )
    assert response.status_code == 302
    official.refresh_from_db()
    assert official.accredited, _messages(client, t)


def _messages(client, t: Tournament) -> str:
    response = client.get(reverse("public:detail", args=[t.pk]))
    return response.content.decode()[:3000]
