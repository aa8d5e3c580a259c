"""Issue 31 §1, §2: the federation ID (``Person.pk``) and, once the field is seeded by the official list,
its rating printed on the tournament's existing documents — the registration protocol (004 §5.3.2 item 4),
the round's pairings (003 «Начало турнира»), the participants' exports (CSV, XLSX) and the API's
participant objects."""

from __future__ import annotations

import csv
import datetime
import io

import openpyxl
import pytest
from django.urls import reverse
from django.utils import translation

from draw import manager as draw_manager
from federation import manager
from federation.models import RatingList, RatingListRow
from protocols.docs import pairings
from protocols.docs import registration as registration_protocol
from protocols.documents import render_document
from registration.manager import registration_protocol_data
from tests.factories import make_tournament
from tests.protocols.conftest import pdf_text

RATINGS = [1712.4, 1650.0, 1601.6, 1555.0, 1500.0]  # the sixth player is not in the list


@pytest.fixture(autouse=True)
def russian():
    with translation.override("ru"):
        yield


@pytest.fixture
def seeded(secretary, chief_judge, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    t = make_tournament(secretary, chief_judge, players=6)
    people = [p.person for p in t.participants.order_by("seed")]
    rl = RatingList.objects.create(discipline="long", as_of=t.start_date - datetime.timedelta(days=4))
    RatingListRow.objects.bulk_create(
        RatingListRow(rating_list=rl, rank=i, person=p, rating=r, experience=100, matches=10)
        for i, (p, r) in enumerate(zip(people, RATINGS, strict=False), start=1)
    )
    assert manager.seed_from_list(t, secretary) == 5
    return t, people


def _text(pdf: bytes) -> str:
    return " ".join(pdf_text(pdf))


def test_issue31_registration_protocol_prints_the_federation_id_and_the_list_rating(seeded):
    t, people = seeded
    data = registration_protocol_data(t)
    by_id = {x.federation_id: x for x in data.participants}
    assert set(by_id) == {p.pk for p in people}
    assert by_id[people[0].pk].rating == 1712  # the list's 1712.4, rounded as the draw seeds by it
    assert by_id[people[5].pk].rating is None  # not in the list
    text = _text(registration_protocol.render(registration_protocol.build(t)))
    assert "ID" in text and "Рейтинг" in text
    for p in people:
        assert str(p.pk) in text
    assert "1712" in text and "1500" in text


def test_issue31_registration_protocol_has_no_rating_column_before_seeding(secretary, chief_judge):
    t = make_tournament(secretary, chief_judge, players=4)
    text = _text(registration_protocol.render(registration_protocol.build(t)))
    assert "Рейтинг" not in text
    assert str(t.participants.first().person_id) in text


def test_issue31_pairings_print_each_players_id_and_rating(seeded, secretary):
    t, people = seeded
    rnd = draw_manager.draw_round(t, secretary, 1, seed=3)
    data = pairings.build(rnd)
    ratings = {p.pk: round(r) for p, r in zip(people, RATINGS, strict=False)}
    seen = set()
    for row in data.rows:
        for ids, rating in ((row.ids1, row.rating1), (row.ids2, row.rating2)):
            pid = int(ids)
            seen.add(pid)
            assert rating == (str(ratings[pid]) if pid in ratings else "")
    assert seen == {p.pk for p in people}
    text = _text(render_document(t, "pairings", "1")[0])
    assert f"ID {people[0].pk} · рейтинг 1712" in text
    assert f"ID {people[5].pk}" in text


def test_issue31_a_pairs_cell_names_both_register_ids():
    class Pair:
        person_id, partner_id, rating = 12, 34, None

    assert pairings.register_ids(Pair()) == "12, 34"  # type: ignore[arg-type]
    assert pairings.player_cell("Иванов И. / Петров П.", "12, 34", "") == "Иванов И. / Петров П.\nID 12, 34"


def test_issue31_participants_exports_carry_the_federation_id_and_rating(client, seeded):
    t, people = seeded
    response = client.get(reverse("public:export_participants", args=[t.pk, "csv"]) + "?dialect=intl")
    assert response.status_code == 200
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    header = next(r for r in rows if "Federation ID" in r or "ID федерации" in r)
    col_id = header.index("ID федерации") if "ID федерации" in header else header.index("Federation ID")
    col_rating = [i for i, h in enumerate(header) if h.lower() == "рейтинг" or h == "rating"][0]
    body = rows[rows.index(header) + 1 :]
    got = {int(r[col_id]): r[col_rating] for r in body if r and r[col_id]}
    assert got[people[0].pk] == "1712"
    assert got[people[5].pk] == ""
    response = client.get(reverse("public:export_participants", args=[t.pk, "xlsx"]))
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    values = [[c for c in row] for row in sheet.iter_rows(values_only=True)]
    flat = [v for row in values for v in row]
    assert str(people[1].pk) in flat and 1650 in flat


def test_issue31_api_participants_carry_the_federation_id_and_rating(client, seeded):
    t, people = seeded
    response = client.get(f"/api/tournaments/{t.pk}/participants")
    assert response.status_code == 200, response.content
    items = {x["federation_id"]: x for x in response.json()["items"]}
    assert set(items) == {p.pk for p in people}
    assert items[people[0].pk]["rating"] == 1712
    assert items[people[5].pk]["rating"] is None
    assert items[people[0].pk]["partner_federation_id"] is None
    one = items[people[2].pk]["id"]
    detail = client.get(f"/api/tournaments/{t.pk}/participants/{one}").json()
    assert detail["federation_id"] == people[2].pk and detail["rating"] == 1602
