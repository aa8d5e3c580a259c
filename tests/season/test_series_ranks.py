"""Issue 32 §3, «how a series counts»: an ЕВСК norm row judges either a competition's places or a series'
final standings (a cup, a grand prix); a finished series of a status fulfils ranks by its own rows, shown on
its page, its PDF and its exports; an event's places never use the series' rows, nor a series the events'."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from federation.models import EvskNorm
from federation.norms import effective_norms, series_norms
from season.manager import series_standings
from season.models import SeriesStage
from tests.reporting.evsk import document, event_in_competition, norm
from tests.season.builders import cup
from tournaments.models import Category

pytestmark = pytest.mark.django_db
SERIES = EvskNorm.AppliesTo.SERIES


def _ranks(series):
    st = series_standings(series)
    return st, {r.person: (r.place, r.place_to, st.ranks.get(r.person, "")) for r in st.rows}


def test_issue_32_3_a_finished_series_fulfils_ranks_by_its_own_norm_rows():
    doc = document()
    norm(doc, "cms", 1, applies_to=SERIES)
    norm(doc, "adult1", 3, applies_to=SERIES)
    norm(doc, "ms", 1)  # an event's row: never a series'
    series, _events, _who = cup(stages=3, players=8, status=Category.NATIONAL, discipline="long")
    st, ranks = _ranks(series)
    assert st.ranks  # the norms judged the standings
    for place, place_to, code in ranks.values():
        worst = place_to or place
        expected = "" if worst is None else "cms" if worst <= 1 else "adult1" if worst <= 3 else ""
        assert code == expected, (place, place_to, code)
    assert "ms" not in st.ranks.values()


def test_issue_32_3_a_series_fulfils_nothing_while_a_stage_runs_or_without_a_status():
    doc = document()
    norm(doc, "cms", 3, applies_to=SERIES)
    running, _e, _w = cup(stages=2, players=6, running_last=True, status=Category.NATIONAL, discipline="long")
    assert series_standings(running).ranks == {}
    plain, _e2, _w2 = cup(stages=2, players=6, discipline="long", name="Кубок без статуса")
    assert series_standings(plain).ranks == {}


def test_issue_32_3_the_least_field_of_a_series_norm_counts_its_classified_players():
    doc = document()
    norm(doc, "cms", 2, applies_to=SERIES, min_field=9)  # 8 players: short of it
    series, _e, _w = cup(stages=2, players=8, status=Category.NATIONAL, discipline="long")
    assert series_standings(series).ranks == {}
    EvskNorm.objects.filter(document=doc).update(min_field=2, field_kind=EvskNorm.FieldKind.REGIONS)
    assert series_standings(series).ranks  # Москва and Казань: two regions


def test_issue_32_3_an_events_places_do_not_use_a_series_row(secretary):
    doc = document()
    norm(doc, "cms", 3, applies_to=SERIES)
    t = event_in_competition(secretary, n=6)
    assert not effective_norms(t)  # only a series' row: the event keeps its own norms (none)
    assert series_norms(Category.NATIONAL, "long", "men", datetime.date(2026, 12, 31))


def test_issue_32_3_the_series_page_pdf_and_export_print_the_rank_fulfilled(client):
    doc = document()
    norm(doc, "cms", 8, applies_to=SERIES)
    series, _e, _w = cup(stages=2, players=6, status=Category.NATIONAL, discipline="long")
    html = client.get(reverse("season:series", args=[series.pk])).content.decode()
    assert "выполнил: кандидат в мастера спорта" in html
    csv = client.get(reverse("season:series_export", args=[series.pk, "csv"])).content.decode("utf-8-sig")
    assert "кандидат в мастера спорта" in csv
    pdf = client.get(reverse("season:series_pdf", args=[series.pk]))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert SeriesStage.objects.filter(series=series).count() == 2
