"""The series standings from the tournaments themselves (issue 32 §2): finished stages' places from the
register, wins from the matches, a running stage live; the page, its PDF and its exports; bad rules and
unknown series answered without a 500."""

from __future__ import annotations

import datetime
import io
from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from draw.models import Match
from federation.models import EventPlace
from registration.models import Person
from season.manager import series_standings
from season.models import CalendarEvent, RegionalQuota, SeriesStage, StageEntry
from tests.season.builders import cup, wins_of
from tournaments.models import Competition, bump_version

pytestmark = pytest.mark.django_db


def test_issue_32_2_the_cup_sums_each_persons_wins_over_its_stages():
    series, events, who = cup(stages=3)
    expected: dict[int, int] = {}
    for t in events:
        for pid, w in wins_of(t).items():
            expected[pid] = expected.get(pid, 0) + w
    st = series_standings(series)
    assert {int(r.person): r.total for r in st.rows} == {p.pk: expected.get(p.pk, 0) for p in who}
    # Players without accounts: people of the register only.
    assert all(p.user_id is None for p in who)
    # The first player missed stage 2: his cell there is missed and does not count.
    first = next(r for r in st.rows if r.person == str(who[0].pk))
    assert first.cells[1].missed and first.played == 2


def test_issue_32_2_finished_stages_take_their_places_from_the_register():
    series, events, who = cup(stages=2)
    row = EventPlace.objects.filter(tournament=events[0]).order_by("place").first()
    st = series_standings(series)
    mine = next(r for r in st.rows if r.person == str(row.person_id))
    assert mine.cells[0].place == row.place


def test_issue_32_2_a_running_stage_counts_live(client):
    series, events, who = cup(stages=2, running_last=True)
    st = series_standings(series)
    assert st.live and [v.state for v in st.stages] == ["finished", "running"]
    assert client.get(reverse("season:series", args=[series.pk]))["Refresh"] == "60"
    before = {r.person: r.total for r in st.rows}
    # One more win in the running stage shows at once.
    m = (
        Match.objects.filter(round__tournament=events[1])
        .exclude(result_kind="annulled")
        .exclude(winner=None)
        .first()
    )
    loser = m.player2 if m.winner_id == m.player1_id else m.player1
    m.winner = loser
    m.score1, m.score2 = (m.score2, m.score1)
    m.save()
    bump_version(events[1].pk)  # as every change of a result does: the live standings are computed again
    series.refresh_from_db()
    after = {r.person: r.total for r in series_standings(series).rows}
    assert after[str(loser.person_id)] == before[str(loser.person_id)] + 1


def test_issue_32_2_a_stage_run_elsewhere_counts_its_entered_results_by_the_place_table():
    series, events, who = cup(stages=1, scoring="place_table", place_points="50, 44, 38, 34")
    elsewhere = SeriesStage.objects.create(series=series, number=2, name="Этап в Сочи")
    StageEntry.objects.create(stage=elsewhere, person=who[0], place=1)
    StageEntry.objects.create(stage=elsewhere, person=who[1], place=2, place_to=3)
    st = series_standings(series)
    cells = {r.person: r.cells[1] for r in st.rows}
    assert cells[str(who[0].pk)].score == 50
    assert cells[str(who[1].pk)].score == 41  # (44 + 38) / 2
    assert cells[str(who[2].pk)].missed


def test_issue_32_2_the_final_qualifiers_with_a_regional_quota_and_seeds():
    series, events, who = cup(stages=2, qualify_from="series", qualify_top=3)
    # builders.people: odd-numbered people are from Москва, even from Казань.
    RegionalQuota.objects.create(series=series, region="Казань", seats=2)
    st = series_standings(series)
    placed = [r.person for r in st.rows if r.place]
    region = {str(p.pk): p.region for p in Person.objects.filter(pk__in=[int(x) for x in placed])}
    got = [q.person for q in st.qualifiers]
    assert len(got) == 3 and [q.seed for q in st.qualifiers] == [1, 2, 3]
    assert sum(1 for p in got if region[p] == "Казань") >= 2
    kazan = [p for p in placed if region[p] == "Казань"][:2]
    assert set(kazan) <= set(got)


def test_issue_32_2_the_series_page_pdf_and_exports(client):
    series, events, who = cup(stages=2, drop_worst=1)
    page = client.get(reverse("season:series", args=[series.pk]))
    assert page.status_code == 200 and not page.has_header("Refresh")  # nothing running: no refresh
    text = page.content.decode()
    assert "Кубок федерации" in text and who[0].surname in text
    pdf = client.get(reverse("season:series_pdf", args=[series.pk]))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    body = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)
    assert who[1].surname in body and "Кубок федерации" in body
    csv = client.get(reverse("season:series_export", args=[series.pk, "csv"]))
    assert csv.status_code == 200 and csv.content.startswith("\ufeff".encode())
    assert who[1].surname in csv.content.decode("utf-8-sig")
    xlsx = client.get(reverse("season:series_export", args=[series.pk, "xlsx"]))
    ws = load_workbook(io.BytesIO(xlsx.content)).active
    values = [c for row in ws.iter_rows(values_only=True) for c in row]
    assert who[1].surname + " Иван Петрович" in " ".join(str(v) for v in values if v)


def test_issue_32_2_bad_rules_and_unknown_series_say_so_without_a_500(client):
    series, events, who = cup(stages=1, scoring="place_table", place_points="")
    page = client.get(reverse("season:series", args=[series.pk]))
    assert page.status_code == 200 and 'id="series-error"' in page.content.decode()
    assert client.get(reverse("season:series_pdf", args=[series.pk])).status_code == 400
    assert client.get(reverse("season:series_export", args=[series.pk, "csv"])).status_code == 400
    assert client.get(reverse("season:series_export", args=[series.pk, "json"])).status_code == 404
    assert client.get(reverse("season:series", args=[series.pk + 99])).status_code == 404
    series.place_points = "50, сорок"
    series.save()
    assert client.get(reverse("season:series", args=[series.pk])).status_code == 200
    assert (
        client.get(reverse("season:series_export", args=[series.pk, "csv"]) + "?dialect=xx").status_code
        == 400
    )


def test_issue_32_2_only_the_federation_edits_series_everyone_reads(client, django_user_model):
    series, events, who = cup(stages=1)
    url = reverse("admin:season_series_change", args=[series.pk])
    plain = django_user_model.objects.create_user("fan", password="pw-fan-12345")
    client.force_login(plain)
    assert client.get(url).status_code == 302  # to the admin's login: not staff
    response = client.post(url, {"name": "Взлом"})
    assert response.status_code == 302
    series.refresh_from_db()
    assert series.name == "Кубок федерации"
    assert client.get(reverse("season:series", args=[series.pk])).status_code == 200
    staff = django_user_model.objects.create_superuser("fed", password="pw-fed-12345")
    client.force_login(staff)
    assert client.get(url).status_code == 200


def test_issue_32_2_the_admin_refuses_a_rule_that_cannot_be_applied():
    series, events, who = cup(stages=1)
    series.scoring = "place_table"
    series.place_points = ""
    with pytest.raises(ValidationError):
        series.full_clean()
    series.place_points = "50, 44, 38"
    series.full_clean()
    assert series.rule().place_points == (Fraction(50), Fraction(44), Fraction(38))
    assert datetime.date(2026, 1, 1) == series.season.first_day


def test_issue_32_2_a_stage_named_by_its_calendar_event_counts_the_competitions_tournament():
    series, events, who = cup(stages=1, discipline="long")
    t = events[0]
    stage = SeriesStage.objects.get(series=series, number=1)
    comp = Competition.objects.create(name="Этап кубка", start_date=t.start_date, end_date=t.end_date)
    t.competition = comp
    t.save()
    event = CalendarEvent.objects.create(
        season=series.season, competition=comp, name="Этап кубка", status="regional",
        start_date=t.start_date, end_date=t.end_date,
    )  # fmt: skip
    before = {r.person: r.total for r in series_standings(series).rows}
    stage.tournament, stage.event = None, event
    stage.save()
    st = series_standings(series)
    assert st.stages[0].tournament == t and st.stages[0].state == "finished"
    assert {r.person: r.total for r in st.rows} == before
