"""Thin renderers: plain data from ``protocols.data`` to PDF bytes, drawn with the layout kit
(``protocols.layout``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.platypus import (
    Flowable,
    PageBreak,
    Spacer,
)

from protocols import data as d
from protocols.layout import (
    BODY,
    BOLD,
    CELL,
    FONT,
    FRAME_W,
    SMALL,
    WIDE,
    WIDE_W,
    Progress,
    facts_table,
    frame_height,
    frame_width,
    grid,
    p,
    pairs_table,
    pdf,
    printable,
    section,
    signatures,
    title_block,
)

# --- round pairing protocol -----------------------------------------------------------------------------


# --- match protocol -------------------------------------------------------------------------------------


# --- standings and the final places ---------------------------------------------------------------------


# --- crosstable -----------------------------------------------------------------------------------------


# --- bracket chart --------------------------------------------------------------------------------------


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
