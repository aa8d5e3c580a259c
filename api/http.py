"""The API's HTTP plumbing: UTF-8 JSON, the request's language, JSON errors, conditional requests, paging,
gzip and the cache of heavy answers (api/README.md, "Contract").

Nothing here knows a tournament's rules: the endpoints in ``api.api`` call these helpers.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.middleware.gzip import GZipMiddleware
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.http import http_date, parse_http_date_safe
from django.utils.translation import gettext as _
from django.utils.translation.trans_real import parse_accept_lang_header
from ninja.renderers import JSONRenderer
from ninja.responses import NinjaJSONEncoder

PREFIX = "/api/"
MAX_LIMIT = 1000  # a whole 1,000-player standings in one page (~0.4 MB, ~60 KB gzipped): bench/bench_api.py
DEFAULT_LIMIT = 100
MAX_OFFSET = 2**31 - 1  # what every database takes in OFFSET: a bigger one is a 422, never a 500
CACHE_SECONDS = 24 * 3600  # keys carry the version: an entry is never stale, only unused


def dumps(data: Any) -> bytes:
    """UTF-8 JSON, compact, with the Cyrillic as it is (``ensure_ascii=False``): 40 % smaller than ``\\u``."""
    return json.dumps(data, cls=NinjaJSONEncoder, ensure_ascii=False, separators=(",", ":")).encode()


class Utf8JSONRenderer(JSONRenderer):
    media_type = "application/json"
    charset = "utf-8"

    def render(self, request: HttpRequest, data: Any, *, response_status: int) -> bytes:
        return dumps(data)


CONTENT_TYPE = "application/json; charset=utf-8"


# --- language -----------------------------------------------------------------------------------------------


def api_language(request: HttpRequest) -> str:
    """``?lang=`` if it names a language we speak, else the first of Accept-Language we speak, else Russian.

    The pages follow the visitor's switch (a cookie, ``config.middleware``); an API client says it each time.
    """
    available = {code for code, _name in settings.LANGUAGES}
    chosen = request.GET.get("lang")
    if chosen in available:
        return chosen
    for code, _q in parse_accept_lang_header(request.headers.get("Accept-Language", "")):
        code = code.split("-")[0].lower()
        if code in available:
            return code
    return settings.LANGUAGE_CODE


# --- errors -------------------------------------------------------------------------------------------------

CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    422: "validation_error",
    429: "too_many_requests",
}


def default_message(status: int) -> str:
    return {
        400: _("Bad request."),
        401: _("Authentication required."),
        403: _("Access denied."),
        404: _("Not found."),
        405: _("This method is not allowed here: the API is read-only (GET)."),
        422: _("Invalid request parameters."),
        429: _("Too many requests: try again later."),
    }.get(status, _("Server error: the request was not processed."))


class ApiError(Exception):
    """An error answer: ``status``, the stable ``code`` and a message already in the request's language."""

    def __init__(self, status: int, message: str = "", code: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.code = code or CODES.get(status, "server_error")
        self.message = message or default_message(status)


def error_response(status: int, message: str = "", details=None, code: str = "") -> HttpResponse:
    body = {
        "code": code or CODES.get(status, "server_error"),
        "message": message or default_message(status),
        "details": details or [],
    }
    return HttpResponse(dumps(body), status=status, content_type=CONTENT_TYPE)


def validation_details(errors: list[dict]) -> list[dict]:
    """ninja's pydantic errors as ``{param: "query.limit", message}``."""
    out = []
    for e in errors:
        loc = [str(x) for x in e.get("loc", ())]
        if len(loc) >= 2 and loc[0] in {"query", "path", "header", "body"}:
            loc = [loc[0], *loc[2:]] if loc[1] in {"filters", "page"} else loc
        out.append({"param": ".".join(loc), "message": str(e.get("msg", ""))})
    return out


# --- conditional requests -----------------------------------------------------------------------------------


def etag_matches(request: HttpRequest, etag: str) -> bool:
    """If-None-Match against our tag, compared weakly (GZipMiddleware hands the client ``W/"…"``)."""
    header = request.headers.get("If-None-Match")
    if not header:
        return False
    bare = etag.removeprefix("W/")
    return any(t.strip() == "*" or t.strip().removeprefix("W/") == bare for t in header.split(","))


def make_etag(key: str) -> str:
    """The ``ETag``: ``key`` (the tournament and its version) and the language (names and errors are
    translated, so each language is its own representation)."""
    return f'"{key}-{translation.get_language()}"'


def last_modified(changed: datetime.datetime | None) -> str | None:
    """``Last-Modified`` has whole seconds: an answer made within the second of the change omits it, or a
    second change within that second would hide behind a 304 (the ETag has no such blind spot)."""
    if changed is None or int(changed.timestamp()) >= int(datetime.datetime.now(datetime.UTC).timestamp()):
        return None
    return http_date(changed.timestamp())


def not_modified(request: HttpRequest, etag: str, changed: datetime.datetime | None) -> HttpResponse | None:
    """The 304 if the client's copy is current (RFC 9110 §13.2.2: If-None-Match first)."""
    if request.headers.get("If-None-Match"):
        fresh = etag_matches(request, etag)
    else:
        since = parse_http_date_safe(request.headers.get("If-Modified-Since", ""))
        fresh = (
            since is not None
            and changed is not None
            and last_modified(changed) is not None
            and int(changed.timestamp()) <= since
        )
    if not fresh:
        return None
    response = HttpResponseNotModified()
    tag(response, etag, changed)
    return response


def tag(response: HttpResponse, etag: str, changed: datetime.datetime | None) -> None:
    response["ETag"] = etag
    if last := last_modified(changed):
        response["Last-Modified"] = last
    # Clients may keep the answer but must ask (a conditional request: one query) before using it again.
    response["Cache-Control"] = "no-cache"


# --- paging -------------------------------------------------------------------------------------------------


def page(request: HttpRequest, count: int, limit: int, offset: int, items: list) -> dict:
    """The envelope of a page: ``count`` in all, the links to the neighbours (the same query otherwise)."""

    def link(to: int) -> str:
        query = request.GET.copy()
        query["limit"], query["offset"] = str(limit), str(to)
        return request.build_absolute_uri(f"{request.path}?{urlencode(sorted(query.items()))}")

    return {
        "count": count,
        "limit": limit,
        "offset": offset,
        "next": link(offset + limit) if offset + limit < count else None,
        "previous": link(max(0, offset - limit)) if offset > 0 else None,
        "items": items,
    }


# --- cache of heavy answers ---------------------------------------------------------------------------------


def cached(key: str, build: Callable[[], Any]) -> Any:
    """``build()`` once per key in Django's cache (local memory; the shared Redis with ``CACHE_URL``).

    Keys carry the tournament's version: a change makes new keys, the old entries expire unused."""
    value = cache.get(key)
    if value is None:
        value = build()
        cache.set(key, value, CACHE_SECONDS)
    return value


# --- middleware ---------------------------------------------------------------------------------------------


class ApiMiddleware:
    """For ``/api/`` only: the request's language, every error answer as JSON, gzip of the large answers.

    Placed after ``config.middleware.ChosenLanguageMiddleware`` (settings.MIDDLEWARE): its language wins for
    the API. Errors that never reach ninja (an unknown URL's 404, ninja's 405, a 429 or 500 from Django) get
    the API's error body here; ninja's own errors already have it (``api.api``'s handlers).
    """

    def __init__(self, get_response):
        self.get_response = get_response
        self.gzip = GZipMiddleware(get_response)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith(PREFIX):
            return self.get_response(request)
        language = api_language(request)
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        translation.activate(language)  # the view's error handlers may have run under another
        json_body = response.get("Content-Type", "").startswith("application/json")
        if response.status_code >= 400 and not json_body:
            allow = response.get("Allow")
            response = error_response(response.status_code)
            if allow:
                response["Allow"] = allow
        response["Content-Language"] = language
        patch_vary_headers(response, ["Accept-Language"])
        return self.gzip.process_response(request, response)
