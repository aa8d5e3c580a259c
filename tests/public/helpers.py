"""Builders for the public pages' tests: a small hand-computed Swiss stored as models."""

from __future__ import annotations

import datetime

from django.utils import timezone

from draw.models import Match, Round, Stage
from registration.models import Participant, Person, Team
from tests.factories import START
from tournaments.models import Tournament

# The Swiss of tests/standings/test_tiebreaks.py:
# (round, player1, player2 or None, winner, kind, score1, score2)
SWISS = [
    (1, "a", "b", "a", "played", 7, 3),
    (1, "c", "d", "c", "played", 7, 5),
    (1, "e", None, "e", "bye", None, None),
    (2, "a", "c", "a", "played", 7, 6),
    (2, "e", "b", "e", "played", 7, 2),
    (2, "d", None, "d", "bye", None, None),
    (3, "a", "e", "a", "technical", 7, 0),
    (3, "b", "d", "b", "played", 7, 4),
    (3, "c", None, "c", "bye", None, None),
]
NAMES = {"a": "Алиев", "b": "Бабаян", "c": "Васильев", "d": "Гасанов", "e": "Давыдов"}


def build_hand_swiss(secretary=None, removed: str | None = "e", draft_bye: str | None = "b", **settings):
    """The five-player Swiss; ``removed`` is removed (004 §5.7.3); round 4 is a draft with a bye."""
    fields = dict(
        name="Турнир для проверки",
        discipline="long",
        system="swiss",
        start_date=START,
        end_date=START,
        rounds=5,
        status=Tournament.Status.RUNNING,
        tiebreaks="buchholz,sonneborn_berger",
        character="personal_team",
        created_by=secretary,
    )
    fields.update(settings)
    t = Tournament.objects.create(**fields)
    north = Team.objects.create(tournament=t, name="Север")
    south = Team.objects.create(tournament=t, name="Юг")
    players = {}
    for i, (key, surname) in enumerate(NAMES.items()):
        person = Person.objects.create(
            surname=surname,
            name="Иван",
            birth_date=datetime.date(1981, 2, 3 + i),
            organisation="Клуб «Шеш-беш»",
            region="Москва",
        )
        players[key] = Participant.objects.create(
            tournament=t,
            person=person,
            seed=i + 1,
            team=north if key in "ab" else south,
            status=Participant.Status.REMOVED if key == removed else Participant.Status.ACTIVE,
        )
    stage = Stage.objects.create(tournament=t, number=1, kind=Stage.Kind.MAIN, system="swiss")
    long_ago = timezone.now() - datetime.timedelta(hours=2)
    rounds = {
        n: Round.objects.create(
            tournament=t, stage=stage, number=n, status=Round.Status.FINISHED, seed=n, published_at=long_ago
        )
        for n in (1, 2, 3)
    }
    tables: dict[int, int] = {}
    for number, p1, p2, winner, kind, s1, s2 in SWISS:
        tables[number] = tables.get(number, 0) + 1
        Match.objects.create(
            round=rounds[number],
            table=tables[number],
            player1=players[p1],
            player2=players[p2] if p2 else None,
            winner=players[winner],
            result_kind=kind,
            score1=s1,
            score2=s2,
            match_length=7,
            flags=["bye"] if p2 is None else [],
            ended_at=long_ago,
        )
    if draft_bye:
        draft = Round.objects.create(tournament=t, stage=stage, number=4, status=Round.Status.DRAFT, seed=4)
        Match.objects.create(
            round=draft,
            table=1,
            player1=players[draft_bye],
            winner=players[draft_bye],
            result_kind="bye",
            match_length=7,
            flags=["bye"],
        )
    return t, players
