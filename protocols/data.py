"""What each document says, as plain frozen data built from the models: no reportlab here.

Every ``*_data`` function reads the database once, returns frozen dataclasses of strings, numbers and tuples,
and translates labels into the language active at the call (``protocols.tasks`` activates the tournament's
language, Russian). ``fingerprint(data)`` hashes the data: a document is generated again only when its
fingerprint changed since the last one (``protocols.models.Document``).

Rules are cited as a reader knows them (``tournaments.rules.cite``); the code's clause keys stay in comments.
A document that is not final yet (a draft round's pairings and match protocols, the final protocol, the
chief judge's report and the diplomas of a tournament not finished) carries ``draft``: the renderer prints it
on every page.

The renderers in ``protocols.render`` only lay this data out; the tests check the data here and read each
rendered PDF back once.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.utils.translation import gettext as _

from draw.models import ResultKind
from judging.models import Protest
from protocols.docs.sanctions import RemovedLine, SanctionLine, removed_lines, sanction_lines
from protocols.facts import (
    Fact,
    Heading,
    Signature,
    commission_signatures,
    draft_mark,
    heading,
    local_time,
    official,
    officials_facts,
    panel_signatures,
    person_name,
    regulation_facts,
    signature,
)
from protocols.models import ChiefJudgeReport
from registration.manager import RegistrationProtocol, registration_protocol_data
from registration.models import Gender, Official
from standings import ranking
from tournaments.models import (
    Tournament,
)
from tournaments.rules import cite

# --- shared pieces --------------------------------------------------------------------------------------


# --- round pairing protocol (003: posted 5 minutes before the round) -------------------------------------


# --- match protocol (003) -------------------------------------------------------------------------------


# --- standings ------------------------------------------------------------------------------------------


# --- the round-robin crosstable (турнирная таблица) -----------------------------------------------------


# --- the bracket of an elimination stage ----------------------------------------------------------------


# --- sanctions (004 §5.7) -------------------------------------------------------------------------------


# --- protest decision (004 §5.10, §5.11) ----------------------------------------------------------------


@dataclass(frozen=True)
class ProtestData:
    heading: Heading
    number: int
    filed_at: str
    protester: str
    match: str  # round, table, the two players
    result_then: str
    reasons: str
    arguments: str
    evidence: str
    attachments: tuple[str, ...]
    deposit: str
    status: str
    reviewed_at: str
    rejection: str
    decided_at: str
    decision: str  # the panel's reasons
    consequence: str
    deposit_fate: str
    signatures: tuple[Signature, ...]
    final_rule: str = ""


def _result_text(kind: str, s1: int | None, s2: int | None) -> str:
    if not kind:
        return "—"
    score = f"{s1}:{s2}" if s1 is not None and s2 is not None else ""
    if kind == ResultKind.PLAYED:
        return score or "—"
    label = str(ResultKind(kind).label) if kind in ResultKind.values else kind
    return f"{score} ({label})" if score else label


def protest_decision_data(protest) -> ProtestData:
    """The protest, its evidence, the panel's decision and reasons (004 §5.10: the decision is final)."""
    m = protest.match
    t = protest.tournament
    players = f"{person_name(m.player1)} — {person_name(m.player2)}"
    consequence = ""
    if protest.decided_at is not None:
        consequence = str(protest.get_consequence_display())
        if protest.consequence == "score" and protest.new_score1 is not None:
            consequence = f"{consequence}: {protest.new_score1}:{protest.new_score2}"
        if protest.consequence == Protest.Consequence.TECHNICAL and protest.winner_side in (1, 2):
            loser = m.player2 if protest.winner_side == 1 else m.player1
            consequence = f"{consequence}: {person_name(loser)}"
    deposit = ""
    deposit_fate = ""
    if protest.deposit:
        deposit = f"{protest.deposit:.2f}".replace(".", ",")
        if protest.deposit_returned_at:
            deposit_fate = _("returned %(d)s") % {"d": local_time(protest.deposit_returned_at)}
        elif protest.decided_at is not None or protest.status == "rejected":
            deposit_fate = _("not returned")
    return ProtestData(
        heading=heading(t),
        number=protest.number or 0,
        filed_at=local_time(protest.filed_at),
        protester=person_name(protest.protester),
        match=_("round %(r)s, table %(t)s: %(p)s") % {"r": m.round.number, "t": m.table, "p": players},
        # What the protest was about: the result as it stood when filed, not as the decision left it.
        result_then=_result_text(protest.filed_kind, protest.filed_score1, protest.filed_score2),
        reasons=protest.reasons,
        arguments=protest.arguments,
        evidence=protest.evidence,
        attachments=tuple(a.original_name for a in protest.attachments.all()),
        deposit=deposit,
        status=str(protest.get_status_display()),
        reviewed_at=local_time(protest.reviewed_at),
        rejection=str(protest.get_rejection_display()) if protest.rejection else "",
        decided_at=local_time(protest.decided_at),
        decision=protest.decision_reasons,
        consequence=consequence,
        deposit_fate=deposit_fate,
        signatures=panel_signatures(t),
        final_rule=cite("004 §5.10"),
    )


# --- final protocol (итоговый протокол, 004 §6.2.1, §6.2.3) ---------------------------------------------


# --- registration protocol (004 §5.3.2 item 4) ---------------------------------------------------------


@dataclass(frozen=True)
class RegistrationData:
    heading: Heading
    protocol: RegistrationProtocol
    signatures: tuple[Signature, ...]


def registration_data(t: Tournament) -> RegistrationData:
    """The registration app's protocol (``registration_protocol_data``) with the signature lines."""
    return RegistrationData(heading(t), registration_protocol_data(t), commission_signatures(t))


# --- every match protocol of a round, to print in one go ------------------------------------------------


# --- the schedule (расписание встреч, 004 §6.2.3 item 3) -------------------------------------------------


# --- the chief judge's written report (004 §6.2.1 item 6) ------------------------------------------------


@dataclass(frozen=True)
class CountLine:
    label: str
    men: int
    women: int

    @property
    def total(self) -> int:
        return self.men + self.women


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


def report_data(t: Tournament) -> ReportData:
    notes = ChiefJudgeReport.objects.filter(tournament=t).first()
    people = t.participants.select_related("person")
    by_region: dict[str, list[int]] = {}
    for p in people:
        region = p.person.region or _("region not given")
        counts = by_region.setdefault(region, [0, 0])
        counts[1 if p.person.gender == Gender.FEMALE else 0] += 1
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
    )


# --- diplomas for the places the regulation awards ------------------------------------------------------


@dataclass(frozen=True)
class Diploma:
    place: str
    name: str
    female: bool
    region: str
    club: str


@dataclass(frozen=True)
class DiplomasData:
    heading: Heading
    diplomas: tuple[Diploma, ...]
    signatures: tuple[Signature, ...]
    draft: str = ""


def diplomas_data(t: Tournament) -> DiplomasData:
    """One diploma for each participant placed 1…``awarded_places`` (a shared place 3–4 is a 3rd place
    for both; a removed player gets none, 004 §5.7.3)."""
    computed = ranking.compute(t)
    out = []
    for s in computed.rows:
        if s.removed or s.row.place is None or s.row.place > t.awarded_places:
            continue
        p = s.participant
        out.append(
            Diploma(
                place=str(s.row.place),
                name=p.full_name,
                female=p.person.gender == Gender.FEMALE,
                region=p.person.region,
                club=p.club or p.person.organisation,
            )
        )
    return DiplomasData(
        heading=heading(t),
        diplomas=tuple(out),
        signatures=panel_signatures(t),
        draft=draft_mark(t.status == Tournament.Status.FINISHED),
    )
