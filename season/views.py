"""The season's public pages (issue 32 §1–§2): the seasons, a season's calendar (page and iCal feed), a
person's own feed through his match link, a series' standings (page, PDF, CSV/XLSX). Everyone reads; the
federation (``is_staff``) edits seasons, events and series in the admin. Thin: the data comes from
``feeds``, ``manager`` and ``documents``."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from judging import links
from public.exports import DEFAULT_DIALECT, DIALECTS, write_csv, write_xlsx
from registration.models import Qualification
from registration.views import rate_limited
from season import documents, feeds, manager
from season.models import CalendarEvent, Season, Series
from tournaments.models import Discipline

ICS_TYPE = "text/calendar; charset=utf-8"
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
EXPORTS = {"csv", "xlsx"}
LIVE_REFRESH_SECONDS = 60


@require_GET
def seasons(request: HttpRequest) -> HttpResponse:
    """Every season; the current one (this year's, else the latest) first."""
    rows = list(Season.objects.prefetch_related("series"))
    return render(request, "season/seasons.html", {"seasons": rows, "year": timezone.localdate().year})


@require_GET
def season_page(request: HttpRequest, year: int) -> HttpResponse:
    season = get_object_or_404(Season, year=year)
    events = feeds.season_events(season)
    code_of = feeds.codes()
    rows = [(e, [(Discipline(d).label, code_of.get(d, "")) for d in e.disciplines()]) for e in events]
    return render(
        request,
        "season/season.html",
        {"season": season, "rows": rows, "series": list(season.series.all()), "today": timezone.localdate()},
    )


def _ics(body: bytes, name: str) -> HttpResponse:
    response = HttpResponse(body, content_type=ICS_TYPE)
    response["Content-Disposition"] = content_disposition_header(False, name) or ""
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def season_ics(request: HttpRequest, year: int) -> HttpResponse:
    season = get_object_or_404(Season, year=year)
    page = request.build_absolute_uri(reverse("season:season", args=[year]))
    body = feeds.season_calendar(season, feeds.season_events(season), feeds.host(request), page)
    return _ics(body, f"season-{year}.ics")


@require_GET
def person_ics(request: HttpRequest, token: str) -> HttpResponse:
    """His own feed through his private match link (issue 32 §1): no account; a wrong or revoked token is a
    404 counted per address, as on the link's page."""
    opened = links.open_token(token)
    if opened is None:
        limited = rate_limited(request, "match-link-bad", settings.MATCH_LINK_BAD_RATE)
        if limited is not None:
            return limited
        raise Http404(_("This link does not open any match: it is wrong or has been replaced by a new one."))
    me = opened.me
    person = me.person
    body = feeds.person_calendar(person, feeds.host(request), timezone.now())
    return _ics(body, f"my-events-{person.pk}.ics")


@require_GET
def regulation(request: HttpRequest, event_pk: int) -> FileResponse:
    """The event's regulation (Положение) as uploaded; 404 when there is none."""
    e = get_object_or_404(CalendarEvent, pk=event_pk)
    if not e.regulation:
        raise Http404
    try:
        handle = e.regulation.open("rb")
    except (FileNotFoundError, OSError):
        raise Http404 from None
    name = e.regulation.name.rsplit("/", 1)[-1]
    return FileResponse(handle, as_attachment=True, filename=name)


def _series(pk: int) -> Series:
    return get_object_or_404(Series.objects.select_related("season"), pk=pk)


@require_GET
def series_page(request: HttpRequest, series_pk: int) -> HttpResponse:
    series = _series(series_pk)
    st = manager.series_standings(series)
    seeds = {q.person: q for q in st.qualifiers}
    ranks = {person: Qualification(code).label for person, code in st.ranks.items()}
    rows = [(r, st.people.get(r.person), seeds.get(r.person), ranks.get(r.person)) for r in st.rows]
    qualified = [(q, st.people.get(q.person)) for q in st.qualifiers]
    final = manager.final_tournament(series) if qualified and manager.may_edit(request.user) else None
    response = render(
        request,
        "season/series.html",
        {
            "series": series,
            "st": st,
            "rows": rows,
            "qualified": qualified,
            "now": timezone.localtime(),
            "final": final,
        },
    )
    if st.live:
        # Live during a stage (issue 32 §2): the browser asks again every minute (computed afresh each time).
        response["Refresh"] = str(LIVE_REFRESH_SECONDS)
        response["Cache-Control"] = "no-cache"
    return response


@require_POST
def seed_final(request: HttpRequest, series_pk: int) -> HttpResponse:
    """The federation's «seed the final» (issue 32 §2): the qualifiers admitted to the final get the seeding
    numbers of their series seeds. Staff only (``manager.may_edit``): anybody else gets a 403."""
    if not manager.may_edit(request.user):
        raise PermissionDenied
    series = _series(series_pk)
    try:
        done = manager.seed_final(series, request.user)
    except manager.SeriesError as exc:
        messages.error(request, str(exc))
    else:
        text = _("Seeding numbers 1–%(k)s given to the qualifiers in «%(t)s».") % {
            "k": done.seeded,
            "t": done.final.name,
        }
        if done.missing:
            text += " " + _("Not admitted to the final: %(names)s.") % {
                "names": ", ".join(p.full_name for p in done.missing)
            }
        messages.success(request, text)
    return redirect("season:series", series_pk=series.pk)


@require_GET
def series_pdf(request: HttpRequest, series_pk: int) -> HttpResponse:
    series = _series(series_pk)
    st = manager.series_standings(series)
    if st.error:
        return HttpResponse(st.error, status=400, content_type="text/plain; charset=utf-8")
    response = HttpResponse(documents.render_pdf(documents.series_table(st)), content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(False, f"series-{series.pk}.pdf") or ""
    return response


@require_GET
def series_export(request: HttpRequest, series_pk: int, fmt: str) -> HttpResponse:
    if fmt not in EXPORTS:
        raise Http404
    series = _series(series_pk)
    st = manager.series_standings(series)
    if st.error:
        return HttpResponse(st.error, status=400, content_type="text/plain; charset=utf-8")
    sheet = documents.sheet(documents.series_table(st))
    if fmt == "xlsx":
        response = HttpResponse(write_xlsx([sheet]), content_type=XLSX_TYPE)
    else:
        dialect = DIALECTS.get(request.GET.get("dialect") or DEFAULT_DIALECT)
        if dialect is None:
            return HttpResponse(
                _("Unknown CSV dialect: choose ru (Russian Excel) or intl (international)."),
                status=400,
                content_type="text/plain; charset=utf-8",
            )
        response = HttpResponse(write_csv(sheet, dialect), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(True, f"series-{series.pk}.{fmt}") or ""
    return response


@require_GET
def current_season(request: HttpRequest) -> HttpResponse:
    """/season/now/: this year's season, else the list."""
    year = timezone.localdate().year
    if Season.objects.filter(year=year).exists():
        return redirect("season:season", year=year)
    return redirect("season:seasons")
