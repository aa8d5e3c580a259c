"""Where a match stands: not started, playing, provisional, under protest, final (004 §5.10).

``match_state(match, now)`` is the one function pages call to show a result's state and the time left; the
finality task (``judging.tasks``) writes ``Match.final_at`` with ``finalize_match`` from the same rules.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from draw.models import Match

NOT_STARTED = "not_started"
PLAYING = "playing"
PROVISIONAL = "provisional"
UNDER_PROTEST = "under_protest"
FINAL = "final"

OPEN_STATUSES = ("filed", "accepted")


def window_end(match: Match) -> datetime.datetime | None:
    """The end of the protest window: the match end plus the window (004 §5.10, default 10 minutes)."""
    if match.ended_at is None:
        return None
    return match.ended_at + datetime.timedelta(minutes=match.round.tournament.protest_window_minutes)


def has_open_protest(match: Match) -> bool:
    return match.protests.filter(status__in=OPEN_STATUSES).exists()


def match_state(
    match: Match, now: datetime.datetime | None = None, protested: bool | None = None
) -> tuple[str, int | None]:
    """``(state, seconds_left)``; ``seconds_left`` is the protest window left for a provisional result.

    A result is provisional until its window has passed with no protest, or the protest filed in it is
    decided; then it is final (even before the finality task has stored ``final_at``). ``protested``:
    whether the match has an open protest, when the caller read that for many matches at once; None asks
    the database.
    """
    now = now or timezone.now()
    if not match.result_kind:
        return (PLAYING, None) if match.started_at and match.started_at <= now else (NOT_STARTED, None)
    if match.final_at is not None:
        return FINAL, None
    if has_open_protest(match) if protested is None else protested:
        return UNDER_PROTEST, None
    end = window_end(match)
    if end is None or now >= end:
        return FINAL, None
    return PROVISIONAL, int((end - now).total_seconds())


def finalize_match(match: Match, now: datetime.datetime) -> bool:
    """Store the finality of one result when it is due; True when it was written now. Idempotent.

    Serialised with protest filing on the match's row lock (``Protest.file`` takes the same lock): either
    the protest is committed first and the result stays provisional, or the finality is, and the protest is
    refused — never a protest on a result already stored as final (issue 13 item 8).
    """
    if not match.result_kind or match.final_at is not None or match.ended_at is None:
        return False
    with transaction.atomic():
        locked = Match.objects.select_for_update().filter(pk=match.pk).first()
        if locked is None or locked.final_at is not None or locked.version != match.version:
            return False
        end = window_end(match)
        if now < end or has_open_protest(locked):
            return False
        decided = locked.protests.exclude(decided_at__isnull=True).order_by("-decided_at").first()
        reviewed = locked.protests.exclude(reviewed_at__isnull=True).order_by("-reviewed_at").first()
        moments = [end] + [p.decided_at for p in (decided,) if p] + [p.reviewed_at for p in (reviewed,) if p]
        # Only the row still not final is written: a second run, or a run racing this one, does nothing.
        return bool(
            Match.objects.filter(pk=match.pk, final_at__isnull=True, version=match.version).update(
                final_at=max(moments)
            )
        )


def next_match_started(match: Match, participant_id: int, now: datetime.datetime) -> bool:
    """Whether ``participant_id`` has started a later match in the tournament (004 §2.4.2 item 5, 003)."""
    return (
        Match.objects.filter(
            round__tournament_id=match.round.tournament_id,
            round__number__gt=match.round.number,
            started_at__isnull=False,
            started_at__lte=now,
        )
        .filter(Q(player1_id=participant_id) | Q(player2_id=participant_id))
        .exists()
    )


def either_started_next(match: Match, now: datetime.datetime) -> bool:
    """003: protocol corrections are possible until either player starts his next match."""
    return any(next_match_started(match, pid, now) for pid in (match.player1_id, match.player2_id) if pid)


def pending_protests(tournament) -> list:
    """Open protests whose decision could still change a result, hence a score group, before the next draw."""
    return list(
        tournament.protests.filter(status__in=OPEN_STATUSES).select_related(
            "match__round", "protester__person"
        )
    )


def pending_protests_warning(tournament) -> str:
    """The warning the secretary sees when drawing while a protest is pending; empty when none is."""
    pending = pending_protests(tournament)
    if not pending:
        return ""
    where = ", ".join(
        _("round %(r)s, table %(t)s") % {"r": p.match.round.number, "t": p.match.table} for p in pending
    )
    return _(
        "A protest is pending (%(where)s): its decision may change a result and the score groups of the draw."
    ) % {"where": where}


# --- the states of many matches at once, with their words ----------------------------------------------


@dataclass(frozen=True)
class MatchState:
    key: str  # not_started, playing, provisional, under_protest, final (the words above)
    text: str
    seconds_left: int | None = None


def match_states(matches: list[Match], now: datetime.datetime) -> dict[int, MatchState]:
    """The state of each match: not started, playing, provisional (protest time left), under protest, final.

    The rules are ``match_state``'s (004 §5.10); the open protests of all the matches are read
    here in one query, so a page or an API answer costs the same number of queries for 10 tables or 500.
    """
    protested = _open_protests([m.pk for m in matches if m.result_kind])
    return {m.pk: derive_state(m, now, m.pk in protested) for m in matches}


def _open_protests(match_ids: list[int]) -> set[int]:
    if not match_ids:
        return set()
    return set(
        Match.objects.filter(pk__in=match_ids, protests__status__in=OPEN_STATUSES).values_list(
            "pk", flat=True
        )
    )


def _state_text(key: str, seconds: int | None) -> str:
    if key == NOT_STARTED:
        return _("not started")
    if key == PLAYING:
        return _("playing")
    if key == UNDER_PROTEST:
        return _("under protest")
    if key == PROVISIONAL:
        if seconds is None:
            return _("provisional")
        minutes = max(1, -(-seconds // 60))
        return ngettext(
            "provisional: %(n)s min left for a protest", "provisional: %(n)s min left for a protest", minutes
        ) % {"n": minutes}
    return _("final")


def derive_state(m: Match, now: datetime.datetime, protested: bool = False) -> MatchState:
    key, seconds = match_state(m, now, protested=protested)
    return MatchState(key, _state_text(key, seconds), seconds)


def participant_matches(participant, now: datetime.datetime) -> list[tuple[Match, MatchState]]:
    """A participant's matches in the published rounds, in round order, each with its state.

    The one loader for his page and the API: three queries whatever the field or the number of rounds.
    """
    matches = list(
        Match.objects.filter(round__tournament_id=participant.tournament_id)
        .exclude(round__status="draft")
        .filter(Q(player1=participant) | Q(player2=participant))
        .select_related(
            "round__tournament",
            "player1__person",
            "player1__team",
            "player2__person",
            "player2__team",
            "winner__person",
        )
        .order_by("round__number")
    )
    states = match_states(matches, now)
    return [(m, states[m.pk]) for m in matches]
