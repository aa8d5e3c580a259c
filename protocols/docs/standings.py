"""The standings: places, points, matches, the tie-breaks in the regulation's order, the team standings (a
personal-team event: the members' sum after the places; a team event: the teams' table by the team matches
first, 004 §1.3.4), signatures. Its table (``standings_table``) and team sections are the final
protocol's too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table

from draw import teams
from draw.models import Stage
from federation.norms import Norms, field_of
from protocols import keys
from protocols.facts import (
    Column,
    Heading,
    Signature,
    birth_year,
    current_as_of,
    heading,
    number_text,
    panel_signatures,
    rank_short,
    tiebreak_columns,
)
from protocols.layout import (
    CELL,
    PORTRAIT,
    SMALL,
    WIDE,
    Progress,
    cell,
    end_with,
    frame_width,
    grid,
    p,
    pdf,
    section,
    signature_block,
    title_block,
)
from protocols.registry import register
from registration.models import Participant, rank_counts
from standings import ranking
from tournaments.models import ELIMINATION_SYSTEMS, Character, System, Tournament
from tournaments.rules import cite

# --- data ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StandingLine:
    place: str
    name: str
    organisation: str
    group: str
    points: str
    played: int
    wins: int
    losses: int
    metrics: tuple[str, ...]
    removed: bool
    year: str = ""  # year of birth
    rank: str = ""  # sports rank or title held
    region: str = ""
    club: str = ""
    coach: str = ""
    fulfilled: str = ""  # the rank this place fulfils by the tournament's norms
    status: str = ""  # "removed", "withdrawn" or ""
    # 004 §1.4.7, a mixed event (issue 30 item 3): the figures above are the group stage's, each counted in
    # his group; his place there; and the playoff's own (matches, wins, losses), None if he did not reach it.
    group_place: str = ""
    playoff: tuple[int, int, int] | None = None


@dataclass(frozen=True)
class TeamLine:
    """004 §1.3: in team and personal-team events the players' results also count for their team."""

    place: str
    team: str
    members: int
    points: str
    wins: int
    game_difference: int


@dataclass(frozen=True)
class TeamResultLine:
    """004 §1.3.4: a team event's participant is the team, its place from the team matches: one row of the
    team standings page (``draw.teams.standing_rows``)."""

    place: str
    team: str
    match_points: str
    board_points: str
    record: str  # won-drawn-lost
    sonneborn_berger: str
    removed: bool


@dataclass(frozen=True)
class StandingsData:
    heading: Heading
    as_of: str  # "after round 5"
    columns: tuple[Column, ...]  # the tie-break columns, in the tournament's order
    rows: tuple[StandingLine, ...]
    with_groups: bool
    teams: tuple[TeamLine, ...] = ()
    signatures: tuple[Signature, ...] = ()
    team_rule: str = ""
    # 004 §1.3.4: a team event ranks its teams by the team matches; ``rows`` are the players' own results.
    team_results: tuple[TeamResultLine, ...] = ()
    team_event_rule: str = ""
    team_ranking: str = ""  # how the teams are ranked, as the team standings page says it


def team_result_lines(t: Tournament) -> tuple[TeamResultLine, ...]:
    """The team standings of a team event, row for row those of the team standings page and the API's /teams
    (one function, ``draw.teams.standing_rows``): a removed team last, without a place (004 §5.7.3)."""
    if t.character != Character.TEAM:
        return ()
    return tuple(
        TeamResultLine(
            place=row.place_label,
            team=team.name,
            match_points=number_text(row.match_points),
            board_points=number_text(row.board_points),
            record=f"{row.won}-{row.drawn}-{row.lost}",
            sonneborn_berger=number_text(row.metrics.get("sonneborn_berger", Fraction(0))),
            removed=team.removed,
        )
        for row, team in teams.standing_rows(t)
    )


def team_ranking_text(t: Tournament) -> str:
    """How a team event ranks its teams, in the words of the team standings page."""
    if t.character != Character.TEAM:
        return ""
    return _(
        "Ranked by %(p)s; then the other score, the direct encounter and Sonneborn-Berger on match points."
    ) % {"p": t.get_team_scoring_display()}


def team_lines(computed: ranking.Standings) -> tuple[TeamLine, ...]:
    return tuple(
        TeamLine(t.place_label, t.team, len(t.members), number_text(t.points), t.wins, t.game_difference)
        for t in computed.teams
    )


def organisation(p: Participant) -> str:
    return ", ".join(x for x in (p.data.organisation, p.data.region) if x)


def fulfilled_text(code: str, held: str, confirmation: bool) -> str:
    """The rank a place fulfils as the final protocol prints it (issue 30 item 7): only a rank higher than
    the one held; the rank held itself as «подтв. КМС» where the regulation counts a confirmation
    (``rank_confirmation``); nothing for a lower one (``registration.models.rank_counts``)."""
    counts = rank_counts(code, held, confirmation)
    if counts == "confirmed":
        return pgettext("rank fulfilled", "confirmed %(r)s") % {"r": rank_short(code)}
    return rank_short(code) if counts == "new" else ""


def standing_lines(
    t: Tournament,
    rows: list[ranking.StandingRow],
    keys: list[str],
    norms: Norms | None = None,
    computed: ranking.Standings | None = None,
) -> tuple[StandingLine, ...]:
    # 004 §1.4.4, §1.4.5: in an elimination event a bye is no match played (the player just goes on), and
    # no point won either.
    byes_count = t.system not in ELIMINATION_SYSTEMS
    bye = Fraction(t.bye_points)
    # Issue 32 §3: the field the norms count (participants, or their regions where the ЕВСК says so).
    field, regions = field_of(s.participant.data.region for s in rows if not s.removed)
    # A mixed event: each stage's own figures (issue 30 item 3).
    in_groups = {g.participant.key: g for table in computed.groups for g in table.rows} if computed else {}
    playoff = _playoff_players(t) if in_groups else set()
    # A team event: the personal results are for information; a reserve who never played has no place.
    team_event = t.character == Character.TEAM
    out = []
    for s in rows:
        p = s.participant
        worst = s.row.place_to or s.row.place
        figures = in_groups[p.key].row if p.key in in_groups else s.row
        elimination = not byes_count or (p.key in playoff and figures is s.row)
        points = figures.points - (figures.byes * bye if elimination else 0)
        never_played = team_event and not s.row.played and not s.row.byes
        met = norms.fulfilled(worst, field, regions) if norms and not s.removed else ""
        out.append(
            StandingLine(
                place="" if never_played else s.row.place_label,
                name=p.full_name,
                organisation=organisation(p),
                group=in_groups[p.key].group if p.key in in_groups else s.group,
                points=number_text(points),
                played=figures.played + (0 if elimination else figures.byes),
                wins=figures.wins,
                losses=figures.losses,
                metrics=tuple(number_text(figures.metrics.get(k)) for k in keys),
                removed=s.removed,
                year=birth_year(p),
                rank=rank_short(p.qualification),
                region=p.data.region,
                club=p.club or p.data.organisation,
                coach=p.coach,
                fulfilled=fulfilled_text(met, p.qualification, norms.confirms(met) if norms else False),
                status=p.status if p.status != Participant.Status.ACTIVE else "",
                group_place=in_groups[p.key].row.place_label if p.key in in_groups else "",
                playoff=(s.row.played, s.row.wins, s.row.losses) if p.key in playoff else None,
            )
        )
    return tuple(out)


def _playoff_players(t: Tournament) -> set[str]:
    stage = next((x for x in ranking.published_stages(t) if x.kind == Stage.Kind.PLAYOFF), None)
    return set(stage.plan.get("players", [])) if stage is not None else set()


def shown_keys(t: Tournament, computed: ranking.Standings) -> list[str]:
    # Elimination places come from the bracket alone: tie-break columns would only mislead there.
    return [] if t.system in ELIMINATION_SYSTEMS else computed.keys


def build(t: Tournament) -> StandingsData:
    computed = ranking.compute(t)
    keys = shown_keys(t, computed)
    return StandingsData(
        heading=heading(t),
        as_of=current_as_of(t),
        columns=tiebreak_columns(keys),
        rows=standing_lines(t, computed.rows, keys, computed=computed),
        with_groups=t.system == System.MIXED,
        teams=team_lines(computed),
        signatures=panel_signatures(t),
        team_rule=cite("004 §1.3"),
        team_results=team_result_lines(t),
        team_event_rule=cite("004 §1.3.4"),
        team_ranking=team_ranking_text(t),
    )


# --- PDF -------------------------------------------------------------------------------------------------


def standings_table(
    columns: Sequence[Column],
    rows: Sequence[StandingLine],
    groups: bool,
    width: float,
    federation: bool = False,
    norms: bool = False,
) -> Table:
    """The standings; ``federation``: the final protocol's columns (year of birth, rank, region, club,
    coach, the rank fulfilled). ``groups`` (a mixed event, 004 §1.4.7): the group stage's figures and the
    playoff's, each under its own heading (issue 30 item 3)."""
    # A "wins" tie-break is the same number as the W column: print it once, as the tie-break.
    own_wins = all(c.key != "wins" for c in columns)
    numbers = [_("Points"), _("M")] + ([_("W")] if own_wins else []) + [_("L"), *(c.abbr for c in columns)]
    # The text columns, each with its share of the room and its value; a column empty in every row (no coach
    # known, no club) is left out.
    if federation:
        spec = [
            (_("Participant"), 0.23, lambda r: r.name),
            (_("Born"), 0.045, lambda r: r.year),
            (_("Rank"), 0.05, lambda r: r.rank),
            (_("Region"), 0.13, lambda r: r.region),
            (_("Club"), 0.15, lambda r: r.club),
            (_("Coach"), 0.12, lambda r: r.coach),
        ]
        spec = [c for i, c in enumerate(spec) if i == 0 or any(c[2](r) for r in rows)]
    else:
        spec = [
            (_("Participant"), 0.31, lambda r: r.name),
            (_("Organisation, region"), 0.29, lambda r: r.organisation),
        ]
    text = [c[0] for c in spec]
    text_widths = [c[1] for c in spec]
    header = [_("Place"), *text]
    group_head = [_("Gr."), _("Place in gr.")] if groups else []
    playoff_head = [_("M"), _("W"), _("L")] if groups else []
    header += [*group_head, *numbers, *playoff_head]
    if norms:
        header.append(_("Rank fulfilled"))
    # Landscape (the final protocol) leaves room enough at narrower fractions of the width.
    place_w, number_w, group_w = (0.055, 0.045, 0.04) if federation else (0.065, 0.056, 0.05)
    if groups:
        number_w *= 0.85
    fixed = (
        place_w
        + number_w * (len(numbers) + len(playoff_head))
        + group_w * len(group_head)
        + (0.07 if norms else 0)
    )
    scale = (1 - fixed) / sum(text_widths)
    widths = [width * place_w, *(width * x * scale for x in text_widths)]
    widths += [width * group_w] * len(group_head)
    widths += [width * number_w] * (len(numbers) + len(playoff_head))
    if norms:
        widths.append(width * 0.07)
    body = []
    muted = []
    removed = pgettext("removed from the tournament", "removed")
    withdrawn = pgettext("withdrew from the tournament", "withdrawn")
    for i, r in enumerate(rows):
        name = r.name
        if r.removed:
            name = f"{name} ({removed})"
        elif r.status == "withdrawn":
            name = f"{name} ({withdrawn})"
        line = [r.place, cell(name, widths[1])]
        line += [cell(c[2](r), widths[i]) for i, c in enumerate(spec[1:], start=2)]
        if groups:
            line += [r.group, r.group_place]
        line += [r.points, str(r.played)] + ([str(r.wins)] if own_wins else []) + [str(r.losses), *r.metrics]
        if groups:
            line += [str(x) for x in r.playoff] if r.playoff is not None else ["", "", ""]
        if norms:
            line.append(r.fulfilled)
        body.append(line)
        if r.removed:
            muted.append(i)
    first_group = 1 + len(text)
    first_number = first_group + len(group_head)
    first_playoff = first_number + len(numbers)
    centred = [0] + [i + 1 for i, c in enumerate(spec) if c[0] in (_("Born"), _("Rank"))]
    centred += list(range(first_group, first_number))
    if norms:
        centred.append(len(header) - 1)
    bands = []
    if groups:
        bands = [
            (_("Group stage"), first_group, first_playoff - 1),
            (_("Playoff"), first_playoff, first_playoff + len(playoff_head) - 1),
        ]
    return grid(
        header,
        body,
        widths,
        center=centred,
        align_right=range(first_number, first_number + len(numbers) + len(playoff_head)),
        muted_rows=muted,
        bands=bands,
        head_center=range(first_group, len(header)),
    )


def legend(
    columns: Sequence[Column],
    federation: bool = False,
    norms: bool = False,
    groups: bool = False,
    rows: Sequence[StandingLine] = (),
) -> Paragraph:
    """What the table's abbreviations mean: only the columns it prints (issue 30; ``rows``: the federation's
    columns left out when empty in every row are not explained either)."""
    parts = [_("M — matches"), _("W — wins"), _("L — losses")]
    if any(c.key == "wins" for c in columns):
        parts.remove(_("W — wins"))
    parts += [f"{c.abbr} — {c.name}" for c in columns]
    if federation and any(r.rank for r in rows):
        parts.append(_("Rank — the sports rank or title held"))
    if federation and any(r.year for r in rows):
        parts.append(_("Born — year of birth"))
    if norms:
        parts.append(_("Rank fulfilled — by the regulation's norms, a rank higher than the one held"))
    if groups:
        parts.append(
            _(
                "the group stage: Gr. — the group, the place in it, the points and tie-breaks counted within "
                "the group; the playoff: its matches, wins and losses (a bye is no match)"
            )
        )
    text = _("Columns: %(c)s.") % {"c": "; ".join(parts)}
    if columns:
        text = _("Columns: %(c)s. Tie-breaks in this order.") % {"c": "; ".join(parts)}
    return p(text, SMALL)


def teams_section(teams: Sequence[TeamLine], width: float, rule: str) -> list[Flowable]:
    if not teams:
        return []
    return [
        *section(_("Team standings (%(rule)s)") % {"rule": rule}),
        grid(
            [_("Place"), _("Team"), _("Team players"), _("Points"), _("W"), _("+/−")],
            [
                [t.place, p(t.team, CELL), str(t.members), t.points, str(t.wins), str(t.game_difference)]
                for t in teams
            ],
            [width * 0.08, width * 0.5, width * 0.1, width * 0.1, width * 0.1, width * 0.12],
            center=(0,),
            align_right=(2, 3, 4, 5),
        ),
    ]


def team_results_table(lines: Sequence[TeamResultLine], width: float) -> Table:
    """004 §1.3.4: a team event's places, the team standings page's columns (``draw.teams.standing_rows``);
    a removed team last, without a place and marked (004 §5.7.3)."""
    removed = pgettext("a removed team", "removed")
    widths = [width * x for x in (0.08, 0.4, 0.1, 0.1, 0.1, 0.1, 0.12)]
    body = [
        [x.place, cell(x.team, widths[1]), x.match_points, x.board_points, x.record, x.sonneborn_berger]
        + [removed if x.removed else ""]
        for x in lines
    ]
    muted = [i for i, x in enumerate(lines) if x.removed]
    header = [_("Place"), _("Team"), _("MP"), _("BP"), _("W-D-L"), _("SB"), _("status")]
    return grid(header, body, widths, center=(0, 4), align_right=(2, 3, 5), muted_rows=muted)


def team_results_legend(ranking: str) -> Paragraph:
    parts = [_("MP — match points"), _("BP — board points"), _("SB — Sonneborn-Berger (match points)")]
    return p(f"{ranking} {_('Columns: %(c)s.') % {'c': '; '.join(parts)}}", SMALL)


def players_title(rule: str) -> str:
    return _("Personal results of the players (for information; the places are the teams', %(rule)s)") % {
        "rule": rule
    }


def render(data: StandingsData, progress: Progress | None = None) -> bytes:
    title = _("Standings")
    size = WIDE if len(data.columns) > 4 or data.with_groups else PORTRAIT
    width = frame_width(size)
    story = title_block(data.heading, title, data.as_of)
    if data.team_results:  # 004 §1.3.4: a team event ranks its teams; the players' results follow
        story += section(_("Team standings (%(rule)s)") % {"rule": data.team_event_rule})
        story.append(team_results_table(data.team_results, width))
        story.append(Spacer(1, 2 * mm))
        story.append(team_results_legend(data.team_ranking))
        story += section(players_title(data.team_event_rule))
    story.append(standings_table(data.columns, data.rows, data.with_groups, width))
    story.append(Spacer(1, 2 * mm))
    story.append(legend(data.columns, groups=data.with_groups))
    story.extend(teams_section(data.teams, width, data.team_rule))
    if data.signatures:
        story = end_with(story, signature_block(data.signatures, width))
    return pdf(data.heading, title, story, size=size, progress=progress)


# --- the registration ------------------------------------------------------------------------------------


DOCUMENT = register(
    kind="standings",
    title=gettext_lazy("standings"),
    build=keys.whole(build),
    render=render,
    public=keys.anyone,
    listed=keys.listed_always,
    place=10,
    file_name="турнирная таблица",
)
