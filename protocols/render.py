"""Thin renderers: plain data from ``protocols.data`` to PDF bytes, drawn with the layout kit
(``protocols.layout``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    PageBreak,
    Spacer,
    Table,
    TableStyle,
)

from protocols import data as d
from protocols.layout import (
    BODY,
    BOLD,
    CELL,
    FONT,
    FRAME_W,
    GRID,
    MUTED,
    NARROW,
    NARROW_BOLD,
    SMALL,
    WIDE,
    WIDE_W,
    WIDER,
    Progress,
    capfirst,
    cell,
    facts_table,
    fit,
    frame_height,
    frame_width,
    grid,
    p,
    pairs_table,
    pdf,
    printable,
    section,
    settle_heights,
    signatures,
    title_block,
)

# --- round pairing protocol -----------------------------------------------------------------------------


# --- match protocol -------------------------------------------------------------------------------------


# --- standings and the final places ---------------------------------------------------------------------


# --- crosstable -----------------------------------------------------------------------------------------

CROSS_FONT = 6.5
CROSS_NUMBER_W = 7 * mm
CROSS_NAME_W = 42 * mm
CROSS_TAIL_W = 9 * mm  # points, each tie-break, place


def _cell_width(sections: Sequence[d.CrossSection]) -> float:
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
    data: d.CrosstableData,
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
    section: d.CrossSection,
    columns: Sequence[d.Column],
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


def crosstable(data: d.CrosstableData, progress: Progress | None = None) -> bytes:
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
        "column's: 1 won, 0 lost, with the score under it; + and − a technical win or defeat; × annulled."
    )
    if data.columns:
        legend += " " + "; ".join(f"{c.abbr} — {c.name}" for c in data.columns) + "."
    story.append(p(legend, SMALL))
    if data.signatures:
        story.append(signatures(data.signatures, frame_width(size)))
    return pdf(data.heading, title, story, size=size, progress=progress)


# --- bracket chart --------------------------------------------------------------------------------------

BOX_W, BOX_H = 150.0, 26.0
COL_GAP, ROW_GAP = 26.0, 10.0
BAND_HEAD = 30.0  # the band's title and its columns' titles
LABEL_H = 10.0  # the match's number above its box
NAME_FONT = 8.0
MIN_NAME_FONT = 7.0  # names never print smaller than this


@dataclass
class BandLayout:
    band: d.BracketBand
    columns: list[int]  # the rounds, left to right
    pos: dict[str, tuple[float, float]]  # box id → (column index, y of its top below the band's head)
    height: float


def layout_band(band: d.BracketBand, boxes: Sequence[d.BracketBox]) -> BandLayout:
    """Where each box of a band goes. The fullest column is stacked; a later box sits level with the
    middle of the boxes that feed it; an earlier one (a preliminary round with few matches) beside the box
    it feeds. Boxes never overlap."""
    mine = [b for b in boxes if b.bracket == band.key]
    columns = [r for r, _title in band.columns]
    index = {r: i for i, r in enumerate(columns)}
    by_col: dict[int, list[d.BracketBox]] = {i: [] for i in range(len(columns))}
    for b in sorted(mine, key=lambda b: b.number):
        by_col[index[b.round]].append(b)
    ids = {b.id for b in mine}
    feeds: dict[str, str] = {}
    for b in mine:
        for s in b.sources:
            if s in ids:
                feeds[s] = b.id
    anchor = max(range(len(columns)), key=lambda c: (len(by_col[c]), -c)) if columns else 0
    step = BOX_H + ROW_GAP
    y: dict[str, float] = {}

    def settle(column: list[tuple[float, str]]) -> None:
        last = -step
        for want, box_id in sorted(column):
            y[box_id] = max(want, last + step)
            last = y[box_id]

    for i, b in enumerate(by_col.get(anchor, [])):
        y[b.id] = i * step
    for c in range(anchor + 1, len(columns)):
        wanted = []
        for k, b in enumerate(by_col[c]):
            placed = [y[s] for s in b.sources if s in y]  # "" (no drawn source) is never in y
            wanted.append((sum(placed) / len(placed) if placed else k * step, b.id))
        settle(wanted)
    for c in range(anchor - 1, -1, -1):
        wanted = []
        for k, b in enumerate(by_col[c]):
            target = feeds.get(b.id)
            wanted.append((y[target] if target in y else k * step, b.id))
        settle(wanted)
    top = min(y.values(), default=0)
    pos = {b.id: (index[b.round], y[b.id] - top) for b in mine}
    height = max((v for _c, v in pos.values()), default=0) + BOX_H
    return BandLayout(band, columns, pos, height)


def bracket_page(layouts: Sequence[BandLayout]) -> tuple[tuple[float, float], int]:
    """The page size and the most columns a page shows: A4 landscape when every band fits its width and a
    page's height, else A3 landscape; a band wider than that is split into blocks of columns."""
    col = BOX_W + COL_GAP
    widest = max((len(lay.columns) * col - COL_GAP for lay in layouts), default=0)
    tallest = max((lay.height for lay in layouts), default=0) + BAND_HEAD
    if widest <= frame_width(WIDE) and tallest <= frame_height(WIDE) - 60:
        return WIDE, max(int((frame_width(WIDE) + COL_GAP) // col), 1)
    return WIDER, max(int((frame_width(WIDER) + COL_GAP) // col), 2)


class ChartPiece(Flowable):
    """A part of one band that fits a page: columns ``first``…``last`` − 1 and the boxes between ``y0``
    and ``y1``; the band's and the columns' titles on top (again on every continuation)."""

    def __init__(
        self,
        lay: BandLayout,
        boxes: dict[str, d.BracketBox],
        first: int,
        last: int,
        y0: float,
        y1: float,
        continued: bool,
    ) -> None:
        super().__init__()
        self.lay, self.boxes, self.first, self.last = lay, boxes, first, last
        self.y0, self.y1, self.continued = y0, y1, continued
        self.page_room = float("inf")  # the height of a whole page's frame (set by the story)
        self.width = (last - first) * (BOX_W + COL_GAP) - COL_GAP
        self.height = BAND_HEAD + (y1 - y0)

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return self.width, self.height

    def split(self, avail_w: float, avail_h: float) -> list[Flowable]:
        """Cut under the last whole box that fits the page (never through a box); the rest goes on."""
        if self.height <= avail_h:
            return [self]
        spans = [(y - LABEL_H, y + BOX_H) for c, y in self.lay.pos.values() if self.first <= c < self.last]
        spans = [(a, b) for a, b in spans if a >= self.y0 - 0.01 and b <= self.y1 + 0.01]
        limit = self.y0 + avail_h - BAND_HEAD
        clean = [b for _a, b in spans if b <= limit and not any(a2 < b < b2 for a2, b2 in spans)]
        if clean:
            cut = max(clean)
        elif self.height > self.page_room:
            # Taller than any page and no cut clear of every box: cut under the last box that fits; a box
            # the cut crosses goes whole onto the next page.
            fitting = [b for _a, b in spans if b <= limit]
            if not fitting:
                return []
            cut = max(fitting)
        else:
            return []  # the whole piece fits the next page: it starts there
        rest = [a for a, b in spans if b > cut]
        if not rest:
            return [self]
        head = ChartPiece(self.lay, self.boxes, self.first, self.last, self.y0, cut, self.continued)
        tail = ChartPiece(self.lay, self.boxes, self.first, self.last, min(rest), self.y1, True)
        head.page_room = tail.page_room = self.page_room
        return [head, tail]

    def _inside(self, box_id: str) -> bool:
        c, y = self.lay.pos[box_id]
        return self.first <= c < self.last and self.y0 <= y and y + BOX_H <= self.y1 + 0.01

    def draw(self) -> None:
        c = self.canv
        col = BOX_W + COL_GAP

        def x_of(column: int) -> float:
            return (column - self.first) * col

        def y_of(y: float) -> float:  # layout y grows downwards from the head; the canvas's upwards
            return self.height - BAND_HEAD - (y - self.y0)

        c.saveState()
        c.setFont(BOLD, 10)
        band_title = self.lay.band.title
        if self.continued:
            band_title = _("%(band)s (continued)") % {"band": band_title}
        c.drawString(0, self.height - 11, printable(band_title))
        c.setFont(NARROW_BOLD, 7.5)
        c.setFillColor(MUTED)
        for i, (_r, text) in enumerate(self.lay.band.columns[self.first : self.last]):
            if text:
                c.drawString(x_of(self.first + i), self.height - 24, fit(text, NARROW_BOLD, 7.5, BOX_W))
        c.setStrokeColor(GRID)
        c.setLineWidth(0.8)
        for box_id, (column, y) in self.lay.pos.items():
            if not self._inside(box_id):
                continue
            b = self.boxes[box_id]
            for slot, src in enumerate(b.sources):
                if src not in self.lay.pos or not self._inside(src):
                    continue
                sc, sy = self.lay.pos[src]
                x1, y1 = x_of(sc) + BOX_W, y_of(sy + BOX_H / 2)
                x2 = x_of(column)
                # The line meets the row of the player it brings.
                y2 = y_of(y + BOX_H * (0.25 + 0.5 * min(slot, 1)))
                mid = x2 - COL_GAP / 2
                c.line(x1, y1, mid, y1)
                c.line(mid, y1, mid, y2)
                c.line(mid, y2, x2, y2)
        for box_id, (column, y) in self.lay.pos.items():
            if not self._inside(box_id):
                continue
            self._box(self.boxes[box_id], x_of(column), y_of(y + BOX_H))
        c.restoreState()

    def _box(self, b: d.BracketBox, x: float, bottom: float) -> None:
        c = self.canv
        c.setStrokeColor(colors.black)
        c.setFillColor(colors.white)
        c.setLineWidth(0.6)
        c.rect(x, bottom, BOX_W, BOX_H, stroke=1, fill=1)
        c.line(x, bottom + BOX_H / 2, x + BOX_W, bottom + BOX_H / 2)
        c.line(x + BOX_W - 20, bottom, x + BOX_W - 20, bottom + BOX_H)
        c.setFillColor(MUTED)
        c.setFont(FONT, 6.5)
        label = f"№ {b.number}"
        if b.technical:
            label += " · " + _("technical result")
        c.drawString(x + 1, bottom + BOX_H + 2, label)
        for i in range(2):
            won = b.winner == i + 1
            base = bottom + BOX_H * (0.75 - 0.5 * i) - 3
            c.setFillColor(colors.black if b.names[i] else MUTED)
            font = NARROW_BOLD if won else NARROW
            c.setFont(font, NAME_FONT)
            c.drawString(x + 3, base, fit(b.names[i] or "—", font, NAME_FONT, BOX_W - 26))
            if b.scores[i]:
                c.drawCentredString(x + BOX_W - 10, base, b.scores[i])


def bracket_story(data: d.BracketData) -> tuple[list[Flowable], tuple[float, float]]:
    layouts = [layout_band(band, data.boxes) for band in data.bands]
    size, per_page = bracket_page(layouts)
    boxes = {b.id: b for b in data.boxes}
    story: list[Flowable] = []
    for lay in layouts:
        n = len(lay.columns)
        # Column blocks: the last column of a block starts the next one, so its lines can be followed.
        starts = [0] if n <= per_page else list(range(0, n - 1, per_page - 1))
        for k, first in enumerate(starts):
            last = min(first + per_page, n)
            tops = [y for c, y in lay.pos.values() if first <= c < last]
            if not tops:
                continue
            end = max(tops) + BOX_H
            story.append(CondPageBreak(BAND_HEAD + 3 * (BOX_H + ROW_GAP)))
            piece = ChartPiece(lay, boxes, first, last, min(tops) - LABEL_H, end, k > 0)
            piece.page_room = frame_height(size) - 12
            story.append(piece)
            story.append(Spacer(1, 5 * mm))
    return story, size


def bracket(data: d.BracketData, progress: Progress | None = None) -> bytes:
    title = _("Bracket")
    story = title_block(data.heading, title, data.title)
    size = WIDE
    if data.boxes:
        chart, size = bracket_story(data)
        story += chart
        story.append(p(data.note, SMALL))
    else:
        story.append(p(_("The bracket is not drawn yet."), BODY))
    if data.places:
        story += section(_("Places"))
        story.append(
            grid(
                [_("Place"), _("Participant")],
                [[pl, p(n, CELL)] for pl, n in data.places],
                [frame_width(size) * 0.1, frame_width(size) * 0.45],
                center=(0,),
            )
        )
    return pdf(data.heading, title, story, size=size, progress=progress)


# --- registration protocol ------------------------------------------------------------------------------


def registration(data: d.RegistrationData, progress: Progress | None = None) -> bytes:
    title = _("Registration protocol")
    proto = data.protocol
    w = WIDE_W
    story = title_block(data.heading, title, proto.gender_group)
    admitted = len(proto.participants)
    summary = _(
        "Entries received: %(r)s (admitted %(a)s, refused %(f)s, pending %(p)s). Participants admitted: "
        "%(n)s, of them added by the secretary without an entry: %(d)s. Regions: %(g)s."
    ) % {
        "r": proto.entries_received,
        "a": proto.entries_admitted,
        "f": proto.entries_refused,
        "p": proto.entries_pending,
        "n": admitted,
        "d": proto.added_directly,
        "g": proto.regions,
    }
    story.append(p(summary, BODY))
    story += section(_("Admitted participants"))
    teams = any(x.team for x in proto.participants)
    rows = [
        [
            str(x.number),
            p(x.full_name, CELL),
            f"{x.birth_date:%d.%m.%Y}" if x.birth_date else "",
            p(x.qualification, CELL),
            p(x.region, CELL),
            p(x.club or x.organisation, CELL),
            p(x.coach, CELL),
            *([p(x.team, CELL)] if teams else []),
            p(x.status, CELL),
        ]
        for x in proto.participants
    ]
    widths = (
        (0.04, 0.2, 0.08, 0.1, 0.12, 0.15, 0.12, 0.1, 0.09)
        if teams
        else (0.04, 0.22, 0.08, 0.1, 0.14, 0.19, 0.14, 0.09)
    )
    story.append(
        grid(
            [
                "№",
                _("Surname, name, patronymic"),
                _("Date of birth"),
                _("Qualification"),
                _("Region"),
                _("Club, organisation"),
                _("Coach"),
                *([_("Team")] if teams else []),
                _("Status"),
            ],
            rows,
            [w * x for x in widths],
            center=(0, 2),
        )
    )
    story += section(_("Refused entries"))
    if proto.refused:
        story.append(
            grid(
                [
                    "№",
                    _("Surname, name, patronymic"),
                    _("Date of birth"),
                    _("Region"),
                    _("Reason"),
                    _("Rule"),
                ],
                [
                    [
                        str(r.number),
                        p(r.full_name, CELL),
                        f"{r.birth_date:%d.%m.%Y}" if r.birth_date else "",
                        p(r.region, CELL),
                        p(r.reason, CELL),
                        p(r.clauses or "—", CELL),
                    ]
                    for r in proto.refused
                ],
                [w * x for x in (0.05, 0.2, 0.08, 0.13, 0.3, 0.24)],
                center=(0, 2),
            )
        )
    else:
        story.append(p(_("None."), BODY))
    story += section(_("Accredited officials"))
    if proto.officials:
        story.append(
            grid(
                [
                    _("Surname, name, patronymic"),
                    _("Role"),
                    _("Judging category"),
                    _("City"),
                    _("Organisation"),
                ],
                [
                    [
                        p(o.full_name, CELL),
                        p(o.role_label, CELL),
                        p(o.judging_category, CELL),
                        p(o.city or o.region, CELL),
                        p(o.organisation, CELL),
                    ]
                    for o in proto.officials
                ],
                [w * 0.27, w * 0.2, w * 0.18, w * 0.15, w * 0.2],
            )
        )
    else:
        story.append(p(_("None."), BODY))
    story.append(signatures(data.signatures, w))
    return pdf(data.heading, title, story, size=WIDE, progress=progress)


# --- protest decision -----------------------------------------------------------------------------------


def protest_decision(data: d.ProtestData, progress: Progress | None = None) -> bytes:
    title = _("Protest decision")
    w = FRAME_W
    story = title_block(data.heading, title, _("Protest № %(n)s") % {"n": data.number})
    story += section(_("The protest"))
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
    story += section(_("Decision of the judging panel"))
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
        p(_("The decision of the judging panel is final (%(rule)s).") % {"rule": data.final_rule}, SMALL)
    )
    story.append(signatures(data.signatures, w))
    return pdf(data.heading, title, story, progress=progress)


# --- sanctions list -------------------------------------------------------------------------------------


# --- the schedule ---------------------------------------------------------------------------------------


def schedule(data: d.ScheduleData, progress: Progress | None = None) -> bytes:
    title = _("Schedule of matches")
    w = FRAME_W
    lines = [_("Time control %(t)s") % {"t": data.time_control}] if data.time_control else []
    story = title_block(data.heading, title, *lines)
    story.append(p(data.seats, SMALL))
    story.append(Spacer(1, 2 * mm))
    story.append(
        grid(
            [_("Round"), _("Planned start"), _("Started"), _("to, points"), _("Status")],
            [
                [p(r.title, CELL), r.planned or "—", r.started or "", r.match_length, p(r.status, CELL)]
                for r in data.rounds
            ],
            [w * 0.4, w * 0.18, w * 0.16, w * 0.1, w * 0.16],
            center=(3,),
        )
    )
    for r in data.rounds:
        if not r.matches:
            continue
        when = r.planned or r.started
        story += section(f"{r.title}" + (f" · {when}" if when else ""), 25 * mm)
        story.append(
            grid(
                [_("Table / match"), _("Start"), _("Player 1"), _("Player 2"), _("Note")],
                [
                    # Plain text where it fits (a Paragraph only to wrap): a 5,000-player Swiss has 20,000.
                    [
                        m.number,
                        m.start,
                        cell(m.player1, w * 0.3),
                        cell(m.player2, w * 0.3),
                        cell(m.note, w * 0.18),
                    ]
                    for m in r.matches
                ],
                [w * 0.12, w * 0.1, w * 0.3, w * 0.3, w * 0.18],
                center=(0, 1),
            )
        )
    story.append(signatures(data.signatures, w))
    return pdf(data.heading, title, story, progress=progress)


# --- the chief judge's report ---------------------------------------------------------------------------


def report(data: d.ReportData, progress: Progress | None = None) -> bytes:
    title = _("Report of the chief judge")
    w = FRAME_W
    story = title_block(data.heading, title, _("(%(rule)s)") % {"rule": data.report_rule})
    story += section(_("1. The competition"))
    story.append(pairs_table([(f.label, f.value) for f in data.details], w))
    story += section(_("2. Participants by region and gender"))
    total_m = sum(r.men for r in data.regions)
    total_w = sum(r.women for r in data.regions)
    rows = [[p(r.label, CELL), str(r.men), str(r.women), str(r.total)] for r in data.regions]
    rows.append([_("Total"), str(total_m), str(total_w), str(total_m + total_w)])
    story.append(
        grid(
            [_("Region"), _("Men"), _("Women"), _("Total")],
            rows,
            [w * 0.55, w * 0.15, w * 0.15, w * 0.15],
            align_right=(1, 2, 3),
            bold_rows=(len(rows) - 1,),
        )
    )
    story += section(_("3. Judging panel and officials"))
    if data.officials:
        story.append(facts_table([(f.label, f.value) for f in data.officials], w))
    else:
        story.append(p(_("None."), BODY))
    story += section(_("4. Protests"))
    story.append(facts_table([(f.label, f.value) for f in data.protests], w))
    story += section(_("5. Sanctions and removals"))
    if data.sanctions:
        story.append(
            grid(
                ["№", _("Date"), _("Participant"), _("Sanction"), _("Rule")],
                [
                    [str(s.number), s.date, p(s.person, CELL), p(s.kind, CELL), p(s.clause, CELL)]
                    for s in data.sanctions
                ],
                [w * 0.06, w * 0.18, w * 0.3, w * 0.16, w * 0.3],
            )
        )
    else:
        story.append(p(_("No sanctions were applied in this tournament."), BODY))
    if data.removed:
        story.append(Spacer(1, 2 * mm))
        story.extend(p(f"{r.name}: {r.when} · {r.clause} · {r.consequence}", SMALL) for r in data.removed)
    story += section(_("6. Winners"))
    if data.winners:
        story.append(
            grid(
                [_("Place"), _("Participant")],
                [[pl, p(n, CELL)] for pl, n in data.winners],
                [w * 0.12, w * 0.6],
                center=(0,),
            )
        )
    else:
        story.append(p(_("The places are not decided yet."), BODY))
    for heading, text in (
        (_("7. Venue and conditions of play"), data.conditions),
        (_("8. How the competition went"), data.course),
        (_("9. Remarks and proposals"), data.remarks),
    ):
        story += section(heading, 25 * mm)
        if text:
            story.append(p(text, BODY))
        else:
            story.extend(p("_" * 95, BODY) for _i in range(3))
    story.append(signatures(data.signatures, w))
    return pdf(data.heading, title, story, progress=progress, draft=data.draft)


# --- diplomas -------------------------------------------------------------------------------------------

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII", 9: "IX", 10: "X"}


class DiplomaPage(Flowable):
    """One diploma on an A4 landscape page: a frame, the title, the name, the place, the competition."""

    def __init__(self, data: d.DiplomasData, one: d.Diploma, width: float, height: float) -> None:
        super().__init__()
        self.data, self.one, self.width, self.height = data, one, width, height

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return self.width, self.height

    def _centred(self, text: str, y: float, font: str, size: float, width: float | None = None) -> float:
        """Draw centred lines (wrapped to ``width``); returns the y under the last line."""
        c = self.canv
        c.setFont(font, size)
        for line in simpleSplit(printable(text), font, size, width or self.width - 40 * mm):
            c.drawCentredString(self.width / 2, y, line)
            y -= size * 1.25
        return y

    def draw(self) -> None:
        c = self.canv
        one, data, h = self.one, self.data, self.data.heading
        gold = colors.Color(0.55, 0.42, 0.12)
        c.saveState()
        c.setStrokeColor(gold)
        c.setLineWidth(3)
        c.rect(0, 0, self.width, self.height, stroke=1, fill=0)
        c.setLineWidth(0.8)
        c.rect(5 * mm, 5 * mm, self.width - 10 * mm, self.height - 10 * mm, stroke=1, fill=0)
        c.setFillColor(colors.black)
        y = self.height - 16 * mm
        if h.organiser:
            y = self._centred(h.organiser, y, FONT, 10)
        c.setFillColor(gold)
        y = self._centred(_("DIPLOMA"), y - 14 * mm, BOLD, 36)
        place = int(one.place) if one.place.isdigit() else 0
        if place in ROMAN:
            y = self._centred(_("%(n)s degree") % {"n": ROMAN[place]}, y + 2, BOLD, 15)
        c.setFillColor(colors.black)
        y = self._centred(_("is awarded to"), y - 3 * mm, FONT, 11.5)
        y = self._centred(one.name, y - 5 * mm, BOLD, 22)
        where = ", ".join(x for x in (one.club, one.region) if x)
        if where:
            y = self._centred(where, y + 3, FONT, 10)
        if one.female:
            took = pgettext("female", "who took place %(p)s") % {"p": one.place}
        else:
            took = pgettext("male", "who took place %(p)s") % {"p": one.place}
        y = self._centred(took, y - 3 * mm, BOLD, 14)
        y = self._centred(_("in the competition"), y - 1 * mm, FONT, 10.5)
        y = self._centred(f"«{h.name}»", y, BOLD, 12)
        y = self._centred(
            _("sport «nardy», discipline «%(d)s»; %(s)s") % {"d": h.discipline, "s": h.system}, y, FONT, 10
        )
        self._centred(" · ".join(x for x in (h.dates, h.venue) if x), y, FONT, 10)
        # The signatures at the foot.
        base = 20 * mm
        for i, s in enumerate(data.signatures[:2]):
            x0 = 18 * mm + i * (self.width / 2)
            c.setFont(FONT, 9.5)
            c.drawString(x0, base + 5 * mm, printable(s.role))
            c.line(x0, base, x0 + 50 * mm, base)
            c.drawString(x0 + 52 * mm, base + 1, printable(s.name))
        c.setFont(FONT, 9)
        c.drawCentredString(self.width / 2, 9 * mm, _("L. S."))
        c.restoreState()


def diplomas(data: d.DiplomasData, progress: Progress | None = None) -> bytes:
    title = _("Diplomas")
    size = WIDE
    width, height = frame_width(size) - 12, frame_height(size) - 14  # the frame's own padding
    story: list[Flowable] = []
    for i, one in enumerate(data.diplomas):
        if i:
            story.append(PageBreak())
        story.append(DiplomaPage(data, one, width, height))
    if not story:
        story = title_block(data.heading, title, _("The places are not decided yet."))
    return pdf(data.heading, title, story, size=size, progress=progress, draft=data.draft)
