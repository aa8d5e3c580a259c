"""Conditional answers and cached fragments for the public pages (issue 17, "live pages at scale").

Every change a public page shows bumps ``Tournament.version`` in the change's own transaction
(``tournaments.models.log`` / ``bump_version``). So a page's answer is named by

    (tournament, version, changed_at, language, who asks, the page's path and query[, a 30-second tick])

— its ETag. A poll that sends the ETag back (``If-None-Match``) is answered 304 after one indexed query
(the tournament's version), nothing else computed. A live fragment (``…/live/``, ``?fragment=1``) that did
change is rendered once per ETag and kept in Django's cache (local memory by default; ``CACHE_URL=redis://…``
shares it between the web processes), so a thousand phones asking for the new version cost one rendering.

Who asks: anonymous visitors share one marker; a logged-in user has his own (an official sees extra controls,
a player his own match links), so nothing one user sees is served to another. Whole pages carry a CSRF token
and perhaps a flash message: they get the ETag and the 304 (the browser keeps its own copy) but are never
stored here; an answer with a pending message is never conditional.

A 304 is given only for what the asker may see (issue 25 item 14): a view whose resource is not everybody's
(a round, hidden while a draft; a participant of this tournament) names it (``visible``), and the same one
query reads whether it is public; when it is not, no 304 and no cached copy — the view answers, after its
own check (a draft is the runners'). ``If-None-Match: *`` never stands for a copy here (the ETag a copy came
with does); only the view can say whether the asker may see the page.

Shared copies (issue 35 §1): a fragment answered to a visitor who is not logged in is the same for every such
visitor of its language, so it says so to nginx — ``X-Accel-Expires: LIVE_SHARED_SECONDS`` (1 s) on the 200
and on the 304 that renews it — and comes gzipped when the asker takes gzip (nginx asks so for every poll and
keeps that copy; deploy/nginx/nardy.conf). nginx then answers every anonymous phone itself and asks the app at
most once a second per fragment; the header never reaches a browser through nginx, and without nginx (the
venue mode) it means nothing. Never on a whole page (its CSRF token), nor on an official's or a player's
answer; a stranger's 403 or 404 (a draft, a tournament gone) is marked too, so it replaces the copy.

Pages whose text follows the clock (a result's "N min left for a protest", "playing" from a start time) add a
30-second tick to their key: such text is at most 30 seconds late.
"""

from __future__ import annotations

import functools
import hashlib
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.db.models import Exists
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseForbidden,
    HttpResponseNotFound,
    HttpResponseNotModified,
)
from django.http.response import HttpResponseBase
from django.middleware.gzip import GZipMiddleware
from django.utils.cache import patch_vary_headers
from django.utils.http import http_date
from django.utils.translation import get_language

from tournaments.models import Tournament

TICK_SECONDS = 30  # how late clock-driven text (minutes left for a protest) may be
CACHE_SECONDS = 600  # a fragment's version is replaced long before; this only bounds the memory
RENDER_LOCK_SECONDS = 10  # a rendering that died frees its version after this long


def stamp(pk: int, visible: Exists | None = None) -> tuple:
    """The tournament's version and last change: one query on the primary key. 404 when there is none.
    With ``visible`` (an ``Exists`` on the tournament's row, ``OuterRef("pk")``), a third item: whether the
    resource is everybody's, read in the same query."""
    rows = Tournament.objects.filter(pk=pk)
    row: tuple | None
    if visible is None:
        row = rows.values_list("version", "changed_at").first()
    else:
        row = rows.annotate(visible=visible).values_list("version", "changed_at", "visible").first()
    if row is None:
        raise Http404
    return row


def _who(request: HttpRequest) -> str:
    # An anonymous visitor without a session costs no query here (the session is loaded lazily).
    user = request.user
    return f"u{user.pk}" if user.is_authenticated else "a"


def _has_messages(request: HttpRequest) -> bool:
    return bool(request.COOKIES.get(getattr(settings, "MESSAGE_COOKIE_NAME", "messages")))


def _where(request: HttpRequest) -> str:
    return hashlib.blake2b(request.get_full_path().encode(), digest_size=6).hexdigest()


def etag_for(request: HttpRequest, pk: int, version: int, changed_at, timed: bool) -> str:
    when = int(changed_at.timestamp() * 1_000_000) if changed_at else 0
    tick = int(time.time() // TICK_SECONDS) if timed else 0
    return f'"{pk}-{version}-{when}-{get_language()}-{_who(request)}-{tick}-{_where(request)}"'


def _latest_key(request: HttpRequest, pk: int) -> str:
    """The key of the latest rendering of this fragment for this audience, whatever its version."""
    return f"live:latest:{pk}-{get_language()}-{_who(request)}-{_where(request)}"


def _matches(request: HttpRequest, etag: str) -> bool:
    sent = request.headers.get("If-None-Match", "")
    if not sent:
        return False
    if sent.strip() == "*":
        return False  # a copy comes with its ETag; "*" would answer 304 for a page the asker may not see
    # Weak comparison (a proxy may have added W/ after compressing the answer).
    return any(tag.strip().removeprefix("W/") == etag for tag in sent.split(","))


def _headers(response: HttpResponse, etag: str, changed_at) -> HttpResponse:
    response["ETag"] = etag
    if changed_at:
        response["Last-Modified"] = http_date(changed_at.timestamp())
    # Every poll asks again (with the ETag); nobody between keeps a copy made for somebody else.
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ["Cookie"])  # the language and the session are cookies
    return response


# Django's own gzip (as the API's, api/http.py): the Accept-Encoding read properly, Vary, a weak ETag.
_GZIP = GZipMiddleware(lambda request: HttpResponse())


def _shared(request: HttpRequest, response: HttpResponse) -> HttpResponseBase:
    """A fragment everybody who is not logged in sees alike: nginx may keep it LIVE_SHARED_SECONDS and answer
    the phones itself (the module's docstring); gzipped when the asker takes it, with a weak ETag then."""
    seconds = settings.LIVE_SHARED_SECONDS
    if seconds <= 0 or response.status_code >= 500 or request.user.is_authenticated:
        return response
    response["X-Accel-Expires"] = str(seconds)
    return _GZIP.process_response(request, response) if response.status_code == 200 else response


def conditional(*, timed: bool = False, fragment: bool = False, visible: Callable[..., Exists] | None = None):
    """A public view of tournament ``pk`` answered by its ETag: 304 when unchanged, a cached fragment when
    another poll has already rendered this version (``fragment``: always one; otherwise ``?fragment=1``).

    ``visible(*args, **kwargs)`` (the view's arguments after ``pk``): an ``Exists`` on the tournament's row,
    true when the resource is everybody's; false, the view answers (its own check) — no 304, no cache."""

    def wrap(view):
        @functools.wraps(view)
        def answer(request: HttpRequest, pk: int, *args, **kwargs) -> HttpResponseBase:
            if request.method not in ("GET", "HEAD") or request.GET.get("_export") or _has_messages(request):
                return view(request, pk, *args, **kwargs)
            if not (fragment or request.GET.get("fragment") == "1"):
                return _answer(request, pk, args, kwargs, False)
            # A fragment: whatever it answers a visitor who is not logged in — a 403 or a 404 (a draft, no
            # such round, a tournament deleted) included — is every such visitor's, and nginx keeps it in
            # place of the last copy (a copy nobody replaced would be served on; the module's docstring).
            try:
                return _shared(request, _answer(request, pk, args, kwargs, True))
            except Http404:
                return _shared(request, HttpResponseNotFound(b"", content_type="text/plain"))
            except PermissionDenied:
                return _shared(request, HttpResponseForbidden(b"", content_type="text/plain"))

        def _answer(request: HttpRequest, pk: int, args, kwargs, is_fragment: bool) -> HttpResponse:
            if visible is None:
                version, changed_at = stamp(pk)
            else:
                version, changed_at, public = stamp(pk, visible(*args, **kwargs))
                if not public:  # a draft, or nothing: the view decides (no ETag, nobody between keeps it)
                    response = view(request, pk, *args, **kwargs)
                    response["Cache-Control"] = "private, no-cache"
                    patch_vary_headers(response, ["Cookie"])
                    return response
            etag = etag_for(request, pk, version, changed_at, timed)
            if _matches(request, etag):
                return _headers(HttpResponseNotModified(), etag, changed_at)
            key = f"live:{etag}"
            if is_fragment:
                kept = cache.get(key)
                if kept is not None:
                    body, content_type = kept
                    return _headers(HttpResponse(body, content_type=content_type), etag, changed_at)
                # One rendering per new version: while another request renders it, the polls that arrive
                # meanwhile get the previous version under its own ETag (they ask again on their next poll).
                latest = _latest_key(request, pk)
                if not cache.add(f"live:rendering:{etag}", 1, RENDER_LOCK_SECONDS):
                    previous = cache.get(latest)
                    if previous is not None:
                        old_etag, body, content_type, old_changed_at = previous
                        response = HttpResponse(body, content_type=content_type)
                        return _headers(response, old_etag, old_changed_at)
            response = view(request, pk, *args, **kwargs)
            if response.status_code != 200 or getattr(response, "streaming", False):
                return response
            if is_fragment:
                cache.set(key, (response.content, response["Content-Type"]), CACHE_SECONDS)
                rendered = (etag, response.content, response["Content-Type"], changed_at)
                cache.set(latest, rendered, CACHE_SECONDS)
                cache.delete(f"live:rendering:{etag}")
            return _headers(response, etag, changed_at)

        return answer

    return wrap
