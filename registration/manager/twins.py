"""Twins: one human, two records, and their merge (issue 17)."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from registration import permissions
from registration.manager.errors import AdmissionError
from registration.manager.people import may_be_same
from registration.models import (
    Entry,
    Official,
    Participant,
    Person,
)
from tournaments.models import Tournament, log
from tournaments.rules import cite


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
        model = relation.related_model
        # A model named as a string ("self") is resolved once the registry is ready, as it is here.
        if not relation.one_to_many or isinstance(model, str):
            continue
        rows = model._base_manager.filter(**{relation.field.name: remove})
        count = rows.update(**{relation.field.name: keep})
        if count:
            moved[relation.get_accessor_name() or relation.name] = count
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
