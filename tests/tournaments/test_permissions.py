"""Every secretary's action is refused on the server to anonymous visitors, participants and the
secretary of another tournament: 403, and nothing changes (004 §6.2)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from draw.models import Match, Round
from tests.factories import make_tournament
from tournaments.models import AuditEntry


@pytest.fixture
def running(secretary, chief_judge):
    """A tournament with round 1 published (one match to enter) and round 2 drawn as a draft."""
    t = make_tournament(secretary, chief_judge, players=4, system="round_robin")
    r1 = draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
    Round.objects.filter(pk=r1.pk).update(status="published")
    return t


def _snapshot(t):
    return (
        list(Round.objects.filter(tournament=t).values_list("number", "status")),
        list(Match.objects.filter(round__tournament=t).values_list("pk", "result_kind", "score1", "score2")),
        AuditEntry.objects.filter(tournament=t).count(),
        list(t.participants.values_list("pk", "status")),
        t.name,
    )


def _actions(t):
    match = Match.objects.filter(round__tournament=t).first()
    participant = t.participants.first()
    return [
        ("post", reverse("public:edit", args=[t.pk]), {"name": "Взлом"}),
        ("get", reverse("public:edit", args=[t.pk]), None),
        (
            "post",
            reverse("registration:participant_add", args=[t.pk]),
            {"surname": "Чужой", "name": "Ч", "birth_date": "1990-01-01", "gender": "male"},
        ),
        (
            "post",
            reverse("draw:withdraw", args=[t.pk]),
            {"participant": participant.pk, "reason": "так"},
        ),
        ("post", reverse("draw:round_length", args=[t.pk, 1]), {"match_length": 3}),
        ("post", reverse("draw:round_start", args=[t.pk, 1]), None),
        ("post", reverse("draw:draw", args=[t.pk]), {"number": 2}),
        ("post", reverse("draw:publish", args=[t.pk, 1]), None),
        ("post", reverse("draw:drop", args=[t.pk, 1]), None),
        ("get", reverse("draw:match_result", args=[t.pk, match.pk]), None),
        (
            "post",
            reverse("draw:match_result", args=[t.pk, match.pk]),
            {"kind": "played", "score1": 7, "score2": 0, "version": match.version},
        ),
        ("post", reverse("judging:finish", args=[t.pk]), None),
        ("get", reverse("public:audit", args=[t.pk]), None),
    ]


@pytest.mark.parametrize("who", ["anonymous", "participant_user", "other_secretary", "stranger"])
def test_forbidden_users_get_403_and_change_nothing(client, running, who, request):
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    before = _snapshot(running)
    for method, url, data in _actions(running):
        response = getattr(client, method)(url, data or {})
        assert response.status_code == 403, (who, url, response.status_code)
    running.refresh_from_db()
    assert _snapshot(running) == before


@pytest.mark.parametrize("who", ["anonymous", "participant_user"])
def test_creating_a_tournament_needs_the_permission(client, who, request, db):
    from tournaments.models import Tournament

    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    response = client.post(reverse("public:create"), {"name": "X"})
    assert response.status_code == 403
    assert not Tournament.objects.filter(name="X").exists()


def test_a_draft_round_is_hidden_from_the_public(client, secretary, participant_user):
    t = make_tournament(secretary, players=4)
    draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
    assert client.get(reverse("public:round", args=[t.pk, 1])).status_code == 403
    client.force_login(participant_user)
    assert client.get(reverse("public:round", args=[t.pk, 1])).status_code == 403
    client.force_login(secretary)
    assert client.get(reverse("public:round", args=[t.pk, 1])).status_code == 200


def test_the_chief_judge_may_enter_results(client, running, chief_judge):
    client.force_login(chief_judge)
    match = Match.objects.filter(round__tournament=running, result_kind="").first()
    response = client.post(
        reverse("draw:match_result", args=[running.pk, match.pk]),
        {"kind": "played", "score1": 7, "score2": 3, "version": match.version},
    )
    assert response.status_code == 302
    match.refresh_from_db()
    assert (match.score1, match.score2, match.winner_id) == (7, 3, match.player1_id)


def test_public_pages_are_open_to_everyone(client, running):
    for url in (
        reverse("public:list"),
        reverse("public:detail", args=[running.pk]),
        reverse("public:participants", args=[running.pk]),
        reverse("public:round", args=[running.pk, 1]),
        reverse("public:standings", args=[running.pk]),
    ):
        assert client.get(url).status_code == 200, url
