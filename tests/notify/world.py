"""A small tournament for the notification tests: 8 players, round 1 drawn (a draft)."""

from __future__ import annotations

from draw import manager as draw_manager
from draw.models import Match, ResultKind, Round
from notify.models import Channel, Subscription
from tests.factories import make_tournament, make_user


def world(players: int = 8):
    secretary = make_user("sec", can_create=True)
    judge = make_user("judge")
    t = make_tournament(secretary, judge, players=players)
    rnd = draw_manager.draw_round(t, secretary)
    return t, secretary, rnd


def play(rnd: Round) -> None:
    """Every match of the round won by player 1 (a played score)."""
    for m in rnd.matches.exclude(player2=None):
        Match.objects.filter(pk=m.pk).update(
            score1=m.match_length, score2=0, winner=m.player1_id, result_kind=ResultKind.PLAYED
        )


def subscribe(participant, channel: str = Channel.TELEGRAM, address: str = "", language: str = "ru"):
    """A confirmed subscription made directly (the subscribing itself is tested on its own)."""
    address = address or (str(700000 + participant.pk) if channel == Channel.TELEGRAM else "")
    return Subscription.objects.create(
        person=participant.person,
        participant=participant,
        channel=channel,
        address=address,
        confirmed=True,
        code=None,
        language=language,
    )
