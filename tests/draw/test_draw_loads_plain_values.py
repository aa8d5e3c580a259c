"""The draw of a big Swiss loads the field as plain values (issue 20 item 5): no model per player for the
seeding, the results or the pairs it writes — the engine's input is ids and points."""

from __future__ import annotations

from unittest import mock

import pytest

from draw import manager as draw_manager
from draw.models import Match, ResultKind, Round
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


def test_a_swiss_draw_builds_no_participant_model_per_player(secretary, chief_judge):
    t = make_tournament(secretary, chief_judge, players=30)
    first = draw_manager.draw_round(t, secretary, 1, seed=1)
    Round.objects.filter(pk=first.pk).update(status=Round.Status.PUBLISHED)
    for m in first.matches.exclude(player2=None):
        Match.objects.filter(pk=m.pk).update(
            result_kind=ResultKind.PLAYED, score1=5, score2=1, winner_id=m.player1_id
        )
    Round.objects.filter(pk=first.pk).update(status=Round.Status.FINISHED)
    refuse = mock.Mock(side_effect=AssertionError("the field loaded as models"))
    with (
        mock.patch.object(draw_manager, "participants_by_key", refuse),
        mock.patch.object(draw_manager, "seeding_order", refuse),
    ):
        second = draw_manager.draw_round(t, secretary, 2, seed=2)
    pairs = list(second.matches.values_list("player1_id", "player2_id"))
    assert len(pairs) == 15 and len({p for pair in pairs for p in pair}) == 30
    # Nobody meets his round-1 opponent again.
    met = {frozenset(x) for x in first.matches.values_list("player1_id", "player2_id")}
    assert not met & {frozenset(x) for x in pairs}


def test_the_seeding_keys_follow_the_seeding_order(secretary, chief_judge):
    t = make_tournament(secretary, chief_judge, players=6)
    ps = list(t.participants.order_by("pk"))
    ps[0].seed, ps[1].seed, ps[2].rating = None, None, 2100
    for p in ps[:3]:
        p.save()
    assert draw_manager.seeding_keys(t) == [p.key for p in draw_manager.seeding_order(t)]
