"""Protests numbered within their tournament, with the result as it stood when filed (issue 15); the match
judge written on the match protocol; finishing before
the last day asks for confirmation."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from draw.models import Match, Round
from judging import lifecycle
from judging.models import JudgingError, MatchNote, Protest
from registration.models import Official
from tests.factories import make_tournament, make_user
from tests.judging.conftest import at, frozen, match_of, play
from tournaments.models import AuditEntry, Tournament

FORM = {"reasons": "Неверный счёт", "arguments": "Партия 3", "evidence": "Судья видел"}


def _old_protests(secretary, chief_judge, n: int) -> None:
    """Protests of another tournament, filed earlier: their ids come first."""
    other = make_tournament(secretary, chief_judge, players=4, name="Прошлый турнир", rounds=2)
    with frozen(at(-600)):
        rnd = play(other, secretary, 1)
    for i, m in enumerate(rnd.matches.exclude(player2=None)[:n]):
        Protest.objects.create(
            tournament=other, match=m, protester=m.player1, filed_at=at(-590 + i), reasons="r", arguments="a"
        )


def test_the_first_protest_of_a_tournament_is_number_1(
    client, running, participant_user, secretary, chief_judge
):
    _old_protests(secretary, chief_judge, 2)
    m = match_of(running, running.participants.get(person__user=participant_user), 1)
    client.force_login(participant_user)
    with frozen(at(5)):
        response = client.post(reverse("judging:protest_new", args=[running.pk, m.pk]), FORM)
    protest = Protest.objects.get(tournament=running)
    assert response.status_code == 302 and protest.pk > 1
    assert protest.number == 1
    page = client.get(reverse("judging:protest", args=[running.pk, protest.pk])).content.decode()
    assert "Протест № 1" in page
    entry = AuditEntry.objects.get(tournament=running, action="protest")
    assert "№1 " in entry.summary or "#1 " in entry.summary


def test_the_protest_keeps_the_result_as_it_stood_when_filed(client, running, participant_user, chief_judge):
    m = match_of(running, running.participants.get(person__user=participant_user), 1)
    before = (m.result_kind, m.score1, m.score2)
    client.force_login(participant_user)
    with frozen(at(5)):
        client.post(reverse("judging:protest_new", args=[running.pk, m.pk]), FORM)
    protest = Protest.objects.get()
    protest.review(chief_judge, True, "", "", at(6))
    with frozen(at(7)):
        protest.decide(chief_judge, True, "Счёт исправлен", "score", 7, 0, now=at(7))
    protest.refresh_from_db()
    m.refresh_from_db()
    assert (m.score1, m.score2) == (7, 0)
    assert (protest.filed_kind, protest.filed_score1, protest.filed_score2) == before


# --- the match judge and the dice (003 «Игральные кости» п. 2) ----------------------------------------------


@pytest.fixture
def match_judge(running):
    user = make_user("tablejudge")
    return Official.objects.create(tournament=running, person=user.person, role=Official.Role.JUDGE)


def _note_url(t, m):
    return reverse("judging:match_note", args=[t.pk, m.pk])


def test_the_panel_writes_the_match_judge(client, running, chief_judge, match_judge):
    # The replacement of the dice is data of its own now (test_dice_replacement_003_dice.py).
    m = Round.objects.get(tournament=running, number=1).matches.exclude(player2=None).first()
    client.force_login(chief_judge)
    page = client.get(reverse("judging:match", args=[running.pk, m.pk])).content.decode()
    assert "Судья матча" in page or "судья матча" in page
    response = client.post(_note_url(running, m), {"judge": match_judge.pk})
    assert response.status_code == 302
    note = MatchNote.objects.get(match=m)
    assert note.judge == match_judge
    entry = AuditEntry.objects.get(action="match_note")
    assert entry.user == chief_judge and entry.data["match"] == m.pk


@pytest.mark.parametrize(
    "who", ["anonymous", "participant_user", "stranger", "plain_secretary", "other_secretary"]
)
def test_nobody_outside_the_panel_writes_the_note(client, running, who, match_judge, request):
    m = Round.objects.get(tournament=running, number=1).matches.exclude(player2=None).first()
    if who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    response = client.post(_note_url(running, m), {"judge": match_judge.pk, "dice_replacement": "x"})
    assert response.status_code in (302, 403)
    if response.status_code == 302:
        assert "login" in response.url
    assert not MatchNote.objects.exists()


def test_an_official_of_another_tournament_is_not_a_match_judge(client, running, chief_judge, secretary):
    other = make_tournament(secretary, name="Другой турнир")
    stranger_judge = Official.objects.create(
        tournament=other, person=make_user("farjudge").person, role=Official.Role.JUDGE
    )
    m = Round.objects.get(tournament=running, number=1).matches.exclude(player2=None).first()
    client.force_login(chief_judge)
    response = client.post(_note_url(running, m), {"judge": stranger_judge.pk, "dice_replacement": ""})
    assert response.status_code == 400 and not MatchNote.objects.exists()
    with pytest.raises(JudgingError):
        MatchNote.write(m, chief_judge, stranger_judge)


# --- finishing before the last day --------------------------------------------------------------------------


def _windows_closed(t) -> None:
    """The results were entered a moment ago: let their protest windows (004 §5.10) have closed."""
    hour_ago = timezone.now() - datetime.timedelta(hours=1)
    Match.objects.filter(round__tournament=t).exclude(result_kind="").update(ended_at=hour_ago)


def test_finishing_before_the_last_day_asks_for_confirmation(client, secretary, chief_judge):
    today = timezone.localdate()
    t = make_tournament(
        secretary,
        chief_judge,
        players=4,
        system="round_robin",
        start_date=today,
        end_date=today + datetime.timedelta(days=2),
    )
    for number in (1, 2, 3):
        play(t, secretary, number)
    _windows_closed(t)
    assert lifecycle.can_finish(t) is None and lifecycle.finishes_early(t)
    client.force_login(secretary)
    page = client.get(reverse("judging:finish", args=[t.pk])).content.decode()
    assert 'name="confirm_early"' in page
    refused = client.post(reverse("judging:finish", args=[t.pk]), {"confirm": "1"})
    assert refused.status_code == 400
    t.refresh_from_db()
    assert t.status != Tournament.Status.FINISHED and t.finished_at is None
    with pytest.raises(JudgingError, match="подтвердите|confirm"):
        lifecycle.finish(t, secretary, confirmed=True)
    client.post(reverse("judging:finish", args=[t.pk]), {"confirm": "1", "confirm_early": "1"})
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED


def test_finishing_on_the_last_day_needs_no_second_confirmation(client, secretary, chief_judge):
    today = timezone.localdate()
    t = make_tournament(
        secretary, chief_judge, players=4, system="round_robin", start_date=today, end_date=today
    )
    for number in (1, 2, 3):
        play(t, secretary, number)
    _windows_closed(t)
    assert not lifecycle.finishes_early(t)
    lifecycle.finish(t, secretary, confirmed=True)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
