"""One schedule and one registration protocol for a competition of several events (004 §1.2, §5.3.2,
§6.2.3 item 3; issue 18).

The schedule merges every event's plan (``ScheduledRound``, kept per event by its secretary) into one list
by day and time, and finds the **conflicts**: a person in two events whose rounds are planned to start at
the same time. Without a duration of a round the rules give nothing to measure an overlap by, so «at the
same time» is the same planned start (README: choices where the rules are silent).

The registration protocol lists each person once, with every event he entered and the admission decision
in each (004 §5.3.2 item 4: the admission commission draws up the registration protocols), signed by the
one panel of the competition (§1.2).

Both documents are stored as documents of the competition's **first event** (the lowest id: it never
changes while the events exist) under their own kinds; which one is current is a fingerprint of all the
events' versions (``version``), so a change in any event makes them again. Plain data here, rendered by the
shared renderer's helpers.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass

from django.db.models import Q
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _
from reportlab.lib.units import mm

from draw.models import Round
from protocols import facts
from protocols import layout as r
from protocols.models import ScheduledRound
from registration.models import Entry, Official, Participant
from tournaments.models import Competition, Tournament
from tournaments.rules import cite, cite_text


def events(c: Competition) -> list[Tournament]:
    return list(c.events.order_by("discipline", "gender_group", "pk"))


def first_event(c: Competition) -> Tournament | None:
    """The event the competition's documents are stored with (the lowest id)."""
    return c.events.order_by("pk").first()


def of_first_event(t: Tournament) -> Competition:
    """The competition whose documents ``t`` holds; Http404 unless ``t`` is its first event."""
    if not t.competition_id or first_event(t.competition) != t:
        raise Http404
    return t.competition


def version(c: Competition) -> int:
    """Which competition document is current: a fingerprint of every event's version (one query). Any
    change in any event, and an event added or taken out, gives another number."""
    pairs = c.events.order_by("pk").values_list("pk", "version")
    text = ",".join(f"{pk}:{v}" for pk, v in pairs)
    return int(hashlib.sha256(text.encode()).hexdigest()[:15], 16)  # fits a PositiveBigIntegerField


def heading(c: Competition) -> facts.Heading:
    disciplines = dict.fromkeys(str(t.get_discipline_display()) for t in events(c))
    return facts.Heading(
        name=c.name,
        dates=facts.date_range(c.start_date, c.end_date),
        venue=c.venue,
        discipline=", ".join(disciplines),
        system="",
    )


def _first_official(c: Competition, role: str) -> Official | None:
    return (
        Official.objects.filter(tournament__competition=c, role=role, accredited=True)
        .select_related("person")
        .order_by("tournament_id", "pk")
        .first()
    )


def signatures(c: Competition) -> tuple[facts.Signature, ...]:
    """004 §5.3, §1.2: the one panel signs — the chairman of the admission commission (the chief judge), its
    members (each person once), the chief secretary."""
    out = [
        facts.signature(
            _("Chairman of the admission commission, chief judge"),
            _first_official(c, Official.Role.CHIEF_JUDGE),
        )
    ]
    members: dict[int, Official] = {}
    for o in (
        Official.objects.filter(tournament__competition=c, role=Official.Role.ADMISSION, accredited=True)
        .select_related("person")
        .order_by("person__surname", "person__name", "pk")
    ):
        members.setdefault(o.person_id, o)
    out += [facts.signature(_("Member of the admission commission"), o) for o in members.values()]
    if not members:
        out.append(facts.Signature(_("Member of the admission commission"), ""))
    out.append(facts.signature(_("Chief secretary"), _first_official(c, Official.Role.CHIEF_SECRETARY)))
    return tuple(out)


# --- the schedule (004 §6.2.3 item 3, for all events) ---------------------------------------------------


@dataclass(frozen=True)
class PlannedRound:
    starts_at: datetime.datetime
    day: datetime.date  # local
    time: str  # local, "10:00"
    event_id: int
    event: str
    number: int
    status: str  # the round's state, or «not drawn yet»
    note: str


@dataclass(frozen=True)
class Conflict:
    """A person in two events (or more) whose rounds are planned to start at the same time."""

    person_id: int
    person: str
    starts_at: datetime.datetime
    rounds: tuple[str, ...]  # «Короткие нарды, мужчины: тур 2»


def planned_rounds(c: Competition) -> list[PlannedRound]:
    """Every event's planned rounds, merged and sorted by their start (then event, then round)."""
    names = {t.pk: t.name for t in c.events.all()}
    drawn = {
        (rnd.tournament_id, rnd.number): str(rnd.get_status_display())
        for rnd in Round.objects.filter(tournament__competition=c).only("tournament_id", "number", "status")
    }
    rows = []
    for s in ScheduledRound.objects.filter(tournament__competition=c):
        local = timezone.localtime(s.starts_at)
        rows.append(
            PlannedRound(
                starts_at=s.starts_at,
                day=local.date(),
                time=f"{local:%H:%M}",
                event_id=s.tournament_id,
                event=names[s.tournament_id],
                number=s.number,
                status=drawn.get((s.tournament_id, s.number), _("not drawn yet")),
                note=s.note,
            )
        )
    return sorted(rows, key=lambda x: (x.starts_at, x.event, x.event_id, x.number))


def people_by_event(c: Competition) -> dict[int, dict[int, str]]:
    """Who plays in each event: event id → person id → name. Entries not refused (he may still be admitted),
    the participants (both people of a pair) who are still in play."""
    out: dict[int, dict[int, str]] = {t.pk: {} for t in c.events.all()}
    for e in (
        Entry.objects.filter(tournament__competition=c)
        .exclude(status=Entry.Status.REFUSED)
        .select_related("person", "partner")
    ):
        for person in (e.person, e.partner):
            if person is not None:
                out[e.tournament_id][person.pk] = person.full_name
    for p in Participant.objects.filter(
        tournament__competition=c, status=Participant.Status.ACTIVE
    ).select_related("person", "partner"):
        for person in (p.person, p.partner):
            if person is not None:
                out[p.tournament_id][person.pk] = person.full_name
    return out


def conflicts(c: Competition, rows: list[PlannedRound] | None = None) -> list[Conflict]:
    """004 §1.2, §6.2.3 item 3: a person entered in two events whose rounds are planned at the same time."""
    rows = planned_rounds(c) if rows is None else rows
    people = people_by_event(c)
    at: dict[datetime.datetime, list[PlannedRound]] = {}
    for row in rows:
        at.setdefault(row.starts_at, []).append(row)
    out = []
    for when, same in at.items():
        if len({row.event_id for row in same}) < 2:
            continue
        seen: dict[int, list[PlannedRound]] = {}
        for row in same:
            for person_id in people.get(row.event_id, {}):
                seen.setdefault(person_id, []).append(row)
        for person_id, clash in seen.items():
            if len({row.event_id for row in clash}) < 2:
                continue
            name = next(people[row.event_id][person_id] for row in clash)
            out.append(
                Conflict(
                    person_id,
                    name,
                    when,
                    tuple(_("%(e)s: round %(n)s") % {"e": row.event, "n": row.number} for row in clash),
                )
            )
    return sorted(out, key=lambda x: (x.starts_at, x.person))


@dataclass(frozen=True)
class ScheduleLine:
    time: str
    event: str
    round: str
    status: str
    note: str


@dataclass(frozen=True)
class ScheduleDay:
    day: str  # «02.06.2026»
    lines: tuple[ScheduleLine, ...]


@dataclass(frozen=True)
class CompetitionScheduleData:
    heading: facts.Heading
    days: tuple[ScheduleDay, ...]
    unplanned: tuple[str, ...]  # events with no round planned yet
    seats: str
    signatures: tuple[facts.Signature, ...]


def schedule_data(c: Competition) -> CompetitionScheduleData:
    rows = planned_rounds(c)
    days: dict[datetime.date, list[ScheduleLine]] = {}
    for row in rows:
        days.setdefault(row.day, []).append(
            ScheduleLine(row.time, row.event, _("Round %(n)s") % {"n": row.number}, row.status, row.note)
        )
    planned = {row.event_id for row in rows}
    return CompetitionScheduleData(
        heading=heading(c),
        days=tuple(ScheduleDay(f"{day:%d.%m.%Y}", tuple(lines)) for day, lines in days.items()),
        unplanned=tuple(t.name for t in events(c) if t.pk not in planned),
        seats=facts.seats_note(),
        signatures=(
            facts.signature(_("Chief judge"), _first_official(c, Official.Role.CHIEF_JUDGE)),
            facts.signature(_("Chief secretary"), _first_official(c, Official.Role.CHIEF_SECRETARY)),
        ),
    )


def schedule_pdf(data: CompetitionScheduleData, progress: r.Progress | None = None) -> bytes:
    title = _("Schedule of the competition")
    w = r.FRAME_W
    story = r.title_block(data.heading, title)
    story.append(r.p(data.seats, r.SMALL))
    if not data.days:
        story.append(r.p(_("No round is planned yet."), r.BODY))
    for day in data.days:
        story += r.section(day.day, 25 * mm)
        story.append(
            r.grid(
                [_("Start"), _("Event"), _("Round"), _("Status"), _("Note")],
                [
                    [x.time, r.p(x.event, r.CELL), x.round, r.p(x.status, r.CELL), r.p(x.note, r.CELL)]
                    for x in day.lines
                ],
                [w * 0.1, w * 0.36, w * 0.12, w * 0.17, w * 0.25],
                center=(0,),
            )
        )
    if data.unplanned:
        story.append(r.p(_("Not planned yet: %(e)s.") % {"e": "; ".join(data.unplanned)}, r.SMALL))
    story.append(r.signatures(data.signatures, w))
    return r.pdf(data.heading, title, story, progress=progress)


# --- the registration protocol (004 §5.3.2 item 4, for all events) --------------------------------------


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
    heading: facts.Heading
    people: tuple[PersonLine, ...]
    entries: int
    admitted: int
    refused: int
    pending: int
    officials: tuple[tuple[str, str, str, str], ...]  # name, roles, judging category, city
    rule: str
    signatures: tuple[facts.Signature, ...]


def registration_data(c: Competition) -> CompetitionRegistrationData:
    """Each person once (by surname), with every event he entered and the decision in each: an entry's
    decision (a refusal with its reason), or «admitted» for a participant the secretary added without one.
    A pair's partner is listed too, with the pair's decision."""
    order = {t.pk: i for i, t in enumerate(events(c))}
    names = {t.pk: t.name for t in c.events.all()}
    people: dict[int, dict] = {}
    decided: dict[tuple[int, int], EventDecision] = {}
    counts = {s: 0 for s in Entry.Status.values}

    def add(person, event_id: int, decision: EventDecision) -> None:
        people.setdefault(person.pk, {"person": person, "region": ""})
        decided.setdefault((person.pk, event_id), decision)

    for e in Entry.objects.filter(tournament__competition=c).select_related("person", "partner"):
        counts[e.status] += 1
        reason = cite_text(e.decision_reason) if e.status == Entry.Status.REFUSED else ""
        decision = EventDecision(names[e.tournament_id], str(e.get_status_display()), reason)
        for person in (e.person, e.partner):
            if person is not None:
                add(person, e.tournament_id, decision)
                people[person.pk]["region"] = people[person.pk]["region"] or e.region
    for p in Participant.objects.filter(tournament__competition=c).select_related("person", "partner"):
        for person in (p.person, p.partner):
            if person is not None:
                add(person, p.tournament_id, EventDecision(names[p.tournament_id], _("admitted")))
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
                organisation=person.organisation,
                events=tuple(dec for _event, dec in mine),
            )
        )
    officials: dict[int, list] = {}
    for o in (
        Official.objects.filter(tournament__competition=c, accredited=True)
        .exclude(role=Official.Role.REPRESENTATIVE)
        .select_related("person")
        .order_by("person__surname", "person__name", "pk")
    ):
        item = officials.setdefault(o.person_id, [o, []])
        if o.role_display not in item[1]:
            item[1].append(o.role_display)
    return CompetitionRegistrationData(
        heading=heading(c),
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
        signatures=signatures(c),
    )


def _category(o: Official) -> str:
    return str(o.get_judging_category_display()) if o.judging_category else ""


def registration_pdf(data: CompetitionRegistrationData, progress: r.Progress | None = None) -> bytes:
    title = _("Registration protocol of the competition")
    w = r.WIDE_W
    story = r.title_block(data.heading, title)
    story.append(
        r.p(
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
            r.BODY,
        )
    )
    story += r.section(_("Participants"))

    def decisions(line: PersonLine) -> r.Paragraph:
        parts = [f"{x.event} — {x.decision}" + (f": {x.reason}" if x.reason else "") for x in line.events]
        return r.p("\n".join(parts), r.CELL)

    story.append(
        r.grid(
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
                    r.p(x.full_name, r.CELL),
                    f"{x.birth_date:%d.%m.%Y}" if x.birth_date else "",
                    r.p(x.region, r.CELL),
                    r.p(x.organisation, r.CELL),
                    decisions(x),
                ]
                for x in data.people
            ],
            [w * x for x in (0.04, 0.2, 0.08, 0.12, 0.16, 0.4)],
            center=(0, 2),
        )
    )
    story += r.section(_("Accredited officials"))
    if data.officials:
        story.append(
            r.grid(
                [_("Surname, name, patronymic"), _("Role"), _("Judging category"), _("City")],
                [[r.p(x, r.CELL) for x in row] for row in data.officials],
                [w * 0.3, w * 0.35, w * 0.18, w * 0.17],
            )
        )
    else:
        story.append(r.p(_("None."), r.BODY))
    story.append(r.signatures(data.signatures, w))
    return r.pdf(data.heading, title, story, size=r.WIDE, progress=progress)


def person_filter(person_id: int) -> Q:
    """A participant who is this person, alone or in a pair."""
    return Q(person_id=person_id) | Q(partner_id=person_id)
