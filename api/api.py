"""The read-only JSON API (django-ninja): tournaments, rounds, pairings, standings, brackets, participants.

Public data only, the same as the public pages: draft rounds are hidden, and no date of birth, document or
contact is ever serialised (the schemas in ``api.schemas`` list every field that leaves). The OpenAPI schema
is at ``/api/openapi.json``, Swagger UI at ``/api/docs``. Unknown ids answer 404, malformed ones 422.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext
from ninja import NinjaAPI, Path

from api import schemas, team_api
from api.docs import LocalSwagger
from draw import manager as draw_manager
from draw.models import Match, Round
from judging.state import MatchState, match_states, participant_matches
from registration.models import Participant
from standings import metrics, ranking
from tournaments.models import Tournament

api = NinjaAPI(
    title="Nardy tournaments — public API",
    version="1",
    description="Read-only public data of the tournaments: no private data.",
    urls_namespace="api",
    docs=LocalSwagger(),
)

api.add_router("", team_api.router)  # team events (004 §1.3.4): teams, team matches, boards

DB_INT = {"ge": 1, "le": 2**31 - 1}  # ids the database can hold: bigger ones are a 422, never a 500
NOT_FOUND = {404: schemas.Error}


def _tournament(tid: int) -> Tournament:
    return get_object_or_404(Tournament, pk=tid)


def _player(p: Participant | None) -> dict | None:
    if p is None:
        return None
    return {
        "id": p.pk,
        "name": p.full_name,
        "short_name": p.short_name,
        "partner": p.partner.full_name if p.partner_id else None,
        "organisation": p.person.organisation,
        "region": p.person.region,
        "team": p.team.name if p.team_id else None,
    }


def _tiebreaks(keys: list[str]) -> list[dict]:
    return [
        {"key": k, "name": gettext(metrics.METRICS[k].name), "abbr": metrics.METRICS[k].abbr} for k in keys
    ]


def _tournament_out(t: Tournament) -> dict:
    return {
        "id": t.pk,
        "name": t.name,
        "discipline": t.discipline,
        "system": t.system,
        "character": t.character,
        "gender_group": t.gender_group,
        "start_date": t.start_date,
        "end_date": t.end_date,
        "venue": t.venue,
        "status": t.status,
        "match_length": t.match_length,
        "planned_rounds": t.rounds,
        "bye_points": float(t.bye_points),
        "protest_window_minutes": t.protest_window_minutes,
        "tiebreaks": _tiebreaks(t.tiebreak_keys()),
    }


@api.get("/tournaments", response=list[schemas.TournamentOut], tags=["tournaments"])
def tournaments(request):
    return [_tournament_out(t) for t in Tournament.objects.all()]


@api.get("/tournaments/{tid}", response={200: schemas.TournamentOut, **NOT_FOUND}, tags=["tournaments"])
def tournament(request, tid: int = Path(..., **DB_INT)):
    return _tournament_out(_tournament(tid))


def _round_out(r: Round) -> dict:
    return {
        "number": r.number,
        "status": r.status,
        "stage": r.stage.kind,
        "match_length": r.match_length or r.stage.match_length or r.tournament.match_length,
        "start_time": r.start_time,
        "published_at": r.published_at,
    }


@api.get("/tournaments/{tid}/rounds", response={200: list[schemas.RoundOut], **NOT_FOUND}, tags=["rounds"])
def rounds(request, tid: int = Path(..., **DB_INT)):
    t = _tournament(tid)
    return [_round_out(r) for r in t.round_set.public().select_related("stage", "tournament")]


def _match_out(m: Match, state: MatchState) -> dict:
    return {
        "id": m.pk,
        "table": m.table,
        "group": m.group.name if m.group_id else None,
        "player1": _player(m.player1),
        "player2": _player(m.player2),
        "score1": m.score1,
        "score2": m.score2,
        "winner_id": m.winner_id,
        "result": m.result_kind,
        "reason": m.result_reason,
        "state": state.key,
        "protest_seconds_left": state.seconds_left,
        "bracket_code": m.bracket_code,
        "flags": [str(f) for f in m.flags],
    }


@api.get(
    "/tournaments/{tid}/rounds/{number}",
    response={200: schemas.RoundDetail, **NOT_FOUND},
    tags=["rounds"],
    summary="A round with its pairings by table and each match's state",
)
def round_detail(request, tid: int = Path(..., **DB_INT), number: int = Path(..., **DB_INT)):
    t = _tournament(tid)
    rnd = get_object_or_404(t.round_set.public().select_related("stage", "tournament"), number=number)
    matches = list(
        rnd.matches.select_related(
            "player1__person",
            "player1__team",
            "player2__person",
            "player2__team",
            "round__tournament",
            "group",
        )
    )
    states = match_states(matches, timezone.now())
    return {**_round_out(rnd), "matches": [_match_out(m, states[m.pk]) for m in matches]}


@api.get(
    "/tournaments/{tid}/standings", response={200: schemas.StandingsOut, **NOT_FOUND}, tags=["standings"]
)
def standings_out(request, tid: int = Path(..., **DB_INT)):
    t = _tournament(tid)
    data = ranking.compute(t)
    return {
        "tournament": t.pk,
        "final": t.status == Tournament.Status.FINISHED,
        "tiebreaks": _tiebreaks(data.keys),
        "rows": [
            {
                "place": s.row.place,
                "place_to": s.row.place_to,
                "participant": _player(s.participant),
                "group": s.group,
                "points": float(s.row.points),
                "played": s.row.played,
                "wins": s.row.wins,
                "losses": s.row.losses,
                "byes": s.row.byes,
                "metrics": {k: float(v) for k, v in s.row.metrics.items()},
            }
            for s in data.rows
        ],
        "teams": [
            {
                "place": team.place,
                "place_to": team.place_to,
                "team": team.team,
                "players": len(team.members),
                "points": float(team.points),
                "wins": team.wins,
                "game_difference": team.game_difference,
            }
            for team in data.teams
        ],
    }


def _id(key: str | None) -> int | None:
    return int(key) if key else None


@api.get(
    "/tournaments/{tid}/brackets",
    response={200: list[schemas.BracketOut], **NOT_FOUND},
    tags=["brackets"],
    summary="The elimination stages' brackets (single, double, the playoff of a mixed event)",
)
def brackets_out(request, tid: int = Path(..., **DB_INT)):
    t = _tournament(tid)
    stages = ranking.elimination_stages(t)
    by_key = draw_manager.participants_by_key(t) if stages else {}
    out = []
    for stage in stages:
        data = ranking.stage_bracket(stage, by_key)
        out.append(
            {
                "stage": stage.number,
                "kind": stage.kind,
                "system": stage.system,
                "finished": data["finished"],
                "matches": [
                    {
                        "id": m["id"],
                        "round": m["round"],
                        "bracket": m.get("bracket", ""),
                        "players": [_id(k) for k in m["players"]],
                        "names": m["names"],
                        "scores": m["scores"],
                        "winner": _id(m.get("winner")),
                        "bye": bool(m.get("bye")),
                        "walkover": bool(m.get("walkover")),
                        "ready": bool(m.get("ready")),
                    }
                    for m in data["matches"]
                ],
                "places": [
                    {"participant": int(p["player"]), "place": p.get("place"), "place_to": p.get("place_to")}
                    for p in data["places"]
                ],
            }
        )
    return out


def _participant_out(p: Participant) -> dict:
    return {**_player(p), "seed": p.seed, "status": p.status}


@api.get(
    "/tournaments/{tid}/participants",
    response={200: list[schemas.ParticipantOut], **NOT_FOUND},
    tags=["participants"],
)
def participants(request, tid: int = Path(..., **DB_INT)):
    t = _tournament(tid)
    return [_participant_out(p) for p in t.participants.select_related("person", "team")]


@api.get(
    "/tournaments/{tid}/participants/{pid}",
    response={200: schemas.ParticipantDetail, **NOT_FOUND},
    tags=["participants"],
    summary="A participant's public data, place and matches",
)
def participant(request, tid: int = Path(..., **DB_INT), pid: int = Path(..., **DB_INT)):
    t = _tournament(tid)
    p = get_object_or_404(t.participants.select_related("person", "team"), pk=pid)
    played = participant_matches(p, timezone.now())
    mine = next((s for s in ranking.compute(t).rows if s.participant.pk == p.pk), None)
    rows = []
    for m, state in played:
        first = m.player1_id == p.pk
        rows.append(
            {
                "round": m.round.number,
                "table": m.table,
                "opponent": _player(m.player2 if first else m.player1),
                "own_score": m.score1 if first else m.score2,
                "opponent_score": m.score2 if first else m.score1,
                "result": m.result_kind,
                "won": (m.winner_id == p.pk) if m.winner_id else None,
                "state": state.key,
            }
        )
    return {
        **_participant_out(p),
        "place": mine.row.place if mine else None,
        "place_to": mine.row.place_to if mine else None,
        "points": float(mine.row.points) if mine else None,
        "matches": rows,
    }
