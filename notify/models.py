"""Notifications (issue 33): who asked to be told (``Subscription``) and every message owed (``Message``, the
outbox).

Privacy (issue 33 "Privacy"): a subscription's address (a Telegram chat id or an e-mail) is personal data:
shown to the person and the tournament's officials only, never on public pages, exports or the API; it is
deleted with the person (``on_delete=CASCADE``).
"""

from __future__ import annotations

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _


def new_code() -> str:
    """A one-time code: the Telegram deep link's ``start`` parameter (at most 64 of [A-Za-z0-9_-]) and the
    e-mail confirmation link's."""
    return secrets.token_urlsafe(24)


class Channel(models.TextChoices):
    TELEGRAM = "telegram", _("Telegram")
    EMAIL = "email", _("e-mail")


class Subscription(models.Model):
    """A person's wish to be told (issue 33): of his own matches (``desk`` empty) or, an official, of his
    tournament's desk events (``desk`` set). Nothing is sent until it is ``confirmed``: the Telegram deep link
    (the bot learns the chat id from ``/start <code>``) or the link in the confirmation mail. ``code`` is the
    one-time code of that link, cleared once used."""

    person = models.ForeignKey(
        "registration.Person",
        on_delete=models.CASCADE,
        related_name="subscriptions",
        verbose_name=_("person"),
    )
    # The participation it came from (his match link or check-in link); the person's other tournaments are
    # told too: every message concerns him.
    participant = models.ForeignKey(
        "registration.Participant",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("participant"),
    )
    desk = models.ForeignKey(
        "tournaments.Tournament",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("desk events of"),
    )
    channel = models.CharField(_("channel"), max_length=10, choices=Channel.choices)
    # A Telegram chat id or an e-mail address; a Telegram subscription has none until /start.
    address = models.CharField(_("address"), max_length=254, blank=True)
    confirmed = models.BooleanField(_("confirmed"), default=False)
    language = models.CharField(_("language"), max_length=8, default="ru")
    code = models.CharField(max_length=64, unique=True, null=True, blank=True, default=new_code)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)

    class Meta:
        verbose_name = _("notification subscription")
        verbose_name_plural = _("notification subscriptions")
        indexes = [models.Index(fields=["channel", "address"])]

    def __str__(self) -> str:
        return f"{self.person}: {self.get_channel_display()}"


class Message(models.Model):
    """One message owed to one subscription: the outbox (issue 33 "Delivery").

    ``key`` names the event (``round:<id>:pub:<participant>``); (key, subscription) is unique, so writing an
    event twice writes one row and a row ``sent`` is never sent again. A worker takes a row by moving it to
    ``sending`` with a lease (``lease_until``, ``lease_token``); a crashed worker's rows are taken again once
    the lease has passed."""

    class State(models.TextChoices):
        QUEUED = "queued", _("queued")
        SENDING = "sending", _("sending")
        SENT = "sent", _("sent")
        FAILED = "failed", _("not delivered")

    key = models.CharField(max_length=120)
    subscription = models.ForeignKey(
        Subscription, on_delete=models.CASCADE, related_name="messages", verbose_name=_("subscription")
    )
    channel = models.CharField(_("channel"), max_length=10, choices=Channel.choices)
    # The tournament it concerns: its officials see what was not delivered.
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("tournament"),
    )
    subject = models.CharField(_("subject"), max_length=200)
    text = models.TextField(_("text"))
    # What the message said as data (a pairing: table, opponent, length, start): a redraw tells what changed.
    data = models.JSONField(default=dict, blank=True)
    state = models.CharField(_("state"), max_length=10, choices=State.choices, default=State.QUEUED)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    last_error = models.TextField(_("last error"), blank=True)
    not_before = models.DateTimeField(null=True, blank=True)
    lease_until = models.DateTimeField(null=True, blank=True)
    lease_token = models.CharField(max_length=32, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)
    sent_at = models.DateTimeField(_("sent at"), null=True, blank=True)

    class Meta:
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        constraints = [
            models.UniqueConstraint(fields=["key", "subscription", "channel"], name="notify_message_once")
        ]
        indexes = [models.Index(fields=["state", "not_before"])]

    def __str__(self) -> str:
        return f"{self.key} → {self.subscription_id}: {self.state}"
