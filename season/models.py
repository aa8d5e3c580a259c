"""The season (issue 32): a federation's year as a calendar of events, each with its ЕКП number and status.

A calendar event is the federation's line in the calendar (the Ministry's ЕКП, «Единый календарный план»); it
names a competition run on the site (``competition``) or one run elsewhere (then its own name, dates, venue).
The ВРВС codes of the sport's disciplines are the federation's table (``DisciplineCode``), entered once.
"""

from __future__ import annotations

import datetime

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models import Category, Competition, Discipline
from tournaments.validators import sane_date


class Season(models.Model):
    """A federation's season: its year, where the report packages go and how soon after an event's finish."""

    year = models.PositiveIntegerField(
        _("year"), unique=True, validators=[MinValueValidator(1900), MaxValueValidator(2999)]
    )
    name = models.CharField(pgettext_lazy("season", "name"), max_length=200, blank=True)
    # Issue 32 §4: the federation's address the report package is mailed to, and its deadline (days after
    # the finish; federations ask for 2 days to 2 weeks).
    federation_email = models.EmailField(_("federation's e-mail for reports"), blank=True)
    report_deadline_days = models.PositiveIntegerField(
        _("report due, days after the finish"), default=14, validators=[MaxValueValidator(365)]
    )

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["-year"]

    def __str__(self) -> str:
        return self.name or str(self.year)

    @property
    def first_day(self) -> datetime.date:
        return datetime.date(self.year, 1, 1)

    @property
    def last_day(self) -> datetime.date:
        return datetime.date(self.year, 12, 31)


class CalendarEvent(models.Model):
    """One line of the season's calendar (issue 32 §1): the ЕКП number, the status, dates, venue, organiser,
    the regulation (Положение). Linked to the competition run on the site, whose dates and venue it shows."""

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="events", verbose_name=_("season")
    )
    competition = models.OneToOneField(
        Competition,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="calendar",
        verbose_name=_("competition"),
    )
    name = models.CharField(pgettext_lazy("calendar event", "name"), max_length=300)
    status = models.CharField(_("status of the competition"), max_length=20, choices=Category.choices)
    ekp_number = models.CharField(
        _("ЕКП number"),
        max_length=40,
        blank=True,
        help_text=_("The event's number in the unified calendar plan"),
    )
    start_date = models.DateField(_("first day"), validators=[sane_date])
    end_date = models.DateField(_("last day"), validators=[sane_date])
    venue = models.CharField(_("venue"), max_length=300, blank=True)
    organiser = models.CharField(_("organiser"), max_length=300, blank=True)
    regulation = models.FileField(_("regulation (Положение)"), upload_to="regulations/%Y/", blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("calendar event")
        verbose_name_plural = _("calendar events")
        ordering = ["start_date", "name"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        if self.start_date and self.end_date and self.end_date < self.start_date:
            raise ValidationError({"end_date": _("The last day is before the first.")})


class DisciplineCode(models.Model):
    """The ВРВС (Всероссийский реестр видов спорта) code of a discipline of the sport, as the register prints
    it; the rank applications and the report package print it (issue 32 §3–4)."""

    discipline = models.CharField(_("discipline"), max_length=20, choices=Discipline.choices, unique=True)
    code = models.CharField(_("ВРВС code"), max_length=20)

    class Meta:
        verbose_name = _("discipline code")
        verbose_name_plural = _("discipline codes")
        ordering = ["discipline"]

    def __str__(self) -> str:
        return f"{self.get_discipline_display()}: {self.code}"
