"""The registration protocol's data (004 §5.3.2 item 4)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils.translation import gettext as _

from registration import admission
from registration.manager.checks import regulation_of, verdicts_for
from registration.models import (
    Entry,
    Gender,
    Official,
    Qualification,
)
from tournaments.models import Tournament
from tournaments.rules import cite, cite_text


@dataclass(frozen=True)
class ProtocolParticipant:
    number: int
    full_name: str
    birth_date: datetime.date | None
    gender: str
    organisation: str
    region: str
    qualification: str
    team: str
    status: str  # the participant's status now: active, withdrawn, removed
    admitted_by: str  # "" when the participant was added directly, without an entry
    admitted_at: datetime.datetime | None
    club: str = ""
    coach: str = ""
    birth_display: str = ""  # «08.06.1965», or «1965» when only the year is known
    status_code: str = ""  # ``Participant.Status``: documents print it in their own words
    agreement: str = ""  # 004 §5.1.5: "№ 17 от 20.11.2026" when the regulation provides for one
    federation_id: int | None = None  # the person's ID in the federation's register (``Person.pk``, issue 31)
    rating: int | None = None  # the rating the field is seeded by (the official list's, once seeded)


@dataclass(frozen=True)
class ProtocolOfficial:
    full_name: str
    role: str
    role_label: str
    organisation: str
    region: str
    judging_category: str = ""
    city: str = ""
    category: str = ""  # the judging category's value (``JudgingCategory``): documents print its abbreviation


@dataclass(frozen=True)
class ProtocolRefusal:
    """A refused entry: who, and why, with the clauses of the checks it failed (004 §5.3.2 item 4)."""

    number: int  # the entry's number in the tournament
    full_name: str
    birth_date: datetime.date | None
    region: str
    reason: str
    clauses: str  # the failed checks' clauses as a reader knows them; "" when the reason is the commission's
    decided_at: datetime.datetime | None
    birth_display: str = ""


@dataclass(frozen=True)
class RegistrationProtocol:
    tournament: str
    discipline: str
    gender_group: str
    venue: str
    start_date: datetime.date
    end_date: datetime.date
    participants: tuple[ProtocolParticipant, ...]
    officials: tuple[ProtocolOfficial, ...]
    entries_received: int
    entries_admitted: int
    entries_refused: int
    entries_pending: int
    regions: int
    refused: tuple[ProtocolRefusal, ...] = ()
    added_directly: int = 0  # admitted participants the secretary added without an entry
    agreements: bool = False  # 004 §2.2.3, §5.1.5: the regulation provides for participation agreements


def _agreement(p) -> str:
    """004 §5.1.5: the participant's agreement as the protocol prints it ("" when none is recorded)."""
    if not p.agreement_number:
        return ""
    if p.agreement_date is None:
        return _("No. %(n)s") % {"n": p.agreement_number}
    return _("No. %(n)s of %(d)s") % {"n": p.agreement_number, "d": f"{p.agreement_date:%d.%m.%Y}"}


def registration_protocol_data(tournament: Tournament) -> RegistrationProtocol:
    """The registration protocol as plain data, for the page here and the PDF elsewhere.

    Participants: every participant admitted to the tournament — through an admitted entry, or added directly
    by the secretary — in alphabetical order, whatever became of him later (his status says it). A person
    whose entry is refused or pending is not in it. Officials: the accredited ones, by role.
    Labels are translated into the language active when this is called.
    """
    entries = {e.person_id: e for e in tournament.entries.select_related("decided_by", "person")}
    participants = tournament.participants.select_related("person", "team").order_by(
        "person__surname", "person__name", "person__patronymic", "pk"
    )
    genders, qualifications = dict(Gender.choices), dict(Qualification.choices)
    rows: list[ProtocolParticipant] = []
    for p in participants:
        entry = entries.get(p.person_id)
        if entry is not None and entry.status != Entry.Status.ADMITTED:
            continue
        person = p.data  # this tournament's data of him (issue 25 item 3)
        rows.append(
            ProtocolParticipant(
                number=len(rows) + 1,
                full_name=person.full_name,
                birth_date=person.birth_date,
                gender=str(genders.get(person.gender, person.gender)),
                organisation=person.organisation,
                region=person.region,
                # The rank he holds here (issue 30 item 4): his own, which the final protocol prints too —
                # also for one added without an entry form; else his entry's.
                qualification=str(
                    qualifications.get(p.qualification or (entry.qualification if entry else ""), "")
                ),
                team=p.team.name if p.team is not None else "",
                status=str(p.get_status_display()),
                admitted_by=_user_name(entry.decided_by) if entry else "",
                admitted_at=entry.decided_at if entry else None,
                club=p.club,
                coach=p.coach,
                birth_display=person.birth_display,
                status_code=p.status,
                agreement=_agreement(p) if tournament.participation_agreement else "",
                federation_id=p.person_id,
                rating=p.rating,
            )
        )
    officials = tuple(
        ProtocolOfficial(
            full_name=o.person.full_name,
            role=o.role,
            role_label=o.role_display,
            organisation=o.person.organisation,
            region=o.person.region,
            judging_category=str(o.get_judging_category_display()) if o.judging_category else "",
            city=o.city,
            category=o.judging_category,
        )
        for o in tournament.officials.filter(accredited=True)
        .select_related("person", "team")
        .order_by(Official.by_hierarchy(), "person__surname", "person__name")
    )
    counts = {status: 0 for status in Entry.Status.values}
    for entry in entries.values():
        counts[entry.status] += 1
    refused = []
    regulation = regulation_of(tournament) if counts[Entry.Status.REFUSED] else None
    for entry in sorted(entries.values(), key=lambda e: (e.number or 0, e.pk)):
        if entry.status != Entry.Status.REFUSED:
            continue
        failed = admission.failed(verdicts_for(entry, regulation))
        refused.append(
            ProtocolRefusal(
                number=entry.number or 0,
                full_name=entry.person.full_name,
                birth_date=entry.person.birth_date,
                region=entry.region,
                reason=cite_text(entry.decision_reason),
                clauses="; ".join(dict.fromkeys(cite(f"004 {v.clause}") for v in failed)),
                decided_at=entry.decided_at,
                birth_display=entry.person.birth_display,
            )
        )
    return RegistrationProtocol(
        tournament=tournament.name,
        discipline=str(tournament.get_discipline_display()),
        gender_group=str(tournament.get_gender_group_display()),
        venue=tournament.venue,
        start_date=tournament.start_date,
        end_date=tournament.end_date,
        participants=tuple(rows),
        officials=officials,
        entries_received=len(entries),
        entries_admitted=counts[Entry.Status.ADMITTED],
        entries_refused=counts[Entry.Status.REFUSED],
        entries_pending=counts[Entry.Status.PENDING],
        regions=len({r.region.casefold() for r in rows if r.region}),
        refused=tuple(refused),
        added_directly=sum(1 for r in rows if not r.admitted_by and r.admitted_at is None),
        agreements=tournament.participation_agreement,
    )


def _user_name(user) -> str:
    if user is None:
        return ""
    return user.get_full_name() or user.get_username()
