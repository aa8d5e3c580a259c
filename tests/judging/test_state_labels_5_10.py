"""Each state a page shows is the state the server enforces (004 §5.10, §2.4.2 item 5)."""

from __future__ import annotations

from django.urls import reverse

from judging import state
from judging.errors import JudgingError
from judging.models import Protest
from tests.factories import make_tournament
from tests.judging.conftest import at, draw_and_start, frozen, make_running, match_of, play


def test_a_swiss_bye_is_final_at_once_not_open_to_a_protest_5_10(secretary):
    t = make_tournament(secretary, players=5, system="swiss", rounds=3)
    with frozen(at(0)):
        play(t, secretary, 1)
    bye = t.round_set.get(number=1).matches.get(player2=None)
    assert state.match_state(bye, at(1)) == (state.FINAL, None)
    assert state.match_states([bye], at(1))[bye.pk].key == state.FINAL


def test_a_round_robin_rest_is_final_at_once_5_10(secretary):
    t = make_tournament(secretary, players=5, system="round_robin")
    with frozen(at(0)):
        play(t, secretary, 1)
    rest = t.round_set.get(number=1).matches.get(player2=None)
    assert "rest" in rest.flags
    assert state.match_state(rest, at(1)) == (state.FINAL, None)


def test_an_upheld_protest_makes_the_result_final_no_countdown_5_10(running, participant_user, chief_judge):
    me = running.participants.get(person__user=participant_user)
    m = match_of(running, me, 1)
    p = Protest.file(m, me, participant_user, "счёт", "партия 3", "", [], at(2))
    p.review(chief_judge, True, "", "", at(3))
    with frozen(at(4)):
        side = 1 if m.player1_id == me.pk else 2
        p.decide(chief_judge, True, "Нарушение", "technical", winner_side=side, now=at(4))
    m.refresh_from_db()
    assert state.match_state(m, at(5)) == (state.FINAL, None)
    with frozen(at(6)):
        other = m.player2 if m.player1_id == me.pk else m.player1
        try:
            Protest.file(m, other, participant_user, "x", "y", "", [], at(6))
        except JudgingError:
            pass
        else:  # pragma: no cover
            raise AssertionError("a final result took a protest")


def test_the_countdown_stops_when_both_players_have_started_their_next_match_2_4_2(running, secretary):
    m = running.round_set.get(number=1).matches.exclude(player2=None).first()
    assert state.match_state(m, at(3))[0] == state.PROVISIONAL
    with frozen(at(2)):
        draw_and_start(running, secretary, 2, seed=9)
    m.refresh_from_db()
    assert state.match_state(m, at(3)) == (state.FINAL, None)
    assert state.match_states([m], at(3))[m.pk].key == state.FINAL


def test_the_countdown_stays_while_one_player_may_still_protest_2_4_2(running, secretary):
    with frozen(at(2)):
        rnd = draw_and_start(running, secretary, 2, seed=9)
    m = running.round_set.get(number=1).matches.exclude(player2=None).first()
    # Only one of the two has started his round-2 match.
    later = rnd.matches.filter(player1=m.player1) | rnd.matches.filter(player2=m.player1)
    rnd.matches.exclude(pk__in=later).update(started_at=None)
    m.refresh_from_db()
    key, seconds = state.match_state(m, at(3))
    assert key == state.PROVISIONAL and seconds == 7 * 60


def test_a_round_with_every_result_provisional_is_not_shown_as_completed_5_10(client, secretary, chief_judge):
    t = make_running(secretary, chief_judge, players=4, system="swiss", rounds=3)
    with frozen(at(0)):
        play(t, secretary, 1)
    with frozen(at(3)):
        page = client.get(reverse("public:round", args=[t.pk, 1])).content.decode()
        detail = client.get(reverse("public:detail", args=[t.pk])).content.decode()
    assert "завершён" not in page and "не окончательны" in page
    assert "не окончательны" in detail
    with frozen(at(11)):
        page = client.get(reverse("public:round", args=[t.pk, 1])).content.decode()
    assert "завершён" in page
