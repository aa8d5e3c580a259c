"""What a competition of several events (004 §1.2; issue 18) shows across its events: its events, the first
of them (which keeps the competition's documents), the version that says which of them is current, the
heading and the one panel's signatures, and the planned rounds of all events with their conflicts. Used by
the competition's two documents (``protocols.docs.comp_schedule``, ``protocols.docs.comp_registration``)
and by its pages (``public.competition_views``).

The schedule merges every event's plan (``ScheduledRound``, kept per event by its secretary) into one list
by day and time, and finds the **conflicts**: a person in two events whose rounds are planned to start at
the same time. Without a duration of a round the rules give nothing to measure an overlap by, so «at the
same time» is the same planned start (README: choices where the rules are silent).

The registration protocol lists each person once, with every event he entered and the admission decision
in each (004 §5.3.2 item 4: the admission commission draws up the registration protocols), signed by the
one panel of the competition (§1.2).

Both documents are stored as documents of the competition's **first event** (the lowest id: it never
changes while the events exist) under their own kinds; which one is current is a fingerprint of all the
events' versions (``version``), so a change in any event makes them again.
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass

from django.db.models import Q
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from draw.models import Round
from protocols import facts
from protocols.models import ScheduledRound
from registration.models import Entry, Official, Participant
from tournaments.models import Competition, Tournament


def events(c: Competition) -> list[Tournament]:
    return list(c.events.order_by("discipline", "gender_group", "pk"))


def first_event(c: Competition) -> Tournament | None:
    """The event the competition's documents are stored with (the lowest id)."""
    return c.events.order_by("pk").first()


def of_first_event(t: Tournament) -> Competition:
    """The competition whose documents ``t`` holds; Http404 unless ``t`` is its first event."""
    c = t.competition
    if c is None or first_event(c) != t:
        raise Http404
    return c


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


def first_official(c: Competition, role: str) -> Official | None:
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
            first_official(c, Official.Role.CHIEF_JUDGE),
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
    out.append(facts.signature(_("Chief secretary"), first_official(c, Official.Role.CHIEF_SECRETARY)))
    return tuple(out)


# --- the planned rounds of all events and their conflicts (004 §6.2.3 item 3) ---------------------------


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
    events = list(c.events.all())
    names = {t.pk: t.name for t in events}
    finished = {t.pk for t in events if t.is_finished}
    drawn = {
        # A finished event's rounds are «завершён», as its own schedule says (issue 30 item 6).
        (rnd.tournament_id, rnd.number): _("finished")
        if rnd.tournament_id in finished and not rnd.is_draft
        else str(rnd.get_status_display())
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
                status=drawn.get(
                    (s.tournament_id, s.number),
                    _("not held") if s.tournament_id in finished else _("not drawn yet"),
                ),
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


# --- people across the events --------------------------------------------------------------------------


def person_filter(person_id: int) -> Q:
    """A participant who is this person, alone or in a pair."""
    return Q(person_id=person_id) | Q(partner_id=person_id)
