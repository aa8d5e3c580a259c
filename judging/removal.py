"""Removal of a participant by a sanction (004 §5.7.3, §6.1.2 items 1–2): the rule itself is the draw's
(``draw.removal.remove``, one implementation for a participant and for a team), which records the consequence
as rows of the draw with the sanction as their source; here the sanction notes the stage it reached and its
outcome.
"""

from __future__ import annotations

from draw import removal
from judging.errors import JudgingError
from registration.models import Participant

CLAUSE = removal.CLAUSE


def apply_removal(sanction, participant: Participant, user) -> list[str]:
    """Remove the participant and carry out §5.7.3 on his matches; sets ``sanction.stage`` and ``outcome``.

    A draft round that pairs him is drawn again first (``draw.manager.player_left``: Swiss without him; round
    robin and brackets with the walk-over, or the annulment), never given a score; then the published
    matches get the consequence. ``sanction`` is saved (the consequence rows name it). Returns the notes for
    the chief judge.
    """
    try:
        done = removal.remove(removal.PlayerRemoval(participant), user, source=sanction)
    except removal.RemovalError as exc:
        raise JudgingError(str(exc)) from exc
    sanction.stage = done.stage
    sanction.clause = sanction.clause or CLAUSE
    sanction.outcome = done.outcome
    return done.notes
