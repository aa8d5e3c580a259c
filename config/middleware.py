"""Russian first: the language is the one the visitor chose with the switch (a cookie), else Russian.

Django's LocaleMiddleware would follow the browser's Accept-Language, which puts a federation's Russian
pages into English on any English-language phone; here the default is the regulation's language.
"""

from django.conf import settings
from django.shortcuts import render
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
