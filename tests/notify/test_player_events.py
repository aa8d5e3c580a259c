"""Issue 33 "Events for a player": each told to the subscribed player only, in his language, with his link —
the redraw telling only those whose pairing changed, with what changed."""

from __future__ import annotations

import datetime

import pytest
from django.db import transaction
from django.utils import timezone

from draw import manager as draw_manager
from draw.models import Match
from judging import links
from judging.models import MatchProtocol, Protest, Sanction
from notify import events
from notify.models import Channel, Message
from tests.factories import play_out
from tests.notify.world import subscribe, world

pytestmark = pytest.mark.django_db


def _everyone(rnd, language="ru"):
    players = [p for m in rnd.matches.all() for p in (m.player1, m.player2) if p]
    return {p.pk: subscribe(p, language=language) for p in players}


def test_a_redraw_tells_only_the_players_whose_pairing_changed_with_what_changed(
    bot_api, django_capture_on_commit_callbacks
):
    t, sec, rnd = world()
    subs = _everyone(rnd)
    with django_capture_on_commit_callbacks(execute=True):
        draw_manager.publish_round(t, 1, sec)
    assert len(bot_api.sent) == 8
    # Drawn again (not started yet), then two players of tables 1 and 2 swapped and table 3's length changed:
    with transaction.atomic():
        draw_manager.redraw_round(t.round_set.get(number=1), sec)
    new = t.round_set.get(number=1)
    m1, m2, m3 = (new.matches.get(table=n) for n in (1, 2, 3))
    a, b = m1.player2, m2.player2
    Match.objects.filter(pk=m1.pk).update(player2=b)
    Match.objects.filter(pk=m2.pk).update(player2=a)
    Match.objects.filter(pk=m3.pk).update(match_length=m3.match_length + 2)
    before = len(bot_api.sent)
    with django_capture_on_commit_callbacks(execute=True):
        draw_manager.publish_round(t, 1, sec)
    told = {s["chat_id"]: s["text"] for s in bot_api.sent[before:]}
    changed = {m1.player1, m1.player2, m2.player1, m2.player2, m3.player1, m3.player2}
    assert set(told) == {subs[p.pk].address for p in changed}
    text = told[subs[m1.player1_id].address]
    assert "жеребьёвка проведена заново" in text and f"соперник {a} → {b}" in text
    assert f"матч до {m3.match_length} → {m3.match_length + 2}" in told[subs[m3.player1_id].address]
    # Published again unchanged: nobody is told a third time.
    assert Message.objects.filter(key__startswith="pair:").count() == 8 + 6


def test_the_opponent_is_told_the_result_handed_in_with_his_one_tap_link(
    bot_api, django_capture_on_commit_callbacks
):
    t, sec, rnd = world()
    draw_manager.publish_round(t, 1, sec)
    m = rnd.matches.get(table=1)
    winner, loser = m.player1, m.player2
    subscribe(winner)
    loser_sub = subscribe(loser)
    with django_capture_on_commit_callbacks(execute=True):
        MatchProtocol.submit(m, winner, m.match_length, 2, "", None, timezone.now())
    [text] = [s["text"] for s in bot_api.sent]
    assert bot_api.sent[0]["chat_id"] == loser_sub.address
    assert f"сдал результат {m.match_length}:2" in text and links.url_for(m, loser) in text


def test_a_player_is_told_the_decision_on_a_protest_on_his_match_and_the_desk_its_filing(
    bot_api, django_capture_on_commit_callbacks
):
    t, sec, rnd = world()
    draw_manager.publish_round(t, 1, sec)
    m = rnd.matches.get(table=1)
    subscribe(m.player1)
    subscribe(m.player2)
    official = subscribe(m.player1)  # the desk's: the chief judge's own subscription
    judge = t.officials.get(role="chief_judge").person
    official.person, official.desk, official.address = judge, t, "555"
    official.save()
    now = timezone.now()
    MatchProtocol.submit(m, m.player1, m.match_length, 0, "", None, now)
    m.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        p = Protest.file(m, m.player2, None, "счёт неверен", "партия 5", "", [], now, by_link=True)
    desk = bot_api.texts("555")
    assert len(desk) == 1 and f"протест № {p.number}" in desk[0]
    Protest.objects.filter(pk=p.pk).update(status=Protest.Status.ACCEPTED)
    p.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        p.decide(judge.user, upheld=False, reasons="запись партии не подтверждает")
    for player in (m.player1, m.player2):
        [text] = [x for x in bot_api.texts(700000 + player.pk) if "протест" in x]
        assert f"протест № {p.number} — отклонён" in text and "запись партии не подтверждает" in text
    # The desk's subscriber is not told the decision as a player (he made it).
    assert len(bot_api.texts("555")) == 1


def test_a_warned_player_is_told_in_english_when_he_chose_english(
    bot_api, django_capture_on_commit_callbacks
):
    t, sec, rnd = world()
    draw_manager.publish_round(t, 1, sec)
    me = rnd.matches.get(table=1).player1
    sub = subscribe(me, language="en")
    judge = t.officials.get(role="chief_judge").person.user
    with django_capture_on_commit_callbacks(execute=True):
        Sanction(
            person=me.person, tournament=t, kind="warning", clause="003", facts="late to the table"
        ).apply(judge, me)
    [text] = bot_api.texts(sub.address)
    assert text == f"{t.name}: warning. late to the table"


def test_the_protest_window_about_to_close_is_told_once(bot_api, django_capture_on_commit_callbacks):
    t, sec, rnd = world()
    draw_manager.publish_round(t, 1, sec)
    m = rnd.matches.get(table=1)
    s1, s2 = subscribe(m.player1), subscribe(m.player2)
    ended = timezone.now() - datetime.timedelta(minutes=t.protest_window_minutes - 2)
    MatchProtocol.submit(m, m.player1, m.match_length, 0, "", None, ended)
    Match.objects.filter(pk=m.pk).update(ended_at=ended)
    # Too early: the window closes in 8 minutes.
    assert events.protest_windows_closing(now=ended + datetime.timedelta(minutes=1)) == 0
    with django_capture_on_commit_callbacks(execute=True):
        assert events.protest_windows_closing() == 2
    with django_capture_on_commit_callbacks(execute=True):
        events.protest_windows_closing()  # the next minute's beat: nothing new
    for sub in (s1, s2):
        told = [x for x in bot_api.texts(sub.address) if "время подачи протеста истекает" in x]
        assert len(told) == 1


def test_the_finished_tournament_tells_each_subscribed_player_his_place(
    client, bot_api, django_capture_on_commit_callbacks
):
    t, sec, rnd = world()
    with django_capture_on_commit_callbacks(execute=True):
        draw_manager.drop_draft(t, 1, sec)
    p = t.participants.order_by("pk").first()
    sub = subscribe(p)
    client.force_login(sec)
    with django_capture_on_commit_callbacks(execute=True):
        play_out(client, t)
    finished = [x for x in bot_api.texts(sub.address) if "завершён" in x]
    assert len(finished) == 1 and "ваше место" in finished[0]
    # Every round's pairing was told too; nobody else subscribed.
    assert {s["chat_id"] for s in bot_api.sent} == {sub.address}
    assert not Message.objects.exclude(state="sent").exists()
    assert Message.objects.filter(channel=Channel.EMAIL).count() == 0
