"""The people: one record per human, found by his identity (issue 17, issue 25)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils.translation import gettext as _

from registration.models import (
    Entry,
    Gender,
    Person,
    fold,
)
from tournaments.models import Tournament, log


@dataclass(frozen=True)
class Identity:
    """Same surname, name, patronymic and date of birth = same person (one record across tournaments)."""

    surname: str
    name: str
    patronymic: str
    birth_date: datetime.date

    @property
    def full_name(self) -> str:
        return " ".join(part for part in (self.surname, self.name, self.patronymic) if part)

    def lookup(self) -> dict:
        return {
            "surname": self.surname,
            "name": self.name,
            "patronymic": self.patronymic,
            "birth_date": self.birth_date,
        }


def clean_name(value: str) -> str:
    """Spaces collapsed; a name typed all in capitals or all in small letters is capitalised ("ИВАНОВ",
    "иванов" → "Иванов") so that the same person is found whoever typed him; mixed case is kept as typed."""
    value = " ".join(value.split())
    if value and (value.isupper() or value.islower()):
        value = value.title()
    return value


def find_person(identity: Identity) -> Person | None:
    return Person.objects.filter(**identity.lookup()).first()


class PeopleLookup:
    """Finds the person of an identity and his entry in a tournament: a query each by default; ``preload``
    reads them for a whole file in two queries (an import of 5,000 rows, issue 13 item 11), the people whose
    folded surname is the file's too, so that twins ("Ёлкин" for "Елкин") are found without more queries."""

    def __init__(self, tournament: Tournament):
        self.tournament = tournament
        self.people: dict[tuple, Person] | None = None
        self.by_key: dict[str, list[Person]] = {}
        self.known: dict[int, Person] = {}
        self.entries: dict[int, Entry] = {}
        self.found = Person.objects.none()

    def preload(self, surnames: set[str]) -> None:
        keys = {fold(s) for s in surnames}
        found = Q(surname__in=surnames) | Q(match_key__in=keys)
        self.found = Person.objects.filter(found)  # the file's people, as a subquery (their tournaments)
        people = list(self.found)
        self.people = {(p.surname, p.name, p.patronymic, p.birth_date): p for p in people}
        self.known = {p.pk: p for p in people}
        self.by_key = {}
        for p in people:
            self.by_key.setdefault(fold(p.surname), []).append(p)
        # with their people: a row of someone entered already names him in its message (``duplicate_message``)
        entries = Entry.objects.filter(
            tournament=self.tournament, person__in=Person.objects.filter(found)
        ).select_related("person")
        self.entries = {e.person_id: e for e in entries}

    def person(self, identity: Identity) -> Person | None:
        if self.people is None:
            return find_person(identity)
        return self.people.get((identity.surname, identity.name, identity.patronymic, identity.birth_date))

    def entry(self, person: Person, exclude: int | None = None) -> Entry | None:
        if self.people is None:
            found_here = Entry.objects.filter(tournament=self.tournament, person=person)
            if exclude is not None:
                found_here = found_here.exclude(pk=exclude)
            return found_here.first()
        found = self.entries.get(person.pk)
        return None if found is None or found.pk == exclude else found

    def similar(self, identity: Identity, year_only: bool = False) -> list[Person]:
        """People who may be this identity under another spelling (ё/е, case, spaces, initials) with the same
        date of birth (the same year when either knows only the year); never the exact person."""
        key = fold(identity.surname)
        if self.people is None:
            candidates = list(Person.objects.filter(match_key=key))
        else:
            candidates = self.by_key.get(key, [])
        exact = (identity.surname, identity.name, identity.patronymic, identity.birth_date)
        return [
            p
            for p in candidates
            if (p.surname, p.name, p.patronymic, p.birth_date) != exact
            and may_be_same(
                (p.surname, p.name, p.patronymic, p.birth_date, p.birth_year_only),
                (identity.surname, identity.name, identity.patronymic, identity.birth_date, year_only),
            )
        ]


def _initial(part: str) -> str:
    """ "П." or "П" → "п"; "" for a name written in full."""
    bare = part.rstrip(".")
    return bare if len(bare) == 1 else ""


def _names_agree(a: str, b: str, empty_agrees: bool) -> bool:
    a, b = fold(a), fold(b)
    if not a or not b:
        return empty_agrees
    if a == b:
        return True
    ia, ib = _initial(a), _initial(b)
    return bool((ia and b.startswith(ia)) or (ib and a.startswith(ib)))


def may_be_same(a: tuple, b: tuple) -> bool:
    """Whether two (surname, name, patronymic, birth date, year only) may be one human: the same surname
    folded (ё = е, case, spaces), names equal or one an initial of the other, a missing patronymic agreeing
    with any, and the same date of birth — the same year when either gives the year only.

    >>> import datetime
    >>> d = datetime.date(1965, 6, 8)
    >>> may_be_same(("Ёлкин", "Пётр", "Семёнович", d, False), ("ЕЛКИН", "П.", "С.", d, False))
    True
    >>> may_be_same(("Ёлкин", "Пётр", "", d, False), ("Елкин", "Павел", "", d, False))
    False
    """
    if a[3] is None or b[3] is None or fold(a[0]) != fold(b[0]):
        return False
    if a[4] or b[4]:
        if a[3].year != b[3].year:
            return False
    elif a[3] != b[3]:
        return False
    return _names_agree(a[1], b[1], empty_agrees=False) and _names_agree(a[2], b[2], empty_agrees=True)


def person_for(
    identity: Identity,
    *,
    gender: str | None = None,
    organisation: str = "",
    region: str = "",
    claimant=None,
    year_only: bool = False,
    public: bool = False,
    tournament: Tournament | None = None,
    by=None,
) -> Person:
    """The person with this identity, created when new.

    ``public``: the data come from a public form — anonymous input (issue 25 item 8). A new record is then
    made *unconfirmed* (``Person.confirmed``), and an existing one is never changed: an entry is only a
    claim. From an official (``public`` False), an unconfirmed record found takes the official's data and is
    confirmed (logged in ``tournament``); a confirmed record is never changed here (who changes it:
    ``permissions.may_rewrite``). ``gender`` None: not given (a new person is male).

    ``claimant`` is a logged-in visitor entering himself: when his own record has the same names and no date
    of birth yet (an account made before any entry), that record is completed instead of making a second one.
    """
    person = find_person(identity)
    if person is not None:
        if not public and not person.confirmed:
            confirm_person(
                person,
                tournament,
                by,
                gender=gender,
                organisation=organisation,
                region=region,
                year_only=year_only,
            )
        return person
    own = (
        Person.objects.filter(user=claimant).first() if getattr(claimant, "is_authenticated", False) else None
    )
    if own is not None and own.birth_date is None and _same_names(own, identity):
        own.birth_date, own.gender = identity.birth_date, gender or Gender.MALE
        own.save(update_fields=["birth_date", "gender"])
        return own
    person, _created = Person.objects.get_or_create(
        **identity.lookup(),
        defaults={
            "gender": gender or Gender.MALE,
            "organisation": organisation,
            "region": region,
            "birth_year_only": year_only,
            "confirmed": not public,
        },
    )
    return person


def confirm_person(person: Person, tournament: Tournament | None, by, **data) -> None:
    """An official vouches for an unconfirmed record (made by a public form, issue 25 item 8): the data he
    gives (``gender``, ``organisation``, ``region``, ``year_only``; None = not given) replace the claim, and
    the record is confirmed. Logged in ``tournament`` with the claim's values."""
    if person.confirmed:
        return
    fields = {
        "gender": data.get("gender"),
        "organisation": data.get("organisation"),
        "region": data.get("region"),
        "birth_year_only": data.get("year_only"),
    }
    changed = {f: v for f, v in fields.items() if v is not None and getattr(person, f) != v}
    before = {f: str(getattr(person, f)) for f in changed}
    for f, v in changed.items():
        setattr(person, f, v)
    person.confirmed = True
    person.save(update_fields=[*changed, "confirmed"])
    if tournament is not None:
        log(
            tournament,
            by,
            "person_confirmed",
            _("Record of %(p)s confirmed by an official (it was made by a public form)") % {"p": person},
            person=person.pk,
            before=before,
        )


def _same_names(person: Person, identity: Identity) -> bool:
    mine = (person.surname, person.name, person.patronymic)
    theirs = (identity.surname, identity.name, identity.patronymic)
    return [p.casefold() for p in mine] == [p.casefold() for p in theirs]


def account_person(surname: str, name: str, patronymic: str, username: str) -> Person | None:
    """For registering an official by his login: the person the account belongs to, when the names typed are
    his; else None. Nothing else is told (not whether the login exists), and no date of birth is compared."""
    account = get_user_model().objects.filter(username=username).first()
    own = Person.objects.filter(user=account).first() if account is not None else None
    if own is None or not _same_names(own, Identity(surname, name, patronymic, datetime.date.min)):
        return None
    return own
