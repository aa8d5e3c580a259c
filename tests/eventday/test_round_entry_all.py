"""A whole round saved with one submit (issue 20 item 6): every row typed on the whole-round entry page is
saved in one transaction, with one bump of the tournament's version, or none is; a refused row refuses the
submit, named with its reason, and nothing is saved. The checks are the single row's (the optimistic lock,
the panel's rulings 004 §6.1.2 items 1–2, a result under protest 004 §5.10, the score)."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from draw import manager as draw_manager
from draw import results
from draw.models import Match, ResultKind, Round
from tests.factories import make_tournament
from tournaments.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db


def _published(secretary, judge=None, players: int = 8):
    t = make_tournament(secretary, judge, players=players)
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    return t, rnd


def _url(t, number: int = 1) -> str:
    return reverse("public:round_entry_all", args=[t.pk, number])


def _typed(matches, scores=None, extra=()) -> dict[str, str]:
    """The submit of every row of ``matches`` as the page's script sends it: 7:<n> by default, or the scores
    given per table; ``extra`` rows as they are."""
    rows = []
    for i, m in enumerate(matches):
        s1, s2 = (scores or {}).get(m.table, (7, i % 7))
        rows.append([m.pk, str(s1), str(s2), str(m.version)])
    return {"rows": json.dumps([*rows, *extra])}


def _open(rnd):
    return list(rnd.matches.exclude(player2=None).order_by("table"))


def test_every_row_typed_is_saved_at_once_with_one_version_bump(client, secretary):
    t, rnd = _published(secretary, players=12)
    matches = _open(rnd)
    version = Tournament.objects.get(pk=t.pk).version
    client.force_login(secretary)
    response = client.post(_url(t), _typed(matches))
    assert response.status_code == 302
    assert response.url == reverse("public:round_entry", args=[t.pk, 1])
    saved = {m.table: m for m in Match.objects.filter(round=rnd)}
    for i, m in enumerate(matches):
        got = saved[m.table]
        assert (got.result_kind, got.score1, got.score2, got.winner_id) == ("played", 7, i % 7, m.player1_id)
        assert got.version == m.version + 1 and got.ended_at is not None
    assert Tournament.objects.get(pk=t.pk).version == version + 1
    logged = AuditEntry.objects.filter(tournament=t, action="result")
    assert sorted(e.data["match"] for e in logged) == sorted(m.pk for m in matches)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.FINISHED  # every table has its result: the round is finished


def test_a_bad_row_in_the_middle_refuses_the_whole_submit_named_and_nothing_is_saved(client, secretary):
    t, rnd = _published(secretary, players=12)
    matches = _open(rnd)
    middle = matches[3]
    version = Tournament.objects.get(pk=t.pk).version
    client.force_login(secretary)
    response = client.post(_url(t), _typed(matches, {middle.table: (7, 7)}))
    assert response.status_code == 400
    html = response.content.decode()
    assert f"стол {middle.table}: " in html and "Ничего не сохранено" in html
    assert "может набрать только один игрок" in html
    # Every typed score stays on the page to be corrected.
    assert html.count('value="7"') >= len(matches)
    assert not Match.objects.filter(round=rnd).exclude(result_kind="").exists()
    assert Match.objects.filter(round=rnd, version__gt=0).count() == 0
    assert Tournament.objects.get(pk=t.pk).version == version
    assert not AuditEntry.objects.filter(tournament=t, action="result").exists()


def test_a_stale_row_is_a_conflict_409_and_nothing_of_the_submit_is_saved(client, secretary):
    t, rnd = _published(secretary)
    matches = _open(rnd)
    results.record_result(matches[1].pk, secretary, results.ResultInput(ResultKind.PLAYED, 7, 2), 0)
    client.force_login(secretary)
    data = _typed(matches)  # the page was opened before the result of table 2 was entered: version 0
    response = client.post(_url(t), data)
    assert response.status_code == 409
    assert f"стол {matches[1].table}: " in response.content.decode()
    assert Match.objects.filter(round=rnd).exclude(result_kind="").count() == 1
    assert (Match.objects.get(pk=matches[1].pk).score2) == 2


def test_a_result_under_protest_in_the_submit_refuses_it_5_10(client, secretary):
    from django.utils import timezone

    from judging.models import Protest

    t, rnd = _published(secretary)
    matches = _open(rnd)
    m = matches[0]
    results.record_result(m.pk, secretary, results.ResultInput(ResultKind.PLAYED, 7, 2), 0)
    m.refresh_from_db()
    Protest.file(m, m.player2, None, "причины", "доводы", "", [], timezone.now(), by_link=True)
    client.force_login(secretary)
    response = client.post(_url(t), _typed(matches, {m.table: (7, 5)}))
    assert response.status_code == 400 and "Опротестован" in response.content.decode()
    m.refresh_from_db()
    assert (m.score1, m.score2) == (7, 2)
    assert not Match.objects.filter(round=rnd, pk__in=[x.pk for x in matches[1:]]).exclude(result_kind="")


def test_rows_left_empty_or_as_stored_are_left_alone(client, secretary):
    t, rnd = _published(secretary)
    first, second, third, _fourth = _open(rnd)
    results.record_result(first.pk, secretary, results.ResultInput(ResultKind.PLAYED, 7, 2), 0)
    first.refresh_from_db()
    data = _typed([first, second], {first.table: (7, 2)}, extra=[[third.pk, "", "", "0"]])
    client.force_login(secretary)
    assert client.post(_url(t), data).status_code == 302
    first_after = Match.objects.get(pk=first.pk)
    assert first_after.version == first.version  # as stored: not saved again, no correction
    assert Match.objects.get(pk=second.pk).result_kind == "played"
    assert Match.objects.get(pk=third.pk).result_kind == ""


@pytest.mark.parametrize("who", ["anonymous", "stranger", "other_secretary"])
def test_nobody_but_the_tournaments_runners_saves_a_round(client, secretary, who, request):
    t, rnd = _published(secretary)
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    response = client.post(_url(t), _typed(_open(rnd)))
    assert response.status_code in (302, 403)
    if response.status_code == 302:
        assert "login" in response.url
    assert not Match.objects.filter(round=rnd).exclude(result_kind="").exists()


def test_a_finished_tournament_saves_nothing_and_offers_no_submit(client, secretary):
    t, rnd = _published(secretary)
    Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.FINISHED)
    client.force_login(secretary)
    html = client.get(reverse("public:round_entry", args=[t.pk, 1])).content.decode()
    assert _url(t) not in html
    response = client.post(_url(t), _typed(_open(rnd)))
    assert response.status_code == 400
    assert not Match.objects.filter(round=rnd).exclude(result_kind="").exists()


def test_a_draft_round_is_refused(client, secretary):
    t = make_tournament(secretary, players=8)
    rnd = draw_manager.draw_round(t, secretary)
    client.force_login(secretary)
    assert client.post(_url(t), _typed(_open(rnd))).status_code == 403
    assert not Match.objects.filter(round=rnd).exclude(result_kind="").exists()


def _submit_queries(client, secretary, rows: int) -> int:
    t, rnd = _published(secretary, players=2 * rows)
    data = _typed(_open(rnd))
    with CaptureQueriesContext(connection) as ctx:
        response = client.post(_url(t), data)
    assert response.status_code == 302
    assert Match.objects.filter(round=rnd, result_kind="played").count() == rows
    return len(ctx.captured_queries)


def test_a_submit_of_100_rows_makes_the_queries_of_a_submit_of_10(client, secretary):
    client.force_login(secretary)
    ten = _submit_queries(client, secretary, 10)
    hundred = _submit_queries(client, secretary, 100)
    # No query per row: only the backend's batches of the one UPDATE grow (SQLite's 999 parameters a query;
    # PostgreSQL takes it in one), as Django's bulk_update counts them.
    size = connection.ops.bulk_batch_size(["pk", "pk", *results._BATCH_FIELDS], list(range(100)))
    extra = -(-100 // size) - -(-10 // size)
    assert hundred == ten + extra, (ten, hundred, extra)


def test_the_page_offers_the_submit_of_every_row(client, secretary):
    t, rnd = _published(secretary)
    client.force_login(secretary)
    html = client.get(reverse("public:round_entry", args=[t.pk, 1])).content.decode()
    assert f'action="{_url(t)}"' in html
    for m in _open(rnd):
        assert f'data-match="{m.pk}"' in html


@pytest.mark.parametrize(
    "rows",
    [
        "not json",
        '{"a": 1}',
        "[[1, 2]]",
        '[["1", "7", "3", "0"]]',
        '[[true, "7", "3", "0"]]',
        "[[1, [7], 3, 0]]",
    ],
)
def test_a_submit_that_cannot_be_read_is_refused_and_saves_nothing(client, secretary, rows):
    t, rnd = _published(secretary)
    client.force_login(secretary)
    response = client.post(_url(t), {"rows": rows})
    assert response.status_code == 400
    assert "не удалось прочитать" in response.content.decode()
    assert not Match.objects.filter(round=rnd).exclude(result_kind="").exists()


def test_a_round_of_400_tables_goes_in_one_submit(client, secretary):
    """One field for the rows: three fields a row would pass Django's limit of 1,000 fields a POST."""
    t, rnd = _published(secretary, players=800)
    client.force_login(secretary)
    response = client.post(_url(t), _typed(_open(rnd)))
    assert response.status_code == 302
    assert Match.objects.filter(round=rnd, result_kind="played").count() == 400
