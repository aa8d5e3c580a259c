"""Team events' documents (004 §1.3.4), each as plain data (unit-tested), then a thin renderer on the shared
PDF helpers of ``protocols.render``: the team standings, the team match protocol (one per team match, and a
round's bundle; each board also keeps its own match protocol, ``protocols.data.match_protocol_data``), the
team crosstable of a round robin (drawn by the personal crosstable's renderer) and the personal standings by
board (``standings.board_standings``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.platypus import PageBreak, Spacer

from draw import teams
from draw.models import Match, ResultKind, Round, TeamMatch
from protocols import facts
from protocols import layout as r
from registration.models import Official, Participant
from standings import board_standings, team_metrics
from tournaments.models import Tournament
from tournaments.rules import cite_text


@dataclass(frozen=True)
class TeamStandingLine:
    place: str
    team: str
    match_points: int
    board_points: str
    record: str  # won-drawn-lost
    sonneborn_berger: str
    players: str  # the board order


@dataclass(frozen=True)
class TeamStandingsData:
    heading: facts.Heading
    rule: str
    lines: tuple[TeamStandingLine, ...]
    signatures: tuple[facts.Signature, ...]


def _num(x) -> str:
    return facts.number_text(x)


def team_standings_data(t: Tournament) -> TeamStandingsData:
    # The page's rows (``draw.teams.standing_rows``): the bracket's places in an elimination or mixed event,
    # a removed team last without a place (004 §5.7.3); the final protocol prints the same.
    lines = tuple(
        TeamStandingLine(
            place=row.place_label,
            team=team.name,
            match_points=row.match_points,
            board_points=_num(row.board_points),
            record=f"{row.won}-{row.drawn}-{row.lost}",
            sonneborn_berger=_num(row.metrics.get("sonneborn_berger", 0)),
            players=", ".join(p.short_name for p in teams.roster(team)),
        )
        for row, team in teams.standing_rows(t)
    )
    rule = _(
        "Ranked by %(p)s; then the other score, the direct encounter and Sonneborn-Berger on match points."
    ) % {"p": t.get_team_scoring_display()}
    chief = (
        Official.objects.filter(tournament=t, role=Official.Role.CHIEF_JUDGE).select_related("person").first()
    )
    secretary = (
        Official.objects.filter(tournament=t, role=Official.Role.CHIEF_SECRETARY)
        .select_related("person")
        .first()
    )
    return TeamStandingsData(
        heading=facts.heading(t),
        rule=rule,
        lines=lines,
        signatures=(
            facts.Signature(_("Chief judge"), chief.person.short_name if chief else ""),
            facts.Signature(_("Chief secretary"), secretary.person.short_name if secretary else ""),
        ),
    )


def team_standings_pdf(data: TeamStandingsData) -> bytes:
    title = _("Team standings")
    width = r.frame_width(r.PORTRAIT)
    story = r.title_block(data.heading, title)
    header = [_("place"), _("team"), _("MP"), _("BP"), _("W-D-L"), _("SB"), _("players")]
    widths = [12 * r.mm, 40 * r.mm, 10 * r.mm, 10 * r.mm, 14 * r.mm, 12 * r.mm]
    widths.append(width - sum(widths))
    rows = [
        [
            x.place,
            r.cell(x.team, widths[1]),
            str(x.match_points),
            x.board_points,
            x.record,
            x.sonneborn_berger,
            r.cell(x.players, widths[6]),
        ]
        for x in data.lines
    ]
    story.append(r.grid(header, rows, widths, center=(0, 2, 3, 4, 5)))
    story.append(r.p(data.rule, r.SMALL))
    story.append(r.signatures(data.signatures, width))
    return r.pdf(data.heading, title, story)


# --- the team match protocol (004 §1.3.4, §6.2.3: the secretary certifies the protocols) ------------------


@dataclass(frozen=True)
class TeamBoardLine:
    board: str  # "1", "2", …; "0" for the extra decisive match
    player1: str  # team 1's player on this board
    player2: str  # team 2's player
    first: int  # the side whose player moves first (1 or 2): alternates by board
    score: str  # the board match's score from team 1's side, "7:3"; "" before the result
    points1: str  # the board point of team 1: "1", "0"; "" before the result
    points2: str
    result: str = ""  # a result not played over the board: "technical defeat", "annulled"


@dataclass(frozen=True)
class TeamMatchProtocolData:
    heading: facts.Heading
    round: int
    table: int
    team1: str
    team2: str
    captain1: str
    captain2: str
    representatives1: str
    representatives2: str
    boards: int
    match_length: int
    time_control: str
    start_time: str
    lines: tuple[TeamBoardLine, ...]
    complete: bool  # every board has its result
    board_points: str  # "3 : 1" (team 1 first); "" before any result
    match_points: str  # "2 : 0"; "" until complete
    result: str  # the team result by the regulation's scoring, as a sentence
    decider: TeamBoardLine | None = None
    through: str = ""  # elimination: the team that goes through and by what rule
    rule: str = ""
    draft: str = ""
    signatures: tuple[facts.Signature, ...] = ()


def _team_match_query():
    return TeamMatch.objects.select_related(
        "round__tournament", "round__stage", "team1__captain__person", "team2__captain__person"
    ).prefetch_related(
        Prefetch(
            "boards",
            queryset=Match.objects.select_related(
                "player1__person", "player2__person", "winner__person"
            ).order_by("board"),
        )
    )


def _board_line(m: Match, tm: TeamMatch, team_of: dict[int, int | None]) -> TeamBoardLine:
    ours_first = m.player1 is not None and m.player1.team_id == tm.team1_id
    one, two = (m.player1, m.player2) if ours_first else (m.player2, m.player1)
    score = points1 = points2 = result = ""
    if m.result_kind:
        s1, s2 = (m.score1, m.score2) if ours_first else (m.score2, m.score1)
        if m.result_kind in (ResultKind.PLAYED, ResultKind.TIME) and s1 is not None and s2 is not None:
            score = f"{s1}:{s2}"
        side = teams._side(m, tm, team_of)  # the same board point the team standings count
        points1, points2 = ("1", "0") if side == 1 else ("0", "1") if side == 2 else ("0", "0")
        if m.result_kind != ResultKind.PLAYED:
            result = str(m.get_result_kind_display())
            if m.result_reason:
                result = f"{result}: {cite_text(m.result_reason)}"
    return TeamBoardLine(
        board=str(m.board),
        player1=one.short_name if one else "",
        player2=two.short_name if two else "",
        first=1 if ours_first else 2,
        score=score,
        points1=points1,
        points2=points2,
        result=result,
    )


def team_match_protocol_data(tm: TeamMatch) -> TeamMatchProtocolData:
    """One team match (004 §1.3.4): both teams with their captains and representatives, the boards in the
    line-up with each board's result, the team result by the regulation's scoring (``team_scoring``), the
    extra decisive match (board 0) if one was set, and lines for the judge's and the captains' signatures."""
    rnd = tm.round
    t = rnd.tournament
    boards = sorted(tm.boards.all(), key=lambda m: m.board)
    team_of = {p.pk: p.team_id for m in boards for p in (m.player1, m.player2, m.winner) if p is not None}
    lines = tuple(_board_line(m, tm, team_of) for m in boards if m.board >= 1)
    decider_match = next((m for m in boards if m.board == 0), None)
    decider = _board_line(decider_match, tm, team_of) if decider_match else None
    sides = tuple(teams._side(m, tm, team_of) for m in boards if m.board >= 1)
    complete = bool(lines) and all(m.result_kind for m in boards if m.board >= 1)
    result = team_metrics.TeamResult(
        rnd.number,
        str(tm.team1_id),
        str(tm.team2_id),
        sides,
        complete,
        (teams._side(decider_match, tm, team_of) or None) if decider_match else None,
    )
    bp1, bp2 = team_metrics.board_points(result)
    filled = any(line.points1 for line in lines)
    board_text = f"{_num(bp1)} : {_num(bp2)}" if filled else ""
    match_text = text = through = ""
    if complete:
        side = team_metrics.outcome(result)
        mp = {1: (team_metrics.WIN, team_metrics.LOSS), 2: (team_metrics.LOSS, team_metrics.WIN)}.get(
            side, (team_metrics.DRAW, team_metrics.DRAW)
        )
        match_text = f"{mp[0]} : {mp[1]}"
        if t.team_scoring == "board_points":
            text = _("Board points %(bp)s (match points %(mp)s)") % {"bp": board_text, "mp": match_text}
        else:
            text = _("Match points %(mp)s (board points %(bp)s)") % {"mp": match_text, "bp": board_text}
        if t.system == "single_elimination":
            winner = team_metrics.decide(result, t.team_draw_rule)
            if winner and side == 0:
                name = tm.team1.name if winner == 1 else tm.team2.name
                how = (
                    _("by the board count-back (the highest board won)")
                    if t.team_draw_rule == "count_back"
                    else _("by the decisive match")
                )
                through = _("%(team)s goes through %(how)s.") % {"team": name, "how": how}
    representatives: dict[int, list[str]] = {}
    for o in Official.objects.filter(
        tournament=t, role=Official.Role.REPRESENTATIVE, team__in=[tm.team1_id, tm.team2_id]
    ).select_related("person"):
        representatives.setdefault(o.team_id, []).append(o.person.short_name)

    def captain(team) -> str:
        return team.captain.short_name if team.captain_id else ""

    def representative_text(team) -> str:
        return ", ".join(representatives.get(team.pk, []))

    def signer(team) -> facts.Signature:
        names = [x for x in (captain(team), *representatives.get(team.pk, [])) if x]
        return facts.Signature(
            _("Captain (representative) of %(team)s") % {"team": team.name}, names[0] if names else ""
        )

    return TeamMatchProtocolData(
        heading=facts.heading(t),
        round=rnd.number,
        table=tm.table,
        team1=tm.team1.name,
        team2=tm.team2.name,
        captain1=captain(tm.team1),
        captain2=captain(tm.team2),
        representatives1=representative_text(tm.team1),
        representatives2=representative_text(tm.team2),
        boards=t.boards,
        match_length=rnd.effective_match_length(),
        time_control=t.time_control_for(rnd.stage.kind),
        start_time=facts.local_time(
            rnd.start_time or next((m.started_at for m in boards if m.started_at), None)
        ),
        lines=lines,
        complete=complete,
        board_points=board_text,
        match_points=match_text,
        result=text,
        decider=decider,
        through=through,
        rule=_("The team result by the regulation: %(p)s.") % {"p": t.get_team_scoring_display()},
        draft=_("DRAFT: round not published") if rnd.is_draft else "",
        signatures=(facts.Signature(_("Judge"), ""), signer(tm.team1), signer(tm.team2)),
    )


@dataclass(frozen=True)
class TeamRoundProtocolsData:
    heading: facts.Heading
    round: int
    matches: tuple[TeamMatchProtocolData, ...]
    draft: str = ""


def team_match(t: Tournament, key: str) -> TeamMatch:
    """The team match of the tournament by its id, not a bye (Http404 otherwise)."""
    try:
        return _team_match_query().get(round__tournament=t, pk=int(key), team2__isnull=False)
    except (ValueError, TeamMatch.DoesNotExist) as exc:
        raise Http404 from exc


def team_round_protocols_data(rnd: Round) -> TeamRoundProtocolsData:
    tms = _team_match_query().filter(round=rnd, team2__isnull=False).order_by("table")
    return TeamRoundProtocolsData(
        facts.heading(rnd.tournament),
        rnd.number,
        tuple(team_match_protocol_data(tm) for tm in tms),
        _("DRAFT: round not published") if rnd.is_draft else "",
    )


def _team_match_story(data: TeamMatchProtocolData) -> list:
    w = r.frame_width(r.PORTRAIT)
    story = r.title_block(data.heading, _("Team match protocol"))
    blank = "____________"
    facts = [
        (_("Round"), str(data.round)),
        (_("Team match"), f"№ {data.table}"),
        (_("Boards"), str(data.boards)),
        (_("Match to, points"), str(data.match_length)),
        (_("Time control"), data.time_control or blank),
        (_("Start"), data.start_time or blank),
    ]
    story.append(r.pairs_table(facts, w))

    def team_text(name: str, captain: str, representatives: str) -> str:
        parts = [_("captain: %(c)s") % {"c": captain or "________________"}]
        if representatives:
            parts.append(_("representative: %(r)s") % {"r": representatives})
        return f"{name} ({'; '.join(parts)})"

    story.append(
        r.facts_table(
            [
                (_("Team 1"), team_text(data.team1, data.captain1, data.representatives1)),
                (_("Team 2"), team_text(data.team2, data.captain2, data.representatives2)),
            ],
            w,
        )
    )
    story.append(Spacer(1, 3 * r.mm))
    header = [
        _("Board"),
        _("Team 1: %(t)s") % {"t": data.team1},
        _("Team 2: %(t)s") % {"t": data.team2},
        _("Score"),
        _("Board points"),
        _("Note"),
    ]
    widths = [w * 0.08, w * 0.28, w * 0.28, w * 0.1, w * 0.12]
    widths.append(w - sum(widths))
    first_mark = "¹"

    def row(line: TeamBoardLine, label: str) -> list:
        one = f"{line.player1}{first_mark if line.first == 1 else ''}"
        two = f"{line.player2}{first_mark if line.first == 2 else ''}"
        points = f"{line.points1} : {line.points2}" if line.points1 else ""
        return [
            label,
            r.cell(one, widths[1]),
            r.cell(two, widths[2]),
            line.score,
            points,
            r.cell(line.result, widths[5]),
        ]

    rows = [row(x, x.board) for x in data.lines]
    if data.decider is not None:
        rows.append(row(data.decider, _("decisive")))
    story.append(r.grid(header, rows, widths, font_size=8, center=(0, 3, 4), row_height=None))
    story.append(Spacer(1, 1.5 * r.mm))
    story.append(
        r.p(
            _(
                "¹ moves first: team 1's player on odd boards, team 2's on even boards. The score is "
                "team 1's player's first."
            ),
            r.SMALL,
        )
    )
    story.append(Spacer(1, 2 * r.mm))
    if data.complete:
        story.append(r.label_value(_("Team result"), data.result))
    else:
        if data.board_points:
            story.append(r.label_value(_("Board points so far"), data.board_points))
        story.append(
            r.p(_("Team result: board points ______ : ______   match points ______ : ______"), r.BODY)
        )
    if data.through:
        story.append(r.label_value(_("Goes through"), data.through))
    story.append(r.p(data.rule, r.SMALL))
    story.append(r.signatures(data.signatures, w))
    return story


def team_match_protocol_pdf(data: TeamMatchProtocolData, progress: r.Progress | None = None) -> bytes:
    return r.pdf(
        data.heading, _("Team match protocol"), _team_match_story(data), progress=progress, draft=data.draft
    )


def team_round_protocols_pdf(data: TeamRoundProtocolsData, progress: r.Progress | None = None) -> bytes:
    story: list = []
    for i, one in enumerate(data.matches):
        if i:
            story.append(PageBreak())
        story.extend(_team_match_story(one))
    if not story:
        story = r.title_block(
            data.heading, _("Team match protocols"), _("This round has no team matches to play.")
        )
    return r.pdf(data.heading, _("Team match protocols"), story, progress=progress, draft=data.draft)


# --- the team crosstable (round robin, 004 §1.4.3) ------------------------------------------------------


# --- personal standings by board (004 §1.3.4, §1.3.3) ----------------------------------------------------


@dataclass(frozen=True)
class BoardStandingLine:
    place: str
    player: str
    team: str
    points: int
    games: int
    percent: str  # "66,7"
    removed: bool = False
    pk: int = 0  # the participant (the page links to him)
    team_pk: int = 0


@dataclass(frozen=True)
class BoardSection:
    board: int
    lines: tuple[BoardStandingLine, ...]


@dataclass(frozen=True)
class BoardStandingsData:
    heading: facts.Heading
    as_of: str
    sections: tuple[BoardSection, ...]
    rule: str
    signatures: tuple[facts.Signature, ...]


def percent_text(value) -> str:
    """A percentage with one decimal at most, Russian style: 100, 66,7, 50."""
    text = f"{float(value):.1f}".removesuffix(".0")
    return text.replace(".", ",")


def board_games(t: Tournament) -> list[board_standings.BoardGame]:
    """Every decided board match of the published rounds as two ``BoardGame`` (one query of plain values):
    a board match counts as the board point it gives the team (played, on time, technical; annulled: not at
    all)."""
    counted = (ResultKind.PLAYED, ResultKind.TIME, ResultKind.TECHNICAL)
    rows = (
        Match.objects.filter(round__tournament=t, board__gte=1, result_kind__in=counted)
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("board", "player1_id", "player2_id", "winner_id")
    )
    out = []
    for board, p1, p2, winner in rows:
        for p in (p1, p2):
            if p is not None:
                out.append(board_standings.BoardGame(board, str(p), winner == p))
    return out


def board_standings_data(t: Tournament) -> BoardStandingsData:
    """The personal standings by board of a team event: for each board, the players who played on it by
    the points they scored there, then the percentage (``standings.board_standings``). Five queries
    whatever the field: the board matches, the players with their teams, the last round («after round N»)
    and the two signing officials."""
    table = board_standings.board_table(board_games(t))
    people = {
        str(p.pk): p
        for p in Participant.objects.filter(tournament=t).select_related("person", "partner", "team")
    }
    sections = []
    for board, rows in table.items():
        lines = []
        for row in sorted(rows, key=lambda x: (x.place or 0, people[x.player].person.surname, x.player)):
            p = people[row.player]
            lines.append(
                BoardStandingLine(
                    place=row.place_label,
                    player=p.short_name,
                    team=p.team.name if p.team_id else "",
                    points=row.points,
                    games=row.games,
                    percent=percent_text(row.percent),
                    removed=p.status == Participant.Status.REMOVED,
                    pk=p.pk,
                    team_pk=p.team_id or 0,
                )
            )
        sections.append(BoardSection(board, tuple(lines)))
    rule = _(
        "For each board: the players who played on it, by the points scored there (a board match won 1, "
        "lost 0; a technical result counts as for the team, an annulled one not at all), then the "
        "percentage of points per match; equal on both, the place is shared. The decisive match of a drawn "
        "knockout match counts on no board."
    )
    return BoardStandingsData(
        facts.heading(t), facts.current_as_of(t), tuple(sections), rule, facts.panel_signatures(t)
    )


def board_standings_pdf(data: BoardStandingsData, progress: r.Progress | None = None) -> bytes:
    title = _("Personal standings by board")
    width = r.frame_width(r.PORTRAIT)
    story = r.title_block(data.heading, title, data.as_of)
    header = [_("place"), _("player"), _("team"), _("points"), _("matches"), "%"]
    widths = [14 * r.mm, 55 * r.mm, 0, 16 * r.mm, 16 * r.mm, 16 * r.mm]
    widths[2] = width - sum(widths)
    removed = pgettext("removed from the tournament", "removed")
    for s in data.sections:
        story += r.section(_("Board %(n)s") % {"n": s.board})
        rows = [
            [
                x.place,
                r.cell(f"{x.player} ({removed})" if x.removed else x.player, widths[1]),
                r.cell(x.team, widths[2]),
                str(x.points),
                str(x.games),
                x.percent,
            ]
            for x in s.lines
        ]
        story.append(r.grid(header, rows, widths, center=(0, 3, 4, 5)))
        story.append(Spacer(1, 3 * r.mm))
    if not data.sections:
        story.append(r.p(_("No board match has a result yet."), r.BODY))
    story.append(r.p(data.rule, r.SMALL))
    story.append(r.signatures(data.signatures, width))
    return r.pdf(data.heading, title, story, progress=progress)
