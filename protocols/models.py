"""Generated documents: one row per PDF made, kept so a document is made again only when its data changed."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    PAIRINGS = "pairings", _("round pairing protocol")
    MATCH = "match", _("match protocol")
    ROUND_PROTOCOLS = "round_protocols", _("match protocols of a round")
    STANDINGS = "standings", _("standings")
    CROSSTABLE = "crosstable", _("crosstable")
    BRACKET = "bracket", _("bracket")
    REGISTRATION = "registration", _("registration protocol")
    PROTEST = "protest", _("protest decision")
    SANCTIONS = "sanctions", _("sanctions list")
    FINAL = "final", _("final protocol")


def document_path(instance: Document, filename: str) -> str:
    return f"protocols/{instance.tournament_id}/{instance.kind}-{instance.key or 'all'}-{instance.pk}.pdf"


class Document(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("queued")
        RUNNING = "running", _("being generated")
        READY = "ready", _("ready")
        FAILED = "failed", _("failed")

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="documents"
    )
    kind = models.CharField(_("document"), max_length=20, choices=Kind.choices)
    key = models.CharField(max_length=20, blank=True)  # round number, match id, stage number, protest id
    data_hash = models.CharField(max_length=64)  # protocols.data.fingerprint of what was rendered
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    progress = models.PositiveIntegerField(default=0)  # pages laid out so far
    pages = models.PositiveIntegerField(default=0)
    size = models.PositiveIntegerField(default=0)  # bytes
    file = models.FileField(upload_to=document_path, max_length=200, blank=True)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    # Written by the worker at the start and after every page: a pending or running document whose worker
    # has been silent longer than DOCUMENTS_LEASE_SECONDS is stuck and queued again (issue 13 item 4).
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)

    class Meta:
        verbose_name = _("document")
        verbose_name_plural = _("documents")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["tournament", "kind", "key", "data_hash"], name="document_lookup")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.key} ({self.get_status_display()})"

    def is_stuck(self, now, lease_seconds: int) -> bool:
        """Pending or running, and nobody has worked on it for the lease: its worker died or lost it."""
        if self.status not in (self.Status.PENDING, self.Status.RUNNING):
            return False
        last = self.heartbeat_at or self.started_at or self.created_at
        return last is not None and (now - last).total_seconds() > lease_seconds

    @property
    def is_ready(self) -> bool:
        return self.status == self.Status.READY and bool(self.file)
