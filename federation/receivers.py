"""The federation follows the finished events (judging's signals) and the merges of people (the log)."""

from __future__ import annotations

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.utils.translation import gettext as _

from federation import manager
from federation.models import JudgeCategory, RatingChange
from judging.signals import tournament_finished, tournament_reopened
from registration.signals import judge_category_asked
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


@receiver(judge_category_asked)
def _judge_category(sender, person, on, **kwargs) -> str:
    """Why the person's judging category does not hold on ``on``: the latest has lapsed (or starts later).
    Nothing for a person the register has no category for (the register does not know every judge yet)."""
    latest = (
        JudgeCategory.objects.filter(person=person, assigned_on__lte=on)
        .order_by("-assigned_on", "-pk")
        .first()
    )
    if latest is None:
        return ""
    if latest.lapses_on < on:
        return _("the judging category «%(c)s» lapsed on %(d)s") % {
            "c": latest.get_category_display(),
            "d": f"{latest.lapses_on:%d.%m.%Y}",
        }
    return ""
