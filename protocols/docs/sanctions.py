"""The sanctions list (004 §5.7): every sanction of the event in the order given, with its clause as a reader
knows it; in a team event the teams' own too (``TeamSanction``, a removal's §5.7.3 consequence). Its lines
(``sanction_lines``) and the removed players (``removed_lines``) are printed by the final protocol and the
chief judge's report as well.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from draw import consequences
from draw.models import Match, ResultKind, TeamMatch
from judging.models import Sanction, TeamSanction
from protocols import keys
from protocols.facts import (
    Heading,
    Signature,
    TechnicalLine,
    heading,
    local_time,
    panel_signatures,
    technical_lines,
)
from protocols.layout import (
    BODY,
    CELL,
    WIDE,
    WIDE_W,
    Progress,
    end_with,
    grid,
    p,
    pdf,
    section,
    signature_block,
    title_block,
)
from protocols.registry import register
from registration.models import Participant
from tournaments.models import Tournament
from tournaments.rules import cite, cite_text

# --- data ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SanctionLine:
    number: int
    date: str
    person: str
    kind: str
    violation: str
    clause: str
    facts: str
    match: str
    consequence: str
    term: str
    lifted: str


@dataclass(frozen=True)
class SanctionsData:
    heading: Heading
    rows: tuple[SanctionLine, ...]
    signatures: tuple[Signature, ...]
    # The judging panel's own technical defeats (a no-show, 004 §6.1.2 item 1) and losses on time (003):
    # decisions on a match that are no sanction but belong beside them (issue 30 item 5).
    technical: tuple[TechnicalLine, ...] = ()
    technical_rule: str = ""


def sanction_term(s) -> str:
    parts = []
    if s.starts_on or s.ends_on:
        start = f"{s.starts_on:%d.%m.%Y}" if s.starts_on else "…"
        end = f"{s.ends_on:%d.%m.%Y}" if s.ends_on else "…"
        parts.append(f"{start}–{end}")
    if s.matches_count:
        parts.append(_("%(n)s matches") % {"n": s.matches_count})
    if s.tournaments_count:
        parts.append(_("%(n)s tournaments") % {"n": s.tournaments_count})
    return ", ".join(parts)


def match_label(m: Match | TeamMatch | None) -> str:
    if m is None:
        return ""
    return _("round %(r)s, table %(t)s") % {"r": m.round.number, "t": m.table}


def sanction_lines(t: Tournament) -> tuple[SanctionLine, ...]:
    """The sanctions of the event in the order given: the players' and, in a team event, the teams' own
    (004 §5.7.1, §1.3.4: a warning or a removal of a team as a whole, ``TeamSanction``)."""
    rows: list[tuple] = [
        (
            s.issued_at,
            s.pk,
            0,
            dict(
                # 004 §2.4.5, §6.2.2: a coach's or an official's sanction names his role.
                person=f"{s.person.full_name} ({s.official_role_display})"
                if s.official_role
                else s.person.full_name,
                kind=str(s.get_kind_display()),
                violation=str(s.get_violation_display()) if s.violation else "",
                clause=cite(s.clause),
                facts=cite_text(s.facts),
                match=match_label(s.match),
                consequence=str(s.get_outcome_display())
                if s.outcome
                else (_("%(n)s points") % {"n": consequences.signed(-s.points)} if s.points else ""),
                term=sanction_term(s),
                lifted=local_time(s.lifted_at),
            ),
        )
        for s in Sanction.objects.filter(tournament=t).select_related("person", "match__round")
    ]
    # 004 §5.7.3 on the team matches (draw.removal): a round robin's annulment is a consequence row.
    annulled = consequences.load(t).team_annulled
    rows += [
        (
            s.issued_at,
            s.pk,
            1,
            dict(
                person=_("%(team)s (team)") % {"team": s.team.name},
                kind=str(s.get_kind_display()),
                violation="",
                clause=cite(s.clause),
                facts=cite_text(s.facts),
                match=match_label(s.team_match),
                consequence=str(
                    Sanction.Outcome("annulled" if str(s.team_id) in annulled else "technical").label
                )
                if s.kind == TeamSanction.Kind.REMOVAL
                else "",
                term="",
                lifted="",
            ),
        )
        for s in TeamSanction.objects.filter(tournament=t).select_related("team", "team_match__round")
    ]
    rows.sort(key=lambda r: r[:3])
    return tuple(SanctionLine(number=i, date=local_time(r[0]), **r[3]) for i, r in enumerate(rows, start=1))


@dataclass(frozen=True)
class RemovedLine:
    name: str
    when: str
    clause: str
    consequence: str


def removed_lines(t: Tournament) -> tuple[RemovedLine, ...]:
    removals = {
        s.person_id: s
        for s in Sanction.objects.filter(tournament=t, kind=Sanction.Kind.REMOVAL).order_by("issued_at")
    }
    out = []
    for removed in t.participants.filter(status=Participant.Status.REMOVED).select_related("person"):
        s = removals.get(removed.person_id)
        out.append(
            RemovedLine(
                name=removed.full_name,
                when=local_time(s.issued_at) if s else "",
                clause=cite((s.clause or "004 §5.7.3") if s else "004 §5.7.3"),
                consequence=str(s.get_outcome_display()) if s and s.outcome else "",
            )
        )
    return tuple(out)


def build(t: Tournament) -> SanctionsData:
    return SanctionsData(
        heading(t),
        sanction_lines(t),
        panel_signatures(t),
        technical=tuple(x for x in technical_lines(t) if x.kind in ("panel", ResultKind.TIME)),
        technical_rule=cite("004 §6.1.2 item 1"),
    )


# --- PDF -------------------------------------------------------------------------------------------------


def render(data: SanctionsData, progress: Progress | None = None) -> bytes:
    title = _("Sanctions list")
    w = WIDE_W
    story = title_block(data.heading, title)
    if data.rows:
        story.append(
            grid(
                [
                    "№",
                    _("Date"),
                    _("Participant"),
                    _("Sanction"),
                    _("Violation"),
                    _("Rule"),
                    _("Facts"),
                    _("Match"),
                    _("Consequence"),
                    _("Term"),
                    _("Lifted"),
                ],
                [
                    [
                        str(s.number),
                        p(s.date, CELL),
                        p(s.person, CELL),
                        p(s.kind, CELL),
                        p(s.violation, CELL),
                        p(s.clause, CELL),
                        p(s.facts, CELL),
                        p(s.match, CELL),
                        p(s.consequence, CELL),
                        p(s.term, CELL),
                        p(s.lifted, CELL),
                    ]
                    for s in data.rows
                ],
                [w * x for x in (0.03, 0.075, 0.12, 0.1, 0.11, 0.13, 0.15, 0.075, 0.1, 0.065, 0.045)],
            )
        )
    else:
        story.append(p(_("No sanctions were applied in this tournament."), BODY))
    if data.technical:
        story += section(
            _("Technical defeats by the judging panel and losses on time (%(rule)s)")
            % {"rule": data.technical_rule}
        )
        story.append(
            grid(
                [_("Round"), _("Table"), _("Match"), _("Result")],
                [[str(x.round), str(x.table), p(x.players, CELL), p(x.label, CELL)] for x in data.technical],
                [w * 0.07, w * 0.07, w * 0.36, w * 0.5],
                center=(0, 1),
            )
        )
    story = end_with(story, signature_block(data.signatures, w))
    return pdf(data.heading, title, story, size=WIDE, progress=progress)


# --- the registration ------------------------------------------------------------------------------------


DOCUMENT = register(
    kind="sanctions",
    title=gettext_lazy("sanctions list"),
    build=keys.whole(build),
    render=render,
    public=keys.officials_only,
    listed=keys.listed_for_officials,
    place=80,
    file_name="санкции",
)
