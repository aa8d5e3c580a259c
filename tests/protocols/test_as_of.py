"""What a document's table counts, said on it: the standings count the entered results of a published round,
so "after round 3" alone was a wrong fact while round 4 is being played (the documents now say it as the
exports do)."""

from __future__ import annotations

import pytest

from draw.models import Round
from protocols import facts
from protocols.docs import standings
from tests.public.helpers import build_hand_swiss
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_a_published_round_being_played_is_named_beside_the_last_finished_one():
    t, _p = build_hand_swiss()  # rounds 1-3 finished, round 4 a draft: nobody's
    assert facts.current_as_of(t) == "после тура 3"
    Round.objects.filter(tournament=t, number=4).update(status=Round.Status.PUBLISHED)
    assert facts.current_as_of(t) == "после тура 3; идёт тур 4"
    assert standings.build(t).as_of == "после тура 3; идёт тур 4"


def test_before_the_first_round_and_after_the_finish():
    t, _p = build_hand_swiss()
    Round.objects.filter(tournament=t).update(status=Round.Status.DRAFT)
    assert facts.current_as_of(t) == "до первого тура"
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.FINISHED)
    t.refresh_from_db()
    assert facts.current_as_of(t) == "итоговое положение"
