"""The final protocol (итоговый протокол, 004 §6.2.1, §6.2.3): the competition and its regulation, the
officials, the places with the federation's columns (in a team event the teams' places first), the removed
players, protests, sanctions, the reopenings, signatures; ПРОЕКТ on every page until the tournament is
finished.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer

from federation.norms import effective_norms
from judging.models import Protest
from protocols import keys
from protocols.docs.sanctions import RemovedLine, SanctionLine, match_label, removed_lines, sanction_lines
from protocols.docs.standings import (
    StandingLine,
    TeamLine,
    TeamResultLine,
    legend,
    players_title,
    shown_keys,
    standing_lines,
    standings_table,
    team_lines,
    team_ranking_text,
    team_result_lines,
    team_results_legend,
    team_results_table,
    teams_section,
)
from protocols.facts import (
    Column,
    Fact,
    Heading,
    QualifierLine,
    Signature,
    TechnicalLine,
    heading,
    local_time,
    officials_facts,
    panel_signatures,
    qualification_lines,
    regulation_facts,
    technical_lines,
    tiebreak_columns,
)
from protocols.layout import (
    BODY,
    CELL,
    H2,
    WIDE,
    Progress,
    facts_table,
    frame_width,
    grid,
    p,
    pairs_table,
    pdf,
    section,
    signature_block,
    title_block,
)
from protocols.registry import Listed, register
from standings import ranking
from tournaments.models import AuditEntry, System, Tournament
from tournaments.rules import cite

# --- data ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ProtestLine:
    number: int
    filed_at: str
    protester: str
    match: str
    status: str
    consequence: str


@dataclass(frozen=True)
class Reopening:
    when: str
    by: str
    reason: str


@dataclass(frozen=True)
class FinalProtocolData:
    heading: Heading
    signed: bool  # the tournament is finished: the protocol is final, not a draft
    finished_at: str
    reopened: tuple[Reopening, ...]  # each time the chief judge reopened it, with his reason (004 §6.2.1)
    qualification: tuple[QualifierLine, ...]  # a mixed event: who reached the playoff and how
    details: tuple[Fact, ...]
    officials: tuple[Fact, ...]
    columns: tuple[Column, ...]
    rows: tuple[StandingLine, ...]
    teams: tuple[TeamLine, ...]
    removed: tuple[RemovedLine, ...]
    protests: tuple[ProtestLine, ...]
    sanctions: tuple[SanctionLine, ...]
    signatures: tuple[Signature, ...]
    draft: str = ""
    with_norms: bool = False  # the rank-fulfilled column (the tournament has norms)
    removed_rule: str = ""
    team_rule: str = ""
    # 004 §1.3.4: a team event's final places are the teams'; ``rows`` follow as the players' own results.
    team_results: tuple[TeamResultLine, ...] = ()
    team_event_rule: str = ""
    team_ranking: str = ""
    with_groups: bool = False  # a mixed event: the group stage's and the playoff's figures (004 §1.4.7)
    technical: tuple[TechnicalLine, ...] = ()  # results not played over the board (issue 30 item 5)


def _protest_lines(t: Tournament) -> tuple[ProtestLine, ...]:
    rows = (
        Protest.objects.filter(tournament=t)
        .select_related("match__round", "protester__person")
        .order_by("number", "filed_at", "id")
    )
    return tuple(
        ProtestLine(
            number=p.number or 0,
            filed_at=local_time(p.filed_at),
            protester=p.protester.person.full_name,
            match=match_label(p.match),
            status=str(p.get_status_display()),
            consequence=str(p.get_consequence_display()) if p.decided_at else "",
        )
        for p in rows
    )


def _user_name(user) -> str:
    return (user.get_full_name() or user.get_username()) if user is not None else ""


def build(t: Tournament) -> FinalProtocolData:
    computed = ranking.compute(t)
    keys = shown_keys(t, computed)
    norms = effective_norms(t)  # issue 32 §3: the ЕВСК table where it has the event, else its own
    signed = t.status == Tournament.Status.FINISHED
    return FinalProtocolData(
        heading=heading(t),
        signed=signed,
        finished_at=local_time(t.finished_at),
        reopened=tuple(
            Reopening(local_time(e.at), _user_name(e.user), e.reason)
            for e in AuditEntry.objects.filter(tournament=t, action="reopen")
            .select_related("user")
            .order_by("at", "id")
        ),
        qualification=qualification_lines(t),
        details=regulation_facts(t),
        officials=officials_facts(t),
        columns=tiebreak_columns(keys),
        rows=standing_lines(t, computed.rows, keys, norms, computed),
        teams=team_lines(computed),
        removed=removed_lines(t),
        protests=_protest_lines(t),
        sanctions=sanction_lines(t),
        signatures=panel_signatures(t),
        draft="" if signed else _("DRAFT: the tournament is not finished"),
        with_norms=bool(norms),
        removed_rule=cite("004 §5.7.3"),
        team_rule=cite("004 §1.3"),
        team_results=team_result_lines(t),
        team_event_rule=cite("004 §1.3.4"),
        team_ranking=team_ranking_text(t),
        with_groups=t.system == System.MIXED,
        technical=technical_lines(t),
    )


# --- PDF -------------------------------------------------------------------------------------------------


def render(data: FinalProtocolData, progress: Progress | None = None) -> bytes:
    title = _("Final protocol")
    size = WIDE
    w = frame_width(size)
    story = title_block(data.heading, title, data.draft and _("DRAFT: the tournament is not finished"))
    story += section(_("Tournament details and regulation"))
    story.append(pairs_table([(f.label, f.value) for f in data.details], w))
    for r in data.reopened:
        story.append(Spacer(1, 2 * mm))
        story.append(
            p(
                _("Reopened by the chief judge on %(d)s (%(u)s): %(r)s")
                % {"d": r.when, "u": r.by or "—", "r": r.reason},
                BODY,
            )
        )
    if data.officials:
        story += section(_("Judging panel and officials"))
        story.append(facts_table([(f.label, f.value) for f in data.officials], w))
    if data.qualification:
        story += section(_("Qualification from the groups (%(rule)s)") % {"rule": cite("004 §1.4.7")})
        story.append(
            grid(
                [_("Group"), _("Place"), _("Participant"), _("How decided")],
                [[q.group, q.place, p(q.name, CELL), p(q.how, CELL)] for q in data.qualification],
                [w * 0.1, w * 0.1, w * 0.4, w * 0.4],
            )
        )
    if data.team_results:  # 004 §1.3.4: the final places of a team event are the teams'
        story += section(_("Final places of the teams (%(rule)s)") % {"rule": data.team_event_rule}, 40 * mm)
        story.append(team_results_table(data.team_results, w))
        story.append(Spacer(1, 2 * mm))
        story.append(team_results_legend(data.team_ranking))
        story += section(players_title(data.team_event_rule), 40 * mm)
    else:
        story += section(_("Final places"), 40 * mm)
    story.append(
        standings_table(data.columns, data.rows, data.with_groups, w, federation=True, norms=data.with_norms)
    )
    story.append(Spacer(1, 2 * mm))
    story.append(
        legend(data.columns, federation=True, norms=data.with_norms, groups=data.with_groups, rows=data.rows)
    )
    story.extend(teams_section(data.teams, w, data.team_rule))
    story += section(_("Removed players (%(rule)s: the place is not kept)") % {"rule": data.removed_rule})
    if data.removed:
        story.append(
            grid(
                [_("Participant"), _("Removed"), _("Rule"), _("Consequence")],
                [[p(r.name, CELL), r.when, p(r.clause, CELL), p(r.consequence, CELL)] for r in data.removed],
                [w * 0.3, w * 0.15, w * 0.3, w * 0.25],
            )
        )
    else:
        story.append(p(_("None."), BODY))
    story += technical_section(data.technical, w)
    story += section(_("Protests"))
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
                [w * 0.05, w * 0.13, w * 0.25, w * 0.17, w * 0.2, w * 0.2],
            )
        )
    else:
        story.append(p(_("None."), BODY))
    # The last section, the closing line and the signatures stay together: no page of bare signatures.
    closing: list[Flowable] = [p(_("Sanctions"), H2)]
    if data.sanctions:
        closing.append(
            grid(
                ["№", _("Date"), _("Participant"), _("Sanction"), _("Rule"), _("Match"), _("Consequence")],
                [
                    [
                        str(s.number),
                        s.date,
                        p(s.person, CELL),
                        p(s.kind, CELL),
                        p(s.clause or s.violation, CELL),
                        p(s.match, CELL),
                        # The consequence only: a warning has none (the match is its own column).
                        p(s.consequence or "—", CELL),
                    ]
                    for s in data.sanctions
                ],
                [w * 0.04, w * 0.11, w * 0.2, w * 0.12, w * 0.23, w * 0.12, w * 0.18],
            )
        )
    else:
        closing.append(p(_("None."), BODY))
    if data.signed:
        closing.append(Spacer(1, 3 * mm))
        closing.append(p(_("The tournament was finished on %(d)s.") % {"d": data.finished_at}, BODY))
    closing.extend(signature_block(data.signatures, w, dated=True))
    story.append(KeepTogether(closing))
    return pdf(data.heading, title, story, size=size, progress=progress, draft=data.draft)


def technical_section(lines: Sequence[TechnicalLine], w: float) -> list[Flowable]:
    """The results not played over the board, each in its one label (issue 30 item 5)."""
    out = section(_("Results not played over the board"))
    if not lines:
        return [*out, p(_("None."), BODY)]
    out.append(
        grid(
            [_("Round"), _("Table"), _("Match"), _("Result")],
            [[str(x.round), str(x.table), p(x.players, CELL), p(x.label, CELL)] for x in lines],
            [w * 0.07, w * 0.07, w * 0.36, w * 0.5],
            center=(0, 1),
        )
    )
    return out


# --- the registration ------------------------------------------------------------------------------------


def _listed(shelf: keys.Shelf) -> list[Listed]:
    # The draft for the officials; for everybody once it is signed.
    return [Listed()] if shelf.official or shelf.t.status == Tournament.Status.FINISHED else []


DOCUMENT = register(
    kind="final",
    title=gettext_lazy("final protocol"),
    build=keys.whole(build),
    render=render,
    public=keys.once_finished,
    listed=_listed,
    place=50,
    file_name="итоговый протокол",
)
