"""The register's public pages (issue 31 §1, §2): people, a person, the rating lists, the judges' register,
the sanctions register; and the calibration report for the staff. Thin: the data comes from ``register`` and
``manager``."""

from __future__ import annotations

import datetime

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from federation import exports, manager, register
from federation.models import CalibrationReport, Rating, RatingList
from registration.models import Person
from registration.permissions import tournament_for_commission

PAGE = 100
FORMATS = {"csv", "xlsx", "json"}


def people(request: HttpRequest) -> HttpResponse:
    q, region, club = (request.GET.get(k, "")[:100] for k in ("q", "region", "club"))
    found = register.search(q, region, club) if (q.strip() or region.strip() or club.strip()) else None
    page = Paginator(found, 50).get_page(request.GET.get("page")) if found is not None else None
    return render(request, "federation/people.html", {"page": page, "q": q, "region": region, "club": club})


def person(request: HttpRequest, pk: int) -> HttpResponse:
    p = get_object_or_404(
        Person.objects.only("surname", "name", "patronymic", "region", "organisation", "birth_date"), pk=pk
    )
    record = register.person_record(p, timezone.localdate())
    return render(request, "federation/person.html", {"r": record})


def _list_key(key: str) -> str:
    if key not in manager.lists():
        raise Http404
    return key


def _page(qs, request: HttpRequest):
    """A page of a long list: the page's ids first, walked on the list's index alone (an OFFSET over the
    join with the people would read every person before it: 1 s at page 500 of 100,000), then its rows.
    Three queries whatever the page."""
    page = Paginator(qs.values_list("pk", flat=True), PAGE).get_page(request.GET.get("page"))
    ids = list(page.object_list)
    rows = {r.pk: r for r in qs.model.objects.filter(pk__in=ids).select_related("person")}
    page.object_list = [rows[pk] for pk in ids if pk in rows]
    return page


def ratings(request: HttpRequest) -> HttpResponse:
    lists = [
        (key, RatingList.objects.filter(discipline=key).order_by("-as_of")[:24]) for key in manager.lists()
    ]
    return render(request, "federation/ratings.html", {"lists": lists, "formula": manager.formula()})


def live_list(request: HttpRequest, key: str) -> HttpResponse:
    key = _list_key(key)
    qs = Rating.objects.filter(discipline=key).select_related("person").order_by("-rating", "person_id")
    fmt = request.GET.get("format", "")
    if fmt in FORMATS:
        items = [(i, r.person, r.rating, r.experience, r.matches) for i, r in enumerate(qs, start=1)]
        meta = {
            "list": key,
            "live": True,
            "as_of": str(timezone.localdate()),
            "formula": manager.formula().describe(),
        }
        return exports.respond(fmt, f"rating-{key}-live", meta, exports.rows_of(items))
    page = _page(qs, request)
    start = (page.number - 1) * PAGE
    return render(
        request,
        "federation/list.html",
        {"key": key, "page": page, "start": start, "official": None, "formula": manager.formula()},
    )


def official_list(request: HttpRequest, key: str, as_of: str) -> HttpResponse:
    key = _list_key(key)
    try:
        day = datetime.date.fromisoformat(as_of)
    except ValueError:
        raise Http404 from None
    rl = get_object_or_404(RatingList, discipline=key, as_of=day)
    qs = rl.rows.select_related("person").order_by("rank")
    fmt = request.GET.get("format", "")
    if fmt in FORMATS:
        items = [(r.rank, r.person, r.rating, r.experience, r.matches) for r in qs]
        meta = {"list": key, "live": False, "as_of": as_of, "formula": rl.formula}
        return exports.respond(fmt, f"rating-{key}-{as_of}", meta, exports.rows_of(items))
    page = _page(qs, request)
    return render(
        request,
        "federation/list.html",
        {"key": key, "page": page, "start": 0, "official": rl, "formula": manager.formula()},
    )


def judges(request: HttpRequest) -> HttpResponse:
    today = timezone.localdate()
    years = [today.year, today.year - 1]  # the season's judges' list (PDF) of this year and the last
    return render(request, "federation/judges.html", {"rows": register.judges(today), "years": years})


def sanctions(request: HttpRequest) -> HttpResponse:
    return render(
        request, "federation/sanctions.html", {"rows": register.sanctions_register(timezone.localdate())}
    )


def calibration(request: HttpRequest) -> HttpResponse:
    """The calibration report per list (the staff: made by ``manage.py rating --calibrate``)."""
    if not request.user.is_staff:
        raise PermissionDenied
    reports = [(key, CalibrationReport.objects.filter(discipline=key).first()) for key in manager.lists()]
    return render(request, "federation/calibration.html", {"reports": reports})


@require_POST
def seed_by_list(request: HttpRequest, pk: int) -> HttpResponse:
    """The secretary's «ratings from the official list» (issue 31 §2): each participant gets the rating of
    the list valid on the first day; refused once drawn. Who may: the seeding numbers' rule
    (``can_decide``: the secretaries, the panel, the admission commission); anybody else gets a 403."""
    t = tournament_for_commission(request, pk)
    try:
        n = manager.seed_from_list(t, request.user)
    except manager.SeedError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Ratings from the official list given to %(n)s participants.") % {"n": n})
    return redirect("public:participants", pk=pk)
