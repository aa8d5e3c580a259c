"""The whole-round result entry (issue 14 item 1): every table on one page, each row saved on its own with
the single form's validation, optimistic lock and 409; locked rows read-only with the reason, refused by the
server too; the answer to a row is that row's HTML only."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from draw import manager as draw_manager
from draw import results
from draw.models import Match, ResultKind, Round
from registration.models import Person
from tests.factories import make_tournament, make_user

pytestmark = pytest.mark.django_db

ROW = {"HTTP_X_ENTRY_ROW": "1"}


def _published(secretary, judge=None, players: int = 8):
    t = make_tournament(secretary, judge, players=players)
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    return t, rnd


def _url(t, m):
    return reverse("public:round_entry_row", args=[t.pk, m.round.number, m.pk])


def test_the_page_lists_every_table_in_order_with_two_score_fields(client, secretary):
    t, rnd = _published(secretary)
    client.force_login(secretary)
    html = client.get(reverse("public:round_entry", args=[t.pk, 1])).content.decode()
    tables = [m.table for m in rnd.matches.order_by("table")]
    positions = [html.index(f'id="t{n}"') for n in tables]
    assert positions == sorted(positions)
    assert html.count('name="score1"') == len(tables)
    assert html.count('name="score2"') == len(tables)


def test_a_row_is_saved_and_answers_its_own_html_only(client, secretary):
    t, rnd = _published(secretary)
    m = rnd.matches.get(table=2)
    client.force_login(secretary)
    response = client.post(_url(t, m), {"score1": 7, "score2": 4, "version": m.version}, **ROW)
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith("<form") and html.count("<form") == 1
    assert 'id="t2"' in html and "<html" not in html
    m.refresh_from_db()
    assert (m.score1, m.score2, m.winner_id, m.result_kind) == (7, 4, m.player1_id, ResultKind.PLAYED)
    assert t.audit.filter(action="result", data__match=m.pk).exists()


def test_an_impossible_score_is_refused_with_the_single_forms_message_and_changes_nothing(client, secretary):
    t, rnd = _published(secretary)
    m = rnd.matches.get(table=1)
    client.force_login(secretary)
    response = client.post(_url(t, m), {"score1": 7, "score2": 7, "version": m.version}, **ROW)
    assert response.status_code == 400
    assert "может набрать только один игрок" in response.content.decode()
    m.refresh_from_db()
    assert m.result_kind == "" and m.version == 0


def test_a_stale_row_is_a_conflict_409_and_shows_the_stored_result(client, secretary):
    t, rnd = _published(secretary)
    m = rnd.matches.get(table=1)
    results.record_result(m.pk, secretary, results.ResultInput(ResultKind.PLAYED, 7, 2), m.version)
    client.force_login(secretary)
    response = client.post(_url(t, m), {"score1": 3, "score2": 7, "version": 0}, **ROW)
    assert response.status_code == 409
    html = response.content.decode()
    assert "изменил другой пользователь" in html
    assert 'value="7"' in html and 'value="2"' in html
    m.refresh_from_db()
    assert (m.score1, m.score2) == (7, 2)


def test_a_technical_result_stays_with_the_panel_read_only_here_6_1_2(client, secretary, chief_judge):
    t, rnd = _published(secretary, chief_judge)
    m = rnd.matches.get(table=1)
    data = results.ResultInput(ResultKind.TECHNICAL, winner_side=2, reason="неявка")
    results.record_result(m.pk, chief_judge, data, m.version)
    m.refresh_from_db()
    client.force_login(secretary)
    page = client.get(reverse("public:round_entry", args=[t.pk, 1])).content.decode()
    row = page[page.index('id="t1"') : page.index('id="t2"')]
    assert 'name="score1"' not in row and "судейской коллегии" in row
    response = client.post(_url(t, m), {"score1": 7, "score2": 1, "version": m.version}, **ROW)
    assert response.status_code == 400
    assert response.content.decode().count("судейской коллегии") == 1  # the reason, said once
    m.refresh_from_db()
    assert m.result_kind == ResultKind.TECHNICAL


def test_a_bye_has_no_fields_and_the_filter_shows_only_tables_without_a_result(client, secretary):
    t, rnd = _published(secretary, players=7)
    bye = rnd.matches.get(player2__isnull=True)
    played = rnd.matches.exclude(pk=bye.pk).order_by("table").first()
    results.record_result(played.pk, secretary, results.ResultInput(ResultKind.PLAYED, 7, 1), 0)
    client.force_login(secretary)
    page = client.get(reverse("public:round_entry", args=[t.pk, 1])).content.decode()
    bye_row = page[page.index(f'id="t{bye.table}"') :]
    assert "Свободный тур: результат не вводится." in bye_row[:1500]
    todo = client.get(reverse("public:round_entry", args=[t.pk, 1]) + "?todo=1").content.decode()
    assert f'id="t{played.table}"' not in todo and f'id="t{bye.table}"' not in todo
    assert todo.count('name="score1"') == rnd.matches.filter(result_kind="").count()


def test_without_javascript_the_row_posts_and_the_page_comes_back_on_the_next_table(client, secretary):
    t, rnd = _published(secretary)
    m = rnd.matches.get(table=1)
    client.force_login(secretary)
    response = client.post(_url(t, m), {"score1": 2, "score2": 7, "version": 0})
    assert response.status_code == 302
    assert response.url.endswith(reverse("public:round_entry", args=[t.pk, 1]) + "#t2")


@pytest.mark.parametrize("who", ["anonymous", "player", "stranger", "other_secretary"])
def test_nobody_but_the_tournaments_runners_opens_or_saves_a_row(client, secretary, who, request):
    t, rnd = _published(secretary)
    m = rnd.matches.get(table=1)
    if who == "player":
        user = make_user("pl")
        Person.objects.filter(user=user).delete()
        person = m.player1.person
        person.user = user
        person.save()
        client.force_login(user)
    elif who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    assert client.get(reverse("public:round_entry", args=[t.pk, 1])).status_code == 403
    assert client.post(_url(t, m), {"score1": 7, "score2": 0, "version": 0}, **ROW).status_code == 403
    m.refresh_from_db()
    assert m.result_kind == ""


def test_a_finished_tournament_is_read_only_here_too(client, secretary):
    t, rnd = _published(secretary)
    m = rnd.matches.get(table=1)
    t.status = t.Status.FINISHED
    t.save(update_fields=["status"])
    client.force_login(secretary)
    response = client.post(_url(t, m), {"score1": 7, "score2": 0, "version": 0}, **ROW)
    assert response.status_code == 400
    m.refresh_from_db()
    assert m.result_kind == ""


def _row_queries(client, secretary, players: int) -> int:
    t, rnd = _published(secretary, players=players)
    m = rnd.matches.get(table=1)
    with CaptureQueriesContext(connection) as ctx:
        response = client.post(_url(t, m), {"score1": 7, "score2": 3, "version": 0}, **ROW)
    assert response.status_code == 200
    return len(ctx.captured_queries)


def test_saving_a_row_costs_the_same_queries_for_a_round_of_4_or_100_tables(client, secretary):
    client.force_login(secretary)
    small = _row_queries(client, secretary, 8)
    Match.objects.all().delete()
    Round.objects.all().delete()
    large = _row_queries(client, secretary, 200)
    assert small == large


def test_a_result_under_protest_is_read_only_and_refused_5_10(client, secretary):
    from django.utils import timezone

    from judging.models import Protest

    t, rnd = _published(secretary)
    m = rnd.matches.get(table=1)
    results.record_result(m.pk, secretary, results.ResultInput(ResultKind.PLAYED, 7, 2), 0)
    m.refresh_from_db()
    Protest.file(m, m.player2, None, "причины", "доводы", "", [], timezone.now(), by_link=True)
    client.force_login(secretary)
    response = client.post(_url(t, m), {"score1": 7, "score2": 5, "version": m.version}, **ROW)
    assert response.status_code == 400 and "Опротестован" in response.content.decode()
    m.refresh_from_db()
    assert (m.score1, m.score2) == (7, 2)
