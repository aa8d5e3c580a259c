"""The chief judge's written report (004 §6.2.1 item 6): the competition, participants by region and gender,
officials, protests, sanctions and removals, winners, the chief judge's own notes (``ChiefJudgeReport``) or
lines to write them, his signature.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from judging.models import Protest
from protocols import keys
from protocols.docs.sanctions import RemovedLine, SanctionLine, removed_lines, sanction_lines
from protocols.facts import (
    Fact,
    Heading,
    Signature,
    draft_mark,
    heading,
    official,
    officials_facts,
    person_name,
    regulation_facts,
    signature,
)
from protocols.layout import (
    BODY,
    CELL,
    FRAME_W,
    SMALL,
    Progress,
    facts_table,
    grid,
    p,
    pairs_table,
    pdf,
    section,
    signatures,
    title_block,
)
from protocols.models import ChiefJudgeReport, JudgeEvaluation
from protocols.registry import register
from registration.models import Gender, Official
from standings import ranking
from tournaments.models import Tournament
from tournaments.rules import cite

# --- data ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CountLine:
    label: str
    men: int
    women: int

    @property
    def total(self) -> int:
        return self.men + self.women


@dataclass(frozen=True)
class EvaluationLine:
    """004 §6.2.1 item 7: a judge's mark and the chief judge's comment."""

    name: str
    role: str
    mark: str
    comment: str


@dataclass(frozen=True)
class ReportData:
    heading: Heading
    details: tuple[Fact, ...]
    regions: tuple[CountLine, ...]  # participants by region and gender
    officials: tuple[Fact, ...]
    protests: tuple[Fact, ...]  # filed, accepted, upheld, dismissed, not accepted
    sanctions: tuple[SanctionLine, ...]
    removed: tuple[RemovedLine, ...]
    winners: tuple[tuple[str, str], ...]  # (place, name) of the places awarded
    conditions: str
    course: str
    remarks: str
    signatures: tuple[Signature, ...]
    draft: str = ""
    report_rule: str = ""
    evaluations: tuple[EvaluationLine, ...] = ()  # 004 §6.2.1 item 7
    evaluation_rule: str = ""


def build(t: Tournament) -> ReportData:
    notes = ChiefJudgeReport.objects.filter(tournament=t).first()
    people = t.participants.select_related("person")
    by_region: dict[str, list[int]] = {}
    for one in people:
        region = one.data.region or _("region not given")
        counts = by_region.setdefault(region, [0, 0])
        counts[1 if one.data.gender == Gender.FEMALE else 0] += 1
    regions = tuple(
        CountLine(r, m, w) for r, (m, w) in sorted(by_region.items(), key=lambda x: (-sum(x[1]), x[0]))
    )
    protests = Counter(Protest.objects.filter(tournament=t).values_list("status", flat=True))
    protest_facts = (
        Fact(_("Protests filed"), str(sum(protests.values()))),
        Fact(_("not accepted for consideration"), str(protests[Protest.Status.REJECTED])),
        Fact(_("upheld"), str(protests[Protest.Status.UPHELD])),
        Fact(_("dismissed"), str(protests[Protest.Status.DISMISSED])),
        Fact(_("still open"), str(protests[Protest.Status.FILED] + protests[Protest.Status.ACCEPTED])),
    )
    computed = ranking.compute(t)
    winners = tuple(
        (s.row.place_label, person_name(s.participant))
        for s in computed.rows
        if s.row.place is not None and s.row.place <= t.awarded_places and not s.removed
    )
    finished = t.status == Tournament.Status.FINISHED
    return ReportData(
        heading=heading(t),
        details=regulation_facts(t),
        regions=regions,
        officials=officials_facts(t),
        protests=protest_facts,
        sanctions=sanction_lines(t),
        removed=removed_lines(t),
        winners=winners,
        conditions=notes.conditions if notes else "",
        course=notes.course if notes else "",
        remarks=notes.remarks if notes else "",
        signatures=(signature(_("Chief judge"), official(t, Official.Role.CHIEF_JUDGE)),),
        draft=draft_mark(finished),
        report_rule=cite("004 §6.2.1 item 6"),
        evaluations=tuple(
            EvaluationLine(e.official.person.full_name, e.official.role_display, str(e.mark), e.comment)
            for e in JudgeEvaluation.objects.filter(official__tournament=t)
            .select_related("official__person", "official__team")
            .order_by("official__role", "official__person__surname")
        ),
        evaluation_rule=cite("004 §6.2.1 item 7"),
    )


# --- PDF -------------------------------------------------------------------------------------------------


def render(data: ReportData, progress: Progress | None = None) -> bytes:
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
    for notes, text in (
        (_("7. Venue and conditions of play"), data.conditions),
        (_("8. How the competition went"), data.course),
        (_("9. Remarks and proposals"), data.remarks),
    ):
        story += section(notes, 25 * mm)
        if text:
            story.append(p(text, BODY))
        else:
            story.extend(p("_" * 95, BODY) for _i in range(3))
    story += section(_("10. Evaluation of the judges (%(rule)s)") % {"rule": data.evaluation_rule})
    if data.evaluations:
        story.append(
            grid(
                [_("Judge"), _("Role"), _("Mark"), _("Comment")],
                [[p(e.name, CELL), p(e.role, CELL), e.mark, p(e.comment, CELL)] for e in data.evaluations],
                [w * 0.28, w * 0.2, w * 0.08, w * 0.44],
                center=(2,),
            )
        )
    else:
        story.append(p(_("The chief judge has not evaluated the judges."), BODY))
    story.append(signatures(data.signatures, w))
    return pdf(data.heading, title, story, progress=progress, draft=data.draft)


# --- the registration ------------------------------------------------------------------------------------


DOCUMENT = register(
    kind="report",
    title=gettext_lazy("chief judge's report"),
    build=keys.whole(build),
    render=render,
    public=keys.officials_only,
    listed=keys.listed_for_officials,
    place=90,
    file_name="отчёт главного судьи",
)
