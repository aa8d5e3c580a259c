"""Team events in the read-only API (004 §1.3.4): teams with their rosters in board order and their standing,
and a round's team matches with their boards (line-ups as played) and board results. Public data only; draft
rounds are hidden. A router of its own, added to the ``api`` by ``api.api``."""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from django.shortcuts import get_object_or_404
from ninja import Field, Path, Router, Schema

from api import schemas
from draw import teams
from draw.models import Round
from standings import team_metrics
from tournaments.models import Tournament

router = Router()
DB_INT = {"ge": 1, "le": 2**31 - 1}  # as api.api: ids the database can hold
TID = {"description": "The tournament's id.", **DB_INT}
NUMBER = {"description": "The round's number.", **DB_INT}
NOT_FOUND = {404: schemas.Error, 422: schemas.Error}


class RosterPlayer(schemas.Player):
    board_order: int | None = Field(description="His place in the board order (004 §1.3.4), else null.")


class TeamStanding(Schema):
    id: int = Field(description="The team's id.")
    name: str = Field(description="The team's name.")
    place: int | None = Field(
        description="Place (the first of a shared range); null before any result, and for a removed team "
        "(004 §5.7.3: its place is not kept, the others close up)."
    )
    place_to: int | None = Field(description="The last place of a shared range, else the same as place.")
    match_points: int = Field(description="Match points: 2 a won team match, 1 a drawn one, 0 a lost one.")
    board_points: float = Field(description="Board points: the sum of the team's board results.")
    sonneborn_berger: float = Field(description="Sonneborn-Berger on match points.")
    removed: bool = Field(description="The team was removed (004 §5.7.3): listed last, without a place.")
    captain: str | None = Field(description="The captain's full name, else null.")
    players: list[RosterPlayer] = Field(description="The roster in board order.")


class Board(Schema):
    board: int = Field(description="Board from 1; 0: the extra decisive match of a drawn knockout match.")
    player1: schemas.Player | None = Field(description="The player who moves first on this board.")
    player2: schemas.Player | None = Field(description="His opponent; null for a bye.")
    score1: int | None = Field(description="Points of player1 in the match, null until played.")
    score2: int | None = Field(description="Points of player2 in the match, null until played.")
    result: str = Field(description="The result's kind (played, technical defeat…), empty until entered.")
    winner: int | None = Field(description="The winner's participant id, else null.")


# 004 §5.7.3: what a team match is, from its flags (TeamMatch.flags).
TeamMatchState = Literal["played", "bye", "walkover", "annulled"]


class TeamMatch(Schema):
    table: int = Field(description="Table number.")
    team1: int = Field(description="The first team's id.")
    team2: int | None = Field(description="The second team's id; null for a bye.")
    state: TeamMatchState = Field(
        description="played: an ordinary team match (see complete); bye: team 1 rests, scored with the "
        "bye points on every board; walkover: team 2 was removed (004 §5.7.3), team 1 wins every board, no "
        "boards are played; annulled: one of the teams was removed after not more than half of its "
        "round-robin team matches (004 §5.7.3), the match counts for nobody and its scores are null."
    )
    score1: float | None = Field(
        description="The first team's board points in this match; null for an annulled match."
    )
    score2: float | None = Field(
        description="The second team's board points in this match; null for an annulled match."
    )
    complete: bool = Field(description="Every board has its result (a walk-over and a bye: true).")
    through: int | None = Field(description="Elimination: the team through by the regulation's rule.")
    boards: list[Board] = Field(description="The boards as played (the line-ups).")


def _state(tm) -> str:
    if tm.team2_id is None:
        return "bye"
    for flag in ("annulled", "walkover"):  # 004 §5.7.3
        if flag in tm.flags:
            return flag
    return "played"


def _event(tid: int) -> Tournament:
    return get_object_or_404(Tournament, pk=tid)


@router.get(
    "/tournaments/{tid}/teams",
    response={200: list[TeamStanding], **NOT_FOUND},
    tags=["teams"],
    summary="The teams in standing order, with their rosters",
    operation_id="listTeams",
)
def team_list(request, tid: int = Path(..., **TID)):
    t = _event(tid)
    if not t.is_team_event:
        return []  # a personal event has no teams as participants
    out = []
    for row, tm in teams.standing_rows(t):  # the same rows as the team standings page
        out.append(
            {
                "id": tm.pk,
                "name": tm.name,
                "place": row.place,
                "place_to": row.place_to,
                "removed": tm.removed,
                "match_points": row.match_points,
                "board_points": float(row.board_points),
                "sonneborn_berger": float(row.metrics.get("sonneborn_berger", 0)),
                "captain": tm.captain.full_name if tm.captain is not None else None,
                "players": [
                    {**schemas.player_out(p), "board_order": p.board_order} for p in teams.roster(tm)
                ],
            }
        )
    return out


@router.get(
    "/tournaments/{tid}/rounds/{number}/team-matches",
    response={200: list[TeamMatch], **NOT_FOUND},
    tags=["teams"],
    summary="A published round's team matches with their boards",
    operation_id="listTeamMatches",
)
def team_matches(request, tid: int = Path(..., **TID), number: int = Path(..., **NUMBER)):
    t = _event(tid)
    rnd = get_object_or_404(Round.objects.exclude(status=Round.Status.DRAFT), tournament=t, number=number)
    results = {(r.team1, r.team2): r for r in teams.team_results(t) if r.round == number}
    out = []
    tms = rnd.team_matches.prefetch_related(
        "boards__player1__person", "boards__player2__person", "boards__player1__team", "boards__player2__team"
    )
    for tm in tms:
        r = results.get((str(tm.team1_id), str(tm.team2_id) if tm.team2_id else None))
        a, b = team_metrics.board_points(r, Fraction(t.bye_points), t.boards) if r else (0, 0)
        state = _state(tm)
        annulled = state == "annulled"  # 004 §5.7.3: counts for nobody, no score to show
        out.append(
            {
                "table": tm.table,
                "team1": tm.team1_id,
                "team2": tm.team2_id,
                "state": state,
                "score1": None if annulled else float(a),
                "score2": None if annulled else float(b),
                "complete": bool(r and r.complete),
                "through": (
                    {1: tm.team1_id, 2: tm.team2_id}.get(team_metrics.decide(r, t.team_draw_rule) or 0)
                    if r is not None and not annulled
                    else None
                ),
                "boards": [
                    {
                        "board": m.board,
                        "player1": schemas.player_out(m.player1),
                        "player2": schemas.player_out(m.player2),
                        "score1": m.score1,
                        "score2": m.score2,
                        "result": m.result_kind,
                        "winner": m.winner_id,
                    }
                    for m in sorted(tm.boards.all(), key=lambda m: (m.board == 0, m.board))
                ],
            }
        )
    return out
