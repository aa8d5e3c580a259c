"""The rating follows the finished events (issue 31 §2, §3): finishing, reopening and finishing again, in any
order, gives the list a recompute from scratch gives; what is not counted is not counted."""

from __future__ import annotations

import datetime

import pytest

from federation import manager
from federation.models import Rating, RatingChange
from federation.rating import Game, replay
from judging import lifecycle
from registration.models import Official
from tournaments.models import Tournament

from .builders import finished_event, people

DAY = datetime.date(2026, 3, 1)


def snapshot(key: str = "long"):
    ratings = sorted(
        Rating.objects.filter(discipline=key).values_list("person_id", "rating", "experience", "matches")
    )
    changes = list(
        RatingChange.objects.filter(discipline=key)
        .order_by("seq")
        .values_list("seq", "person_id", "tournament_id", "before", "after", "won")
    )
    return ratings, changes


@pytest.fixture
def field(secretary):
    return people(12)


def _events(secretary, field, status=Tournament.Status.RUNNING):
    return [
        finished_event(
            secretary, field[: 8 + i], end=DAY + datetime.timedelta(days=10 * i), seed=i, status=status
        )
        for i in range(4)
    ]


def _finish(t: Tournament) -> None:
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.FINISHED)
    t.refresh_from_db()
    manager.event_finished(t)


def test_issue31_incremental_in_any_order_equals_a_recompute(secretary, field):
    events = _events(secretary, field)
    for i in (2, 0, 3, 1):  # finished out of date order
        _finish(events[i])
    incremental = snapshot()
    manager.rerate("long")
    assert snapshot() == incremental
    assert incremental[1], "the events were rated"


def test_issue31_reopening_an_event_and_finishing_it_again_gives_the_same_list(secretary, field, chief_judge):
    events = _events(secretary, field)
    for t in events:
        _finish(t)
    before = snapshot()
    Tournament.objects.filter(pk=events[1].pk).update(status=Tournament.Status.RUNNING)
    events[1].refresh_from_db()
    manager.event_reopened(events[1])
    without = snapshot()
    assert not RatingChange.objects.filter(tournament=events[1]).exists()
    assert without != before
    manager.rerate("long")
    assert snapshot() == without, "the reopened event is out of the list, as a recompute says"
    _finish(events[1])
    assert snapshot() == before


def test_issue31_the_judges_finish_and_reopen_rate_the_event(secretary, chief_judge, field):
    t = finished_event(secretary, field[:8], end=DAY, rounds=2, status=Tournament.Status.RUNNING)
    Official.objects.create(tournament=t, person=chief_judge.person, role=Official.Role.CHIEF_JUDGE)
    lifecycle.finish(t, secretary, confirmed=True, confirm_early=True)
    assert RatingChange.objects.filter(tournament=t).exists()
    assert Rating.objects.filter(discipline="long").count() == 8
    lifecycle.reopen(t, chief_judge, "ошибка в протоколе")
    assert not RatingChange.objects.filter(tournament=t).exists()
    assert not Rating.objects.filter(discipline="long").exists()


def test_issue31_only_played_results_and_losses_on_time_are_rated_by_default(secretary, field):
    t = finished_event(secretary, field, end=DAY, rounds=4, seed=5)
    manager.event_finished(t)
    from draw.models import Match

    kinds = dict(Match.objects.filter(round__tournament=t).values_list("pk", "result_kind"))
    rated = set(RatingChange.objects.filter(tournament=t).values_list("match_id", flat=True))
    assert rated == {pk for pk, kind in kinds.items() if kind in ("played", "time")}
    assert {"technical", "annulled"} <= set(kinds.values()), "the event has what must be left out"


def test_issue31_the_list_is_the_pure_core_replay_of_the_events_in_date_order(secretary, field):
    events = _events(secretary, field, status=Tournament.Status.FINISHED)
    manager.rerate("long")
    games: list[Game] = []
    for t in events:
        games += manager.event_games(t).games
    core = replay(games).standings
    db = {str(p): r for p, r in Rating.objects.filter(discipline="long").values_list("person_id", "rating")}
    assert db == {k: s.rating for k, s in core.items()}


def test_issue31_other_lists_are_apart_and_pairs_are_not_rated(secretary, field):
    finished_event(secretary, field[:8], end=DAY, seed=1, discipline="short")
    finished_event(secretary, field[:8], end=DAY, seed=2, discipline="short_pairs")
    for key in manager.lists():
        manager.rerate(key)
    assert set(RatingChange.objects.values_list("discipline", flat=True)) == {"short"}


def test_issue31_a_merge_of_two_records_replays_the_list_with_one_history(
    secretary, field, django_capture_on_commit_callbacks
):
    from django.contrib.auth.models import User

    from registration.manager.twins import merge_persons

    league = User.objects.create_superuser("league", password="x")
    a = finished_event(secretary, field[:6], end=DAY, seed=1)
    twin = people(1, start=500)[0]
    b = finished_event(secretary, [*field[6:11], twin], end=DAY + datetime.timedelta(days=5), seed=2)
    manager.rerate("long")
    draft = Tournament.objects.create(
        created_by=secretary, name="Черновик", discipline="long", system="swiss", start_date=DAY,
        end_date=DAY, venue="Москва",
    )  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        merge_persons(draft, field[0].pk, twin.pk, league)
    kept = RatingChange.objects.filter(person=field[0]).order_by("seq")
    assert {c.tournament_id for c in kept} == {a.pk, b.pk}
    assert Rating.objects.filter(person=field[0], discipline="long").count() == 1
    # His second event starts from where his first left him: one history.
    first_b = kept.filter(tournament=b).first()
    last_a = kept.filter(tournament=a).last()
    assert first_b.before == last_a.after
