"""Generated documents: one row per PDF made, kept so a document is made again only when its data changed;
and what the officials write for the documents alone: the schedule's planned times and the chief judge's
report."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from protocols import registry


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
    # Which document (004 §6.2): the kinds registered by the modules of protocols/docs/ (a callable, so a
    # new kind needs no migration).
    kind = models.CharField(_("document"), max_length=registry.MAX_KIND, choices=registry.choices)
    key = models.CharField(max_length=20, blank=True)  # round number, match id, stage number, protest id
    # The tournament's version the document was asked for: which document is current (one indexed query).
    version = models.PositiveBigIntegerField(null=True, blank=True)
    data_hash = models.CharField(max_length=64, blank=True)  # documents.fingerprint of what was rendered
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
        indexes = [
            models.Index(fields=["tournament", "kind", "key", "data_hash"], name="document_lookup"),
            models.Index(fields=["tournament", "kind", "key", "version"], name="document_version"),
        ]

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


class ScheduledRound(models.Model):
    """The planned start of a round (расписание встреч, 004 §6.2.3 item 3): the secretary keeps it; the
    schedule and the round's pairing protocol print it (players take their seats 5 minutes before, 003
    «Начало турнира»). A round not drawn yet may be planned: rows are by round number."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="schedule"
    )
    number = models.PositiveSmallIntegerField(_("round"))
    starts_at = models.DateTimeField(_("planned start"))
    note = models.CharField(_("note"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("planned round")
        verbose_name_plural = _("planned rounds")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="scheduled_round_once"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="scheduled_round_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.number}"


class ChiefJudgeReport(models.Model):
    """What the chief judge types into his written report (004 §6.2.1 item 6); the rest of the report
    (dates, venue, participants by region and gender, officials, systems, protests, sanctions, removals) is
    computed from the tournament."""

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="chief_judge_report"
    )
    conditions = models.TextField(_("venue and conditions of play"), blank=True)
    course = models.TextField(_("how the competition went"), blank=True)
    remarks = models.TextField(_("remarks and proposals"), blank=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("chief judge's report")
        verbose_name_plural = _("chief judge's reports")

    def __str__(self) -> str:
        return str(self.tournament)


class JudgeEvaluation(models.Model):
    """004 §6.2.1 item 7: the chief judge «оценивает работу судей, обслуживающих соревнование» — one mark per
    judge on the scale of the Russian judging practice (5 excellent, 4 good, 3 satisfactory, 2 unsatisfactory)
    with a comment; printed in his report. Editable after the finish, like the report; every change logged."""

    class Mark(models.IntegerChoices):
        EXCELLENT = 5, _("5 — excellent")
        GOOD = 4, _("4 — good")
        SATISFACTORY = 3, _("3 — satisfactory")
        UNSATISFACTORY = 2, _("2 — unsatisfactory")

    official = models.OneToOneField(
        "registration.Official", on_delete=models.CASCADE, related_name="evaluation"
    )
    mark = models.PositiveSmallIntegerField(_("mark"), choices=Mark.choices)
    comment = models.TextField(_("comment"), blank=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("judge's evaluation")
        verbose_name_plural = _("judges' evaluations")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(mark__gte=2, mark__lte=5), name="judge_mark_on_the_scale"
            )
        ]

    def __str__(self) -> str:
        return f"{self.official}: {self.mark}"
