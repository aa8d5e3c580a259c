"""The admission's checks: the regulation and an entry as the pure checks see them, verdicts as rows."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db import models
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from registration import admission, permissions, signals
from registration.models import (
    Entry,
    Gender,
    Official,
    Person,
    Qualification,
    RegistrationSettings,
)
from tournaments.models import GenderGroup, Tournament
from tournaments.rules import cite


def regulation_of(
    tournament: Tournament, settings: RegistrationSettings | None = None
) -> admission.Regulation:
    settings = settings or RegistrationSettings.of(tournament)
    return admission.Regulation(
        first_day=tournament.start_date,
        min_age=tournament.min_age,
        max_age=settings.max_age,
        gender_group=admission.WOMEN if tournament.gender_group == GenderGroup.WOMEN else admission.MEN,
        women_in_mens_event=settings.women_in_mens_event,
        min_qualification=settings.min_qualification,
        regions=settings.region_list,
    )


def applicant_of(
    entry: Entry, roles: tuple[str, ...] | None = None, disqualifications: tuple[str, ...] | None = None
) -> admission.Applicant:
    """The entry as the pure checks see it; ``roles`` and ``disqualifications`` when the caller has read them
    already."""
    if roles is None:
        roles = _roles(entry.tournament, entry.person)
    if disqualifications is None:
        disqualifications = _disqualifications(entry.tournament, entry.person)
    return admission.Applicant(
        birth_date=entry.person.birth_date,
        birth_year_only=entry.person.birth_year_only,
        gender=entry.person.gender,
        region=entry.region,
        qualification=entry.qualification,
        official_roles=roles,
        disqualifications=disqualifications,
        identity_document=entry.has_identity_document,
        medical_clearance=entry.has_medical_clearance,
        insurance=entry.has_insurance,
        invalid=entry.invalid,
        partner=_partner_applicant(entry),
    )


def _partner_applicant(entry: Entry) -> admission.Applicant | None:
    """003 «Пары»: the partner as the person checks see him (a disqualification of either bars the pair)."""
    partner = entry.partner
    if partner is None:
        return None
    return admission.Applicant(
        birth_date=partner.birth_date,
        gender=partner.gender,
        official_roles=_roles(entry.tournament, partner),
        disqualifications=_disqualifications(entry.tournament, partner),
    )


def _officials_of(tournament: Tournament):
    """The tournament's officials in the sense of 004 §2.3.5: a team's representative is not one of them (§2.4
    names "тренеров, представителей команд" apart), so a playing representative may be admitted. In a
    competition of several events the officials of every event (one panel, 004 §1.2)."""
    where = models.Q(tournament=tournament)
    if tournament.competition_id:
        where |= models.Q(tournament__competition_id=tournament.competition_id)
    return Official.objects.filter(where).exclude(role__in=permissions.SPEAKERS)


def _roles(tournament: Tournament, person: Person | None) -> tuple[str, ...]:
    """The roles the person holds in this tournament (004 §2.3.5)."""
    if person is None or person.pk is None:
        return ()
    officials = _officials_of(tournament).filter(person=person).order_by("role")
    return tuple(str(o.get_role_display()) for o in officials)


def _disqualifications(tournament: Tournament, person: Person | None) -> tuple[str, ...]:
    """His disqualifications in force on the first day (004 §2.3.2); the judging app records them and answers
    through ``registration.signals``."""
    if person is None or person.pk is None:
        return ()
    return signals.disqualifications(person, tournament.start_date, tournament)


class Checker:
    """Checks many entries of one tournament, reading its regulation and officials once."""

    def __init__(self, tournament: Tournament):
        self.tournament = tournament
        self.regulation = regulation_of(tournament)
        self.roles: dict[int, tuple[str, ...]] = {}
        for official in _officials_of(tournament).order_by("role"):
            label = str(official.get_role_display())
            self.roles[official.person_id] = (*self.roles.get(official.person_id, ()), label)
        self.scope: set[int] = set()  # people whose disqualifications were asked in one question
        self.maybe: set[int] = set()  # of them, those who may have one in force

    def prefetch(self, entries) -> list[Entry]:
        """Ask about the disqualifications of all these entries' people at once (one query, not one per
        entry); the list of entries back."""
        entries = list(entries)
        people = {e.person_id for e in entries if e.person_id}
        self.maybe |= signals.maybe_disqualified(sorted(people), self.tournament.start_date)
        self.scope |= people
        return entries

    def verdicts(self, entry: Entry) -> tuple[admission.Verdict, ...]:
        known = entry.person_id in self.scope and entry.person_id not in self.maybe
        applicant = applicant_of(
            entry, roles=self.roles.get(entry.person_id, ()), disqualifications=() if known else None
        )
        return admission.check_entry(applicant, self.regulation)


# What the secretary's plain "add participant" form can answer: it has no qualification and no documents.
DIRECT_ADD_CHECKS = ("min_age", "max_age", "gender", "disqualification", "official", "region")


def direct_add_refusals(
    tournament: Tournament,
    *,
    person: Person | None,
    birth_date: datetime.date | None,
    gender: str,
    region: str,
) -> list[str]:
    """Why a person cannot be added directly as a participant (the bars of 004 §2.1, §2.2.2, §2.3.1, §2.3.2,
    §2.3.5); empty when he can."""
    applicant = admission.Applicant(
        birth_date=birth_date,
        gender=gender,
        region=region,
        official_roles=_roles(tournament, person),
        disqualifications=_disqualifications(tournament, person),
    )
    refusals = []
    for verdict in admission.check_entry(applicant, regulation_of(tournament)):
        if verdict.key in DIRECT_ADD_CHECKS and not verdict.passed:
            row = describe(verdict)
            refusals.append(
                f"{row.title} ({row.clause}): {row.detail}" if row.detail else f"{row.title} ({row.clause})"
            )
    return refusals


def verdicts_for(
    entry: Entry, regulation: admission.Regulation | None = None
) -> tuple[admission.Verdict, ...]:
    return admission.check_entry(applicant_of(entry), regulation or regulation_of(entry.tournament))


def _day(d: datetime.date) -> str:
    return date_format(d, "d.m.Y")


@dataclass(frozen=True)
class CheckRow:
    """A verdict as a page shows it."""

    key: str
    title: str
    clause: str
    passed: bool
    detail: str
    kind: str


def describe(verdict: admission.Verdict, entry: Entry | None = None) -> CheckRow:
    f = verdict.facts
    title, detail = _TEXTS[verdict.key](f, verdict.passed, entry)
    if f.get("partner") and entry is not None and entry.partner is not None:
        title = _("Partner %(p)s: %(t)s") % {"p": entry.partner.short_name, "t": title}
    return CheckRow(verdict.key, title, cite(f"004 {verdict.clause}"), verdict.passed, detail, verdict.kind)


def check_rows(entry: Entry, regulation: admission.Regulation | None = None) -> list[CheckRow]:
    return [describe(v, entry) for v in verdicts_for(entry, regulation)]


def _valid(f, passed, entry):
    detail = "" if passed else _("declared invalid: %(r)s") % {"r": entry.invalid_reason if entry else ""}
    return _("The entry is valid"), detail


def _min_age(f, passed, entry):
    title = ngettext(
        "Age at least %(n)s year on the first day", "Age at least %(n)s years on the first day", f["min_age"]
    ) % {"n": f["min_age"]}
    if f.get("missing"):
        return title, _("the date of birth is missing")
    if f.get("year_only"):
        # 004 §2.1: with the year only, counted from 31 December; the full date decides a failure.
        detail = ngettext(
            "only the year of birth is known (%(y)s): at least %(a)s full year on %(d)s",
            "only the year of birth is known (%(y)s): at least %(a)s full years on %(d)s",
            f["age"],
        ) % {
            "y": f["year_only"],
            "a": f["age"],
            "d": _day(f["day"]),
        }
        if not passed:
            detail += "; " + _("enter the full date of birth from the identity document")
        return title, detail
    detail = _("%(a)s full years on %(d)s") % {"a": f["age"], "d": _day(f["day"])}
    if not passed:
        turns = ngettext("turns %(n)s year on %(t)s", "turns %(n)s on %(t)s", f["min_age"])
        detail += "; " + turns % {"n": f["min_age"], "t": _day(f["turns_on"])}
    return title, detail


def _max_age(f, passed, entry):
    title = ngettext(
        "Age at most %(n)s year on the first day", "Age at most %(n)s years on the first day", f["max_age"]
    ) % {"n": f["max_age"]}
    if f.get("year_only"):
        detail = ngettext(
            "only the year of birth is known (%(y)s): at most %(a)s full year",
            "only the year of birth is known (%(y)s): at most %(a)s full years",
            f["age"],
        ) % {
            "y": f["year_only"],
            "a": f["age"],
        }
        if not passed:
            detail += "; " + _("enter the full date of birth from the identity document")
        return title, detail
    return title, _("%(a)s full years") % {"a": f["age"]}


def _gender(f, passed, entry):
    gender = dict(Gender.choices).get(f["gender"], f["gender"])
    if f["group"] == admission.WOMEN:
        detail = _("%(g)s; the event is for women") % {"g": gender}
    elif f["gender"] == admission.FEMALE and f["women_in_mens_event"]:
        detail = _("%(g)s; the regulation admits women to the men's event") % {"g": gender}
    elif f["gender"] == admission.FEMALE:
        detail = _("%(g)s; the regulation does not admit women to the men's event") % {"g": gender}
    else:
        detail = _("%(g)s; the event is for men") % {"g": gender}
    return _("Gender group"), detail


def _disqualification(f, passed, entry):
    title = _("No disqualification in force on %(d)s") % {"d": _day(f["day"])}
    return title, "; ".join(f["sanctions"])


def _official(f, passed, entry):
    detail = "" if passed else _("holds the role: %(r)s") % {"r": ", ".join(f["roles"])}
    return _("Not an official of this tournament"), detail


def _qualification(f, passed, entry):
    labels = dict(Qualification.choices)
    title = _("Qualification at least: %(q)s") % {"q": labels[f["minimum"]]}
    return title, str(labels.get(f["qualification"], _("not stated")))


def _region(f, passed, entry):
    detail = f["region"] or _("not stated")
    if not passed:
        detail = _("%(r)s is not among: %(l)s") % {"r": detail, "l": "; ".join(f["regions"])}
    return _("Region admitted by the regulation"), detail


# What a failed verdict means, in a few words: for the list of entries and the refusal to admit.
FAILURES = {
    "valid": gettext_lazy("the entry is invalid"),
    "min_age": gettext_lazy("below the minimum age"),
    "max_age": gettext_lazy("above the maximum age"),
    "gender": gettext_lazy("not of the event's gender group"),
    "disqualification": gettext_lazy("disqualified"),
    "official": gettext_lazy("an official of this tournament"),
    "qualification": gettext_lazy("qualification too low"),
    "region": gettext_lazy("region not admitted"),
    "identity_document": gettext_lazy("no identity document"),
    "medical_clearance": gettext_lazy("no medical clearance"),
    "insurance": gettext_lazy("no insurance policy"),
}

_TEXTS = {
    "valid": _valid,
    "min_age": _min_age,
    "max_age": _max_age,
    "gender": _gender,
    "disqualification": _disqualification,
    "official": _official,
    "qualification": _qualification,
    "region": _region,
    "identity_document": lambda f, p, e: (_("Identity document"), ""),
    "medical_clearance": lambda f, p, e: (_("Medical clearance"), ""),
    "insurance": lambda f, p, e: (_("Medical insurance policy"), ""),
}
