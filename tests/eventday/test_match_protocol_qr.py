"""The match protocol is the table's shared sheet: no player's private match link on it (issue 25 item 6).

With both players' QR codes on one sheet, the winner reported the result through the first and «confirmed»
it through the second: each player's link is on his own slip only (``judging:slips``). With the site's
address known (``SITE_URL``) the protocol of a published round prints one public QR code instead: the
round's page, where its pairings and results are."""

from __future__ import annotations

import dataclasses
import io
import json

import pytest
from django.test import override_settings
from django.urls import reverse
from pypdf import PdfReader

from draw import manager as draw_manager
from draw.models import Round
from judging import links
from protocols import documents
from protocols.docs import match as match_protocol
from protocols.docs import round_protocols
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db

SITE = "https://nardy.example.org"


def _published(secretary):
    t = make_tournament(secretary, players=4)
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    rnd.refresh_from_db()
    return t, rnd


def _pdf_text(pdf: bytes) -> str:
    return " ".join("".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split())


@pytest.mark.security
@override_settings(SITE_URL=SITE)
def test_the_shared_match_protocol_carries_neither_players_private_link(secretary):
    t, rnd = _published(secretary)
    m = rnd.matches.get(table=1)
    tokens = [links.token_for(m, p) for p in (m.player1, m.player2)]
    for data in (match_protocol.build(m), round_protocols.build(rnd)):
        shown = json.dumps(dataclasses.asdict(data), default=str, ensure_ascii=False)
        assert not any(token in shown for token in tokens), "a player's private link on the shared sheet"
        assert reverse("judging:link", args=["x"]).split("x")[0] not in shown  # no /m/… link at all
    for kind, key in (("match", str(m.pk)), ("round_protocols", str(rnd.number))):
        pdf, _hash = documents.render_document(t, kind, key)
        assert not any(token.encode() in pdf for token in tokens)
        assert not any(token in _pdf_text(pdf) for token in tokens)


@override_settings(SITE_URL=SITE)
def test_the_match_protocol_of_a_published_round_links_the_rounds_public_page(secretary):
    t, rnd = _published(secretary)
    m = rnd.matches.get(table=1)
    data = match_protocol.build(m)
    assert data.link == SITE + reverse("public:round", args=[t.pk, rnd.number])
    text = _pdf_text(match_protocol.render(data))
    assert "Пары и результаты тура" in text and "на своём талоне" in text
    # Revoking a player's link changes nothing the protocol shows: it is not made again for that.
    before = documents.fingerprint(data)
    links.revoke(m, m.player1, secretary)
    assert documents.fingerprint(match_protocol.build(m)) == before


@override_settings(SITE_URL=SITE)
def test_a_drafts_protocol_links_nothing(secretary):
    t = make_tournament(secretary, players=4)
    rnd = draw_manager.draw_round(t, secretary)
    assert match_protocol.build(rnd.matches.get(table=1)).link == ""  # nothing of a draft is public


def test_without_the_sites_address_no_code_is_printed(secretary):
    _t, rnd = _published(secretary)
    assert match_protocol.build(rnd.matches.get(table=1)).link == ""
