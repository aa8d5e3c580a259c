"""A panel decision that changes a result after the next round was drawn on the old one.

The panel is told exactly which pairings of that round the decision changes (the draw is run again, with the
round's own seed, on the corrected results, and the two sets of pairings are compared) and chooses to keep
the round or to draw the unplayed round again.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils.translation import gettext as _

from draw import manager as draw_manager
from draw import pairing
from draw.models import ResultKind, Round
from judging.errors import JudgingError

if TYPE_CHECKING:  # the protest's model calls this module; only its type is named here
    from judging.models import Protest

KEEP = "keep"
REDRAW = "redraw"
PLAYED_KINDS = {ResultKind.PLAYED, ResultKind.TIME}


def _pair_names(p1, p2) -> str:
    return f"{p1} — {p2}" if p2 is not None else f"{p1} — {_('bye')}"


def _current(rnd: Round) -> dict[frozenset, str]:
    out = {}
    for m in rnd.matches.select_related("player1__person", "player2__person"):
        out[frozenset({m.player1_id, m.player2_id})] = _pair_names(m.player1, m.player2)
    return out


def _redrawn(rnd: Round) -> dict[frozenset, str] | str:
    """The pairings the draw would make now for ``rnd`` (its seed, its options); an error message if none.

    Computed inside a transaction that is always rolled back, so nothing of the trial draw is ever kept, also
    when the caller (a page) runs outside any transaction, where a bare savepoint would be a no-op.
    """
    t = rnd.tournament
    allow = any("rematch" in m.flags for m in rnd.matches.all())
    with transaction.atomic():
        sid = transaction.savepoint()
        try:
            draw_manager.drop_round(Round.objects.get(pk=rnd.pk))  # a copy: ``rnd`` keeps its pk
            _stage, pairs, _flags = draw_manager.preview_pairings(t, rnd.number, rnd.seed, allow)
            return {
                frozenset(
                    {p.player1.pk if p.player1 else None, p.player2.pk if p.player2 else None}
                ): _pair_names(p.player1, p.player2)
                for p in pairs
            }
        except draw_manager.DrawError as exc:
            return str(exc)
        except pairing.PairingError:
            # The bracket cannot be redrawn on these results (e.g. a later round was played on the old ones).
            return _("The pairings cannot be drawn again on the corrected results.")
        finally:
            transaction.savepoint_rollback(sid)


def changes(rnd: Round) -> tuple[list[str], list[str]] | str:
    """(pairings that would go, pairings that would come) for the drawn round ``rnd``, or why unknown."""
    new = _redrawn(rnd)
    if isinstance(new, str):
        return new
    old = _current(rnd)
    gone = [old[k] for k in old if k not in new]
    come = [new[k] for k in new if k not in old]
    return gone, come


def round_is_unplayed(rnd: Round) -> bool:
    """No match of the round has started or has a result played over the board."""
    return not draw_manager.round_started(rnd)


def preview(protest: Protest, consequence: str, score1, score2, winner_side) -> dict | None:
    """What an upheld decision would change in the next round, computed and thrown away (nothing saved)."""
    rnd = protest.following_round()
    if rnd is None or not consequence:
        return None
    answer: dict = {"round": rnd.number, "unplayed": round_is_unplayed(rnd)}
    with transaction.atomic():
        sid = transaction.savepoint()
        try:
            probe = copy.copy(protest)  # the protest as it would be decided; never saved
            probe.consequence, probe.new_score1, probe.new_score2 = consequence, score1, score2
            probe.winner_side = winner_side
            probe.apply_consequence(None)
            result = changes(rnd)
        except JudgingError as exc:
            result = str(exc)
        finally:
            transaction.savepoint_rollback(sid)
    if isinstance(result, str):
        answer["error"] = result
    else:
        answer["gone"], answer["come"] = result
    return answer


def apply_with_next_round(protest: Protest, user, choice: str) -> list[str]:
    """Carry out the consequence and what it means for the rounds drawn on the old result. In a transaction.

    A bracket follows its results: the later matches are re-flowed at once, whatever has been played
    (``draw.dependents.reflow``): the ruling is always executable. Elsewhere the next round drawn on the old
    result is kept or, while unplayed, drawn again, as the panel chooses after the preview.
    """
    rnd = protest.following_round()
    notes = protest.apply_consequence(user)
    if protest.match.round.stage.is_elimination:
        protest.next_round = "reflow" if notes else ""
        protest.changed_pairings = [{"note": n} for n in notes]
        return notes or [_("The later matches of the bracket do not change.")]
    if rnd is None:
        return notes
    rnd.refresh_from_db()
    later = Round.objects.filter(tournament=protest.tournament, number__gt=rnd.number).exists()
    result = changes(rnd)
    gone: list[str]
    come: list[str]
    if isinstance(result, str):
        gone, come = [], []
    else:
        gone, come = result
    protest.changed_pairings = [{"gone": g} for g in gone] + [{"come": c} for c in come]
    if not gone and not come and not isinstance(result, str):
        protest.next_round = KEEP
        draw_manager.clear_review(rnd)
        return [_("The pairings of round %(n)s do not change.") % {"n": rnd.number}]
    if choice not in (KEEP, REDRAW):
        raise JudgingError(
            _("Round %(n)s was drawn on the old result: choose to keep its pairings or to draw it again.")
            % {"n": rnd.number}
        )
    if choice == KEEP:
        protest.next_round = KEEP
        draw_manager.clear_review(rnd)
        return [_("The pairings of round %(n)s are kept.") % {"n": rnd.number}]
    if later or not round_is_unplayed(rnd):
        raise JudgingError(
            _("Round %(n)s has already started: it cannot be drawn again; keep its pairings.")
            % {"n": rnd.number}
        )
    protest.next_round = REDRAW
    return [draw_manager.redraw_round(rnd, user)]
