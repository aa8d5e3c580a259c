"""The notifications hear the lower apps (issue 33): each receiver owes its messages in the sender's
transaction (``notify.events``); the delivery is queued when that transaction commits.

Where a model's own save marks the event (a protest filed or decided, a sanction, a removal proposed, a
protocol disputed, a document ready) the receiver listens to ``post_save`` and the lower app is unchanged;
the outbox's unique key makes a second save of the same state tell nobody again. Where nothing is saved
that says so, the lower app sends a signal of its own: ``draw.signals.round_published``,
``judging.signals.protocol_handed_in`` and ``tournament_finished``, ``protocols.signals.document_stuck``.
"""

from __future__ import annotations

from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import receiver

from draw.signals import round_published
from judging.models import MatchProtocol, Protest, RemovalProposal, Sanction
from judging.signals import protocol_handed_in, tournament_finished
from notify import events
from protocols.models import Document
from protocols.signals import document_stuck


@receiver(round_published, dispatch_uid="notify.round_published")
def _round_published(sender, round, **kwargs) -> None:  # noqa: A002 - the signal's argument
    events.round_published(round)


@receiver(protocol_handed_in, dispatch_uid="notify.protocol_handed_in")
def _protocol_handed_in(sender, protocol, **kwargs) -> None:
    events.result_reported(protocol)


@receiver(tournament_finished, dispatch_uid="notify.tournament_finished")
def _tournament_finished(sender, tournament, **kwargs) -> None:
    events.tournament_finished(tournament)


@receiver(post_save, sender=Protest, dispatch_uid="notify.protest")
def _protest(sender, instance: Protest, created: bool, **kwargs) -> None:
    if instance.status == Protest.Status.FILED and instance.number:
        events.desk_protest_filed(instance)
    elif instance.status in (Protest.Status.UPHELD, Protest.Status.DISMISSED, Protest.Status.REJECTED):
        events.protest_decided(instance)


@receiver(post_save, sender=Sanction, dispatch_uid="notify.sanction")
def _sanction(sender, instance: Sanction, created: bool, **kwargs) -> None:
    if instance.official_id is None:
        events.sanction_applied(instance)


@receiver(post_save, sender=RemovalProposal, dispatch_uid="notify.removal")
def _removal(sender, instance: RemovalProposal, created: bool, **kwargs) -> None:
    if created:
        events.desk_removal_proposed(instance)


@receiver(post_save, sender=MatchProtocol, dispatch_uid="notify.disputed")
def _disputed(sender, instance: MatchProtocol, **kwargs) -> None:
    if instance.status == MatchProtocol.Status.DISPUTED:
        events.desk_result_disputed(instance)


@receiver(post_save, sender=Document, dispatch_uid="notify.document")
def _document(sender, instance: Document, **kwargs) -> None:
    # Only what took a while is news (a big field's documents are made in the background).
    if instance.status == Document.Status.READY and instance.finished_at and instance.created_at:
        if (instance.finished_at - instance.created_at).total_seconds() >= settings.NOTIFY_DOCUMENT_SECONDS:
            events.desk_document(instance, stuck=False)


@receiver(document_stuck, dispatch_uid="notify.document_stuck")
def _document_stuck(sender, document, **kwargs) -> None:
    events.desk_document(document, stuck=True)
