"""A competition of several events (004 §1.2): its home page with the events, the sanctions given in any of
them (seen in all), a person's events and next matches across events; the one entry form naming the events,
and the admission of a person once for all his events (``registration.competition``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from draw.models import Match, Round
from judging.models import Sanction
from judging.state import participant_matches
from protocols import competition as comp
from protocols import documents, tasks
from protocols.models import Document, ScheduledRound
from public import competition_manage
from registration import competition as registry
from registration import manager
from registration.forms import EntryForm
from registration.models import Entry, Participant, Person
from registration.permissions import (
    can_decide,
    can_run,
    is_official,
    is_panel,
    may_admit,
    may_manage_competition,
)
from registration.views import own_data, rate_limited
from standings import metrics, ranking
from tournaments.models import Competition, Tournament
from tournaments.rules import cite


def _runner(user, c: Competition) -> bool:
    return any(can_run(user, t) for t in c.events.all())


def _official(user, c: Competition) -> bool:
    """One panel for the competition (004 §1.2): an official of any event is one of all (``roles_of``)."""
    first = comp.first_event(c)
    return first is not None and is_official(user, first)


def competition_home(request: HttpRequest, cpk: int) -> HttpResponse:
    c = get_object_or_404(Competition, pk=cpk)
    events = list(c.events.order_by("discipline", "gender_group", "pk"))
    sanctions = (
        Sanction.objects.filter(tournament__competition=c)
        .select_related("person", "tournament")
        .order_by("-id")
    )
    q = request.GET.get("q", "").strip()[:100]
    found = []
    if q:
        people = Participant.objects.filter(
            Q(person__surname__icontains=q) | Q(partner__surname__icontains=q), tournament__competition=c
        ).select_related("person", "partner", "tournament")
        for p in people[:50]:
            upcoming = (
                Match.objects.filter(Q(player1=p) | Q(player2=p), result_kind="")
                .exclude(round__status=Round.Status.DRAFT)
                .select_related("round", "player1__person", "player2__person")
                .order_by("round__number")[:3]
            )
            found.append({"p": p, "event": p.tournament, "next": list(upcoming)})
    manages = may_manage_competition(request.user, c)
    state = c.state()
    context = {
        "c": c,
        "events": events,
        "sanctions": sanctions,
        "q": q,
        "found": found,
        "runner": _runner(request.user, c),
        "official": _official(request.user, c),
        "first": comp.first_event(c),
        "state": Tournament.Status(state).label,
        "finished": state == Tournament.Status.FINISHED,
        "manages": manages,
        "addable": competition_manage.addable_events(request.user, c) if manages else [],
        "entry_open": bool(registry.open_events(c)),
        "desk": any(can_decide(request.user, t) for t in events),
        # 004 §6.1.2 item 3: its one panel (§1.2) may cancel it while an event of it is not closed.
        "may_cancel": bool(events)
        and is_panel(request.user, events[0])
        and any(not t.is_closed for t in events),
        "cancelled": bool(events) and all(t.is_cancelled for t in events),
    }
    return render(request, "public/competition/home.html", context)


@require_GET
def competition_schedule(request: HttpRequest, cpk: int) -> HttpResponse:
    """One schedule for the whole competition (004 §6.2.3 item 3, §1.2): every event's planned rounds by day
    and time; its officials also see the conflicts (a person in two events planned at the same time) and
    the links to each event's plan, where they change it."""
    c = get_object_or_404(Competition, pk=cpk)
    rows = comp.planned_rounds(c)
    official = _official(request.user, c)
    days: dict = {}
    for row in rows:
        days.setdefault(row.day, []).append(row)
    clashes = comp.conflicts(c, rows) if official else []
    # One line per clash of rounds, with everybody caught in it (not one line per person).
    grouped: dict[tuple, list] = {}
    for x in clashes:
        grouped.setdefault((x.starts_at, x.rounds), []).append(x)
    clash_rows = {x.starts_at for x in clashes}
    context = {
        "c": c,
        "days": list(days.items()),
        "events": comp.events(c),
        "planned": {row.event_id for row in rows},
        "conflicts": [(when, rounds, people) for (when, rounds), people in grouped.items()],
        "clash_rows": clash_rows,
        "clash_count": len(clashes),
        "official": official,
        "runner": _runner(request.user, c),
        "first": comp.first_event(c),
    }
    return render(request, "public/competition/schedule.html", context)


def _standing(p: Participant) -> dict | None:
    data = ranking.compute_once(p.tournament)
    mine = next((s for s in data.rows if s.participant.pk == p.pk), None)
    if mine is None:
        return None
    return {"place": metrics.place_label(mine.row.place, mine.row.place_to), "points": mine.row.points}


def _next(p: Participant, played: list) -> dict | None:
    """His first match still to play (round order): round, table, opponent, planned start."""
    for m, _state in played:
        if m.result_kind:
            continue
        rnd = m.round
        start = m.started_at or rnd.start_time
        if start is None:
            plan = ScheduledRound.objects.filter(tournament_id=rnd.tournament_id, number=rnd.number)
            planned = plan.first()
            start = planned.starts_at if planned else None
        return {
            "match": m,
            "opponent": m.player2 if m.player1_id == p.pk else m.player1,
            "start": start,
        }
    return None


@require_GET
def competition_person(request: HttpRequest, cpk: int, person_pk: int) -> HttpResponse:
    """A person's events in the competition (004 §1.2): in each his status, his next match (round, table,
    opponent, planned start) and his standing; the next planned round where nothing is drawn for him."""
    c = get_object_or_404(Competition, pk=cpk)
    person = get_object_or_404(Person, pk=person_pk)
    mine = list(
        Participant.objects.filter(comp.person_filter(person.pk), tournament__competition=c)
        .select_related("tournament", "person", "partner", "team")
        .order_by("tournament__discipline", "tournament__gender_group", "tournament__pk")
    )
    if not mine:
        raise Http404
    now = timezone.now()
    rows = []
    for p in mine:
        played = participant_matches(p, now)
        upcoming = None
        nxt = _next(p, played)
        if nxt is None and p.status == Participant.Status.ACTIVE:
            drawn = {m.round.number for m, _state in played}
            upcoming = (
                ScheduledRound.objects.filter(tournament=p.tournament, starts_at__gte=now)
                .exclude(number__in=drawn)
                .order_by("number")
                .first()
            )
        rows.append(
            {
                "p": p,
                "event": p.tournament,
                "next": nxt,
                "upcoming": upcoming,
                "standing": _standing(p),
                "played": sum(1 for m, _state in played if m.result_kind),
            }
        )
    context = {"c": c, "person": person, "rows": rows}
    return render(request, "public/competition/person.html", context)


@require_http_methods(["GET", "POST"])
def competition_entry(request: HttpRequest, cpk: int) -> HttpResponse:
    """The competition's one entry form naming its events (004 §5.1.3 item 2). Anybody, without an account,
    enters the events that take entries on the site now (each by its own registration settings, issue 28
    §3; the public forms' rules: rate-limited, a second entry for a person not saved and not told); the
    competition's secretaries type a paper entry into any event still taking entries."""
    c = get_object_or_404(Competition, pk=cpk)
    runner = _runner(request.user, c)
    if not runner:
        limited = (
            rate_limited(request, "public-entry", settings.PUBLIC_FORMS_RATE)
            if request.method == "POST"
            else None
        )
        if limited:
            return limited
    events = registry.entry_events(c) if runner else registry.open_events(c)
    if not events:
        # Refused before the form is read: nothing is saved.
        return render(request, "public/competition/entry_closed.html", {"c": c}, status=403)
    initial = {} if runner else own_data(request.user)
    form = EntryForm(request.POST or None, tournament=events[0], public=not runner, initial=initial)
    del form.fields["disciplines"]
    error = ""
    status = 200
    chosen_ids = request.POST.getlist("events")
    if request.method == "POST":
        chosen = [t for t in events if str(t.pk) in chosen_ids]
        try:
            entries = registry.enter_events(c, request.POST.dict(), chosen, request.user, public=not runner)
        except (registry.CompetitionEntryError, manager.AdmissionError) as exc:
            error, status = str(exc), 400
        else:
            if runner:
                messages.success(request, ", ".join(str(e.tournament) for e in entries))
            else:
                # One answer whether or not a person was entered before (issue 13 item 2).
                messages.success(
                    request,
                    _(
                        "Entry received. The admission commission will examine it; bring your identity "
                        "document, medical clearance and insurance policy."
                    ),
                )
            return redirect("public:competition", cpk=cpk)
    context = {
        "c": c,
        "form": form,
        "events": events,
        "error": error,
        "chosen": chosen_ids,
        "runner": runner,
        "rule": cite("004 §5.1.3"),
    }
    return render(request, "public/competition/entry.html", context, status=status)


@require_POST
def competition_admit(request: HttpRequest, cpk: int, person_pk: int) -> HttpResponse:
    c = get_object_or_404(Competition, pk=cpk)
    person = get_object_or_404(Person, pk=person_pk)
    entries = Entry.objects.filter(tournament__competition=c, person=person)
    if not entries.exists():
        raise PermissionDenied
    if not all(may_admit(request.user, e.tournament) for e in entries):  # 004 §5.3.1
        raise PermissionDenied
    try:
        outcomes = registry.admit_person(
            c,
            person,
            request.user,
            identity=bool(request.POST.get("identity")),
            medical=bool(request.POST.get("medical")),
            insurance=bool(request.POST.get("insurance")),
        )
    except manager.AdmissionError as exc:
        messages.error(request, str(exc))
        return redirect("public:competition_admission", cpk=cpk)
    for o in outcomes:
        text = f"{person.full_name}, {o.event}: {o.entry.get_status_display()}" + (
            f" — {o.reason}" if o.reason else ""
        )
        (messages.success if o.admitted else messages.warning)(request, text)
    return redirect(reverse("public:competition_admission", args=[cpk]) + f"#person-{person.pk}")


# --- the competition's documents (004 §1.2: one panel keeps the documents of all its events) -------------

# Each event's key documents, listed per event beside the competition's own (the rest on its documents page).
EVENT_KINDS = ("final", "standings", "registration")

STATE_CSS = {"current": "final", "making": "playing", "outdated": "provisional", "stuck": "under_protest"}


@dataclass(frozen=True)
class DocumentRow:
    """One document on the competition's documents page, in the states its own page shows: ``current``
    (made from the current data), ``making`` (queued or being made), ``stuck`` (its worker went silent),
    ``outdated`` (the data changed since the last one), ``missing`` (never made)."""

    event: Tournament  # the event it is stored with (the first event for the competition's own)
    kind: str
    title: str
    state: str
    doc: Document | None  # the current one (ready or being made)
    previous: Document | None  # the last one made from older data
    failed: bool  # the last attempt for the current data failed

    @property
    def can_make(self) -> bool:
        return self.state in ("stuck", "outdated", "missing")

    @property
    def css(self) -> str:
        """The site's colours of a state: green done, blue under way, yellow old, red stopped."""
        return STATE_CSS.get(self.state, "")

    @property
    def page(self) -> str:
        return reverse("protocols:document", args=[self.event.pk, self.kind])


def _rows(pairs: list[tuple[Tournament, str]], versions: dict[tuple[int, str], int | None]) -> list:
    """The state of each (event, kind) from one query of their documents, by the rule of the document's own
    page (``protocols.views.document``): the newest not failed at the current version is current."""
    docs: dict[tuple[int, str], list[Document]] = {}
    for doc in Document.objects.filter(
        tournament__in=[t for t, _kind in pairs], kind__in=[k for _t, k in pairs], key=""
    ):  # newest first
        docs.setdefault((doc.tournament_id, doc.kind), []).append(doc)
    now, lease = timezone.now(), settings.DOCUMENTS_LEASE_SECONDS
    out = []
    for t, kind in pairs:
        mine = docs.get((t.pk, kind), [])
        version = versions[(t.pk, kind)]
        current = next((x for x in mine if x.version == version and x.status != Document.Status.FAILED), None)
        previous = next((x for x in mine if x.is_ready and x is not current), None)
        failed = current is None and any(x.status == Document.Status.FAILED for x in mine)
        if current is not None:
            state = "current" if current.is_ready else "stuck" if current.is_stuck(now, lease) else "making"
        else:
            state = "outdated" if previous is not None else "missing"
        title = str(documents.spec(kind).title)
        out.append(DocumentRow(t, kind, title, state, current, previous, failed))
    return out


def _competition_for_official(request: HttpRequest, cpk: int) -> Competition:
    """The competition's officials only (the rule of its PDFs: an official of any event, 004 §1.2)."""
    c = get_object_or_404(Competition, pk=cpk)
    if not _official(request.user, c):
        raise PermissionDenied
    return c


@require_http_methods(["GET", "POST"])
def competition_documents(request: HttpRequest, cpk: int) -> HttpResponse:
    """The competition's documents in one place for its one panel (004 §1.2, §5.3.2 item 4, §6.2.3): its own
    registration protocol and schedule, and each event's final protocol, standings and registration protocol,
    each with its state and the action its own page offers (make it, download it). A finished competition
    (every event finished) changes no data: the page offers what the event's documents page offers for a
    finished event — the downloads and the making of a document not made from the final data yet."""
    c = _competition_for_official(request, cpk)
    first = comp.first_event(c)
    events = comp.events(c)
    if request.method == "POST":
        return _make(request, c, first, events)
    own = [(first, kind) for kind in documents.competition_kinds()] if first else []
    per_event = [(t, kind) for t in events for kind in EVENT_KINDS]
    versions: dict[tuple[int, str], int | None] = {(t.pk, kind): t.version for t, kind in per_event}
    if first is not None:
        fingerprint = comp.version(c)  # one query for both competition documents
        versions.update({(first.pk, kind): fingerprint for kind in documents.competition_kinds()})
    rows = _rows(own + per_event, versions)
    by_event: dict[int, list[DocumentRow]] = {}
    for row in rows[len(own) :]:
        by_event.setdefault(row.event.pk, []).append(row)
    context = {
        "c": c,
        "own": rows[: len(own)],
        "events": [(t, by_event[t.pk]) for t in events],
        "finished": bool(events) and all(t.is_finished for t in events),
    }
    return render(request, "public/competition/documents.html", context)


def _make(request: HttpRequest, c: Competition, first: Tournament | None, events: list) -> HttpResponse:
    """Make one document from the current data, as the «Make the PDF» button of its own page does (the
    same rule for a finished event: a PDF changes no data)."""
    back = redirect("public:competition_documents", cpk=c.pk)
    kind = request.POST.get("kind", "")
    if kind in documents.competition_kinds():
        t = first
    elif kind in EVENT_KINDS:
        t = next((e for e in events if str(e.pk) == request.POST.get("event", "")), None)
    else:
        t = None
    if t is None:
        messages.error(request, _("No such document in the competition."))
        return back
    doc = tasks.request_document(t, kind, "", request.user)
    label = capfirst(documents.spec(kind).title)
    if doc.is_ready:
        messages.success(request, _("%(doc)s: made.") % {"doc": label})
    else:
        messages.success(request, _("%(doc)s: being made.") % {"doc": label})
    return back
