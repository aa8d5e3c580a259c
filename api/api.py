"""The read-only JSON API (django-ninja): tournaments, rounds, matches, standings, brackets, participants.

Public data only, the same as the public pages: draft rounds are hidden, and no date of birth, document or
contact is ever serialised (the schemas in ``api.schemas`` list every field that leaves). The OpenAPI schema
is at ``/api/openapi.json``, Swagger UI at ``/api/docs``; the contract (paging, filters, conditional
requests, errors) is in api/README.md. Unknown ids answer 404, malformed ones 422, both as JSON ``Error``.

Every answer about one tournament starts with one indexed query (its row): its ``version`` and ``changed_at``
make the ``ETag`` and ``Last-Modified``, and an unchanged copy is a 304 with nothing else computed.
"""

from __future__ import annotations

import datetime
import hashlib

from django.db.models import Count, Exists, Max, OuterRef, Q, Sum
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from ninja import NinjaAPI, Path, Query
from ninja.errors import HttpError, ValidationError

from api import rating_api, schemas, team_api
from api.docs import LocalSwagger
from api.http import (
    CONTENT_TYPE,
    DEFAULT_LIMIT,
    MAX_LIMIT,
    MAX_OFFSET,
    ApiError,
    Utf8JSONRenderer,
    cached,
    dumps,
    error_response,
    make_etag,
    not_modified,
    page,
    tag,
    validation_details,
)
from draw import manager as draw_manager
from draw.models import Match, Round
from judging import state as judging_state
from judging.state import MatchState, match_states, participant_matches
from registration.models import Participant
from standings import metrics, ranking
from tournaments.models import Tournament

api = NinjaAPI(
    title="Nardy tournaments — public API",
    version="1",
    description=(
        "Read-only public data of the tournaments: no private data. Lists are paged (`limit`, `offset`: "
        "`count`, `next`, `previous`). Answers carry `ETag` and `Last-Modified`: send `If-None-Match` or "
        "`If-Modified-Since` and an unchanged answer is a 304. Large answers are gzipped for "
        "`Accept-Encoding: gzip`. Errors are JSON `Error` with a stable `code` and a `message` in the "
        "request's language (`?lang=` or `Accept-Language`; Russian by default). See api/README.md."
    ),
    urls_namespace="api",
    docs=LocalSwagger(),
    renderer=Utf8JSONRenderer(),
)

api.add_router("", team_api.router)  # team events (004 §1.3.4): teams, team matches, boards
api.add_router("", rating_api.router)  # the federation's rating lists (issue 31 §2)

DB_INT = {"ge": 1, "le": 2**31 - 1}  # ids the database can hold: bigger ones are a 422, never a 500
ERRORS = {404: schemas.Error, 422: schemas.Error}


# --- errors: every one a JSON Error in the request's language -----------------------------------------------


@api.exception_handler(ApiError)
def _api_error(request: HttpRequest, exc: ApiError) -> HttpResponse:
    return error_response(exc.status, exc.message, code=exc.code)


@api.exception_handler(ValidationError)
def _validation_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    details = validation_details(exc.errors)
    names = ", ".join(sorted({d["param"].split(".")[-1] for d in details if d["param"]}))
    message = _("Invalid request parameters: %(names)s.") % {"names": names} if names else ""
    return error_response(422, message, details)


@api.exception_handler(Http404)
def _not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return error_response(404)


@api.exception_handler(HttpError)
def _http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    return error_response(exc.status_code)


# --- parameters ---------------------------------------------------------------------------------------------


def _limit():
    return Query(DEFAULT_LIMIT, ge=1, le=MAX_LIMIT, description=f"Page size, 1–{MAX_LIMIT}.")


def _offset():
    return Query(0, ge=0, le=MAX_OFFSET, description="Index of the first item, from 0.")


LANG = Query(None, description="Language of names and messages: ru (default) or en, else Accept-Language.")
STATE = Query(None, description="Only the matches in this state now.")
STATUS = Query(None, description="Only the participants in this status.")


TID = {"description": "The tournament's id.", **DB_INT}


# --- the tournament's row: 404, the validators, the 304 -----------------------------------------------------


def _conditional(
    request, response, tid: int, visible: Exists | None = None, missing: str = ""
) -> tuple[Tournament, HttpResponse | None]:
    """One indexed query (the tournament's row by its key). Returns it, and the 304 when the client's copy is
    current; else the answer-to-be (``response``, ninja's) gets the ``ETag`` and ``Last-Modified``.

    ``visible``: an ``Exists`` on the tournament's row for the resource asked (a published round, a
    participant of this tournament), read in the same query: false is the 404 ``missing`` before any 304
    (issue 25 item 14: the tournament's ETag, or ``*``, answered 304 for a draft round)."""
    rows = Tournament.objects.filter(pk=tid)
    t = (rows if visible is None else rows.annotate(visible=visible)).first()
    if t is None:
        raise ApiError(404, _("No such tournament."))
    if visible is not None and not t.visible:  # type: ignore[attr-defined]  # annotated above with it
        raise ApiError(404, missing)
    etag, changed = make_etag(f"t{t.pk}v{t.version}"), t.changed_at or t.created_at
    if fresh := not_modified(request, etag, changed):
        return t, fresh
    tag(response, etag, changed)
    return t, None


def _tiebreaks(keys: list[str]) -> list[dict]:
    return [
        {"key": k, "name": str(_(metrics.METRICS[k].name)), "abbr": metrics.METRICS[k].abbr} for k in keys
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


# --- tournaments --------------------------------------------------------------------------------------------


@api.get(
    "/tournaments",
    response={200: schemas.TournamentPage, 422: schemas.Error},
    tags=["tournaments"],
    summary="The tournaments, the latest first",
    operation_id="listTournaments",
)
def list_tournaments(
    request: HttpRequest,
    response: HttpResponse,
    limit: int = _limit(),
    offset: int = _offset(),
    lang: schemas.Language | None = LANG,
):
    # One query says whether anything changed: a new, deleted or changed tournament moves one of these.
    agg = Tournament.objects.aggregate(
        n=Count("pk"),
        top=Max("pk"),
        versions=Sum("version"),
        changed=Max("changed_at"),
        created=Max("created_at"),
    )
    etag = make_etag(f"all{agg['n']}.{agg['top']}.{agg['versions']}")
    changed = max((x for x in (agg["changed"], agg["created"]) if x), default=None)
    if fresh := not_modified(request, etag, changed):
        return fresh
    tag(response, etag, changed)
    rows = Tournament.objects.order_by("-start_date", "-pk")[offset : offset + limit]
    return page(request, agg["n"], limit, offset, [_tournament_out(t) for t in rows])


@api.get(
    "/tournaments/{tid}",
    response={200: schemas.Tournament, **ERRORS},
    tags=["tournaments"],
    summary="A tournament: its settings and tiebreaks",
    operation_id="getTournament",
)
def get_tournament(
    request: HttpRequest,
    response: HttpResponse,
    tid: int = Path(..., **TID),
    lang: schemas.Language | None = LANG,
):
    t, fresh = _conditional(request, response, tid)
    return fresh or _tournament_out(t)


# --- rounds and matches -------------------------------------------------------------------------------------


def _round_out(r: Round) -> dict:
    return {
        "number": r.number,
        "status": r.status,
        "stage": r.stage.kind,
        "match_length": r.match_length or r.stage.match_length or r.tournament.match_length,
        "start_time": r.start_time,
        "published_at": r.published_at,
    }


@api.get(
    "/tournaments/{tid}/rounds",
    response={200: schemas.RoundPage, **ERRORS},
    tags=["rounds"],
    summary="The published rounds",
    operation_id="listRounds",
)
def list_rounds(
    request: HttpRequest,
    response: HttpResponse,
    tid: int = Path(..., **TID),
    limit: int = _limit(),
    offset: int = _offset(),
    lang: schemas.Language | None = LANG,
):
    t, fresh = _conditional(request, response, tid)
    if fresh:
        return fresh
    rounds = Round.objects.public().filter(tournament=t).order_by("number")
    items = [_round_out(r) for r in rounds.select_related("stage", "tournament")[offset : offset + limit]]
    return page(request, rounds.count(), limit, offset, items)


def _match_out(m: Match, state: MatchState, now: datetime.datetime) -> dict:
    seconds = state.seconds_left
    return {
        "id": m.pk,
        "round": m.round.number,
        "table": m.table,
        "group": m.group.name if m.group is not None else None,
        "player1": schemas.player_out(m.player1),
        "player2": schemas.player_out(m.player2),
        "score1": m.score1,
        "score2": m.score2,
        "winner_id": m.winner_id,
        "result": m.result_kind,
        "reason": m.result_reason,
        "state": state.key,
        "protest_seconds_left": seconds,
        "protest_ends_at": now + datetime.timedelta(seconds=seconds) if seconds is not None else None,
        "bracket_code": m.bracket_code,
        "flags": [str(f) for f in m.flags],
    }


def _public_matches(t: Tournament):
    return (
        Match.objects.filter(round__tournament=t)
        .exclude(round__status=Round.Status.DRAFT)
        .select_related(
            "round__tournament",
            "player1__person",
            "player1__team",
            "player2__person",
            "player2__team",
            "group",
        )
        .order_by("round__number", "table", "pk")
    )


def _matches_page(
    request: HttpRequest,
    matches,
    limit: int,
    offset: int,
    state: str | None = None,
    tournament: Tournament | None = None,
) -> dict:
    """A page of ``matches`` with their states: a constant number of queries, whatever the field.

    The state depends on the clock (004 §5.10), so a ``state`` filter judges the matches that may be in it;
    a result stored as final (``final_at``) is final without judging: only its place in the order is read."""
    now = timezone.now()
    if state is None:
        count, chunk = matches.count(), list(matches[offset : offset + limit])
    else:
        if state in ("not_started", "playing"):
            # Matches without a result (at most the rounds in play): judged here, their ids only.
            judged = list(
                matches.filter(result_kind="").select_related(None).select_related("round__tournament")
            )
            states = match_states(judged, now)
            order = sorted((m.round.number, m.table, m.pk) for m in judged if states[m.pk].key == state)
            count, wanted = len(order), [pk for _n, _t, pk in order[offset : offset + limit]]
            chunk = sorted(matches.filter(pk__in=wanted), key=lambda m: (m.round.number, m.table, m.pk))
        else:
            assert tournament is not None  # a state filter is the matches list's, of one tournament
            # A result's state in SQL (issue 36): counted and paged by the database, none of the others read.
            chosen = matches.filter(judging_state.state_q(state, tournament, now))
            count, chunk = chosen.count(), list(chosen[offset : offset + limit])
    states = match_states(chunk, now)
    return page(request, count, limit, offset, [_match_out(m, states[m.pk], now) for m in chunk])


@api.get(
    "/tournaments/{tid}/rounds/{number}",
    response={200: schemas.RoundDetail, **ERRORS},
    tags=["rounds"],
    summary="A round with a page of its pairings by table, each with its state",
    operation_id="getRound",
)
def get_round(
    request: HttpRequest,
    response: HttpResponse,
    tid: int = Path(..., **TID),
    number: int = Path(..., description="The round's number.", **DB_INT),
    limit: int = _limit(),
    offset: int = _offset(),
    lang: schemas.Language | None = LANG,
):
    public = Exists(Round.objects.public().filter(tournament=OuterRef("pk"), number=number))
    t, fresh = _conditional(request, response, tid, public, _("No such published round."))
    if fresh:
        return fresh
    rounds = Round.objects.public().filter(tournament=t, number=number)
    rnd = rounds.select_related("stage", "tournament").first()
    if rnd is None:
        raise ApiError(404, _("No such published round."))
    matches = _public_matches(t).filter(round=rnd)
    return {**_round_out(rnd), "matches": _matches_page(request, matches, limit, offset)}


@api.get(
    "/tournaments/{tid}/matches",
    response={200: schemas.MatchPage, **ERRORS},
    tags=["matches"],
    summary="The matches of every published round, filtered by round, state, participant or table",
    operation_id="listMatches",
)
def list_matches(
    request: HttpRequest,
    response: HttpResponse,
    tid: int = Path(..., **TID),
    round: int | None = Query(None, description="Only this round's number.", **DB_INT),
    state: schemas.MatchStateKey | None = STATE,
    participant: int | None = Query(None, description="Only this participant's matches (his id).", **DB_INT),
    table: int | None = Query(None, description="Only this table.", **DB_INT),
    limit: int = _limit(),
    offset: int = _offset(),
    lang: schemas.Language | None = LANG,
):
    t, fresh = _conditional(request, response, tid)
    if fresh:
        return fresh
    matches = _public_matches(t)
    if round is not None:
        matches = matches.filter(round__number=round)
    if participant is not None:
        matches = matches.filter(Q(player1_id=participant) | Q(player2_id=participant))
    if table is not None:
        matches = matches.filter(table=table)
    return _matches_page(request, matches, limit, offset, state, t)


# --- standings ----------------------------------------------------------------------------------------------


def _standing_row(s) -> dict:
    """One row of the standings as the API gives it."""
    return {
        "place": s.row.place,
        "place_to": s.row.place_to,
        "participant": schemas.player_out(s.participant),
        "group": s.group,
        "points": float(s.row.points),
        "played": s.row.played,
        "wins": s.row.wins,
        "losses": s.row.losses,
        "byes": s.row.byes,
        "metrics": {k: float(v) for k, v in s.row.metrics.items()},
    }


def _standings_head(t: Tournament, data: ranking.Standings) -> dict:
    """What the standings answer says besides its rows: the tiebreaks and the team standings."""
    return {
        "tournament": t.pk,
        "final": t.status == Tournament.Status.FINISHED,
        "tiebreaks": _tiebreaks(data.keys),
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


@api.get(
    "/tournaments/{tid}/standings",
    response={200: schemas.Standings, **ERRORS},
    tags=["standings"],
    summary="The standings: a page of rows by place, with the tiebreaks and the team standings",
    operation_id="getStandings",
)
def get_standings(
    request: HttpRequest,
    response: HttpResponse,
    tid: int = Path(..., **TID),
    limit: int = _limit(),
    offset: int = _offset(),
    lang: schemas.Language | None = LANG,
):
    t, fresh = _conditional(request, response, tid)
    if fresh:
        return fresh

    def render() -> bytes:
        # The ranking of this version (shared with the pages, ``ranking.compute_once``); only the page's rows
        # are made into the API's shape (issue 36: every row of a 10,000-player field was, at each version).
        data = ranking.compute_once(t)
        shown = [_standing_row(s) for s in data.rows[offset : offset + limit]]
        rows = page(request, len(data.rows), limit, offset, shown)
        checked = schemas.Standings.model_validate({**_standings_head(t, data), "rows": rows})  # the contract
        return dumps(checked.model_dump(mode="json"))

    # The answer's bytes, per (tournament, version, language, the whole URL: its page and the links' base).
    url = hashlib.sha256(request.build_absolute_uri().encode()).hexdigest()[:32]
    key = f"api:standings-page:{t.pk}:{t.version}:{translation.get_language()}:{url}"
    answer = HttpResponse(cached(key, render), content_type=CONTENT_TYPE)
    for header in ("ETag", "Last-Modified", "Cache-Control"):
        if header in response:
            answer[header] = response[header]
    return answer


# --- brackets -----------------------------------------------------------------------------------------------


def _id(key: str | None) -> int | None:
    return int(key) if key else None


def _brackets_whole(t: Tournament) -> list[dict]:
    def build() -> list[dict]:
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
                        dict(participant=int(p["player"]), place=p.get("place"), place_to=p.get("place_to"))
                        for p in data["places"]
                    ],
                }
            )
        return out

    return cached(f"api:brackets:{t.pk}:{t.version}:{translation.get_language()}", build)


@api.get(
    "/tournaments/{tid}/brackets",
    response={200: schemas.BracketPage, **ERRORS},
    tags=["brackets"],
    summary="The elimination stages' brackets (single, double, the playoff of a mixed event)",
    operation_id="listBrackets",
)
def list_brackets(
    request: HttpRequest,
    response: HttpResponse,
    tid: int = Path(..., **TID),
    limit: int = _limit(),
    offset: int = _offset(),
    lang: schemas.Language | None = LANG,
):
    t, fresh = _conditional(request, response, tid)
    if fresh:
        return fresh
    whole = _brackets_whole(t)
    return page(request, len(whole), limit, offset, whole[offset : offset + limit])


# --- participants -------------------------------------------------------------------------------------------


def _participant_out(p: Participant) -> dict:
    return {
        **schemas.player_out(p),
        "seed": p.seed,
        "federation_id": p.person_id,
        "partner_federation_id": p.partner_id,
        "rating": p.rating,
        "status": p.status,
    }


@api.get(
    "/tournaments/{tid}/participants",
    response={200: schemas.ParticipantPage, **ERRORS},
    tags=["participants"],
    summary="The participants, by seeding number and name",
    operation_id="listParticipants",
)
def list_participants(
    request: HttpRequest,
    response: HttpResponse,
    tid: int = Path(..., **TID),
    status: schemas.ParticipantStatus | None = STATUS,
    limit: int = _limit(),
    offset: int = _offset(),
    lang: schemas.Language | None = LANG,
):
    t, fresh = _conditional(request, response, tid)
    if fresh:
        return fresh
    people = Participant.objects.filter(tournament=t)
    if status is not None:
        people = people.filter(status=status)
    chunk = people.select_related("person", "team").order_by("seed", "person__surname", "person__name", "pk")
    items = [_participant_out(p) for p in chunk[offset : offset + limit]]
    return page(request, people.count(), limit, offset, items)


@api.get(
    "/tournaments/{tid}/participants/{pid}",
    response={200: schemas.ParticipantDetail, **ERRORS},
    tags=["participants"],
    summary="A participant's public data, place and matches",
    operation_id="getParticipant",
)
def get_participant(
    request: HttpRequest,
    response: HttpResponse,
    tid: int = Path(..., **TID),
    pid: int = Path(..., description="The participant's id.", **DB_INT),
    lang: schemas.Language | None = LANG,
):
    own = Exists(Participant.objects.filter(tournament=OuterRef("pk"), pk=pid))
    t, fresh = _conditional(request, response, tid, own, _("No such participant in this tournament."))
    if fresh:
        return fresh
    p = Participant.objects.filter(tournament=t, pk=pid).select_related("person", "team").first()
    if p is None:
        raise ApiError(404, _("No such participant in this tournament."))
    found = next((s for s in ranking.compute_once(t).rows if s.participant.pk == p.pk), None)
    mine = _standing_row(found) if found is not None else None
    rows = []
    for m, state in participant_matches(p, timezone.now()):
        first = m.player1_id == p.pk
        rows.append(
            {
                "round": m.round.number,
                "table": m.table,
                "opponent": schemas.player_out(m.player2 if first else m.player1),
                "own_score": m.score1 if first else m.score2,
                "opponent_score": m.score2 if first else m.score1,
                "result": m.result_kind,
                "won": (m.winner_id == p.pk) if m.winner_id else None,
                "state": state.key,
            }
        )
    return {
        **_participant_out(p),
        "place": mine["place"] if mine else None,
        "place_to": mine["place_to"] if mine else None,
        "points": mine["points"] if mine else None,
        "matches": rows,
    }
