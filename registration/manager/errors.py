"""The registration's user error, and the lock every change of a tournament's registration takes."""

from __future__ import annotations

from tournaments.models import Tournament


class AdmissionError(Exception):
    """A user error: expected, translated, shown to the person who asked; nothing was changed."""


def _lock_open(tournament_id: int) -> Tournament:
    """The tournament under a row lock (the draw takes the same), refused once it is finished (004 §6.2.1)."""
    t = Tournament.objects.select_for_update().get(pk=tournament_id)
    if t.read_only_reason:
        raise AdmissionError(t.read_only_reason)
    return t
