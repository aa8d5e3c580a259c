"""Team events in the read-only API (004 §1.3.4): teams with their rosters in board order and their standing,
and a round's team matches with their boards (line-ups as played) and board results. Public data only; draft
rounds are hidden. A router of its own, added to the ``api`` by ``api.api``."""

from __future__ import annotations

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
    place: int | None = Field(description="Place (the first of a shared range), null before any result.")
    place_to: int | None = Field(description="The last place of a shared range, else the same as place.")
    match_points: int = Field(description="Match points: 2 a won team match, 1 a drawn one, 0 a lost one.")
    board_points: float = Field(description="Board points: the sum of the team's board results.")
    sonneborn_berger: float = Field(description="Sonneborn-Berger on match points.")
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


class TeamMatch(Schema):
    table: int = Field(description="Table number.")
    team1: int = Field(description="The first team's id.")
    team2: int | None = Field(description="The second team's id; null for a bye.")
    score1: float = Field(description="The first team's board points in this match.")
    score2: float = Field(description="The second team's board points in this match.")
    complete: bool = Field(description="Every board has its result.")
    through: int | None = Field(description="Elimination: the team through by the regulation's rule.")
    boards: list[Board] = Field(description="The boards as played (the line-ups).")


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
    by_pk = {str(tm.pk): tm for tm in t.teams.select_related("captain__person")}
    rows = teams.team_table(t)
    if t.system == "single_elimination":
        places = teams.knockout_places(t)
        for row in rows:
            row.place, row.place_to = places.get(row.team, (None, None))
        rows.sort(key=lambda r: (r.place is None, r.place or 0))
    out = []
    for row in rows:
        tm = by_pk[row.team]
        out.append(
            {
                "id": tm.pk,
                "name": tm.name,
                "place": row.place,
                "place_to": row.place_to,
                "match_points": row.match_points,
                "board_points": float(row.board_points),
                "sonneborn_berger": float(row.metrics.get("sonneborn_berger", 0)),
                "captain": tm.captain.full_name if tm.captain_id else None,
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
        a, b = team_metrics.board_points(r, t.bye_points, t.boards) if r else (0, 0)
        out.append(
            {
                "table": tm.table,
                "team1": tm.team1_id,
                "team2": tm.team2_id,
                "score1": float(a),
                "score2": float(b),
                "complete": bool(r and r.complete),
                "through": (
                    {1: tm.team1_id, 2: tm.team2_id}.get(team_metrics.decide(r, t.team_draw_rule))
                    if r is not None
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
