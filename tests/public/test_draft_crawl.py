"""Nothing of a draft is public anywhere (issue 13 item 7).

Every public page, export, API endpoint and public document is read as a visitor and as a participant before a
round is drawn and again once it is drawn as a draft: the two crawls must be the same, byte for byte (time
frozen, CSRF tokens and document ids aside). Scenarios: a bracket whose round 1 is a draft, a mixed event
whose groups are a draft, a mixed event whose playoff is a draft, and a Swiss whose round 2 is a draft.
"""

from __future__ import annotations

import datetime
import io
import re

import openpyxl
import pytest
import time_machine
from django.contrib.auth.models import User
from django.http import Http404
from django.urls import reverse

from draw import manager as draw_manager
from draw import results
from draw.models import Match, Round
from protocols import documents
from protocols.documents import fingerprint
from tests.factories import make_tournament
from tournaments.models import Tournament

pytestmark = pytest.mark.security

FROZEN = datetime.datetime(2026, 12, 5, 12, 0, tzinfo=datetime.UTC)


def _publish_and_play(t: Tournament, user, number: int) -> None:
    rnd = draw_manager.draw_round(t, user, expected_number=number, seed=number)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    for m in Match.objects.filter(round=rnd, result_kind="", player2__isnull=False):
        score = (7, 3) if m.pk % 2 else (2, 7)
        results.record_result(m.pk, user, results.ResultInput("played", *score), m.version)


def _urls(t: Tournament) -> list[str]:
    pk = t.pk
    r = lambda name, *args: reverse(name, args=[pk, *args])  # noqa: E731
    urls = [
        r("public:detail"),
        r("public:participants"),
        r("public:standings"),
        r("public:standings") + "?_export=csv",
        r("public:standings") + "?_export=xlsx",
        r("public:crosstable"),
        r("public:crosstable") + "?_export=csv",
        r("public:crosstable") + "?_export=csv&section=1",
        r("public:export_tournament"),
        r("public:export_pairings", "csv"),
        r("public:export_pairings", "xlsx"),
        r("public:export_standings", "csv") + "?dialect=intl",
        r("public:export_standings", "xlsx"),
        r("public:export_crosstable", "csv") + "?section=1",
        r("public:export_crosstable", "xlsx"),
        r("public:export_participants", "csv"),
        r("public:bracket"),
        r("public:screen"),
        r("public:home_live"),
        r("registration:protocol"),
        r("protocols:list"),
        f"/api/tournaments/{pk}",
        f"/api/tournaments/{pk}/rounds",
        f"/api/tournaments/{pk}/standings",
        f"/api/tournaments/{pk}/brackets",
        f"/api/tournaments/{pk}/participants",
        "/api/tournaments",
        "/",
    ]
    for number in range(1, 8):
        urls += [
            r("public:round", number),
            r("public:round_live", number),
            r("public:export_round", number, "csv"),
            r("public:export_round", number, "xlsx"),
            f"/api/tournaments/{pk}/rounds/{number}",
        ]
        urls.append(r("protocols:document_key", "pairings", number))
    for stage in range(1, 4):
        urls.append(r("protocols:document_key", "bracket", stage))
    for kind in ["standings", "crosstable", "final"]:
        urls.append(r("protocols:document", kind))
    for p in t.participants.all():
        urls += [r("public:participant", p.pk), f"/api/tournaments/{pk}/participants/{p.pk}"]
    return urls


def _public_documents(t: Tournament) -> dict:
    """What each public PDF would show: its data's fingerprint (the PDF is rendered from exactly that)."""
    out = {}
    for kind, key in [("standings", ""), ("crosstable", ""), ("bracket", "1"), ("bracket", "2")]:
        try:
            public = documents.spec(kind).public(t, key)
            out[(kind, key)] = fingerprint(documents.build_data(t, kind, key)) if public else "refused"
        except Http404:  # no such stage: as refused as a stage not yet public
            out[(kind, key)] = "refused"
    return out


def _normal(response) -> object:
    """The content as a visitor reads it. Aside: CSRF tokens, document ids, and the tournament's status (it
    says "running" once anything is drawn — that a draw has begun, none of what it drew)."""
    if response["Content-Type"].startswith("application/vnd.openxmlformats"):
        book = openpyxl.load_workbook(io.BytesIO(response.content))
        return [(s.title, [[c.value for c in row] for row in s.iter_rows()]) for s in book.worksheets]
    content = re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b"", response.content)
    content = re.sub(rb"/documents/\d+/", b"/documents/N/", content)
    content = re.sub(rb'"status":( ?)"running"', rb'"status":\1"draft"', content)  # the API's JSON is compact
    content = content.replace(b'class="badge running"', b'class="badge draft"')  # the list's status badge
    return content.replace("проводится".encode(), "подготовка".encode())


def _crawl(client, t: Tournament, urls: list[str], users: list) -> dict:
    seen = {}
    for user in users:
        client.logout()
        if user is not None:
            client.force_login(user)
        for url in urls:
            response = client.get(url)
            assert response.status_code != 500, url
            body = _normal(response) if response.status_code == 200 else b"refused"
            seen[(getattr(user, "username", None), url)] = (response.status_code < 400, body)
    seen["documents"] = _public_documents(t)
    return seen


def _mixed(secretary):
    return make_tournament(secretary, players=8, system="mixed", group_count=2, qualifiers_per_group=2)


SCENARIOS = {
    "bracket round 1": (lambda s: make_tournament(s, players=8, system="single_elimination"), 0),
    "mixed groups": (_mixed, 0),
    "mixed playoff": (_mixed, 3),
    "swiss round 2": (lambda s: make_tournament(s, players=8, system="swiss", rounds=5), 1),
}


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_every_public_page_and_endpoint_is_the_same_with_a_draft_present(client, secretary, scenario):
    build, played = SCENARIOS[scenario]
    with time_machine.travel(FROZEN, tick=False):
        t = build(secretary)
        for number in range(1, played + 1):
            _publish_and_play(t, secretary, number)
        player = t.participants.select_related("person__user").first().person
        account = User.objects.create_user("crawler", password="x")  # a participant's own account
        player.user = account
        player.save()
        urls = _urls(t)
        before = _crawl(client, t, urls, [None, account])
        draft = draw_manager.draw_round(t, secretary, expected_number=played + 1, seed=99)
        assert draft.status == Round.Status.DRAFT and draft.matches.exists()
        after = _crawl(client, t, urls, [None, account])
    changed = [key for key in before if before[key] != after[key]]
    assert not changed, changed
