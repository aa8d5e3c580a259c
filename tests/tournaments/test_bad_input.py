"""Bad input gets a clear Russian message and changes nothing; never a 500."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from draw.models import Match, Round
from tests.factories import make_tournament
from tournaments.models import AuditEntry, Tournament


@pytest.fixture
def published(secretary):
    t = make_tournament(secretary, players=4, system="swiss", rounds=3, match_length=7)
    rnd = draw_manager.draw_round(t, secretary, expected_number=1, seed=2)
    Round.objects.filter(pk=rnd.pk).update(status="published")
    return t


def _match(t) -> Match:
    return Match.objects.filter(round__tournament=t, result_kind="").order_by("table").first()


@pytest.mark.parametrize(
    "data, message",
    [
        ({"kind": "played", "score1": 7, "score2": 7}, "Длину матча (7) может набрать только один игрок."),
        ({"kind": "played", "score1": 5, "score2": 3}, "Победитель должен набрать длину матча (7)."),
        ({"kind": "played", "score1": 8, "score2": 9}, "Длину матча (7) может набрать только один игрок."),
        ({"kind": "played", "score1": 400, "score2": 1}, "Счёт 400 невозможен в матче до 7 очков."),
        ({"kind": "played", "score1": -1, "score2": 7}, "Убедитесь, что это значение больше либо равно 0."),
        ({"kind": "played", "score1": "семь", "score2": 7}, "Введите целое число."),
        ({"kind": "played", "score1": 7}, "Введите оба счёта."),
        (
            {"kind": "technical", "winner_side": 1, "reason": " "},
            "Для технического результата нужна причина.",
        ),
        ({"kind": "technical", "reason": "неявка"}, "Выберите победителя."),
        (
            {"kind": "time", "winner_side": 2, "score1": 7, "score2": 2},
            "При поражении по времени ни один счёт не может достигать длины матча.",
        ),
        ({"kind": "annulled"}, "Для аннулирования результата нужна причина."),
        ({"kind": "bye", "score1": 7, "score2": 0}, "Выберите корректный вариант."),
    ],
)
def test_it_rejects_impossible_results_in_russian(client, secretary, published, data, message):
    client.force_login(secretary)
    m = _match(published)
    response = client.post(
        reverse("draw:match_result", args=[published.pk, m.pk]), {**data, "version": m.version}
    )
    assert response.status_code == 400
    assert message in response.content.decode()
    m.refresh_from_db()
    assert (m.result_kind, m.score1, m.score2, m.winner_id, m.version) == ("", None, None, None, 0)


def test_a_winner_may_pass_the_match_length_with_the_cube(client, secretary, published):
    client.force_login(secretary)
    m = _match(published)
    response = client.post(
        reverse("draw:match_result", args=[published.pk, m.pk]),
        {"kind": "played", "score1": 6, "score2": 10, "version": m.version},
    )
    assert response.status_code == 302
    m.refresh_from_db()
    assert m.winner_id == m.player2_id


def test_a_technical_defeat_scores_zero_for_the_loser_004_5_7_3(client, secretary, published):
    client.force_login(secretary)
    m = _match(published)
    response = client.post(
        reverse("draw:match_result", args=[published.pk, m.pk]),
        {"kind": "technical", "winner_side": 2, "reason": "неявка", "version": m.version},
    )
    assert response.status_code == 302
    m.refresh_from_db()
    assert (m.score1, m.score2, m.winner_id) == (0, 7, m.player2_id)
    entry = AuditEntry.objects.filter(tournament=published, action="result").get()
    assert entry.reason == "неявка" and entry.user == secretary


def test_a_stale_form_is_a_conflict_and_loses_nothing(client, secretary, published):
    client.force_login(secretary)
    m = _match(published)
    url = reverse("draw:match_result", args=[published.pk, m.pk])
    first = client.post(url, {"kind": "played", "score1": 7, "score2": 1, "version": 0})
    assert first.status_code == 302
    second = client.post(url, {"kind": "played", "score1": 2, "score2": 7, "version": 0})
    assert second.status_code == 409
    assert "Этот результат только что изменил другой пользователь" in second.content.decode()
    m.refresh_from_db()
    assert (m.score1, m.score2) == (7, 1)


def test_it_refuses_to_draw_while_results_are_missing(client, secretary, published):
    client.force_login(secretary)
    response = client.post(reverse("draw:draw", args=[published.pk]), {"number": 2}, follow=True)
    assert "В туре 1 нет результатов за столами 1, 2." in response.content.decode()
    assert published.round_set.count() == 1


def test_a_double_click_on_draw_makes_one_round(client, secretary):
    t = make_tournament(secretary, players=6)
    client.force_login(secretary)
    url = reverse("draw:draw", args=[t.pk])
    first = client.post(url, {"number": 1})
    second = client.post(url, {"number": 1}, follow=True)
    assert first.status_code == 302 and second.status_code == 200
    assert "Тур 1 уже проведён жеребьёвкой." in second.content.decode()
    assert t.round_set.count() == 1


def test_a_draft_round_can_be_dropped_and_drawn_again(client, secretary):
    t = make_tournament(secretary, players=6)
    client.force_login(secretary)
    client.post(reverse("draw:draw", args=[t.pk]), {"number": 1})
    assert client.post(reverse("draw:drop", args=[t.pk, 1])).status_code == 302
    assert not t.round_set.exists() and not t.stages.exists()
    response = client.post(reverse("draw:draw", args=[t.pk]), {"number": 1})
    assert response.url == reverse("public:round", args=[t.pk, 1])
    assert t.round_set.get().status == "draft"
    actions = list(AuditEntry.objects.filter(tournament=t).values_list("action", flat=True))
    assert actions.count("draw") == 2 and actions.count("drop") == 1


def test_a_published_round_cannot_be_dropped(client, secretary, published):
    client.force_login(secretary)
    response = client.post(reverse("draw:drop", args=[published.pk, 1]), follow=True)
    assert "Удалить можно только черновик тура." in response.content.decode()
    assert published.round_set.count() == 1


@pytest.mark.parametrize(
    "changes, field_message",
    [
        ({"end_date": "2026-12-01"}, "Последний день не может быть раньше первого."),
        ({"match_length": 0}, "Длина матча должна быть от 1 до 51 очка."),
        ({"match_length": 99}, "Длина матча должна быть от 1 до 51 очка."),
        (
            {"min_age": 16},
            "Минимальный возраст не может быть ниже 18 лет (п. 2.3.1 Правил вида спорта «нарды»).",
        ),
        ({"tiebreaks": "buchholz,luck"}, "Неизвестные дополнительные показатели: luck."),
        ({"start_date": "31.02.2026"}, "Введите правильную дату."),
        ({"bye_points": "2"}, "За свободный тур можно дать от 0 до 1 очка."),
        ({"system": "mixed", "group_count": 1}, "Для смешанной системы нужно не меньше 2 групп."),
    ],
)
def test_the_tournament_form_rejects_impossible_settings(client, secretary, changes, field_message):
    client.force_login(secretary)
    data = {
        "name": "Турнир",
        "discipline": "short",
        "start_date": "2026-12-05",
        "end_date": "2026-12-06",
        "system": "swiss",
        "character": "personal",
        "gender_group": "men",
        "match_length": 5,
        "max_losses": 3,
        "cycles": 1,
        "group_count": 2,
        "qualifiers_per_group": 2,
        "best_of_rest": 0,
        "playoff_system": "single_elimination",
        "draw_mode": "seeded",
        "protest_window_minutes": 10,
        "min_age": 18,
        "bye_points": "1",
        "tiebreaks": "buchholz",
        "head_rule": "federation",
    }
    data.update(changes)
    response = client.post(reverse("public:create"), data)
    assert response.status_code == 200
    assert field_message in response.content.decode()
    assert not Tournament.objects.filter(name="Турнир").exists()


def test_settings_lock_when_round_one_is_published_6_1_2(client, secretary, published):
    client.force_login(secretary)
    data = {
        "name": "Новое имя",
        "discipline": "short",
        "start_date": "2026-12-05",
        "end_date": "2026-12-07",
        "system": "round_robin",
        "match_length": 25,
        "venue": "Казань",
    }
    response = client.post(reverse("public:edit", args=[published.pk]), data)
    assert response.status_code == 302
    published.refresh_from_db()
    assert published.name == "Новое имя" and published.venue == "Казань"
    assert (published.discipline, published.system, published.match_length) == ("long", "swiss", 7)


def test_participant_born_after_the_start_is_refused(client, secretary):
    t = make_tournament(secretary)
    client.force_login(secretary)
    response = client.post(
        reverse("registration:participant_add", args=[t.pk]),
        {"surname": "Юный", "name": "Ю", "birth_date": "2027-01-01", "gender": "male"},
    )
    assert "Дата рождения должна быть раньше турнира." in response.content.decode()
    assert not t.participants.exists()


def test_the_same_person_cannot_enter_twice(client, secretary):
    t = make_tournament(secretary)
    client.force_login(secretary)
    data = {"surname": "Дважды", "name": "Д", "birth_date": "1990-01-01", "gender": "male"}
    client.post(reverse("registration:participant_add", args=[t.pk]), data)
    response = client.post(reverse("registration:participant_add", args=[t.pk]), data)
    assert "уже участник этого турнира" in response.content.decode()
    assert t.participants.count() == 1


@pytest.mark.parametrize(
    "url",
    ["/t/999999/", "/t/999999/rounds/1/", "/t/999999/standings/", "/t/1/rounds/99/", "/t/abc/", "/nope/"],
)
def test_unknown_addresses_are_404_not_500(client, db, url):
    assert client.get(url).status_code == 404


def test_get_on_a_post_only_action_is_405(client, secretary, published):
    client.force_login(secretary)
    assert client.get(reverse("draw:draw", args=[published.pk])).status_code == 405
    assert published.round_set.count() == 1


def test_a_draw_with_garbage_is_refused(client, secretary, published):
    client.force_login(secretary)
    response = client.post(reverse("draw:draw", args=[published.pk]), {"number": "x"}, follow=True)
    assert response.status_code == 200
    assert published.round_set.count() == 1
