"""The read-only API: what each endpoint returns for the hand-computed Swiss, 404 and 422 for bad ids, no
private data, and the OpenAPI schema and its docs served by the app without a CDN."""

from __future__ import annotations

import pytest

from tests.public.helpers import build_hand_swiss

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss(secretary):
    return build_hand_swiss(secretary)


def test_standings_with_tiebreaks_places_and_teams(client, swiss):
    t, p = swiss
    data = client.get(f"/api/tournaments/{t.pk}/standings").json()
    assert [tb["key"] for tb in data["tiebreaks"]] == ["buchholz", "sonneborn_berger"]
    assert data["tiebreaks"][0]["name"] == "Бухгольц"
    rows = [(r["participant"]["id"], r["place"], r["points"], r["metrics"]) for r in data["rows"]["items"]]
    assert rows == [
        (p["a"].pk, 1, 3.0, {"buchholz": 5.0, "sonneborn_berger": 5.0}),
        (p["c"].pk, 2, 2.0, {"buchholz": 5.0, "sonneborn_berger": 2.0}),
        (p["b"].pk, 3, 1.0, {"buchholz": 6.0, "sonneborn_berger": 1.0}),
        (p["d"].pk, 4, 1.0, {"buchholz": 3.5, "sonneborn_berger": 0.5}),
        (p["e"].pk, None, 2.0, {"buchholz": 5.0, "sonneborn_berger": 2.0}),
    ]
    assert [(x["team"], x["points"], x["place"]) for x in data["teams"]] == [
        ("Юг", 5.0, 1),
        ("Север", 4.0, 2),
    ]
    assert data["final"] is False


def test_tournament_rounds_and_a_rounds_pairings(client, swiss):
    t, p = swiss
    listed = client.get("/api/tournaments").json()
    assert [x["id"] for x in listed["items"]] == [t.pk] and listed["count"] == 1
    assert client.get(f"/api/tournaments/{t.pk}").json()["system"] == "swiss"
    rounds = client.get(f"/api/tournaments/{t.pk}/rounds").json()["items"]
    assert [r["number"] for r in rounds] == [1, 2, 3]  # round 4 is a draft
    r3 = client.get(f"/api/tournaments/{t.pk}/rounds/3").json()
    tables = {m["table"]: m for m in r3["matches"]["items"]}
    assert tables[1]["player1"]["id"] == p["a"].pk and tables[1]["result"] == "technical"
    assert tables[1]["winner_id"] == p["a"].pk and tables[1]["state"] == "final"
    assert tables[3]["player2"] is None and tables[3]["result"] == "bye"


def test_participants_and_a_participants_matches(client, swiss):
    t, p = swiss
    people = client.get(f"/api/tournaments/{t.pk}/participants").json()["items"]
    assert {x["id"] for x in people} == {x.pk for x in p.values()}
    assert {x["status"] for x in people} == {"active", "removed"}
    one = client.get(f"/api/tournaments/{t.pk}/participants/{p['d'].pk}").json()
    assert one["place"] == 4 and one["points"] == 1.0
    assert [(m["round"], m["result"], m["won"]) for m in one["matches"]] == [
        (1, "played", False),
        (2, "bye", True),
        (3, "played", False),
    ]
    assert one["matches"][0]["own_score"] == 5 and one["matches"][0]["opponent_score"] == 7


def test_no_private_field_is_ever_serialised(client, swiss):
    t, p = swiss
    bodies = [
        client.get(url).content.decode()
        for url in (
            "/api/tournaments",
            f"/api/tournaments/{t.pk}/participants",
            f"/api/tournaments/{t.pk}/participants/{p['a'].pk}",
            f"/api/tournaments/{t.pk}/standings",
            f"/api/tournaments/{t.pk}/rounds/1",
        )
    ]
    schema = client.get("/api/openapi.json").content.decode()
    for text in [*bodies, schema]:
        for word in ("birth", "1981-02", "document", "phone", "email", "contact", "passport"):
            assert word not in text


@pytest.mark.parametrize(
    ("url", "status"),
    [
        ("/api/tournaments/999999", 404),
        ("/api/tournaments/999999/standings", 404),
        ("/api/tournaments/{t}/rounds/99", 404),
        ("/api/tournaments/{t}/rounds/4", 404),  # a draft
        ("/api/tournaments/{t}/participants/999999", 404),
        ("/api/tournaments/abc", 422),
        ("/api/tournaments/0", 422),
        ("/api/tournaments/-3/rounds", 422),
        ("/api/tournaments/99999999999999999999/standings", 422),
        ("/api/tournaments/{t}/rounds/1.5", 422),
    ],
)
def test_bad_ids_are_404_or_422_with_a_message(client, swiss, url, status):
    t, _p = swiss
    response = client.get(url.format(t=t.pk))
    assert response.status_code == status
    assert response.json()["code"] == {404: "not_found", 422: "validation_error"}[status]
    assert response.json()["message"]


def test_the_api_is_read_only(client, swiss):
    t, _p = swiss
    assert client.post("/api/tournaments").status_code == 405
    assert client.delete(f"/api/tournaments/{t.pk}").status_code == 405


def test_the_openapi_schema_and_docs_are_served_without_a_cdn(client):
    schema = client.get("/api/openapi.json").json()
    assert schema["openapi"].startswith("3.")
    assert "/api/tournaments/{tid}/brackets" in schema["paths"]
    docs = client.get("/api/docs").content.decode()
    assert "/static/vendor/swagger-ui/swagger-ui-bundle.js" in docs
    assert "cdn" not in docs.lower() and "https://" not in docs
