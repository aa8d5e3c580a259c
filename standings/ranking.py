"""The standings the app shows, derived from the matches on every request and never stored.

One converter between the models and the pure ``tournaments.standings``: load the decided matches of the
published rounds in one query, rank each stage (tables for Swiss and round robin, the bracket's places for
elimination, playoff then the rest for mixed events), put removed players (004 §5.7.3: "the place is not
kept") at the end without a place, and sum the teams of a personal-team event (004 §1.3.3; a team event's
teams are ranked by their team matches, ``draw.teams``). The crosstable of round-robin stages comes from the
same rows. The number of queries does not grow with the field.
"""

from __future__ import annotations

import dataclasses
import gc
import threading
from collections import OrderedDict
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction

from django.db import connections
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from draw import consequences
from draw import manager as draw_manager
from draw.models import Group, Match, ResultKind, Round, Stage
from draw.results import load_results
from registration.models import Participant, Person, Team
from standings import metrics
from tournaments.models import ELIMINATION_SYSTEMS, Character, GroupRestPlaces, GroupTies, System, Tournament


@dataclass(slots=True)
class StandingRow:
    participant: Participant
    row: metrics.Row
    group: str = ""  # the group name in a mixed event's group stage
    in_play: bool = False  # elimination: still in the bracket, no place yet (the place is the round reached)

    @property
    def removed(self) -> bool:
        return self.participant.status == Participant.Status.REMOVED


@dataclass
class GroupTable:
    group: Group
    rows: list[StandingRow]
    qualifiers: list[tuple[StandingRow, str]] = field(default_factory=list)  # who qualifies, and how


def decided_text(how: str, t: Tournament, seed: int | None = None, note: str = "") -> str:
    """How a qualifier's place was decided (004 §1.4.7), in words."""
    if how == "points":
        return _("by points")
    if how in metrics.METRICS:
        return _("by the tie-break: %(k)s") % {"k": _(metrics.METRICS[how].name)}
    if how == "lot":
        return _("by lot (seed %(s)s)") % {"s": seed} if seed is not None else _("by lot")
    if how == "match":
        return _("by a play-off match: %(n)s") % {"n": note} if note else _("by a play-off match")
    if how == "best_of_rest":
        return _("best of the rest")
    if t.group_ties == GroupTies.MATCH:
        return _("tied: a play-off match decides before the playoff")
    return _("tied: a lot decides at the playoff draw")


@dataclass
class Standings:
    tournament: Tournament
    keys: list[str]
    rows: list[StandingRow]
    groups: list[GroupTable] = field(default_factory=list)
    teams: list[metrics.TeamRow] = field(default_factory=list)
    by_key: dict[str, Participant] = field(default_factory=dict)
    # Match points given or taken by rulings (``draw.consequences``), each with its source, in order given.
    adjustments: list[tuple[Participant, consequences.Adjustment]] = field(default_factory=list)


@contextmanager
def _collector_paused():
    """Python's cyclic collector paused while a table is built: the table's rows and records are new objects
    that live on, and each full collection they trigger walks the whole heap (at 5,000 players a third of
    the computation). Nothing built here is cyclic garbage; the collector runs again right after."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def compute(t: Tournament) -> Standings:
    """Every participant with a place (removed players, who keep no place, at the end)."""
    with _collector_paused():
        return _compute(t)


def _compute(t: Tournament) -> Standings:
    by_key = participants_by_key(t)
    keys = t.tiebreak_keys()
    # Nothing of a draft is public (issue 13 item 7): a stage counts once one of its rounds is published, so a
    # drafted (and perhaps redrawn) group stage or bracket shows nowhere — pages, CSV, API, PDF.
    stages = published_stages(t)
    results = load_results(t) if stages else {}
    bye = Fraction(t.bye_points)
    out = Standings(t, keys, [], by_key=by_key)
    if not stages or t.system in {System.SWISS, System.SWISS_LOSSES, System.ROUND_ROBIN}:
        stage_results = results.get(stages[0].pk, []) if stages else []
        # The points adjustments of rulings (a points deduction) count in the table's totals.
        ruled = consequences.load(t) if stages else consequences.Consequences()
        adjust = ruled.points_by_key()
        rows = metrics.table(
            list(by_key),
            stage_results,
            bye,
            keys,
            virtual_opponents=True,
            adjustments=adjust,
            unplayed=unplayed_rule(t),
            split=not t.ties_shared,
        )
        out.adjustments = [
            (by_key[k], a) for k, items in ruled.adjustments.items() if k in by_key for a in items
        ]
        out.rows = _removed_last(
            [StandingRow(by_key[r.player], r) for r in rows], [] if t.ties_shared else keys
        )
    elif t.system in {System.SINGLE_ELIMINATION, System.DOUBLE_ELIMINATION}:
        extras = [s for s in stages if s.kind == Stage.Kind.PLACES]
        out.rows = _bracket_rows(stages[0], results.get(stages[0].pk, []), by_key, keys, bye, extras=extras)
    else:
        _mixed(out, stages, results, bye)
    # 004 §1.3.3: in a personal-team event the teams are ranked by the sum of their members' personal
    # results. Not in a team event (004 §1.3.4): there the team is the participant and its place comes from
    # the team matches (``draw.teams.team_table``, the team standings page), never from a sum of members.
    if t.character == Character.PERSONAL_TEAM:
        team_of = {k: p.team.name for k, p in by_key.items() if p.team is not None}
        out.teams = metrics.team_table([s.row for s in out.rows], team_of)
    return out


# Standings computed once per tournament version (issue 17, issue 20 item 4): every change a page shows
# bumps ``Tournament.version`` in its own transaction, so (pk, version, changed_at, language) names one
# computed table.
# Kept in the process (no pickling of 1,000 participants on every read); a handful of recent tables at most.
# One table per (tournament, language): a new version replaces the old one at once (issue 35 §2: a worker kept
# 16 versions of a 10,000-player table, 321 → 767 MiB), and a few tournaments at a time, the least recently
# asked dropped first.
_ONCE: OrderedDict[tuple, tuple[tuple, Standings]] = OrderedDict()
_ONCE_LOCK = threading.Lock()
ONCE_KEEP = 16


def compute_once(t: Tournament) -> Standings:
    """``compute(t)`` reused while the tournament's version stays the same (the standings page, the
    participant page, the home live block and the screen share it). Read-only for the caller."""
    key, stamp = (t.pk, get_language()), (t.version, t.changed_at)
    with _ONCE_LOCK:
        found = _ONCE.get(key)
        if found is not None and found[0] == stamp:
            _ONCE.move_to_end(key)
            return found[1]
        if found is not None and found[0][0] < t.version:
            del _ONCE[key]  # the older version goes before the new one is built, not after
    computed = compute(t)
    with _ONCE_LOCK:
        found = _ONCE.get(key)
        # A slower request of an older version does not put it back.
        if found is None or found[0][0] <= t.version:
            _ONCE[key] = (stamp, computed)
            _ONCE.move_to_end(key)
        while len(_ONCE) > ONCE_KEEP:
            _ONCE.popitem(last=False)
    return computed


def forget_computed() -> None:
    """Drop every kept table (tests; a restored database)."""
    with _ONCE_LOCK:
        _ONCE.clear()
        _ROSTERS.clear()


# The participants as models, reused while every column of every participant, his person, partner and team
# reads the same (issue 17: a result changes the version, not the roster; building 1,000 participants and
# people as models was a third of a changed fragment's CPU). The check is one query of plain values, compared
# whole: a changed name, status or team anywhere builds the models afresh.
_ROSTERS: OrderedDict[int, tuple[object, dict[str, Participant]]] = OrderedDict()


def _roster_columns() -> list[str]:
    own = [f.attname for f in Participant._meta.concrete_fields]
    people = [f.attname for f in Person._meta.concrete_fields]
    teams = [f.attname for f in Team._meta.concrete_fields]
    return (
        own
        + [f"person__{c}" for c in people]
        + [f"partner__{c}" for c in people]
        + [f"team__{c}" for c in teams]
    )


def _forget_relations(by_key: dict[str, Participant]) -> None:
    """Drop what an earlier request cached on the kept models besides the loaded person, partner and team
    (a participant's tournament, a person's user): those may have changed since; the loaded ones have not."""
    loaded = ("person", "partner", "team")
    allowed = frozenset(loaded)
    for p in by_key.values():
        cache = p._state.fields_cache
        if not cache.keys() <= allowed:
            p._state.fields_cache = {k: cache[k] for k in loaded if k in cache}
        for name in loaded:
            related = cache.get(name)
            if related is not None and related._state.fields_cache:
                related._state.fields_cache = {}


def _roster_stamp(t: Tournament) -> object:
    """Every column of every participant, his person, partner and team, as one value that changes when any of
    them does. PostgreSQL hashes the rows itself (issue 35 §3: reading and comparing the 10,000 rows of plain
    values in the worker was 80 ms of CPU a version): the md5 of the sorted md5s of each row's text, every
    column's exact text (a NULL and an empty string differ); a row holds its participant's id, so the same
    set of rows is the same roster. Other databases: the rows themselves, compared whole."""
    values = t.participants.order_by("pk").values_list(*_roster_columns())
    connection = connections[values.db]
    if connection.vendor != "postgresql":
        return list(values)
    sql, params = values.order_by().query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT count(*), md5(string_agg(md5(x::text), '' ORDER BY md5(x::text))) FROM ({sql}) x", params
        )
        return cursor.fetchone()


def participants_by_key(t: Tournament) -> dict[str, Participant]:
    """``draw.manager.participants_by_key(t)``, reused while the roster's values are unchanged. Read-only."""
    values = _roster_stamp(t)
    with _ONCE_LOCK:
        kept = _ROSTERS.get(t.pk)
        if kept is not None and kept[0] == values:
            _ROSTERS.move_to_end(t.pk)
            _forget_relations(kept[1])
            return kept[1]
    by_key = draw_manager.participants_by_key(t)
    with _ONCE_LOCK:
        _ROSTERS[t.pk] = (values, by_key)
        while len(_ROSTERS) > ONCE_KEEP:
            _ROSTERS.popitem(last=False)
    return by_key


def unplayed_rule(t: Tournament) -> str:
    """The regulation's treatment of unplayed games in the tie-breaks (issue 29 §2): FIDE's rules are Swiss
    rules; every other system counts as it always did (``actual``)."""
    return t.unplayed_rule if t.system in {System.SWISS, System.SWISS_LOSSES} else "actual"


def final_standings(t: Tournament) -> list[StandingRow]:
    return compute(t).rows


def _removed_last(rows: list[StandingRow], keys: list[str], start: int = 1) -> list[StandingRow]:
    """004 §5.7.3: a removed player keeps no place; the others close up."""
    removed = {s.row.player for s in rows if s.removed}
    if not removed:
        return rows  # nobody to close up: the order and places stand
    by_player = {s.row.player: s for s in rows}
    return [by_player[r.player] for r in metrics.close_up([s.row for s in rows], removed, keys, start)]


def _bracket_rows(
    stage: Stage,
    results: list[metrics.Result],
    by_key: dict[str, Participant],
    keys: list[str],
    bye: Fraction,
    start: int = 1,
    extras: list[Stage] | None = None,
) -> list[StandingRow]:
    """Elimination: the place by the round reached, from the pairing engine's bracket; after a removal the
    others close up, or extra matches for places (``extras``, 004 §5.7.3) order them."""
    extras = extras or []
    players = stage.plan.get("players", [])
    if not players:
        return []
    answer = draw_manager.bracket(stage)
    stats = {r.player: r for r in metrics.table(players, results, bye, keys, virtual_opponents=True)}
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
    def order(s: StandingRow) -> tuple:
        return (0 if s.in_play else 1 if s.row.place else 2, s.row.place or 0, -s.row.points, s.row.player)

    out.sort(key=order)
    if any(s.removed for s in out):
        _close_up(out, start, extras)
        out.sort(key=order)
    return out


def _close_up(rows: list[StandingRow], start: int, extras: list[Stage]) -> None:
    """004 §5.7.3 in a bracket: a removed competitor keeps no place and the others close up — each shared
    range as wide as the players sharing it (1, 3–4 → 1, 2–3); where the regulation chose extra matches for
    the place he held alone, their bracket orders the players who played them (``draw.manager``)."""
    placed = [s for s in rows if s.row.place is not None]
    above = sum(1 for s in rows if s.in_play)
    ranges = [(s.row.place or 0, s.row.place_to or 0) for s in placed]
    closed = metrics.close_up_ranges(ranges, start + above)
    for s, (first, last) in zip(placed, closed):
        s.row.place, s.row.place_to = first, last
    by_player = {s.row.player: s for s in placed}
    for extra in extras:
        group = [by_player[k] for k in extra.plan.get("players", []) if k in by_player]
        if not group:
            continue
        first = min(s.row.place for s in group if s.row.place is not None)
        for p in draw_manager.bracket(extra)["places"]:
            player = by_player.get(p["player"])
            if player is not None and p["place"] is not None:
                player.row.place, player.row.place_to = first + p["place"] - 1, first + p["place_to"] - 1


def _mixed(out: Standings, stages: list[Stage], results: dict[int, list[metrics.Result]], bye) -> None:
    keys, by_key = out.keys, out.by_key
    playoff = next((s for s in stages if s.kind == Stage.Kind.PLAYOFF), None)
    k = out.tournament.qualifiers_per_group
    ties = {}
    # Only a published group stage is shown: a drafted draw of the groups is the secretary's (issue 13, 7).
    groups_stage = next((s for s in stages if s.kind == Stage.Kind.GROUPS), None)
    if groups_stage is not None:
        ties = groups_stage.plan.get("ties", {})
    for group, rows in draw_manager.group_tables(out.tournament) if groups_stage is not None else []:
        table = GroupTable(group, [StandingRow(by_key[r.player], r, group.name) for r in rows])
        for s in table.rows:
            if s.row.place is not None and s.row.place <= k:
                decision: dict = next(
                    (
                        d
                        for key, d in ties.items()
                        if key.startswith(f"{group.number}:") and s.row.player in d["order"]
                    ),
                    {},
                )
                text = decided_text(
                    s.row.decided, out.tournament, decision.get("seed"), decision.get("note", "")
                )
                table.qualifiers.append((s, text))
        out.groups.append(table)
    in_playoff: set[str] = set()
    if playoff is not None:
        extras = [s for s in stages if s.kind == Stage.Kind.PLACES]
        out.rows = _bracket_rows(playoff, results.get(playoff.pk, []), by_key, keys, bye, extras=extras)
        in_playoff = set(playoff.plan.get("players", []))
    # The rest rank after the playoff: by their place in the group, then points and tie-breaks.
    rest = [s for g in out.groups for s in g.rows if s.participant.key not in in_playoff]
    placed = [s for s in rest if s.row.place is not None]
    gone = [s for s in rest if s.row.place is None]

    shared = out.tournament.group_rest_places == GroupRestPlaces.SHARED

    def rest_key(r: metrics.Row) -> tuple:
        # The regulation's rule (``group_rest_places``): by the group place, then points and tie-breaks
        # (each counted within his group); or one group place shares a range of places.
        if shared:
            return (r.place,)
        return (r.place, -r.points, *metrics.tiebreak_values(r, keys))

    placed.sort(key=lambda s: (rest_key(s.row), s.row.player))
    # The group tables keep their own places: rank copies of the rows for the overall table.
    copies = [StandingRow(s.participant, _copy(s.row), s.group) for s in placed]
    metrics.assign_places([s.row for s in copies], rest_key, start=len(in_playoff) + 1)
    out.rows.extend(copies)
    out.rows.extend(StandingRow(s.participant, _copy(s.row), s.group) for s in gone)


def _copy(row: metrics.Row) -> metrics.Row:
    # A new row with its own metrics and places; the record lists are shared, never changed.
    return dataclasses.replace(row, metrics=dict(row.metrics))


# --- the round-robin crosstable (турнирная таблица) -----------------------------------------------------


@dataclass
class Cell:
    text: str  # "1" / "0" per match, "½"-free: no draws in nardy
    detail: str  # the scores, e.g. "7:3"
    won: bool | None  # None: not played yet or annulled
    kind: str = ""  # the result's kind (``ResultKind``): a loss on time is marked in the documents


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
            if not kind or kind == ResultKind.ANNULLED or winner is None:
                cells[me][other].append(Cell("×" if kind == ResultKind.ANNULLED else "", "", None))
                continue
            won = winner == my_id
            detail = (
                f"{own}:{their}"
                if own is not None and their is not None and kind != ResultKind.TECHNICAL
                else ""
            )
            mark = ("+" if won else "−") if kind == ResultKind.TECHNICAL else ("1" if won else "0")
            cells[me][other].append(Cell(mark, detail, won, kind))
    return [CrossRow(i + 1, s, cells[i]) for i, s in enumerate(rows)]


# --- elimination brackets with names and scores ---------------------------------------------------------


def published_stages(t: Tournament) -> list[Stage]:
    """The stages with a published round: the only ones anybody but the secretary may see."""
    public = set(Round.objects.filter(tournament=t).public().values_list("stage_id", flat=True))
    return [s for s in t.stages.all() if s.pk in public]


def crosstable_stage(t: Tournament) -> Stage | None:
    """The round-robin stage a crosstable is drawn for, once it has a published round; else None."""
    stage = next((s for s in published_stages(t) if s.system not in ELIMINATION_SYSTEMS), None)
    return stage if stage is not None and stage.system == System.ROUND_ROBIN else None


def elimination_stages(t: Tournament) -> list[Stage]:
    """The brackets to show: elimination stages with a published round (a drafted round 1 shows nowhere)."""
    return [s for s in published_stages(t) if s.system in ELIMINATION_SYSTEMS and s.plan.get("players")]


def stage_bracket(stage: Stage, by_key: dict[str, Participant]) -> dict:
    """The engine's bracket for a stage with names and scores: plain data for the SVG and the API."""
    answer = draw_manager.bracket(stage)
    played = {
        m.bracket_code: m
        for m in Match.objects.filter(round__stage=stage)
        .exclude(bracket_code="")
        .exclude(round__status=Round.Status.DRAFT)
    }
    out = []
    for m in answer["matches"]:
        row = played.get(m["id"])
        scores: list[int | None] = [None, None]
        if row is not None and row.result_kind not in ("", ResultKind.BYE, ResultKind.ANNULLED):
            # The engine's slots follow the draw: match our stored sides to its players.
            first = str(row.player1_id)
            s = (row.score1, row.score2) if m["players"][0] == first else (row.score2, row.score1)
            scores = [s[0], s[1]]
        out.append(
            {
                **m,
                "names": [by_key[k].short_name if k in by_key else None for k in m["players"]],
                "scores": scores,
                "drawn": row is not None,
            }
        )
    return {"matches": out, "places": answer["places"], "finished": answer["finished"]}
