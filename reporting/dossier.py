"""The rank dossiers (issue 32 §3): for each athlete whose place fulfilled a rank, the papers the federation
files with the application — one PDF per athlete, one ZIP per event.

Each dossier holds three parts:

1. the extract from the final protocol: the title block, the athlete's own line as the final protocol prints
   it (``protocols.docs.standings.standing_lines``, over the same norms, ``federation.norms``) and the panel's
   signatures (``protocols.facts.panel_signatures``);
2. the certificate of the judging panel's make-up and qualification: every accredited official (not a team's
   representative or coach) with his role, his category as accredited and as the federation's register has it
   on the first day (``federation.JudgeCategory``), and his city;
3. the application, pre-filled: the ЕКП number and the competition's status (the season's calendar,
   ``season.CalendarEvent``), the discipline's ВРВС code (``season.DisciplineCode``), the athlete's data, his
   place and the rank — «выполнил» for a rank higher than the one held, «подтвердил» for the rank held where
   the norms count a confirmation. A rank not higher than the one held (and not confirmed) is not offered.

The data are plain (``dossiers(t)``, unit-tested); ``render`` is the thin PDF layer over protocols' kit.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Callable
from dataclasses import dataclass

from django.utils import translation
from django.utils.translation import gettext as _
from reportlab.platypus import PageBreak

from federation.models import JudgeCategory
from federation.norms import effective_norms, field_of
from protocols.docs.standings import StandingLine, shown_keys, standing_lines
from protocols.documents import DOCUMENT_LANGUAGE
from protocols.facts import (
    Column,
    Heading,
    Signature,
    heading,
    judging_category_short,
    panel_signatures,
    rank_short,
    tiebreak_columns,
)
from protocols.layout import (
    CELL,
    FRAME_W,
    H2,
    SMALL,
    capfirst,
    grid,
    p,
    pairs_table,
    pdf,
    signatures,
    title_block,
)
from protocols.names import latin
from registration.models import Official, Qualification
from registration.permissions import SPEAKERS
from season.models import CalendarEvent, DisciplineCode
from standings import ranking
from tournaments.models import Category, Tournament


@dataclass(frozen=True)
class PanelLine:
    role: str
    name: str
    category: str  # as accredited (ССВК, СС1К…)
    register: str  # as the federation's register has it on the first day ("" where it has none)
    city: str


@dataclass(frozen=True)
class Papers:
    """What every dossier of one event shares."""

    heading: Heading
    columns: tuple[Column, ...]
    signatures: tuple[Signature, ...]
    panel: tuple[PanelLine, ...]
    ekp_number: str
    discipline_code: str
    status: str
    norms: str  # where the norms come from: the ЕВСК document, or the regulation


@dataclass(frozen=True)
class Dossier:
    participant_id: int
    papers: Papers
    line: StandingLine  # the athlete's line of the final protocol
    name: str
    short_name: str
    birth: str
    region: str
    organisation: str
    held: str  # the rank held, as the protocol prints it
    place: str
    rank: str  # the rank fulfilled (code)
    confirmed: bool  # «подтвердил» (the rank held, the norms counting a confirmation), else «выполнил»

    @property
    def verdict(self) -> str:
        rank = str(Qualification(self.rank).label)
        if self.confirmed:
            return _("confirmed the sports rank «%(r)s»") % {"r": rank}
        return _("fulfilled the norm of the sports rank «%(r)s»") % {"r": rank}

    @property
    def file_name(self) -> str:
        return f"{self.place.replace('–', '-')}_{latin(self.short_name)}_{self.participant_id}.pdf"


def calendar_of(t: Tournament) -> CalendarEvent | None:
    """The season's calendar line of the tournament's competition (issue 32 §1), if it has one."""
    if t.competition_id is None:
        return None
    return CalendarEvent.objects.filter(competition_id=t.competition_id).select_related("season").first()


def status_of(t: Tournament, event: CalendarEvent | None) -> str:
    """The competition's status: the calendar's, else the competition's, else the tournament's."""
    code = (event.status if event else "") or (t.competition.category if t.competition else "") or t.category
    return str(Category(code).label) if code else ""


def discipline_code(t: Tournament) -> str:
    return DisciplineCode.objects.filter(discipline=t.discipline).values_list("code", flat=True).first() or ""


def panel(t: Tournament) -> tuple[PanelLine, ...]:
    """The certificate's lines: the accredited officials (by hierarchy), their categories (2 queries)."""
    officials = list(
        t.officials.filter(accredited=True)
        .exclude(role__in=SPEAKERS)
        .select_related("person")
        .order_by(Official.by_hierarchy(), "person__surname", "person__name")
    )
    held: dict[int, str] = {}
    # The register's category in force on the first day: the latest assigned on or before it.
    cats = JudgeCategory.objects.filter(
        person_id__in={o.person_id for o in officials},
        assigned_on__lte=t.start_date,
        lapses_on__gte=t.start_date,
    )
    for c in cats.order_by("person_id", "assigned_on", "id"):
        held[c.person_id] = c.category
    return tuple(
        PanelLine(
            capfirst(str(o.get_role_display())),
            o.person.full_name,
            judging_category_short(o.judging_category),
            judging_category_short(held.get(o.person_id, "")),
            o.city,
        )
        for o in officials
    )


def papers(t: Tournament, columns: tuple[Column, ...] = (), norms_text: str = "") -> Papers:
    event = calendar_of(t)
    return Papers(
        heading=heading(t),
        columns=columns,
        signatures=panel_signatures(t),
        panel=panel(t),
        ekp_number=event.ekp_number if event else "",
        discipline_code=discipline_code(t),
        status=status_of(t, event),
        norms=norms_text,
    )


def dossiers(t: Tournament) -> list[Dossier]:
    """Issue 32 §3: one dossier for each athlete whose place fulfilled a rank that counts (higher than the one
    held, or confirmed where the norms count a confirmation), in the order of the final protocol. In the
    documents' language (filed in Russian whatever the reader's)."""
    with translation.override(DOCUMENT_LANGUAGE):
        return _dossiers(t)


def _dossiers(t: Tournament) -> list[Dossier]:
    norms = effective_norms(t)
    if not norms:
        return []
    computed = ranking.compute(t)
    keys = shown_keys(t, computed)
    lines = standing_lines(t, computed.rows, keys, norms, computed)
    participants, regions = field_of(s.participant.data.region for s in computed.rows if not s.removed)
    shared = papers(t, tiebreak_columns(keys), norms.document or _("the regulation of the competition"))
    out = []
    for s, line in zip(computed.rows, lines, strict=True):
        if s.removed:
            continue
        part = s.participant
        code = norms.fulfilled(s.row.place_to or s.row.place, participants, regions)
        counts = norms.counts(code, part.qualification)
        if not counts:  # not higher than the rank held, and no confirmation: not offered
            continue
        data = part.data
        out.append(
            Dossier(
                participant_id=part.pk,
                papers=shared,
                line=line,
                name=part.full_name,
                short_name=data.short_name,
                birth=data.birth_display,
                region=data.region,
                organisation=data.organisation,
                held=str(Qualification(part.qualification).label) if part.qualification else "",
                place=s.row.place_label,
                rank=code,
                confirmed=counts == "confirmed",
            )
        )
    return out


# --- PDF -------------------------------------------------------------------------------------------------


def _extract(d: Dossier) -> list:
    w = FRAME_W
    head = [_("Place"), _("Participant"), _("Year"), _("Rank"), _("Region"), _("Points")]
    head += [c.abbr for c in d.papers.columns] + [_("Rank fulfilled")]
    x = d.line
    row = [x.place, p(x.name, CELL), x.year, x.rank, p(x.region, CELL), x.points, *x.metrics, x.fulfilled]
    n = len(d.papers.columns)
    rest = w * 0.42
    widths = [w * 0.07, w * 0.25, w * 0.07, w * 0.06, w * 0.13] + [rest / (n + 2)] * (n + 2)
    return [
        *title_block(d.papers.heading, _("Extract from the final protocol")),
        grid(head, [row], widths),
        p(_("The ranks fulfilled by: %(n)s.") % {"n": d.papers.norms}, SMALL),
        signatures(d.papers.signatures, w, dated=True),
    ]


def _certificate(d: Dossier) -> list:
    w = FRAME_W
    rows = [
        [p(x.role, CELL), p(x.name, CELL), x.category, x.register or "—", p(x.city, CELL)]
        for x in d.papers.panel
    ]
    return [
        *title_block(d.papers.heading, _("Certificate of the judging panel's make-up and qualification")),
        grid(
            [_("Role"), _("Full name"), _("Category"), _("By the register"), _("City")],
            rows or [["—", "", "", "", ""]],
            [w * 0.26, w * 0.34, w * 0.12, w * 0.13, w * 0.15],
        ),
        signatures(d.papers.signatures[:1], w, dated=True),
    ]


def _application(d: Dossier) -> list:
    w = FRAME_W
    h = d.papers.heading
    facts = [
        (_("ЕКП number"), d.papers.ekp_number),
        (_("ВРВС code of the discipline"), d.papers.discipline_code),
        (_("Status of the competition"), d.papers.status),
        (_("Discipline"), h.discipline),
        (_("Competition"), " · ".join(x for x in (h.competition, h.name) if x)),
        (_("Dates and venue"), " · ".join(x for x in (h.dates, h.venue) if x)),
        (_("Full name"), d.name),
        (_("Date of birth"), d.birth),
        (_("Region"), d.region),
        (_("Organisation"), d.organisation),
        (_("Rank held"), d.held or rank_short("none")),
        (_("Place"), d.place),
    ]
    return [
        *title_block(h, _("Application for the assignment of a sports rank")),
        pairs_table([(capfirst(label), value) for label, value in facts], w),
        p(_("Result: %(v)s (%(n)s).") % {"v": d.verdict, "n": d.papers.norms}, H2),
        p(_("Enclosed: the extract from the final protocol; the certificate of the judging panel."), SMALL),
        signatures(d.papers.signatures[:1], w, dated=True),
    ]


def render(d: Dossier) -> bytes:
    with translation.override(DOCUMENT_LANGUAGE):
        return _render(d)


def _render(d: Dossier) -> bytes:
    story = [*_extract(d), PageBreak(), *_certificate(d), PageBreak(), *_application(d)]
    return pdf(d.papers.heading, _("Rank dossier: %(n)s") % {"n": d.short_name}, story)


def archive(items: list[Dossier], progress: Callable[[int], None] | None = None) -> bytes:
    """One ZIP of the event's dossiers, a PDF each."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in enumerate(items, start=1):
            z.writestr(d.file_name, render(d))
            if progress is not None:
                progress(n)
    return buffer.getvalue()
