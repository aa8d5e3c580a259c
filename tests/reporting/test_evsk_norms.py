"""Issue 32 §3: the ЕВСК norms as versioned data replace a tournament's own norms where they have the event;
the final protocol, the chief judge's report and the places kept at the finish all read them."""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation

from federation import manager
from federation.models import EventPlace
from federation.norms import EVSK, OWN, effective_norms
from protocols.docs import final, report
from registration.models import Participant, RankNorm, RegistrationSettings

from .evsk import document, event_in_competition, norm

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def russian():
    with translation.override("ru"):
        yield


def _fulfilled(t) -> set[str]:
    return {row.fulfilled for row in final.build(t).rows} - {""}


def test_issue32_3_an_event_the_evsk_table_has_prints_its_rank_not_its_own(secretary):
    t = event_in_competition(secretary)
    RankNorm.objects.create(tournament=t, qualification="adult3", place_to=6)  # its own: overruled
    norm(document(), "cms", 6)
    assert effective_norms(t).source == EVSK
    assert _fulfilled(t) == {"КМС"}
    manager.event_finished(t)
    assert set(EventPlace.objects.filter(tournament=t).values_list("fulfilled", flat=True)) == {"cms"}
    assert {text for _, text in report.build(t).fulfilled_by} == {"КМС"}


def test_issue32_3_an_event_without_evsk_rows_prints_its_own_norms(secretary):
    norm(document(), "cms", 6)  # all-Russian long nardy men: not this regional event
    t = event_in_competition(secretary, status="regional")
    RankNorm.objects.create(tournament=t, qualification="adult3", place_to=6)
    assert effective_norms(t).source == OWN
    assert _fulfilled(t) == {"3"}
    manager.event_finished(t)
    assert set(EventPlace.objects.filter(tournament=t).values_list("fulfilled", flat=True)) == {"adult3"}


def test_issue32_3_a_tournament_outside_any_competition_keeps_its_own_norms(secretary):
    norm(document(), "cms", 6)
    t = event_in_competition(secretary, status=None)
    RankNorm.objects.create(tournament=t, qualification="adult2", place_to=6)
    assert _fulfilled(t) == {"2"}


def test_issue32_3_the_document_in_force_on_the_first_day_counts_not_a_later_one(secretary):
    t = event_in_competition(secretary)
    norm(document(datetime.date(2025, 1, 1), "Старый приказ"), "adult1", 6)
    norm(document(datetime.date(2026, 6, 1), "Новый приказ"), "ms", 6)  # after the event: not yet
    norms = effective_norms(t)
    assert "Старый приказ" in norms.document
    assert _fulfilled(t) == {"1"}


def test_issue32_3_the_minimum_field_counted_in_regions(secretary):
    # The builders' people come from two regions (Москва, Казань): 6 participants, 2 regions.
    t = event_in_competition(secretary)
    doc = document()
    norm(doc, "ms", 6, min_field=3, field_kind="regions")  # 3 regions: not met
    norm(doc, "cms", 6, min_field=2, field_kind="regions")  # 2 regions: met
    norm(doc, "adult1", 6, min_field=6)  # 6 participants: met, but lower
    assert _fulfilled(t) == {"КМС"}


def test_issue32_3_the_narrowest_age_group_that_holds_the_event(secretary):
    t = event_in_competition(secretary)
    t.min_age = 14
    t.save(update_fields=["min_age"])
    RegistrationSettings.objects.create(tournament=t, max_age=18)
    doc = document()
    norm(doc, "adult1", 6, age_from=18)  # adults: the juniors' event is not theirs
    norm(doc, "youth1", 6, age_from=14, age_to=18)
    norm(doc, "adult3", 6, age_from=0)  # any age: a wider group, not used where a narrower fits
    assert [n.qualification for n in effective_norms(t).lines] == ["youth1"]


def test_issue32_3_a_confirmation_counts_where_the_evsk_row_says_so(secretary):
    t = event_in_competition(secretary)
    Participant.objects.filter(tournament=t).update(qualification="cms")
    norm(document(), "cms", 6, confirmation=True)
    assert _fulfilled(t) == {"подтв. КМС"}
    manager.event_finished(t)
    assert set(EventPlace.objects.filter(tournament=t).values_list("fulfils", flat=True)) == {"confirmed"}


def test_issue32_3_no_confirmation_no_line_for_the_rank_held(secretary):
    t = event_in_competition(secretary)
    Participant.objects.filter(tournament=t).update(qualification="cms")
    t.rank_confirmation = True  # the tournament's own setting does not apply to the ЕВСК's rows
    t.save(update_fields=["rank_confirmation"])
    norm(document(), "cms", 6, confirmation=False)
    assert _fulfilled(t) == set()
