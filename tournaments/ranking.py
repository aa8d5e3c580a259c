"""The standings the app shows, derived from the matches on every request and never stored.

One converter between the models and the pure ``tournaments.standings``: load the decided matches of the
published rounds in one query, rank each stage (tables for Swiss and round robin, the bracket's places for
elimination, playoff then the rest for mixed events), put removed players (004 §5.7.3: "the place is not
kept") at the end without a place, and sum the teams. The crosstable of round-robin stages comes from the
same rows. The number of queries does not grow with the field.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

from registration.models import Participant
from tournaments import draw, standings
from tournaments.models import Character, Group, GroupMember, Match, Round, Stage, System, Tournament


@dataclass
class StandingRow:
    participant: Participant
    row: standings.Row
    group: str = ""  # the group name in a mixed event's group stage
    in_play: bool = False  # elimination: still in the bracket, no place yet (the place is the round reached)

    @property
    def removed(self) -> bool:
        return self.participant.status == Participant.Status.REMOVED


@dataclass
class GroupTable:
    group: Group
    rows: list[StandingRow]


@dataclass
class Standings:
    tournament: Tournament
    keys: list[str]
    rows: list[StandingRow]
    groups: list[GroupTable] = field(default_factory=list)
    teams: list[standings.TeamRow] = field(default_factory=list)
    by_key: dict[str, Participant] = field(default_factory=dict)


def tiebreak_keys(t: Tournament) -> list[str]:
    return [k for k in (s.strip() for s in t.tiebreaks.split(",")) if k in standings.METRICS]


def load_results(t: Tournament) -> dict[int, list[standings.Result]]:
    """The decided matches of the published rounds, per stage id, in round order: one query."""
    by_stage: dict[int, list[standings.Result]] = defaultdict(list)
    rows = (
        Match.objects.filter(round__tournament=t)
        .exclude(result_kind="")
        .exclude(round__status=Round.Status.DRAFT)
        .order_by("round__number", "table")
        .values_list(
            "round__stage_id",
            "round__number",
            "player1_id",
            "player2_id",
            "winner_id",
            "result_kind",
            "score1",
            "score2",
        )
    )
    for stage_id, number, p1, p2, winner, kind, s1, s2 in rows:
        by_stage[stage_id].append(
            standings.Result(
                player1=str(p1),
                player2=str(p2) if p2 else None,
                winner=str(winner) if winner else None,
                kind=kind,
                score1=s1,
                score2=s2,
                round=number,
            )
        )
    return by_stage


def participants_by_key(t: Tournament) -> dict[str, Participant]:
    return {p.key: p for p in t.participants.select_related("person", "team")}


def compute(t: Tournament) -> Standings:
    """Every participant with a place (removed players, who keep no place, at the end)."""
    by_key = participants_by_key(t)
    keys = tiebreak_keys(t)
    stages = list(t.stages.all())
    results = load_results(t) if stages else {}
    bye = Fraction(t.bye_points)
    out = Standings(t, keys, [], by_key=by_key)
    if not stages or t.system in {System.SWISS, System.SWISS_LOSSES, System.ROUND_ROBIN}:
        stage_results = results.get(stages[0].pk, []) if stages else []
        rows = standings.table(list(by_key), stage_results, bye, keys, virtual_opponents=True)
        out.rows = _removed_last([StandingRow(by_key[r.player], r) for r in rows], keys)
    elif t.system in {System.SINGLE_ELIMINATION, System.DOUBLE_ELIMINATION}:
        out.rows = _bracket_rows(stages[0], results.get(stages[0].pk, []), by_key, keys, bye)
    else:
        _mixed(out, stages, results, bye)
    if t.character in {Character.TEAM, Character.PERSONAL_TEAM}:
        team_of = {k: p.team.name for k, p in by_key.items() if p.team_id}
        out.teams = standings.team_table([s.row for s in out.rows], team_of)
    return out


def final_standings(t: Tournament) -> list[StandingRow]:
    return compute(t).rows


def _sort_key(keys: list[str]):
    def key(row: standings.Row) -> tuple:
        return (-row.points, *standings._signed(row, keys))

    return key


def _removed_last(rows: list[StandingRow], keys: list[str], start: int = 1) -> list[StandingRow]:
    """004 §5.7.3: a removed player keeps no place; the others close up."""
    kept = [s for s in rows if not s.removed]
    gone = [s for s in rows if s.removed]
    if gone:
        standings.assign_places([s.row for s in kept], _sort_key(keys), start=start)
        for s in gone:
            s.row.place = s.row.place_to = None
    return kept + gone


def _bracket_rows(
    stage: Stage,
    results: list[standings.Result],
    by_key: dict[str, Participant],
    keys: list[str],
    bye: Fraction,
    start: int = 1,
) -> list[StandingRow]:
    """Elimination: the place by the round reached, from the pairing engine's bracket."""
    players = stage.plan.get("players", [])
    if not players:
        return []
    answer = draw.bracket(stage)
    stats = {r.player: r for r in standings.table(players, results, bye, keys, virtual_opponents=True)}
    placed = {p["player"]: p for p in answer["places"]}
    out = []
    for key in players:
        row = stats[key]
        place = placed.get(key)
        if place and place.get("place") is not None:
            row.place, row.place_to = place["place"] + start - 1, place["place_to"] + start - 1
        else:
            row.place = row.place_to = None
        still_in = place is None and by_key[key].status == Participant.Status.ACTIVE
        out.append(StandingRow(by_key[key], row, in_play=still_in))
    # Those still in the bracket have gone further than everybody already placed: they come first (best
    # record first), then the places by the round reached, then the withdrawn and removed without a place.
    out.sort(
        key=lambda s: (
            0 if s.in_play else 1 if s.row.place else 2,
            s.row.place or 0,
            -s.row.points,
            s.row.player,
        )
    )
    return out


def _mixed(out: Standings, stages: list[Stage], results: dict[int, list[standings.Result]], bye) -> None:
    keys, by_key = out.keys, out.by_key
    groups_stage = next((s for s in stages if s.kind == Stage.Kind.GROUPS), None)
    playoff = next((s for s in stages if s.kind == Stage.Kind.PLAYOFF), None)
    if groups_stage is not None:
        members: dict[int, list[str]] = defaultdict(list)
        for group_id, participant_id in GroupMember.objects.filter(group__stage=groups_stage).values_list(
            "group_id", "participant_id"
        ):
            members[group_id].append(str(participant_id))
        stage_results = results.get(groups_stage.pk, [])
        for group in groups_stage.groups.all():
            member_set = set(members[group.pk])
            own = [r for r in stage_results if r.player1 in member_set]
            rows = standings.table(members[group.pk], own, bye, keys, virtual_opponents=True)
            out.groups.append(
                GroupTable(
                    group, _removed_last([StandingRow(by_key[r.player], r, group.name) for r in rows], keys)
                )
            )
    in_playoff: set[str] = set()
    if playoff is not None:
        out.rows = _bracket_rows(playoff, results.get(playoff.pk, []), by_key, keys, bye)
        in_playoff = set(playoff.plan.get("players", []))
    # The rest rank after the playoff: by their place in the group, then points and tie-breaks.
    rest = [s for g in out.groups for s in g.rows if s.participant.key not in in_playoff]
    placed = [s for s in rest if s.row.place is not None]
    gone = [s for s in rest if s.row.place is None]

    def rest_key(r: standings.Row) -> tuple:
        return (r.place, -r.points, *standings._signed(r, keys))

    placed.sort(key=lambda s: (rest_key(s.row), s.row.player))
    # The group tables keep their own places: rank copies of the rows for the overall table.
    copies = [StandingRow(s.participant, _copy(s.row), s.group) for s in placed]
    standings.assign_places([s.row for s in copies], rest_key, start=len(in_playoff) + 1)
    out.rows.extend(copies)
    out.rows.extend(StandingRow(s.participant, _copy(s.row), s.group) for s in gone)


def _copy(row: standings.Row) -> standings.Row:
    # A new row with its own metrics and places; the record lists are shared, never changed.
    return dataclasses.replace(row, metrics=dict(row.metrics))


# --- the round-robin crosstable (турнирная таблица) -----------------------------------------------------


@dataclass
class Cell:
    text: str  # "1" / "0" per match, "½"-free: no draws in nardy
    detail: str  # the scores, e.g. "7:3"
    won: bool | None  # None: not played yet or annulled


@dataclass
class CrossRow:
    number: int
    standing: StandingRow
    cells: list[list[Cell]]  # one list per column (several cycles: several matches)


def crosstable(
    t: Tournament, stage: Stage, rows: list[StandingRow], group: Group | None = None
) -> list[CrossRow]:
    """Rows in standings order; column j is the player of row j. One query for the matches."""
    keys = [s.participant.key for s in rows]
    index = {k: i for i, k in enumerate(keys)}
    cells: list[list[list[Cell]]] = [[[] for _ in keys] for _ in keys]
    matches = Match.objects.filter(round__stage=stage, player2__isnull=False).exclude(
        round__status=Round.Status.DRAFT
    )
    if group is not None:
        matches = matches.filter(group=group)
    for p1, p2, winner, kind, s1, s2 in matches.order_by("round__number").values_list(
        "player1_id", "player2_id", "winner_id", "result_kind", "score1", "score2"
    ):
        a, b = index.get(str(p1)), index.get(str(p2))
        if a is None or b is None:
            continue
        for me, other, own, their, my_id in ((a, b, s1, s2, p1), (b, a, s2, s1, p2)):
            if not kind or kind == "annulled" or winner is None:
                cells[me][other].append(Cell("×" if kind == "annulled" else "", "", None))
                continue
            won = winner == my_id
            detail = f"{own}:{their}" if own is not None and their is not None and kind != "technical" else ""
            mark = ("+" if won else "−") if kind == "technical" else ("1" if won else "0")
            cells[me][other].append(Cell(mark, detail, won))
    return [CrossRow(i + 1, s, cells[i]) for i, s in enumerate(rows)]
