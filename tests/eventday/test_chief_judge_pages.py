"""The chief judge's pages (issue 14): the sanction form lists only the chosen player's matches; the protest
decision names the players instead of "first/second player"; the desk's "make results final" says it acts on
this tournament only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from draw import results
from draw.models import ResultKind, Round
from judging.forms import DecisionForm
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(secretary, chief_judge):
    t = make_tournament(secretary, chief_judge, players=8)
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    for m in rnd.matches.all():
        results.record_result(m.pk, secretary, results.ResultInput(ResultKind.PLAYED, 7, 1), 0)
    return t, rnd


def _options(html: str) -> str:
    start = html.index('name="match"')
    return html[start : html.index("</select>", start)]


def test_the_sanction_form_lists_only_the_chosen_players_matches(client, chief_judge, played):
    t, rnd = played
    client.force_login(chief_judge)
    url = reverse("judging:sanction_new", args=[t.pk])
    assert _options(client.get(url).content.decode()).count("<option") == 1  # "—" only
    m = rnd.matches.get(table=2)
    options = _options(client.get(url, {"participant": m.player1_id}).content.decode())
    assert options.count("<option") == 2 and f'value="{m.pk}"' in options


def test_the_decision_names_the_players(played):
    _t, rnd = played
    m = rnd.matches.get(table=1)
    form = DecisionForm(match=m)
    assert str(m.player1) in str(form.fields["score1"].label)
    assert [label for _v, label in form.fields["winner_side"].choices][1:] == [str(m.player1), str(m.player2)]
    assert "first player" not in form.as_p() and "первого игрока" not in form.as_p()


def test_the_desk_says_it_makes_this_tournaments_results_final(client, chief_judge, played):
    t, _rnd = played
    client.force_login(chief_judge)
    assert "этого турнира" in client.get(reverse("judging:desk", args=[t.pk])).content.decode()
