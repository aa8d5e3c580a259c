"""The crosstable of a round robin (турнирная таблица): rows and columns by the drawn (Berger) numbers, the
result over the score, points, tie-breaks, place; removed players marked; a mixed event's groups say how a
tie at the qualifying place was decided. A team event's is the teams' (004 §1.3.4: the team is the
participant; ``build_teams``), drawn by the same renderer. A4 landscape → A3 landscape → blocks of columns
with the row and column headers repeated, for any field size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import PageBreak, Spacer, Table, TableStyle

from draw import teams
from draw.models import GroupMember, ResultKind, Round, Stage
from protocols import keys
from protocols.facts import (
    Column,
    Heading,
    Signature,
    current_as_of,
    heading,
    number_text,
    panel_signatures,
    person_name,
    tiebreak_columns,
)
from protocols.layout import (
    CELL,
    MUTED,
    NARROW,
    SMALL,
    WIDE,
    WIDER,
    Progress,
    capfirst,
    end_with,
    frame_width,
    grid,
    p,
    pdf,
    printable,
    section,
    settle_heights,
    signature_block,
    title_block,
)
from protocols.registry import Listed, register
from standings import ranking, team_metrics
from standings.ranking import crosstable_stage
from tournaments.models import Tournament

# --- data ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CrossLine:
    number: int  # the drawn (Berger) number: rows and columns in this order
    name: str
    cells: tuple[str, ...]  # "" not played, "■" the diagonal, "1\n7:3", "0\n2:7", "+", "−", "×"
    points: str
    place: str
    metrics: tuple[str, ...] = ()
    removed: bool = False
    region: str = ""


@dataclass(frozen=True)
class CrossSection:
    title: str
    rows: tuple[CrossLine, ...]
    ties: tuple[str, ...] = ()  # how tied qualifying places were decided (mixed: the group tables)


@dataclass(frozen=True)
class CrosstableData:
    heading: Heading
    as_of: str
    sections: tuple[CrossSection, ...]
    columns: tuple[Column, ...] = ()  # tie-break columns
    signatures: tuple[Signature, ...] = ()
    # A team event's crosstable (``build_teams``) names its own title, rows, points and legend.
    title: str = ""
    subject: str = ""  # the heading of the names' column ("Participant")
    points: str = ""  # the heading of the points' column ("Points")
    legend: str = ""


def _mark(c: ranking.Cell) -> str:
    # A loss (or win) on time (003 «Часы») is marked: «0в» over the score (issue 30).
    return c.text + (pgettext("a result on time", "t") if c.kind == ResultKind.TIME and c.text else "")


def _cell_text(cells: list[ranking.Cell]) -> str:
    """One match: the mark over the score, two short lines. Several cycles: a line per cycle, the mark and
    the score in brackets («1 (5:0)»), never «1 / 5:0 / 1 / 5:0» (issue 30)."""
    if len(cells) == 1:
        return "\n".join(x for x in (_mark(cells[0]), cells[0].detail) if x)
    return "\n".join(f"{_mark(c)} ({c.detail})" if c.detail else _mark(c) or "·" for c in cells)


def _berger_order(stage: Stage, group) -> list[str]:
    """The participants' keys by their drawn number: the Berger order of the stage or the group."""
    if group is not None:
        return [
            str(pk)
            for pk in GroupMember.objects.filter(group=group)
            .order_by("position")
            .values_list("participant_id", flat=True)
        ]
    return list(stage.plan.get("order") or [])


def tie_notes(
    rows: list[ranking.StandingRow], keys: list[str], qualifiers: int, columns: tuple[Column, ...]
) -> tuple[str, ...]:
    """How the places around the qualifying line were decided among players level on points: by the first
    tie-break in the regulation's order that tells them apart, or not at all (equal on every one)."""
    ranked = [s for s in rows if s.row.place is not None]
    if len(ranked) <= qualifiers or qualifiers < 1:
        return ()
    inside, outside = ranked[qualifiers - 1], ranked[qualifiers]
    if inside.row.points != outside.row.points:
        return ()
    names = {c.key: c.name for c in columns}
    tied = [s for s in ranked if s.row.points == inside.row.points]
    for key in keys:
        a, b = inside.row.metrics.get(key), outside.row.metrics.get(key)
        if a is not None and b is not None and a != b:
            return (
                # The names first, in the nominative: «У Сафонова Ирина …» cannot be declined (issue 30).
                _(
                    "%(a)s and %(b)s: level on points (%(p)s); the qualifying place went by %(k)s: "
                    "%(va)s against %(vb)s."
                )
                % {
                    "a": person_name(inside.participant),
                    "b": person_name(outside.participant),
                    "p": number_text(inside.row.points),
                    "k": names.get(key, key),
                    "va": number_text(a),
                    "vb": number_text(b),
                },
            )
    return (
        _("Level on points and on every tie-break at the qualifying place: %(names)s.")
        % {"names": ", ".join(person_name(s.participant) for s in tied)},
    )


def build_players(t: Tournament) -> CrosstableData | None:
    """None when the tournament has no round-robin stage with a published round."""
    stage = ranking.crosstable_stage(t)
    if stage is None:
        return None
    computed = ranking.compute(t)
    keys = computed.keys
    columns = tiebreak_columns(keys)
    parts = (
        [(_("Group %(g)s") % {"g": g.group.name}, g.rows, g.group) for g in computed.groups]
        if computed.groups
        else [("", computed.rows, None)]
    )
    sections = []
    for title, rows, group in parts:
        by_key = {s.participant.key: s for s in rows}
        order = [k for k in _berger_order(stage, group) if k in by_key]
        order += [k for k in by_key if k not in order]  # anyone the plan does not number, after them
        drawn = [by_key[k] for k in order]
        lines = []
        for cr in ranking.crosstable(t, stage, drawn, group):
            s = cr.standing
            cells = tuple(
                "■" if j == cr.number - 1 else _cell_text(column) for j, column in enumerate(cr.cells)
            )
            lines.append(
                CrossLine(
                    cr.number,
                    person_name(s.participant),
                    cells,
                    number_text(s.row.points),
                    s.row.place_label,
                    tuple(number_text(s.row.metrics.get(k)) for k in keys),
                    s.removed,
                    s.participant.data.region,
                )
            )
        ties = tie_notes(rows, keys, t.qualifiers_per_group, columns) if group is not None else ()
        sections.append(CrossSection(title, tuple(lines), ties))
    return CrosstableData(heading(t), current_as_of(t), tuple(sections), columns, panel_signatures(t))


def build_teams(t: Tournament) -> CrosstableData | None:
    """Teams × teams of a team round robin: rows and columns by the drawn (Berger) numbers, each cell the
    row team's match points over the board score of the team match («2» over «3:1»; one per cycle), then
    the regulation's primary score, the other score, Sonneborn-Berger and the place. The personal
    crosstable's renderer draws it (A4, A3, then blocks of columns for a big field). None without a
    published round."""
    if not t.is_team_event or t.system != "round_robin":
        return None
    stage = t.stages.filter(number=1).first()
    if stage is None or not t.round_set.exclude(status=Round.Status.DRAFT).exists():
        return None
    names = {str(tm.pk): tm for tm in t.teams.all()}
    rows = {row.team: row for row in teams.team_table(t)}
    cells: dict[tuple[str, str], list[str]] = {}
    for res in teams.team_results(t):
        if res.team2 is None or not res.complete:
            continue
        bp1, bp2 = team_metrics.board_points(res)
        side = team_metrics.outcome(res)
        mp1, mp2 = {1: (2, 0), 2: (0, 2)}.get(side, (1, 1))
        cells.setdefault((res.team1, res.team2), []).append(f"{mp1}\n{number_text(bp1)}:{number_text(bp2)}")
        cells.setdefault((res.team2, res.team1), []).append(f"{mp2}\n{number_text(bp2)}:{number_text(bp1)}")
    order = [k for k in stage.plan.get("order") or [] if k in names]
    order += sorted((k for k in names if k not in order), key=lambda k: names[k].name)
    primary = t.team_scoring
    other = "board_points" if primary == "match_points" else "match_points"
    abbr = {"match_points": _("MP"), "board_points": _("BP")}
    label = {"match_points": _("match points"), "board_points": _("board points")}
    columns = (
        Column(other, abbr[other], label[other]),
        Column("sonneborn_berger", _("SB"), _("Sonneborn-Berger (match points)")),
    )
    lines = []
    for i, a in enumerate(order):
        row = rows[a]
        lines.append(
            CrossLine(
                number=i + 1,
                name=names[a].name,
                cells=tuple("■" if a == b else _team_cell(cells.get((a, b), [])) for b in order),
                points=number_text(row.metrics[primary]),
                place=row.place_label,
                metrics=(number_text(row.metrics[other]), number_text(row.metrics["sonneborn_berger"])),
                removed=names[a].removed,
            )
        )
    legend = _(
        "Rows and columns by the drawn numbers. A cell is the team match of the row's team against the "
        "column's: its match points (won 2, drawn 1, lost 0) over the board score. Ranked by %(p)s; then "
        "the other score, the direct encounter and Sonneborn-Berger on match points."
    ) % {"p": t.get_team_scoring_display()}
    return CrosstableData(
        heading=heading(t),
        as_of=current_as_of(t),
        sections=(CrossSection("", tuple(lines)),),
        columns=columns,
        signatures=panel_signatures(t),
        title=_("Team crosstable"),
        subject=_("Team"),
        points=abbr[primary],
        legend=legend,
    )


def _team_cell(matches: list[str]) -> str:
    """One team match: its match points over the board score; several cycles: a line per cycle, the board
    score in brackets («2 (3:1)»)."""
    if len(matches) == 1:
        return matches[0]
    return "\n".join("{} ({})".format(*m.split("\n")) for m in matches)


def build(t: Tournament) -> CrosstableData | None:
    """The crosstable the document prints: a team event's is the teams' (004 §1.3.4: the team is the
    participant). None without one (see ``build_players`` and ``build_teams``)."""
    return build_teams(t) if t.is_team_event else build_players(t)


# --- PDF -------------------------------------------------------------------------------------------------


CROSS_FONT = 6.5


CROSS_NUMBER_W = 7 * mm


CROSS_NAME_W = 42 * mm


CROSS_TAIL_W = 9 * mm  # points, each tie-break, place


def _cell_width(sections: Sequence[CrossSection]) -> float:
    """The narrowest cell every result fits in on at most two lines (the mark over the score)."""
    widest = max(
        (
            pdfmetrics.stringWidth(line, NARROW, CROSS_FONT)
            for s in sections
            for r in s.rows
            for c in r.cells
            for line in c.split("\n")
        ),
        default=0,
    )
    return max(widest + 4, 5.5 * mm)


def crosstable_layout(
    data: CrosstableData,
) -> tuple[tuple[float, float], float, int]:
    """(page size, cell width, players per column block): A4 landscape when the widest section fits, else
    A3 landscape; a section wider than A3 is split into blocks of columns, each with the row headers."""
    n = max((len(s.rows) for s in data.sections), default=0)
    cell = _cell_width(data.sections)
    tail = CROSS_TAIL_W * (2 + len(data.columns))
    fixed = CROSS_NUMBER_W + CROSS_NAME_W + tail
    for size in (WIDE, WIDER):
        if fixed + n * cell <= frame_width(size):
            # Room to spare widens the cells, up to 14 mm: easier to read.
            roomy = min((frame_width(size) - fixed) / max(n, 1), 14 * mm)
            return size, max(cell, roomy), max(n, 1)
    per_block = max(int((frame_width(WIDER) - fixed) // cell), 1)
    return WIDER, cell, per_block


def _cross_table(
    section: CrossSection,
    columns: Sequence[Column],
    first: int,
    last: int,
    cell: float,
    subject: str = "",
    points: str = "",
) -> Table:
    header = ["№", subject or _("Participant"), *(str(i) for i in range(first + 1, last + 1))]
    header += [points or _("Points"), *(c.abbr for c in columns), _("Place")]
    name_style = ParagraphStyle("xn", parent=CELL, fontSize=7, leading=8)
    removed = pgettext("removed from the tournament", "removed")
    rows = []
    for r in section.rows:
        name = f"{r.name} ({removed})" if r.removed else r.name
        rows.append(
            [
                str(r.number),
                p(name, name_style),
                *(printable(c) for c in r.cells[first:last]),
                r.points,
                *r.metrics,
                r.place,
            ]
        )
    count = last - first
    widths = [CROSS_NUMBER_W, CROSS_NAME_W, *([cell] * count), *([CROSS_TAIL_W] * (2 + len(columns)))]
    table = grid(
        header,
        rows,
        widths,
        font_size=CROSS_FONT,
        center=range(0, len(header)),
        head_center=[i for i in range(len(header)) if i != 1],
    )
    style = [
        ("LEFTPADDING", (2, 0), (-1, -1), 1),
        ("RIGHTPADDING", (2, 0), (-1, -1), 1),
        ("LEADING", (2, 1), (-1, -1), CROSS_FONT + 1),
    ]
    for i, r in enumerate(section.rows):
        j = r.number - 1
        if first <= j < last:
            style.append(
                ("BACKGROUND", (j - first + 2, i + 1), (j - first + 2, i + 1), colors.Color(0.7, 0.7, 0.7))
            )
        if r.removed:
            style.append(("TEXTCOLOR", (0, i + 1), (-1, i + 1), MUTED))
    table.setStyle(TableStyle(style))
    settle_heights(table)  # again: the cells' leading changed
    return table


def render(data: CrosstableData, progress: Progress | None = None) -> bytes:
    title = data.title or _("Crosstable")
    size, cell, per_block = crosstable_layout(data)
    story = title_block(data.heading, title, data.as_of)
    for s in data.sections:
        n = len(s.rows)
        blocks = [(i, min(i + per_block, n)) for i in range(0, n, per_block)] or [(0, 0)]
        for b, (first, last) in enumerate(blocks):
            heading = s.title
            if len(blocks) > 1:
                columns = _("columns %(a)s–%(b)s of %(n)s") % {"a": first + 1, "b": last, "n": n}
                heading = f"{heading} · {columns}" if heading else capfirst(columns)
            if b:
                story.append(PageBreak())
            if heading:
                story += section(heading)
            story.append(_cross_table(s, data.columns, first, last, cell, data.subject, data.points))
        for note in s.ties:
            story.append(Spacer(1, 1.5 * mm))
            story.append(p(note, SMALL))
        story.append(Spacer(1, 3 * mm))
    legend = data.legend or _(
        "Rows and columns by the drawn numbers. A cell is the result of the row's player against the "
        "column's: 1 won, 0 lost, with the score under it (several cycles: a line per cycle, the score in "
        "brackets); %(t)s after 1 or 0: on time; + and − a technical win or defeat; × annulled."
    ) % {"t": pgettext("a result on time", "t")}
    if data.columns:
        legend += " " + "; ".join(f"{c.abbr} — {c.name}" for c in data.columns) + "."
    story.append(p(legend, SMALL))
    if data.signatures:
        story = end_with(story, signature_block(data.signatures, frame_width(size)))
    return pdf(data.heading, title, story, size=size, progress=progress)


# --- the registration ------------------------------------------------------------------------------------


def _build(t: Tournament) -> CrosstableData:
    data = build(t)
    if data is None:
        raise Http404
    return data


def _exists(t: Tournament, key: str) -> None:
    keys.no_key(t, key)
    if crosstable_stage(t) is None:
        raise Http404


def _listed(shelf: keys.Shelf) -> list[Listed]:
    return [Listed()] if crosstable_stage(shelf.t) is not None else []


DOCUMENT = register(
    kind="crosstable",
    title=gettext_lazy("crosstable"),
    build=keys.whole(_build),
    render=render,
    public=keys.anyone,
    exists=_exists,
    listed=_listed,
    place=30,
    file_name="кросс-таблица",
)
