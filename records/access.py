"""Who may attach, read and replay a match's record; checked on the server for every request.

* attach: the two players of the match, the tournament's runners (secretaries, chief judge) and its technical
  judge (004 §6.2.4: the technical means; registration.permissions.may_handle_records), only in a published
  round, never to a bye, and nobody once the tournament is finished (its match protocols are signed;
  reopening aside);
* the record's text, its verdict and findings, its history: the two players and the tournament's officials;
* the replay of the board: the same people, and anybody once the match's result is final (004 §5.10: the
  protest window has passed or the protest is decided) — the moves of a finished official match are as
  public as its result; the verdict stays with the players and the officials.
"""

from __future__ import annotations

from draw.models import Match
from judging import state
from registration.permissions import can_run, is_official, may_handle_records
from tournaments.models import Tournament


def is_player(user, match: Match) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return any(p is not None and p.person.user_id == user.pk for p in (match.player1, match.player2))


def can_attach(user, match: Match) -> bool:
    if match.is_bye or not match.round.is_public:
        return False
    tournament = match.round.tournament
    if tournament.is_closed:
        return False  # 004 §6.2.1 item 6: the record feeds the signed match protocol; reopening aside
    return may_handle_records(user, tournament) or is_player(user, match)


def can_see_verdict(user, match: Match) -> bool:
    if not match.round.is_public:
        return can_run(user, match.round.tournament)
    return is_official(user, match.round.tournament) or is_player(user, match)


def is_final(match: Match) -> bool:
    return match.round.tournament.status == Tournament.Status.FINISHED or (
        state.match_state(match)[0] == state.FINAL and bool(match.result_kind)
    )


def can_replay(user, match: Match) -> bool:
    return can_see_verdict(user, match) or (match.round.is_public and is_final(match))
