"""Issue 31 §2: the monthly official list frozen automatically — a Celery beat entry runs
``federation.freeze_monthly_lists`` daily; it freezes each list as of the first of the month once
(idempotent), catches up a month the beat missed, and can be switched off."""

from __future__ import annotations

import datetime

import pytest
import time_machine
from celery.schedules import crontab
from django.conf import settings
from django.utils import timezone

from config.celery import app
from federation import manager
from federation.models import RatingList
from federation.tasks import freeze_monthly_lists

from .builders import finished_event, people

pytestmark = pytest.mark.django_db
MOSCOW_NOON_DEC_7 = datetime.datetime(2026, 12, 7, 9, 0, tzinfo=datetime.UTC)


@pytest.fixture
def history(secretary):
    field = people(8)
    for i in range(2):
        t = finished_event(secretary, field, end=datetime.date(2026, 10, 10 + 7 * i), seed=i)
        manager.event_finished(t)
    return field


def test_issue31_the_freeze_is_on_the_beat_schedule():
    entry = settings.CELERY_BEAT_SCHEDULE["freeze-rating-lists"]
    assert entry["task"] == "federation.freeze_monthly_lists"
    assert isinstance(entry["schedule"], crontab)
    app.loader.import_default_modules()
    assert "federation.freeze_monthly_lists" in app.tasks


def test_issue31_months_due():
    dec7 = datetime.date(2026, 12, 7)
    assert manager.months_due(None, dec7) == [datetime.date(2026, 12, 1)]
    assert manager.months_due(datetime.date(2026, 12, 1), dec7) == []
    assert manager.months_due(datetime.date(2026, 10, 1), dec7) == [
        datetime.date(2026, 11, 1),
        datetime.date(2026, 12, 1),
    ]
    assert manager.months_due(datetime.date(2025, 12, 1), datetime.date(2026, 1, 1)) == [
        datetime.date(2026, 1, 1)
    ]
    assert len(manager.months_due(datetime.date(2000, 1, 1), dec7, back=24)) == 24


def test_issue31_the_task_freezes_every_list_once_as_of_the_first(history):
    with time_machine.travel(MOSCOW_NOON_DEC_7, tick=False):
        assert freeze_monthly_lists() == len(manager.lists())
        assert freeze_monthly_lists() == 0  # idempotent
        assert freeze_monthly_lists.delay().get() == 0
    lists = RatingList.objects.filter(as_of=datetime.date(2026, 12, 1))
    assert lists.count() == len(manager.lists()) == RatingList.objects.count()
    long = lists.get(discipline="long")
    assert long.frozen_by is None  # by the beat
    rows = list(long.rows.values_list("person_id", "rating"))
    expected = [(p, round(r, 2)) for p, r, _e, _m in manager.ratings_as_of("long", long.as_of)]
    assert rows == expected and len(rows) == 8


def test_issue31_a_missed_month_is_caught_up_and_a_frozen_list_is_never_touched(history):
    old = manager.freeze("long", datetime.date(2026, 10, 1))
    before = list(old.rows.values_list("person_id", "rating"))
    with time_machine.travel(MOSCOW_NOON_DEC_7, tick=False):
        freeze_monthly_lists()
    days = sorted(RatingList.objects.filter(discipline="long").values_list("as_of", flat=True))
    assert days == [datetime.date(2026, 10, 1), datetime.date(2026, 11, 1), datetime.date(2026, 12, 1)]
    assert list(old.rows.values_list("person_id", "rating")) == before
    nov = RatingList.objects.get(discipline="long", as_of=datetime.date(2026, 11, 1))
    assert nov.rows.count() == 8 and old.rows.count() == 0  # nobody had played by October 1


def test_issue31_the_monthly_freeze_can_be_switched_off(history, settings):
    settings.RATING_MONTHLY_FREEZE = False
    assert freeze_monthly_lists() == 0
    assert not RatingList.objects.exists()


def test_issue31_the_freeze_uses_the_local_date():
    # 23:30 UTC on November 30 is December 1 in Moscow: December's list is due.
    with time_machine.travel(datetime.datetime(2026, 11, 30, 23, 30, tzinfo=datetime.UTC), tick=False):
        assert timezone.localdate() == datetime.date(2026, 12, 1)
        freeze_monthly_lists()
    assert set(RatingList.objects.values_list("as_of", flat=True)) == {datetime.date(2026, 12, 1)}
