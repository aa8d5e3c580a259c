"""The match protocol PDF prints each player's private match link as a QR code (issue 14 item 2) when the
site's address is known (``SITE_URL``); revoking a link changes the document's data, so it is made again."""

from __future__ import annotations

import io

import pytest
from django.test import override_settings
from pypdf import PdfReader

from draw import manager as draw_manager
from draw.models import Round
from judging import links
from protocols import documents
from protocols.docs import match as match_protocol
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


@override_settings(SITE_URL="https://nardy.example.org")
def test_the_match_protocol_carries_both_players_links(secretary):
    t = make_tournament(secretary, players=4)
    rnd = draw_manager.draw_round(t, secretary)
    m = rnd.matches.get(table=1)
    assert match_protocol.build(m).links == ()  # a draft's links are nobody's yet
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    m.refresh_from_db()
    data = match_protocol.build(m)
    assert [url for _name, url in data.links] == [
        "https://nardy.example.org" + links.url_for(m, m.player1),
        "https://nardy.example.org" + links.url_for(m, m.player2),
    ]
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(match_protocol.render(data))).pages)
    assert "результат с телефона" in " ".join(text.split())
    before = documents.fingerprint(data)
    links.revoke(m, m.player1, secretary)
    assert documents.fingerprint(match_protocol.build(m)) != before


def test_without_the_sites_address_no_codes_are_printed(secretary):
    t = make_tournament(secretary, players=4)
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    assert match_protocol.build(rnd.matches.get(table=1)).links == ()
