"""Thin renderers: plain data from ``protocols.data`` to PDF bytes with reportlab.

Every document: A4, DejaVu Sans shipped in ``protocols/fonts`` and embedded (the built-in Helvetica has
no Cyrillic), the tournament's name and the document's title at the top of every page, "page X of Y" at the
bottom, table headers repeated on every page of a long table, landscape where the table or chart is wide.
Text is translated by the caller's active language; user text is escaped before it reaches a Paragraph.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from protocols import data as d
from standings import brackets
from tournaments.rules import cite

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT, BOLD, NARROW, NARROW_BOLD = (
    "DejaVuSans",
    "DejaVuSans-Bold",
    "DejaVuSansCondensed",
    "DejaVuSansCondensed-Bold",
)

Progress = Callable[[int], None]


def register_fonts() -> None:
    registered = set(pdfmetrics.getRegisteredFontNames())
    for name, file in (
        (FONT, "DejaVuSans.ttf"),
        (BOLD, "DejaVuSans-Bold.ttf"),
        (NARROW, "DejaVuSansCondensed.ttf"),
        (NARROW_BOLD, "DejaVuSansCondensed-Bold.ttf"),
    ):
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)
    pdfmetrics.registerFontFamily(
        NARROW, normal=NARROW, bold=NARROW_BOLD, italic=NARROW, boldItalic=NARROW_BOLD
    )


register_fonts()

BODY = ParagraphStyle("body", fontName=FONT, fontSize=9.5, leading=12.5)
SMALL = ParagraphStyle("small", parent=BODY, fontSize=8, leading=10)
TITLE = ParagraphStyle("title", parent=BODY, fontName=BOLD, fontSize=15, leading=19, alignment=TA_CENTER)
SUBTITLE = ParagraphStyle("subtitle", parent=BODY, fontSize=10.5, leading=14, alignment=TA_CENTER)
H2 = ParagraphStyle("h2", parent=BODY, fontName=BOLD, fontSize=11, leading=15, spaceBefore=8, spaceAfter=4)
CELL = ParagraphStyle("cell", fontName=NARROW, fontSize=8, leading=9.5)
CELL_BOLD = ParagraphStyle("cellb", parent=CELL, fontName=NARROW_BOLD)
MARGIN = 15 * mm
GRID = colors.Color(0.55, 0.55, 0.55)
HEAD_BG = colors.Color(0.88, 0.88, 0.88)
STRIPE = colors.Color(0.965, 0.965, 0.965)


def p(text: object, style: ParagraphStyle = BODY) -> Paragraph:
    return Paragraph(escape(str(text)).replace("\n", "<br/>"), style)


def label_value(label: str, value: object, style: ParagraphStyle = BODY) -> Paragraph:
    return Paragraph(f"<b>{escape(label)}:</b> {escape(str(value))}".replace("\n", "<br/>"), style)


# --- pages ----------------------------------------------------------------------------------------------


class NumberedCanvas(Canvas):
    """Keeps every page until the end so each can say "page X of Y"."""

    def __init__(self, *args, footer_left: str = "", **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._pages: list[dict] = []
        self._footer_left = footer_left

    def showPage(self) -> None:  # noqa: N802 - reportlab's name
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for number, state in enumerate(self._pages, start=1):
            self.__dict__.update(state)
            self._footer(number, total)
            Canvas.showPage(self)
        Canvas.save(self)

    def _footer(self, number: int, total: int) -> None:
        width, _height = self._pagesize
        self.saveState()
        self.setFont(FONT, 7.5)
        self.setFillColor(colors.Color(0.3, 0.3, 0.3))
        self.drawString(MARGIN, 9 * mm, self._footer_left)
        self.drawRightString(
            width - MARGIN, 9 * mm, _("page %(n)s of %(total)s") % {"n": number, "total": total}
        )
        self.restoreState()


class Document(BaseDocTemplate):
    def __init__(
        self,
        buffer: io.BytesIO,
        heading: d.Heading,
        title: str,
        wide: bool = False,
        progress: Progress | None = None,
    ) -> None:
        size = landscape(A4) if wide else A4
        super().__init__(
            buffer,
            pagesize=size,
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN + 6 * mm,
            bottomMargin=MARGIN,
            title=f"{title} — {heading.name}",
            author=heading.name,
            subject=title,
            creator="nardy-tournament",
            initialFontName=FONT,
            initialFontSize=9,
        )
        self.heading, self.doc_title, self.progress = heading, title, progress
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body")
        self.addPageTemplates([PageTemplate("page", [frame], onPage=self._on_page, pagesize=size)])

    def _on_page(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        width, height = self.pagesize
        canvas.saveState()
        top = height - MARGIN
        canvas.setFont(BOLD, 8.5)
        canvas.drawString(MARGIN, top, self.heading.name)
        canvas.setFont(FONT, 8)
        canvas.drawRightString(width - MARGIN, top, self.doc_title)
        canvas.setStrokeColor(GRID)
        canvas.setLineWidth(0.5)
        canvas.line(MARGIN, top - 2.5 * mm, width - MARGIN, top - 2.5 * mm)
        canvas.restoreState()
        if self.progress is not None:
            self.progress(doc.page)


def build(
    heading: d.Heading,
    title: str,
    story: list[Flowable],
    wide: bool = False,
    progress: Progress | None = None,
) -> bytes:
    buffer = io.BytesIO()
    doc = Document(buffer, heading, title, wide=wide, progress=progress)
    footer = " · ".join(x for x in (heading.dates, heading.venue) if x)
    doc.build(story, canvasmaker=partial(NumberedCanvas, footer_left=footer))
    return buffer.getvalue()


def title_block(heading: d.Heading, title: str, *lines: str) -> list[Flowable]:
    out: list[Flowable] = [p(title, TITLE), Spacer(1, 1.5 * mm), p(heading.name, SUBTITLE)]
    facts = " · ".join(x for x in (heading.discipline, heading.system, heading.dates, heading.venue) if x)
    out.append(p(facts, SUBTITLE))
    out.extend(p(line, SUBTITLE) for line in lines if line)
    out.append(Spacer(1, 4 * mm))
    return out


def grid(
    header: Sequence[object],
    rows: Sequence[Sequence[object]],
    widths: Sequence[float],
    font_size: float = 8,
    align_right: Sequence[int] = (),
    center: Sequence[int] = (),
    bold_rows: Sequence[int] = (),
    muted_rows: Sequence[int] = (),
    row_height: float | None = None,
) -> Table:
    """A table whose header repeats on every page it runs over."""
    head = [
        Paragraph(escape(str(h)), ParagraphStyle("h", parent=CELL_BOLD, fontSize=font_size)) for h in header
    ]
    table = Table([head, *rows], colWidths=widths, repeatRows=1, rowHeights=row_height)
    style: list[tuple] = [
        ("FONT", (0, 0), (-1, -1), NARROW, font_size),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, STRIPE]),
    ]
    for c in align_right:
        style.append(("ALIGN", (c, 1), (c, -1), "RIGHT"))
    for c in center:
        style.append(("ALIGN", (c, 1), (c, -1), "CENTER"))
    for r in bold_rows:
        style.append(("FONT", (0, r + 1), (-1, r + 1), NARROW_BOLD, font_size))
    for r in muted_rows:
        style.append(("TEXTCOLOR", (0, r + 1), (-1, r + 1), colors.Color(0.4, 0.4, 0.4)))
    table.setStyle(TableStyle(style))
    return table


def signature_block(items: Sequence[d.Signature], width: float) -> list[Flowable]:
    """Signature lines: role, a line to sign on, the name to print under it (or a line for it)."""
    rows = []
    for s in items:
        name = f"/ {s.name} /" if s.name else "/ ________________________ /"
        rows.append([p(s.role, BODY), "", p(name, BODY)])
    table = Table(rows, colWidths=[width * 0.32, width * 0.36, width * 0.32], rowHeights=11 * mm)
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, 9),
                ("LINEBELOW", (1, 0), (1, -1), 0.6, colors.black),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LEFTPADDING", (0, 0), (-1, -1), 2),
            ]
        )
    )
    return [Spacer(1, 6 * mm), table]


def signatures(items: Sequence[d.Signature], width: float) -> KeepTogether:
    return KeepTogether(signature_block(items, width))


def facts_table(facts: Sequence[tuple[str, str]], width: float) -> Table:
    table = Table(
        [[p(label, CELL_BOLD), p(value, CELL)] for label, value in facts],
        colWidths=[width * 0.36, width * 0.64],
    )
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, 9),
                ("GRID", (0, 0), (-1, -1), 0.4, GRID),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BACKGROUND", (0, 0), (0, -1), STRIPE),
            ]
        )
    )
    return table


FRAME_W = A4[0] - 2 * MARGIN
WIDE_W = landscape(A4)[0] - 2 * MARGIN


# --- round pairing protocol -----------------------------------------------------------------------------


def pairings(data: d.PairingsData, progress: Progress | None = None) -> bytes:
    title = _("Round pairing protocol")
    lines = [_("Round %(n)s") % {"n": data.round} + (f" · {data.stage}" if data.stage else "")]
    lines.append(_("Matches to %(n)s points") % {"n": data.match_length})
    if data.start_time:
        lines.append(_("Start: %(t)s") % {"t": data.start_time})
    w = FRAME_W
    rows = [
        [str(r.table), p(r.player1, CELL), p(r.player2 or "—", CELL), str(r.match_length), p(r.note, CELL)]
        for r in data.rows
    ]
    story = title_block(data.heading, title, *lines)
    story.append(
        grid(
            [_("Table"), _("Player 1"), _("Player 2"), _("to, points"), _("Note")],
            rows,
            [w * 0.08, w * 0.34, w * 0.34, w * 0.1, w * 0.14],
            font_size=9,
            center=(0, 3),
        )
    )
    story.append(signatures(data.signatures, w))
    return build(data.heading, title, story, progress=progress)


# --- match protocol -------------------------------------------------------------------------------------


def _match_story(data: d.MatchProtocolData) -> list[Flowable]:
    w = FRAME_W
    story = title_block(data.heading, _("Match protocol"))
    facts = [
        (_("Round"), str(data.round)),
        (_("Table"), str(data.table)),
        (_("Match to, points"), str(data.match_length)),
        (
            _("Breaks allowed to each player (%(rule)s)") % {"rule": cite("003 «Перерывы»")},
            str(data.breaks) if data.breaks else _("none"),
        ),
        (_("Start"), data.start_time or "____________"),
        (_("Player 1"), data.player1),
        (_("Player 2"), data.player2),
    ]
    story.append(facts_table(facts, w))
    story.append(Spacer(1, 4 * mm))
    header = [
        _("Game"),
        _("Winner (1 or 2)"),
        _("Cube value"),
        _("×1 / mars ×2 / koks ×3"),
        _("Points"),
        _("Score: player 1"),
        _("Score: player 2"),
    ]
    widths = [w * 0.09, w * 0.15, w * 0.12, w * 0.22, w * 0.12, w * 0.15, w * 0.15]
    if data.games:
        rows = [
            [
                f"{g.number}{'' if g.checked else '*'}",
                str(g.winner),
                str(g.cube),
                f"×{g.multiplier}",
                str(g.points),
                str(g.score1),
                str(g.score2),
            ]
            for g in data.games
        ]
    else:
        rows = [[str(i), "", "", "", "", "", ""] for i in range(1, data.blank_games + 1)]
    story.append(grid(header, rows, widths, font_size=8.5, center=range(7), row_height=6.2 * mm))
    story.append(Spacer(1, 3 * mm))
    if data.breaks:
        boxes = " ".join("☐" for _i in range(data.breaks))
        story.append(
            p(
                _("Breaks taken (at most 4 minutes, only between games): player 1 %(b)s, player 2 %(b)s")
                % {"b": boxes},
                SMALL,
            )
        )
    if data.filled:
        score = f"{data.score1}:{data.score2}" if data.score1 is not None and data.score2 is not None else "—"
        story.append(Spacer(1, 2 * mm))
        story.append(label_value(_("Result"), f"{score} · {data.result}"))
        if data.winner:
            story.append(label_value(_("Winner"), data.winner))
        if data.protocol_status:
            story.append(label_value(_("Protocol"), data.protocol_status))
        if data.note:
            story.append(p(data.note, SMALL))
    else:
        story.append(Spacer(1, 2 * mm))
        story.append(p(_("Result: ______ : ______   Winner: ____________________________"), BODY))
        story.append(
            p(
                _(
                    "Handed in by the winner of the match; a game is not counted until the protocol is "
                    "handed in; corrections until either player starts the next match (%(rule)s)."
                )
                % {"rule": cite("003 «Фиксация результатов»")},
                SMALL,
            )
        )
    story.append(signatures(data.signatures, w))
    return story


def match_protocol(data: d.MatchProtocolData, progress: Progress | None = None) -> bytes:
    return build(data.heading, _("Match protocol"), _match_story(data), progress=progress)


def round_protocols(data: d.RoundProtocolsData, progress: Progress | None = None) -> bytes:
    story: list[Flowable] = []
    for i, one in enumerate(data.matches):
        if i:
            story.append(PageBreak())
        story.extend(_match_story(one))
    if not story:
        story = title_block(data.heading, _("Match protocols"), _("This round has no matches to play."))
    return build(data.heading, _("Match protocols"), story, progress=progress)


# --- standings and the final places ---------------------------------------------------------------------


def _standings_table(
    columns: Sequence[d.Column], rows: Sequence[d.StandingLine], groups: bool, width: float
) -> Table:
    # A "wins" tie-break is the same number as the W column: print it once, as the tie-break.
    own_wins = all(c.key != "wins" for c in columns)
    header = [_("Place"), _("Participant"), _("Organisation, region")]
    if groups:
        header.append(_("Gr."))
    header += [_("Points"), _("M")] + ([_("W")] if own_wins else []) + [_("L"), *(c.abbr for c in columns)]
    numbers = len(header) - (4 if groups else 3)
    fixed = 0.065 + 0.056 * numbers + (0.04 if groups else 0)
    widths = [width * 0.065, width * (1 - fixed) * 0.52, width * (1 - fixed) * 0.48]
    if groups:
        widths.append(width * 0.04)
    widths += [width * 0.056] * numbers
    body = []
    muted = []
    for i, r in enumerate(rows):
        name = f"{r.name} ({_('removed')})" if r.removed else r.name
        line = [r.place, p(name, CELL), p(r.organisation, CELL)]
        if groups:
            line.append(r.group)
        line += [r.points, str(r.played)] + ([str(r.wins)] if own_wins else []) + [str(r.losses), *r.metrics]
        body.append(line)
        if r.removed:
            muted.append(i)
    first_number = 4 if groups else 3
    return grid(
        header,
        body,
        widths,
        center=(0,),
        align_right=range(first_number, len(header)),
        muted_rows=muted,
    )


def _legend(columns: Sequence[d.Column]) -> Paragraph:
    parts = [_("M — matches"), _("W — wins"), _("L — losses")]
    if any(c.key == "wins" for c in columns):
        parts.remove(_("W — wins"))
    parts += [f"{c.abbr} — {c.name}" for c in columns]
    if columns:
        return p(_("Columns: %(c)s. Tie-breaks in this order.") % {"c": "; ".join(parts)}, SMALL)
    return p(_("Columns: %(c)s.") % {"c": "; ".join(parts)}, SMALL)


def _teams_section(teams: Sequence[d.TeamLine], width: float) -> list[Flowable]:
    if not teams:
        return []
    return [
        p(_("Team standings (%(rule)s)") % {"rule": cite("004 §1.3")}, H2),
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


def standings_doc(data: d.StandingsData, progress: Progress | None = None) -> bytes:
    title = _("Standings")
    wide = len(data.columns) > 4
    width = WIDE_W if wide else FRAME_W
    story = title_block(data.heading, title, data.as_of)
    story.append(_standings_table(data.columns, data.rows, data.with_groups, width))
    story.append(Spacer(1, 2 * mm))
    story.append(_legend(data.columns))
    story.extend(_teams_section(data.teams, width))
    return build(data.heading, title, story, wide=wide, progress=progress)


def final_protocol(data: d.FinalProtocolData, progress: Progress | None = None) -> bytes:
    title = _("Final protocol")
    w = FRAME_W
    status = "" if data.signed else _("DRAFT: the tournament is not finished")
    story = title_block(data.heading, title, status)
    story.append(p(_("Tournament details and regulation"), H2))
    story.append(facts_table([(f.label, f.value) for f in data.details], w))
    if data.officials:
        story.append(p(_("Judging panel and officials"), H2))
        story.append(facts_table([(f.label, f.value) for f in data.officials], w))
    story.append(CondPageBreak(40 * mm))
    story.append(p(_("Final places"), H2))
    story.append(_standings_table(data.columns, data.rows, False, w))
    story.append(Spacer(1, 2 * mm))
    story.append(_legend(data.columns))
    story.extend(_teams_section(data.teams, w))
    story.append(p(_("Removed players (%(rule)s: the place is not kept)") % {"rule": cite("004 §5.7.3")}, H2))
    if data.removed:
        story.append(
            grid(
                [_("Participant"), _("Removed"), _("Rule"), _("Consequence")],
                [[p(r.name, CELL), r.when, r.clause, p(r.consequence, CELL)] for r in data.removed],
                [w * 0.35, w * 0.18, w * 0.15, w * 0.32],
            )
        )
    else:
        story.append(p(_("None."), BODY))
    story.append(p(_("Protests"), H2))
    if data.protests:
        story.append(
            grid(
                ["№", _("Filed"), _("Protester"), _("Match"), _("Decision"), _("Consequence")],
                [
                    [
                        str(x.number),
                        x.filed_at,
                        p(x.protester, CELL),
                        p(x.match, CELL),
                        p(x.status, CELL),
                        p(x.consequence, CELL),
                    ]
                    for x in data.protests
                ],
                [w * 0.06, w * 0.15, w * 0.23, w * 0.18, w * 0.18, w * 0.2],
            )
        )
    else:
        story.append(p(_("None."), BODY))
    # The last section, the closing line and the signatures stay together: no page of bare signatures.
    closing: list[Flowable] = [p(_("Sanctions"), H2)]
    if data.sanctions:
        closing.append(
            grid(
                ["№", _("Date"), _("Participant"), _("Sanction"), _("Rule"), _("Consequence")],
                [
                    [
                        str(s.number),
                        s.date,
                        p(s.person, CELL),
                        p(s.kind, CELL),
                        p(s.clause or s.violation, CELL),
                        p(s.consequence or s.match, CELL),
                    ]
                    for s in data.sanctions
                ],
                [w * 0.06, w * 0.15, w * 0.25, w * 0.16, w * 0.18, w * 0.2],
            )
        )
    else:
        closing.append(p(_("None."), BODY))
    if data.signed:
        closing.append(Spacer(1, 3 * mm))
        closing.append(p(_("The tournament was finished on %(d)s.") % {"d": data.finished_at}, BODY))
    closing.extend(signature_block(data.signatures, w))
    story.append(KeepTogether(closing))
    return build(data.heading, title, story, progress=progress)


# --- crosstable -----------------------------------------------------------------------------------------


def crosstable(data: d.CrosstableData, progress: Progress | None = None) -> bytes:
    title = _("Crosstable")
    w = WIDE_W
    story = title_block(data.heading, title, data.as_of)
    for section in data.sections:
        n = len(section.rows)
        if section.title:
            story.append(p(section.title, H2))
        name_w = min(w * 0.26, max(w * 0.2, w - n * 16 * mm - w * 0.14))
        cell_w = (w - name_w - w * 0.04 - w * 0.1) / max(n, 1)
        size = 7 if cell_w > 13 * mm else 6
        header = ["№", _("Participant"), *(str(i) for i in range(1, n + 1)), _("Points"), _("Place")]
        rows = [
            [
                str(r.number),
                p(r.name, CELL),
                *(
                    p(
                        c,
                        ParagraphStyle(
                            "x", parent=CELL, fontSize=size, leading=size + 1, alignment=TA_CENTER
                        ),
                    )
                    for c in r.cells
                ),
                r.points,
                r.place,
            ]
            for r in section.rows
        ]
        table = grid(
            header,
            rows,
            [w * 0.04, name_w, *([cell_w] * n), w * 0.05, w * 0.05],
            font_size=size + 1,
            center=range(0, n + 4),
        )
        diagonal = [
            ("BACKGROUND", (i + 2, i + 1), (i + 2, i + 1), colors.Color(0.75, 0.75, 0.75)) for i in range(n)
        ]
        table.setStyle(TableStyle(diagonal))
        story.append(table)
        story.append(Spacer(1, 3 * mm))
    story.append(
        p(
            _(
                "A cell is the result of the row's player against the column's: 1 won, 0 lost, with the "
                "score; + and − a technical win or defeat; × annulled."
            ),
            SMALL,
        )
    )
    return build(data.heading, title, story, wide=True, progress=progress)


# --- bracket chart --------------------------------------------------------------------------------------


class BracketChart(Flowable):
    """The bracket drawn from ``tournaments.brackets.layout`` positions, scaled to the frame's width; a chart
    taller than a page is cut into slices, one per page."""

    def __init__(
        self, boxes: Sequence[d.BracketBox], titles: dict[str, str], top: float = 0, cut: float | None = None
    ):
        super().__init__()
        self.boxes, self.titles = list(boxes), titles
        plain = [
            {
                "id": b.id,
                "round": b.round,
                "bracket": b.bracket,
                "slots": [{"winner_of": s} for s in b.sources],
            }
            for b in self.boxes
        ]
        self.pos, self.bands, self.full_w, self.full_h = brackets.layout(plain)
        self.box_w, self.box_h = brackets.BOX_W, brackets.BOX_H
        self.top, self.cut = top, cut
        self.scale = 1.0

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        self.scale = min(1.0, avail_w / self.full_w) if self.full_w else 1.0
        remaining = (self.full_h - self.top) * self.scale
        self.height = min(remaining, self.cut * self.scale) if self.cut else remaining
        self.width = self.full_w * self.scale
        return self.width, self.height

    def split(self, avail_w: float, avail_h: float) -> list[Flowable]:
        self.wrap(avail_w, avail_h)
        if self.height <= avail_h or avail_h < 40 * mm:
            return [] if self.height > avail_h else [self]
        span = avail_h / self.scale
        # Cut where no box (with its id above it) and no band title (with its first row) is split.
        blocks = [(y - 12, y + self.box_h) for _x, y in self.pos.values()]
        blocks += [(ty - 16, ty + brackets.TITLE_H + self.box_h) for _band, _x, ty in self.bands]
        candidates = [self.top + span] + [start - 2 for start, _end in blocks]
        cut = (
            max(
                (
                    c
                    for c in candidates
                    if self.top < c <= self.top + span and not any(a < c < b for a, b in blocks)
                ),
                default=self.top + span,
            )
            - self.top
        )
        first = BracketChart(self.boxes, self.titles, self.top, cut)
        rest = BracketChart(self.boxes, self.titles, self.top + cut)
        return [first, rest]

    def draw(self) -> None:
        c = self.canv
        s = self.scale
        visible_h = self.height / s
        c.saveState()
        path = c.beginPath()
        path.rect(0, 0, self.width, self.height)
        c.clipPath(path, stroke=0, fill=0)
        c.scale(s, s)
        # Layout y grows downwards from the top; the canvas's grows upwards.
        c.translate(0, visible_h + self.top)

        def y_of(y: float) -> float:
            return -y

        c.setFont(BOLD, 11)
        for band, x, y in self.bands:
            c.drawString(x, y_of(y), self.titles.get(band, band))
        by_id = {b.id: b for b in self.boxes}
        c.setStrokeColor(GRID)
        c.setLineWidth(1)
        for b in self.boxes:
            x, y = self.pos[b.id]
            for src in b.sources:
                if src in self.pos and by_id[src].bracket == b.bracket:
                    sx, sy = self.pos[src]
                    x1, y1 = sx + self.box_w, y_of(sy + self.box_h / 2)
                    x2, y2 = x, y_of(y + self.box_h / 2)
                    mid = (x1 + x2) / 2
                    c.line(x1, y1, mid, y1)
                    c.line(mid, y1, mid, y2)
                    c.line(mid, y2, x2, y2)
        for b in self.boxes:
            x, y = self.pos[b.id]
            c.setStrokeColor(colors.black)
            c.setFillColor(colors.white)
            c.rect(x, y_of(y + self.box_h), self.box_w, self.box_h, stroke=1, fill=1)
            c.line(x, y_of(y + self.box_h / 2), x + self.box_w, y_of(y + self.box_h / 2))
            c.setFillColor(colors.Color(0.4, 0.4, 0.4))
            c.setFont(FONT, 7)
            c.drawString(x + 2, y_of(y) + 2, b.id)
            for i in range(2):
                row_mid = y + self.box_h * (0.25 + 0.5 * i)
                won = b.winner == i + 1
                c.setFillColor(colors.black)
                c.setFont(NARROW_BOLD if won else NARROW, 10)
                name = b.names[i] or "—"
                while name and pdfmetrics.stringWidth(name, NARROW, 10) > self.box_w - 36:
                    name = name[:-1]
                c.drawString(x + 5, y_of(row_mid) - 3.5, name)
                if b.scores[i]:
                    c.drawRightString(x + self.box_w - 5, y_of(row_mid) - 3.5, b.scores[i])
        c.restoreState()


def bracket(data: d.BracketData, progress: Progress | None = None) -> bytes:
    title = _("Bracket")
    story = title_block(data.heading, title, data.title)
    titles = dict(data.band_titles)
    if data.boxes:
        story.append(BracketChart(data.boxes, titles))
    else:
        story.append(p(_("The bracket is not drawn yet."), BODY))
    if data.places:
        story.append(p(_("Places"), H2))
        story.append(
            grid(
                [_("Place"), _("Participant")],
                [[pl, p(n, CELL)] for pl, n in data.places],
                [WIDE_W * 0.12, WIDE_W * 0.5],
                center=(0,),
            )
        )
    return build(data.heading, title, story, wide=True, progress=progress)


# --- registration protocol ------------------------------------------------------------------------------


def registration(data: d.RegistrationData, progress: Progress | None = None) -> bytes:
    title = _("Registration protocol")
    proto = data.protocol
    w = WIDE_W
    story = title_block(data.heading, title, proto.gender_group)
    story.append(
        p(
            _("Entries received: %(r)s; admitted: %(a)s; refused: %(f)s; pending: %(p)s. Regions: %(g)s.")
            % {
                "r": proto.entries_received,
                "a": proto.entries_admitted,
                "f": proto.entries_refused,
                "p": proto.entries_pending,
                "g": proto.regions,
            },
            BODY,
        )
    )
    story.append(p(_("Admitted participants"), H2))
    rows = [
        [
            str(x.number),
            p(x.full_name, CELL),
            f"{x.birth_date:%d.%m.%Y}" if x.birth_date else "",
            p(x.organisation, CELL),
            p(x.region, CELL),
            p(x.qualification, CELL),
            p(x.team, CELL),
            p(x.status, CELL),
        ]
        for x in proto.participants
    ]
    story.append(
        grid(
            [
                "№",
                _("Surname, name, patronymic"),
                _("Date of birth"),
                _("Organisation"),
                _("Region"),
                _("Qualification"),
                _("Team"),
                _("Status"),
            ],
            rows,
            [w * 0.04, w * 0.22, w * 0.09, w * 0.17, w * 0.13, w * 0.12, w * 0.13, w * 0.1],
            center=(0, 2),
        )
    )
    story.append(p(_("Accredited officials"), H2))
    if proto.officials:
        story.append(
            grid(
                [_("Surname, name, patronymic"), _("Role"), _("Organisation"), _("Region")],
                [
                    [p(o.full_name, CELL), p(o.role_label, CELL), p(o.organisation, CELL), p(o.region, CELL)]
                    for o in proto.officials
                ],
                [w * 0.3, w * 0.25, w * 0.25, w * 0.2],
            )
        )
    else:
        story.append(p(_("None."), BODY))
    story.append(signatures(data.signatures, w))
    return build(data.heading, title, story, wide=True, progress=progress)


# --- protest decision -----------------------------------------------------------------------------------


def protest_decision(data: d.ProtestData, progress: Progress | None = None) -> bytes:
    title = _("Protest decision")
    w = FRAME_W
    story = title_block(data.heading, title, _("Protest № %(n)s") % {"n": data.number})
    story.append(p(_("The protest"), H2))
    facts = [
        (_("Filed"), data.filed_at),
        (_("Protester"), data.protester),
        (_("Match"), data.match),
        (_("Result when filed"), data.result_then),
        (_("Reasons"), data.reasons),
        (_("Arguments"), data.arguments),
        (_("Evidence"), data.evidence or "—"),
    ]
    if data.attachments:
        facts.append((_("Attached files"), "\n".join(data.attachments)))
    if data.deposit:
        facts.append((_("Deposit"), data.deposit))
    story.append(facts_table(facts, w))
    story.append(p(_("Decision of the judging panel"), H2))
    decision = [(_("Status"), data.status)]
    if data.reviewed_at:
        decision.append((_("Reviewed"), data.reviewed_at))
    if data.rejection:
        decision.append((_("Not accepted as"), data.rejection))
    if data.decided_at:
        decision.append((_("Decided"), data.decided_at))
    decision.append((_("Reasons of the panel"), data.decision or "—"))
    if data.consequence:
        decision.append((_("Consequence"), data.consequence))
    if data.deposit_fate:
        decision.append((_("Deposit"), data.deposit_fate))
    story.append(facts_table(decision, w))
    story.append(Spacer(1, 2 * mm))
    story.append(
        p(_("The decision of the judging panel is final (%(rule)s).") % {"rule": cite("004 §5.10")}, SMALL)
    )
    story.append(signatures(data.signatures, w))
    return build(data.heading, title, story, progress=progress)


# --- sanctions list -------------------------------------------------------------------------------------


def sanctions(data: d.SanctionsData, progress: Progress | None = None) -> bytes:
    title = _("Sanctions list")
    w = WIDE_W
    story = title_block(data.heading, title)
    if data.rows:
        story.append(
            grid(
                [
                    "№",
                    _("Date"),
                    _("Participant"),
                    _("Sanction"),
                    _("Violation"),
                    _("Rule"),
                    _("Facts"),
                    _("Match"),
                    _("Consequence"),
                    _("Term"),
                    _("Lifted"),
                ],
                [
                    [
                        str(s.number),
                        p(s.date, CELL),
                        p(s.person, CELL),
                        p(s.kind, CELL),
                        p(s.violation, CELL),
                        p(s.clause, CELL),
                        p(s.facts, CELL),
                        p(s.match, CELL),
                        p(s.consequence, CELL),
                        p(s.term, CELL),
                        p(s.lifted, CELL),
                    ]
                    for s in data.rows
                ],
                [w * x for x in (0.03, 0.08, 0.13, 0.1, 0.12, 0.07, 0.17, 0.08, 0.1, 0.07, 0.05)],
            )
        )
    else:
        story.append(p(_("No sanctions were applied in this tournament."), BODY))
    story.append(signatures(data.signatures, w))
    return build(data.heading, title, story, wide=True, progress=progress)
