"""Russian first: the language is the one the visitor chose with the switch (a cookie), else Russian.

Django's LocaleMiddleware would follow the browser's Accept-Language, which puts a federation's Russian
pages into English on any English-language phone; here the default is the regulation's language.
"""

from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.urls import Resolver404, resolve
from django.utils import translation


class ChosenLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.available = {code for code, _name in settings.LANGUAGES}

    def __call__(self, request):
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        language = chosen if chosen in self.available else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        return response


def client_ip(request) -> str | None:
    """The client's address as the deployment says to read it (settings.CLIENT_IP_HEADER, README)."""
    value = request.META.get(settings.CLIENT_IP_HEADER) or request.META.get("REMOTE_ADDR")
    return value.split(",")[0].strip() if value else None


def locked_out(request, *args, **kwargs):
    """django-axes' answer to a locked-out login: a Russian page, HTTP 429 (README, "Security")."""
    minutes = max(1, round(settings.AXES_COOLOFF_TIME * 60))
    return render(request, "accounts/locked_out.html", {"cooloff_minutes": minutes}, status=429)


class ContentSecurityPolicyMiddleware:
    """Every answer carries settings.CONTENT_SECURITY_POLICY (issue 25 item 12) unless a view set its own:
    scripts and styles from this site's files only — no inline script, no inline style, no eval — so a
    markup injection that slipped past the escaping runs nothing. Templates keep to it (tests hold them)."""

    def __init__(self, get_response):
        self.get_response = get_response
        self.policy = settings.CONTENT_SECURITY_POLICY

    def __call__(self, request):
        response = self.get_response(request)
        if self.policy:
            response.headers.setdefault("Content-Security-Policy", self.policy)
        return response


class SiteNotFoundMiddleware:
    """Under DEBUG (``make run``) a page that does not exist answers the site's own 404 page in the visitor's
    language, as production does, instead of Django's English technical page (issue 28 §6). Installed only
    when DEBUG is on (settings; ``TECHNICAL_404=1`` keeps Django's page for a developer who wants the URL
    patterns) and after CommonMiddleware, which still turns a missing slash into a redirect. A view's own
    404 answer (a page with its text) and the API's (its JSON errors) pass unchanged: only a 404 *raised*
    outside the API is replaced."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if settings.DEBUG and not request.path_info.startswith("/api/"):
            try:
                resolve(request.path_info, getattr(request, "urlconf", None))
            except Resolver404:
                return self._page(request)
        return self.get_response(request)

    def process_exception(self, request, exception):
        if settings.DEBUG and isinstance(exception, Http404) and not request.path_info.startswith("/api/"):
            return self._page(request)
        return None

    @staticmethod
    def _page(request):
        return render(request, "404.html", status=404)
