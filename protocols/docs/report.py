"""The chief judge's written report (004 §6.2.1 item 6) with the items of the Ministry's «Отчёт главной
судейской коллегии» as figures (issue 30 item 11): the competition; the participants — in all, from how many
regions, men and women, the representatives and coaches, by region and by sports rank; the judges — in all,
from other cities, by category (ССВК … ЮСС), the panel in its hierarchy; protests; sanctions, removals and the
results not played over the board, counted and listed; the prize-winners by the event's own ranking (the teams
in a team event); the ranks fulfilled; the chief judge's own notes (``ChiefJudgeReport``) or lines to write
them; his signature with the date and the seal's place.

The figures are counted from the same rows the other documents print (``facts.prize_winners``,
``facts.technical_lines``, ``standings.fulfilled_text``): the report and the final protocol cannot disagree.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from federation.norms import effective_norms, field_of
from judging.models import Protest, Sanction, TeamSanction
from protocols import keys
from protocols.docs.sanctions import RemovedLine, SanctionLine, removed_lines, sanction_lines
from protocols.docs.standings import fulfilled_text
from protocols.facts import (
    Fact,
    Heading,
    Signature,
    TechnicalLine,
    draft_mark,
    heading,
    judging_category_short,
    official,
    officials_facts,
    participants_text,
    person_name,
    prize_winners,
    rank_short,
    regulation_facts,
    signature,
    technical_lines,
)
from protocols.layout import (
    BODY,
    CELL,
    FRAME_W,
    SMALL,
    Progress,
    end_with,
    facts_table,
    grid,
    p,
    pairs_table,
    pdf,
    section,
    signature_block,
    title_block,
)
from protocols.models import ChiefJudgeReport, JudgeEvaluation
from protocols.registry import register
from registration.models import Gender, JudgingCategory, Official, Participant
from standings import ranking
from tournaments.models import Tournament
from tournaments.rules import cite

# The sports ranks as the Ministry's form counts them, highest first (ЗМС … I р., then the rest).
RANKS = ("zms", "msmk", "ms", "cms", "adult1", "adult2", "adult3", "youth1", "youth2", "youth3", "none")
# The officials who are sports judges (the panel, the judges, the secretaries): not the admission
# commission's members from the organiser, not a team's representative.
JUDGES = (
    Official.Role.CHIEF_JUDGE,
    Official.Role.DEPUTY_CHIEF_JUDGE,
    Official.Role.CHIEF_SECRETARY,
    Official.Role.DEPUTY_CHIEF_SECRETARY,
    Official.Role.JUDGE,
    Official.Role.SECRETARY,
)

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
    winners: tuple[tuple[str, str], ...]  # (place, name) of the prize-winners, by the event's own ranking
    conditions: str
    course: str
    remarks: str
    signatures: tuple[Signature, ...]
    draft: str = ""
    report_rule: str = ""
    # The Ministry's form as figures (issue 30 item 11).
    people: tuple[Fact, ...] = ()  # in all, regions, men, women, representatives and coaches
    ranks: tuple[tuple[str, int], ...] = ()  # athletes by the rank held, highest first
    judges: tuple[Fact, ...] = ()  # in all, from other cities, by category
    counts: tuple[Fact, ...] = ()  # sanctions and results not played over the board, by kind
    technical: tuple[TechnicalLine, ...] = ()
    fulfilled: tuple[tuple[str, int], ...] = ()  # ranks fulfilled, by rank
    fulfilled_by: tuple[tuple[str, str], ...] = ()  # (name, rank) of each
    team_winners: bool = False  # the winners are teams (a team event)
    evaluations: tuple[EvaluationLine, ...] = ()  # 004 §6.2.1 item 7
    evaluation_rule: str = ""


def _people(t: Tournament, participants: list[Participant]) -> tuple[Fact, ...]:
    """004 §6.2.1 item 6, the Ministry's form item 4: the participants in all, from how many regions, the
    athletes (men, women; both people of a pair), the representatives and coaches."""
    athletes = [x for one in participants for x in ([one.data] + ([one.partner] if one.partner else []))]
    women = sum(1 for x in athletes if x.gender == Gender.FEMALE)
    regions = {x.region.strip().casefold() for x in athletes if x.region and x.region.strip()}
    coaches = {" ".join(one.coach.split()).casefold() for one in participants if one.coach.strip()}
    representatives = set(
        t.officials.filter(role=Official.Role.REPRESENTATIVE, accredited=True).values_list(
            "person_id", flat=True
        )
    )
    total = participants_text(Counter(one.status for one in participants))
    out = [
        Fact(_("Participants"), total),
        Fact(_("Regions (subjects of the Russian Federation)"), str(len(regions))),
        Fact(
            _("Athletes"),
            _("%(n)s: men %(m)s, women %(w)s") % {"n": len(athletes), "m": len(athletes) - women, "w": women},
        ),
        Fact(_("Representatives and coaches"), str(len(representatives) + len(coaches))),
    ]
    if t.is_team_event:
        teams = list(t.teams.values_list("removed", flat=True))
        out.insert(1, Fact(_("Teams (004 §1.3.4)"), str(len(teams))))
    return tuple(out)


def _ranks(participants: list[Participant]) -> tuple[tuple[str, int], ...]:
    counts = Counter(one.qualification or "none" for one in participants)
    return tuple((rank_short(code), counts[code]) for code in RANKS)


def _judges(t: Tournament) -> tuple[Fact, ...]:
    """The Ministry's form item 5: the judges in all, from other cities (a city given that is not the
    venue's), by category as the Ministry abbreviates it."""
    judges: dict[int, Official] = {}
    for o in (
        t.officials.filter(accredited=True, role__in=JUDGES)
        .select_related("person")
        .order_by(Official.by_hierarchy(), "pk")
    ):
        judges.setdefault(o.person_id, o)  # a person once, at his highest role
    venue = t.venue.casefold()
    away = sum(1 for o in judges.values() if o.city.strip() and o.city.strip().casefold() not in venue)
    by_category = Counter(o.judging_category for o in judges.values())
    categories = [
        f"{judging_category_short(code)} — {by_category[code]}"
        for code in JudgingCategory.values
        if by_category[code]
    ]
    if by_category[""]:
        categories.append(_("without a category — %(n)s") % {"n": by_category[""]})
    return (
        Fact(_("Judges"), str(len(judges))),
        Fact(_("of them from other cities"), str(away)),
        Fact(_("By category"), "; ".join(categories) or "—"),
    )


def _counts(t: Tournament, technical: tuple[TechnicalLine, ...]) -> tuple[Fact, ...]:
    kinds = Counter(Sanction.objects.filter(tournament=t).values_list("kind", flat=True))
    kinds.update(TeamSanction.objects.filter(tournament=t).values_list("kind", flat=True))
    results = Counter(x.kind for x in technical)
    return (
        Fact(_("Warnings"), str(kinds[Sanction.Kind.WARNING])),
        Fact(_("Removals (%(rule)s)") % {"rule": cite("004 §5.7.3")}, str(kinds[Sanction.Kind.REMOVAL])),
        Fact(_("Disqualifications"), str(kinds[Sanction.Kind.DISQUALIFICATION])),
        Fact(
            _("Other sanctions (technical defeats, points deductions)"),
            str(kinds[Sanction.Kind.TECHNICAL_DEFEAT] + kinds[Sanction.Kind.POINTS_DEDUCTION]),
        ),
        Fact(_("Technical defeats by the judging panel (a no-show)"), str(results["panel"])),
        Fact(_("Technical defeats after a removal or a withdrawal"), str(results["technical"])),
        Fact(_("Losses on time"), str(results["time"])),
        Fact(_("Results annulled"), str(results["annulled"])),
    )


def build(t: Tournament) -> ReportData:
    notes = ChiefJudgeReport.objects.filter(tournament=t).first()
    participants = list(t.participants.select_related("person", "partner"))
    by_region: dict[str, list[int]] = {}
    for one in participants:
        for data in [one.data] + ([one.partner] if one.partner else []):
            region = data.region or _("region not given")
            counts = by_region.setdefault(region, [0, 0])
            counts[1 if data.gender == Gender.FEMALE else 0] += 1
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
    winners = prize_winners(t, computed)
    # The ranks fulfilled: the final protocol's column, counted (a shared place counts as its lowest).
    norms = effective_norms(t)  # issue 32 §3: the ЕВСК table where it has the event, else its own
    field, regions_count = field_of(s.participant.data.region for s in computed.rows if not s.removed)
    fulfilled: list[tuple[str, str]] = []
    for s in computed.rows:
        worst = s.row.place_to or s.row.place
        code = norms.fulfilled(worst, field, regions_count) if norms and not s.removed else ""
        text = fulfilled_text(code, s.participant.qualification, norms.confirms(code))
        if text:
            fulfilled.append((person_name(s.participant), text))
    technical = technical_lines(t)
    finished = t.status == Tournament.Status.FINISHED
    return ReportData(
        heading=heading(t),
        details=regulation_facts(t),
        regions=regions,
        officials=officials_facts(t),
        protests=protest_facts,
        sanctions=sanction_lines(t),
        removed=removed_lines(t),
        winners=tuple((str(w.place), w.name) for w in winners),
        conditions=notes.conditions if notes else "",
        course=notes.course if notes else "",
        remarks=notes.remarks if notes else "",
        signatures=(signature(_("Chief judge"), official(t, Official.Role.CHIEF_JUDGE)),),
        draft=draft_mark(finished),
        report_rule=cite("004 §6.2.1 item 6"),
        people=_people(t, participants),
        ranks=_ranks(participants),
        judges=_judges(t),
        counts=_counts(t, technical),
        technical=technical,
        fulfilled=tuple(sorted(Counter(r for _n, r in fulfilled).items(), key=lambda x: x[0])),
        fulfilled_by=tuple(fulfilled),
        team_winners=any(w.team for w in winners) and t.is_team_event,
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
    story += section(_("2. Participants"))
    story.append(pairs_table([(f.label, f.value) for f in data.people], w))
    story.append(Spacer(1, 2 * mm))
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
    if data.ranks:
        story.append(Spacer(1, 2 * mm))
        story.append(p(_("Athletes by the sports rank or title held:"), BODY))
        story.append(
            grid(
                [label for label, _n in data.ranks] + [_("Total")],
                [[str(n) for _label, n in data.ranks] + [str(sum(n for _label, n in data.ranks))]],
                [w / (len(data.ranks) + 1)] * (len(data.ranks) + 1),
                center=range(len(data.ranks) + 1),
                head_center=range(len(data.ranks) + 1),
            )
        )
    story += section(_("3. Judges and officials"))
    story.append(pairs_table([(f.label, f.value) for f in data.judges], w))
    story.append(Spacer(1, 2 * mm))
    if data.officials:
        story.append(facts_table([(f.label, f.value) for f in data.officials], w))
    else:
        story.append(p(_("None."), BODY))
    story += section(_("4. Protests"))
    story.append(pairs_table([(f.label, f.value) for f in data.protests], w))
    story += section(_("5. Sanctions, removals, results not played over the board"))
    story.append(pairs_table([(f.label, f.value) for f in data.counts], w))
    story.append(Spacer(1, 2 * mm))
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
    if data.technical:
        story.append(Spacer(1, 2 * mm))
        story.append(
            grid(
                [_("Round"), _("Table"), _("Match"), _("Result")],
                [[str(x.round), str(x.table), p(x.players, CELL), p(x.label, CELL)] for x in data.technical],
                [w * 0.08, w * 0.08, w * 0.36, w * 0.48],
                center=(0, 1),
            )
        )
    story += section(_("6. Prize-winners"))
    if data.winners:
        story.append(
            grid(
                [_("Place"), _("Team") if data.team_winners else _("Participant")],
                [[pl, p(n, CELL)] for pl, n in data.winners],
                [w * 0.12, w * 0.6],
                center=(0,),
            )
        )
    else:
        story.append(p(_("The places are not decided yet."), BODY))
    story += section(_("7. Sports ranks fulfilled"))
    if data.fulfilled_by:
        counts = "; ".join(f"{rank} — {n}" for rank, n in data.fulfilled)
        story.append(p(counts, BODY))
        story.append(p("; ".join(f"{name} ({rank})" for name, rank in data.fulfilled_by), SMALL))
    else:
        story.append(p(_("None."), BODY))
    for notes, text in (
        (_("8. Venue and conditions of play"), data.conditions),
        (_("9. How the competition went"), data.course),
        (_("10. Remarks and proposals"), data.remarks),
    ):
        story += section(notes, 25 * mm)
        if text:
            story.append(p(text, BODY))
        else:
            story.extend(p("_" * 95, BODY) for _i in range(3))
    story += section(_("11. Evaluation of the judges (%(rule)s)") % {"rule": data.evaluation_rule})
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
    story = end_with(story, signature_block(data.signatures, w, dated=True))
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
