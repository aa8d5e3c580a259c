"""Sanctions (004 §5.7). Protests and rulings come with the judging issue.

The admission check (004 §2.3.2) reads disqualifications through ``Sanction.objects.disqualifying``.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class SanctionQuerySet(models.QuerySet):
    def disqualifying(self, person, on: datetime.date) -> SanctionQuerySet:
        """Disqualifications of ``person`` in force on day ``on`` (004 §2.3.2, §5.7.4).

        A disqualification for a period is in force from ``starts_on`` to ``ends_on`` inclusive; one without
        an end date is in force until lifted (``lifted_at``).
        """
        return self.filter(
            person=person,
            kind=Sanction.Kind.DISQUALIFICATION,
            lifted_at__isnull=True,
            starts_on__lte=on,
        ).filter(models.Q(ends_on__isnull=True) | models.Q(ends_on__gte=on))


class Sanction(models.Model):
    class Kind(models.TextChoices):
        WARNING = "warning", _("warning")
        REMOVAL = "removal", _("removal")
        DISQUALIFICATION = "disqualification", _("disqualification")

    person = models.ForeignKey("registration.Person", on_delete=models.PROTECT, related_name="sanctions")
    tournament = models.ForeignKey(
        "tournaments.Tournament", null=True, blank=True, on_delete=models.PROTECT, related_name="sanctions"
    )
    kind = models.CharField(_("sanction"), max_length=20, choices=Kind.choices)
    clause = models.CharField(_("rule broken"), max_length=100, blank=True)
    facts = models.TextField(_("facts"), blank=True)
    starts_on = models.DateField(_("in force from"), null=True, blank=True)
    ends_on = models.DateField(_("in force until (inclusive)"), null=True, blank=True)
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    issued_at = models.DateTimeField(auto_now_add=True)
    lifted_at = models.DateTimeField(null=True, blank=True)

    objects = SanctionQuerySet.as_manager()

    class Meta:
        verbose_name = _("sanction")
        verbose_name_plural = _("sanctions")
        ordering = ["-issued_at"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.person}"
