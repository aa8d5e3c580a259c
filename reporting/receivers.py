"""Issue 32 §3: at the finish, the event's rank dossiers are made — off the request (a worker, or a thread in
the embedded default), once the finish is committed, and only where the event has norms."""

from __future__ import annotations

from django.db import transaction
from django.dispatch import receiver

from federation.norms import effective_norms
from judging.signals import tournament_finished
from reporting import tasks
from reporting.models import Archive
from tournaments.models import Tournament


def dossiers_at_finish(tournament_id: int, user_id: int | None) -> Archive | None:
    """The finished event's dossiers' archive, asked for (None where it has no norms)."""
    archive = None
    t = Tournament.objects.filter(pk=tournament_id).first()
    if t is not None and effective_norms(t):
        archive = Archive.objects.create(
            tournament=t, kind=Archive.Kind.DOSSIERS, version=t.version, requested_by_id=user_id
        )
        tasks.dispatch(archive.pk)
    return archive


@receiver(tournament_finished)
def _finished(sender, tournament, user=None, **kwargs) -> None:
    user_id = getattr(user, "pk", None)
    transaction.on_commit(lambda: dossiers_at_finish(tournament.pk, user_id))
