"""What the reporting app keeps (issue 32 §3–4): the archives it made (the event's rank dossiers, its report
package) and each sending of the package to the federation (when, by whom, to which address)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament


class Archive(models.Model):
    """A ZIP made for an event: its rank dossiers or its report package. Made in the request for a small
    field, by a worker (a thread in the embedded default) for a big one (``protocols.tasks.big``)."""

    class Kind(models.TextChoices):
        DOSSIERS = "dossiers", _("rank dossiers")
        PACKAGE = "package", _("report package")

    class Status(models.TextChoices):
        PENDING = "pending", _("being made")
        READY = "ready", _("ready")
        FAILED = "failed", _("failed")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="archives", verbose_name=_("tournament")
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    version = models.PositiveIntegerField(_("tournament's version"), default=0)
    file = models.FileField(_("file"), upload_to="reports/%Y/", blank=True)
    size = models.PositiveIntegerField(_("size, bytes"), default=0)
    files = models.PositiveIntegerField(_("files in it"), default=0)
    error = models.TextField(_("error"), blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(_("asked at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("made at"), null=True, blank=True)

    class Meta:
        verbose_name = _("archive")
        verbose_name_plural = _("archives")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["tournament", "kind", "-created_at"])]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.get_kind_display()}"


class ReportSent(models.Model):
    """Issue 32 §4: the report package mailed to the season's federation address — when, by whom, to whom."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="reports_sent", verbose_name=_("tournament")
    )
    archive = models.ForeignKey(
        Archive, null=True, on_delete=models.SET_NULL, related_name="+", verbose_name=_("archive")
    )
    sent_at = models.DateTimeField(_("sent at"))
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("sent by"),
    )
    to = models.EmailField(_("sent to"))

    class Meta:
        verbose_name = _("report sent")
        verbose_name_plural = _("reports sent")
        ordering = ["-sent_at", "-id"]

    def __str__(self) -> str:
        return f"{self.tournament} → {self.to} ({self.sent_at:%d.%m.%Y %H:%M})"
