"""A published round in which ``participant_user`` (surname "Player") plays table 1 against Игрок000."""

from __future__ import annotations

import pytest

from rules_core import write_mat
from rules_core.simulate import random_match


def build(
    secretary, chief_judge, participant_user, discipline: str = "long", validate: bool = True, length=3
):
    from draw.models import Match, Round, Stage
    from registration.models import Participant
    from tests.factories import add_players, make_tournament

    t = make_tournament(
        secretary, chief_judge, discipline=discipline, validate_records=validate, match_length=length
    )
    me = Participant.objects.create(tournament=t, person=participant_user.person, seed=1)
    others = add_players(t, 3, start=0)
    stage = Stage.objects.create(tournament=t, number=1, system=t.system)
    rnd = Round.objects.create(tournament=t, stage=stage, number=1, seed=1, status=Round.Status.PUBLISHED)
    match = Match.objects.create(round=rnd, table=1, player1=me, player2=others[0], match_length=length)
    Match.objects.create(round=rnd, table=2, player1=others[1], player2=others[2], match_length=length)
    return match


@pytest.fixture
def match(secretary, chief_judge, participant_user):
    return build(secretary, chief_judge, participant_user)


@pytest.fixture
def short_match(secretary, chief_judge, participant_user):
    return build(secretary, chief_judge, participant_user, discipline="short")


@pytest.fixture
def unvalidated_match(secretary, chief_judge, participant_user):
    return build(secretary, chief_judge, participant_user, validate=False)


def legal_text(
    discipline: str = "long", length: int = 3, seed: int = 7, players=("Player", "Игрок000")
) -> str:
    return write_mat(random_match(discipline, length, seed, players=players))


def login(client, user) -> None:
    client.force_login(user)
