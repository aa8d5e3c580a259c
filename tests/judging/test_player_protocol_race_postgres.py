"""The players' protocol under a race (issue 25 item 1, 003 «Фиксация результатов»): both players of a match
hand in "their" win at the same instant, or the opponent answers twice at once — one move lands, the other is
refused by the rule read again under the row locks; never the loser's protocol over the winner's. Real
threads on PostgreSQL."""

from __future__ import annotations

import pytest
from django.db import connection
from django.utils import timezone

from draw import manager as draw_manager
from draw.models import Match, Round
from judging.errors import JudgingError
from judging.models import MatchProtocol
from tests.concurrency import race
from tests.factories import make_tournament

pytestmark = [
    pytest.mark.security,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL (DATABASE_URL)"),
]


@pytest.fixture
def match(secretary, chief_judge) -> Match:
    t = make_tournament(secretary, chief_judge, players=4)
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    return Match.objects.select_related("round__tournament").get(round=rnd, table=1)


def _hand_in(match_pk: int, side: int):
    def call():
        m = Match.objects.select_related("round__tournament", "player1", "player2").get(pk=match_pk)
        me = m.player1 if side == 1 else m.player2
        s1, s2 = (7, 2) if side == 1 else (1, 7)
        return MatchProtocol.submit(m, me, s1, s2, "", None, timezone.now())

    return call


@pytest.mark.parametrize("attempt", range(4))
def test_both_players_hand_in_their_win_at_once_one_protocol_stands_003(match, attempt):
    outcomes = race(_hand_in(match.pk, 1), _hand_in(match.pk, 2))
    assert sum(isinstance(o, JudgingError) for o in outcomes) == 1, outcomes
    winner = next(o for o in outcomes if isinstance(o, MatchProtocol)).submitted_by_id
    protocol = MatchProtocol.objects.get(match=match)
    m = Match.objects.get(pk=match.pk)
    assert (protocol.submitted_by_id, protocol.corrections, m.winner_id) == (winner, 0, winner)


@pytest.mark.parametrize("attempt", range(4))
def test_two_answers_at_once_record_one_003(match, attempt):
    _hand_in(match.pk, 1)()

    def answer(confirm: bool):
        def call():
            protocol = MatchProtocol.objects.select_related("match__round__tournament").get(match=match)
            m = protocol.match
            return protocol.answer(m.player2, confirm, "" if confirm else "было 7:3", None, timezone.now())

        return call

    outcomes = race(answer(True), answer(False))
    assert sum(isinstance(o, JudgingError) for o in outcomes) == 1, outcomes
    protocol = MatchProtocol.objects.get(match=match)
    assert protocol.status == ("confirmed" if outcomes[0] is None else "disputed")
    assert match.round.tournament.audit.filter(action="protocol").count() == 2
