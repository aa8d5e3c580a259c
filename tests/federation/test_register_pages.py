"""The register's public pages (issue 31 §1, §2): what they show, what they never show, their queries."""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from federation import manager
from federation.models import JudgeCategory, Rating, RatingList, RatingStart
from judging.models import Sanction
from registration.models import Official, Participant
from tournaments.models import Tournament

from .builders import finished_event, people

DAY = datetime.date(2026, 3, 1)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def history(secretary):
    field = people(10)
    events = [
        finished_event(
            secretary, field[: 6 + i], end=DAY + datetime.timedelta(days=7 * i), seed=i, name=f"Кубок {i}"
        )
        for i in range(3)
    ]
    for t in events:
        manager.event_finished(t)
    return field, events


def test_issue31_person_page_shows_events_places_rating_and_deltas(client, history):
    field, events = history
    p = field[0]
    page = client.get(reverse("federation:person", args=[p.pk])).content.decode()
    assert f"<strong>{p.pk}</strong>" in page  # the federation ID
    for t in events:
        assert t.name in page
    rating = Rating.objects.get(person=p, discipline="long")
    assert f"{rating.rating:.2f}".replace(".", ",") in page or f"{rating.rating:.2f}" in page
    assert "<polyline" in page  # the history plot


def test_issue31_person_page_never_shows_a_date_of_birth_or_contacts(client, history, settings):
    field, _events = history
    p = field[3]
    page = client.get(reverse("federation:person", args=[p.pk])).content.decode()
    assert p.birth_date.strftime("%d.%m.%Y") not in page
    assert str(p.birth_date.year) not in page.replace(str(DAY.year), "")
    settings.REGISTER_BIRTH_YEAR = True
    page = client.get(reverse("federation:person", args=[p.pk])).content.decode()
    assert f"{p.birth_date.year}" in page and p.birth_date.strftime("%d.%m.%Y") not in page


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def test_issue31_person_page_queries_do_not_grow_with_the_history(client, history):
    field, _events = history
    few = _queries(client, reverse("federation:person", args=[field[6].pk]))  # one event
    many = _queries(client, reverse("federation:person", args=[field[0].pk]))  # three events
    assert few == many
    assert many <= 12


def test_issue31_list_page_queries_are_constant(client, history, secretary):
    url = reverse("federation:live_list", args=["long"])
    before = _queries(client, url)
    finished_event(secretary, people(40, start=100), end=DAY + datetime.timedelta(days=60), seed=9)
    manager.rerate("long")
    assert _queries(client, url) == before <= 6
    assert _queries(client, url + "?page=2") == before


@pytest.mark.parametrize("q", ["рейтинг0000", "РЕЙТИНГ0000 е", "Рейтинг0000 Ё.П.", "рейтинг0000 ежи"])
def test_issue31_search_by_name_folds_yo_case_and_initials(client, history, q):
    field, _ = history
    page = client.get(reverse("federation:people"), {"q": q}).content.decode()
    assert reverse("federation:person", args=[field[0].pk]) in page


def test_issue31_search_by_region_and_club(client, history):
    page = client.get(
        reverse("federation:people"), {"q": "рейтинг", "region": "Казань", "club": "Клуб 2"}
    ).content.decode()
    assert "Рейтинг0002" in page and "Рейтинг0001" not in page and "Рейтинг0003" not in page


def test_issue31_live_list_exports_csv_xlsx_json(client, history):
    url = reverse("federation:live_list", args=["long"])
    data = json.loads(client.get(url, {"format": "json"}).content)
    assert data["rows"][0]["rank"] == 1 and data["formula"]["name"] == "fibs"
    assert [r["rating"] for r in data["rows"]] == sorted((r["rating"] for r in data["rows"]), reverse=True)
    csv = client.get(url, {"format": "csv"}).content.decode("utf-8")
    assert csv.startswith("\ufeffrank;federation_id")
    assert client.get(url, {"format": "xlsx"}).content[:2] == b"PK"


def test_issue31_official_list_is_frozen_and_later_events_do_not_change_it(client, history, secretary):
    field, _ = history
    call_command("rating", "--freeze", "2026-04-01", "--list", "long")
    rl = RatingList.objects.get(discipline="long", as_of=datetime.date(2026, 4, 1))
    frozen = list(rl.rows.values_list("person_id", "rating"))
    assert len(frozen) == 8
    finished_event(secretary, field, end=datetime.date(2026, 3, 20), seed=7)
    manager.rerate("long")
    assert list(rl.rows.values_list("person_id", "rating")) == frozen
    with pytest.raises(CommandError):
        call_command("rating", "--freeze", "2026-04-01", "--list", "long")
    page = client.get(reverse("federation:official_list", args=["long", "2026-04-01"]))
    assert page.status_code == 200
    assert client.get(reverse("federation:official_list", args=["long", "2026-13-01"])).status_code == 404


def test_issue31_a_list_as_of_a_day_counts_only_the_events_ended_before_it(history):
    _field, events = history
    rows = manager.ratings_as_of("long", events[1].end_date)
    assert {p for p, *_ in rows} == set(
        Participant.objects.filter(tournament=events[0]).values_list("person_id", flat=True)
    )


def test_issue31_seeding_takes_the_list_valid_on_the_first_day(history, secretary):
    field, _ = history
    call_command("rating", "--freeze", "2026-03-10", "--list", "long")
    call_command("rating", "--freeze", "2026-04-01", "--list", "long")
    t = Tournament.objects.create(
        created_by=secretary, name="Новый", discipline="long", system="swiss",
        start_date=datetime.date(2026, 3, 25), end_date=datetime.date(2026, 3, 26), venue="Москва",
    )  # fmt: skip
    for p in field[:4]:
        Participant.objects.create(tournament=t, person=p)
    assert manager.seed_from_list(t, secretary) == 4
    march = dict(
        RatingList.objects.get(as_of=datetime.date(2026, 3, 10)).rows.values_list("person_id", "rating")
    )
    assert {p.person_id: p.rating for p in t.participants.all()} == {
        p.pk: round(march[p.pk]) for p in field[:4]
    }


def test_issue31_import_of_a_list_is_the_starting_point_and_bad_files_change_nothing(history, tmp_path):
    field, _ = history
    bad = tmp_path / "bad.csv"
    bad.write_text(f"federation_id;rating;experience\n{field[0].pk};1700;500\n999999;1600;0\n")
    with pytest.raises(CommandError, match="999999"):
        call_command("rating", "--import", str(bad), "--list", "long", "--as-of", "2026-01-01")
    assert not RatingStart.objects.exists()
    good = tmp_path / "good.csv"
    good.write_text(f"federation_id,rating,experience\n{field[7].pk},1750.5,900\n")
    call_command("rating", "--import", str(good), "--list", "long", "--as-of", "2026-01-01")
    first = manager.export("long")
    assert first["start"] == [{"player": str(field[7].pk), "rating": 1750.5, "experience": 900}]
    change = field[7].rating_changes.order_by("seq").first()
    assert change.before == 1750.5


def test_issue31_the_cli_recomputes_the_published_list_from_the_api_export(client, history):
    export = client.get("/api/rating/long/export")
    assert export.status_code == 200
    p = subprocess.run(
        [sys.executable, "-m", "federation.rating", "recompute"],
        input=export.content,
        capture_output=True,
        cwd=ROOT,
    )
    assert p.returncode == 0, p.stdout
    cli = {int(r["player"]): r["rating"] for r in json.loads(p.stdout)["ratings"]}
    published = json.loads(
        client.get(reverse("federation:live_list", args=["long"]), {"format": "json"}).content
    )
    assert cli == {r["federation_id"]: r["rating"] for r in published["rows"]}
    assert client.get("/api/rating/nope/export").status_code == 404


def test_issue31_judges_register_marks_a_lapsed_category_and_counts_practice(client, history, secretary):
    field, events = history
    judge, old = field[8], field[9]
    JudgeCategory.objects.create(
        person=judge, category="first", assigned_on=datetime.date(2025, 1, 1), order="Приказ № 1",
        lapses_on=datetime.date(2099, 1, 1),
    )  # fmt: skip
    JudgeCategory.objects.create(
        person=old, category="national", assigned_on=datetime.date(2015, 1, 1), order="Приказ № 2",
        lapses_on=datetime.date(2019, 1, 1),
    )  # fmt: skip
    Official.objects.create(tournament=events[0], person=judge, role=Official.Role.JUDGE)
    page = client.get(reverse("federation:judges")).content.decode()
    assert page.index(judge.full_name) < page.index(old.full_name)  # in force first
    assert "Приказ № 2" in page
    rows = {r.person.pk: r for r in client.get(reverse("federation:judges")).context["rows"]}
    assert rows[judge.pk].in_force and rows[judge.pk].practice == 1
    assert not rows[old.pk].in_force


def test_issue31_sanctions_register_reads_judgings_disqualifications(client, history, chief_judge):
    field, events = history
    active = Sanction.objects.create(
        person=field[1], tournament=events[0], kind="disqualification", clause="004 §5.7.4",
        starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2099, 1, 1),
    )  # fmt: skip
    Sanction.objects.create(
        person=field[2], kind="disqualification", starts_on=datetime.date(2026, 1, 1),
        lifted_at=datetime.datetime(2026, 2, 1, tzinfo=datetime.UTC), lift_reason="апелляция",
    )  # fmt: skip
    response = client.get(reverse("federation:sanctions"))
    rows = response.context["rows"]
    assert [r.state for r in rows] == ["in_force", "lifted"]
    page = response.content.decode()
    assert "01.01.2099" in page and events[0].name in page
    person = client.get(reverse("federation:person", args=[field[1].pk])).content.decode()
    assert "01.01.2099" in person
    assert active.pk


def test_calibration_page_is_for_the_staff(client, history, stranger):
    assert client.get(reverse("federation:calibration")).status_code == 403
    client.force_login(stranger)
    assert client.get(reverse("federation:calibration")).status_code == 403
    stranger.is_staff = True
    stranger.save()
    call_command("rating", "--calibrate", "--list", "long")
    page = client.get(reverse("federation:calibration")).content.decode()
    assert "log-loss" in page
