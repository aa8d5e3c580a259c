"""The federation's register: judges' categories, the rating (its changes, the current list, official lists,
an imported starting list, the calibration reports) and each finished event's places (issue 31).

What is derived here (rating changes, current ratings, event places) is written when an event is finished,
dropped and written again when it is reopened and finished again, and rebuilt whole by ``manage.py rating
--recompute``; the source stays the matches and the standings (read through ``draw.results.load_results``
and ``standings.ranking.final_standings``). An official list is a frozen copy: that is its purpose.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from registration.models import JudgingCategory, Person, Qualification
from tournaments.models import Category, Discipline, GenderGroup
from tournaments.validators import sane_date


class JudgeCategory(models.Model):
    """A sports judge's category as the order that gave it (ССВК, СС1К, СС2К, СС3К, ЮСС) with the date it
    lapses unless confirmed (the categories are confirmed every few years: a new row for each order)."""

    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="judge_categories")
    category = models.CharField(_("judging category"), max_length=10, choices=JudgingCategory.choices)
    assigned_on = models.DateField(_("assigned on"), validators=[sane_date])
    order = models.CharField(_("order (No., date, who issued it)"), max_length=200)
    lapses_on = models.DateField(_("lapses on"), validators=[sane_date])

    class Meta:
        verbose_name = _("judge's category")
        verbose_name_plural = _("judges' categories")
        ordering = ["-assigned_on", "-id"]
        indexes = [models.Index(fields=["lapses_on"])]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(lapses_on__gt=models.F("assigned_on")), name="judge_category_lapses_after"
            )
        ]

    def __str__(self) -> str:
        return f"{self.person}: {self.get_category_display()} ({self.assigned_on:%d.%m.%Y})"

    def in_force(self, on: datetime.date) -> bool:
        return self.assigned_on <= on <= self.lapses_on


class RankHeld(models.Model):
    """A sports rank or title a person holds, as the order that gave it (issue 31 §1): the federation's
    register of ranks. A new order (a higher rank, a confirmation) is a new row; the latest is held."""

    person = models.ForeignKey(
        Person, on_delete=models.CASCADE, related_name="ranks_held", verbose_name=_("person")
    )
    rank = models.CharField(_("sports rank or title"), max_length=10, choices=Qualification.choices)
    assigned_on = models.DateField(_("assigned on"), validators=[sane_date])
    order = models.CharField(_("order (No., date, who issued it)"), max_length=200)
    note = models.CharField(_("note"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("rank held")
        verbose_name_plural = _("ranks held")
        ordering = ["-assigned_on", "-id"]
        indexes = [models.Index(fields=["person", "-assigned_on"])]

    def __str__(self) -> str:
        return f"{self.person}: {self.get_rank_display()} ({self.assigned_on:%d.%m.%Y})"


class EventPlace(models.Model):
    """A person's place in a finished event, as its final standings print it (a shared range "5–8"), and
    the rank his place fulfilled there by the tournament's norms, as the final protocol prints it."""

    class Fulfils(models.TextChoices):
        NEW = "new", _("fulfilled")
        CONFIRMED = "confirmed", _("confirmed")

    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="event_places")
    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE, related_name="+")
    place = models.PositiveIntegerField(null=True)
    place_label = models.CharField(max_length=20, blank=True)
    # The rank of the highest norm his place fulfilled (``registration.models.rank_fulfilled``), kept only
    # when it counts (``rank_counts``: higher than the rank he held there, or that rank confirmed).
    fulfilled = models.CharField(max_length=10, blank=True, choices=Qualification.choices)
    fulfils = models.CharField(max_length=10, blank=True, choices=Fulfils.choices)

    class Meta:
        verbose_name = _("place in an event")
        verbose_name_plural = _("places in events")
        indexes = [models.Index(fields=["person", "tournament"])]

    def __str__(self) -> str:
        return f"{self.person_id} @ {self.tournament_id}: {self.place_label}"


class RatingChange(models.Model):
    """What one rated match did to one player's rating in one list (``seq``: the order of the replay)."""

    discipline = models.CharField(max_length=20)
    seq = models.PositiveBigIntegerField()
    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="rating_changes")
    opponent = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="+")
    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey("draw.Match", null=True, on_delete=models.SET_NULL, related_name="+")
    won = models.BooleanField()
    length = models.PositiveSmallIntegerField()
    before = models.FloatField()
    after = models.FloatField()
    experience = models.PositiveIntegerField()  # after the match
    matches = models.PositiveIntegerField()  # rated matches after this one
    expected = models.FloatField()  # his chance of winning, before it

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        indexes = [
            models.Index(fields=["discipline", "person", "seq"]),
            models.Index(fields=["discipline", "seq"]),
            models.Index(fields=["tournament"]),
        ]

    def __str__(self) -> str:
        return f"{self.discipline} #{self.seq}: {self.person_id} {self.before:.2f} -> {self.after:.2f}"

    @property
    def delta(self) -> float:
        return self.after - self.before


class Rating(models.Model):
    """A person's current rating in one list (the live list): the state after his last rated match."""

    discipline = models.CharField(max_length=20)
    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="ratings")
    rating = models.FloatField()
    experience = models.PositiveIntegerField()
    matches = models.PositiveIntegerField()
    seq = models.PositiveBigIntegerField(default=0)  # of his last change (0: only the imported list)

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        # No unique (discipline, person): a merge of two people moves both rows to one (registration's merge
        # moves every relation), and the recompute that follows it writes one again.
        indexes = [models.Index(fields=["discipline", "-rating", "person"]), models.Index(fields=["person"])]

    def __str__(self) -> str:
        return f"{self.discipline}: {self.person_id} {self.rating:.2f}"


class RatingStart(models.Model):
    """An imported rating list (CSV), the starting point: a person's rating and experience in one list as of
    a date; events that ended before that date are not rated again (they are in it)."""

    discipline = models.CharField(max_length=20)
    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="rating_starts")
    rating = models.FloatField()
    experience = models.PositiveIntegerField(default=0)
    as_of = models.DateField(validators=[sane_date])
    source = models.CharField(max_length=200, blank=True)
    imported_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("imported rating list")
        verbose_name_plural = _("imported rating lists")
        indexes = [models.Index(fields=["discipline", "as_of"])]

    def __str__(self) -> str:
        return f"{self.discipline} {self.as_of}: {self.person_id} {self.rating:.2f}"


class RatingList(models.Model):
    """An official list: the ratings as of a date (the first of a month), frozen and published."""

    discipline = models.CharField(_("discipline"), max_length=20)
    as_of = models.DateField(_("as of"), validators=[sane_date])
    formula = models.JSONField(default=dict)
    frozen_at = models.DateTimeField(auto_now_add=True)
    frozen_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        verbose_name = _("official rating list")
        verbose_name_plural = _("official rating lists")
        ordering = ["-as_of", "discipline"]
        constraints = [models.UniqueConstraint(fields=["discipline", "as_of"], name="rating_list_once")]

    def __str__(self) -> str:
        return f"{self.discipline} {self.as_of:%d.%m.%Y}"


class RatingListRow(models.Model):
    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="rows")
    rank = models.PositiveIntegerField()
    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="rating_list_rows")
    rating = models.FloatField()
    experience = models.PositiveIntegerField()
    matches = models.PositiveIntegerField()

    class Meta:
        verbose_name = _("row of a rating list")
        verbose_name_plural = _("rows of rating lists")
        ordering = ["rank"]
        indexes = [models.Index(fields=["rating_list", "rank"]), models.Index(fields=["person"])]

    def __str__(self) -> str:
        return f"{self.rank}. {self.person_id} {self.rating:.2f}"


class CalibrationReport(models.Model):
    """The calibration report of one list's history: log-loss and deciles per formula, the fitted C."""

    discipline = models.CharField(_("discipline"), max_length=20)
    made_at = models.DateTimeField(auto_now_add=True)
    matches = models.PositiveIntegerField()
    report = models.JSONField(default=dict)

    class Meta:
        verbose_name = _("calibration report")
        verbose_name_plural = _("calibration reports")
        ordering = ["-made_at"]

    def __str__(self) -> str:
        return f"{self.discipline} {self.made_at:%Y-%m-%d %H:%M}"


class NormDocument(models.Model):
    """The source of a table of the ЕВСК norms (issue 32 §3): the order that approved them (title, date, its
    file) and the day they apply from. A newer document replaces an older one from its own day on: an event
    is judged by the document in force on its first day (``federation.norms.effective_norms``)."""

    title = models.CharField(_("document"), max_length=300)
    dated = models.DateField(_("document's date"), validators=[sane_date])
    file = models.FileField(_("file"), upload_to="evsk/%Y/", blank=True)
    valid_from = models.DateField(_("in force from"), validators=[sane_date])

    class Meta:
        verbose_name = _("ЕВСК norms document")
        verbose_name_plural = _("ЕВСК norms documents")
        ordering = ["-valid_from", "-id"]

    def __str__(self) -> str:
        return f"{self.title} ({self.valid_from:%d.%m.%Y})"


class EvskNorm(models.Model):
    """One row of the ЕВСК table (issue 32 §3): in a competition of this status, discipline, gender group and
    age group, places 1…``place_to`` fulfil ``qualification`` when the field reaches ``min_field``
    participants (or regions, as the ЕВСК counts them for that status); ``confirmation``: the norm confirms
    the rank held (printed «подтвердил»)."""

    class FieldKind(models.TextChoices):
        PARTICIPANTS = "participants", pgettext_lazy("the least field", "participants")
        REGIONS = "regions", pgettext_lazy("the least field", "regions")

    class AppliesTo(models.TextChoices):
        # How a series counts (issue 32 §3): a row judges either a competition's places or the final standings
        # of a series (a cup, a grand prix: season.Series with this status), never both.
        EVENT = "event", pgettext_lazy("norm applies to", "a competition's places")
        SERIES = "series", pgettext_lazy("norm applies to", "a series' final standings")

    document = models.ForeignKey(
        NormDocument, on_delete=models.CASCADE, related_name="norms", verbose_name=_("document")
    )
    status = models.CharField(_("status of the competition"), max_length=20, choices=Category.choices)
    discipline = models.CharField(_("discipline"), max_length=20, choices=Discipline.choices)
    gender_group = models.CharField(
        _("gender group"), max_length=10, choices=GenderGroup.choices, default=GenderGroup.MEN
    )
    age_from = models.PositiveSmallIntegerField(_("age from"), default=18)
    age_to = models.PositiveSmallIntegerField(_("age to"), null=True, blank=True)
    place_to = models.PositiveSmallIntegerField(_("places 1 to"))
    qualification = models.CharField(_("sports rank or title"), max_length=10, choices=Qualification.choices)
    min_field = models.PositiveSmallIntegerField(_("the least field"), null=True, blank=True)
    field_kind = models.CharField(
        _("the least field counts"), max_length=15, choices=FieldKind.choices, default=FieldKind.PARTICIPANTS
    )
    confirmation = models.BooleanField(_("confirms the rank held"), default=False)
    applies_to = models.CharField(
        _("what the norm judges"), max_length=10, choices=AppliesTo.choices, default=AppliesTo.EVENT
    )

    class Meta:
        verbose_name = _("ЕВСК norm")
        verbose_name_plural = _("ЕВСК norms")
        ordering = ["status", "discipline", "gender_group", "age_from", "place_to", "id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(place_to__gte=1), name="evsk_norm_place_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.get_qualification_display()}: 1–{self.place_to}"
