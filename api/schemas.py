"""What the read-only API returns: public data only (no dates of birth, documents or contacts)."""

from __future__ import annotations

import datetime

from ninja import Schema


class Player(Schema):
    id: int
    name: str
    short_name: str
    organisation: str
    region: str
    team: str | None
    # 003 «Пары»: the second player of a pair (``name`` holds both); null for a single player.
    partner: str | None = None


class ParticipantOut(Player):
    seed: int | None
    status: str


class Tiebreak(Schema):
    key: str
    name: str
    abbr: str


class TournamentOut(Schema):
    id: int
    name: str
    discipline: str
    system: str
    character: str
    gender_group: str
    start_date: datetime.date
    end_date: datetime.date
    venue: str
    status: str
    match_length: int
    planned_rounds: int | None
    bye_points: float
    protest_window_minutes: int
    tiebreaks: list[Tiebreak]


class RoundOut(Schema):
    number: int
    status: str
    stage: str
    match_length: int
    start_time: datetime.datetime | None
    published_at: datetime.datetime | None


class MatchOut(Schema):
    id: int
    table: int
    group: str | None
    player1: Player | None
    player2: Player | None
    score1: int | None
    score2: int | None
    winner_id: int | None
    result: str
    reason: str
    state: str
    protest_seconds_left: int | None
    bracket_code: str
    flags: list[str]


class RoundDetail(RoundOut):
    matches: list[MatchOut]


class StandingOut(Schema):
    place: int | None
    place_to: int | None
    participant: Player
    group: str
    points: float
    played: int
    wins: int
    losses: int
    byes: int
    metrics: dict[str, float]


class TeamStandingOut(Schema):
    place: int | None
    place_to: int | None
    team: str
    players: int
    points: float
    wins: int
    game_difference: int


class StandingsOut(Schema):
    tournament: int
    final: bool
    tiebreaks: list[Tiebreak]
    rows: list[StandingOut]
    teams: list[TeamStandingOut]


class BracketMatch(Schema):
    id: str
    round: int
    bracket: str
    players: list[int | None]
    names: list[str | None]
    scores: list[int | None]
    winner: int | None
    bye: bool
    walkover: bool
    ready: bool


class BracketPlace(Schema):
    participant: int
    place: int | None
    place_to: int | None


class BracketOut(Schema):
    stage: int
    kind: str
    system: str
    finished: bool
    matches: list[BracketMatch]
    places: list[BracketPlace]


class ParticipantMatch(Schema):
    round: int
    table: int
    opponent: Player | None
    own_score: int | None
    opponent_score: int | None
    result: str
    won: bool | None
    state: str


class ParticipantDetail(ParticipantOut):
    place: int | None
    place_to: int | None
    points: float | None
    matches: list[ParticipantMatch]


class Error(Schema):
    detail: str
