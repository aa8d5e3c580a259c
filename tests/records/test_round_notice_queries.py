"""The round page's records section reads roles once: its query count does not grow with the tables."""

from __future__ import annotations

from django.db import connection
from django.template import Context, Template
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from draw.models import Match
from records import store
from tests.factories import add_players
from tests.records.conftest import legal_text


def render_section(match, user) -> tuple[str, int]:
    request = RequestFactory().get("/")
    request.user = user
    template = Template("{% load records_tags %}{% round_records t round %}")
    context = Context({"request": request, "t": match.round.tournament, "round": match.round})
    with CaptureQueriesContext(connection) as queries:
        html = template.render(context)
    return html, len(queries)


def test_the_records_section_costs_the_same_for_2_or_6_tables(match, chief_judge, secretary):
    for m in match.round.matches.all():
        store.attach(m, secretary, legal_text(), source="paste")
    html, small = render_section(match, chief_judge)
    assert html.count("records-round") == 1 and html.count("/record/replay/") == 2
    players = add_players(match.round.tournament, 8, start=10)
    for i in range(4):
        m = Match.objects.create(
            round=match.round, table=3 + i, player1=players[2 * i], player2=players[2 * i + 1], match_length=3
        )
        store.attach(m, secretary, legal_text(), source="paste")
    html, big = render_section(match, chief_judge)
    assert html.count("/record/replay/") == 6
    assert big == small
