"""Issue 36: a result's state is derived, never by walking the tournament's provisional results (004 §5.10).

- ``judging.state.state_q`` (the counts and filters in SQL) says exactly what ``match_state`` says per match;
- a result past its window with no open protest is final for every reader while the finality task has never
  run; an open protest keeps it provisional (under protest) past the window;
- a page's query count does not grow with the number of results still inside their protest window.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from draw.models import Match, Round
from judging import lifecycle, state
from judging.models import Protest
from tests.judging.conftest import T0, at, draw_and_start, frozen, make_running, match_of, play

KEYS = (state.PROVISIONAL, state.UNDER_PROTEST, state.FINAL)


def _sql_states(t, now) -> dict[int, str]:
    out = {}
    for key in KEYS:
        for pk in Match.objects.filter(state.state_q(key, t, now)).values_list("pk", flat=True):
            assert pk not in out, f"match {pk} in two states"
            out[pk] = key
    return out


def _python_states(t, now) -> dict[int, str]:
    matches = (
        Match.objects.filter(round__tournament=t).exclude(result_kind="").select_related("round__tournament")
    )
    return {m.pk: state.match_state(m, now)[0] for m in matches}


@pytest.mark.django_db
def test_the_state_in_sql_is_match_states_at_every_moment_004_5_10_2_4_2(secretary, chief_judge):
    """Every way a window opens or closes: the end of the match, a correction reopening it for one player or
    both (``reopened_for``), a player's next match started (004 §2.4.2 item 5), an open protest, a decided
    one, a bye, a stored ``final_at``."""
    with frozen(at(-60)):
        t = make_running(secretary, chief_judge, players=15, system="swiss", rounds=3)
    with frozen(T0):
        play(t, secretary, 1)
    with frozen(at(1)):
        r2 = draw_and_start(t, secretary, 2)
    p = list(t.participants.order_by("pk").values_list("pk", flat=True))
    ones = list(
        Match.objects.filter(round__tournament=t, round__number=1).exclude(player2=None).order_by("table")
    )
    twos = list(r2.matches.exclude(player2=None).order_by("table"))
    assert len(ones) == 7 and len(twos) == 7

    def set_match(m, first, second, **fields):
        Match.objects.filter(pk=m.pk).update(player1_id=first, player2_id=second, winner_id=first, **fields)

    set_match(ones[0], p[0], p[1])  # a protest left open (below)
    set_match(ones[1], p[2], p[3])  # a protest decided; p[2] starts his next match at +5
    set_match(ones[2], p[4], p[5], final_at=at(1))  # stored as final
    set_match(ones[3], p[6], p[7])  # p[6] starts his next match at +5, p[7] does not
    set_match(ones[4], p[8], p[9])  # both start their next match at +5: final then
    set_match(ones[5], p[10], p[11], changed_at=at(12), reopened_for=[p[11]])  # p[11] starts at +14
    set_match(ones[6], p[12], p[13], changed_at=at(12), reopened_for=[p[12], p[13]])  # p[12] starts at +14
    set_match(twos[0], p[6], p[8], started_at=at(5), result_kind="played", score1=5, score2=1, ended_at=at(6))
    set_match(twos[1], p[9], p[2], started_at=at(5))
    set_match(twos[2], p[11], p[12], started_at=at(14))
    Match.objects.filter(pk__in=[m.pk for m in twos[3:]]).update(started_at=None)
    Protest.objects.create(
        tournament=t,
        match=ones[0],
        protester_id=p[0],
        reasons="причина",
        arguments="доводы",
        status="filed",
        filed_at=at(3),
    )
    Protest.objects.create(
        tournament=t,
        match=ones[1],
        protester_id=p[3],
        reasons="причина",
        arguments="доводы",
        status="dismissed",
        filed_at=at(2),
        decided_at=at(3),
    )
    seen = set()
    for minute in (0, 1, 4, 4.5, 5, 5.5, 6, 9, 10, 11, 13, 14, 14.5, 15, 16, 17, 18.5, 21, 22, 23, 40):
        now = at(minute)
        found = _sql_states(t, now)
        assert found == _python_states(t, now), minute
        seen |= {(pk, key) for pk, key in found.items()}
    # Each result went through the states the scenario meant for it.
    assert (ones[0].pk, state.UNDER_PROTEST) in seen and (ones[0].pk, state.FINAL) not in seen
    assert {(ones[4].pk, state.PROVISIONAL), (ones[4].pk, state.FINAL)} <= seen
    assert {(ones[5].pk, state.FINAL)} <= seen and {(ones[6].pk, state.PROVISIONAL)} <= seen


@pytest.mark.django_db
def test_a_result_past_its_window_reads_final_everywhere_with_the_task_never_run_004_5_10(
    client, running, secretary, chief_judge
):
    """No worker: ``final_at`` is never stored, yet every reader sees the result final once its window has
    passed (the round completed, the API's states, the desk, the finish page)."""
    assert (
        not Match.objects.filter(round__tournament=running, final_at__isnull=False)
        .exclude(player2=None)
        .exists()
    )
    rnd = running.round_set.get(number=1)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.FINISHED)
    with frozen(at(11)):
        assert state.round_states([rnd], at(11))[rnd.pk].key == "finished"
        home = client.get(reverse("public:detail", args=[running.pk]))
        assert "completed" in home.content.decode() or "завершён" in home.content.decode()
        api = f"/api/tournaments/{running.pk}/matches"
        assert client.get(api, {"state": "provisional"}).json()["count"] == 0
        finals = client.get(api, {"state": "final"}).json()
        assert finals["count"] == rnd.matches.count()
        assert {m["state"] for m in client.get(api).json()["items"]} == {"final"}
        pairings = client.get(reverse("public:round", args=[running.pk, 1])).content.decode()
        assert "final" in pairings or "окончательный" in pairings
        assert not [b for b in lifecycle.blockers(running, at(11)) if b.key == "provisional"]
        client.force_login(chief_judge)
        desk = client.get(reverse("judging:desk", args=[running.pk]))
        assert desk.context["provisional_count"] == 0 and desk.context["provisional"] == []
    # A minute before the window's end the same readers see it provisional.
    with frozen(at(9)):
        assert state.round_states([rnd], at(9))[rnd.pk].key == "provisional"
        assert (
            client.get(api, {"state": "provisional"}).json()["count"]
            == rnd.matches.exclude(player2=None).count()
        )
        desk = client.get(reverse("judging:desk", args=[running.pk]))
        assert desk.context["provisional_count"] == rnd.matches.exclude(player2=None).count()
        blocker = next(b for b in lifecycle.blockers(running, at(9)) if b.key == "provisional")
        assert len(blocker.items) + blocker.more == rnd.matches.exclude(player2=None).count()


@pytest.mark.django_db
def test_an_open_protest_keeps_the_result_provisional_past_the_window_004_5_10(
    client, running, participant_user, chief_judge
):
    m = match_of(running, running.participants.get(person__user=participant_user), 1)
    me = running.participants.get(person__user=participant_user)
    Protest.file(m, me, participant_user, "причина", "доводы", "", [], at(4))
    rnd = running.round_set.get(number=1)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.FINISHED)
    with frozen(at(30)):
        assert state.round_states([rnd], at(30))[rnd.pk].key == "provisional"
        api = f"/api/tournaments/{running.pk}/matches"
        protested = client.get(api, {"state": "under_protest"}).json()
        assert [x["id"] for x in protested["items"]] == [m.pk]
        assert m.pk not in [x["id"] for x in client.get(api, {"state": "final"}).json()["items"]]
        client.force_login(chief_judge)
        desk = client.get(reverse("judging:desk", args=[running.pk]))
        assert [(x.pk, key) for x, key, _left in desk.context["provisional"]] == [(m.pk, state.UNDER_PROTEST)]
        assert {b.key for b in lifecycle.blockers(running, at(30))} >= {"protests"}


def _field(secretary, chief_judge, players: int):
    """A Swiss of ``players``: round 1 played at T0, round 2 drawn and played at +1 min; the chief judge is
    ``chief_judge``. At +2 min round 2's results are all inside their window."""
    with frozen(at(-60)):
        t = make_running(secretary, chief_judge, players=players, system="swiss", rounds=3)
    with frozen(T0):
        play(t, secretary, 1)
    with frozen(at(1)):
        play(t, secretary, 2)
    t.round_set.update(status=Round.Status.FINISHED)
    return t


def _queries(client, url: str, **params) -> int:
    from django.core.cache import cache

    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, params)
    assert response.status_code == 200, (url, response.status_code)
    return len(captured)


@pytest.mark.django_db
def test_a_pages_query_count_does_not_grow_with_the_provisional_results_issue_36(
    client, secretary, chief_judge
):
    small = _field(secretary, chief_judge, 6)
    big = _field(secretary, chief_judge, 24)
    counts: dict[str, list[int]] = {}
    with frozen(at(2)):
        for t in (small, big):
            provisional = Match.objects.filter(state.state_q(state.PROVISIONAL, t, at(2))).count()
            assert provisional == t.participants.count() // 2  # round 2 inside its window
            pages = {
                "home": (reverse("public:detail", args=[t.pk]), {}),
                "home live": (reverse("public:home_live", args=[t.pk]), {}),
                "round": (reverse("public:round", args=[t.pk, 2]), {}),
                "API provisional": (f"/api/tournaments/{t.pk}/matches", {"state": "provisional"}),
                "API final": (f"/api/tournaments/{t.pk}/matches", {"state": "final"}),
            }
            official = {
                "secretary's home": reverse("public:detail", args=[t.pk]),
                "desk": reverse("judging:desk", args=[t.pk]),
                "finish": reverse("judging:finish", args=[t.pk]),
            }
            client.logout()
            for name, (url, params) in pages.items():
                counts.setdefault(name, []).append(_queries(client, url, **params))
            client.force_login(chief_judge)
            for name, url in official.items():
                counts.setdefault(name, []).append(_queries(client, url))
    for name, (few, many) in counts.items():
        assert few == many, (name, few, many)


@pytest.mark.django_db
def test_counts_come_from_one_aggregate_query_issue_36(secretary, chief_judge):
    """The rounds holding results inside their window and the latest round started (two small queries), then
    one aggregate: three queries for 6 results in the window or 12, none of the results read."""
    for players, in_window in ((12, 6), (24, 12)):
        t = _field(secretary, chief_judge, players)
        rounds = list(t.round_set.all())
        with CaptureQueriesContext(connection) as captured:
            found = state.round_states(rounds, at(2))
        assert len(captured) == 3
        assert "count" in captured[-1]["sql"].lower() and "group by" in captured[-1]["sql"].lower()
        assert found[rounds[1].pk].key == "provisional" and found[rounds[0].pk].key == "finished"
        assert str(in_window) in found[rounds[1].pk].text  # its results counted, not listed
