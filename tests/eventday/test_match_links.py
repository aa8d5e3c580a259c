"""Private match links (issue 14 item 2): the winner hands in the score through his link, the opponent
confirms or disputes on his own, either protests within the window (004 §5.10); a token opens its match for
its player only — another match's, a revoked or a tampered token is a 404 and changes nothing."""

from __future__ import annotations

import pytest
from django.test import override_settings
from django.urls import reverse

from draw import manager as draw_manager
from draw.models import Round
from judging import links
from judging.models import MatchProtocol, Protest
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def rnd(secretary, chief_judge):
    t = make_tournament(secretary, chief_judge, players=8)
    r = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=r.pk).update(status=Round.Status.PUBLISHED)
    r.refresh_from_db()
    return r


def _url(m, p):
    return links.url_for(m, p)


def test_the_winner_hands_in_7_4_and_the_opponent_confirms_on_his_own_link_003(client, rnd):
    m = rnd.matches.get(table=1)
    winner, loser = m.player2, m.player1
    response = client.post(_url(m, winner), {"action": "report", "mine": 7, "theirs": 4})
    assert response.status_code == 302
    m.refresh_from_db()
    assert (m.score1, m.score2, m.winner_id) == (4, 7, winner.pk)
    protocol = MatchProtocol.objects.get(match=m)
    assert (protocol.submitted_by_id, protocol.status) == (winner.pk, "submitted")
    page = client.get(_url(m, loser)).content.decode()
    assert 'id="answer"' in page and "4 : 7" in page
    assert client.post(_url(m, loser), {"action": "answer", "confirm": "1"}).status_code == 302
    protocol.refresh_from_db()
    assert protocol.status == "confirmed"
    # The winner cannot confirm his own protocol.
    assert client.post(_url(m, winner), {"action": "answer", "confirm": "1"}).status_code == 403


def test_the_loser_cannot_hand_in_a_result_he_lost_003(client, rnd):
    m = rnd.matches.get(table=1)
    response = client.post(_url(m, m.player1), {"action": "report", "mine": 3, "theirs": 7})
    assert response.status_code == 400
    assert "выигравший матч" in response.content.decode()
    m.refresh_from_db()
    assert m.result_kind == "" and not MatchProtocol.objects.exists()


def test_the_opponent_disputes_with_a_reason(client, rnd):
    m = rnd.matches.get(table=2)
    client.post(_url(m, m.player1), {"action": "report", "mine": 7, "theirs": 5})
    no_reason = client.post(_url(m, m.player2), {"action": "answer", "confirm": "0", "dispute": ""})
    assert no_reason.status_code == 400
    client.post(_url(m, m.player2), {"action": "answer", "confirm": "0", "dispute": "было 7:6"})
    assert MatchProtocol.objects.get(match=m).status == "disputed"


def test_a_protest_through_the_link_within_the_window_5_10(client, rnd):
    m = rnd.matches.get(table=1)
    client.post(_url(m, m.player1), {"action": "report", "mine": 7, "theirs": 2})
    response = client.post(
        _url(m, m.player2), {"action": "protest", "reasons": "кость упала", "arguments": "видел судья"}
    )
    assert response.status_code == 302
    protest = Protest.objects.get(match=m)
    assert protest.protester_id == m.player2_id and protest.filed_by_id is None
    assert "№ 1" in client.get(_url(m, m.player2)).content.decode()


def test_another_matchs_revoked_or_tampered_token_opens_nothing_and_changes_nothing(client, rnd, secretary):
    m1, m2 = rnd.matches.get(table=1), rnd.matches.get(table=2)
    mine = links.token_for(m1, m1.player1)
    other = links.token_for(m2, m2.player1)
    # A token opens only its own match: the page of the other token names the other table.
    assert "стол 2" in client.get(reverse("judging:link", args=[other])).content.decode().lower()
    # The same ids with a forged signature, an altered id, an altered generation.
    value, signature = mine.rsplit(".", 1)
    forged = [
        f"{value}.{signature[:-2]}AA",
        f"{m2.pk}-{m1.player1_id}-0.{signature}",
        f"{m1.pk}-{m1.player1_id}-1.{signature}",
        "garbage",
    ]
    for token in forged:
        url = reverse("judging:link", args=[token])
        assert client.get(url).status_code == 404
        assert client.post(url, {"action": "report", "mine": 7, "theirs": 0}).status_code == 404
    links.revoke(m1, m1.player1, secretary)
    url = reverse("judging:link", args=[mine])
    assert client.get(url).status_code == 404
    assert client.post(url, {"action": "report", "mine": 7, "theirs": 0}).status_code == 404
    for m in (m1, m2):
        m.refresh_from_db()
        assert m.result_kind == ""
    assert not MatchProtocol.objects.exists()
    # The new link works.
    assert client.get(links.url_for(m1, m1.player1)).status_code == 200
    assert rnd.tournament.audit.filter(action="link_revoked").count() == 1


def test_a_link_of_a_draft_round_opens_nothing(client, secretary):
    t = make_tournament(secretary, players=4)
    r = draw_manager.draw_round(t, secretary)
    m = r.matches.first()
    assert client.get(_url(m, m.player1)).status_code == 404


@override_settings(MATCH_LINK_BAD_RATE="3/m")
def test_guessing_tokens_is_rate_limited_per_address(client, rnd):
    codes = [client.get(reverse("judging:link", args=[f"1-1-0.guess{i}"])).status_code for i in range(5)]
    assert codes == [404, 404, 404, 429, 429]
    m = rnd.matches.get(table=1)
    assert client.get(_url(m, m.player1)).status_code == 200  # a real link still opens


def test_the_slips_are_the_runners_and_carry_each_players_link_as_a_qr_code(client, rnd, stranger):
    t = rnd.tournament
    url = reverse("judging:slips", args=[t.pk, 1])
    assert client.get(url).status_code == 403
    client.force_login(stranger)
    assert client.get(url).status_code == 403
    client.force_login(t.created_by)
    html = client.get(url).content.decode()
    m = rnd.matches.get(table=1)
    link = "http://testserver" + links.url_for(m, m.player1)
    assert f'data-text="{link}"' in html and f'href="{link}"' in html
    assert html.count('class="slip"') == 2 * rnd.matches.filter(player2__isnull=False).count()


def test_the_qr_code_encodes_the_link(rnd):
    from tournaments import qr

    m = rnd.matches.get(table=1)
    cells = qr.matrix("http://testserver" + links.url_for(m, m.player1))
    assert len(cells) >= 21 and len(cells) % 4 == 1  # a QR version's size: 17 + 4v
    # Finder patterns in three corners.
    for r0, c0 in ((0, 0), (0, len(cells) - 7), (len(cells) - 7, 0)):
        assert all(cells[r0][c0 + i] for i in range(7)) and all(cells[r0 + i][c0] for i in range(7))
