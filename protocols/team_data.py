"""Team events' documents (004 §1.3.4): the team standings as plain data (unit-tested), then a thin renderer
on the shared PDF helpers of ``protocols.render``. The team match protocol is each board's match protocol
(``protocols.data.match_protocol_data``), which prints the board's players and the time control."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from draw import teams
from protocols import data as d
from protocols import render as r
from registration.models import Official
from tournaments.models import Tournament


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
    heading: d.Heading
    rule: str
    lines: tuple[TeamStandingLine, ...]
    signatures: tuple[d.Signature, ...]


def _num(x) -> str:
    return d.number_text(x)


def team_standings_data(t: Tournament) -> TeamStandingsData:
    names = {str(tm.pk): tm for tm in t.teams.all()}
    rows = teams.team_table(t)
    if t.system == "single_elimination":
        places = teams.knockout_places(t)
        for row in rows:
            row.place, row.place_to = places.get(row.team, (None, None))
        rows.sort(key=lambda x: (x.place is None, x.place or 0, names[x.team].name))
    lines = tuple(
        TeamStandingLine(
            place=row.place_label,
            team=names[row.team].name,
            match_points=row.match_points,
            board_points=_num(row.board_points),
            record=f"{row.won}-{row.drawn}-{row.lost}",
            sonneborn_berger=_num(row.metrics.get("sonneborn_berger", 0)),
            players=", ".join(p.short_name for p in teams.roster(names[row.team])),
        )
        for row in rows
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
        heading=d.heading(t),
        rule=rule,
        lines=lines,
        signatures=(
            d.Signature(_("Chief judge"), chief.person.short_name if chief else ""),
            d.Signature(_("Chief secretary"), secretary.person.short_name if secretary else ""),
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
    return r.build(data.heading, title, story)
