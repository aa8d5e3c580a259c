"""The one converter between the tournaments' results and the pure rating core, and the writer of what the
register derives from a finished event (its places, its rating changes). Issue 31 §1, §2.

Order: the finished events of a list by (last day, first day, id); in an event, its matches in round and table
order (``draw.results.load_results``, the loader the standings use). Counted: played results, losses on time
(``RATING_COUNT_TIME``), technical defeats only with ``RATING_COUNT_TECHNICAL``; never byes, annulled matches
or matches without a result. Finishing the newest event rates it alone; finishing an older one, or reopening
one, replays its list from that event on (``rerate``), so the incremental path and a recompute from scratch
give the same list (tests/federation/test_rating_paths.py).
"""

from __future__ import annotations

import csv
import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Max, Min
from django.utils.translation import gettext as _

from draw.results import load_results
from federation.models import EventPlace, Rating, RatingChange, RatingList, RatingListRow, RatingStart
from federation.norms import effective_norms, field_of
from federation.rating import Formula, Game, Standing, replay
from registration.models import Participant, Person
from standings.ranking import final_standings
from tournaments.models import Tournament, log


def list_of(discipline: str) -> str:
    """The rating list a tournament discipline counts in ("" = not rated)."""
    return settings.RATING_LISTS.get(discipline, "")


def lists() -> list[str]:
    """The rating lists, in the disciplines' order, each once."""
    return list(dict.fromkeys(v for v in settings.RATING_LISTS.values() if v))


def disciplines_of(list_key: str) -> list[str]:
    return [d for d, v in settings.RATING_LISTS.items() if v == list_key]


def formula() -> Formula:
    if settings.RATING_FORMULA == "skill":
        return Formula(skill_c=settings.RATING_SKILL_C)
    return Formula()


def counted_kinds() -> set[str]:
    kinds = {"played"}
    if settings.RATING_COUNT_TIME:
        kinds.add("time")
    if settings.RATING_COUNT_TECHNICAL:
        kinds.add("technical")
    return kinds


def order_key(t: Tournament) -> tuple[datetime.date, datetime.date, int]:
    return (t.end_date, t.start_date, t.pk)


def rated_events(list_key: str) -> list[Tournament]:
    """The finished events of the list in rating order; those ended before an imported list's date are in
    that list already."""
    events = Tournament.objects.filter(
        status=Tournament.Status.FINISHED, discipline__in=disciplines_of(list_key)
    ).order_by("end_date", "start_date", "pk")
    imported = RatingStart.objects.filter(discipline=list_key).aggregate(d=Max("as_of"))["d"]
    if imported is not None:
        events = events.filter(end_date__gte=imported)
    return list(events)


@dataclass(frozen=True)
class EventGames:
    tournament: Tournament
    games: list[Game]


def event_games(t: Tournament) -> EventGames:
    """The rated matches of one event as the core's games, players keyed by their person's id."""
    person_of = dict(Participant.objects.filter(tournament=t).values_list("pk", "person_id"))
    kinds = counted_kinds()
    games: list[Game] = []
    for results in load_results(t).values():
        for r in results:
            if r.kind not in kinds or r.player2 is None or r.winner is None or not r.length:
                continue
            a, b = person_of.get(int(r.player1)), person_of.get(int(r.player2))
            if a is None or b is None or a == b:
                continue
            games.append(Game(str(r.match), str(a), str(b), 1 if r.winner == r.player1 else 2, r.length))
    return EventGames(t, games)


def _start(list_key: str, people: Iterable[int]) -> dict[str, Standing]:
    rows = Rating.objects.filter(discipline=list_key, person_id__in=list(people)).values_list(
        "person_id", "rating", "experience", "matches"
    )
    return {str(p): Standing(r, e, m) for p, r, e, m in rows}


def _restore(list_key: str, since: int) -> None:
    """Put every rating whose last change is at or after ``since`` back to its state before it (the last
    earlier change, the imported list, or nothing)."""
    touched = list(
        Rating.objects.filter(discipline=list_key, seq__gte=since).values_list("person_id", flat=True)
    )
    if not touched:
        return
    Rating.objects.filter(discipline=list_key, person_id__in=touched).delete()
    last = (
        RatingChange.objects.filter(discipline=list_key, person_id__in=touched, seq__lt=since)
        .values("person_id")
        .annotate(s=Max("seq"))
    )
    seqs = [row["s"] for row in last]
    rows = {
        c.person_id: Rating(
            discipline=list_key,
            person_id=c.person_id,
            rating=c.after,
            experience=c.experience,
            matches=c.matches,
            seq=c.seq,
        )
        for c in RatingChange.objects.filter(discipline=list_key, seq__in=seqs, person_id__in=touched)
    }
    for s in _imported(list_key, [p for p in touched if p not in rows]):
        rows[s.person_id] = s
    Rating.objects.bulk_create(rows.values(), batch_size=2000)


def _imported(list_key: str, people: list[int] | None = None) -> list[Rating]:
    qs = RatingStart.objects.filter(discipline=list_key).order_by("person_id", "-as_of", "-pk")
    if people is not None:
        qs = qs.filter(person_id__in=people)
    out: dict[int, Rating] = {}
    for s in qs:
        out.setdefault(
            s.person_id,
            Rating(
                discipline=list_key,
                person_id=s.person_id,
                rating=s.rating,
                experience=s.experience,
                matches=0,
            ),
        )
    return list(out.values())


def rerate(list_key: str, since: Tournament | None = None) -> int:
    """Replay the list from ``since`` (every event at or after it in rating order; None: from scratch).
    Returns the number of rated matches replayed. One transaction."""
    with transaction.atomic():
        events = rated_events(list_key)
        if since is None:
            RatingChange.objects.filter(discipline=list_key).delete()
            Rating.objects.filter(discipline=list_key).delete()
            Rating.objects.bulk_create(_imported(list_key), batch_size=2000)
            tail, first_seq = events, 1
        else:
            key = order_key(since)
            tail = [e for e in events if order_key(e) >= key]
            doomed = [e.pk for e in tail] + [since.pk]
            first = RatingChange.objects.filter(discipline=list_key, tournament_id__in=doomed).aggregate(
                s=Min("seq")
            )["s"]
            if first is not None:
                RatingChange.objects.filter(discipline=list_key, seq__gte=first).delete()
                _restore(list_key, first)
                first_seq = first
            else:
                last = RatingChange.objects.filter(discipline=list_key).aggregate(s=Max("seq"))["s"]
                first_seq = (last or 0) + 1
        return _replay(list_key, tail, first_seq)


def _replay(list_key: str, events: list[Tournament], seq: int) -> int:
    loaded = [event_games(t) for t in events]
    people = {int(p) for e in loaded for g in e.games for p in (g.player1, g.player2)}
    state = _start(list_key, people)
    f = formula()
    rows: list[RatingChange] = []
    last: dict[str, tuple[int, Standing]] = {}
    total = 0
    for e in loaded:
        result = replay(e.games, f, state)
        total += len(e.games)
        matches = {p: s.matches for p, s in state.items()}
        for c in result.changes:
            matches[c.player] = matches.get(c.player, 0) + 1
            rows.append(
                RatingChange(
                    discipline=list_key,
                    seq=seq,
                    person_id=int(c.player),
                    opponent_id=int(c.opponent),
                    tournament_id=e.tournament.pk,
                    match_id=int(c.key),
                    won=c.won,
                    length=c.length,
                    before=c.before,
                    after=c.after,
                    experience=c.experience,
                    matches=matches[c.player],
                    expected=c.expected,
                )
            )
            last[c.player] = (seq, Standing(c.after, c.experience, matches[c.player]))
            seq += 1
        state = result.standings
    RatingChange.objects.bulk_create(rows, batch_size=2000)
    ids = [int(p) for p in last]
    Rating.objects.filter(discipline=list_key, person_id__in=ids).delete()
    Rating.objects.bulk_create(
        [
            Rating(
                discipline=list_key,
                person_id=int(p),
                rating=s.rating,
                experience=s.experience,
                matches=s.matches,
                seq=n,
            )
            for p, (n, s) in last.items()
        ],
        batch_size=2000,
    )
    return total


def write_places(t: Tournament) -> None:
    """The event's places as its final standings print them (the person page lists them), and the rank each
    place fulfilled by the tournament's norms as the final protocol prints it (only when it counts)."""
    EventPlace.objects.filter(tournament=t).delete()
    standings = final_standings(t)
    norms = effective_norms(t)  # issue 32 §3: the ЕВСК table where it has the event, else its own
    field, regions = field_of(s.participant.data.region for s in standings if not s.removed)
    rows = []
    for row in standings:
        if row.removed or row.row.place is None:
            continue
        held = row.participant.qualification
        code = norms.fulfilled(row.row.place_to or row.row.place, field, regions) if norms else ""
        counts = norms.counts(code, held)
        rows.append(
            EventPlace(
                person_id=row.participant.person_id,
                tournament=t,
                place=row.row.place,
                place_label=row.row.place_label,
                fulfilled=code if counts else "",
                fulfils=counts,
            )
        )
    EventPlace.objects.bulk_create(rows, batch_size=2000)


def write_all_places() -> int:
    """Every finished event's places and ranks fulfilled written again (``manage.py rating --places``: for
    events finished before the ranks fulfilled were kept, or after a change of a tournament's norms).
    Each event in its own transaction; returns how many."""
    n = 0
    for t in Tournament.objects.filter(status=Tournament.Status.FINISHED).order_by("end_date", "pk"):
        with transaction.atomic():
            write_places(t)
        n += 1
    return n


def event_finished(t: Tournament) -> None:
    """An event was finished: its places, and its list replayed from it."""
    write_places(t)
    key = list_of(t.discipline)
    if key:
        rerate(key, since=t)


def event_reopened(t: Tournament) -> None:
    EventPlace.objects.filter(tournament=t).delete()
    key = list_of(t.discipline)
    if key:
        rerate(key, since=t)


# --- official lists ------------------------------------------------------------------------------------


def ratings_as_of(list_key: str, day: datetime.date) -> list[tuple[int, float, int, int]]:
    """(person, rating, experience, matches) of everybody rated as of ``day``: the changes of the events
    that ended before it, on top of the imported list; ordered as the list prints them."""
    before = [t.pk for t in rated_events(list_key) if t.end_date < day]
    last = (
        RatingChange.objects.filter(discipline=list_key, tournament_id__in=before)
        .values("person_id")
        .annotate(s=Max("seq"))
    )
    seqs = [row["s"] for row in last]
    state: dict[int, tuple[float, int, int]] = {
        r.person_id: (r.rating, r.experience, 0) for r in _imported(list_key)
    }
    for c in RatingChange.objects.filter(discipline=list_key, seq__in=seqs).only(
        "person_id", "after", "experience", "matches"
    ):
        state[c.person_id] = (c.after, c.experience, c.matches)
    return sorted(((p, *v) for p, v in state.items()), key=lambda row: (-row[1], row[0]))


def freeze(list_key: str, day: datetime.date, user=None) -> RatingList:
    """Freeze the official list as of ``day`` (once per list and date: the same again is refused)."""
    with transaction.atomic():
        rl = RatingList.objects.create(
            discipline=list_key, as_of=day, formula=formula().describe(), frozen_by=user
        )
        RatingListRow.objects.bulk_create(
            [
                RatingListRow(
                    rating_list=rl, rank=i, person_id=p, rating=round(r, 2), experience=e, matches=m
                )
                for i, (p, r, e, m) in enumerate(ratings_as_of(list_key, day), start=1)
            ],
            batch_size=2000,
        )
    return rl


def months_due(last: datetime.date | None, today: datetime.date, back: int = 24) -> list[datetime.date]:
    """The firsts of the months whose official list is due by ``today`` and not frozen: from the month after
    ``last`` (the latest frozen list's date) to this month; only this month when none is frozen yet. At
    most ``back`` months (a beat down for years does not freeze them all at once)."""
    this = today.replace(day=1)
    if last is None:
        return [this]
    months: list[datetime.date] = []
    day = this
    while day > last and len(months) < back:
        months.append(day)
        day = (day - datetime.timedelta(days=1)).replace(day=1)
    return sorted(months)


def freeze_monthly(today: datetime.date) -> list[RatingList]:
    """The monthly official lists (issue 31 §2): each list frozen as of the first of this month (and of any
    month missed since its latest list) unless it is already. Idempotent: a second run, or two at once
    (the unique list per date), freezes nothing more. The Celery beat runs it every day."""
    made: list[RatingList] = []
    for key in lists():
        last = RatingList.objects.filter(discipline=key).order_by("-as_of").values_list("as_of", flat=True)
        for day in months_due(last.first(), today):
            if RatingList.objects.filter(discipline=key, as_of=day).exists():
                continue
            try:
                made.append(freeze(key, day))
            except IntegrityError:  # another run froze it a moment ago
                continue
    return made


def list_valid_on(list_key: str, day: datetime.date) -> RatingList | None:
    """The official list in force on ``day``: the latest frozen on or before it."""
    return RatingList.objects.filter(discipline=list_key, as_of__lte=day).order_by("-as_of").first()


# --- an imported list, seeding, calibration ------------------------------------------------------------


class RatingFileError(ValueError):
    """A rating file that cannot be imported: the line and why (nothing is imported)."""


def import_list(list_key: str, text: str, as_of: datetime.date, source: str = "") -> int:
    """Import an existing rating list (CSV: federation_id, rating[, experience]; a header line; ``;`` or
    ``,``) as the starting point of ``list_key``, then replay the list. All or nothing."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise RatingFileError("the file is empty")
    delimiter = ";" if lines[0].count(";") >= lines[0].count(",") else ","
    rows = list(csv.reader(lines, delimiter=delimiter))
    header = [h.strip().lower() for h in rows[0]]
    if "federation_id" not in header or "rating" not in header:
        raise RatingFileError("line 1: the header names federation_id and rating")
    at = {h: header.index(h) for h in header}
    parsed: list[tuple[int, float, int]] = []
    for n, row in enumerate(rows[1:], start=2):
        try:
            pid = int(row[at["federation_id"]])
            rating = float(row[at["rating"]].replace(",", "."))
            experience = (
                int(row[at["experience"]]) if "experience" in at and row[at["experience"]].strip() else 0
            )
        except (ValueError, IndexError):
            raise RatingFileError(
                f"line {n}: federation_id and experience are whole numbers, rating a number"
            ) from None
        if not (0 < rating < 5000) or experience < 0:
            raise RatingFileError(f"line {n}: a rating between 0 and 5000 and an experience of 0 or more")
        parsed.append((pid, rating, experience))
    known = set(Person.objects.filter(pk__in=[p for p, _, _ in parsed]).values_list("pk", flat=True))
    missing = [p for p, _, _ in parsed if p not in known]
    if missing:
        raise RatingFileError(f"no person with federation ID {missing[0]} ({len(missing)} unknown)")
    if len({p for p, _, _ in parsed}) != len(parsed):
        raise RatingFileError("a federation ID appears twice")
    with transaction.atomic():
        RatingStart.objects.bulk_create(
            [
                RatingStart(
                    discipline=list_key, person_id=p, rating=r, experience=e, as_of=as_of, source=source
                )
                for p, r, e in parsed
            ],
            batch_size=2000,
        )
        rerate(list_key)
    return len(parsed)


class SeedError(RatingFileError):
    """Seeding by the official list refused: the message says why (translated: Russian on the page, English
    in the CLI); nothing changed."""


def seed_from_list(t: Tournament, user) -> int:
    """Give each participant the rating of the official list valid on the tournament's first day (the list
    frozen then; issue 31 §2); the draw seeds by it after the seeding numbers. Refused once round 1 is
    drawn (the ratings it seeded by stay), or when the tournament is read-only; logged. The one rule of the
    secretary's button and ``manage.py rating --seed``; who may press the button is the seeding numbers'
    rule (``registration.permissions.can_decide``), checked by the view. Returns how many got a rating."""
    key = list_of(t.discipline)
    rl = list_valid_on(key, t.start_date) if key else None
    if rl is None:
        raise SeedError(
            _("No official rating list is valid on the tournament's first day (%(d)s).")
            % {"d": f"{t.start_date:%d.%m.%Y}"}
        )
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)  # one at a time with the draw
        if t.read_only_reason:
            raise SeedError(t.read_only_reason)
        if t.round_set.exists():
            raise SeedError(
                _("The first round has been drawn: the ratings the draw seeded by stay as they are.")
            )
        ratings = dict(rl.rows.values_list("person_id", "rating"))
        changed = []
        for p in Participant.objects.filter(tournament=t):
            value = ratings.get(p.person_id)
            p.rating = round(value) if value is not None else None
            changed.append(p)
        Participant.objects.bulk_update(changed, ["rating"], batch_size=2000)
        rated = sum(1 for p in changed if p.rating is not None)
        log(
            t,
            user,
            "seed_by_rating_list",
            _("Ratings of the official list %(list)s given to %(n)s of %(all)s participants")
            % {"list": rl, "n": rated, "all": len(changed)},
            list=rl.pk,
        )
    return rated


def export(list_key: str) -> dict:
    """The list's whole history as ``python -m federation.rating`` reads it: the imported starting list,
    the formula, and every rated match in order (players by federation ID). The API serves it."""
    events = rated_events(list_key)
    matches: list[list] = []
    for t in events:
        matches += [[g.key, g.player1, g.player2, g.winner, g.length] for g in event_games(t).games]
    start = [
        {"player": str(r.person_id), "rating": r.rating, "experience": r.experience}
        for r in _imported(list_key)
    ]
    return {"discipline": list_key, "formula": formula().describe_json(), "start": start, "matches": matches}
