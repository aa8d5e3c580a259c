"""The venue's page for the big screen (issue 28 §2): the site's address as text and as a large QR code, and
the events under way, so that a player joins from his phone without typing."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tournaments import qr
from tournaments.models import Tournament


@require_GET
def venue(request: HttpRequest) -> HttpResponse:
    url = qr.absolute(request, "/")
    events = Tournament.objects.exclude(status=Tournament.Status.FINISHED).order_by("start_date", "name")[:12]
    context = {
        "url": url,
        "qr": qr.svg(url, 320, label=url),
        "plain_http": url.startswith("http://") and not settings.DEBUG,
        "events": list(events),
    }
    return render(request, "public/venue.html", context)
