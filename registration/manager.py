"""Between the models and the pure admission checks, and the commission's decisions.

Reads a tournament's regulation and an entry into ``admission.Regulation`` / ``admission.Applicant``, turns
the verdicts into rows a page can show, and changes entries: documents, decisions, invalidity. Every change
is one transaction, logged in the tournament's change log, and keeps one rule: the person of an admitted
entry is an active ``Participant`` (the draw's input), the person of any other entry is not.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from registration import admission, permissions, signals
from registration.models import (
    Entry,
    Gender,
    Official,
    Participant,
    Person,
    Qualification,
    RegistrationSettings,
    Team,
    TeamEntry,
    accepts_participants,
    fold,
)
from tournaments.models import AuditEntry, GenderGroup, Tournament, log
from tournaments.rules import cite, cite_text


class AdmissionError(Exception):
    """A user error: expected, translated, shown to the person who asked; nothing was changed."""


# --- people -------------------------------------------------------------------------------------------------


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
        entries = Entry.objects.filter(tournament=self.tournament, person__in=Person.objects.filter(found))
        self.entries = {e.person_id: e for e in entries}

    def person(self, identity: Identity) -> Person | None:
        if self.people is None:
            return find_person(identity)
        return self.people.get((identity.surname, identity.name, identity.patronymic, identity.birth_date))

    def entry(self, person: Person, exclude: int | None = None) -> Entry | None:
        if self.people is None:
            return Entry.objects.filter(tournament=self.tournament, person=person).exclude(pk=exclude).first()
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


@transaction.atomic
def register_official(tournament: Tournament, data: dict, by) -> Official:
    """Register a person in a role, not yet accredited (004 §5.3.2 items 1, 3).

    ``data["person"]`` is the person found by the form (his login's, or the one with this identity); else a
    new person is made from the identity. No existing person is changed: not his date of birth, not his
    account (004 §6.1, §6.2 — who manages officials — and the README's security section).
    """
    locked = Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    if locked is not None and locked.read_only_reason:
        raise AdmissionError(locked.read_only_reason)  # 004 §6.2.1 item 6: the signed protocol's officials
    if not permissions.may_register_role(by, tournament, data["role"]):
        raise PermissionDenied(f"{by} may not register a {data['role']} in tournament {tournament.pk}")
    person = data.get("person")
    if person is not None and (refusal := official_refusal(tournament, person, data["role"])):
        raise AdmissionError(refusal)
    if person is not None and not person.confirmed:
        confirm_person(person, tournament, by, gender=data.get("gender") or None)
    if person is None:
        identity = Identity(data["surname"], data["name"], data.get("patronymic", ""), data["birth_date"])
        person = person_for(
            identity,
            gender=data.get("gender") or None,
            organisation=data.get("organisation", ""),
            region=data.get("region", ""),
            tournament=tournament,
            by=by,
        )
    team = data.get("team") if data["role"] == Official.Role.REPRESENTATIVE else None
    official = Official.objects.create(
        tournament=tournament,
        person=person,
        role=data["role"],
        team=team,
        accredited=False,
        judging_category=data.get("judging_category", ""),
        city=" ".join(data.get("city", "").split()),
    )
    log(
        tournament,
        by,
        "official",
        _("Official registered: %(p)s, %(r)s") % {"p": person, "r": official.role_display},
        official=official.pk,
    )
    return official


def official_refusal(tournament: Tournament, person: Person, role: str) -> str:
    """Why the person cannot take ``role`` here, or "". 004 §1.6.2: a disqualified person in no role.
    004 §2.3.5, §1.5.8: an official of a tournament cannot be its participant — in a competition of
    several events, of any of its events (one panel serves them all, 004 §1.2), as himself or as a pair's
    second player. A team's representative is not an official of the competition (§2.4: "тренеров,
    представителей команд"). Empty when he may take the role; the officials form, the registration and the
    accreditation all ask here."""
    if person.pk is None:
        return ""
    barred = _disqualifications(tournament, person)
    if barred:
        # 004 §1.6.2: a disqualified person takes part in a competition "ни в каком качестве" while it lasts.
        return _(
            "%(p)s is disqualified (%(d)s) and cannot take part in the competition in any role (%(rule)s)."
        ) % {
            "p": person,
            "d": "; ".join(barred),
            "rule": cite("004 §1.6.2"),
        }
    if role == Official.Role.REPRESENTATIVE:
        return ""
    playing = permissions.plays_in(person.pk, permissions.registry(tournament))
    if not playing:
        return ""
    where = Tournament.objects.filter(pk__in=playing).order_by("pk").first()
    if where is not None and where.pk == tournament.pk:
        return _("%(p)s is a participant of this tournament and cannot be its official (%(rule)s).") % {
            "p": person,
            "rule": cite("004 §2.3.5"),
        }
    return _("%(p)s plays in «%(t)s» of this competition and cannot be its official (%(rule)s).") % {
        "p": person,
        "t": where,
        "rule": cite("004 §2.3.5"),
    }


def _lock_officials(official: Official) -> Official:
    """The tournament's row, then the official's: two changes to one tournament's officials at once are
    taken one after the other (so two withdrawals cannot leave it without its last chief judge). A finished
    tournament's officials are those its signed final protocol lists (004 §6.2.1 item 6): refused."""
    locked = Tournament.objects.select_for_update().filter(pk=official.tournament_id).first()
    if locked is not None and locked.read_only_reason:
        raise AdmissionError(locked.read_only_reason)
    return (
        Official.objects.select_for_update(of=("self",))
        .select_related("person", "tournament")
        .get(pk=official.pk)
    )


def _check_may_manage(official: Official, by, action: str) -> None:
    """Only the chief judge and the chief secretary, on roles below their own (004 §6.1, §6.2)."""
    if official.person.user_id is not None and official.person.user_id == getattr(by, "pk", None):
        raise AdmissionError(_("Nobody changes his own role."))
    if not permissions.may_manage(by, official, action):
        raise PermissionDenied(f"{by} may not {action} official {official.pk}")


def _last_chief(official: Official) -> bool:
    """The only accredited chief judge (or chief secretary) of the tournament."""
    if official.role not in permissions.RANKS or not official.accredited:
        return False
    others = Official.objects.filter(
        tournament_id=official.tournament_id, role=official.role, accredited=True
    )
    return not others.exclude(pk=official.pk).exists()


@transaction.atomic
def accredit(official: Official, accredited: bool, by) -> None:
    """Accredit an official or withdraw the accreditation (004 §5.3.2 item 3)."""
    official = _lock_officials(official)
    _check_may_manage(official, by, "accredit" if accredited else "withdraw")
    if official.accredited == accredited:
        return
    if accredited and (refusal := official_refusal(official.tournament, official.person, official.role)):
        raise AdmissionError(refusal)
    if not accredited and _last_chief(official):
        raise AdmissionError(
            _("%(r)s is the tournament's only one: accredit another before withdrawing this accreditation.")
            % {"r": official.get_role_display()}
        )
    official.accredited = accredited
    official.save(update_fields=["accredited"])
    summary = (
        _("Official accredited: %(p)s, %(r)s") if accredited else _("Accreditation withdrawn: %(p)s, %(r)s")
    )
    log(
        official.tournament,
        by,
        "accreditation",
        summary % {"p": official.person, "r": official.role_display},
        official=official.pk,
        accredited=accredited,
    )


@transaction.atomic
def remove_official(official: Official, by) -> None:
    """A registration made by mistake goes, once its accreditation is withdrawn."""
    official = _lock_officials(official)
    _check_may_manage(official, by, "remove")
    if official.accredited:
        raise AdmissionError(_("Withdraw the accreditation first."))
    log(
        official.tournament,
        by,
        "official_removed",
        _("Official's registration removed: %(p)s, %(r)s")
        % {"p": official.person, "r": official.role_display},
    )
    official.delete()


# --- twins: one human, two records (issue 17) ---------------------------------------------------------


def _people_of(tournament: Tournament) -> set[int]:
    """The people of a tournament: its entries, participants and officials."""
    return (
        set(Entry.objects.filter(tournament=tournament).values_list("person_id", flat=True))
        | set(Participant.objects.filter(tournament=tournament).values_list("person_id", flat=True))
        | set(Official.objects.filter(tournament=tournament).values_list("person_id", flat=True))
    )


def _facts(p: Person) -> tuple:
    return (p.surname, p.name, p.patronymic, p.birth_date, p.birth_year_only)


def twins_of(tournament: Tournament) -> list[tuple[Person, Person]]:
    """Pairs of people who may be one human (``may_be_same``), at least one of them in this tournament; the
    older record (the one with the smaller number, so with the history) first. Three queries."""
    ids = _people_of(tournament)
    mine = [p for p in Person.objects.filter(pk__in=ids) if p.match_key]
    others: dict[str, list[Person]] = {}
    for p in Person.objects.filter(match_key__in={p.match_key for p in mine}):
        others.setdefault(p.match_key, []).append(p)
    pairs: dict[tuple[int, int], tuple[Person, Person]] = {}
    for p in mine:
        for q in others.get(p.match_key, []):
            if q.pk != p.pk and may_be_same(_facts(p), _facts(q)):
                first, second = sorted((p, q), key=lambda x: x.pk)
                pairs[(first.pk, second.pk)] = (first, second)
    return [pairs[k] for k in sorted(pairs)]


@dataclass(frozen=True)
class PersonCard:
    """A person as a proposal of twins shows him to one official (issue 25 item 2): in full when
    ``permissions.may_see_in_full`` says so, else his name, year of birth and region only."""

    pk: int
    full_name: str
    birth: str  # "08.06.1965", or the year alone
    organisation: str  # "" unless seen in full
    region: str
    full: bool

    @property
    def label(self) -> str:
        parts = (self.full_name, self.birth, self.organisation, self.region)
        return ", ".join(part for part in parts if part)


def person_cards(
    reach: permissions.Reach, people, theirs: dict[int, set[int]] | None = None
) -> dict[int, PersonCard]:
    """Every twin proposal (the import's preview, the twins page) shows people through this: one rule,
    ``permissions.may_see_in_full``. ``theirs``: the people's tournaments (entries and participations),
    when the caller has read them."""
    people = list(people)
    if theirs is None:
        theirs = permissions.tournaments_of_people((p.pk for p in people), roles=False)
    cards = {}
    for p in people:
        full = permissions.may_see_in_full(reach, p, theirs.get(p.pk, set()))
        year = str(p.birth_date.year) if p.birth_date else ""
        cards[p.pk] = PersonCard(
            pk=p.pk,
            full_name=p.full_name,
            birth=p.birth_display if full else year,
            organisation=p.organisation if full else "",
            region=p.region,
            full=full,
        )
    return cards


@dataclass(frozen=True)
class TwinPair:
    """A pair of the twins page as one official sees it: the two cards, and whether he may merge them."""

    first: PersonCard
    second: PersonCard
    mergeable: bool


def twin_pairs(tournament: Tournament, user) -> list[TwinPair]:
    """The twins page for ``user``: each pair shown by ``person_cards`` and offered for merging only when
    ``merge_persons`` would take it (both records his own, or he is a league official)."""
    pairs = twins_of(tournament)
    people = {p.pk: p for pair in pairs for p in pair}
    theirs = permissions.tournaments_of_people(people)
    cards = person_cards(permissions.Reach.of_user(user), people.values())
    deciding = permissions.Reach.of_user(user, permissions.DECIDERS)
    return [
        TwinPair(
            cards[a.pk],
            cards[b.pk],
            all(permissions.may_rewrite(deciding, p, theirs[p.pk]) for p in (a, b)),
        )
        for a, b in pairs
    ]


def _merge_conflict(keep: Person, remove: Person) -> str:
    """Why two records cannot be one human, or "": both play in one tournament, both hold one role there,
    one judges where the other plays (004 §2.3.5), or both have their own accounts."""

    def played(p: Person) -> dict[int, str]:
        out = {
            e.tournament_id: str(e.tournament)
            for e in Entry.objects.filter(person=p).select_related("tournament")
        }
        for part in Participant.objects.filter(person=p).select_related("tournament"):
            out[part.tournament_id] = str(part.tournament)
        return out

    def roles(p: Person) -> dict[tuple[int, str], str]:
        return {
            (o.tournament_id, o.role): str(o.tournament)
            for o in Official.objects.filter(person=p).select_related("tournament")
        }

    a, b = played(keep), played(remove)
    shared = sorted(set(a) & set(b))
    if shared:
        return _("%(a)s and %(b)s both play in «%(t)s»: they are two people and are not merged.") % {
            "a": keep,
            "b": remove,
            "t": a[shared[0]],
        }
    ra, rb = roles(keep), roles(remove)
    both = sorted(set(ra) & set(rb))
    if both:
        return _("Both hold the same role in «%(t)s»: remove one of the two registrations first.") % {
            "t": ra[both[0]]
        }
    judged = ({t for t, _r in ra} & set(b)) | ({t for t, _r in rb} & set(a))
    if judged:
        name = {**a, **b}[sorted(judged)[0]]
        return _("One of them is an official where the other plays («%(t)s», %(rule)s): not merged.") % {
            "t": name,
            "rule": cite("004 §2.3.5"),
        }
    if keep.user_id and remove.user_id:
        return _("Both have their own accounts: an administrator decides which stays.")
    return ""


@transaction.atomic
def merge_persons(tournament: Tournament, keep_pk: int, remove_pk: int, by) -> dict[str, int]:
    """Make two records of one human one: everything that names ``remove`` — entries, participations,
    official roles, sanctions and disqualifications, whatever app keeps them — names ``keep``; his account
    too when ``keep`` has none, and his organisation and region where ``keep`` has none; then ``remove``
    goes. Logged in every tournament touched. Returns what was moved, by relation.

    Refused (``AdmissionError``, nothing changed) when the two play in one tournament, hold one role in one
    tournament, or one judges where the other plays. Who (``PermissionDenied`` otherwise; issue 25 item 3):
    a league official, any two records; the tournament's commission and runners, two twins by
    ``may_be_same``, one of them of this tournament, and both their own (``permissions.may_rewrite``: each
    person only in tournaments where this official has powers) — never a person of another tournament.
    """
    t = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if t.read_only_reason:
        raise AdmissionError(t.read_only_reason)
    if not permissions.can_merge_persons(by, t):
        raise PermissionDenied(f"{by} may not merge people in tournament {t.pk}")
    if keep_pk == remove_pk:
        raise AdmissionError(_("Choose two different people."))
    people = {p.pk: p for p in Person.objects.select_for_update().filter(pk__in=[keep_pk, remove_pk])}
    if len(people) != 2:
        raise AdmissionError(_("No such person."))
    keep, remove = people[keep_pk], people[remove_pk]
    if not permissions.is_league_official(by):
        mine = _people_of(t)
        if not ({keep.pk, remove.pk} & mine and may_be_same(_facts(keep), _facts(remove))):
            raise PermissionDenied(f"{by} may merge only twins of tournament {t.pk}")
        reach = permissions.Reach.of_user(by, permissions.DECIDERS)
        theirs = permissions.tournaments_of_people([keep.pk, remove.pk])
        if not all(permissions.may_rewrite(reach, p, theirs[p.pk]) for p in (keep, remove)):
            raise PermissionDenied(f"{by} may not merge people of other tournaments (tournament {t.pk})")
    conflict = _merge_conflict(keep, remove)
    if conflict:
        raise AdmissionError(conflict)
    touched = (
        set(Entry.objects.filter(person=remove).values_list("tournament_id", flat=True))
        | set(Participant.objects.filter(person=remove).values_list("tournament_id", flat=True))
        | set(Official.objects.filter(person=remove).values_list("tournament_id", flat=True))
    )
    moved: dict[str, int] = {}
    # Every relation to a person, whichever app declares it (judging's sanctions too), without importing it.
    for relation in Person._meta.related_objects:
        if not relation.one_to_many:
            continue
        rows = relation.related_model._base_manager.filter(**{relation.field.name: remove})
        count = rows.update(**{relation.field.name: keep})
        if count:
            moved[relation.get_accessor_name()] = count
    before = f"{remove.full_name}, {remove.birth_display} (No. {remove.pk})"
    account = remove.user_id
    remove.user = None
    remove.save(update_fields=["user"])
    keep.organisation = keep.organisation or remove.organisation
    keep.region = keep.region or remove.region
    if account and not keep.user_id:
        keep.user_id = account
    keep.save(update_fields=["organisation", "region", "user"])
    remove.delete()
    summary = _("Two records of one person merged: %(r)s into %(k)s (No. %(n)s)") % {
        "r": before,
        "k": f"{keep.full_name}, {keep.birth_display}",
        "n": keep.pk,
    }
    for tid in sorted({t.pk} | touched):
        target = t if tid == t.pk else Tournament.objects.get(pk=tid)
        log(target, by, "persons_merged", summary, kept=keep.pk, removed=remove_pk, moved=moved)
    return moved


# --- entries and teams --------------------------------------------------------------------------------------


def contacts_of(source) -> dict:
    """The sending organisation and the responsible person, to copy from a team entry to its members."""
    names = [
        "organisation",
        "region",
        "disciplines",
        "responsible_name",
        "responsible_phone",
        "responsible_email",
    ]
    return {name: getattr(source, name) for name in names} | {
        "source": source.source,
        "submitted_by": source.submitted_by,
    }


def team_entry_for(entry: Entry, name: str, user) -> TeamEntry | None:
    """The team an entry names, entered with the entry's contacts if it has not entered yet."""
    if not name:
        return None
    team, _created = TeamEntry.objects.get_or_create(
        tournament=entry.tournament,
        name=name,
        defaults={**contacts_of(entry), "representative": entry.responsible_name},
    )
    return team


# --- checks -------------------------------------------------------------------------------------------------


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
    if not entry.partner_id:
        return None
    partner = entry.partner
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
    return Official.objects.filter(where).exclude(role=Official.Role.REPRESENTATIVE)


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
    tournament: Tournament, *, person: Person | None, birth_date: datetime.date, gender: str, region: str
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
    if f.get("partner") and entry is not None and entry.partner_id:
        title = _("Partner %(p)s: %(t)s") % {"p": entry.partner.short_name, "t": title}
    return CheckRow(verdict.key, title, cite(f"004 {verdict.clause}"), verdict.passed, detail, verdict.kind)


def check_rows(entry: Entry, regulation: admission.Regulation | None = None) -> list[CheckRow]:
    return [describe(v, entry) for v in verdicts_for(entry, regulation)]


def _valid(f, passed, entry):
    detail = "" if passed else _("declared invalid: %(r)s") % {"r": entry.invalid_reason if entry else ""}
    return _("The entry is valid"), detail


def _min_age(f, passed, entry):
    title = _("Age at least %(n)s on the first day") % {"n": f["min_age"]}
    if f.get("missing"):
        return title, _("the date of birth is missing")
    if f.get("year_only"):
        # 004 §2.1: with the year only, counted from 31 December; the full date decides a failure.
        detail = _("only the year of birth is known (%(y)s): at least %(a)s full years on %(d)s") % {
            "y": f["year_only"],
            "a": f["age"],
            "d": _day(f["day"]),
        }
        if not passed:
            detail += "; " + _("enter the full date of birth from the identity document")
        return title, detail
    detail = _("%(a)s full years on %(d)s") % {"a": f["age"], "d": _day(f["day"])}
    if not passed:
        detail += "; " + _("turns %(n)s on %(t)s") % {"n": f["min_age"], "t": _day(f["turns_on"])}
    return title, detail


def _max_age(f, passed, entry):
    title = _("Age at most %(n)s on the first day") % {"n": f["max_age"]}
    if f.get("year_only"):
        detail = _("only the year of birth is known (%(y)s): at most %(a)s full years") % {
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


# --- decisions ----------------------------------------------------------------------------------------------


def _lock_open(tournament_id: int) -> Tournament:
    """The tournament under a row lock (the draw takes the same), refused once it is finished (004 §6.2.1)."""
    t = Tournament.objects.select_for_update().get(pk=tournament_id)
    if t.read_only_reason:
        raise AdmissionError(t.read_only_reason)
    return t


def _locked(entry: Entry) -> Entry:
    """The entry re-read under a row lock, after the tournament's: admitting takes the same lock as the draw,
    so a participant is never added half-way through one."""
    _lock_open(entry.tournament_id)
    return (
        Entry.objects.select_for_update(of=("self",))
        .select_related("person", "tournament", "team_entry")
        .get(pk=entry.pk)
    )


@transaction.atomic
def record_documents(entry: Entry, by, **ticks: bool) -> Entry:
    """The commission ticks the documents it has seen (004 §2.3.3, §2.5.1)."""
    entry = _locked(entry)
    changed = [name for name, value in ticks.items() if getattr(entry, name) != value]
    if not changed:
        return entry
    if entry.status == Entry.Status.ADMITTED:
        raise AdmissionError(_("The entry is admitted: set it to pending before changing its documents."))
    for name in changed:
        setattr(entry, name, ticks[name])
    entry.save(update_fields=changed)
    shown = [str(Entry._meta.get_field(n).verbose_name) for n in ticks if ticks[n]]
    log(
        entry.tournament,
        by,
        "entry_documents",
        _("Documents of %(p)s: %(d)s") % {"p": entry.person, "d": ", ".join(shown) or _("none")},
        entry=entry.pk,
    )
    return entry


@transaction.atomic
def decide(entry: Entry, status: str, reason: str, by) -> Entry:
    """The commission's decision: admitted (every check passed), refused (with a reason) or pending again.

    Admission makes the person an active participant; any other decision takes an active participant out
    (withdrawn, logged).
    """
    reason = reason.strip()
    entry = _locked(entry)
    if status not in Entry.Status.values:
        raise AdmissionError(_("Choose a decision."))
    if status == Entry.Status.REFUSED and not reason:
        raise AdmissionError(_("A refusal needs a reason."))
    if status == entry.status and reason == entry.decision_reason:
        return entry
    if status == Entry.Status.ADMITTED:
        bad = admission.failed(verdicts_for(entry))
        if bad:
            raise AdmissionError(
                _("The entry cannot be admitted: %(c)s.")
                % {"c": "; ".join(f"{FAILURES[v.key]} ({cite(f'004 {v.clause}')})" for v in bad)}
            )
        _activate(entry, by)
    else:
        _take_out(entry, by, reason or _("entry set to pending"))
    _save_decision(entry, status, reason, by)
    log(
        entry.tournament,
        by,
        "entry_decision",
        _("Entry of %(p)s: %(s)s") % {"p": entry.person, "s": entry.get_status_display()},
        reason=reason,
        entry=entry.pk,
        status=status,
    )
    return entry


@dataclass(frozen=True)
class BulkRefusal:
    """An entry a bulk decision could not take, and why: each failed check with its clause."""

    entry: Entry
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class BulkOutcome:
    decided: tuple[Entry, ...]
    refused: tuple[BulkRefusal, ...]


def decide_many(
    tournament: Tournament, entry_ids, status: str, reason: str, by, documents: dict[str, bool] | None = None
) -> BulkOutcome:
    """The commission's decision on many entries at once (issue 14 item 4): the documents ticked for all of
    them first (when given), then ``decide`` for each — every check with its clause, one transaction per
    entry, so one entry that cannot be admitted refuses only itself. The refused ones come back with the
    failed checks (each with its clause) or the decision's own message."""
    if status not in Entry.Status.values:
        raise AdmissionError(_("Choose a decision."))
    if status == Entry.Status.REFUSED and not reason.strip():
        raise AdmissionError(_("A refusal needs a reason."))
    entries = list(
        tournament.entries.filter(pk__in=list(entry_ids)).select_related("person", "tournament", "team_entry")
    )
    checker = Checker(tournament)
    decided: list[Entry] = []
    refused: list[BulkRefusal] = []
    for entry in sorted(entries, key=lambda e: e.number or 0):
        try:
            if documents and entry.status != Entry.Status.ADMITTED:
                entry = record_documents(entry, by, **documents)
            if status == Entry.Status.ADMITTED:
                bad = admission.failed(checker.verdicts(entry))
                if bad:
                    reasons = tuple(f"{FAILURES[v.key]} ({cite(f'004 {v.clause}')})" for v in bad)
                    refused.append(BulkRefusal(entry, reasons))
                    continue
            decided.append(decide(entry, status, reason, by))
        except AdmissionError as exc:
            refused.append(BulkRefusal(entry, (str(exc),)))
    return BulkOutcome(tuple(decided), tuple(refused))


@transaction.atomic
def declare_invalid(entry: Entry, reason: str, by) -> Entry:
    """004 §5.1.4: an entry with false data is invalid, and the organiser refuses it."""
    reason = reason.strip()
    if not reason:
        raise AdmissionError(_("Say what is false in the entry."))
    entry = _locked(entry)
    if entry.invalid:
        return entry
    _take_out(entry, by, reason)
    entry.invalid, entry.invalid_reason = True, reason
    refusal = _("invalid entry (%(rule)s): %(r)s") % {"r": reason, "rule": cite("004 §5.1.4")}
    _save_decision(entry, Entry.Status.REFUSED, refusal, by, "invalid", "invalid_reason")
    log(
        entry.tournament,
        by,
        "entry_invalid",
        _("Entry of %(p)s declared invalid (%(rule)s)") % {"p": entry.person, "rule": cite("004 §5.1.4")},
        reason=reason,
        entry=entry.pk,
    )
    return entry


@transaction.atomic
def declare_valid(entry: Entry, reason: str, by) -> Entry:
    """Lift a declaration of invalidity made in error; the entry is pending again, to be examined anew."""
    reason = reason.strip()
    if not reason:
        raise AdmissionError(_("A reason is required."))
    entry = _locked(entry)
    if not entry.invalid:
        return entry
    entry.invalid, entry.invalid_reason = False, ""
    _save_decision(entry, Entry.Status.PENDING, "", by, "invalid", "invalid_reason")
    log(
        entry.tournament,
        by,
        "entry_valid",
        _("Entry of %(p)s is valid again; pending") % {"p": entry.person},
        reason=reason,
        entry=entry.pk,
    )
    return entry


def _save_decision(entry: Entry, status: str, reason: str, by, *also: str) -> None:
    """The decision with who took it and when; ``also`` names other fields the caller has changed."""
    entry.status, entry.decision_reason = status, reason
    entry.decided_by = by if getattr(by, "is_authenticated", False) else None
    entry.decided_at = timezone.now()
    entry.save(update_fields=["status", "decision_reason", "decided_by", "decided_at", *also])


def _activate(entry: Entry, by) -> None:
    tournament, person = entry.tournament, entry.person
    participant = Participant.objects.filter(tournament=tournament, person=person).first()
    if participant is not None and participant.status == Participant.Status.REMOVED:
        raise AdmissionError(
            _("%(p)s was removed from this tournament (%(rule)s).")
            % {
                "p": person,
                "rule": cite("004 §5.7.3"),
            }
        )
    joins = participant is None or participant.status != Participant.Status.ACTIVE
    if joins and not accepts_participants(tournament):
        raise AdmissionError(_("Participants can no longer be added: the draw has started."))
    team = (
        Team.objects.get_or_create(tournament=tournament, name=entry.team_entry.name)[0]
        if entry.team_entry_id
        else None
    )
    if participant is None:
        participant = Participant.objects.create(
            tournament=tournament, person=person, team=team, partner=entry.partner
        )
    elif (
        joins
        or participant.team_id != getattr(team, "pk", None)
        or participant.partner_id != entry.partner_id
    ):
        participant.status, participant.team = Participant.Status.ACTIVE, team
        participant.partner = entry.partner  # 003 «Пары»
        participant.save(update_fields=["status", "team", "partner"])
    # What the protocols print about him comes from the entry the commission checked: this tournament's
    # data, never the shared record's (issue 25 item 3: an admission here changes no other tournament's
    # pages).
    coach = entry.coach or (entry.team_entry.representative if entry.team_entry_id else "")
    sport = {
        "qualification": entry.qualification,
        "club": entry.club,
        "coach": coach,
        "organisation": entry.organisation,
        "region": entry.region,
    }
    # An imported seeding number or rating, while no draw has used the seeding numbers (issue 14 item 5).
    if entry.rating is not None:
        sport["rating"] = entry.rating
    if entry.seed is not None and not seed_locked_reason(participant):
        sport["seed"] = entry.seed
    if any(getattr(participant, k) != v for k, v in sport.items()):
        for k, v in sport.items():
            setattr(participant, k, v)
        participant.save(update_fields=list(sport))
    # The commission has seen his documents and admits him: a record made by a public form is confirmed
    # with the data it has shown (issue 25 item 8).
    for someone in (person, entry.partner) if entry.partner_id else (person,):
        confirm_person(someone, tournament, by)
    if joins:
        log(
            tournament,
            by,
            "participant",
            _("Participant admitted: %(p)s") % {"p": person},
            participant=participant.pk,
            entry=entry.pk,
        )


def is_playing(participant: Participant) -> bool:
    """Drawn in a round of his tournament (a draft included): he has pairings, maybe results, to keep."""
    from_matches = participant.tournament.round_set.filter(
        models.Q(matches__player1=participant) | models.Q(matches__player2=participant)
    )
    return from_matches.exists()


def _take_out(entry: Entry, by, reason: str) -> None:
    participant = Participant.objects.filter(
        tournament=entry.tournament, person=entry.person, status=Participant.Status.ACTIVE
    ).first()
    if participant is None:
        return
    if is_playing(participant):
        # Sending him back to review would take a playing participant out of his pairings and results: his
        # data are corrected on the participant's page, keeping him (and his results) the same participant.
        raise AdmissionError(
            _(
                "%(p)s is already playing in this tournament: his entry cannot go back to review. Correct "
                "his data on the participant's page, or withdraw him with a reason."
            )
            % {"p": participant}
        )
    participant.status = Participant.Status.WITHDRAWN
    participant.save(update_fields=["status"])
    log(
        entry.tournament,
        by,
        "withdraw",
        _("Participant withdrawn: %(p)s") % {"p": participant},
        reason=reason,
        participant=participant.pk,
        entry=entry.pk,
    )


@transaction.atomic
def bar_disqualified(tournament: Tournament, person: Person, reason: str, by) -> list[str]:
    """004 §2.3.2: a disqualification in force on the first day of a tournament not yet started: the person is
    withdrawn from it and his entry is refused, with the clause. Returns what was done, for the judge's notes.
    (A draft round that pairs him is the caller's: the draw is above this app.)"""
    _lock_open(tournament.pk)
    done: list[str] = []
    refusal = _("not admitted: %(r)s") % {"r": reason}
    # 003 «Пары»: a pair one of whose players is disqualified is barred as a whole.
    participant = Participant.objects.filter(
        models.Q(person=person) | models.Q(partner=person),
        tournament=tournament,
        status=Participant.Status.ACTIVE,
    ).first()
    if participant is not None:
        participant.status = Participant.Status.WITHDRAWN
        participant.save(update_fields=["status"])
        log(
            tournament,
            by,
            "withdraw",
            _("Participant withdrawn: %(p)s") % {"p": participant},
            reason=refusal,
            participant=participant.pk,
            clause="004 §2.3.2",
        )
        done.append(_("%(p)s withdrawn: %(r)s") % {"p": person, "r": reason})
    for entry in (
        Entry.objects.select_for_update()
        .filter(models.Q(person=person) | models.Q(partner=person), tournament=tournament)
        .exclude(status=Entry.Status.REFUSED)
    ):
        _save_decision(entry, Entry.Status.REFUSED, refusal, by)
        log(
            tournament,
            by,
            "entry_decision",
            _("Entry of %(p)s: %(s)s") % {"p": person, "s": entry.get_status_display()},
            reason=refusal,
            entry=entry.pk,
            status=Entry.Status.REFUSED,
            clause="004 §2.3.2",
        )
        done.append(_("entry of %(p)s refused: %(r)s") % {"p": person, "r": reason})
    return done


# --- a participant's own data (identity fixes keep the participant and his results) -------------------------


IDENTITY_FIELDS = ("surname", "name", "patronymic", "birth_date", "gender")
# The person's data the participant's page corrects: his identity, and this tournament's organisation and
# region (``Participant.organisation``, ``.region``).
PERSON_FIELDS = (*IDENTITY_FIELDS, "organisation", "region")
# What the federation's protocols print about him in this tournament (issue 15).
PARTICIPANT_FIELDS = ("qualification", "club", "coach")


def seed_locked_reason(participant: Participant) -> str:
    """Why the seeding number can no longer change: the first draw has used it; "" while it can."""
    if participant.tournament.round_set.exists():
        return _(
            "The first round has been drawn: the seeding numbers were used by the draw and stay as they are."
        )
    return ""


def corrects_the_record(participant: Participant, by) -> bool:
    """Whether a correction on this participant's page changes his shared record (issue 25 item 3): only
    when ``permissions.may_rewrite`` lets ``by`` (the person is in no tournament outside his powers, or he
    is a league official); else it is this tournament's data of him (``Participant.corrections``)."""
    person = participant.person
    theirs = permissions.tournaments_of_people([person.pk])[person.pk]
    return permissions.may_rewrite(permissions.Reach.of_user(by, permissions.DECIDERS), person, theirs)


@transaction.atomic
def edit_participant(participant: Participant, data: dict, by) -> list[str]:
    """Correct a participant's data (a name misspelt, a wrong date of birth, the sending organisation) and his
    seeding number, keeping the same participant and person, so his pairings and results stay his. Logged
    with what changed. Returns the names of the changed fields (empty: nothing to do).

    The identity (names, date of birth, gender) goes to the shared ``Person`` only when the official may
    rewrite it (``corrects_the_record``); otherwise, and always for the organisation and region, it is this
    tournament's data of the participant, printed by this tournament's pages, documents and API and nowhere
    else (issue 25 item 3). Refused when the corrected identity is another person's record (merging two
    people is not done here), when the seeding number has been used by a draw, and once the tournament is
    finished.
    """
    _lock_open(participant.tournament_id)
    participant = Participant.objects.select_for_update().select_related("person").get(pk=participant.pk)
    person, shown = participant.person, participant.data
    changed = [f for f in PERSON_FIELDS if f in data and getattr(shown, f) != data[f]]
    seed = data.get("seed", participant.seed)
    if seed != participant.seed:
        locked = seed_locked_reason(participant)
        if locked:
            raise AdmissionError(locked)
    values = {f: data.get(f, getattr(shown, f)) for f in IDENTITY_FIELDS}
    identity = {f: values[f] for f in ("surname", "name", "patronymic", "birth_date")}
    twin = Person.objects.filter(**identity).exclude(pk=person.pk).first()
    if twin is not None:
        raise AdmissionError(
            _("Another person is already registered with these name and date of birth (No. %(n)s): %(p)s.")
            % {"n": twin.pk, "p": twin.full_name}
        )
    before = {f: str(getattr(shown, f) or "") for f in changed}
    # A date typed by the secretary is a full date (the year-only flag of an imported file goes).
    year_only = shown.birth_year_only and "birth_date" not in changed
    record = "person"
    if any(f in IDENTITY_FIELDS for f in changed):
        if corrects_the_record(participant, by):
            for f in IDENTITY_FIELDS:
                setattr(person, f, values[f])
            person.birth_year_only = year_only
            person.save(update_fields=[*IDENTITY_FIELDS, "birth_year_only"])
            participant.corrections = {}
        else:
            record = "participant"
            theirs = {**values, "birth_year_only": year_only}
            participant.corrections = {
                f: (v.isoformat() if isinstance(v, datetime.date) else v)
                for f, v in theirs.items()
                if getattr(person, f) != v
            }
        participant.save(update_fields=["corrections"])
    fields = list(changed)
    own = [f for f in ("organisation", "region") if f in changed]
    own += [f for f in PARTICIPANT_FIELDS if f in data and getattr(participant, f) != data[f]]
    for f in own:
        before.setdefault(f, str(getattr(participant, f) or ""))
        setattr(participant, f, data[f])
    if own:
        participant.save(update_fields=own)
        fields += [f for f in own if f not in fields]
    if seed != participant.seed:
        before["seed"] = str(participant.seed or "")
        participant.seed = seed
        participant.save(update_fields=["seed"])
        fields.append("seed")
    if any(f in ADMISSION_FIELDS for f in fields):
        _recheck_admission(participant, by)
    if fields:
        log(
            participant.tournament,
            by,
            "participant_edit",
            _("Participant's data corrected: %(p)s (%(f)s)") % {"p": participant, "f": ", ".join(fields)},
            participant=participant.pk,
            before=before,
            record=record,
        )
    return fields


# The data the admission's person checks read (004 §2.1, §2.2.2, §2.3.1): a correction of one re-runs them.
ADMISSION_FIELDS = ("birth_date", "gender", "region")


def _recheck_admission(participant: Participant, by) -> None:
    """004 §2.3.1, §5.3.1: a correction re-runs the admission's person checks on the corrected data; what
    fails now is put before the admission commission (``Participant.admission_doubts``, the log, the
    participants page) and the draw waits for its decision (``keep_admitted`` or a withdrawal)."""
    shown = participant.data
    doubts = direct_add_refusals(
        participant.tournament,
        person=participant.person,
        birth_date=shown.birth_date,
        gender=shown.gender or "",
        region=participant.region or shown.region,
    )
    if doubts == participant.admission_doubts:
        return
    participant.admission_doubts = doubts
    participant.save(update_fields=["admission_doubts"])
    if doubts:
        log(
            participant.tournament,
            by,
            "admission_doubt",
            _("After a correction %(p)s no longer passes the admission: %(d)s. The commission decides.")
            % {"p": participant, "d": "; ".join(doubts)},
            participant=participant.pk,
            clause="004 §2.3.1, §5.3.1",
        )


@transaction.atomic
def keep_admitted(participant: Participant, reason: str, by) -> None:
    """The admission commission (004 §5.3.1) decides that a participant whose corrected data failed a check
    plays on, with its reason (logged); the draw pairs him again. Withdrawing him is the other answer."""
    tournament = _lock_open(participant.tournament_id)
    if not permissions.can_decide(by, tournament):
        raise PermissionDenied(f"{by} may not decide on participant {participant.pk}")
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    reason = " ".join((reason or "").split())
    if not reason:
        raise AdmissionError(_("Give the commission's reason for keeping him admitted."))
    if not participant.admission_doubts:
        return
    doubts, participant.admission_doubts = participant.admission_doubts, []
    participant.save(update_fields=["admission_doubts"])
    log(
        tournament,
        by,
        "admission_kept",
        _("%(p)s kept admitted by the commission despite: %(d)s")
        % {"p": participant, "d": "; ".join(doubts)},
        participant=participant.pk,
        reason=reason,
        clause="004 §5.3.1",
    )


SEED_ORDERS = ("rating", "list")


@transaction.atomic
def seed_participants(tournament: Tournament, order: str, by) -> int:
    """Number the active participants 1…N at once (issue 14 item 5): ``rating`` — the highest rating first
    (those without one after them, in list order); ``list`` — the order of the list: entries by their
    number, then the participants added without an entry in the order they were added. Refused once a draw
    has used the seeding numbers. Logged. Returns how many were numbered."""
    if order not in SEED_ORDERS:
        raise AdmissionError(_("Choose how to seed."))
    t = _lock_open(tournament.pk)
    if t.round_set.exists():
        raise AdmissionError(seed_locked_reason(t.participants.first()))
    numbers = dict(t.entries.values_list("person_id", "number"))
    active = list(t.participants.filter(status=Participant.Status.ACTIVE).select_related("person"))

    def list_key(p: Participant):
        number = numbers.get(p.person_id)
        return (number is None, number or 0, p.pk)

    if order == "rating":
        active.sort(key=lambda p: (p.rating is None, -(p.rating or 0), list_key(p)))
    else:
        active.sort(key=list_key)
    for i, p in enumerate(active, start=1):
        p.seed = i
    Participant.objects.bulk_update(active, ["seed"])
    label = _("by rating") if order == "rating" else _("by list order")
    log(t, by, "seeding", _("Seeding numbers 1–%(n)s given %(how)s") % {"n": len(active), "how": label})
    return len(active)


@transaction.atomic
def check_documents(participant: Participant, by, *, identity: bool, medical: bool, insurance: bool) -> None:
    """The admission commission has seen the documents of a participant added without an entry (004 §2.3.3,
    §2.5.1). All three are needed; until then the draw refuses to pair him."""
    _lock_open(participant.tournament_id)
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    if not (identity and medical and insurance):
        raise AdmissionError(
            _(
                "Tick all three: identity document, medical clearance and insurance policy "
                "(004 §2.3.3, §2.5.1)."
            )
        )
    if participant.documents_checked:
        return
    participant.documents_checked = True
    participant.save(update_fields=["documents_checked"])
    log(
        participant.tournament,
        by,
        "participant_documents",
        _("Documents of %(p)s checked by the admission commission") % {"p": participant},
        participant=participant.pk,
        clause="004 §2.3.3, §2.5.1",
    )


def history(entry: Entry):
    """What the change log holds about this entry, newest first."""
    return AuditEntry.objects.filter(tournament_id=entry.tournament_id, data__entry=entry.pk).select_related(
        "user"
    )


# --- the registration protocol (004 §5.3.2 item 4) ----------------------------------------------------------


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


@dataclass(frozen=True)
class ProtocolOfficial:
    full_name: str
    role: str
    role_label: str
    organisation: str
    region: str
    judging_category: str = ""
    city: str = ""


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
    rows = []
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
                qualification=str(qualifications.get(entry.qualification, "")) if entry else "",
                team=p.team.name if p.team_id else "",
                status=str(p.get_status_display()),
                admitted_by=_user_name(entry.decided_by) if entry else "",
                admitted_at=entry.decided_at if entry else None,
                club=p.club,
                coach=p.coach,
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
        )
        for o in tournament.officials.filter(accredited=True)
        .select_related("person", "team")
        .order_by("role", "person__surname")
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
    )


def _user_name(user) -> str:
    if user is None:
        return ""
    return user.get_full_name() or user.get_username()
