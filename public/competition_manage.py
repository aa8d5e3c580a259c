"""A competition made and run from the site (issue 28 §3; 004 §1.2): create it (name, status, dates, venue,
organiser), change it, add its events (an existing one or a new one made in it) or take one out, and the
commission's admission of each person once for all his events.

Who may: ``registration.permissions.may_create_competition`` and ``may_manage_competition`` (its judging
panel, one for all its events), ``registration.competition.move_refusal`` for an event joining or leaving —
the same rules the tournament form's «competition» asks. A finished competition (every event finished)
changes nothing."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from registration import competition as registry
from registration.models import Entry
from registration.permissions import (
    can_decide,
    is_panel,
    may_admit,
    may_create_competition,
    may_manage_competition,
)
from tournaments.forms import CompetitionForm
from tournaments.models import Competition, Tournament, log
from tournaments.rules import cite
from tournaments.validators import sane_int


def managed_competitions(user):
    """The competitions the user may put an event into: those he manages and not finished."""
    ids = [
        c.pk
        for c in Competition.objects.prefetch_related("events")
        if may_manage_competition(user, c) and not c.is_finished
    ]
    return Competition.objects.filter(pk__in=ids)


def _managed(request: HttpRequest, cpk: int) -> Competition:
    c = get_object_or_404(Competition, pk=cpk)
    if not may_manage_competition(request.user, c):
        raise PermissionDenied
    return c


@require_http_methods(["GET", "POST"])
def competition_create(request: HttpRequest) -> HttpResponse:
    if not may_create_competition(request.user):
        raise PermissionDenied
    form = CompetitionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        c = form.save(commit=False)
        c.created_by = request.user
        c.save()
        messages.success(request, _("Competition created. Now add its events."))
        return redirect("public:competition", cpk=c.pk)
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "title": _("New competition"), "rule": cite("004 §1.2")}
    return render(request, "public/competition/form.html", context, status=status)


@require_http_methods(["GET", "POST"])
def competition_edit(request: HttpRequest, cpk: int) -> HttpResponse:
    c = _managed(request, cpk)
    if c.is_finished:
        messages.error(request, _("The competition is finished: it can no longer be changed."))
        return redirect("public:competition", cpk=cpk)
    form = CompetitionForm(request.POST or None, instance=c)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            form.save()
            for t in c.events.all():  # what its events' documents print may have changed: in their logs
                log(
                    t,
                    request.user,
                    "competition",
                    _("Competition changed: %(f)s") % {"f": ", ".join(form.changed_data)},
                )
        messages.success(request, _("Settings saved."))
        return redirect("public:competition", cpk=cpk)
    status = 400 if request.method == "POST" else 200
    context = {"form": form, "c": c, "title": _("Competition settings"), "rule": cite("004 §1.2")}
    return render(request, "public/competition/form.html", context, status=status)


def addable_events(user, c: Competition) -> list[Tournament]:
    """Events the user may put into ``c`` now: not started, of no competition, his panel's."""
    candidates = Tournament.objects.filter(competition__isnull=True, status=Tournament.Status.DRAFT)
    return [t for t in candidates.order_by("start_date", "name") if is_panel(user, t)]


@require_POST
def competition_events(request: HttpRequest, cpk: int) -> HttpResponse:
    """Add an existing event to the competition, or take one out (``action`` = add / remove)."""
    c = _managed(request, cpk)
    t = get_object_or_404(Tournament, pk=sane_int(request.POST.get("event")))
    action = request.POST.get("action", "")
    if action not in {"add", "remove"} or (action == "remove" and t.competition_id != c.pk):
        messages.error(request, _("Nothing to do."))
        return redirect("public:competition", cpk=cpk)
    target = c if action == "add" else None
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        refusal = registry.move_refusal(request.user, t, target)
        if refusal:
            messages.error(request, refusal)
            return redirect("public:competition", cpk=cpk)
        t.competition = target
        t.save(update_fields=["competition"])
        if target is not None:
            log(t, request.user, "competition", _("Event added to the competition «%(c)s»") % {"c": c.name})
        else:
            log(
                t,
                request.user,
                "competition",
                _("Event taken out of the competition «%(c)s»") % {"c": c.name},
            )
    if target is not None:
        messages.success(request, _("«%(t)s» is an event of the competition.") % {"t": t.name})
    else:
        messages.success(request, _("«%(t)s» is a tournament of its own again.") % {"t": t.name})
    return redirect("public:competition", cpk=cpk)


def competition_admission(request: HttpRequest, cpk: int) -> HttpResponse:
    """The commission's desk for the whole competition (004 §5.3.2, §1.2): each person once, with his entry
    in each event and its decision; the documents seen once admit him in every event (``admit_person``,
    ``public:competition_admit``). The commission's (``may_admit``); the rest of the desk sees it."""
    c = get_object_or_404(Competition, pk=cpk)
    events = list(c.events.order_by("discipline", "gender_group", "pk"))
    if not any(can_decide(request.user, t) for t in events):
        raise PermissionDenied
    admits = bool(events) and all(may_admit(request.user, t) for t in events)
    show = request.GET.get("show", "pending")
    entries = (
        Entry.objects.filter(tournament__competition=c)
        .select_related("person", "tournament")
        .order_by("person__surname", "person__name", "person_id", "tournament__pk")
    )
    people: dict[int, dict] = {}
    for e in entries:
        row = people.setdefault(e.person_id, {"person": e.person, "entries": [], "pending": False})
        row["entries"].append(e)
        row["pending"] |= e.status == Entry.Status.PENDING
    rows = [r for r in people.values() if show == "all" or r["pending"]]
    context = {
        "c": c,
        "rows": rows,
        "show": show,
        "admits": admits,
        "total": len(people),
        "pending": sum(1 for r in people.values() if r["pending"]),
        "finished": c.is_finished,
        "rule": cite("004 §5.3.2, §1.2"),
    }
    return render(request, "public/competition/admission.html", context)
