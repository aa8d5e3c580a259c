"""A protest and the finality of the same result at the same moment, in real threads on PostgreSQL (issue 13
item 8, 004 §5.10): they serialise on the match's row — either the protest is filed and the result stays
provisional, or the result is final and the protest is refused; never a protest on a final result."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection

from draw.models import Match
from judging import state
from judging.errors import JudgingError
from judging.models import Protest
from tests.concurrency import race
from tests.judging.conftest import T0, match_of

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.security,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL (DATABASE_URL)"),
]


@pytest.mark.parametrize("attempt", range(6))
def test_a_protest_in_the_window_and_finalize_now_serialise_5_10(running, participant_user, attempt):
    me = running.participants.get(person__user=participant_user)
    m = match_of(running, me, 1)
    end = state.window_end(m)
    # The protest was sent a moment before the window closed; "finalize now" runs a moment after.
    filed_at = end - datetime.timedelta(seconds=1)
    finalized_at = end + datetime.timedelta(seconds=1 + attempt)
    outcomes = race(
        lambda: Protest.file(m, me, participant_user, "счёт", "доводы", "", [], filed_at),
        lambda: state.finalize_match(Match.objects.get(pk=m.pk), finalized_at),
    )
    filed, finalized = outcomes
    m.refresh_from_db()
    protests = Protest.objects.filter(match=m)
    assert not (m.final_at is not None and protests.exists()), (outcomes, m.final_at)
    if isinstance(filed, Protest):
        assert finalized is False and m.final_at is None
        assert state.match_state(m, finalized_at)[0] == state.UNDER_PROTEST
    else:
        assert isinstance(filed, JudgingError) and finalized is True and m.final_at is not None
    assert m.final_at is None or m.final_at >= T0
