"""What the read-only API returns: public data only (no dates of birth, documents or contacts).

Every field carries a description and every closed set of values an enum: the OpenAPI schema at
``/api/openapi.json`` is the contract (api/README.md). The names are the ones a client's generated code
shows (``Tournament``, ``Match``, ``StandingsRow``…): no ``…Out``.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any, Literal, overload

from ninja import Field, Schema
from pydantic import create_model

from draw.models import ResultKind, Stage
from draw.models import Round as RoundModel
from registration.models import Participant as ParticipantModel
from tournaments.models import Character, Discipline, GenderGroup, System
from tournaments.models import Tournament as TournamentModel

# The closed sets, from the models' own choices (a value outside them would be a bug, caught by the tests).
if TYPE_CHECKING:  # mypy cannot read a Literal built from the choices at run time: to it they are str
    DisciplineKey = str
    SystemKey = str
    CharacterKey = str
    GenderGroupKey = str
    TournamentStatus = str
    RoundStatus = str
    StageKind = str
    ParticipantStatus = str
    ResultKey = str
else:
    DisciplineKey = Literal[tuple(Discipline.values)]
    SystemKey = Literal[tuple(System.values)]
    CharacterKey = Literal[tuple(Character.values)]
    GenderGroupKey = Literal[tuple(GenderGroup.values)]
    TournamentStatus = Literal[tuple(TournamentModel.Status.values)]
    RoundStatus = Literal[tuple(RoundModel.Status.values)]
    StageKind = Literal[tuple(Stage.Kind.values)]
    ParticipantStatus = Literal[tuple(ParticipantModel.Status.values)]
    ResultKey = Literal[("", *ResultKind.values)]
MatchStateKey = Literal["not_started", "playing", "provisional", "under_protest", "final"]
Language = Literal["ru", "en"]


class Player(Schema):
    id: int = Field(description="The participant's id in this tournament (not a person's id).")
    name: str = Field(description="Full name: surname, name, patronymic.")
    short_name: str = Field(description="Surname and initials.")
    organisation: str = Field(description="Club or organisation, as entered (may be empty).")
    region: str = Field(description="Region (subject of the Russian Federation), as entered (may be empty).")
    team: str | None = Field(description="The team's name in a team or personal-team event, else null.")
    partner: str | None = Field(
        default=None, description="003 «Пары»: the second player of a pair (name holds both), else null."
    )


@overload
def player_out(p: ParticipantModel) -> dict: ...
@overload
def player_out(p: ParticipantModel | None) -> dict | None: ...
def player_out(p: ParticipantModel | None) -> dict | None:
    """A player's public fields as ``Player`` has them (every endpoint naming a player serialises him so)."""
    if p is None:
        return None
    return {
        "id": p.pk,
        "name": p.full_name,
        "short_name": p.short_name,
        "partner": p.partner.full_name if p.partner is not None else None,
        "organisation": p.data.organisation,
        "region": p.data.region,
        "team": p.team.name if p.team is not None else None,
    }


class Participant(Player):
    seed: int | None = Field(description="Seeding number, null when the field is not seeded.")
    federation_id: int = Field(
        description="The person's ID in the federation's register (/people/{federation_id}/): one per person "
        "across every event, kept on a merge of twins."
    )
    partner_federation_id: int | None = Field(
        default=None, description="003 «Пары»: the second player's register ID, else null."
    )
    rating: int | None = Field(
        description="The rating the field is seeded by (the federation's official list valid on the first "
        "day, once seeded; or one the secretary typed), null when none."
    )
    status: ParticipantStatus = Field(
        description="active; withdrawn (left the event); removed (by the chief judge, 004 §5.7.3)."
    )


class Tiebreak(Schema):
    key: str = Field(description="Stable key of the tiebreak (e.g. buchholz), the key of `metrics`.")
    name: str = Field(description="Its name in the request's language.")
    abbr: str = Field(description="Its short column heading.")


class Tournament(Schema):
    id: int = Field(description="The tournament's id.")
    name: str = Field(description="The tournament's name.")
    discipline: DisciplineKey = Field(description="long or short nardy.")
    system: SystemKey = Field(description="The system of play.")
    character: CharacterKey = Field(description="personal, team or personal-team.")
    gender_group: GenderGroupKey = Field(description="men (open to women too) or women.")
    start_date: datetime.date = Field(description="First day.")
    end_date: datetime.date = Field(description="Last day.")
    venue: str = Field(description="Where it is played (may be empty).")
    status: TournamentStatus = Field(
        description="draft (preparation), running, finished or cancelled (both read-only; 004 §6.1.2 item 3)."
    )
    match_length: int = Field(description="Match length in points, unless a stage or round says otherwise.")
    planned_rounds: int | None = Field(description="Planned number of rounds of a Swiss, else null.")
    bye_points: float = Field(description="Points a bye scores.")
    protest_window_minutes: int = Field(description="Minutes after a match in which a protest may be filed.")
    tiebreaks: list[Tiebreak] = Field(description="The tiebreaks, in the order they apply.")


class Round(Schema):
    number: int = Field(description="The round's number, from 1, across the stages.")
    status: RoundStatus = Field(description="published, or finished (all results in). Drafts are hidden.")
    stage: StageKind = Field(description="The stage: main, group stage or playoff.")
    match_length: int = Field(description="Match length in points in this round.")
    start_time: datetime.datetime | None = Field(description="Scheduled start, if set.")
    published_at: datetime.datetime | None = Field(description="When the pairings were published.")


class Match(Schema):
    id: int = Field(description="The match's id.")
    round: int = Field(description="The round's number.")
    table: int = Field(description="Table number.")
    group: str | None = Field(description="The group's name in a group stage, else null.")
    player1: Player | None = Field(description="First player (null only in a bracket slot not yet filled).")
    player2: Player | None = Field(description="Second player; null for a bye.")
    score1: int | None = Field(description="First player's points, null until a result is entered.")
    score2: int | None = Field(description="Second player's points, null until a result is entered.")
    winner_id: int | None = Field(description="The winner's participant id, null without a decided result.")
    result: ResultKey = Field(
        description="How the result came: played, technical (defeat), time, bye, annulled; empty: no result."
    )
    reason: str = Field(description="The reason given for a technical result or an annulment (may be empty).")
    state: MatchStateKey = Field(
        description=(
            "Where the result stands (004 §5.10), as of the answer's `Date`: not_started, playing, "
            "provisional (a protest may still be filed), under_protest, final."
        )
    )
    protest_seconds_left: int | None = Field(
        description="Seconds of the protest window left as of the answer's `Date` (provisional only)."
    )
    protest_ends_at: datetime.datetime | None = Field(
        description="When the protest window closes (provisional only): use it rather than the seconds."
    )
    bracket_code: str = Field(description="The match's code in an elimination bracket (may be empty).")
    flags: list[str] = Field(description="Markers of the match (e.g. bye).")


class StandingsRow(Schema):
    place: int | None = Field(description="Place; null for a removed or withdrawn participant.")
    place_to: int | None = Field(description="Last place of a shared place (e.g. 3 of «3–4»), else null.")
    participant: Player = Field(description="The participant.")
    group: str = Field(description="The group's name in a group stage (may be empty).")
    points: float = Field(description="Points.")
    played: int = Field(description="Matches played.")
    wins: int = Field(description="Wins.")
    losses: int = Field(description="Losses.")
    byes: int = Field(description="Byes.")
    metrics: dict[str, float] = Field(description="Tiebreak values by the tiebreaks' `key`.")


class TeamStandingsRow(Schema):
    place: int | None = Field(description="The team's place.")
    place_to: int | None = Field(description="Last place of a shared place, else null.")
    team: str = Field(description="The team's name.")
    players: int = Field(description="Number of its players.")
    points: float = Field(description="The team's points.")
    wins: int = Field(description="The team's wins.")
    game_difference: int = Field(description="Game-point difference.")


class BracketMatch(Schema):
    id: str = Field(description="The match's code in the bracket.")
    round: int = Field(description="The bracket's round.")
    bracket: str = Field(description="Which bracket of a double elimination (may be empty).")
    players: list[int | None] = Field(description="The two participants' ids (null: slot not yet filled).")
    names: list[str | None] = Field(description="Their names.")
    scores: list[int | None] = Field(description="Their points.")
    winner: int | None = Field(description="The winner's participant id, else null.")
    bye: bool = Field(description="A bye.")
    walkover: bool = Field(description="A walkover.")
    ready: bool = Field(description="Both players known, not yet played.")


class BracketPlace(Schema):
    participant: int = Field(description="Participant id.")
    place: int | None = Field(description="Place.")
    place_to: int | None = Field(description="Last place of a shared place, else null.")


class Bracket(Schema):
    stage: int = Field(description="The stage's number.")
    kind: StageKind = Field(description="The stage: main or playoff.")
    system: SystemKey = Field(description="single_elimination or double_elimination.")
    finished: bool = Field(description="The bracket is played out.")
    matches: list[BracketMatch] = Field(description="Every match of the bracket (a bracket is drawn whole).")
    places: list[BracketPlace] = Field(description="The places it gives.")


class ParticipantMatch(Schema):
    round: int = Field(description="The round's number.")
    table: int = Field(description="Table number.")
    opponent: Player | None = Field(description="The opponent; null for a bye.")
    own_score: int | None = Field(description="The participant's points.")
    opponent_score: int | None = Field(description="The opponent's points.")
    result: ResultKey = Field(description="How the result came (see Match.result).")
    won: bool | None = Field(description="Whether the participant won; null without a decided result.")
    state: MatchStateKey = Field(description="Where the result stands (see Match.state).")


class ParticipantDetail(Participant):
    place: int | None = Field(description="Current place, null when not placed.")
    place_to: int | None = Field(description="Last place of a shared place, else null.")
    points: float | None = Field(description="Current points.")
    matches: list[ParticipantMatch] = Field(description="The matches of the published rounds, by round.")


PAGE_FIELDS: dict[str, Any] = {
    "count": (int, Field(description="How many items there are in all (with the filters).")),
    "limit": (int, Field(description="The page size asked for.")),
    "offset": (int, Field(description="The first item's index, from 0.")),
    "next": (str | None, Field(description="URL of the next page, null on the last.")),
    "previous": (str | None, Field(description="URL of the previous page, null on the first.")),
}


def page_of(item: type[Schema], name: str, what: str) -> type[Schema]:
    """A page envelope named ``name`` (``MatchPage``…): the count, the links and the items."""
    return create_model(
        name,
        __base__=Schema,
        __doc__=f"A page of {what}: `count` in all, `limit` from `offset`, links to the neighbours.",
        # A schema given at run time: the stubs cannot know it is a type.
        items=(list[item], Field(description=f"The {what} of this page.")),  # type: ignore[valid-type]
        **PAGE_FIELDS,
    )


if TYPE_CHECKING:  # made at run time by create_model: to mypy each is a Schema
    TournamentPage = Schema
    RoundPage = Schema
    MatchPage = Schema
    ParticipantPage = Schema
    BracketPage = Schema
    StandingsRowPage = Schema
else:
    TournamentPage = page_of(Tournament, "TournamentPage", "tournaments")
    RoundPage = page_of(Round, "RoundPage", "rounds")
    MatchPage = page_of(Match, "MatchPage", "matches")
    ParticipantPage = page_of(Participant, "ParticipantPage", "participants")
    BracketPage = page_of(Bracket, "BracketPage", "brackets")
    StandingsRowPage = page_of(StandingsRow, "StandingsRowPage", "standings rows")


class RoundDetail(Round):
    matches: MatchPage = Field(description="A page of the round's matches, by table (`limit`, `offset`).")


class Standings(Schema):
    tournament: int = Field(description="The tournament's id.")
    final: bool = Field(description="The tournament is finished: these are the final standings.")
    tiebreaks: list[Tiebreak] = Field(description="The tiebreaks, in the order they apply.")
    rows: StandingsRowPage = Field(description="A page of the rows, by place (`limit`, `offset`).")
    teams: list[TeamStandingsRow] = Field(
        description="A personal-team event's team standings (character `personal_team`, 004 §1.3.3): the "
        "sum of the members' results, one row per team, all of them. Empty in a personal event and in a team "
        "event (character `team`, 004 §1.3.4): there the team is the participant and its standings — match "
        "and board points, a removed team without a place — are `/api/tournaments/{tid}/teams`."
    )


class ErrorDetail(Schema):
    param: str = Field(description="Where the bad value is: e.g. query.limit, path.tid.")
    message: str = Field(description="What is wrong with it (English, from the validator).")


class Error(Schema):
    """Every error answer (4xx) has this shape."""

    code: Literal[
        "bad_request",
        "unauthorized",
        "forbidden",
        "not_found",
        "method_not_allowed",
        "validation_error",
        "too_many_requests",
        "server_error",
    ] = Field(description="Stable machine-readable code of the error.")
    message: str = Field(description="What went wrong, in the request's language (Russian by default).")
    details: list[ErrorDetail] = Field(description="The bad parameters of a validation_error, else empty.")
