"""The API's contract (issue 17, api/README.md): paging on every list, the matches' filters, ETag and 304 in
one query, the standings cached per version, gzip, UTF-8 JSON without ``\\u`` escapes, JSON errors with a
stable code in the request's language, a schema that names and describes everything, and no query per row.

Each defect the issue names has its test here: «Standings Out» in the schema, the escapes, no paging."""

from __future__ import annotations

import gzip
import json

import pytest
from django.core.cache import cache
from django.db import connection
from django.http import HttpResponse
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from api.api import api
from api.http import MAX_LIMIT, ApiMiddleware
from draw.models import Match
from tests.public.helpers import build_hand_swiss
from tournaments.models import Tournament, bump_version

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss(secretary):
    return build_hand_swiss(secretary)


def _schema() -> dict:
    return json.loads(json.dumps(api.get_openapi_schema(path_prefix="/api/")))


# --- names, descriptions, enums -----------------------------------------------------------------------------


def test_schema_names_read_well_no_standings_out():
    """Issue 17: the docs showed «Standings Out» (the view's name) and ``…Out`` models."""
    schema = _schema()
    names = set(schema["components"]["schemas"])
    assert {"Tournament", "Match", "StandingsRow", "Standings", "Participant", "Error", "MatchPage"} <= names
    assert not [n for n in names if n.endswith("Out") or "_" in n or "[" in n]
    summaries = [op["summary"] for path in schema["paths"].values() for op in path.values()]
    assert not [s for s in summaries if s.endswith(" Out")], summaries
    operation_ids = [op["operationId"] for path in schema["paths"].values() for op in path.values()]
    assert len(set(operation_ids)) == len(operation_ids) and "getStandings" in operation_ids


def test_the_schema_describes_every_field_and_parameter_and_lists_the_enums():
    schema = _schema()
    for name, component in schema["components"]["schemas"].items():
        for field, spec in component.get("properties", {}).items():
            assert spec.get("description"), f"{name}.{field} has no description"
    for path, item in schema["paths"].items():
        for op in item.values():
            for param in op["parameters"]:
                assert param.get("description"), (path, param["name"])
            assert {"404", "422"} & set(op["responses"]) or path == "/api/tournaments"
    props = schema["components"]["schemas"]
    assert props["Match"]["properties"]["state"]["enum"] == [
        "not_started",
        "playing",
        "provisional",
        "under_protest",
        "final",
    ]
    assert "swiss" in props["Tournament"]["properties"]["system"]["enum"]
    assert props["Participant"]["properties"]["status"]["enum"] == ["active", "withdrawn", "removed"]
    assert props["Error"]["properties"]["code"]["enum"][:2] == ["bad_request", "unauthorized"]
    params = {p["name"]: p for p in schema["paths"]["/api/tournaments/{tid}/matches"]["get"]["parameters"]}
    assert set(params) >= {"round", "state", "participant", "table", "limit", "offset", "lang"}
    assert params["limit"]["schema"]["maximum"] == MAX_LIMIT


# --- UTF-8 JSON ---------------------------------------------------------------------------------------------


def test_json_is_utf8_without_unicode_escapes(client, swiss):
    """Issue 17: the 1,000-player standings were 727 KB of ``\\u0418…``; Cyrillic now goes as UTF-8."""
    t, _p = swiss
    base = f"/api/tournaments/{t.pk}"
    for url in (f"{base}/standings", f"{base}/participants", "/api/openapi.json"):
        response = client.get(url)
        assert response["Content-Type"] == "application/json; charset=utf-8"
        assert b"\\u04" not in response.content
    body = client.get(f"/api/tournaments/{t.pk}/standings").content
    assert "Бухгольц".encode() in body


# --- paging -------------------------------------------------------------------------------------------------


def test_every_list_is_paged_with_count_and_links(client, swiss):
    """Issue 17: no list had paging."""
    t, p = swiss
    base = f"/api/tournaments/{t.pk}"
    first = client.get(f"{base}/participants", {"limit": 2}).json()
    assert first["count"] == 5 and first["limit"] == 2 and first["offset"] == 0 and len(first["items"]) == 2
    assert first["previous"] is None and "offset=2" in first["next"] and first["next"].startswith("http")
    second = client.get(first["next"]).json()
    last = client.get(second["next"]).json()
    assert len(second["items"]) == 2 and len(last["items"]) == 1 and last["next"] is None
    assert "offset=2" in last["previous"]
    ids = [x["id"] for page in (first, second, last) for x in page["items"]]
    assert sorted(ids) == sorted(x.pk for x in p.values())
    rows = client.get(f"{base}/standings", {"limit": 3, "offset": 3}).json()["rows"]
    assert rows["count"] == 5 and [r["participant"]["id"] for r in rows["items"]] == [p["d"].pk, p["e"].pk]
    assert "limit=3" in rows["previous"] and rows["next"] is None
    for url in ("/api/tournaments", f"{base}/rounds", f"{base}/matches", f"{base}/brackets"):
        data = client.get(url, {"limit": 1}).json()
        assert set(data) == {"count", "limit", "offset", "next", "previous", "items"}, url
    r1 = client.get(f"{base}/rounds/1", {"limit": 1, "offset": 1}).json()
    assert r1["matches"]["count"] == 3 and [m["table"] for m in r1["matches"]["items"]] == [2]


@pytest.mark.parametrize(
    "query",
    [
        {"limit": 0},
        {"limit": MAX_LIMIT + 1},
        {"limit": "abc"},
        {"offset": -1},
        {"offset": 2**40},
        {"limit": "1e3"},
        {"lang": "de"},
    ],
)
def test_bad_paging_values_are_a_422_json_error_never_a_500(client, swiss, query):
    t, _p = swiss
    for url in (f"/api/tournaments/{t.pk}/matches", f"/api/tournaments/{t.pk}/standings", "/api/tournaments"):
        response = client.get(url, query)
        assert response.status_code == 422, (url, query)
        body = response.json()
        assert body["code"] == "validation_error" and body["message"].startswith("Неверные параметры")
        assert body["details"][0]["param"] == f"query.{next(iter(query))}"


# --- filters ------------------------------------------------------------------------------------------------


def test_the_tournament_wide_matches_and_their_filters(client, swiss):
    t, p = swiss
    url = f"/api/tournaments/{t.pk}/matches"
    every = client.get(url).json()
    published = Match.objects.filter(round__tournament=t).exclude(round__status="draft")
    assert every["count"] == published.count() == 9  # the draft round 4 is hidden
    assert [(m["round"], m["table"]) for m in every["items"]][:4] == [(1, 1), (1, 2), (1, 3), (2, 1)]
    r3 = client.get(url, {"round": 3}).json()
    assert {m["round"] for m in r3["items"]} == {3} and r3["count"] == len(r3["items"])
    mine = client.get(url, {"participant": p["d"].pk}).json()["items"]
    assert [m["round"] for m in mine] == [1, 2, 3]
    assert all(p["d"].pk in (m["player1"]["id"], (m["player2"] or {}).get("id")) for m in mine)
    table1 = client.get(url, {"table": 1, "round": 3}).json()["items"]
    assert len(table1) == 1 and table1[0]["player1"]["id"] == p["a"].pk
    final = client.get(url, {"state": "final"}).json()
    assert final["count"] == 9 and {m["state"] for m in final["items"]} == {"final"}
    assert client.get(url, {"state": "playing"}).json() == {**final, "count": 0, "items": []} | {
        "next": None,
        "previous": None,
        "limit": 100,
        "offset": 0,
    }
    assert client.get(url, {"participant": 2**31 - 1}).json()["count"] == 0
    assert client.get(url, {"state": "lost"}).status_code == 422


def test_the_state_filter_follows_the_clock_and_gives_the_protest_deadline(client, swiss):
    t, _p = swiss
    from django.utils import timezone

    match = t.round_set.get(number=3).matches.get(table=2)
    match.final_at = None
    match.ended_at = timezone.now()
    match.save(update_fields=["final_at", "ended_at"])
    bump_version(t.pk)
    items = client.get(f"/api/tournaments/{t.pk}/matches", {"state": "provisional"}).json()["items"]
    assert [m["id"] for m in items] == [match.pk]
    assert 0 < items[0]["protest_seconds_left"] <= t.protest_window_minutes * 60
    assert items[0]["protest_ends_at"]
    final = client.get(f"/api/tournaments/{t.pk}/matches", {"state": "final", "limit": 3, "offset": 6}).json()
    assert final["count"] == 8 and match.pk not in [m["id"] for m in final["items"]]
    assert [(m["round"], m["table"]) for m in final["items"]] == [(3, 1), (3, 3)]


# --- conditional requests and the cache ---------------------------------------------------------------------


def _urls(t, p) -> list[str]:
    base = f"/api/tournaments/{t.pk}"
    return [
        base,
        f"{base}/rounds",
        f"{base}/rounds/1",
        f"{base}/matches?round=2",
        f"{base}/standings",
        f"{base}/brackets",
        f"{base}/participants",
        f"{base}/participants/{p['a'].pk}",
    ]


def test_an_unchanged_answer_is_a_304_in_one_query_and_a_change_makes_a_new_etag(client, swiss):
    t, p = swiss
    for url in _urls(t, p):
        first = client.get(url)
        etag = first["ETag"]
        assert etag and first["Cache-Control"] == "no-cache", url
        with CaptureQueriesContext(connection) as queries:
            again = client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag, url
        assert len(queries) == 1 and "WHERE" in queries[0]["sql"], (url, [q["sql"] for q in queries])
        # GZipMiddleware hands a compressing client W/"…": it must validate too.
        assert client.get(url, HTTP_IF_NONE_MATCH=f'W/{etag}, "other"').status_code == 304
    url = f"/api/tournaments/{t.pk}/standings"
    etag = client.get(url)["ETag"]
    bump_version(t.pk)  # what a result, a ruling or a publication does in its transaction
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert client.get(url, HTTP_IF_NONE_MATCH=changed["ETag"]).status_code == 304


def test_if_modified_since_and_the_languages_own_etag(client, swiss):
    t, _p = swiss
    Tournament.objects.filter(pk=t.pk).update(changed_at="2026-11-30T10:00:00Z")
    url = f"/api/tournaments/{t.pk}"
    response = client.get(url)
    assert response["Last-Modified"] == "Mon, 30 Nov 2026 10:00:00 GMT"
    assert client.get(url, HTTP_IF_MODIFIED_SINCE=response["Last-Modified"]).status_code == 304
    assert client.get(url, HTTP_IF_MODIFIED_SINCE="Mon, 30 Nov 2026 09:59:59 GMT").status_code == 200
    assert client.get(url, HTTP_IF_MODIFIED_SINCE="not a date").status_code == 200
    english = client.get(url, {"lang": "en"})
    assert english["ETag"] != response["ETag"] and english["Content-Language"] == "en"
    assert client.get(url, {"lang": "en"}, HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 200
    assert "Accept-Language" in response["Vary"]


def test_the_tournament_list_changes_its_etag_with_any_tournament(client, swiss, secretary):
    t, _p = swiss
    etag = client.get("/api/tournaments")["ETag"]
    assert client.get("/api/tournaments", HTTP_IF_NONE_MATCH=etag).status_code == 304
    bump_version(t.pk)
    assert client.get("/api/tournaments", HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_the_standings_are_computed_once_per_version(client, swiss, monkeypatch):
    from standings import ranking

    t, _p = swiss
    calls = []
    real = ranking.compute
    monkeypatch.setattr(ranking, "compute", lambda *a, **k: calls.append(1) or real(*a, **k))
    url = f"/api/tournaments/{t.pk}/standings"
    first = client.get(url).content
    assert client.get(url).content == first
    client.get(url, {"limit": 2})  # another page: the ranking of this version is the pages' one, kept
    client.get(f"/api/tournaments/{t.pk}/participants/{_p['a'].pk}")
    assert len(calls) == 1
    bump_version(t.pk)
    client.get(url)
    assert len(calls) == 2


# --- gzip ---------------------------------------------------------------------------------------------------


def test_large_answers_are_gzipped_for_a_client_that_accepts_it(client, swiss):
    t, _p = swiss
    url = f"/api/tournaments/{t.pk}/standings"
    plain = client.get(url)
    packed = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert "Content-Encoding" not in plain
    assert packed["Content-Encoding"] == "gzip" and "Accept-Encoding" in packed["Vary"]
    assert gzip.decompress(packed.content) == plain.content
    assert len(packed.content) < len(plain.content)


# --- errors -------------------------------------------------------------------------------------------------


def test_errors_are_json_with_a_stable_code_in_the_requests_language(client, swiss):
    t, _p = swiss
    missing = client.get("/api/tournaments/999999")
    assert missing.json() == {"code": "not_found", "message": "Такого турнира нет.", "details": []}
    english = client.get("/api/tournaments/999999", HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9")
    assert english.json()["message"] == "No such tournament." and english["Content-Language"] == "en"
    assert client.get("/api/tournaments/999999", {"lang": "en"}).json()["message"] == "No such tournament."
    german = client.get("/api/tournaments/999999", HTTP_ACCEPT_LANGUAGE="de")
    assert german.json()["message"].startswith("Такого")
    unknown = client.get("/api/no-such-thing")
    assert unknown.status_code == 404 and unknown.json()["code"] == "not_found"
    posted = client.post(f"/api/tournaments/{t.pk}")
    assert posted.status_code == 405 and posted["Allow"] == "GET"
    assert posted.json()["code"] == "method_not_allowed" and "только для чтения" in posted.json()["message"]
    bad = client.get("/api/tournaments/abc", {"lang": "en"}).json()
    assert bad["code"] == "validation_error" and bad["message"] == "Invalid request parameters: tid."
    assert bad["details"][0]["param"] == "path.tid"


@pytest.mark.parametrize(
    ("status", "code", "message"),
    [
        (400, "bad_request", "Неверный запрос."),
        (401, "unauthorized", "Нужно войти в систему."),
        (403, "forbidden", "Доступ запрещён."),
        (429, "too_many_requests", "Слишком много запросов: повторите позже."),
        (500, "server_error", "Ошибка сервера: запрос не обработан."),
    ],
)
def test_any_other_error_under_api_is_the_json_error(status, code, message):
    """What never reaches ninja (a proxy's 429 from django-ratelimit, CSRF's 403, Django's 500 page) still
    answers the API's Error; the pages keep their HTML."""
    middleware = ApiMiddleware(lambda request: HttpResponse("<h1>html</h1>", status=status))
    response = middleware(RequestFactory().get("/api/tournaments"))
    assert response.status_code == status
    assert json.loads(response.content) == {"code": code, "message": message, "details": []}
    page = middleware(RequestFactory().get("/t/1/"))
    assert page.content == b"<h1>html</h1>"


# --- no query per row ---------------------------------------------------------------------------------------


# The same count on a small pair of fields in the inner loop; 100 against 1,000 is `slow` (`make test`;
# issue 26 part 5).
SIZES = [
    pytest.param((10, 100), id="10-100"),
    pytest.param((100, 1000), id="100-1000", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("sizes", SIZES)
def test_no_list_endpoint_makes_a_query_per_row_100_vs_1000_participants(client, sizes):
    """Issue 17: the same number of queries for 100 and for 1,000 participants, cold (nothing cached) and
    warm, on every endpoint."""
    from bench.bench_standings import build_swiss

    def urls(t) -> list[str]:
        base = f"/api/tournaments/{t.pk}"
        pid = t.participants.order_by("pk").first().pk
        return [
            "/api/tournaments",
            base,
            f"{base}/rounds",
            f"{base}/rounds/9?limit={MAX_LIMIT}",
            f"{base}/matches?limit={MAX_LIMIT}",
            f"{base}/matches?state=final&limit={MAX_LIMIT}",
            f"{base}/matches?participant={pid}",
            f"{base}/matches?round=3&table=2",
            f"{base}/standings?limit={MAX_LIMIT}",
            f"{base}/brackets",
            f"{base}/participants?limit={MAX_LIMIT}",
            f"{base}/participants/{pid}",
        ]

    counts: dict[str, list[int]] = {}
    for size in sizes:
        t = build_swiss(size, rounds=9, seed=size)
        for i, url in enumerate(urls(t)):
            client.get(url)  # warm what is not per request (content types, translations)
            cache.clear()
            with CaptureQueriesContext(connection) as cold:
                response = client.get(url)
            assert response.status_code == 200, url
            with CaptureQueriesContext(connection) as warm:
                client.get(url)
            counts.setdefault(i, []).append((len(cold), len(warm)))
    assert all(small == big for small, big in counts.values()), counts
    assert max(cold for small, _big in counts.values() for cold, _warm in [small]) <= 12, counts
