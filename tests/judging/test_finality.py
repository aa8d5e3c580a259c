"""Provisional and final results (004 §5.10): the state pages show, and the idempotent finality task."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse

from draw.models import Match
from judging import state
from judging.models import Protest
from judging.tasks import finalize_results
from tests.judging.conftest import T0, at, draw_and_start, frozen, make_running, match_of, play


def _mine(t, user):
    return match_of(t, t.participants.get(person__user=user), 1)


def test_a_result_is_provisional_with_the_time_left_then_final_004_5_10(running, participant_user):
    m = _mine(running, participant_user)
    assert state.match_state(m, at(0)) == (state.PROVISIONAL, 600)
    assert state.match_state(m, at(9, 59)) == (state.PROVISIONAL, 1)
    assert state.match_state(m, at(10)) == (state.FINAL, None)


def test_a_match_not_started_then_playing(running, secretary, participant_user):
    with frozen(at(3)):
        draw_and_start(running, secretary, 2)
    m = match_of(running, running.participants.get(person__user=participant_user), 2)
    assert state.match_state(m, at(2)) == (state.NOT_STARTED, None)
    assert state.match_state(m, at(4)) == (state.PLAYING, None)


def test_the_finality_task_run_twice_writes_each_result_once_at_its_window_end(running):
    with frozen(at(5)):
        assert finalize_results() == 0
    with frozen(at(25)):  # a late run: the result is final since the window closed, not since the run
        first = finalize_results()
        second = finalize_results()
    decided = Match.objects.filter(round__tournament=running).exclude(player2=None)
    assert first == Match.objects.filter(round__tournament=running).count() and second == 0
    assert set(decided.values_list("final_at", flat=True)) == {at(10)}


def test_the_finality_task_leaves_a_protested_result_provisional_until_the_decision(
    running, participant_user, chief_judge
):
    m = _mine(running, participant_user)
    me = running.participants.get(person__user=participant_user)
    with frozen(at(4)):
        protest = Protest.file(m, me, participant_user, "причина", "доводы", "", [], at(4))
    with frozen(at(30)):
        finalize_results()
        finalize_results()
    m.refresh_from_db()
    assert m.final_at is None
    assert state.match_state(m, at(30)) == (state.UNDER_PROTEST, None)
    protest.review(chief_judge, True, "", "", at(31))
    protest.decide(chief_judge, False, "Оснований нет", now=at(40))
    m.refresh_from_db()
    assert m.final_at == at(40)
    with frozen(at(50)):
        finalize_results()
    m.refresh_from_db()
    assert m.final_at == at(40)
    assert state.match_state(m, at(50)) == (state.FINAL, None)


def test_a_protest_filed_in_the_window_keeps_the_result_provisional_after_it(running, participant_user):
    m = _mine(running, participant_user)
    me = running.participants.get(person__user=participant_user)
    Protest.file(m, me, participant_user, "причина", "доводы", "", [], at(9))
    assert state.match_state(m, at(11))[0] == state.UNDER_PROTEST


def test_the_task_is_on_the_beat_schedule_and_on_demand(client, running, chief_judge):
    assert settings.CELERY_BEAT_SCHEDULE["finalize-results"]["task"] == "judging.finalize_results"
    client.force_login(chief_judge)
    with frozen(at(11)):
        response = client.post(reverse("judging:finalize", args=[running.pk]))
    assert response.status_code == 302
    assert not Match.objects.filter(round__tournament=running, final_at__isnull=True).exists()
    assert T0 < Match.objects.filter(round__tournament=running).first().final_at


def test_the_match_page_shows_the_state_and_the_time_left(client, running, participant_user):
    m = _mine(running, participant_user)
    client.force_login(participant_user)
    with frozen(at(4)):
        text = client.get(reverse("judging:match", args=[running.pk, m.pk])).content.decode()
    assert "предварительный" in text and "до конца срока подачи протеста: 6 мин" in text
    with frozen(at(12)):
        text = client.get(reverse("judging:match", args=[running.pk, m.pk])).content.decode()
    assert "окончательный" in text


def test_the_task_is_also_a_management_command(running):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    with frozen(at(11)):
        call_command("finalize_results", stdout=out)
        call_command("finalize_results", stdout=out)
    assert out.getvalue().splitlines()[1] == "0 result(s) made final"
    assert not Match.objects.filter(round__tournament=running, final_at__isnull=True).exists()


def test_finalize_now_touches_no_other_tournaments_results(client, running, chief_judge, secretary):
    """Issue 13 (low): the desk's button of one tournament made another tournament's result final."""
    with frozen(at(-30)):
        other = make_running(secretary, None, players=4, name="Другой турнир")
    with frozen(T0):
        play(other, secretary, 1)
    client.force_login(chief_judge)
    with frozen(at(11)):
        client.post(reverse("judging:finalize", args=[running.pk]))
    assert not Match.objects.filter(round__tournament=running, final_at__isnull=True).exists()
    assert not Match.objects.filter(round__tournament=other, final_at__isnull=False).exists()
