"""The draw is deterministic by its seed, and its matches are written as they always were (issue 20 item 5):
the rows the draw manager writes for a Swiss with a bye (004 §1.4.6), a round robin with a walk-over after a
withdrawal (004 §1.4.3, §5.7.3) and a single-elimination bracket with byes (004 §1.4.4) are compared, column
by column, with the rows recorded before the draw's INSERT was rewritten (``tests/data/draw_golden.json``).
Players are named by their seeding number: the database's ids differ from run to run."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from draw import manager as draw_manager
from draw.models import Match, ResultKind, Round
from registration.models import Participant
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db

GOLDEN = Path(__file__).resolve().parent.parent / "data" / "draw_golden.json"


def _rows(rnd: Round) -> list[list]:
    seed_of = dict(Participant.objects.filter(tournament=rnd.tournament).values_list("pk", "seed"))
    out = []
    for m in rnd.matches.order_by("table"):
        out.append(
            [
                m.table,
                seed_of.get(m.player1_id),
                seed_of.get(m.player2_id),
                m.match_length,
                m.result_kind,
                seed_of.get(m.winner_id),
                m.score1,
                m.score2,
                m.result_reason,
                m.bracket_code,
                m.flags,
                m.ended_at is not None,
                m.final_at is not None,
                m.started_at,
                m.changed_at,
                m.reopened_for,
                m.version,
                m.group_id is not None,
                m.team_match_id,
                m.board,
            ]
        )
    return out


def _play(rnd: Round, rng: random.Random) -> None:
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    for m in rnd.matches.filter(result_kind="").exclude(player2=None).order_by("table"):
        first = rng.random() < 0.5
        loser = rng.randrange(0, m.match_length)
        Match.objects.filter(pk=m.pk).update(
            result_kind=ResultKind.PLAYED,
            score1=m.match_length if first else loser,
            score2=loser if first else m.match_length,
            winner_id=m.player1_id if first else m.player2_id,
        )
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.FINISHED)


def draws(secretary, chief_judge) -> dict[str, list]:
    """Every round the three fields draw, as rows."""
    out: dict[str, list] = {}
    swiss = make_tournament(secretary, chief_judge, players=41, rounds=5, name="Swiss")
    rng = random.Random(41)
    for number in range(1, 6):
        rnd = draw_manager.draw_round(swiss, secretary, number, seed=100 + number)
        out[f"swiss {number}"] = _rows(rnd)
        _play(rnd, rng)
    robin = make_tournament(secretary, chief_judge, players=7, system="round_robin", name="Robin")
    rng = random.Random(7)
    for number in range(1, 4):
        rnd = draw_manager.draw_round(robin, secretary, number, seed=number)
        out[f"round robin {number}"] = _rows(rnd)
        _play(rnd, rng)
        if number == 1:
            leaver = robin.participants.get(seed=3)
            leaver.status = Participant.Status.WITHDRAWN
            leaver.save(update_fields=["status"])
    knockout = make_tournament(secretary, chief_judge, players=11, system="single_elimination", name="KO")
    rng = random.Random(11)
    for number in range(1, 5):
        rnd = draw_manager.draw_round(knockout, secretary, number, seed=7)
        out[f"single elimination {number}"] = _rows(rnd)
        _play(rnd, rng)
    return out


def test_the_draw_writes_the_same_matches_for_the_same_seed_1_4_6(secretary, chief_judge):
    got = json.loads(json.dumps(draws(secretary, chief_judge)))
    assert got == json.loads(GOLDEN.read_text())
