"""Team events (004 §1.3.4): the team is the participant. Rosters and line-ups, team pairings by the systems'
converters on team keys (``draw.systems``, the same as a personal event's), team matches of
``Tournament.boards`` board matches, and team results for ``standings.team_metrics``.

Systems: round robin, Swiss and Swiss until N losses (the personal Swiss: no rematch of teams, the floats
flagged, ``avoid_same`` by the club or region a team's players share), single elimination (a drawn team
match decided by the regulation's rule: board count-back or an extra decisive match, ``add_decider``),
double elimination (the pure bracket engine on team keys, ``team_bracket``) and mixed (a qualifying stage,
Swiss or round-robin groups, then a playoff of the qualifiers on the bracket engine, 004 §1.4.7).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from fractions import Fraction

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from draw import consequences, pairing, systems
from draw import results as draw_results
from draw.models import Lineup, Match, ResultKind, Round, Stage, TeamMatch
from registration.models import Participant, Team
from standings import metrics, team_metrics
from tournaments.models import GroupRestPlaces, GroupTies, System, TeamDrawRule, Tournament, log

ELIMINATION_OR_MIXED = {System.SINGLE_ELIMINATION, System.DOUBLE_ELIMINATION, System.MIXED}
TEAM_SYSTEMS = {
    System.ROUND_ROBIN,
    System.SWISS,
    System.SWISS_LOSSES,  # the Swiss converter is the personal one (draw.systems): "until N losses" too
    System.SINGLE_ELIMINATION,
    System.DOUBLE_ELIMINATION,
    System.MIXED,
}


class TeamDrawError(Exception):
    """A user error of a team draw or a line-up: translated, shown to the secretary or the captain."""


# --- rosters and line-ups ---------------------------------------------------------------------------------


# A team match's flag for a board lost by a team short of players: "lost_board:<board>:<losing side>".
LOST_BOARD = "lost_board:"


def roster(team: Team) -> list[Participant]:
    """The team's active players in the board order (004 §1.3.4): ``board_order``, then seed, then entry."""
    members = team.members.filter(status=Participant.Status.ACTIVE).select_related("person")
    return sorted(members, key=lambda p: (p.board_order is None, p.board_order or 0, p.seed or 0, p.pk))


def active_teams(t: Tournament) -> list[Team]:
    """Teams in seeding order (seed, then name) that are not removed and have players."""
    teams = [tm for tm in t.teams.filter(removed=False).order_by("seed", "name", "pk")]
    return sorted(teams, key=lambda tm: (tm.seed is None, tm.seed or 0, tm.name))


def lineup_for(team: Team, number: int, boards: int) -> tuple[list[Participant], bool]:
    """The players of boards 1..N for round ``number`` and whether they are the captain's line-up (False:
    the board order, the regulation's default for a late or missing line-up)."""
    players = roster(team)
    stored = Lineup.objects.filter(team=team, round_number=number).first()
    if stored is not None:
        by_id = {p.pk: p for p in players}
        chosen = [by_id.get(pk) for pk in stored.players]
        if len(chosen) == min(boards, len(players)) and all(chosen):
            return chosen, True  # type: ignore[return-value]
    return players[:boards], False


def submit_lineup(team: Team, number: int, player_ids: list[int], user) -> str:
    """Store the line-up of ``team`` for round ``number`` (004 §1.3.4): ``boards`` different players of its
    roster, board 1 first. Accepted until the round is published (a draft's board matches are rebuilt)."""
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=team.tournament_id)
        if t.read_only_reason:
            raise TeamDrawError(t.read_only_reason)
        rnd = t.round_set.filter(number=number).first()
        if rnd is not None and not rnd.is_draft:
            raise TeamDrawError(
                _("Round %(n)s is published: its line-ups can no longer change (the deadline has passed).")
                % {"n": number}
            )
        last = max(t.round_set.values_list("number", flat=True), default=0)
        if rnd is None and not 1 <= number <= last + 1:
            # The team's page offers the draft round or the next one; any other number is nobody's round.
            raise TeamDrawError(_("A line-up is given for the round being drawn or the next one."))
        members = {p.pk for p in roster(team)}
        # 004 §5.7.3: a team short of players fields those it has, boards 1 on; it loses the rest.
        needed = min(t.boards, len(members))
        if len(player_ids) != needed or len(set(player_ids)) != len(player_ids):
            choose = ngettext(
                "Choose %(n)s player, one per board.",
                "Choose %(n)s different players, one per board.",
                needed,
            )
            raise TeamDrawError(choose % {"n": needed})
        if not set(player_ids) <= members:
            raise TeamDrawError(_("Only active players of the team's roster may play."))
        Lineup.objects.update_or_create(
            team=team, round_number=number, defaults={"players": player_ids, "submitted_by": user}
        )
        if rnd is not None:
            for tm in rnd.team_matches.filter(models_q_team(team)):
                _rebuild_boards(t, rnd, tm)
        log(
            t,
            user,
            "lineup",
            _("Line-up of %(team)s for round %(n)s") % {"team": team.name, "n": number},
            team=team.pk,
            players=player_ids,
        )
    return _("The line-up of %(team)s for round %(n)s is saved.") % {"team": team.name, "n": number}


def models_q_team(team: Team):
    return Q(team1=team) | Q(team2=team)


# --- team results -------------------------------------------------------------------------------------------


def team_results(
    t: Tournament, published_only: bool = True, stage: Stage | None = None
) -> list[team_metrics.TeamResult]:
    """Every team match (of ``stage``, when given) as the pure team standings see it (one query for the
    boards)."""
    return [r for _tm, r in _team_match_results(t, published_only, stage)]


def _team_match_results(
    t: Tournament, published_only: bool = True, stage: Stage | None = None
) -> list[tuple[TeamMatch, team_metrics.TeamResult]]:
    rounds = t.round_set.all()
    if published_only:
        rounds = rounds.exclude(status=Round.Status.DRAFT)
    if stage is not None:
        rounds = rounds.filter(stage=stage)
    tms = list(
        TeamMatch.objects.filter(round__in=rounds).select_related("round").order_by("round__number", "table")
    )
    boards: dict[int, list[Match]] = {}
    for m in Match.objects.filter(team_match__in=tms).order_by("board"):
        if m.team_match_id is not None:  # always: read by their team match
            boards.setdefault(m.team_match_id, []).append(m)
    team_of = dict(Participant.objects.filter(tournament=t).values_list("pk", "team_id"))
    out = []
    for tm in tms:
        if tm.team2_id is None:
            out.append((tm, team_metrics.TeamResult(tm.round.number, str(tm.team1_id), None, ())))
            continue
        if "walkover" in tm.flags:
            # 004 §5.7.3: a removed team's scheduled team match, won technically by team 1 on every board.
            walkover = team_metrics.TeamResult(
                tm.round.number, str(tm.team1_id), str(tm.team2_id), (1,) * t.boards
            )
            out.append((tm, walkover))
            continue
        complete, decider = True, None
        # 004 §5.7.3: a board the short team lost is won by the other side (0 for both when both lost it).
        by_board = {board: {1: 2, 2: 1}.get(side, 0) for board, side in lost_boards(tm).items()}
        for m in boards.get(tm.pk, []):
            won = _side(m, tm, team_of)
            if m.board is None:
                continue  # not a board of this team match (every board match has its number)
            if m.board == 0:
                decider = won or None
                continue
            if not m.result_kind:
                complete = False
            by_board[m.board] = won
        sides = [by_board[b] for b in sorted(by_board)]
        result = team_metrics.TeamResult(
            tm.round.number,
            str(tm.team1_id),
            str(tm.team2_id),
            tuple(sides),
            complete,
            decider,
            annulled="annulled" in tm.flags,  # 004 §5.7.3: counts for nobody
        )
        out.append((tm, result))
    return out


def _side(m: Match, tm: TeamMatch, team_of: Mapping[int, int | None]) -> int:
    if m.result_kind not in (ResultKind.PLAYED, ResultKind.TIME, ResultKind.TECHNICAL) or m.winner_id is None:
        return 0
    return 1 if team_of.get(m.winner_id) == tm.team1_id else 2


def _table(
    t: Tournament, keys: list[str], results: list[team_metrics.TeamResult]
) -> list[team_metrics.TeamRow]:
    return team_metrics.team_table(
        keys,
        results,
        primary=t.team_scoring,
        tiebreaks=_tiebreaks(t),
        bye_points=Fraction(t.bye_points),
        boards=t.boards,
        removed={str(pk) for pk in t.teams.filter(removed=True).values_list("pk", flat=True)},
    )


def _tiebreaks(t: Tournament) -> tuple[str, ...]:
    other = "board_points" if t.team_scoring == "match_points" else "match_points"
    return (other, "direct", "sonneborn_berger")


def ranking_keys(t: Tournament) -> list[str]:
    """What ranks the teams, in order: the primary score, then the team tie-breaks."""
    return [t.team_scoring, *_tiebreaks(t)]


def team_table(t: Tournament) -> list[team_metrics.TeamRow]:
    """The team standings. In an elimination system the places are the bracket's (``team_places``); the
    teams still in play have none yet and come last."""
    rows = _table(t, [str(tm.pk) for tm in t.teams.all()], team_results(t))
    if t.system in ELIMINATION_OR_MIXED:
        places = team_places(t)
        for row in rows:
            row.place, row.place_to = places.get(row.team, (None, None))
        rows.sort(key=lambda r: (r.place is None, r.place or 0))
    return rows


def standing_rows(t: Tournament) -> list[tuple[team_metrics.TeamRow, Team]]:
    """The team standings as the team standings page, the API, the exports and the protocols show them (004
    §1.3.4: in a team event the team is the participant): ``team_table`` in order, each row with its team; a
    removed team last, without a place (004 §5.7.3)."""
    by_pk = {str(tm.pk): tm for tm in t.teams.select_related("captain__person")}
    rows = team_table(t)
    rows.sort(key=lambda r: (by_pk[r.team].removed, r.place is None, r.place or 0))
    return [(r, by_pk[r.team]) for r in rows]


def team_places(t: Tournament) -> dict[str, tuple[int, int]]:
    """Places by the bracket: single elimination (``knockout_places``), double elimination (the engine's
    places, 004 §1.4.5: 1 and 2 from the grand final, then the losers of each lower round share the next
    places), and mixed (004 §1.4.7: the playoff's places first, then the teams out at the qualifying stage by
    their place there, then the primary score and the tie-breaks)."""
    if t.system == System.SINGLE_ELIMINATION:
        return knockout_places(t)
    if t.system == System.DOUBLE_ELIMINATION:
        stage = t.stages.filter(number=1).first()
        return _engine_places(stage) if stage is not None and "team_bracket" in stage.plan else {}
    if t.system != System.MIXED:
        return {}
    places: dict[str, tuple[int, int]] = {}
    playoff = t.stages.filter(kind=Stage.Kind.PLAYOFF).first()
    in_playoff: set[str] = set()
    if playoff is not None:
        places = _engine_places(playoff)
        in_playoff = set(playoff.plan["team_bracket"]["players"])
    qualifying = t.stages.filter(kind=Stage.Kind.GROUPS).first()
    if qualifying is None:
        return places
    keys = [t.team_scoring, *_tiebreaks(t)]
    rest = [r for rows in qualifying_tables(t, qualifying) for r in rows if r.team not in in_playoff]

    def rest_key(r: team_metrics.TeamRow) -> tuple:
        if t.group_rest_places == GroupRestPlaces.SHARED:  # the regulation's rule: one group place shares
            return (r.place,)
        return (r.place, *(-r.metrics.get(k, Fraction(0)) for k in keys if k != "direct"))

    rest.sort(key=lambda r: (rest_key(r), r.team))
    for r, where in zip(rest, metrics.place_ranges(rest, rest_key, start=len(in_playoff) + 1)):
        places[r.team] = where
    return places


def _engine_places(stage: Stage) -> dict[str, tuple[int, int]]:
    return {
        p["player"]: (p["place"], p["place_to"])
        for p in team_bracket(stage)["places"]
        if p.get("place") is not None
    }


# --- the draw -----------------------------------------------------------------------------------------------


def team_swiss_rounds(t: Tournament) -> int:
    return t.rounds or pairing.recommended_swiss_rounds(len(active_teams(t)))


def rounds_left(t: Tournament) -> bool:
    """Whether another team round can be drawn (for the "finish" step and the secretary's next step)."""
    number = t.round_set.count() + 1
    if t.system == System.SWISS:
        return number <= team_swiss_rounds(t)
    if t.system == System.SWISS_LOSSES:
        rows = _table(t, [str(tm.pk) for tm in active_teams(t)], team_results(t))
        return not systems.losses_finished(t, [r.lost for r in rows])  # the engine's end rule
    if t.system == System.ROUND_ROBIN:
        # 004 §1.4.3: the schedule drawn at round 1 is played whole; a removed team (004 §5.7.3) does not
        # shorten it — its scheduled opponents rest or win technically (``_round_robin``).
        stage = t.stages.filter(number=1).first()
        if stage is not None and "rounds" in stage.plan:
            return number <= len(stage.plan["rounds"])
        n = len(active_teams(t))
        return number <= (n - 1 + n % 2) * t.cycles
    if t.system == System.SINGLE_ELIMINATION:
        alive = _knockout_alive(t)
        return len(alive) > 1 or None in alive
    if t.system == System.DOUBLE_ELIMINATION:
        stage = t.stages.filter(number=1).first()
        return stage is None or "team_bracket" not in stage.plan or not team_bracket(stage)["finished"]
    if t.system == System.MIXED:
        playoff = t.stages.filter(kind=Stage.Kind.PLAYOFF).first()
        return playoff is None or not team_bracket(playoff)["finished"]
    return False


# A drawn round: team matches (team1, team2, bracket code, flags) and single entries (team, code, flags) —
# a Swiss bye, a bracket bye or a walk-over over a removed team.
Pairs = list[tuple[str, str, str, list[str]]]
Singles = list[tuple[str, str, list[str]]]


def draw_team_round(t: Tournament, user, number: int, seed: int | None = None) -> Round:
    """Draw team round ``number`` as a draft inside the caller's transaction (the tournament row locked):
    team pairings by the systems' converters (``draw.systems``), then the boards from the line-ups. Raises
    TeamDrawError."""
    try:
        return _draw_team_round(t, user, number, seed)
    except systems.DrawError as exc:
        raise TeamDrawError(str(exc)) from exc


def _draw_team_round(t: Tournament, user, number: int, seed: int | None) -> Round:
    if t.system not in TEAM_SYSTEMS:
        raise TeamDrawError(_("%(s)s is not built for team events yet.") % {"s": t.get_system_display()})
    teams = active_teams(t)
    if len(teams) < 2:
        raise TeamDrawError(_("At least two teams are needed."))
    seed = seed if seed is not None else secrets.randbelow(2**31)
    pairs: Pairs
    singles: Singles
    if t.system == System.MIXED:
        stage, pairs, singles = _mixed(t, teams, number, seed)
    else:
        stage, _created = Stage.objects.get_or_create(
            tournament=t, number=1, defaults={"kind": Stage.Kind.MAIN, "system": t.system}
        )
        if t.system in (System.SWISS, System.SWISS_LOSSES):
            pairs, singles = _swiss(t, teams, number, seed)
        elif t.system == System.ROUND_ROBIN:
            pairs, singles = _round_robin(t, stage, teams, number, seed), []
        elif t.system == System.DOUBLE_ELIMINATION:
            if "team_bracket" not in stage.plan:
                keys = [str(tm.pk) for tm in teams]
                stage.plan = {"team_bracket": systems.elimination_plan(t, keys, t.system, seed)}
                stage.save(update_fields=["plan"])
            pairs, singles = _bracket_round(t, stage)
        else:
            pairs, singles = _knockout(t, teams, number)
    by_key = {str(tm.pk): tm for tm in t.teams.all()}  # removed teams too: their walk-overs (004 §5.7.3)
    for team in [by_key[k] for a, b, _c, _f in pairs for k in (a, b) if not by_key[k].removed]:
        # 004 §5.7.3 concerns the player: a team short of players (one removed, no reserve) plays on with
        # the boards it has and loses the others (``_rebuild_boards``); only a team with nobody left cannot.
        if not roster(team):
            raise TeamDrawError(
                _("Team %(team)s has no active player left: it cannot play a team match.")
                % {"team": team.name}
            )
    rnd = Round.objects.create(
        tournament=t, stage=stage, number=number, seed=seed, drawn_by=user if user.is_authenticated else None
    )
    table = 0
    for a, b, code, flags in pairs:
        table += 1
        if by_key[a].removed or by_key[b].removed:
            _walkover(rnd, table, by_key[a], by_key[b], code)
            continue
        tm = TeamMatch.objects.create(
            round=rnd, table=table, team1=by_key[a], team2=by_key[b], bracket_code=code, flags=flags
        )
        _rebuild_boards(t, rnd, tm)
    for a, code, flags in singles:
        table += 1
        TeamMatch.objects.create(
            round=rnd, table=table, team1=by_key[a], team2=None, bracket_code=code, flags=flags
        )
    if t.status == Tournament.Status.DRAFT:
        t.status = Tournament.Status.RUNNING
        t.save(update_fields=["status"])
    log(t, user, "draw", _("Round %(n)s drawn (draft)") % {"n": number}, seed=seed, teams=True)
    return rnd


def _rebuild_boards(t: Tournament, rnd: Round, tm: TeamMatch) -> None:
    """The board matches of a team match from the two line-ups: board i pairs the two i-th players; the first
    move alternates by board (team 1 moves first on odd boards, team 2 on even boards)."""
    if tm.team2 is None:  # a bye has no boards (a line-up of its team used to fail here)
        return
    tm.boards.filter(board__gte=1).delete()
    one, _own1 = lineup_for(tm.team1, rnd.number, t.boards)
    two, _own2 = lineup_for(tm.team2, rnd.number, t.boards)
    length = rnd.effective_match_length()
    matches = []
    # 004 §5.7.3: a team short of players (a player removed, no reserve) loses its last boards technically,
    # 0 on them: recorded on the team match (``LOST_BOARD``), no board match is made for them.
    lost = [f for f in tm.flags if not str(f).startswith(LOST_BOARD)]
    for i in range(t.boards):
        a = one[i] if i < len(one) else None
        b = two[i] if i < len(two) else None
        if a is None or b is None:
            loser = 0 if a is None and b is None else (1 if a is None else 2)
            lost.append(f"{LOST_BOARD}{i + 1}:{loser}")
            continue
        first, second = (a, b) if i % 2 == 0 else (b, a)
        matches.append(
            Match(
                round=rnd,
                team_match=tm,
                board=i + 1,
                table=(tm.table - 1) * (t.boards + 1) + i + 1,
                player1=first,
                player2=second,
                match_length=length,
            )
        )
    Match.objects.bulk_create(matches)
    if lost != tm.flags:
        tm.flags = lost
        tm.save(update_fields=["flags"])


def lost_boards(tm: TeamMatch) -> dict[int, int]:
    """The boards a team short of players lost (004 §5.7.3): board → the side that lost it (0: both)."""
    out = {}
    for f in tm.flags:
        if str(f).startswith(LOST_BOARD):
            board, side = str(f)[len(LOST_BOARD) :].split(":")
            out[int(board)] = int(side)
    return out


def team_club(t: Tournament, team: Team) -> str | None:
    """What a team Swiss keeps apart when the regulation asks (``Tournament.avoid_same``, 004 §1.3.3): the
    club or the region most of the team's players share (the first by name on a tie); None for "team" (a
    team never meets itself) or when its players name none."""
    if t.avoid_same not in ("club", "region"):
        return None
    names = [
        (p.club if t.avoid_same == "club" else p.data.region).strip().casefold()
        for p in team.members.filter(status=Participant.Status.ACTIVE)
    ]
    counts: dict[str, int] = {}
    for name in filter(None, names):
        counts[name] = counts.get(name, 0) + 1
    if not counts:
        return None
    name = min(counts, key=lambda n: (-counts[n], n))
    return f"{t.avoid_same}:{name}"


def swiss_competitors(t: Tournament, teams: list[Team]) -> list[systems.Competitor]:
    """The teams as the Swiss converter's competitors (``draw.systems.swiss``): points by the primary team
    score, the teams met, byes, team matches lost ("until N losses") and the club kept apart."""
    results = team_results(t, published_only=False)
    rows = {r.team: r for r in _table(t, [str(tm.pk) for tm in t.teams.all()], team_results(t))}
    met: dict[str, list[str]] = {}
    byes: dict[str, int] = {}
    for r in results:
        if r.team2 is None:
            byes[r.team1] = byes.get(r.team1, 0) + 1
        else:
            met.setdefault(r.team1, []).append(r.team2)
            met.setdefault(r.team2, []).append(r.team1)
    return [
        systems.Competitor(
            str(tm.pk),
            Fraction(rows[str(tm.pk)].metrics[t.team_scoring]),
            tuple(met.get(str(tm.pk), [])),
            byes.get(str(tm.pk), 0),
            rows[str(tm.pk)].lost,
            team_club(t, tm),
        )
        for tm in teams
    ]


def _swiss(t: Tournament, teams: list[Team], number: int, seed: int):
    """004 §1.4.6 for teams: the personal Swiss (``draw.systems.swiss``) on team keys — score groups by the
    primary team score, no team meets another twice, the floats flagged, ``avoid_same`` and "until N
    losses" as the regulation says."""
    rounds = team_swiss_rounds(t) if t.system != System.SWISS_LOSSES else None
    drawn = systems.swiss(t, swiss_competitors(t, teams), number, rounds, seed)
    pairs: Pairs = [(p.a, p.b, "", list(p.flags)) for p in drawn.pairs]
    singles: Singles = [(drawn.bye, "", ["bye"])] if drawn.bye else []
    return pairs, singles


def _round_robin(t: Tournament, stage: Stage, teams: list[Team], number: int, seed: int) -> Pairs:
    if "rounds" not in stage.plan:
        stage.plan = systems.round_robin_plan(t, [str(tm.pk) for tm in teams], seed)
        stage.save(update_fields=["plan"])
    scheduled = systems.scheduled_round(stage.plan["rounds"], number)
    # In a round robin the team paired with the dummy rests: no team match for it; so does the opponent of a
    # removed team whose results are annulled. 004 §5.7.3: a team removed after more than half of its team
    # matches loses the rest technically (a walk-over team match).
    technical = consequences.load(t).team_technical
    playing = {str(tm.pk) for tm in teams}
    return [
        (a, b, "", []) for a, b in scheduled["pairs"] if {a, b} <= playing | technical and {a, b} & playing
    ]


def _knockout_entries(t: Tournament, number: int) -> list[list[str | None]]:
    """Round ``number``'s bracket entries in bracket order: [team1, team2] or [team, None] for a bye."""
    plan = t.stages.get(number=1).plan
    return plan.get("bracket", {}).get(str(number), [])


def _winner(
    t: Tournament, number: int, entry: list[str | None], results: list[team_metrics.TeamResult]
) -> str | None:
    """Who of a bracket entry goes through, by the team results of the tournament (loaded once by the caller:
    ``team_results`` reads every team match and board)."""
    a, b = entry
    if b is None:
        return a
    for r in results:
        if r.round == number and {r.team1, r.team2} == {a, b}:
            side = team_metrics.decide(r, t.team_draw_rule)
            if side is None:
                return None
            return r.team1 if side == 1 else r.team2
    return None


def _knockout_alive(t: Tournament) -> list[str | None]:
    """The teams through to the next round in bracket order (None: a team match not decided yet)."""
    last = t.round_set.order_by("-number").first()
    if last is None:
        return [str(tm.pk) for tm in active_teams(t)]
    results = team_results(t, published_only=False)
    return [_winner(t, last.number, e, results) for e in _knockout_entries(t, last.number)]


def knockout_undecided(t: Tournament) -> list[TeamMatch]:
    """Team matches of the last round that the rule has not decided yet (a drawn match waiting for its extra
    decisive match, or boards without results)."""
    last = t.round_set.order_by("-number").first()
    if last is None or not is_knockout_round(last):
        return []
    out = []
    results = team_results(t, published_only=False)
    for tm in last.team_matches.select_related("team1", "team2"):
        if tm.team2_id and _winner(t, last.number, [str(tm.team1_id), str(tm.team2_id)], results) is None:
            out.append(tm)
    return out


def knockout_places(t: Tournament) -> dict[str, tuple[int, int]]:
    """Places of a team single elimination (004 §1.4.4): the winner 1, the finalist 2, the losers of round r
    share the places below the teams that went further; a removed team has none (004 §5.7.3)."""
    stage = t.stages.filter(number=1).first()
    bracket = stage.plan.get("bracket", {}) if stage is not None else {}
    results = team_results(t, published_only=False) if bracket else []
    places: dict[str, tuple[int, int]] = {}
    for number in sorted((int(k) for k in bracket), reverse=True):
        entries = bracket[str(number)]
        losers: list[str] = []
        for e in entries:
            w = _winner(t, number, e, results)
            if e[1] is not None and w is not None:
                losers.append(str(e[0] if w == e[1] else e[1]))
            if len(entries) == 1 and w is not None:
                places[w] = (1, 1)
        first = len(places) + 1
        for loser in losers:
            places.setdefault(loser, (first, first + len(losers) - 1))
    # 004 §5.7.3: a removed team's place is not kept.
    removed = {str(pk) for pk in t.teams.filter(removed=True).values_list("pk", flat=True)}
    return {team: place for team, place in places.items() if team not in removed}


def _knockout(t: Tournament, teams: list[Team], number: int):
    """Single elimination of teams (004 §1.4.4): round 1 by the standard seed order (byes to the top seeds),
    then the winners of neighbouring entries of the bracket."""
    stage = t.stages.get(number=1)
    if number == 1:
        keys = [str(tm.pk) for tm in teams]
        size = 1
        while size < len(keys):
            size *= 2
        order = pairing.seed_order(size)
        slots = [keys[s - 1] if s <= len(keys) else None for s in order]
        entries = []
        for i in range(0, size, 2):
            a, b = slots[i], slots[i + 1]
            entries.append([a, b] if a and b else [a or b, None])
    else:
        alive = _knockout_alive(t)
        if any(a is None for a in alive):
            raise TeamDrawError(
                _(
                    "A team match of the last round is not decided yet (a drawn match needs its decisive "
                    "match)."
                )
            )
        if len(alive) < 2:
            raise TeamDrawError(_("The final has been played: finish the tournament."))
        entries = [[alive[i], alive[i + 1]] for i in range(0, len(alive), 2)]
    stage.plan = {**stage.plan, "bracket": {**stage.plan.get("bracket", {}), str(number): entries}}
    stage.save(update_fields=["plan"])
    pairs: Pairs = [(str(a), b, "", []) for a, b in entries if b is not None]
    byes: Singles = [(str(a), "", ["bye"]) for a, b in entries if b is None]
    return pairs, byes


# --- brackets on the pure engine: double elimination, the playoff of a mixed event -------------------------


def team_bracket(stage: Stage) -> dict:
    """The pure bracket engine's view of a team elimination stage (004 §1.4.4, §1.4.5) on team keys: each
    team match's winner as the regulation decides it (``team_metrics.decide``: the board points, then the
    count-back or the extra decisive match); a removed team is withdrawn (the engine gives its opponents the
    walk-over)."""
    t = stage.tournament
    plan = stage.plan["team_bracket"]
    results = {}
    for tm, r in _team_match_results(t, published_only=False, stage=stage):
        if not tm.bracket_code or tm.team2_id is None:
            continue  # a bye or a walk-over: the engine knows them itself
        side = team_metrics.decide(r, t.team_draw_rule)
        if side is not None:
            results[tm.bracket_code] = r.team1 if side == 1 else r.team2
    removed = {str(pk) for pk in t.teams.filter(removed=True).values_list("pk", flat=True)}
    withdrawn = [k for k in plan["players"] if k in removed]
    return pairing.handle({**plan, "results": results, "withdrawn": withdrawn})


def bracket_stages(t: Tournament) -> list[Stage]:
    """The team brackets to show (double elimination, a mixed playoff): those with a published round."""
    public = set(t.round_set.exclude(status=Round.Status.DRAFT).values_list("stage_id", flat=True))
    return [s for s in t.stages.all() if "team_bracket" in s.plan and s.pk in public]


def bracket_drawing(stage: Stage) -> list[dict]:
    """The engine's matches of a team bracket with the teams' names and board points, for the bracket SVG."""
    t = stage.tournament
    names = {str(pk): name for pk, name in t.teams.values_list("pk", "name")}
    scores = {}
    for tm, r in _team_match_results(t, published_only=True, stage=stage):
        if tm.bracket_code and tm.team2_id is not None:
            a, b = team_metrics.board_points(r)
            scores[tm.bracket_code] = {r.team1: a, r.team2: b}
    out = []
    for m in team_bracket(stage)["matches"]:
        score = scores.get(m["id"], {})
        out.append(
            {
                **m,
                "names": [names.get(k) if k else None for k in m["players"]],
                "scores": [score.get(k) if k else None for k in m["players"]],
            }
        )
    return out


def _bracket_round(t: Tournament, stage: Stage) -> tuple[Pairs, Singles]:
    """The next round of a team bracket: the engine's matches of the stage's next round."""
    local = stage.rounds.count() + 1
    pairs: Pairs = []
    singles: Singles = []
    for e in systems.bracket_round(team_bracket(stage), local):
        if e.kind in ("bye", "walkover"):
            singles.append((e.winner, e.code, [e.flag]))  # type: ignore[arg-type]
        elif e.kind == "undecided":
            raise TeamDrawError(
                _(
                    "A team match of the last round is not decided yet (a drawn match needs its decisive "
                    "match)."
                )
            )
        else:
            pairs.append((e.a, e.b, e.code, [e.flag]))  # type: ignore[arg-type]
    return pairs, singles


def is_knockout_round(rnd: Round) -> bool:
    """A round of an elimination stage: a drawn team match there is decided by the regulation's rule."""
    return rnd.stage.system in (System.SINGLE_ELIMINATION, System.DOUBLE_ELIMINATION)


def _mixed(t: Tournament, teams: list[Team], number: int, seed: int) -> tuple[Stage, Pairs, Singles]:
    """004 §1.4.7 for teams: a qualifying stage — a Swiss of the whole field when the regulation sets the
    number of rounds (``Tournament.rounds``), else round-robin groups (``group_count``) — then a playoff
    (``playoff_system``) of the qualifiers seeded by the qualifying tables (``qualifiers_per_group`` of each
    group, plus ``best_of_rest`` across the groups), announced before the start (004 §6.1.2 item 5)."""
    qualifying = t.stages.filter(kind=Stage.Kind.GROUPS).first()
    if qualifying is None:
        system = System.SWISS if t.rounds else System.ROUND_ROBIN
        qualifying = Stage.objects.create(
            tournament=t, number=1, kind=Stage.Kind.GROUPS, system=system, plan={"seed": seed}
        )
        _make_groups(t, qualifying, teams, seed)
    playoff = t.stages.filter(kind=Stage.Kind.PLAYOFF).first()
    if playoff is None:
        local = qualifying.rounds.count() + 1
        if qualifying.system == System.SWISS and t.rounds is not None and local <= t.rounds:
            return (qualifying, *_swiss(t, teams, number, seed))
        schedules = qualifying.plan.get("schedules", [])
        if qualifying.system == System.ROUND_ROBIN and local <= max(len(s) for s in schedules):
            playing = {str(tm.pk) for tm in teams}
            pairs: Pairs = [
                (a, b, "", [])
                for schedule in schedules
                if local <= len(schedule)
                for a, b in schedule[local - 1]["pairs"]
                if {a, b} <= playing
            ]
            return qualifying, pairs, []
        playoff = _make_playoff(t, qualifying, seed)
    return (playoff, *_bracket_round(t, playoff))


def _make_groups(t: Tournament, stage: Stage, teams: list[Team], seed: int) -> None:
    keys = [str(tm.pk) for tm in teams]
    if stage.system == System.SWISS:
        stage.plan = {**stage.plan, "groups": [keys]}  # the whole field is one group
    else:
        groups = systems.groups(t, keys, seed)
        schedules = [systems.berger_plan(members, t.cycles, "seeded", seed)["rounds"] for members in groups]
        stage.plan = {**stage.plan, "groups": groups, "schedules": schedules}
    stage.save(update_fields=["plan"])


def qualifying_tables(t: Tournament, stage: Stage) -> list[list[team_metrics.TeamRow]]:
    """The tables of a team event's qualifying stage (004 §1.4.7), one per group (a Swiss: one), from its
    published team matches: removed teams keep no place and the others close up (004 §5.7.3); a tie the
    tie-breaks leave in the qualifying places is broken by the lot stored when the playoff was drawn."""
    results = team_results(t, stage=stage)
    removed = {str(pk) for pk in t.teams.filter(removed=True).values_list("pk", flat=True)}
    ties = stage.plan.get("ties", {})
    out = []
    for index, members in enumerate(stage.plan.get("groups", []), start=1):
        group = set(members)
        own = [r for r in results if r.team1 in group and (r.team2 is None or r.team2 in group)]
        rows = [r for r in _table(t, members, own) if r.team not in removed]
        team_metrics.assign_places(rows, t.team_scoring, _tiebreaks(t))
        for block in _tied_blocks(rows):
            decision = ties.get(_tie_key(index, block))
            if decision is not None:
                first = block[0].place or 0
                order = {team: i for i, team in enumerate(decision["order"])}
                for i, row in enumerate(sorted(block, key=lambda r: order.get(r.team, len(order)))):
                    row.place = row.place_to = first + i
        rows.sort(key=lambda r: (r.place, r.team))
        out.append(rows)
    return out


def _tied_blocks(rows: list[team_metrics.TeamRow]) -> list[list[team_metrics.TeamRow]]:
    blocks: dict[int, list[team_metrics.TeamRow]] = {}
    for r in rows:
        if r.place is not None and r.place != r.place_to:
            blocks.setdefault(r.place, []).append(r)
    return list(blocks.values())


def _tie_key(group: int, block: list[team_metrics.TeamRow]) -> str:
    return f"{group}:{','.join(sorted(r.team for r in block))}"


def _make_playoff(t: Tournament, qualifying: Stage, seed: int) -> Stage:
    """The playoff of a team mixed event (004 §1.4.7): a tie for a qualifying place that the team tie-breaks
    leave is broken by lot with this draw's seed (stored, logged); the qualifiers are seeded tier by tier
    (the group winners first) by the pure engine's ``playoff_seeding``."""
    k = t.qualifiers_per_group
    ties = dict(qualifying.plan.get("ties", {}))
    for index, rows in enumerate(qualifying_tables(t, qualifying), start=1):
        for block in _tied_blocks(rows):
            if block[0].place is None or block[0].place > k:  # a tied block always has a place
                continue
            if t.group_ties == GroupTies.MATCH:
                raise TeamDrawError(
                    _(
                        "A tie for a qualifying place (004 §1.4.7): a play-off match of teams is not built "
                        "yet; the regulation must break it by lot."
                    )
                )
            order = metrics.lot_order([r.team for r in block], seed)
            ties[_tie_key(index, block)] = {"method": "lot", "order": order, "seed": seed}
            names = dict(t.teams.values_list("pk", "name"))
            log(
                t,
                None,
                "group_tie",
                _("The tie between teams %(p)s is broken by lot (seed %(s)s): %(o)s (004 §1.4.7)")
                % {
                    "p": ", ".join(sorted(names[int(k)] for k in order)),
                    "s": seed,
                    "o": ", ".join(names[int(k)] for k in order),
                },
                seed=seed,
                order=order,
                clause="004 §1.4.7",
            )
    qualifying.plan = {**qualifying.plan, "ties": ties}
    qualifying.save(update_fields=["plan"])
    tables = qualifying_tables(t, qualifying)
    if any(len(rows) < k for rows in tables):
        raise TeamDrawError(_("A group has fewer teams than the qualifiers per group."))
    best_of_rest = t.best_of_rest if qualifying.system == System.ROUND_ROBIN else 0
    rest_order = None
    if best_of_rest:
        keys = [t.team_scoring, *_tiebreaks(t)]
        rest = [r for rows in tables for r in rows[k:]]
        rest.sort(key=lambda r: (r.place, *(-r.metrics.get(x, Fraction(0)) for x in keys), r.team))
        rest_order = [r.team for r in rest]
    order = systems.playoff_seeding(t, [[r.team for r in rows] for rows in tables], rest_order, best_of_rest)
    if len(order) < 2:
        raise TeamDrawError(_("At least two teams are needed."))
    return Stage.objects.create(
        tournament=t,
        number=2,
        kind=Stage.Kind.PLAYOFF,
        system=t.playoff_system,
        match_length=t.playoff_match_length,
        # Stored as ``plan["team_bracket"]``, apart from a personal stage's ``players``, so that nothing
        # personal reads team keys as players.
        plan={"team_bracket": systems.elimination_plan(t, order, t.playoff_system, seed, seeded=True)},
    )


def add_decider(tm: TeamMatch, player1: Participant, player2: Participant, user) -> Match:
    """The extra decisive match of a drawn knockout team match (``TeamDrawRule.DECIDER``): one board, board 0,
    between a player of each team chosen by the captains."""
    t = tm.round.tournament
    if t.team_draw_rule != TeamDrawRule.DECIDER:
        raise TeamDrawError(_("The regulation decides a drawn team match by the board count-back."))
    if not is_knockout_round(tm.round):
        raise TeamDrawError(_("Only a team match of an elimination stage gets a decisive match."))
    # Two teams may meet twice in a double elimination: this round's match.
    results = {
        (r.team1, r.team2): r for r in team_results(t, published_only=False) if r.round == tm.round.number
    }
    r = results.get((str(tm.team1_id), str(tm.team2_id)))
    if r is None or not r.complete or team_metrics.outcome(r) != 0:
        raise TeamDrawError(_("Only a drawn team match, every board decided, gets a decisive match."))
    if tm.boards.filter(board=0).exists():
        raise TeamDrawError(_("This team match already has its decisive match."))
    if player1.team_id != tm.team1_id or player2.team_id != tm.team2_id:
        raise TeamDrawError(_("Each team plays the decisive match with one of its own players."))
    match = Match.objects.create(
        round=tm.round,
        team_match=tm,
        board=0,
        table=(tm.table - 1) * (t.boards + 1) + t.boards + 1,
        player1=player1,
        player2=player2,
        match_length=tm.round.effective_match_length(),
        flags=["decider"],
    )
    draw_results.update_round_status(tm.round)
    log(
        t,
        user,
        "decider",
        _("Decisive match of %(a)s — %(b)s: %(p1)s — %(p2)s")
        % {"a": tm.team1, "b": tm.team2, "p1": player1, "p2": player2},
        match=match.pk,
    )
    return match


def _walkover(rnd: Round, table: int, a: Team, b: Team, code: str = "") -> TeamMatch:
    """004 §5.7.3: the scheduled team match of a removed team is a technical defeat, 0 on every board: a team
    match without boards, the team left in the event as team 1 (``team_results`` gives it every board)."""
    present, gone = (b, a) if a.removed else (a, b)
    return TeamMatch.objects.create(
        round=rnd, table=table, team1=present, team2=gone, bracket_code=code, flags=["walkover", "removed"]
    )


def set_board_order(team: Team, ordered_ids: list[int], captain_id: int | None, user) -> str:
    """004 §1.3.4: the team's board order (every active player of the roster once, board 1 first) and its
    captain, fixed before the start: refused once round 1 is published."""
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=team.tournament_id)
        if t.read_only_reason:
            raise TeamDrawError(t.read_only_reason)
        if t.round_set.exclude(status=Round.Status.DRAFT).exists():
            raise TeamDrawError(_("The board order is fixed: the first round is published."))
        members = {p.pk: p for p in roster(team)}
        if sorted(ordered_ids) != sorted(members):
            raise TeamDrawError(_("Give every player of the team a place in the board order, each once."))
        if captain_id is not None and captain_id not in members:
            raise TeamDrawError(_("The captain must be a player of the team."))
        for place, pk in enumerate(ordered_ids, start=1):
            Participant.objects.filter(pk=pk).update(board_order=place)
        Team.objects.filter(pk=team.pk).update(captain_id=captain_id)
        draft = t.round_set.filter(status=Round.Status.DRAFT).first()
        if draft is not None:
            for tm in draft.team_matches.filter(models_q_team(team)).exclude(team2__isnull=True):
                _rebuild_boards(t, draft, tm)
        log(t, user, "board_order", _("Board order of %(team)s") % {"team": team.name}, order=ordered_ids)
    return _("The board order of %(team)s is saved.") % {"team": team.name}
