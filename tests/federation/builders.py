"""Finished events built straight in the database (a Swiss of random pairings with played results), for the
register's and the rating's tests; the whole secretary's path is tests.factories.play_out."""

from __future__ import annotations

import datetime
import random

from django.utils import timezone

from draw.models import Match, Round, Stage
from registration.models import Participant, Person
from tournaments.models import Tournament


def people(n: int, start: int = 0) -> list[Person]:
    return [
        Person.objects.get_or_create(
            surname=f"Рейтинг{i:04d}",
            name="Ёжи" if i % 7 == 0 else "Иван",
            patronymic="Петрович",
            birth_date=datetime.date(1970, 1, 1) + datetime.timedelta(days=i),
            defaults={"organisation": f"Клуб {i % 5}", "region": "Москва" if i % 2 else "Казань"},
        )[0]
        for i in range(start, start + n)
    ]


def finished_event(
    creator,
    players: list[Person],
    *,
    end: datetime.date,
    rounds: int = 3,
    seed: int = 1,
    discipline: str = "long",
    length: int = 5,
    status: str = Tournament.Status.FINISHED,
    name: str = "",
) -> Tournament:
    rng = random.Random(seed)
    t = Tournament.objects.create(
        created_by=creator,
        name=name or f"Турнир {seed}",
        discipline=discipline,
        system="swiss",
        start_date=end - datetime.timedelta(days=1),
        end_date=end,
        venue="Москва",
        rounds=rounds,
        status=status,
        finished_at=timezone.now() if status == Tournament.Status.FINISHED else None,
    )
    parts = Participant.objects.bulk_create(
        [Participant(tournament=t, person=p, seed=i + 1) for i, p in enumerate(players)]
    )
    stage = Stage.objects.create(tournament=t, number=1, kind=Stage.Kind.MAIN, system="swiss")
    now = timezone.now()
    matches = []
    for number in range(1, rounds + 1):
        rnd = Round.objects.create(
            tournament=t,
            stage=stage,
            number=number,
            status=Round.Status.FINISHED,
            seed=seed,
            published_at=now,
        )
        order = parts[:]
        rng.shuffle(order)
        for table, i in enumerate(range(0, len(order) - 1, 2), start=1):
            a, b = order[i], order[i + 1]
            won = rng.random() < 0.5
            # Every fourth match is not a played one: a technical defeat, a loss on time, an annulment.
            odd = (number + table) % 4 == 0
            kind = ("technical", "time", "annulled")[(number + table // 4) % 3] if odd else "played"
            matches.append(
                Match(
                    round=rnd,
                    table=table,
                    player1=a,
                    player2=b,
                    match_length=length,
                    score1=length if won else rng.randrange(length),
                    score2=rng.randrange(length) if won else length,
                    winner=None if kind == "annulled" else (a if won else b),
                    result_kind=kind,
                    final_at=now,
                )
            )
    Match.objects.bulk_create(matches)
    return t
