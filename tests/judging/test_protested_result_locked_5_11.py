"""Issue 27 item 2 (004 §5.11, §5.10): with a protest open, the judging panel decides; nobody else changes
the result meanwhile — not on the result's own page (where a plain secretary could change the winner), not
in the whole-round entry, not by a player's protocol. One rule (``draw.results.correction_lock``) for every
path; the page shows the lock instead of offering the form."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import results
from draw.models import Match
from judging.models import JudgingError, MatchProtocol, Protest
from tests.judging.conftest import at, frozen, match_of
from tests.judging.test_file_protest import FORM


def _protested(client, running, participant_user) -> Match:
    m = match_of(running, running.participants.get(person__user=participant_user), 1)
    client.force_login(participant_user)
    with frozen(at(5)):
        response = client.post(reverse("judging:protest_new", args=[running.pk, m.pk]), FORM)
    assert response.status_code == 302 and Protest.objects.filter(match=m, status="filed").exists()
    client.logout()
    m.refresh_from_db()
    return m


def _flipped(m: Match) -> dict:
    return {"kind": "played", "score1": m.score2, "score2": m.score1, "version": m.version}


def test_a_plain_secretary_cannot_overturn_a_protested_result_on_its_page_5_11(
    client, running, participant_user, plain_secretary
):
    m = _protested(client, running, participant_user)
    before = (m.score1, m.score2, m.winner_id, m.version)
    client.force_login(plain_secretary)
    url = reverse("draw:match_result", args=[running.pk, m.pk])
    with frozen(at(6)):
        page = client.get(url).content.decode()
        assert "Опротестован: результат сейчас меняет только" in page and "disabled" in page  # not offered
        response = client.post(url, _flipped(m))
    assert response.status_code == 403
    m.refresh_from_db()
    assert (m.score1, m.score2, m.winner_id, m.version) == before


def test_the_whole_round_entry_refuses_the_protested_row_on_the_server_5_11(
    running, participant_user, plain_secretary, client
):
    m = _protested(client, running, participant_user)
    before = (m.score1, m.score2, m.winner_id)
    with frozen(at(6)):
        try:
            results.record_results(
                running,
                plain_secretary,
                [(m.pk, results.ResultInput("played", m.score2, m.score1), m.version)],
            )
        except results.BatchRefused as refused:
            assert refused.rows[0].table == m.table
        else:
            raise AssertionError("the protested row was saved")
    m.refresh_from_db()
    assert (m.score1, m.score2, m.winner_id) == before


def test_a_players_protocol_does_not_change_a_protested_result_5_11(client, running, participant_user):
    m = _protested(client, running, participant_user)
    before = (m.score1, m.score2, m.winner_id)
    winner = m.winner
    mine, theirs = (7, 0)
    s1, s2 = (mine, theirs) if winner.pk == m.player1_id else (theirs, mine)
    with frozen(at(6)), pytest.raises(JudgingError):
        MatchProtocol.submit(m, winner, s1, s2, "", winner.person.user, at(6))
    m.refresh_from_db()
    assert (m.score1, m.score2, m.winner_id) == before


def test_the_panel_still_corrects_a_protested_result_5_11(client, running, participant_user, chief_judge):
    m = _protested(client, running, participant_user)
    with frozen(at(6)):
        changed = results.record_result(m.pk, chief_judge, results.ResultInput("played", 7, 6), m.version)
    assert (changed.score1, changed.score2) == (7, 6)


def test_draws_open_protest_statuses_are_judgings_5_11():
    assert tuple(results.OPEN_PROTEST) == tuple(Protest.OPEN)
