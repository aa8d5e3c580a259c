"""The admission commission's checks (004 §2.1, §2.2.2, §2.3, §2.5.1, §5.1.4) as pure functions.

Plain frozen data in, plain verdicts out: no Django, no database, no clock. ``registration.manager`` builds an
``Applicant`` and a ``Regulation`` from the models, calls ``check_entry`` and translates the verdicts.

Each verdict names the clause it applies. An entry may be admitted only when every verdict passed
(``can_admit``); the commission's document ticks are verdicts too, because an entry lacking a document cannot
be admitted (004 §2.3.3, §2.5.1).

Age and 29 February
-------------------
The age on a day is the number of birthdays that have come by that day, the birthday itself included
(004 §2.1: "достигшие возраста 18 лет на день начала"). A person born on 29 February has his birthday on
1 March in a non-leap year: on 28 February he has not yet lived the full number of years, and a minimum age is
a bar that must never let anybody in a day early. (The other reading, 28 February, follows from applying
art. 192 of the Civil Code on periods that end in a month without the matching day; it would admit a person
one day before he completes the years.)

Examples
--------
>>> import datetime
>>> age_on(datetime.date(2008, 12, 5), datetime.date(2026, 12, 5))
18
>>> age_on(datetime.date(2008, 2, 29), datetime.date(2026, 2, 28))
17
>>> age_on(datetime.date(2008, 2, 29), datetime.date(2026, 3, 1))
18
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

MEN, WOMEN = "men", "women"
MALE, FEMALE = "male", "female"

# Sport qualifications, lowest first (ЕВСК): the regulation may set a minimum (004 §2.2.2).
QUALIFICATIONS = (
    "none",
    "youth3",
    "youth2",
    "youth1",
    "adult3",
    "adult2",
    "adult1",
    "cms",
    "ms",
    "msmk",
    "zms",
)

# Verdict kinds: computed from the data, or a document the commission has seen and ticked.
AUTOMATIC, DOCUMENT = "automatic", "document"


@dataclass(frozen=True)
class Regulation:
    """What the tournament's regulation (Положение) says about admission."""

    first_day: datetime.date
    min_age: int = 18  # 004 §2.1, §2.3.1
    max_age: int | None = None  # 004 §2.2.2: a regulation may restrict by age further
    gender_group: str = MEN
    women_in_mens_event: bool = True  # 004 §2.1: unless the regulation forbids it
    min_qualification: str = ""  # "" = no minimum (004 §2.2.2)
    regions: tuple[str, ...] = ()  # empty = every region (004 §2.2.2)


@dataclass(frozen=True)
class Applicant:
    """One entry as the commission sees it."""

    birth_date: datetime.date | None
    gender: str
    region: str = ""
    # Only the year of birth is known (a federation's file said "1965"; ``birth_date`` is 1 January): the
    # age checks take the least favourable day of that year, so no year-only entry passes a bar it might fail.
    birth_year_only: bool = False
    qualification: str = ""  # "" = not stated
    official_roles: tuple[str, ...] = ()  # roles the person holds in this tournament (004 §2.3.5)
    disqualifications: tuple[str, ...] = ()  # disqualifications in force on the first day (004 §2.3.2)
    identity_document: bool = False  # ticked by the commission (004 §2.3.3)
    medical_clearance: bool = False  # ticked by the commission (004 §2.3.3)
    insurance: bool = False  # ticked by the commission (004 §2.5.1)
    invalid: bool = False  # declared invalid for false data (004 §5.1.4)
    # 003 «Пары»: the second player of a pair; his own bars (age, gender group, disqualification, official)
    # are checked too, and either one's failure bars the pair. Region, qualification and documents are the
    # entry's.
    partner: Applicant | None = None


# The checks of a person (not of the entry) that a pair's partner passes as well (003 «Пары»).
PERSONAL_CHECKS = ("min_age", "max_age", "gender", "disqualification", "official")


@dataclass(frozen=True)
class Verdict:
    """One check: its key, the clause it applies, whether it passed, and the facts behind it."""

    key: str
    clause: str
    passed: bool
    kind: str = AUTOMATIC
    facts: Mapping[str, object] = field(default_factory=dict)


def age_on(birth_date: datetime.date, day: datetime.date) -> int:
    """Full years on ``day``; the birthday itself counts, 29 February falls on 1 March in other years.

    Comparing (month, day) pairs gives exactly that: (2, 28) < (2, 29), so on 28 February of a non-leap year
    the birthday has not come yet, and on 1 March it has.
    """
    return day.year - birth_date.year - ((day.month, day.day) < (birth_date.month, birth_date.day))


def birthday(birth_date: datetime.date, years: int) -> datetime.date:
    """The day the person turns ``years`` (1 March for 29 February in a non-leap year)."""
    year = birth_date.year + years
    try:
        return birth_date.replace(year=year)
    except ValueError:  # 29 February in a non-leap year
        return datetime.date(year, 3, 1)


def normalise_region(region: str) -> str:
    return " ".join(region.replace("ё", "е").replace("Ё", "Е").split()).casefold()


def check_entry(applicant: Applicant, regulation: Regulation) -> tuple[Verdict, ...]:
    """Every verdict on one entry, in the order the commission reads them.

    Parameters
    ----------
    applicant : the entry's data, the person's roles and disqualifications, the documents ticked.
    regulation : the tournament's admission settings.

    Returns
    -------
    The verdicts: validity (§5.1.4), age (§2.1, §2.3.1; upper age §2.2.2 when set), gender group (§2.1),
    disqualification (§2.3.2), officials (§2.3.5), qualification and region (§2.2.2, when the regulation sets
    them), then the three documents (§2.3.3, §2.5.1).
    """
    out = [Verdict("valid", "§5.1.4", not applicant.invalid)]
    out.extend(_age(applicant.birth_date, regulation, applicant.birth_year_only))
    out.append(_gender(applicant.gender, regulation))
    out.append(
        Verdict(
            "disqualification",
            "§2.3.2",
            not applicant.disqualifications,
            facts={"sanctions": applicant.disqualifications, "day": regulation.first_day},
        )
    )
    out.append(
        Verdict("official", "§2.3.5", not applicant.official_roles, facts={"roles": applicant.official_roles})
    )
    if regulation.min_qualification:
        out.append(_qualification(applicant.qualification, regulation.min_qualification))
    if regulation.regions:
        allowed = {normalise_region(r) for r in regulation.regions}
        out.append(
            Verdict(
                "region",
                "§2.2.2",
                normalise_region(applicant.region) in allowed,
                facts={"region": applicant.region, "regions": regulation.regions},
            )
        )
    if applicant.partner is not None:
        for v in check_entry(applicant.partner, regulation):
            if v.key in PERSONAL_CHECKS:
                out.append(Verdict(v.key, v.clause, v.passed, v.kind, {**v.facts, "partner": True}))
    out.append(Verdict("identity_document", "§2.3.3", applicant.identity_document, DOCUMENT))
    out.append(Verdict("medical_clearance", "§2.3.3", applicant.medical_clearance, DOCUMENT))
    out.append(Verdict("insurance", "§2.5.1", applicant.insurance, DOCUMENT))
    return tuple(out)


def can_admit(verdicts: Iterable[Verdict]) -> bool:
    return all(v.passed for v in verdicts)


def failed(verdicts: Iterable[Verdict]) -> tuple[Verdict, ...]:
    return tuple(v for v in verdicts if not v.passed)


def _age(birth_date: datetime.date | None, regulation: Regulation, year_only: bool = False) -> list[Verdict]:
    """004 §2.1, §2.3.1 (minimum age on the first day), §2.2.2 (a maximum). With the year of birth only, the
    minimum is checked as if born on 31 December (the youngest he can be) and the maximum as if born on
    1 January (the oldest): a pass is then certain, and a failure says the full date is needed."""
    day = regulation.first_day
    if birth_date is None:
        return [
            Verdict("min_age", "§2.1, §2.3.1", False, facts={"missing": True, "min_age": regulation.min_age})
        ]
    youngest = datetime.date(birth_date.year, 12, 31) if year_only else birth_date
    oldest = datetime.date(birth_date.year, 1, 1) if year_only else birth_date
    age = age_on(youngest, day)
    facts: dict[str, object] = {
        "age": age,
        "min_age": regulation.min_age,
        "day": day,
        "turns_on": birthday(youngest, regulation.min_age),
    }
    if year_only:
        facts["year_only"] = birth_date.year
    out = [Verdict("min_age", "§2.1, §2.3.1", age >= regulation.min_age, facts=facts)]
    if regulation.max_age is not None:
        oldest_age = age_on(oldest, day)
        max_facts: dict[str, object] = {"age": oldest_age, "max_age": regulation.max_age}
        if year_only:
            max_facts["year_only"] = birth_date.year
        out.append(Verdict("max_age", "§2.2.2", oldest_age <= regulation.max_age, facts=max_facts))
    return out


def _gender(gender: str, regulation: Regulation) -> Verdict:
    if regulation.gender_group == WOMEN:
        passed = gender == FEMALE
    else:
        passed = gender == MALE or (gender == FEMALE and regulation.women_in_mens_event)
    return Verdict(
        "gender",
        "§2.1",
        passed,
        facts={
            "gender": gender,
            "group": regulation.gender_group,
            "women_in_mens_event": regulation.women_in_mens_event,
        },
    )


def _qualification(qualification: str, minimum: str) -> Verdict:
    rank = QUALIFICATIONS.index(qualification) if qualification in QUALIFICATIONS else -1
    return Verdict(
        "qualification",
        "§2.2.2",
        rank >= QUALIFICATIONS.index(minimum),
        facts={"qualification": qualification, "minimum": minimum},
    )
