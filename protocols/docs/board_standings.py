"""The personal standings by board of a team event (004 §1.3.4): for each board the players who played on it,
ranked by the points scored there, then the percentage (the pure ``standings.board_standings``); the chief
judge's and chief secretary's signatures. Also the public page ``/t/<id>/teams/boards/``.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from draw.models import Match, ResultKind, Round
from protocols import keys
from protocols.facts import Heading, Signature, current_as_of, heading, panel_signatures
from protocols.layout import (
    BODY,
    PORTRAIT,
    SMALL,
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
from protocols.registry import Listed, register
from registration.models import Participant
from standings import board_standings
from tournaments.models import Tournament

# --- data ------------------------------------------------------------------------------------------------


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
    heading: Heading
    as_of: str
    sections: tuple[BoardSection, ...]
    rule: str
    signatures: tuple[Signature, ...]


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
        assert board is not None  # board__gte=1
        for player in (p1, p2):
            if player is not None:
                out.append(board_standings.BoardGame(board, str(player), winner == player))
    return out


def build(t: Tournament) -> BoardStandingsData:
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
                    team=p.team.name if p.team is not None else "",
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
    return BoardStandingsData(heading(t), current_as_of(t), tuple(sections), rule, panel_signatures(t))


# --- PDF -------------------------------------------------------------------------------------------------


def render(data: BoardStandingsData, progress: Progress | None = None) -> bytes:
    title = _("Personal standings by board")
    width = frame_width(PORTRAIT)
    story = title_block(data.heading, title, data.as_of)
    header = [_("place"), _("player"), _("team"), _("points"), _("matches"), "%"]
    widths = [14 * mm, 55 * mm, 0, 16 * mm, 16 * mm, 16 * mm]
    widths[2] = width - sum(widths)
    removed = pgettext("removed from the tournament", "removed")
    for s in data.sections:
        story += section(_("Board %(n)s") % {"n": s.board})
        rows = [
            [
                x.place,
                cell(f"{x.player} ({removed})" if x.removed else x.player, widths[1]),
                cell(x.team, widths[2]),
                str(x.points),
                str(x.games),
                x.percent,
            ]
            for x in s.lines
        ]
        story.append(grid(header, rows, widths, center=(0, 3, 4, 5)))
        story.append(Spacer(1, 3 * mm))
    if not data.sections:
        story.append(p(_("No board match has a result yet."), BODY))
    story.append(p(data.rule, SMALL))
    story = end_with(story, signature_block(data.signatures, width))
    return pdf(data.heading, title, story, progress=progress)


# --- the registration ------------------------------------------------------------------------------------


def _listed(shelf: keys.Shelf) -> list[Listed]:
    return [Listed()] if shelf.t.is_team_event else []


DOCUMENT = register(
    kind="board_standings",
    title=gettext_lazy("personal standings by board"),
    build=lambda t, key: build(keys.team_event(t, key)),
    render=render,
    public=keys.anyone,
    exists=keys.team_event,
    listed=_listed,
    place=60,
    file_name="личные результаты по доскам",
)
