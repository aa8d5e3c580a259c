"""The registration's user error, and the lock every change of a tournament's registration takes."""

from __future__ import annotations

from tournaments.models import Tournament


class AdmissionError(Exception):
    """A user error: expected, translated, shown to the person who asked; nothing was changed."""


def lock_open(tournament_id: int) -> Tournament:
    """The tournament under a row lock, refused (``AdmissionError``) once it is finished: the one rule every
    path that saves an entry takes — the forms, a team's entry, an import, a competition's form (issue 28
    §4: after the finish a new entry could still be saved)."""
    return _lock_open(tournament_id)


def _lock_open(tournament_id: int) -> Tournament:
    """The tournament under a row lock (the draw takes the same), refused once it is finished (004 §6.2.1)."""
    t = Tournament.objects.select_for_update().get(pk=tournament_id)
    if t.read_only_reason:
        raise AdmissionError(t.read_only_reason)
    return t
