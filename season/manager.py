"""The one converter between the season's models and the pure ``season.scoring`` (issue 32 §2).

A stage's results come from where they live, never a second copy: a finished tournament's places from the
register (``federation.EventPlace``, written at the finish), its wins and match points from its standings
(``standings.ranking.compute_once``, the loader the public pages use); a running tournament's everything
from those live standings (the series page is live during a stage); a stage run elsewhere from the entries
the federation typed (``StageEntry``), which also carry the stage's own points. A pair's result counts for
both its players. Nothing is stored: the series standings are computed on each request.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from django.db import transaction
from django.db.models import Prefetch
from django.utils.translation import gettext as _

from federation import manager as federation_manager
from federation.models import EventPlace, Rating
from federation.norms import field_of, series_norms
from registration.models import Participant, Person
from season import scoring
from season.models import Series, SeriesStage, StageEntry
from standings.ranking import compute_once
from tournaments.models import Tournament, log

FINISHED, RUNNING, ENTERED, UPCOMING, CANCELLED = "finished", "running", "entered", "upcoming", "cancelled"


@dataclass
class StageView:
    stage: SeriesStage
    state: str  # finished, running (live), entered (results typed in), upcoming, cancelled
    tournament: Tournament | None = None  # the tournament on the site whose results it counts

    @property
    def held(self) -> bool:
        return self.state in {FINISHED, RUNNING, ENTERED}


@dataclass
class SeriesStandings:
    series: Series
    stages: list[StageView]
    held: list[StageView]
    rows: list[scoring.SeriesRow]
    people: dict[str, Person]
    qualifiers: list[scoring.Qualifier] = field(default_factory=list)
    error: str = ""  # a rule the pure core refused (the page says it instead of a table)
    ranks: dict[str, str] = field(default_factory=dict)  # person → the ЕВСК rank his series place fulfilled

    @property
    def live(self) -> bool:
        return any(v.state == RUNNING for v in self.held)


def _place_to(label: str) -> int | None:
    """ "5–8" → 8; "5" → None."""
    if "–" in label:
        tail = label.split("–", 1)[1]
        return int(tail) if tail.isdigit() else None
    return None


def _state(stage: SeriesStage, has_entries: bool) -> str:
    t = stage.source()
    if t is not None:
        if t.status == Tournament.Status.FINISHED:
            return FINISHED
        if t.status == Tournament.Status.RUNNING:
            return RUNNING
        if t.status == Tournament.Status.CANCELLED:
            return CANCELLED
        return UPCOMING
    return ENTERED if has_entries else UPCOMING


def _needs_table(rule: scoring.Rule) -> bool:
    return rule.scoring in {"wins", "match_points"} or "wins" in rule.tiebreaks


def _tournament_results(t: Tournament, finished: bool, table: bool) -> dict[str, scoring.StageResult]:
    """Per person id: place, wins, match points of one tournament (a pair's for both its players)."""
    out: dict[str, scoring.StageResult] = {}
    if table or not finished:
        for row in compute_once(t).rows:
            p = row.participant
            r = row.row
            place = None if row.removed or row.in_play else r.place
            for pid in (p.person_id, p.partner_id):
                if pid:
                    out[str(pid)] = scoring.StageResult(
                        str(pid), place, r.place_to if place else None, wins=r.wins, points=r.points
                    )
    if finished:
        # The places as the finish stored them in the register (the final standings' one record).
        for pid, place, label in EventPlace.objects.filter(tournament=t).values_list(
            "person_id", "place", "place_label"
        ):
            old = out.get(str(pid))
            out[str(pid)] = scoring.StageResult(
                str(pid),
                place,
                _place_to(label),
                wins=old.wins if old else 0,
                points=old.points if old else Fraction(0),
            )
    return out


def load(series: Series) -> tuple[list[StageView], list[scoring.Stage]]:
    """The series' stages with their state, and the held ones as the pure core takes them."""
    rule = series.rule()
    stages = list(
        series.stages.select_related("tournament", "event__competition", "series").prefetch_related(
            Prefetch("entries", queryset=StageEntry.objects.order_by("pk")), "event__competition__events"
        )
    )
    views: list[StageView] = []
    inputs: list[scoring.Stage] = []
    for st in stages:
        entries = list(st.entries.all())
        source = st.source()
        view = StageView(st, _state(st, bool(entries)), source)
        views.append(view)
        if not view.held:
            continue
        results: dict[str, scoring.StageResult] = {}
        if source is not None:
            results = _tournament_results(source, view.state == FINISHED, _needs_table(rule))
        for e in entries:
            key = str(e.person_id)
            base = results.get(key)
            own = Fraction(e.own_points) if e.own_points is not None else None
            if base is not None:
                # A tournament's stage: the entry adds the stage's own points only.
                results[key] = scoring.StageResult(
                    key, base.place, base.place_to, base.wins, base.points, own
                )
            else:
                results[key] = scoring.StageResult(key, e.place, e.place_to, e.wins, Fraction(e.points), own)
        inputs.append(scoring.Stage(str(st.pk), tuple(results.values()), final=st.is_final))
    return views, inputs


def series_standings(series: Series) -> SeriesStandings:
    """The series standings now (live while a stage runs), with the final's qualifiers and their seeds."""
    try:
        rule = series.rule()
        views, inputs = load(series)
        rows = scoring.standings(rule, inputs)
    except (scoring.RuleError, ValueError, ZeroDivisionError) as exc:
        return SeriesStandings(series, [], [], [], {}, error=str(exc))
    ids = {int(r.person) for r in rows}
    people = {str(p.pk): p for p in Person.objects.filter(pk__in=ids)}
    out = SeriesStandings(series, views, [v for v in views if v.held], rows, people)
    out.ranks = series_ranks(series, views, rows, people)
    try:
        out.qualifiers = qualifiers(series, out, inputs)
    except scoring.RuleError as exc:
        out.error = str(exc)
    return out


def series_ranks(
    series: Series, views: Sequence[StageView], rows: Sequence[scoring.SeriesRow], people: dict[str, Person]
) -> dict[str, str]:
    """How a series counts (issue 32 §3): once every stage is over, each classified player's place in the
    final standings (a shared place as its worst) against the ЕВСК rows that judge a series of its status
    (``federation.norms.series_norms``), the field counted as those rows say — the classified players or
    their regions. Empty while a stage runs or waits, or for a series with no status or no such rows."""
    if not series.status or any(v.state in {RUNNING, UPCOMING} for v in views):
        return {}
    norms = series_norms(series.status, series.discipline, series.gender_group, series.season.last_day)
    if not norms:
        return {}
    ranked = [r for r in rows if r.classified and r.place is not None]
    participants, regions = field_of(people[r.person].region if r.person in people else "" for r in ranked)
    out = {}
    for r in ranked:
        code = norms.fulfilled(r.place_to or r.place, participants, regions)
        if code:
            out[r.person] = code
    return out


def qualifiers(
    series: Series, st: SeriesStandings, inputs: Sequence[scoring.Stage]
) -> list[scoring.Qualifier]:
    """Who enters the final and with which seed (issue 32 §2): the top N of the series with the regional
    quotas, or the top N of each stage; seeded by the series standings or by the rating list."""
    if series.qualify_from == Series.QualifyFrom.NONE or series.qualify_top == 0:
        return []
    order = [r.person for r in st.rows if r.place is not None]
    if series.qualify_from == Series.QualifyFrom.SERIES:
        region_of = {k: p.region for k, p in st.people.items()}
        quotas = {q.region: q.seats for q in series.quotas.all()}
        chosen = scoring.qualify(order, series.qualify_top, quotas, region_of)
    else:
        stage_orders = []
        for s in inputs:
            if s.final:
                continue
            placed = sorted(
                (r for r in s.results if r.place is not None), key=lambda r: (r.place, -r.wins, r.person)
            )
            stage_orders.append((s.key, [r.person for r in placed]))
        chosen = scoring.stage_qualifiers(stage_orders, series.qualify_top)
    ratings: dict[str, float] = {}
    if series.seed_by == Series.SeedBy.RATING:
        ratings = _ratings(series, [q.person for q in chosen])
    return scoring.seed(chosen, series.seed_by, order, ratings)


def _ratings(series: Series, persons: list[str]) -> dict[str, float]:
    """Person → rating in the series' discipline's list: the official list valid on the final's first day
    (federation's rule, as the draw seeds), else the live list."""
    key = federation_manager.list_of(series.discipline) if series.discipline else ""
    if not key:
        return {}
    ids = [int(p) for p in persons]
    final = series.stages.filter(is_final=True).select_related("tournament", "event__competition").first()
    day = None
    if final is not None:
        day = (
            final.tournament.start_date
            if final.tournament
            else final.event.start_date
            if final.event
            else None
        )
    official = federation_manager.list_valid_on(key, day) if day else None
    if official is not None:
        pairs = list(official.rows.filter(person_id__in=ids).values_list("person_id", "rating"))
    else:
        pairs = list(
            Rating.objects.filter(discipline=key, person_id__in=ids).values_list("person_id", "rating")
        )
    return {str(pid): rating for pid, rating in pairs}


# --- the final's seeds (issue 32 §2: the qualifiers enter the final with their seeds) -----------------------


class SeriesError(Exception):
    """A request the series refuses (a user error: the message says why, in the reader's language)."""


def may_edit(user) -> bool:
    """The one rule for changing a series (the admin, seeding its final): the federation's officials."""
    return bool(getattr(user, "is_staff", False))


@dataclass
class Seeded:
    final: Tournament
    seeded: int
    missing: list[Person]  # qualifiers not (yet) admitted to the final


def final_tournament(series: Series) -> Tournament | None:
    stage = (
        series.stages.filter(is_final=True)
        .select_related("tournament", "event__competition", "series")
        .prefetch_related("event__competition__events")
        .first()
    )
    return stage.source() if stage is not None else None


def seed_final(series: Series, by) -> Seeded:
    """Give the qualifiers who are participants of the final the seeding numbers 1…k in their series seeds'
    order, the rest of the final's field after them in its own order. Refused for a read-only final and once
    its first round is drawn (the draw used the numbers). Logged in the final's change log (``seeding``).
    Qualifiers not admitted to the final are listed, not added: admission stays the commission's."""
    if not may_edit(by):
        raise PermissionError
    st = series_standings(series)
    if st.error:
        raise SeriesError(st.error)
    final = final_tournament(series)
    if final is None:
        raise SeriesError(_("The series has no final run on the site."))
    if not st.qualifiers:
        raise SeriesError(_("Nobody qualifies for the final yet."))
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=final.pk)
        if t.read_only_reason:
            raise SeriesError(t.read_only_reason)
        if t.round_set.exists():
            raise SeriesError(
                _("The first round of the final has been drawn: the seeding numbers were used and stay.")
            )
        active = list(
            t.participants.filter(status=Participant.Status.ACTIVE)
            .select_related("person")
            .order_by("seed", "pk")
        )
        by_person = {str(p.person_id): p for p in active}
        ordered = [by_person[q.person] for q in st.qualifiers if q.person in by_person]
        chosen = {p.pk for p in ordered}
        rest = sorted(
            (p for p in active if p.pk not in chosen), key=lambda p: (p.seed is None, p.seed or 0, p.pk)
        )
        for i, p in enumerate(ordered + rest, start=1):
            p.seed = i
        Participant.objects.bulk_update(ordered + rest, ["seed"])
        log(
            t,
            by,
            "seeding",
            _("Seeding numbers 1–%(k)s given to the qualifiers of «%(s)s» by their seeds in the series")
            % {"k": len(ordered), "s": series.name},
        )
    missing_ids = [int(q.person) for q in st.qualifiers if q.person not in by_person]
    missing = sorted(Person.objects.filter(pk__in=missing_ids), key=lambda p: missing_ids.index(p.pk))
    return Seeded(t, len(ordered), missing)
