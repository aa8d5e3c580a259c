"""The whole-round entry, issue 28 §4 and issue 37: a score that replaces a stored result (the players'
reported or confirmed one, or one entered before) or an unlikely one is saved only by a second Enter with the
same score, on every path (the script's row, the plain form, the one submit); a score no match of that length
can reach is refused everywhere (003 «Куб удвоения»); the page shows 100 tables at a time and ``?table=N``
opens the page of table N (the «стол №» field), ``?part=rows`` a page's rows only."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from django.utils import timezone

from draw import manager as draw_manager
from draw import results
from draw.models import ResultKind, Round
from judging.errors import JudgingError
from judging.models import MatchProtocol
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db

ROW = {"HTTP_X_ENTRY_ROW": "1"}


def _published(secretary, players: int = 8, **settings):
    t = make_tournament(secretary, players=players, **settings)
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    return t, rnd


def _row_url(t, m):
    return reverse("public:round_entry_row", args=[t.pk, m.round.number, m.pk])


def _entry(t, number: int = 1) -> str:
    return reverse("public:round_entry", args=[t.pk, number])


def _confirmed_by_both(m, score1=7, score2=3):
    """The winner hands in 7:3 through his protocol, the opponent signs it (003 «Протоколы»)."""
    now = timezone.now()
    protocol = MatchProtocol.submit(m, m.player1, score1, score2, "", None, now)
    protocol.answer(m.player2, True, "", None, now)
    m.refresh_from_db()
    return m


def _scores(m):
    m.refresh_from_db()
    return (m.result_kind, m.score1, m.score2)


# --- issue 28 §4: a second Enter before a stored result is replaced ------------------------------------


def test_003_protocols_a_score_both_players_confirmed_is_not_replaced_by_one_enter(client, secretary):
    t, rnd = _published(secretary)
    m = _confirmed_by_both(rnd.matches.get(table=1))
    client.force_login(secretary)
    response = client.post(_row_url(t, m), {"score1": 77, "score2": 1, "version": m.version}, **ROW)
    assert response.status_code == 400  # 77:1 cannot end a match to 7 at all
    response = client.post(_row_url(t, m), {"score1": 7, "score2": 1, "version": m.version}, **ROW)
    html = response.content.decode()
    assert response.status_code == 400
    assert "7:3, подтверждённый обоими игроками" in html and 'class="entry-row confirm"' in html.replace(
        " failed", ""
    )
    assert 'name="confirm" value="7:1"' in html
    assert _scores(m) == ("played", 7, 3)
    # The second Enter: the same score with the row's confirm field.
    response = client.post(
        _row_url(t, m), {"score1": 7, "score2": 1, "version": m.version, "confirm": "7:1"}, **ROW
    )
    assert response.status_code == 200
    assert _scores(m) == ("played", 7, 1)


def test_a_confirmation_holds_for_the_score_it_was_given_for_only(client, secretary):
    t, rnd = _published(secretary)
    m = _confirmed_by_both(rnd.matches.get(table=1))
    client.force_login(secretary)
    response = client.post(
        _row_url(t, m), {"score1": 7, "score2": 2, "version": m.version, "confirm": "7:1"}, **ROW
    )
    assert response.status_code == 400 and 'name="confirm" value="7:2"' in response.content.decode()
    assert _scores(m) == ("played", 7, 3)


def test_a_result_entered_before_and_a_reported_one_take_a_second_enter_too(client, secretary):
    t, rnd = _published(secretary)
    entered, reported = rnd.matches.get(table=1), rnd.matches.get(table=2)
    results.record_result(entered.pk, secretary, results.ResultInput(ResultKind.PLAYED, 7, 2), 0)
    entered.refresh_from_db()
    MatchProtocol.submit(reported, reported.player2, 1, 7, "", None, timezone.now())
    reported.refresh_from_db()
    client.force_login(secretary)
    html = client.post(_row_url(t, entered), {"score1": 7, "score2": 4, "version": entered.version}, **ROW)
    assert "7:2, введённый ранее" in html.content.decode()
    html = client.post(_row_url(t, reported), {"score1": 7, "score2": 1, "version": reported.version}, **ROW)
    assert f"1:7, который передал {reported.player2}" in html.content.decode()
    assert _scores(entered) == ("played", 7, 2) and _scores(reported) == ("played", 1, 7)
    # The stored score typed again is no change and needs nothing.
    same = client.post(_row_url(t, entered), {"score1": 7, "score2": 2, "version": entered.version}, **ROW)
    assert same.status_code == 200


def test_a_stale_row_is_still_a_conflict_not_a_warning(client, secretary):
    t, rnd = _published(secretary)
    m = rnd.matches.get(table=1)
    results.record_result(m.pk, secretary, results.ResultInput(ResultKind.PLAYED, 7, 2), 0)
    client.force_login(secretary)
    response = client.post(_row_url(t, m), {"score1": 3, "score2": 7, "version": 0}, **ROW)
    assert response.status_code == 409


def test_003_cube_an_unlikely_score_takes_a_second_enter_and_an_unreachable_one_is_refused(client, secretary):
    t, rnd = _published(secretary)
    m = rnd.matches.get(table=1)
    client.force_login(secretary)
    response = client.post(_row_url(t, m), {"score1": 70, "score2": 1, "version": 0}, **ROW)
    assert response.status_code == 400
    assert "70 очков в матче до 7" in response.content.decode()
    assert _scores(m) == ("", None, None)
    response = client.post(
        _row_url(t, m), {"score1": 70, "score2": 1, "version": 0, "confirm": "70:1"}, **ROW
    )
    assert response.status_code == 200 and _scores(m) == ("played", 70, 1)
    other = rnd.matches.get(table=2)
    response = client.post(
        _row_url(t, other), {"score1": 77, "score2": 1, "version": 0, "confirm": "77:1"}, **ROW
    )
    assert response.status_code == 400 and "недостижим" in response.content.decode()
    assert _scores(other) == ("", None, None)


def test_003_cube_77_1_is_refused_by_the_result_form_and_the_players_protocol_too(client, secretary):
    t, rnd = _published(secretary)
    m = rnd.matches.get(table=1)
    client.force_login(secretary)
    url = reverse("draw:match_result", args=[t.pk, m.pk])
    response = client.post(url, {"kind": "played", "score1": 77, "score2": 1, "version": 0})
    assert response.status_code in (200, 400) and "недостижим" in response.content.decode()
    with pytest.raises(JudgingError, match="недостижим"):
        MatchProtocol.submit(m, m.player1, 77, 1, "", None, timezone.now())
    assert _scores(m) == ("", None, None)


def test_without_javascript_the_warning_comes_back_on_the_page_and_a_second_submit_saves(client, secretary):
    t, rnd = _published(secretary)
    m = _confirmed_by_both(rnd.matches.get(table=3))
    client.force_login(secretary)
    response = client.post(_row_url(t, m), {"score1": 7, "score2": 5, "version": m.version})
    page = response.content.decode()
    assert response.status_code == 400 and "<html" in page
    assert 'name="confirm" value="7:5"' in page and "подтверждённый обоими игроками" in page
    assert _scores(m) == ("played", 7, 3)
    response = client.post(_row_url(t, m), {"score1": 7, "score2": 5, "version": m.version, "confirm": "7:5"})
    assert response.status_code == 302 and _scores(m) == ("played", 7, 5)


def test_the_one_submit_replaces_a_stored_result_only_when_the_row_was_confirmed(client, secretary):
    t, rnd = _published(secretary)
    m = _confirmed_by_both(rnd.matches.get(table=1))
    fresh = rnd.matches.get(table=2)
    client.force_login(secretary)
    url = reverse("public:round_entry_all", args=[t.pk, 1])
    rows = [[m.pk, "7", "1", str(m.version)], [fresh.pk, "7", "0", "0"]]
    response = client.post(url, {"rows": json.dumps(rows)})
    page = response.content.decode()
    assert response.status_code == 400 and "стол 1" in page and 'name="confirm" value="7:1"' in page
    assert _scores(m) == ("played", 7, 3) and _scores(fresh) == ("", None, None)  # together or not at all
    rows[0].append("7:1")
    assert client.post(url, {"rows": json.dumps(rows)}).status_code == 302
    assert _scores(m) == ("played", 7, 1) and _scores(fresh) == ("played", 7, 0)


# --- issue 37: 100 tables a page, the «стол №» jump across pages -----------------------------------------


@pytest.fixture
def big(secretary):
    """250 players: 125 tables, two pages."""
    return _published(secretary, players=250)


def _tables(html: str) -> list[int]:
    import re

    return [int(n) for n in re.findall(r'id="t(\d+)"', html)]


def test_the_page_shows_100_tables_and_links_the_others(client, secretary, big):
    t, rnd = big
    client.force_login(secretary)
    first = client.get(_entry(t)).content.decode()
    assert _tables(first) == list(range(1, 101))
    assert 'data-page="2"' in first and "101–125" in first
    second = client.get(_entry(t) + "?page=2").content.decode()
    assert _tables(second) == list(range(101, 126))
    part = client.get(_entry(t) + "?page=2&part=rows").content.decode()
    assert "<html" not in part and _tables(part) == list(range(101, 126)) and 'data-pages="2"' in part


def test_the_table_field_opens_the_page_holding_the_table(client, secretary, big):
    t, rnd = big
    client.force_login(secretary)
    response = client.get(_entry(t) + "?table=117")
    assert response.status_code == 302 and response.url == _entry(t) + "?page=2#t117"
    part = client.get(_entry(t) + "?table=117&part=rows").content.decode()
    assert 117 in _tables(part) and 'data-page="2"' in part and 'data-target="117"' in part
    missing = client.get(_entry(t) + "?table=999&part=rows")
    assert missing.status_code == 404 and "Нет стола 999" in missing.content.decode()
    plain = client.get(_entry(t) + "?table=abc")
    assert plain.status_code == 404 and "Нет стола abc" in plain.content.decode()
    assert client.get(_entry(t) + "?table=").status_code == 200  # the field sent empty: the page


def test_with_only_tables_without_a_result_the_field_still_finds_a_table_that_has_one(client, secretary, big):
    t, rnd = big
    m = rnd.matches.get(table=5)
    results.record_result(m.pk, secretary, results.ResultInput(ResultKind.PLAYED, 7, 2), 0)
    client.force_login(secretary)
    part = client.get(_entry(t) + "?todo=1&table=5&part=rows").content.decode()
    assert _tables(part) == [5]
    response = client.get(_entry(t) + "?todo=1&table=5")
    assert response.status_code == 302 and response.url == _entry(t) + "#t5"


def test_without_javascript_a_saved_row_leads_to_the_next_table_on_its_page(client, secretary, big):
    t, rnd = big
    m = rnd.matches.get(table=100)
    client.force_login(secretary)
    response = client.post(_row_url(t, m), {"score1": 7, "score2": 0, "version": 0})
    assert response.status_code == 302 and response.url == _entry(t) + "?page=2#t101"


def test_the_page_renders_one_page_of_rows_whatever_the_round(
    client, secretary, big, django_assert_max_num_queries
):
    t, rnd = big
    client.force_login(secretary)
    with django_assert_max_num_queries(25):
        html = client.get(_entry(t) + "?page=2").content.decode()
    assert html.count('name="score1"') == 25
