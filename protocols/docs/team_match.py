"""The team match protocol (004 §1.3.4, §6.2.3: the secretary certifies the protocols): both teams with their
captains and representatives, the boards in the line-up with each board's result, the team result by the
regulation's scoring, the extra decisive match (board 0), signature lines for the judge and each team's
captain; ПРОЕКТ on a draft round, no page for a bye. Each board keeps its own match protocol too
(``protocols.docs.match``). ``story(data)`` is the page's flowables: the round's bundle
(``protocols.docs.team_protocols``) prints one per team match.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from draw import teams
from draw.models import Match, ResultKind, TeamMatch
from protocols import keys
from protocols.facts import Heading, Signature, heading, local_time, number_text
from protocols.layout import (
    BODY,
    PORTRAIT,
    SMALL,
    Progress,
    cell,
    facts_table,
    frame_width,
    grid,
    label_value,
    p,
    pairs_table,
    pdf,
    signatures,
    title_block,
)
from protocols.registry import register
from registration.models import Official
from standings import team_metrics
from tournaments.models import Tournament
from tournaments.rules import cite_text

# --- data ------------------------------------------------------------------------------------------------


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
    heading: Heading
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
    signatures: tuple[Signature, ...] = ()


def query():
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


def get(t: Tournament, key: str) -> TeamMatch:
    """The team match of the tournament by its id, not a bye (Http404 otherwise)."""
    try:
        return query().get(round__tournament=t, pk=int(key), team2__isnull=False)
    except (ValueError, TeamMatch.DoesNotExist) as exc:
        raise Http404 from exc


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


def _board(m: Match) -> int:
    """The board of a team match's game (0: the extra decisive match): every game of a team match has one."""
    assert m.board is not None
    return m.board


def representatives_of(t: Tournament, teams: list[int | None]) -> dict[int | None, list[str]]:
    """The teams' representatives (004 §2.4) by team: one query for a team match or a whole round."""
    out: dict[int | None, list[str]] = {}
    for o in Official.objects.filter(
        tournament=t, role=Official.Role.REPRESENTATIVE, team__in=[x for x in teams if x]
    ).select_related("person"):
        out.setdefault(o.team_id, []).append(o.person.short_name)
    return out


def build(
    tm: TeamMatch,
    common: Heading | None = None,
    representatives: dict[int | None, list[str]] | None = None,
) -> TeamMatchProtocolData:
    """One team match (004 §1.3.4): both teams with their captains and representatives, the boards in the
    line-up with each board's result, the team result by the regulation's scoring (``team_scoring``), the
    extra decisive match (board 0) if one was set, and lines for the judge's and the captains' signatures."""
    rnd = tm.round
    team2 = tm.team2
    assert team2 is not None  # a bye is no team match: it has no protocol
    t = rnd.tournament
    boards = sorted(tm.boards.all(), key=_board)
    team_of = {p.pk: p.team_id for m in boards for p in (m.player1, m.player2, m.winner) if p is not None}
    lines = tuple(_board_line(m, tm, team_of) for m in boards if _board(m) >= 1)
    decider_match = next((m for m in boards if m.board == 0), None)
    decider = _board_line(decider_match, tm, team_of) if decider_match else None
    sides = tuple(teams._side(m, tm, team_of) for m in boards if _board(m) >= 1)
    complete = bool(lines) and all(m.result_kind for m in boards if _board(m) >= 1)
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
    board_text = f"{number_text(bp1)} : {number_text(bp2)}" if filled else ""
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
                name = tm.team1.name if winner == 1 else team2.name
                how = (
                    _("by the board count-back (the highest board won)")
                    if t.team_draw_rule == "count_back"
                    else _("by the decisive match")
                )
                through = _("%(team)s goes through %(how)s.") % {"team": name, "how": how}
    # A round's bundle reads the heading and the representatives once (issue 30: not per team match).
    if representatives is None:
        representatives = representatives_of(t, [tm.team1_id, tm.team2_id])

    def captain(team) -> str:
        return team.captain.short_name if team.captain_id else ""

    def representative_text(team) -> str:
        return ", ".join(representatives.get(team.pk, []))

    def signer(side: int, team) -> Signature:
        # «Captain of team 1» with the team's name under it: two long names never run into each other.
        names = [x for x in (captain(team), *representatives.get(team.pk, [])) if x]
        return Signature(
            _("Captain (representative) of team %(n)s") % {"n": side}, names[0] if names else "", team.name
        )

    return TeamMatchProtocolData(
        heading=common if common is not None else heading(t),
        round=rnd.number,
        table=tm.table,
        team1=tm.team1.name,
        team2=team2.name,
        captain1=captain(tm.team1),
        captain2=captain(tm.team2),
        representatives1=representative_text(tm.team1),
        representatives2=representative_text(tm.team2),
        boards=t.boards,
        match_length=rnd.effective_match_length(),
        time_control=t.time_control_for(rnd.stage.kind),
        start_time=local_time(rnd.start_time or next((m.started_at for m in boards if m.started_at), None)),
        lines=lines,
        complete=complete,
        board_points=board_text,
        match_points=match_text,
        result=text,
        decider=decider,
        through=through,
        rule=_("The team result by the regulation: %(p)s.") % {"p": t.get_team_scoring_display()},
        draft=_("DRAFT: round not published") if rnd.is_draft else "",
        signatures=(Signature(_("Judge"), ""), signer(1, tm.team1), signer(2, team2)),
    )


# --- PDF -------------------------------------------------------------------------------------------------


def story(data: TeamMatchProtocolData) -> list:
    w = frame_width(PORTRAIT)
    story = title_block(data.heading, _("Team match protocol"))
    blank = "____________"
    details = [
        (_("Round"), str(data.round)),
        (_("Team match"), f"№ {data.table}"),
        (_("Boards"), str(data.boards)),
        (_("Match to, points"), str(data.match_length)),
        (_("Time control"), data.time_control or blank),
        (_("Start"), data.start_time or blank),
    ]
    story.append(pairs_table(details, w))

    def team_text(name: str, captain: str, representatives: str) -> str:
        parts = [_("captain: %(c)s") % {"c": captain or "________________"}]
        if representatives:
            parts.append(_("representative: %(r)s") % {"r": representatives})
        return f"{name} ({'; '.join(parts)})"

    story.append(
        facts_table(
            [
                (_("Team 1"), team_text(data.team1, data.captain1, data.representatives1)),
                (_("Team 2"), team_text(data.team2, data.captain2, data.representatives2)),
            ],
            w,
        )
    )
    story.append(Spacer(1, 3 * mm))
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
            cell(one, widths[1]),
            cell(two, widths[2]),
            line.score,
            points,
            cell(line.result, widths[5]),
        ]

    rows = [row(x, x.board) for x in data.lines]
    if data.decider is not None:
        rows.append(row(data.decider, _("decisive")))
    story.append(grid(header, rows, widths, font_size=8, center=(0, 3, 4), row_height=None))
    story.append(Spacer(1, 1.5 * mm))
    story.append(
        p(
            _(
                "¹ moves first: team 1's player on odd boards, team 2's on even boards. The score is "
                "team 1's player's first."
            ),
            SMALL,
        )
    )
    story.append(Spacer(1, 2 * mm))
    if data.complete:
        story.append(label_value(_("Team result"), data.result))
    else:
        if data.board_points:
            story.append(label_value(_("Board points so far"), data.board_points))
        story.append(p(_("Team result: board points ______ : ______   match points ______ : ______"), BODY))
    if data.through:
        story.append(label_value(_("Goes through"), data.through))
    story.append(p(data.rule, SMALL))
    story.append(signatures(data.signatures, w))
    return story


def render(data: TeamMatchProtocolData, progress: Progress | None = None) -> bytes:
    return pdf(data.heading, _("Team match protocol"), story(data), progress=progress, draft=data.draft)


# --- the registration ------------------------------------------------------------------------------------


def _get(t: Tournament, key: str) -> TeamMatch:
    if not t.is_team_event:
        raise Http404
    return get(t, key)


def _file_name(t: Tournament, key: str) -> str:
    tm = TeamMatch.objects.filter(pk=key, round__tournament=t).select_related("round").first()
    return f"тур {tm.round.number} матч {tm.table} протокол командного матча" if tm else f"матч {key}"


def _subtitle(key: str) -> str:
    return _("match %(n)s") % {"n": key}


DOCUMENT = register(
    kind="team_match",
    title=gettext_lazy("team match protocol"),
    build=lambda t, key: build(_get(t, key)),
    render=render,
    public=keys.officials_only,
    exists=_get,
    file_name=_file_name,
    subtitle=_subtitle,
)
