"""The series standings as a PDF (protocols' layout kit) and as CSV/XLSX (public's writers), built from one
plain table (``series_table``), unit-tested apart from the renderers (issue 32 §2)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from protocols.facts import Heading, Signature
from protocols.layout import (
    BODY,
    CELL,
    FRAME_W,
    PORTRAIT,
    WIDE,
    WIDE_W,
    end_with,
    grid,
    p,
    pdf,
    signature_block,
    title_block,
)
from public.exports import INT, NUMBER, PLACE, TEXT, Column, Sheet
from registration.models import Qualification
from season.manager import SeriesStandings


def number(x: Fraction | None) -> str:
    """12, 12.5, 12 1/3 → "12", "12,5", "12,33" as the documents print points; None → "—"."""
    if x is None:
        return "—"
    if x.denominator == 1:
        return str(x.numerator)
    return f"{float(x):.2f}".rstrip("0").replace(".", ",")


@dataclass(frozen=True)
class Line:
    place: str
    federation_id: int
    name: str
    region: str
    cells: tuple[str, ...]  # each stage's score as printed: "12", "(3)" not counted, "—" missed
    total: Fraction
    played: int
    qualified: str  # the seed in the final, or ""
    rank: str = ""  # the ЕВСК rank his series place fulfilled (issue 32 §3), as printed


@dataclass(frozen=True)
class SeriesTable:
    title: str
    subtitle: str
    stages: tuple[str, ...]
    lines: tuple[Line, ...]


def series_table(st: SeriesStandings) -> SeriesTable:
    seeds = {q.person: q.seed for q in st.qualifiers}
    lines = []
    for r in st.rows:
        person = st.people.get(r.person)
        lines.append(
            Line(
                place=r.place_label,
                federation_id=int(r.person),
                name=person.full_name if person else r.person,
                region=person.region if person else "",
                cells=tuple(
                    "—" if c.missed else number(c.score) if c.counted else f"({number(c.score)})"
                    for c in r.cells
                ),
                total=r.total,
                played=r.played,
                qualified=str(seeds[r.person]) if r.person in seeds else "",
                rank=str(Qualification(st.ranks[r.person]).label) if r.person in st.ranks else "",
            )
        )
    s = st.series
    now = timezone.localtime()
    state = (
        _("live, as of %(t)s") % {"t": f"{now:%d.%m.%Y %H:%M}"}
        if st.live
        else _("as of %(t)s") % {"t": f"{now:%d.%m.%Y}"}
    )
    return SeriesTable(
        title=s.name,
        subtitle=f"{s.get_kind_display()} · {s.season} · {s.get_scoring_display()} · {state}",
        stages=tuple(
            f"{v.stage.number}{pgettext('final stage', 'F') if v.stage.is_final else ''}" for v in st.held
        ),
        lines=tuple(lines),
    )


def render_pdf(table: SeriesTable) -> bytes:
    heading = Heading(name=table.title, dates="", venue="", discipline="", system="")
    wide = len(table.stages) > 5
    w = WIDE_W if wide else FRAME_W
    story = title_block(heading, _("Series standings"), table.subtitle)
    n = len(table.stages)
    ranked = any(line.rank for line in table.lines)  # the rank each place fulfilled (issue 32 §3)
    fixed = [0.07, 0.07, 0.3 if not wide else 0.22, 0.16 if not wide else 0.12]
    tail = [0.08, 0.06] + ([0.14] if ranked else [])
    if ranked:
        fixed[2] -= 0.06
    share = (1 - sum(fixed) - sum(tail)) / max(n, 1)
    widths = [w * x for x in fixed + [share] * n + tail]
    header = [
        _("Place"),
        _("ID"),
        _("Surname, name, patronymic"),
        _("Region"),
        *table.stages,
        _("Sum"),
        _("Seed"),
        *([_("Rank fulfilled")] if ranked else []),
    ]
    rows = [
        [line.place, str(line.federation_id), p(line.name, CELL), p(line.region, CELL), *line.cells,
         number(line.total), line.qualified, *([p(line.rank, CELL)] if ranked else [])]
        for line in table.lines
    ]  # fmt: skip
    story.append(grid(header, rows, widths, center=(0, 1, *range(4, 6 + n))))
    story.append(p(_("A result in brackets does not count (dropped); «—» a stage missed."), BODY))
    story = end_with(story, signature_block((Signature(_("Responsible official of the federation"), ""),), w))
    return pdf(heading, _("Series standings"), story, size=WIDE if wide else PORTRAIT)


def sheet(table: SeriesTable) -> Sheet:
    columns = [
        Column(_("Place"), PLACE),
        Column(_("Federation ID"), INT),
        Column(_("Surname, name, patronymic"), TEXT),
        Column(_("Region"), TEXT),
        *[Column(_("Stage %(n)s") % {"n": s}, TEXT) for s in table.stages],
        Column(_("Sum"), NUMBER),
        Column(_("Stages played"), INT),
        Column(_("Seed in the final"), TEXT),
        Column(_("Rank fulfilled"), TEXT),
    ]
    rows = [
        [
            line.place,
            line.federation_id,
            line.name,
            line.region,
            *line.cells,
            line.total,
            line.played,
            line.qualified,
            line.rank,
        ]
        for line in table.lines
    ]
    return Sheet(_("Series"), [table.title, table.subtitle], columns, rows)
