"""The round's transitions are the draw manager's (issue 26 part 4): publish, start, the match length and the
drop of a draft are called the same by every path; the views only say what they answered (004 §6.2.3)."""

from __future__ import annotations

import pytest

from draw import manager as draw_manager
from tests.factories import make_tournament


def test_publish_start_and_length_are_the_managers_004_6_2_3(secretary):
    t = make_tournament(secretary, players=4, rounds=2)
    rnd = draw_manager.draw_round(t, secretary)
    assert draw_manager.set_round_length(t, 1, 5, secretary)
    assert set(rnd.matches.values_list("match_length", flat=True)) == {5}
    assert draw_manager.start_round(t, 1, secretary) == ""  # a draft does not start
    notes = draw_manager.publish_round(t, 1, secretary)
    assert notes and draw_manager.publish_round(t, 1, secretary) == []  # published once
    with pytest.raises(draw_manager.DrawError):
        draw_manager.set_round_length(t, 1, 7, secretary)  # only a draft's length changes
    with pytest.raises(draw_manager.DrawError):
        draw_manager.drop_draft(t, 1, secretary)  # only a draft is dropped
    assert draw_manager.start_round(t, 1, secretary)
    rnd.refresh_from_db()
    assert rnd.start_time is not None
    assert not rnd.matches.filter(result_kind="", started_at__isnull=True).exists()
    assert draw_manager.start_round(t, 1, secretary) == ""  # started once
