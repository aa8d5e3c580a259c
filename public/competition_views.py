"""A competition of several events (004 §1.2): its home page with the events, the sanctions given in any of
them (seen in all), a person's events and next matches across events; the one entry form naming the events,
and the admission of a person once for all his events (``registration.competition``)."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from draw.models import Match, Round
from judging.models import Sanction
from registration import competition as registry
from registration import manager
from registration.forms import EntryForm
from registration.models import Entry, Participant, Person
from registration.permissions import can_decide, can_run
from tournaments.models import Competition


def _runner(user, c: Competition) -> bool:
    return any(can_run(user, t) for t in c.events.all())


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
    context = {
        "c": c,
        "events": events,
        "sanctions": sanctions,
        "q": q,
        "found": found,
        "runner": _runner(request.user, c),
    }
    return render(request, "public/competition/home.html", context)


def competition_entry(request: HttpRequest, cpk: int) -> HttpResponse:
    c = get_object_or_404(Competition, pk=cpk)
    if not _runner(request.user, c):
        raise PermissionDenied
    events = registry.entry_events(c)
    if not events:
        messages.error(request, "—")
        return redirect("public:competition", cpk=cpk)
    form = EntryForm(request.POST or None, tournament=events[0])
    del form.fields["disciplines"]
    error = ""
    status = 200
    if request.method == "POST":
        chosen = [t for t in events if str(t.pk) in request.POST.getlist("events")]
        try:
            entries = registry.enter_events(c, request.POST.dict(), chosen, request.user)
        except (registry.CompetitionEntryError, manager.AdmissionError) as exc:
            error, status = str(exc), 400
        else:
            messages.success(request, ", ".join(str(e.tournament) for e in entries))
            return redirect("public:competition", cpk=cpk)
    context = {"c": c, "form": form, "events": events, "error": error}
    return render(request, "public/competition/entry.html", context, status=status)


@require_POST
def competition_admit(request: HttpRequest, cpk: int, person_pk: int) -> HttpResponse:
    c = get_object_or_404(Competition, pk=cpk)
    person = get_object_or_404(Person, pk=person_pk)
    entries = Entry.objects.filter(tournament__competition=c, person=person)
    if not entries.exists():
        raise PermissionDenied
    if not all(can_decide(request.user, e.tournament) for e in entries):
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
        return redirect("public:competition", cpk=cpk)
    for o in outcomes:
        text = f"{o.event}: {o.entry.get_status_display()}" + (f" — {o.reason}" if o.reason else "")
        (messages.success if o.admitted else messages.warning)(request, text)
    return redirect("public:competition", cpk=cpk)
