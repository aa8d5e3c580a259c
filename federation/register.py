"""What the public register pages show, as plain data (issue 31 §1): a person's record, the judges'
register, the public sanctions register, the search. No date of birth, document or contact ever: the year of
birth only with ``REGISTER_BIRTH_YEAR`` (where the federation's own lists print it)."""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass, field

from django.conf import settings
from django.db.models import Count, Q, QuerySet, Sum
from django.utils.translation import gettext as _

from federation.models import EventPlace, JudgeCategory, RankHeld, Rating, RatingChange
from judging.models import Sanction, in_force, missed
from registration.models import Official, Person, Qualification, fold
from registration.signals import disqualifications
from tournaments.models import Tournament

# The roles a judge's practice counts (the representative is no judge).
PRACTICE_ROLES = [r for r in Official.Role.values if r != Official.Role.REPRESENTATIVE]


@dataclass
class ListRating:
    key: str
    rating: float
    experience: int
    matches: int
    points: list[tuple[int, float]] = field(default_factory=list)  # (n-th match, rating after it)

    def svg_points(self, width: int = 300, height: int = 60) -> str:
        """The history as an SVG polyline's points (a small plot; the first point is the rating before)."""
        if len(self.points) < 2:
            return ""
        values = [v for _, v in self.points]
        low, high = min(values), max(values)
        span = (high - low) or 1.0
        step = width / (len(values) - 1)
        return " ".join(
            f"{i * step:.1f},{height - (v - low) / span * height:.1f}" for i, v in enumerate(values)
        )


@dataclass
class EventRow:
    tournament: Tournament
    place_label: str
    deltas: dict[str, float]
    fulfilled: str = ""  # the rank his place fulfilled there ("" none), a ``Qualification`` value
    fulfils: str = ""  # ``EventPlace.Fulfils``: "new" (higher than held) or "confirmed"

    def fulfilled_display(self) -> str:
        return str(Qualification(self.fulfilled).label) if self.fulfilled else ""


@dataclass
class PersonRecord:
    """What the person page shows; ``fulfilled``: the events whose norms his place met (issue 31 §1)."""

    person: Person
    birth_year: int | None
    events: list[EventRow]
    ratings: list[ListRating]
    ranks: list[RankHeld]  # the orders, the latest first (the rank he holds)
    categories: list[JudgeCategory]
    practice: list[Official]
    disqualifications: tuple[str, ...]

    @property
    def fulfilled(self) -> list[EventRow]:
        return [e for e in self.events if e.fulfilled]


def person_record(person: Person, today: datetime.date) -> PersonRecord:
    """Everything the person page shows, in a fixed number of queries whatever his history."""
    places = {
        p.tournament_id: p
        for p in EventPlace.objects.filter(person=person)
        .select_related("tournament")
        .order_by("-tournament__end_date")
    }
    deltas: dict[int, dict[str, float]] = defaultdict(dict)
    for tid, key, before, after in (
        RatingChange.objects.filter(person=person)
        .values("tournament_id", "discipline")
        .annotate(b=Sum("before"), a=Sum("after"))
        .values_list("tournament_id", "discipline", "b", "a")
    ):
        deltas[tid][key] = after - before
    events = [
        EventRow(p.tournament, p.place_label, deltas.get(tid, {}), p.fulfilled, p.fulfils)
        for tid, p in places.items()
    ]
    history: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for key, before, after, n in (
        RatingChange.objects.filter(person=person)
        .order_by("discipline", "seq")
        .values_list("discipline", "before", "after", "matches")
    ):
        if not history[key]:
            history[key].append((n - 1, before))
        history[key].append((n, after))
    ratings = [
        ListRating(r.discipline, r.rating, r.experience, r.matches, history.get(r.discipline, []))
        for r in Rating.objects.filter(person=person).order_by("discipline")
    ]
    practice = list(
        Official.objects.filter(
            person=person,
            accredited=True,
            role__in=PRACTICE_ROLES,
            tournament__status=Tournament.Status.FINISHED,
        )
        .select_related("tournament")
        .order_by("-tournament__end_date")
    )
    return PersonRecord(
        person=person,
        birth_year=person.birth_date.year if settings.REGISTER_BIRTH_YEAR and person.birth_date else None,
        events=events,
        ratings=ratings,
        ranks=list(RankHeld.objects.filter(person=person)),
        categories=list(JudgeCategory.objects.filter(person=person)),
        practice=practice,
        disqualifications=disqualifications(person, today),
    )


def search(q: str = "", region: str = "", club: str = "") -> QuerySet[Person]:
    """People by name (ё = е, any case; "Иванов И.П." or "Иванов Иван": the surname, then initials or the
    name), region, club. The surname is matched on its folded index (``Person.match_key``), so a search is
    one indexed query; the initials are checked on the names' first letters folded."""
    people = Person.objects.all()
    words = q.replace(".", " ").split()
    if words:
        people = people.filter(match_key__startswith=fold(words[0]))
        for i, word in enumerate(words[1:3]):
            letter = fold(word)[:1]
            column = "name" if i == 0 else "patronymic"
            if letter:
                people = people.filter(
                    Q(**{f"{column}__startswith": letter.upper()})
                    | Q(**{f"{column}__startswith": letter})
                    | Q(**{f"{column}__startswith": "Ё" if letter == "е" else letter.upper()})
                )
    if region.strip():
        people = people.filter(region__icontains=region.strip())
    if club.strip():
        people = people.filter(organisation__icontains=club.strip())
    return people.order_by("match_key", "name", "patronymic", "pk")


@dataclass
class JudgeRow:
    person: Person
    category: JudgeCategory
    in_force: bool
    practice: int


def judges(today: datetime.date) -> list[JudgeRow]:
    """The judges' register: each judge's latest category, in force or lapsed, and his practice (accredited
    roles in finished events)."""
    latest: dict[int, JudgeCategory] = {}
    for c in JudgeCategory.objects.select_related("person").order_by("person_id", "-assigned_on", "-pk"):
        latest.setdefault(c.person_id, c)
    practice = dict(
        Official.objects.filter(
            person_id__in=list(latest),
            accredited=True,
            role__in=PRACTICE_ROLES,
            tournament__status=Tournament.Status.FINISHED,
        )
        .values("person_id")
        .annotate(n=Count("tournament_id", distinct=True))
        .values_list("person_id", "n")
    )
    rows = [JudgeRow(c.person, c, c.in_force(today), practice.get(pid, 0)) for pid, c in latest.items()]
    order = {v: i for i, v in enumerate(["national", "first", "second", "third", "young"])}
    return sorted(rows, key=lambda r: (not r.in_force, order.get(r.category.category, 9), r.person.surname))


@dataclass
class SanctionRow:
    sanction: Sanction
    state: str  # "in_force", "lifted", "expired"
    left: str  # what is left: a date, a count of tournaments or matches


def sanctions_register(today: datetime.date) -> list[SanctionRow]:
    """The public register of disqualifications (004 §5.7.4): in force first, then lifted and expired ones
    marked. Read from judging's sanctions, never copied, by judging's one rule of what is in force
    (``judging.models.in_force``, ``missed``): five queries whatever the number of rows."""
    items = list(
        Sanction.objects.filter(kind=Sanction.Kind.DISQUALIFICATION)
        .select_related("person", "tournament")
        .order_by("-starts_on", "-pk")
    )
    started = [
        s
        for s in items
        if not s.lifted_at
        and s.starts_on is not None
        and s.starts_on <= today
        and (s.ends_on is None or s.ends_on >= today)
    ]
    counts = missed(started, today)
    active = in_force(started, today, counts)
    rows: list[SanctionRow] = []
    for s in items:
        if s.lifted_at:
            state, left = "lifted", _("lifted on %(d)s") % {"d": f"{s.lifted_at:%d.%m.%Y}"}
        elif s.pk in active:
            state = "in_force"
            if s.tournaments_count:
                n = s.tournaments_count - counts.get(s.pk, (0, 0))[0]
                left = _("%(n)s tournament(s) left") % {"n": n}
            elif s.matches_count:
                left = _("for %(n)s match(es)") % {"n": s.matches_count}
            elif s.ends_on:
                left = _("until %(d)s") % {"d": f"{s.ends_on:%d.%m.%Y}"}
            else:
                left = _("until lifted")
        elif s.starts_on and s.starts_on > today:
            state, left = "in_force", _("from %(d)s") % {"d": f"{s.starts_on:%d.%m.%Y}"}
        else:
            state, left = "expired", _("served")
        rows.append(SanctionRow(s, state, left))
    rows.sort(key=lambda r: r.state != "in_force")
    return rows


# --- the judges' documents (issue 31 §1): a judge's practice certificate, the season's judges' list ---------


@dataclass(frozen=True)
class CategoryLine:
    category: str  # ``JudgingCategory`` value: the documents print its abbreviation
    label: str
    assigned_on: datetime.date
    order: str
    lapses_on: datetime.date
    in_force: bool


@dataclass(frozen=True)
class PracticeLine:
    start: datetime.date
    end: datetime.date
    tournament: str
    venue: str
    discipline: str
    role: str
    category: str  # the category he held on the first day (the register's, else the accreditation's)


@dataclass(frozen=True)
class PracticeCertificate:
    """«Справка о судейской практике»: one judge's categories and every finished event he was accredited
    to judge, by date. No date of birth, document or contact: it is public like the person page."""

    federation_id: int
    full_name: str
    region: str
    organisation: str
    as_of: datetime.date
    categories: tuple[CategoryLine, ...]
    events: tuple[PracticeLine, ...]


def _category_lines(cats: list[JudgeCategory], on: datetime.date) -> tuple[CategoryLine, ...]:
    return tuple(
        CategoryLine(
            c.category, str(c.get_category_display()), c.assigned_on, c.order, c.lapses_on, c.in_force(on)
        )
        for c in cats
    )


def _held_on(cats: list[JudgeCategory], day: datetime.date) -> str:
    """The category in force on ``day`` (the latest assigned), "" when none: ``cats`` newest first."""
    return next((c.category for c in cats if c.in_force(day)), "")


def practice_certificate(person: Person, today: datetime.date) -> PracticeCertificate:
    """The judge's practice as plain data (three queries whatever his practice)."""
    cats = list(JudgeCategory.objects.filter(person=person).order_by("-assigned_on", "-pk"))
    officials = (
        Official.objects.filter(
            person=person,
            accredited=True,
            role__in=PRACTICE_ROLES,
            tournament__status=Tournament.Status.FINISHED,
        )
        .select_related("tournament")
        .order_by("tournament__start_date", "tournament_id", "role")
    )
    events = tuple(
        PracticeLine(
            start=o.tournament.start_date,
            end=o.tournament.end_date,
            tournament=o.tournament.name,
            venue=o.tournament.venue,
            discipline=str(o.tournament.get_discipline_display()),
            role=str(o.role_display),
            category=_held_on(cats, o.tournament.start_date) or o.judging_category,
        )
        for o in officials
    )
    return PracticeCertificate(
        federation_id=person.pk,
        full_name=person.full_name,
        region=person.region,
        organisation=person.organisation,
        as_of=today,
        categories=_category_lines(cats, today),
        events=events,
    )


@dataclass(frozen=True)
class SeasonJudge:
    federation_id: int
    full_name: str
    region: str
    category: CategoryLine  # the latest assigned by the season's end; ``in_force`` on ``SeasonJudges.as_of``
    events: int  # finished events of the season he was accredited to judge


@dataclass(frozen=True)
class SeasonJudges:
    """The season's judges' list: every judge whose category was in force at some time in the year, with
    it, the dates and the lapse, in force or lapsed on ``as_of`` (the season's last day, or today while it
    runs), by category then name."""

    year: int
    as_of: datetime.date
    rows: tuple[SeasonJudge, ...]


CATEGORY_ORDER = {v: i for i, v in enumerate(["national", "first", "second", "third", "young"])}


def season_judges(year: int, today: datetime.date) -> SeasonJudges:
    """The season's judges' list as plain data, in two queries whatever the number of judges."""
    first, last = datetime.date(year, 1, 1), datetime.date(year, 12, 31)
    as_of = min(today, last)
    latest: dict[int, JudgeCategory] = {}
    for c in (
        JudgeCategory.objects.filter(assigned_on__lte=last, lapses_on__gte=first)
        .select_related("person")
        .order_by("person_id", "-assigned_on", "-pk")
    ):
        latest.setdefault(c.person_id, c)
    counts = dict(
        Official.objects.filter(
            person_id__in=list(latest),
            accredited=True,
            role__in=PRACTICE_ROLES,
            tournament__status=Tournament.Status.FINISHED,
            tournament__start_date__gte=first,
            tournament__start_date__lte=last,
        )
        .values("person_id")
        .annotate(n=Count("tournament_id", distinct=True))
        .values_list("person_id", "n")
    )
    rows = [
        SeasonJudge(
            c.person_id,
            c.person.full_name,
            c.person.region,
            _category_lines([c], as_of)[0],
            counts.get(pid, 0),
        )
        for pid, c in latest.items()
    ]
    rows.sort(key=lambda r: (CATEGORY_ORDER.get(r.category.category, 9), fold(r.full_name), r.federation_id))
    return SeasonJudges(year, as_of, tuple(rows))
