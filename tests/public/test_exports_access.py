"""Who may download what (issue 17, issue 13 item 7): every export is public data, open to anybody; a draft
round is exported to nobody (the secretary neither); what does not exist is a 404, a bad parameter a 400;
the pages link to their exports; no export runs a query per row."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.bench_standings import build_swiss
from tests.factories import make_tournament
from tests.public.helpers import build_hand_swiss

pytestmark = pytest.mark.django_db


def _url(name: str, t, *args) -> str:
    return reverse(f"public:{name}", args=[t.pk, *args])


def test_a_draft_round_is_exported_to_nobody(client, secretary, participant_user):
    t, _p = build_hand_swiss(secretary)  # round 4 is a draft
    for user in (None, participant_user, secretary):
        client.logout()
        if user is not None:
            client.force_login(user)
        for fmt in ("csv", "xlsx"):
            assert client.get(_url("export_round", t, 4, fmt)).status_code == 404, (user, fmt)
            assert client.get(_url("export_round", t, 3, fmt)).status_code == 200, (user, fmt)


def test_what_does_not_exist_is_a_404(client):
    t, _p = build_hand_swiss()
    assert client.get(_url("export_round", t, 9, "csv")).status_code == 404
    assert client.get(_url("export_standings", t, "pdf")).status_code == 404
    assert client.get(_url("export_crosstable", t, "csv")).status_code == 404  # a Swiss has no crosstable
    assert client.get(reverse("public:export_tournament", args=[10**6])).status_code == 404
    assert client.get(reverse("public:export_standings", args=[10**6, "csv"])).status_code == 404


def test_bad_parameters_are_a_400_never_a_500(client, secretary):
    t, _p = build_hand_swiss()
    assert client.get(_url("export_pairings", t, "csv"), {"dialect": "<script>"}).status_code == 400
    assert client.get(_url("standings", t), {"_export": "pdf"}).status_code == 400
    rr = make_tournament(secretary, players=4, system="round_robin")
    # Nothing published yet: no crosstable, and the standings and lists still export (empty places).
    assert client.get(_url("export_crosstable", rr, "xlsx")).status_code == 404
    assert client.get(_url("export_standings", rr, "xlsx")).status_code == 200
    assert client.get(_url("export_pairings", rr, "xlsx")).status_code == 200
    assert client.get(_url("export_tournament", rr)).status_code == 200


def test_the_pages_link_to_their_exports_for_everybody(client):
    t, _p = build_hand_swiss()
    pages = {
        _url("standings", t): [_url("export_standings", t, "csv"), _url("export_tournament", t)],
        _url("round", t, 2): [_url("export_round", t, 2, "csv"), _url("export_round", t, 2, "xlsx")],
        _url("participants", t): [_url("export_participants", t, "xlsx")],
        _url("detail", t): [_url("export_tournament", t), _url("export_pairings", t, "xlsx")],
    }
    for page, links in pages.items():
        html = client.get(page).content.decode()
        for link in links:
            assert f'href="{link}' in html, (page, link)
        assert "dialect=intl" in html, page  # the plain international CSV is one click away too


def test_a_draft_rounds_page_offers_no_export(client, secretary):
    t, _p = build_hand_swiss(secretary)
    client.force_login(secretary)
    html = client.get(_url("round", t, 4)).content.decode()
    assert "/export/" not in html


def _queries(client, url: str) -> int:
    client.get(url)  # warm what is not per request (content types, translations)
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(captured)


# The same count on a small pair of fields in the inner loop; 100 against 1,000 is `slow` (`make test`;
# issue 26 part 5).
SIZES = [
    pytest.param((10, 100), id="10-100"),
    pytest.param((100, 1000), id="100-1000", marks=pytest.mark.slow),
]


@pytest.mark.parametrize("sizes", SIZES)
def test_no_export_runs_a_query_per_row_100_or_1000_participants(client, sizes, settings):
    settings.DOCUMENTS_BACKGROUND_ABOVE = (
        10**6
    )  # the workbook made in the request (issue 37: else a worker's)
    routes = [
        ("export_tournament", ()),
        ("export_standings", ("csv",)),
        ("export_participants", ("xlsx",)),
        ("export_pairings", ("csv",)),
        ("export_round", (9, "xlsx")),
    ]
    counts: dict[str, list[int]] = {name: [] for name, _args in routes}
    for size in sizes:
        t = build_swiss(size, rounds=9, seed=size)
        for name, args in routes:
            counts[name].append(_queries(client, _url(name, t, *args)))
    assert all(a == b for a, b in counts.values()), counts
    assert max(max(c) for c in counts.values()) <= 10, counts  # a handful, whatever the rounds too


def test_an_unchanged_export_is_a_304_and_a_change_makes_it_anew(client):
    t, _p = build_hand_swiss()
    url = _url("export_tournament", t)
    first = client.get(url)
    etag = first["ETag"]
    assert first.status_code == 200 and etag
    with CaptureQueriesContext(connection) as captured:
        again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and not again.content
    assert len(captured) == 1  # the version: nothing computed
    t.name = "Кубок, переименованный"
    t.save()  # bumps the version
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
