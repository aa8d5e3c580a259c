"""The notifications hear the lower apps (issue 33): each receiver owes its messages in the sender's
transaction (``notify.events``); the delivery is queued when that transaction commits."""

from __future__ import annotations

from django.dispatch import receiver

from draw.signals import round_published
from judging.signals import protocol_handed_in, tournament_finished
from notify import events


@receiver(round_published, dispatch_uid="notify.round_published")
def _round_published(sender, round, **kwargs) -> None:  # noqa: A002 - the signal's argument
    events.round_published(round)


@receiver(protocol_handed_in, dispatch_uid="notify.protocol_handed_in")
def _protocol_handed_in(sender, protocol, **kwargs) -> None:
    events.result_reported(protocol)


@receiver(tournament_finished, dispatch_uid="notify.tournament_finished")
def _tournament_finished(sender, tournament, **kwargs) -> None:
    events.tournament_finished(tournament)
