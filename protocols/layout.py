"""The layout kit every document is drawn with (reportlab): pages, styles, tables, signature lines.

Every document: A4 (landscape, or A3 landscape where a table or chart needs it), DejaVu Sans shipped in
``protocols/fonts`` and embedded (the built-in Helvetica has no Cyrillic), the tournament's name (wrapped on
two lines when long) and the document's title at the top of every page, "page X of Y" at the bottom, table
headers repeated on every page of a long table, a heading never left alone at the foot of a page. A draft
carries its mark on every page. Characters the font has no glyph for (most emoji) are left out the same way
everywhere (``printable``), so nothing prints as an empty box. Text is translated by the caller's active
language; user text is escaped before it reaches a Paragraph.

A document's module (``protocols/docs/``) builds its story of flowables with these helpers and hands it to
``pdf(heading, title, story, …)``.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Callable, Sequence
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from PIL import Image, ImageDraw, ImageFont
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A3, A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader, simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

if TYPE_CHECKING:
    from protocols import facts

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT, BOLD, NARROW, NARROW_BOLD = (
    "DejaVuSans",
    "DejaVuSans-Bold",
    "DejaVuSansCondensed",
    "DejaVuSansCondensed-Bold",
)
FILES = {
    FONT: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    NARROW: "DejaVuSansCondensed.ttf",
    NARROW_BOLD: "DejaVuSansCondensed-Bold.ttf",
}

Progress = Callable[[int], None]


def register_fonts() -> None:
    registered = set(pdfmetrics.getRegisteredFontNames())
    for name, file in FILES.items():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / file)))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)
    pdfmetrics.registerFontFamily(
        NARROW, normal=NARROW, bold=NARROW_BOLD, italic=NARROW, boldItalic=NARROW_BOLD
    )


register_fonts()


@cache
def _glyphs() -> frozenset[int]:
    """The characters every one of the four shipped fonts can draw."""
    sets = [set(pdfmetrics.getFont(name).face.charToGlyph) for name in FILES]
    return frozenset(set.intersection(*sets))


def printable(text: object) -> str:
    """The text as the fonts can print it: composed (NFC), characters without a glyph left out (emoji such
    as 🏆 would print as an empty box), runs of spaces made single. Line breaks are kept."""
    value = unicodedata.normalize("NFC", "" if text is None else str(text))
    glyphs = _glyphs()
    if all(ord(c) in glyphs or c == "\n" for c in value):
        return value
    kept = "".join(c for c in value if ord(c) in glyphs or c == "\n")
    return "\n".join(" ".join(line.split()) for line in kept.split("\n"))


BODY = ParagraphStyle("body", fontName=FONT, fontSize=9.5, leading=12.5)
SMALL = ParagraphStyle("small", parent=BODY, fontSize=8, leading=10)
TITLE = ParagraphStyle("title", parent=BODY, fontName=BOLD, fontSize=15, leading=19, alignment=TA_CENTER)
SUBTITLE = ParagraphStyle("subtitle", parent=BODY, fontSize=10.5, leading=14, alignment=TA_CENTER)
H2 = ParagraphStyle("h2", parent=BODY, fontName=BOLD, fontSize=11, leading=15, spaceBefore=8, spaceAfter=4)
CELL = ParagraphStyle("cell", fontName=NARROW, fontSize=8, leading=9.5)
CELL_BOLD = ParagraphStyle("cellb", parent=CELL, fontName=NARROW_BOLD)
MARGIN = 15 * mm
HEADER = 11 * mm  # room for the tournament's name on two lines and the rule under it
GRID = colors.Color(0.55, 0.55, 0.55)
HEAD_BG = colors.Color(0.88, 0.88, 0.88)
STRIPE = colors.Color(0.965, 0.965, 0.965)
MUTED = colors.Color(0.4, 0.4, 0.4)

PORTRAIT = A4
WIDE = landscape(A4)
WIDER = landscape(A3)


def frame_width(size: tuple[float, float]) -> float:
    return size[0] - 2 * MARGIN


def frame_height(size: tuple[float, float]) -> float:
    return size[1] - 2 * MARGIN - HEADER


FRAME_W = frame_width(PORTRAIT)
WIDE_W = frame_width(WIDE)


def p(text: object, style: ParagraphStyle = BODY) -> Paragraph:
    return Paragraph(escape(printable(text)).replace("\n", "<br/>"), style)


def cell(text: object, width: float, style: ParagraphStyle | None = None) -> str | Paragraph:
    """A table cell: the plain text when it fits the column on one line (fast: long tables have thousands
    of cells), else a Paragraph that wraps."""
    style = style or CELL
    value = printable(text)
    if "\n" not in value and pdfmetrics.stringWidth(value, style.fontName, style.fontSize) <= width - 7:
        return value
    return p(value, style)


def label_value(label: str, value: object, style: ParagraphStyle = BODY) -> Paragraph:
    return Paragraph(
        f"<b>{escape(printable(label))}:</b> {escape(printable(value))}".replace("\n", "<br/>"), style
    )


def section(title: str, room: float = 30 * mm) -> list[Flowable]:
    """A heading that starts a new page rather than stand alone at the foot of one."""
    return [CondPageBreak(room), p(title, H2)]


def fit(text: str, font: str, size: float, width: float) -> str:
    """The text cut with an ellipsis to fit ``width`` points."""
    text = printable(text)
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


# --- pages ----------------------------------------------------------------------------------------------


class NumberedCanvas(Canvas):
    """Keeps every page until the end so each can say "page X of Y"."""

    def __init__(self, *args, footer_left: str = "", footer: bool = True, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._pages: list[dict] = []
        self._footer_left = footer_left
        self._with_footer = footer

    def showPage(self) -> None:  # noqa: N802 - reportlab's name
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._pages)
        for number, state in enumerate(self._pages, start=1):
            self.__dict__.update(state)
            if self._with_footer:
                self._footer(number, total)
            Canvas.showPage(self)
        Canvas.save(self)

    def _footer(self, number: int, total: int) -> None:
        width, _height = self._pagesize
        self.saveState()
        self.setFont(FONT, 7.5)
        self.setFillColor(colors.Color(0.3, 0.3, 0.3))
        self.drawString(MARGIN, 9 * mm, fit(self._footer_left, FONT, 7.5, width - 2 * MARGIN - 80))
        self.drawRightString(
            width - MARGIN, 9 * mm, _("page %(n)s of %(total)s") % {"n": number, "total": total}
        )
        self.restoreState()


def header_lines(name: str, width: float, title_width: float) -> list[str]:
    """The tournament's name in the page header: wrapped on two lines beside the document's title, the
    second cut with an ellipsis when even two are not enough (the title block prints it whole)."""
    name = printable(name)
    first_width = width - title_width - 8 * mm
    lines = simpleSplit(name, BOLD, 8.5, first_width)
    if len(lines) <= 1:
        return lines
    rest = name[len(lines[0]) :].strip()
    return [lines[0], fit(rest, BOLD, 8.5, width)]


class Document(BaseDocTemplate):
    def __init__(
        self,
        buffer: io.BytesIO,
        heading: facts.Heading,
        title: str,
        size: tuple[float, float] = PORTRAIT,
        progress: Progress | None = None,
        draft: str = "",
        plain: bool = False,
    ) -> None:
        super().__init__(
            buffer,
            pagesize=size,
            leftMargin=MARGIN,
            rightMargin=MARGIN,
            topMargin=MARGIN + (0 if plain else HEADER),
            bottomMargin=MARGIN,
            title=f"{title} — {printable(heading.running_name)}",
            author=printable(heading.running_name),
            subject=title,
            creator="nardy-tournament",
            initialFontName=FONT,
            initialFontSize=9,
        )
        self.heading, self.doc_title, self.progress, self.draft = heading, title, progress, draft
        self.plain = plain
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body")
        self.addPageTemplates(
            [PageTemplate("page", [frame], onPage=self._on_page, onPageEnd=self._after_page, pagesize=size)]
        )

    def _on_page(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        width, height = self.pagesize
        canvas.saveState()
        top = height - MARGIN
        if self.plain:
            # A page of its own (a diploma): no running header; only a draft says so at the top.
            rule = top + 2.5 * mm
        else:
            title_width = pdfmetrics.stringWidth(self.doc_title, FONT, 8)
            lines = header_lines(self.heading.running_name, width - 2 * MARGIN, title_width)
            canvas.setFont(BOLD, 8.5)
            for i, line in enumerate(lines):
                canvas.drawString(MARGIN, top - i * 10, line)
            canvas.setFont(FONT, 8)
            canvas.drawRightString(width - MARGIN, top, self.doc_title)
            rule = top - max(len(lines) - 1, 0) * 10 - 2.5 * mm
            canvas.setStrokeColor(GRID)
            canvas.setLineWidth(0.5)
            canvas.line(MARGIN, rule, width - MARGIN, rule)
        if self.draft:
            # Every page of a draft says so at the top (and across the page, drawn over the content).
            canvas.setFillColor(colors.Color(0.7, 0.1, 0.1))
            canvas.setFont(BOLD, 8)
            canvas.drawRightString(width - MARGIN, rule - 3.2 * mm, self.draft)
        canvas.restoreState()
        if self.progress is not None:
            self.progress(doc.page)

    def _after_page(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        if not self.draft:
            return
        width, height = self.pagesize
        mark = watermark(_("DRAFT"))
        # An image, not text: the mark across the page must not mix its letters into the page's text when
        # it is copied or searched (issue 30); the mark at the top of the page says it in words.
        w = (0.62 if width < 700 else 0.55) * width
        h = w * mark.getSize()[1] / mark.getSize()[0]
        canvas.saveState()
        canvas.translate(width / 2, height / 2)
        canvas.rotate(35)
        canvas.drawImage(mark, -w / 2, -h / 2, w, h, mask="auto")
        canvas.restoreState()


@cache
def watermark(text: str) -> ImageReader:
    """The draft mark across a page as a picture: light red letters on a transparent ground."""
    font = ImageFont.truetype(str(FONT_DIR / FILES[BOLD]), 200)
    left, top, right, bottom = font.getbbox(text)
    image = Image.new("RGBA", (int(right - left) + 20, int(bottom - top) + 20), (0, 0, 0, 0))
    ImageDraw.Draw(image).text((10 - left, 10 - top), text, font=font, fill=(191, 26, 26, 33))
    return ImageReader(image)


def pdf(
    heading: facts.Heading,
    title: str,
    story: list[Flowable],
    size: tuple[float, float] = PORTRAIT,
    progress: Progress | None = None,
    draft: str = "",
    plain: bool = False,
) -> bytes:
    """The document's PDF; ``plain``: pages of their own (diplomas), without the running header and the
    footer's "page X of Y"."""
    buffer = io.BytesIO()
    doc = Document(buffer, heading, title, size=size, progress=progress, draft=draft, plain=plain)
    footer = printable(" · ".join(x for x in (heading.dates, heading.venue) if x))
    doc.build(story, canvasmaker=partial(NumberedCanvas, footer_left=footer, footer=not plain))
    return buffer.getvalue()


def title_block(heading: facts.Heading, title: str, *lines: str) -> list[Flowable]:
    out: list[Flowable] = [p(title, TITLE), Spacer(1, 1.5 * mm)]
    if heading.competition:
        # 004 §1.2: an event of a competition names the competition first (its dates and venue when they
        # are not the event's own), then the event.
        out.append(p(heading.competition, SUBTITLE_BOLD))
        if heading.competition_where:
            out.append(p(heading.competition_where, SMALL_CENTER))
    out.append(p(heading.name, SUBTITLE))
    facts = " · ".join(
        x for x in (heading.discipline, heading.group, heading.system, heading.dates, heading.venue) if x
    )
    out.append(p(facts, SUBTITLE))
    official = " · ".join(x for x in (heading.category, heading.organiser, heading.regulation) if x)
    if official:
        out.append(p(official, SMALL_CENTER))
    out.extend(p(line, SUBTITLE) for line in lines if line)
    if heading.cancelled:  # 004 §6.1.2 item 3: the document says the competition is cancelled
        out.append(p(heading.cancelled, SUBTITLE))
    out.append(Spacer(1, 4 * mm))
    return out


SMALL_CENTER = ParagraphStyle("smallc", parent=SMALL, alignment=TA_CENTER)
SUBTITLE_BOLD = ParagraphStyle("subtitleb", parent=SUBTITLE, fontName=BOLD)


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
    head_center: Sequence[int] = (),
    bands: Sequence[tuple[str, int, int]] = (),
) -> Table:
    """A table whose header repeats on every page it runs over. ``bands``: a row above the header naming
    groups of its columns, (label, first column, last column) — «Групповой этап», «Плей-офф»."""
    head_style = ParagraphStyle("h", parent=CELL_BOLD, fontSize=font_size, leading=font_size + 1.5)
    head_centred = ParagraphStyle("hc", parent=head_style, alignment=TA_CENTER)
    widths = header_fit(header, widths, font_size)
    head = [
        Paragraph(escape(printable(h)), head_centred if i in head_center else head_style)
        for i, h in enumerate(header)
    ]
    heads: list[list[object]] = [list(head)]
    covered: set[int] = set()
    if bands:
        # A column outside the bands: its header spans both rows (written in the upper one).
        band_row: list[object] = list(head)
        lower: list[object] = list(head)
        for label, first, last in bands:
            band_row[first : last + 1] = [Paragraph(escape(printable(label)), head_centred)] + [""] * (
                last - first
            )
            covered.update(range(first, last + 1))
        lower = [h if c in covered else "" for c, h in enumerate(lower)]
        heads = [band_row, lower]
    top = len(heads)  # the first row of the body
    heights = [*([None] * top), *([row_height] * len(rows))] if row_height else None  # headers: as needed
    table = Table([*heads, *rows], colWidths=widths, repeatRows=top, rowHeights=heights)
    style: list[tuple] = [
        ("FONT", (0, 0), (-1, -1), NARROW, font_size),
        ("GRID", (0, 0), (-1, -1), 0.4, GRID),
        ("BACKGROUND", (0, 0), (-1, top - 1), HEAD_BG),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("ROWBACKGROUNDS", (0, top), (-1, -1), [colors.white, STRIPE]),
    ]
    if bands:
        style += [("SPAN", (first, 0), (last, 0)) for _label, first, last in bands]
        style += [("SPAN", (c, 0), (c, 1)) for c in range(len(header)) if c not in covered]
    for c in align_right:
        style.append(("ALIGN", (c, top), (c, -1), "RIGHT"))
    for c in center:
        style.append(("ALIGN", (c, top), (c, -1), "CENTER"))
    for r in bold_rows:
        style.append(("FONT", (0, r + top), (-1, r + top), NARROW_BOLD, font_size))
    for r in muted_rows:
        style.append(("TEXTCOLOR", (0, r + top), (-1, r + top), MUTED))
    table.setStyle(TableStyle(style))
    if row_height is None:
        settle_heights(table)
    return table


def header_fit(header: Sequence[object], widths: Sequence[float], font_size: float) -> list[float]:
    """The columns widened, where a word of a header would not fit them, at the cost of the columns with
    room to spare: a header breaks between words, never inside one («Разря/д», «до,/очков»)."""
    out = [float(w) for w in widths]
    need = [
        max((pdfmetrics.stringWidth(word, NARROW_BOLD, font_size) for word in str(h).split()), default=0) + 7
        for h in header
    ]
    short = sum(max(0.0, n - w) for n, w in zip(need, out, strict=True))
    if short <= 0:
        return out
    slack = [max(0.0, w - n) for n, w in zip(need, out, strict=True)]
    room = sum(slack)
    if room <= 0:
        return out
    take = min(short, room) / room
    return [max(n, w) if n > w else w - x * take for n, w, x in zip(need, out, slack, strict=True)]


LONG_TABLE = 60  # rows: from here on a table's row heights are measured once (``settle_heights``)


def settle_heights(table: Table) -> None:
    """Measure every row of a long table once, here, exactly as reportlab would (a string: its lines × the
    leading; a flowable: its wrapped height; plus the paddings), and hand the heights to the table.

    reportlab 5.1 measures every remaining row of a table at each page break (its long-table shortcut stops
    early only for tables with spanned cells), and sums the heights so far at each row: quadratic in the
    rows, most of the rendering of the final protocol of 5,000 participants (issue 20 item 3)."""
    if len(table._cellvalues) < LONG_TABLE:
        return
    heights = []
    for values, styles in zip(table._cellvalues, table._cellStyles, strict=True):
        h = 0.0
        for v, s, w in zip(values, styles, table._argW, strict=True):
            if isinstance(v, Flowable):
                aw = w - s.leftPadding - s.rightPadding
                t = v.wrap(aw, 72000)[1] + v.getSpaceBefore() + v.getSpaceAfter()
            else:
                t = (s.leading or 1.2 * s.fontsize) * len(("" if v is None else str(v)).split("\n"))
            h = max(h, t + s.topPadding + s.bottomPadding)
        heights.append(h)
    table._argH = table._rowHeights = heights


def signature_block(items: Sequence[facts.Signature], width: float, dated: bool = False) -> list[Flowable]:
    """Signature lines: role, a line to sign on, the name (and category, city) under it or a line for it.
    ``dated``: the date of signing and the place of the seal (М.П.) under them, as the Ministry's forms
    have them (the final protocol, the registration protocol, the report; issue 30 item 12)."""
    if not items:
        return []
    rows = []
    for s in items:
        name = f"/ {s.name} /" if s.name else "/ ________________________ /"
        role = [p(s.role, BODY), p(s.detail, SMALL)] if s.detail else p(s.role, BODY)
        rows.append([role, "", p(name, BODY)])
    # Each row as tall as its role needs (a long role wraps; a fixed height let it run into the row above),
    # with room above for a signature.
    table = Table(rows, colWidths=[width * 0.36, width * 0.30, width * 0.34])
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, 9),
                ("LINEBELOW", (1, 0), (1, -1), 0.6, colors.black),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LEFTPADDING", (0, 0), (-1, -1), 2),
                ("TOPPADDING", (0, 0), (-1, -1), 7 * mm),
            ]
        )
    )
    out: list[Flowable] = [Spacer(1, 6 * mm), table]
    if dated:
        stamp = Table(
            [[p(_("«____» ______________ 20___"), BODY), p(_("L. S."), BODY)]],
            colWidths=[width * 0.66, width * 0.34],
        )
        stamp.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), FONT, 9),
                    ("LEFTPADDING", (0, 0), (-1, -1), 2),
                    ("TOPPADDING", (0, 0), (-1, -1), 8),
                ]
            )
        )
        out.append(stamp)
    return out


def signatures(items: Sequence[facts.Signature], width: float, dated: bool = False) -> KeepTogether:
    return KeepTogether(signature_block(items, width, dated))


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


def pairs_table(facts: Sequence[tuple[str, str]], width: float) -> Table:
    """Facts two to a row (label, value, label, value): a form that keeps its page."""
    cells = [[p(label, CELL_BOLD), p(value, CELL)] for label, value in facts]
    if len(cells) % 2:
        cells.append(["", ""])
    rows = [cells[i] + cells[i + 1] for i in range(0, len(cells), 2)]
    table = Table(rows, colWidths=[width * 0.2, width * 0.3, width * 0.2, width * 0.3])
    table.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, 8),
                ("GRID", (0, 0), (-1, -1), 0.4, GRID),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("BACKGROUND", (0, 0), (0, -1), STRIPE),
                ("BACKGROUND", (2, 0), (2, -1), STRIPE),
                ("TOPPADDING", (0, 0), (-1, -1), 2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
            ]
        )
    )
    return table


def blank_line(label: str, value: str = "") -> Paragraph:
    return label_value(label, value or "_" * 60)


def capfirst(text: str) -> str:
    return text[:1].upper() + text[1:]


class KeepTail(Flowable):
    """A table and what closes the document after it (a legend, the signatures), laid out so that the
    closing never stands alone on a page: when it does not fit under the table, the table's last rows go
    over with it (issue 30: «a page holding only the two signature lines»). It never draws itself: it
    only splits into the table's parts and the closing."""

    TAIL_ROWS = 3

    def __init__(self, table: Table, after: Sequence[Flowable]) -> None:
        super().__init__()
        self.table, self.after = table, list(after)

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return avail_w, avail_h + 1  # always split: the parts are placed by the frame itself

    def split(self, avail_w: float, avail_h: float) -> list[Flowable]:
        table_h = self.table.wrap(avail_w, avail_h)[1]
        after_h = sum(
            f.wrap(avail_w, avail_h)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in self.after
        )
        if table_h + after_h <= avail_h:
            return [self.table, *self.after]
        if table_h > avail_h:  # the table runs over: this page takes what it can, the rest comes again here
            parts = self.table.split(avail_w, avail_h)
            if len(parts) < 2:
                return []  # not even its header and a row fit here: the next page
            return [parts[0], KeepTail(parts[1], self.after)]
        heights = list(self.table._rowHeights)
        head = self.table.repeatRows if isinstance(self.table.repeatRows, int) else 0
        tail = min(self.TAIL_ROWS, len(heights) - head - 1)
        if tail < 1:
            return [self.table, KeepTogether(self.after)]
        parts = self.table.split(avail_w, table_h - sum(heights[-tail:]) - 0.5)
        if len(parts) < 2:
            return [self.table, KeepTogether(self.after)]
        return [parts[0], KeepTogether([parts[1], *self.after])]

    def draw(self) -> None:  # pragma: no cover - split always replaces it
        pass


def end_with(story: list[Flowable], closing: Sequence[Flowable]) -> list[Flowable]:
    """The story with ``closing`` (the signatures) kept with what comes before it: the last table's last
    rows and anything after that table (a legend, a note), never a page of bare signature lines."""
    for i in range(len(story) - 1, -1, -1):
        table = story[i]
        if not isinstance(table, Table):
            continue
        if len(table._cellvalues) <= 2 * KeepTail.TAIL_ROWS + 2:
            # A short table goes over whole, with its heading (``section``'s break and title).
            j = i
            while j > 0 and i - j < 3 and isinstance(story[j - 1], (Paragraph, CondPageBreak, Spacer)):
                j -= 1
            return [*story[:j], KeepTogether([*story[j:], *closing])]
        return [*story[:i], KeepTail(table, [*story[i + 1 :], *closing])]
    return [*story[:-1], KeepTogether([*story[-1:], *closing])] if story else list(closing)
