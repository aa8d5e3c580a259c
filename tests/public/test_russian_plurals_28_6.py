"""Issue 28 §6: a count prints with the Russian word its number takes («3 досок» was printed: 3 доски,
21 доска; matches to 21 points are «до 21 очка»), through ngettext wherever a count is printed."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from draw import manager as draw_manager
from draw import results
from draw.models import Round
from registration.manager import checks
from tests.factories import make_tournament
from tests.teams.helpers import draw_and_publish, make_teams

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("boards", "words"), [(3, "3 доски"), (5, "5 досок"), (1, "1 доска")])
def test_the_team_round_counts_its_boards_in_russian(client, secretary, boards, words):
    t = make_tournament(secretary, system="swiss", character="team", rounds=3, boards=boards, match_length=21)
    make_teams(t, 4, boards)
    client.force_login(secretary)
    draw_and_publish(client, t, 1)
    page = client.get(reverse("public:team_round", args=[t.pk, 1])).content.decode()
    assert f"{words}, матчи до 21 очка;" in page


def test_a_round_to_21_points_is_a_match_to_21_ochka_on_its_pages(client, secretary):
    t = make_tournament(secretary, players=4, match_length=21)
    rnd = draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    m = rnd.matches.first()
    client.force_login(secretary)
    assert "Матчи до 21 очка." in client.get(reverse("public:round", args=[t.pk, 1])).content.decode()
    result_page = client.get(reverse("draw:match_result", args=[t.pk, m.pk])).content.decode()
    assert "матч до 21 очка" in result_page
    with translation.override("ru"):
        errors = results.score_errors("played", 21, 300, 3, None, "")  # above 20 + 3 × 64
    assert any("невозможен в матче до 21 очка" in e for e in errors), errors


def test_the_length_of_a_draft_round_says_points_in_russian(secretary):
    t = make_tournament(secretary, players=4)
    draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
    with translation.override("ru"):
        assert draw_manager.set_round_length(t, 1, 21, secretary) == "Тур 1: матчи до 21 очка."
        assert draw_manager.set_round_length(t, 1, 5, secretary) == "Тур 1: матчи до 5 очков."


@pytest.mark.parametrize(
    ("age", "title"), [(21, "Возраст не менее 21 года"), (18, "Возраст не менее 18 лет")]
)
def test_the_age_check_counts_years_in_russian_004_2_1(age, title):
    with translation.override("ru"):
        shown, _detail = checks._min_age({"min_age": age, "missing": True}, False, None)
    assert shown.startswith(title)
