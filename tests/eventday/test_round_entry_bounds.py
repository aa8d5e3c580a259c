"""Hostile submits of the whole-round entry (issue 25 item 10): ids and numbers past any database integer
(10^30: SQLite's 64-bit INTEGER overflows, PostgreSQL's bigint too), and 100,000 nested brackets (Python's
JSON parser recurses) — each answered 400 with a clear message, nothing saved; never a 500. The rows' and the
one row's ids go through one parser (``public.entry.db_int``)."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from draw.models import Match, Round
from tests.factories import make_tournament

pytestmark = [pytest.mark.security, pytest.mark.django_db]

HUGE = 10**30


@pytest.fixture
def rnd(secretary):
    t = make_tournament(secretary, players=8)
    r = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=r.pk).update(status=Round.Status.PUBLISHED)
    return r


def _all(client, rnd, rows):
    client.raise_request_exception = False
    return client.post(reverse("public:round_entry_all", args=[rnd.tournament_id, 1]), {"rows": rows})


def _nothing_saved(rnd):
    assert not Match.objects.filter(round=rnd).exclude(result_kind="").exists()


@pytest.mark.parametrize("match_id", [HUGE, -HUGE, 2**63, -(2**63) - 1])
def test_a_match_id_past_any_database_integer_is_a_400_not_a_500(client, secretary, rnd, match_id):
    m = rnd.matches.get(table=1)
    client.force_login(secretary)
    rows = json.dumps([[m.pk, "7", "3", str(m.version)], [match_id, "7", "1", "0"]])
    response = _all(client, rnd, rows)
    assert response.status_code == 400
    assert "не удалось прочитать" in response.content.decode()
    _nothing_saved(rnd)


def test_100000_nested_brackets_are_a_400_not_a_500(client, secretary, rnd):
    client.force_login(secretary)
    response = _all(client, rnd, "[" * 100_000 + "]" * 100_000)
    assert response.status_code == 400
    assert "не удалось прочитать" in response.content.decode()
    _nothing_saved(rnd)


@pytest.mark.parametrize("field", ["score1", "score2", "version"])
def test_a_score_or_version_of_10_to_the_30_in_the_submit_is_refused_not_a_500(client, secretary, rnd, field):
    m = rnd.matches.get(table=1)
    row = {"score1": "7", "score2": "3", "version": str(m.version), field: str(HUGE)}
    client.force_login(secretary)
    response = _all(client, rnd, json.dumps([[m.pk, row["score1"], row["score2"], row["version"]]]))
    assert response.status_code in (400, 409)
    _nothing_saved(rnd)


@pytest.mark.parametrize("field", ["score1", "score2", "version"])
def test_a_score_or_version_of_10_to_the_30_in_one_row_is_refused_not_a_500(client, secretary, rnd, field):
    m = rnd.matches.get(table=1)
    data = {"score1": "7", "score2": "3", "version": str(m.version), field: str(HUGE)}
    client.force_login(secretary)
    client.raise_request_exception = False
    url = reverse("public:round_entry_row", args=[rnd.tournament_id, 1, m.pk])
    response = client.post(url, data, HTTP_X_ENTRY_ROW="1")
    assert response.status_code in (400, 409)
    _nothing_saved(rnd)


# --- the same ids and numbers in the other views of the family: one parser (``tournaments.validators``) ---


@pytest.mark.parametrize("value", [str(HUGE), str(-HUGE), str(2**63), "7a", "", "True", " 12 "])
def test_the_shared_parser_keeps_what_a_database_holds(value):
    from tournaments.validators import sane_int

    expected = {" 12 ": 12}.get(value)
    assert sane_int(value) == expected
    assert sane_int(2**63 - 1) == 2**63 - 1 and sane_int(True) is None and sane_int(7.0) is None


@pytest.mark.parametrize("field", ["round", "board1"])
def test_a_line_up_for_round_10_to_the_30_is_refused_not_a_500(client, secretary, field):
    from tests.teams.helpers import make_teams

    t = make_tournament(secretary, system="swiss", character="team", rounds=3, boards=2, match_length=5)
    team = make_teams(t, 4, 3)[0]
    ids = list(team.members.order_by("board_order").values_list("pk", flat=True))
    client.force_login(secretary)
    client.raise_request_exception = False
    data = {"round": "1", "board1": ids[0], "board2": ids[1], field: str(HUGE)}
    response = client.post(reverse("public:team_lineup", args=[t.pk, team.pk]), data)
    assert response.status_code == 302
    assert not team.lineups.exists()
    assert "Выберите игрока на каждую доску" in client.get(response.url).content.decode()


def test_a_line_up_for_a_round_far_ahead_is_refused_1_3_4(client, secretary):
    from tests.teams.helpers import make_teams

    t = make_tournament(secretary, system="swiss", character="team", rounds=3, boards=2, match_length=5)
    team = make_teams(t, 4, 3)[0]
    ids = list(team.members.order_by("board_order").values_list("pk", flat=True))
    client.force_login(secretary)
    data = {"round": "40000", "board1": ids[0], "board2": ids[1]}  # past PostgreSQL's smallint
    response = client.post(reverse("public:team_lineup", args=[t.pk, team.pk]), data)
    assert response.status_code == 302
    assert not team.lineups.exists()
    assert "на следующий" in client.get(response.url).content.decode()
