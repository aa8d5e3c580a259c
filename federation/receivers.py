"""The federation follows the finished events (judging's signals) and the merges of people (the log)."""

from __future__ import annotations

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from federation import manager
from federation.models import RatingChange
from judging.signals import tournament_finished, tournament_reopened
from tournaments.models import AuditEntry


@receiver(tournament_finished)
def _finished(sender, tournament, **kwargs) -> None:
    manager.event_finished(tournament)


@receiver(tournament_reopened)
def _reopened(sender, tournament, **kwargs) -> None:
    manager.event_reopened(tournament)


# The merges already scheduled (one merge logs once per tournament it touched): (kept, removed) person ids,
# never reused, so a merge rolled back leaves a harmless entry.
_scheduled: set[tuple[int, int]] = set()


@receiver(post_save, sender=AuditEntry)
def _merged(sender, instance, created, **kwargs) -> None:
    """Two records of one person merged: the lists he plays in are replayed once the merge is committed
    (his two histories are one now)."""
    if not created or instance.action != "persons_merged" or not isinstance(instance.data, dict):
        return
    kept, removed = instance.data.get("kept"), instance.data.get("removed")
    if not isinstance(kept, int) or not isinstance(removed, int) or (kept, removed) in _scheduled:
        return
    _scheduled.add((kept, removed))

    def run() -> None:
        keys = RatingChange.objects.filter(person_id=kept).values_list("discipline", flat=True).distinct()
        for key in sorted(set(keys)):
            manager.rerate(key)

    transaction.on_commit(run)
