"""The federation register's documents (issue 31 §1): a judge's «справка о судейской практике» and the
season's judges' list, as PDFs in the layout of every other document (the shipped font embedded, the page
numbers, the signature lines). They are no tournament's documents: the data are the register's
(``federation.register.practice_certificate``, ``season_judges``), built fresh on each request, and public
like the register's pages (no date of birth, document or contact)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from federation.register import PracticeCertificate, SeasonJudges
from protocols.facts import Heading, Signature, judging_category_short
from protocols.layout import (
    BODY,
    CELL,
    FRAME_W,
    WIDE,
    WIDE_W,
    end_with,
    grid,
    p,
    pdf,
    section,
    signature_block,
    title_block,
)


def _heading() -> Heading:
    # The register's name in the running header; the date is the title block's «по состоянию на».
    return Heading(name=_("Federation register"), dates="", venue="", discipline="", system="")


def _category(code: str, label: str = "") -> str:
    short = judging_category_short(code)
    return f"{short} ({label})" if short and label else short or label or code


def _signatures() -> tuple[Signature, ...]:
    return (Signature(_("Responsible official of the federation"), ""),)


def render_practice(data: PracticeCertificate) -> bytes:
    as_of = f"{data.as_of:%d.%m.%Y}"
    heading = _heading()
    title = _("Certificate of judging practice")
    who = " · ".join(
        x
        for x in (_("Federation ID %(id)s") % {"id": data.federation_id}, data.region, data.organisation)
        if x
    )
    story = title_block(heading, title, data.full_name, who, _("as of %(d)s") % {"d": as_of})
    w = FRAME_W
    story += section(_("Judging categories"))
    if data.categories:
        story.append(
            grid(
                [_("Category"), _("Assigned"), _("Order"), _("Lapses"), _("Status")],
                [
                    [
                        p(_category(c.category, c.label), CELL),
                        f"{c.assigned_on:%d.%m.%Y}",
                        p(c.order, CELL),
                        f"{c.lapses_on:%d.%m.%Y}",
                        _("in force") if c.in_force else _("lapsed"),
                    ]
                    for c in data.categories
                ],
                [w * x for x in (0.27, 0.13, 0.33, 0.13, 0.14)],
                center=(1, 3),
            )
        )
    else:
        story.append(p(_("None."), BODY))
    story += section(_("Judging practice"))
    if data.events:
        story.append(
            grid(
                ["№", _("Dates"), _("Competition"), _("Discipline"), _("Role"), _("Category")],
                [
                    [
                        str(i),
                        f"{e.start:%d.%m.%Y}" + ("" if e.end == e.start else f"–\n{e.end:%d.%m.%Y}"),
                        p(e.tournament + (f", {e.venue}" if e.venue else ""), CELL),
                        p(e.discipline, CELL),
                        p(e.role, CELL),
                        judging_category_short(e.category) or "—",
                    ]
                    for i, e in enumerate(data.events, start=1)
                ],
                [w * x for x in (0.05, 0.13, 0.35, 0.15, 0.2, 0.12)],
                center=(0, 1, 5),
            )
        )
    else:
        story.append(p(_("None."), BODY))
    story.append(p(_("Competitions judged: %(n)s.") % {"n": len(data.events)}, BODY))
    story = end_with(story, signature_block(_signatures(), w, dated=True))
    return pdf(heading, title, story)


def render_season(data: SeasonJudges) -> bytes:
    as_of = f"{data.as_of:%d.%m.%Y}"
    heading = _heading()
    title = _("Judges' list of the season %(y)s") % {"y": data.year}
    story = title_block(heading, title, _("as of %(d)s") % {"d": as_of})
    w = WIDE_W
    if data.rows:
        story.append(
            grid(
                [
                    "№",
                    _("ID"),
                    _("Surname, name, patronymic"),
                    _("Region"),
                    _("Category"),
                    _("Assigned"),
                    _("Order"),
                    _("Lapses"),
                    _("Status"),
                    _("Competitions in the season"),
                ],
                [
                    [
                        str(i),
                        str(r.federation_id),
                        p(r.full_name, CELL),
                        p(r.region, CELL),
                        judging_category_short(r.category.category) or r.category.label,
                        f"{r.category.assigned_on:%d.%m.%Y}",
                        p(r.category.order, CELL),
                        f"{r.category.lapses_on:%d.%m.%Y}",
                        _("in force") if r.category.in_force else _("lapsed"),
                        str(r.events),
                    ]
                    for i, r in enumerate(data.rows, start=1)
                ],
                [w * x for x in (0.04, 0.06, 0.2, 0.12, 0.07, 0.09, 0.2, 0.09, 0.07, 0.06)],
                center=(0, 1, 4, 5, 7, 9),
            )
        )
    else:
        story.append(p(_("None."), BODY))
    story.append(p(_("Judges: %(n)s.") % {"n": len(data.rows)}, BODY))
    story = end_with(story, signature_block(_signatures(), w, dated=True))
    return pdf(heading, title, story, size=WIDE)
