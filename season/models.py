"""The season (issue 32): a federation's year as a calendar of events, each with its ЕКП number and status.

A calendar event is the federation's line in the calendar (the Ministry's ЕКП, «Единый календарный план»); it
names a competition run on the site (``competition``) or one run elsewhere (then its own name, dates, venue).
The ВРВС codes of the sport's disciplines are the federation's table (``DisciplineCode``), entered once.
"""

from __future__ import annotations

import datetime
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from season.scoring import Rule, RuleError
from tournaments.models import Category, Competition, Discipline, GenderGroup
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
    # Issue 32 §1: the discipline of an event run elsewhere (one on the site shows its tournaments' own).
    discipline = models.CharField(_("discipline"), max_length=20, choices=Discipline.choices, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("calendar event")
        verbose_name_plural = _("calendar events")
        ordering = ["start_date", "name"]

    def __str__(self) -> str:
        return self.name

    # What the calendar shows: the competition's own dates, venue and organiser when it runs on the site.
    @property
    def first_day(self) -> datetime.date:
        return self.competition.start_date if self.competition else self.start_date

    @property
    def last_day(self) -> datetime.date:
        return self.competition.end_date if self.competition else self.end_date

    @property
    def where(self) -> str:
        return (self.competition.venue if self.competition else "") or self.venue

    @property
    def by(self) -> str:
        return (self.competition.organiser if self.competition else "") or self.organiser

    def disciplines(self) -> list[str]:
        """The disciplines it holds: its competition's events' (prefetched by the pages), else its own."""
        found = sorted({t.discipline for t in self.competition.events.all()}) if self.competition else []
        return found or ([self.discipline] if self.discipline else [])

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


# --- series: cups, grand prix, qualifiers (issue 32 §2) -----------------------------------------------------


class Series(models.Model):
    """A cup, a grand prix or a qualifier: stages summed by a rule kept as data (``season.scoring.Rule``),
    and who enters the final (the top N of the series or of each stage, regional quotas, seeds)."""

    class Kind(models.TextChoices):
        CUP = "cup", _("cup")
        GRAND_PRIX = "grand_prix", _("grand prix")
        QUALIFIER = "qualifier", _("qualifier")

    class Scoring(models.TextChoices):
        WINS = "wins", _("the sum of wins")
        MATCH_POINTS = "match_points", _("match points")
        PLACE_TABLE = "place_table", _("points by place (a table)")
        STAGE_POINTS = "stage_points", _("the stage's own points")

    class Final(models.TextChoices):
        NONE = "none", _("no final: every stage counts alike")
        OUTSIDE_CAP = "outside_cap", _("the final is added outside the dropping")
        ALONE = "alone", _("the final decides alone")

    class QualifyFrom(models.TextChoices):
        NONE = "none", _("nobody qualifies")
        SERIES = "series", _("the top of the series standings")
        STAGE = "stage", _("the top of each stage")

    class SeedBy(models.TextChoices):
        SERIES = "series", _("by the series standings")
        RATING = "rating", _("by the rating list")

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="series", verbose_name=_("season")
    )
    name = models.CharField(pgettext_lazy("series", "name"), max_length=200)
    kind = models.CharField(
        pgettext_lazy("series", "kind"), max_length=20, choices=Kind.choices, default=Kind.CUP
    )
    discipline = models.CharField(_("discipline"), max_length=20, choices=Discipline.choices, blank=True)
    # How a series counts for the ЕВСК (issue 32 §3): its final standings fulfil ranks by the norm rows that
    # judge a series of this status (federation.norms.series_norms); blank: they fulfil none.
    status = models.CharField(
        _("status for the ЕВСК ranks"), max_length=20, choices=Category.choices, blank=True
    )
    gender_group = models.CharField(
        _("gender group"), max_length=10, choices=GenderGroup.choices, default=GenderGroup.MEN
    )
    scoring = models.CharField(_("scoring"), max_length=20, choices=Scoring.choices, default=Scoring.WINS)
    place_points = models.CharField(
        _("points by place"),
        max_length=500,
        blank=True,
        help_text=_("For the place table: the points of the 1st, 2nd, … places, e.g. «50, 44, 38, 34»."),
    )
    drop_worst = models.PositiveSmallIntegerField(
        _("worst results not counted"), default=0, validators=[MaxValueValidator(20)]
    )
    missed_is_worst = models.BooleanField(
        _("a missed stage counts as the worst result"),
        default=True,
        help_text=_("Off: only the stages a player played are dropped; a missed one counts as 0."),
    )
    min_stages = models.PositiveSmallIntegerField(
        _("minimum stages to be classified"), default=0, validators=[MaxValueValidator(50)]
    )
    final_mode = models.CharField(_("the final"), max_length=20, choices=Final.choices, default=Final.NONE)
    tiebreaks = models.CharField(
        _("tie-breaks"),
        max_length=200,
        default="best_places,last_stage",
        help_text=_(
            "In order, separated by commas: best_places, last_stage, best_stage, stages_played, wins."
        ),
    )
    qualify_from = models.CharField(
        _("who enters the final"), max_length=10, choices=QualifyFrom.choices, default=QualifyFrom.NONE
    )
    qualify_top = models.PositiveSmallIntegerField(
        _("seats in the final (or per stage)"), default=0, validators=[MaxValueValidator(10000)]
    )
    seed_by = models.CharField(
        _("seeds in the final"), max_length=10, choices=SeedBy.choices, default=SeedBy.SERIES
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("series")
        verbose_name_plural = _("series (plural)")
        ordering = ["-season__year", "name"]

    def __str__(self) -> str:
        return self.name

    def rule(self) -> Rule:
        """The rule as the pure core takes it (raises ``RuleError`` or ``ValueError`` on nonsense)."""
        return Rule(
            scoring=self.scoring,
            place_points=parse_points(self.place_points),
            drop_worst=self.drop_worst,
            missed_is_worst=self.missed_is_worst,
            min_stages=self.min_stages,
            final=self.final_mode,
            tiebreaks=tuple(k.strip() for k in self.tiebreaks.split(",") if k.strip()),
        )

    def clean(self) -> None:
        try:
            self.rule()
        except (RuleError, ValueError, ZeroDivisionError) as exc:
            raise ValidationError(_("The scoring rule cannot be applied: %(e)s") % {"e": exc}) from None


def parse_points(text: str) -> tuple[Fraction, ...]:
    """«50, 44, 38» → the place table; commas or semicolons separate, 12.5 is a half (ValueError on junk)."""
    parts = [x.strip() for x in text.replace(";", ",").split(",") if x.strip()]
    return tuple(Fraction(x) for x in parts)


class SeriesStage(models.Model):
    """A stage of a series: a tournament run on the site, or a calendar event run elsewhere whose results
    the federation enters (``StageEntry``). The order is ``number``; one stage may be the final."""

    series = models.ForeignKey(
        Series, on_delete=models.CASCADE, related_name="stages", verbose_name=_("series")
    )
    number = models.PositiveSmallIntegerField(_("stage No."))
    name = models.CharField(pgettext_lazy("stage", "name"), max_length=300, blank=True)
    tournament = models.ForeignKey(
        "tournaments.Tournament",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="series_stages",
        verbose_name=_("tournament"),
    )
    event = models.ForeignKey(
        CalendarEvent,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="series_stages",
        verbose_name=_("calendar event"),
    )
    is_final = models.BooleanField(_("the final"), default=False)

    class Meta:
        verbose_name = _("stage of a series")
        verbose_name_plural = _("stages of series")
        ordering = ["series", "number"]
        constraints = [models.UniqueConstraint(fields=["series", "number"], name="series_stage_number_once")]

    def __str__(self) -> str:
        return self.title

    @property
    def title(self) -> str:
        if self.name:
            return self.name
        if self.tournament is not None:
            return self.tournament.name
        if self.event is not None:
            return self.event.name
        return _("Stage %(n)s") % {"n": self.number}

    def source(self):
        """The tournament whose results the stage counts: its own, else the one its calendar event's
        competition holds in the series' discipline (the only one, when the series names none)."""
        if self.tournament is not None:
            return self.tournament
        if self.event is None or self.event.competition is None:
            return None
        events = list(self.event.competition.events.all())
        if self.series.discipline:
            events = [t for t in events if t.discipline == self.series.discipline]
        return events[0] if len(events) == 1 else None

    def clean(self) -> None:
        if self.is_final and self.series_id:
            others = SeriesStage.objects.filter(series_id=self.series_id, is_final=True).exclude(pk=self.pk)
            if others.exists():
                raise ValidationError({"is_final": _("The series already has a final.")})


class StageEntry(models.Model):
    """A person's result in a stage entered by the federation: a stage run elsewhere (place, wins, points),
    or the stage's own points where the series counts them. A person of the register, no account needed."""

    stage = models.ForeignKey(
        SeriesStage, on_delete=models.CASCADE, related_name="entries", verbose_name=_("stage")
    )
    person = models.ForeignKey(
        "registration.Person",
        on_delete=models.CASCADE,
        related_name="series_entries",
        verbose_name=_("person"),
    )
    place = models.PositiveIntegerField(_("place"), null=True, blank=True)
    place_to = models.PositiveIntegerField(_("place shared up to"), null=True, blank=True)
    wins = models.PositiveIntegerField(_("wins"), default=0)
    points = models.DecimalField(_("match points"), max_digits=7, decimal_places=2, default=0)
    own_points = models.DecimalField(
        _("the stage's own points"), max_digits=9, decimal_places=2, null=True, blank=True
    )

    class Meta:
        verbose_name = _("result in a stage")
        verbose_name_plural = _("results in stages")
        constraints = [models.UniqueConstraint(fields=["stage", "person"], name="stage_entry_once")]

    def __str__(self) -> str:
        return f"{self.stage}: {self.person}"

    def clean(self) -> None:
        if self.place_to is not None and (self.place is None or self.place_to < self.place):
            raise ValidationError({"place_to": _("A shared place ends at or after its first place.")})


class RegionalQuota(models.Model):
    """Seats in the final reserved for a region's best (issue 32 §2: regional quotas)."""

    series = models.ForeignKey(
        Series, on_delete=models.CASCADE, related_name="quotas", verbose_name=_("series")
    )
    region = models.CharField(_("region"), max_length=200)
    seats = models.PositiveSmallIntegerField(_("seats"), validators=[MinValueValidator(1)])

    class Meta:
        verbose_name = _("regional quota")
        verbose_name_plural = _("regional quotas")
        constraints = [models.UniqueConstraint(fields=["series", "region"], name="series_quota_once")]

    def __str__(self) -> str:
        return f"{self.region}: {self.seats}"
