"""Judging personas and builders: a running tournament in which ``participant_user`` plays."""

from __future__ import annotations

import datetime
import random

import pytest
import time_machine
from django.utils import timezone

from draw import manager as draw_manager
from draw import results
from draw.models import Match, Round
from registration.models import Official, Participant
from tests.factories import add_players, make_tournament, make_user, random_score

T0 = datetime.datetime(2026, 12, 5, 10, 0, tzinfo=datetime.UTC)


def at(minutes: float = 0, seconds: float = 0) -> datetime.datetime:
    return T0 + datetime.timedelta(minutes=minutes, seconds=seconds)


def frozen(when: datetime.datetime):
    return time_machine.travel(when, tick=False)


def make_running(secretary, chief_judge, me=None, players: int = 4, **settings):
    """A tournament with ``me`` (a user) as participant number 1 and ``players - 1`` others."""
    t = make_tournament(secretary, chief_judge, **settings)
    if me is not None:
        Participant.objects.create(tournament=t, person=me.person, seed=1)
        add_players(t, players - 1, start=1)
    else:
        add_players(t, players)
    return t


def draw_and_start(t, user, number: int, seed: int = 1) -> Round:
    rnd = draw_manager.draw_round(t, user, expected_number=number, seed=seed)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED, published_at=timezone.now())
    now = timezone.now()
    rnd.matches.filter(result_kind="").update(started_at=now)
    return Round.objects.get(pk=rnd.pk)


def play(t, user, number: int, seed: int = 1, winner_first: bool | None = None) -> Round:
    """Draw, start and finish round ``number`` with random scores (or the first player winning)."""
    rng = random.Random(seed + number)
    rnd = draw_and_start(t, user, number, seed)
    for m in rnd.matches.filter(result_kind=""):
        s1, s2 = random_score(rng, m.match_length)
        if winner_first is not None:
            s1, s2 = (max(s1, s2), min(s1, s2)) if winner_first else (min(s1, s2), max(s1, s2))
        results.record_result(m.pk, user, results.ResultInput("played", s1, s2), m.version)
    return Round.objects.get(pk=rnd.pk)


def match_of(t, participant, number: int) -> Match:
    from django.db.models import Q

    return Match.objects.get(
        Q(player1=participant) | Q(player2=participant), round__tournament=t, round__number=number
    )


@pytest.fixture
def chief_secretary(secretary) -> object:
    """The tournament creator is its chief secretary: with the chief judge, the judging panel."""
    return secretary


@pytest.fixture
def plain_secretary(db):
    """A secretary (not chief): runs the draw, certifies protocols, but is not on the panel."""
    return make_user("plainsec")


@pytest.fixture
def opponent_user(db):
    return make_user("opponent")


@pytest.fixture
def running(secretary, chief_judge, participant_user, plain_secretary):
    """Swiss, 4 players, ``participant_user`` is player 1; round 1 played and finished at T0."""
    with frozen(at(-60)):
        t = make_running(secretary, chief_judge, participant_user, players=4, system="swiss", rounds=3)
        Official.objects.create(tournament=t, person=plain_secretary.person, role=Official.Role.SECRETARY)
    with frozen(T0):
        play(t, secretary, 1)
    return t
