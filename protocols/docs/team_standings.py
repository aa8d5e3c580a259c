"""The team standings of a team event (004 §1.3.4) as a PDF: place, team, MP, BP, W-D-L, Sonneborn-Berger and
the roster, the ranking rule, the chief judge's and chief secretary's signatures. Its rows are the team
standings page's (``draw.teams.standing_rows``). Made on request by that page
(``public:team_standings_pdf``), not kept as a ``Document``: the module registers no kind.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from reportlab.lib.units import mm

from draw import teams
from protocols.facts import Heading, Signature, heading, number_text
from protocols.layout import (
    PORTRAIT,
    SMALL,
    cell,
    end_with,
    frame_width,
    grid,
    p,
    pdf,
    signature_block,
    title_block,
)
from registration.models import Official
from tournaments.models import Tournament

# --- data ------------------------------------------------------------------------------------------------


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
    heading: Heading
    rule: str
    lines: tuple[TeamStandingLine, ...]
    signatures: tuple[Signature, ...]


def build(t: Tournament) -> TeamStandingsData:
    # The page's rows (``draw.teams.standing_rows``): the bracket's places in an elimination or mixed event,
    # a removed team last without a place (004 §5.7.3); the final protocol prints the same.
    lines = tuple(
        TeamStandingLine(
            place=row.place_label,
            team=team.name,
            match_points=row.match_points,
            board_points=number_text(row.board_points),
            record=f"{row.won}-{row.drawn}-{row.lost}",
            sonneborn_berger=number_text(row.metrics.get("sonneborn_berger", 0)),
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
        heading=heading(t),
        rule=rule,
        lines=lines,
        signatures=(
            Signature(_("Chief judge"), chief.person.short_name if chief else ""),
            Signature(_("Chief secretary"), secretary.person.short_name if secretary else ""),
        ),
    )


# --- PDF -------------------------------------------------------------------------------------------------


def render(data: TeamStandingsData) -> bytes:
    title = _("Team standings")
    width = frame_width(PORTRAIT)
    story = title_block(data.heading, title)
    header = [_("place"), _("team"), _("MP"), _("BP"), _("W-D-L"), _("SB"), _("players")]
    widths = [12 * mm, 40 * mm, 10 * mm, 10 * mm, 14 * mm, 12 * mm]
    widths.append(width - sum(widths))
    rows = [
        [
            x.place,
            cell(x.team, widths[1]),
            str(x.match_points),
            x.board_points,
            x.record,
            x.sonneborn_berger,
            cell(x.players, widths[6]),
        ]
        for x in data.lines
    ]
    story.append(grid(header, rows, widths, center=(0, 2, 3, 4, 5)))
    story.append(p(data.rule, SMALL))
    story = end_with(story, signature_block(data.signatures, width))
    return pdf(data.heading, title, story)
