"""The links a message carries: absolute (``SITE_URL``), and the signed unsubscribe link of a subscription."""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.urls import reverse

SALT = "nardy.notify.stop"


def absolute(path: str) -> str:
    return f"{settings.SITE_URL}{path}" if path.startswith("/") else path


def stop_token(sub) -> str:
    return signing.Signer(salt=SALT, algorithm="sha256").sign(str(sub.pk))


def stop_url(sub) -> str:
    return reverse("notify:stop", args=[stop_token(sub)])


def open_stop(token: str) -> int | None:
    """The subscription id an unsubscribe token names, or None when it was altered."""
    try:
        value = signing.Signer(salt=SALT, algorithm="sha256").unsign(token)
    except signing.BadSignature:
        return None
    return int(value) if value.isdigit() else None
