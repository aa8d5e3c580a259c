"""The registration protocol of a competition of several events (004 §1.2, §5.3.2 item 4): each person once
with every event he entered and the admission decision in each (refusals with the reason and clauses), the
counts of entries, the officials of all events, signed by the one admission commission and the chief
secretary. Stored with the competition's first event (``protocols.competition``).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.platypus import Paragraph

from protocols import competition, keys
from protocols.facts import Heading, Signature, judging_category_short
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
from registration.models import Entry, Official, Participant
from registration.permissions import SPEAKERS
from tournaments.models import Competition, Tournament
from tournaments.rules import cite, cite_text

# --- data ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EventDecision:
    event: str
    decision: str  # admitted / refused / pending, as printed
    reason: str = ""  # a refusal's reason, with the clauses


@dataclass(frozen=True)
class PersonLine:
    number: int
    full_name: str
    birth_date: datetime.date | None
    region: str
    organisation: str
    events: tuple[EventDecision, ...]


@dataclass(frozen=True)
class CompetitionRegistrationData:
    heading: Heading
    people: tuple[PersonLine, ...]
    entries: int
    admitted: int
    refused: int
    pending: int
    officials: tuple[tuple[str, str, str, str], ...]  # name, roles, judging category, city
    rule: str
    signatures: tuple[Signature, ...]


def build(c: Competition) -> CompetitionRegistrationData:
    """Each person once (by surname), with every event he entered and the decision in each: an entry's
    decision (a refusal with its reason), or «admitted» for a participant the secretary added without one.
    A pair's partner is listed too, with the pair's decision."""
    order = {t.pk: i for i, t in enumerate(competition.events(c))}
    names = {t.pk: t.name for t in c.events.all()}
    people: dict[int, dict] = {}
    decided: dict[tuple[int, int], EventDecision] = {}
    counts = {s: 0 for s in Entry.Status.values}

    def add(person, event_id: int, decision: EventDecision) -> None:
        people.setdefault(person.pk, {"person": person, "region": "", "organisation": ""})
        decided.setdefault((person.pk, event_id), decision)

    for e in Entry.objects.filter(tournament__competition=c).select_related("person", "partner"):
        counts[e.status] += 1
        reason = cite_text(e.decision_reason) if e.status == Entry.Status.REFUSED else ""
        decision = EventDecision(names[e.tournament_id], str(e.get_status_display()), reason)
        for person in (e.person, e.partner):
            if person is not None:
                add(person, e.tournament_id, decision)
                # The entries' sending organisation and region (an admission no longer copies them to the
                # shared record: issue 25 item 3).
                people[person.pk]["region"] = people[person.pk]["region"] or e.region
                people[person.pk]["organisation"] = people[person.pk]["organisation"] or e.organisation
    for one in Participant.objects.filter(tournament__competition=c).select_related("person", "partner"):
        for person in (one.person, one.partner):
            if person is not None:
                add(person, one.tournament_id, EventDecision(names[one.tournament_id], _("admitted")))
    lines = []
    ordered = sorted(
        people.values(), key=lambda x: (x["person"].surname, x["person"].name, x["person"].patronymic)
    )
    for i, row in enumerate(ordered, start=1):
        person = row["person"]
        mine = sorted(
            ((event_id, dec) for (pid, event_id), dec in decided.items() if pid == person.pk),
            key=lambda x: order[x[0]],
        )
        lines.append(
            PersonLine(
                number=i,
                full_name=person.full_name,
                birth_date=person.birth_date,
                region=row["region"] or person.region,
                organisation=row["organisation"] or person.organisation,
                events=tuple(dec for _event, dec in mine),
            )
        )
    officials: dict[int, list] = {}
    for o in (
        Official.objects.filter(tournament__competition=c, accredited=True)
        .exclude(role__in=SPEAKERS)
        .select_related("person")
        .order_by(Official.by_hierarchy(), "person__surname", "person__name", "pk")
    ):
        # The panel's hierarchy (issue 30 item 8): each person once, at his highest role.
        item = officials.setdefault(o.person_id, [o, []])
        if o.role_display not in item[1]:
            item[1].append(o.role_display)
    return CompetitionRegistrationData(
        heading=competition.heading(c),
        people=tuple(lines),
        entries=sum(counts.values()),
        admitted=counts[Entry.Status.ADMITTED],
        refused=counts[Entry.Status.REFUSED],
        pending=counts[Entry.Status.PENDING],
        officials=tuple(
            (
                o.person.full_name,
                ", ".join(str(x) for x in roles),
                _category(o),
                o.city or o.person.region,
            )
            for o, roles in officials.values()
        ),
        rule=cite("004 §5.3.2"),
        signatures=competition.signatures(c),
    )


def _category(o: Official) -> str:
    return judging_category_short(o.judging_category)


# --- PDF -------------------------------------------------------------------------------------------------


def render(data: CompetitionRegistrationData, progress: Progress | None = None) -> bytes:
    title = _("Registration protocol of the competition")
    w = WIDE_W
    story = title_block(data.heading, title)
    story.append(
        p(
            _(
                "People: %(n)s. Entries to the events: %(e)s (admitted %(a)s, refused %(f)s, pending %(p)s). "
                "Each person once, with every event he entered and the decision in it (%(rule)s)."
            )
            % {
                "n": len(data.people),
                "e": data.entries,
                "a": data.admitted,
                "f": data.refused,
                "p": data.pending,
                "rule": data.rule,
            },
            BODY,
        )
    )
    story += section(_("Participants"))

    def decisions(line: PersonLine) -> Paragraph:
        parts = [f"{x.event} — {x.decision}" + (f": {x.reason}" if x.reason else "") for x in line.events]
        return p("\n".join(parts), CELL)

    story.append(
        grid(
            [
                "№",
                _("Surname, name, patronymic"),
                _("Date of birth"),
                _("Region"),
                _("Club, organisation"),
                _("Events and admission"),
            ],  # fmt: skip
            [
                [
                    str(x.number),
                    p(x.full_name, CELL),
                    f"{x.birth_date:%d.%m.%Y}" if x.birth_date else "",
                    p(x.region, CELL),
                    p(x.organisation, CELL),
                    decisions(x),
                ]
                for x in data.people
            ],
            [w * x for x in (0.04, 0.2, 0.08, 0.12, 0.16, 0.4)],
            center=(0, 2),
        )
    )
    story += section(_("Accredited officials"))
    if data.officials:
        story.append(
            grid(
                [_("Surname, name, patronymic"), _("Role"), _("Judging category"), _("City")],
                [[p(x, CELL) for x in row] for row in data.officials],
                [w * 0.3, w * 0.35, w * 0.18, w * 0.17],
            )
        )
    else:
        story.append(p(_("None."), BODY))
    story = end_with(story, signature_block(data.signatures, w))
    return pdf(data.heading, title, story, size=WIDE, progress=progress)


# --- the registration ------------------------------------------------------------------------------------


def _exists(t: Tournament, key: str) -> None:
    keys.no_key(t, key)
    competition.of_first_event(t)  # 404 on any other event


DOCUMENT = register(
    kind="comp_registration",
    title=gettext_lazy("registration protocol of the competition"),
    build=keys.whole(lambda t: build(competition.of_first_event(t))),
    render=render,
    public=keys.officials_only,
    exists=_exists,
    place=10,
    file_name="протокол регистрации",
    competition=True,
)
