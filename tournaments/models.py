"""Tournaments, stages, groups, rounds and matches.

Standings are never stored: they are derived from matches (see standings.py).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class Discipline(models.TextChoices):
    LONG = "long", _("long nardy")
    SHORT = "short", _("short nardy")


class System(models.TextChoices):
    ROUND_ROBIN = "round_robin", _("round robin")
    SINGLE_ELIMINATION = "single_elimination", _("single elimination")
    DOUBLE_ELIMINATION = "double_elimination", _("double elimination")
    SWISS = "swiss", _("Swiss")
    SWISS_LOSSES = "swiss_losses", _("Swiss until N losses")
    MIXED = "mixed", _("mixed (groups, then playoff)")


ELIMINATION_SYSTEMS = {System.SINGLE_ELIMINATION, System.DOUBLE_ELIMINATION}


class Character(models.TextChoices):
    PERSONAL = "personal", _("personal")
    TEAM = "team", pgettext_lazy("character", "team")
    PERSONAL_TEAM = "personal_team", _("personal-team")


class GenderGroup(models.TextChoices):
    MEN = "men", _("men")  # 004 §2.1: women may play here unless the regulation forbids it
    WOMEN = "women", _("women")


class HeadRule(models.TextChoices):
    FEDERATION = "federation", _("federation (004 §5.4.11)")
    CLASSIC = "classic", _("classic (either player's first roll)")


class DrawMode(models.TextChoices):
    SEEDED = "seeded", _("by seeding numbers")
    RANDOM = "random", _("by lot")


class Tournament(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("preparation")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    name = models.CharField(pgettext_lazy("tournament", "name"), max_length=200)
    discipline = models.CharField(_("discipline"), max_length=10, choices=Discipline.choices)
    start_date = models.DateField(_("first day"))
    end_date = models.DateField(_("last day"))
    venue = models.CharField(_("venue"), max_length=300, blank=True)
    system = models.CharField(_("system"), max_length=30, choices=System.choices)
    character = models.CharField(
        _("character"), max_length=20, choices=Character.choices, default=Character.PERSONAL
    )
    gender_group = models.CharField(
        _("gender group"), max_length=10, choices=GenderGroup.choices, default=GenderGroup.MEN
    )
    # The regulation's settings (Положение): defaults are the rules' own where they name one.
    match_length = models.PositiveSmallIntegerField(_("match length, points"), default=7)
    rounds = models.PositiveSmallIntegerField(
        _("number of rounds (Swiss)"),
        null=True,
        blank=True,
        help_text=_("Empty: the recommended number from the field size (004 §1.4.6)."),
    )
    max_losses = models.PositiveSmallIntegerField(
        _("losses that eliminate (Swiss until N losses)"), default=3
    )
    cycles = models.PositiveSmallIntegerField(_("cycles (round robin)"), default=1)
    group_count = models.PositiveSmallIntegerField(_("groups (mixed)"), default=2)
    qualifiers_per_group = models.PositiveSmallIntegerField(_("qualifiers per group (mixed)"), default=2)
    best_of_rest = models.PositiveSmallIntegerField(_("best of the rest also qualify (mixed)"), default=0)
    playoff_system = models.CharField(
        _("playoff system (mixed)"),
        max_length=30,
        default=System.SINGLE_ELIMINATION,
        choices=[
            (System.SINGLE_ELIMINATION, System.SINGLE_ELIMINATION.label),
            (System.DOUBLE_ELIMINATION, System.DOUBLE_ELIMINATION.label),
        ],
    )
    playoff_match_length = models.PositiveSmallIntegerField(
        _("playoff match length (mixed)"),
        null=True,
        blank=True,
        help_text=_("Empty: the same as the group stage."),
    )
    third_place = models.BooleanField(_("third-place match"), default=True)
    classification = models.BooleanField(_("classification matches for every place"), default=False)
    grand_final_reset = models.BooleanField(_("grand final reset match (double elimination)"), default=True)
    draw_mode = models.CharField(
        _("placement"), max_length=10, choices=DrawMode.choices, default=DrawMode.SEEDED
    )
    protest_window_minutes = models.PositiveSmallIntegerField(_("protest window, minutes"), default=10)
    # 004 §5.10: the regulation may set a deposit for a protest, returned when the protest is upheld.
    protest_deposit = models.DecimalField(
        _("protest deposit"),
        max_digits=9,
        decimal_places=2,
        default=0,
        blank=True,
        help_text=_("Empty or 0: no deposit."),
    )
    min_age = models.PositiveSmallIntegerField(_("minimum age"), default=18)
    bye_points = models.DecimalField(_("points for a bye"), max_digits=3, decimal_places=1, default=1)
    tiebreaks = models.CharField(_("tie-break order"), max_length=200, default="buchholz,wins")
    head_rule = models.CharField(
        _("head rule variant (long nardy)"),
        max_length=12,
        choices=HeadRule.choices,
        default=HeadRule.FEDERATION,
    )
    validate_records = models.BooleanField(_("validate submitted game records"), default=False)

    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    # Settings announced before the start lock when round 1 is published (004 §6.1.2 item 5).
    LOCKED_AFTER_START = (
        "discipline",
        "system",
        "character",
        "gender_group",
        "match_length",
        "rounds",
        "max_losses",
        "cycles",
        "group_count",
        "qualifiers_per_group",
        "best_of_rest",
        "playoff_system",
        "playoff_match_length",
        "third_place",
        "classification",
        "grand_final_reset",
        "draw_mode",
        "protest_window_minutes",
        "protest_deposit",
        "min_age",
        "bye_points",
        "tiebreaks",
        "head_rule",
        "validate_records",
    )

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end_date__gte=models.F("start_date")), name="dates_in_order"
            ),
            models.CheckConstraint(condition=models.Q(match_length__gte=1), name="match_length_positive"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def settings_locked(self) -> bool:
        return self.round_set.exclude(status=Round.Status.DRAFT).exists()

    @property
    def is_elimination(self) -> bool:
        return self.system in ELIMINATION_SYSTEMS


class Stage(models.Model):
    """A part of the tournament played under one system; mixed events have groups then a playoff (§1.4.7)."""

    class Kind(models.TextChoices):
        MAIN = "main", _("main")
        GROUPS = "groups", _("group stage")
        PLAYOFF = "playoff", _("playoff")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.MAIN)
    system = models.CharField(max_length=30, choices=System.choices)
    match_length = models.PositiveSmallIntegerField(_("match length, points"), null=True, blank=True)
    # What the draw fixed once for the whole stage: placement order, draw seed, bracket options.
    plan = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="stage_number_unique")]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.get_kind_display()}"

    @property
    def is_elimination(self) -> bool:
        return self.system in ELIMINATION_SYSTEMS


class Group(models.Model):
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="groups")
    number = models.PositiveSmallIntegerField()
    members = models.ManyToManyField("registration.Participant", through="GroupMember", related_name="+")

    class Meta:
        ordering = ["stage", "number"]
        constraints = [models.UniqueConstraint(fields=["stage", "number"], name="group_number_unique")]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[self.number - 1] if self.number <= 26 else str(self.number)


class GroupMember(models.Model):
    group = models.ForeignKey(Group, on_delete=models.CASCADE)
    participant = models.ForeignKey("registration.Participant", on_delete=models.CASCADE)
    position = models.PositiveSmallIntegerField()  # Berger number inside the group

    class Meta:
        ordering = ["group", "position"]
        constraints = [models.UniqueConstraint(fields=["group", "participant"], name="group_member_once")]

    def __str__(self) -> str:
        return f"{self.group}: {self.position}"


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        PUBLISHED = "published", _("published")
        FINISHED = "finished", _("finished")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE)
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    seed = models.BigIntegerField(_("draw seed"))
    match_length = models.PositiveSmallIntegerField(_("match length, points"), null=True, blank=True)
    start_time = models.DateTimeField(_("start time"), null=True, blank=True)
    drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    drawn_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique")]

    def __str__(self) -> str:
        return f"{self.tournament}, {_('round')} {self.number}"

    @property
    def is_public(self) -> bool:
        return self.status != self.Status.DRAFT

    def effective_match_length(self) -> int:
        return self.match_length or self.stage.match_length or self.tournament.match_length


class ResultKind(models.TextChoices):
    PLAYED = "played", _("played")
    TECHNICAL = "technical", _("technical defeat")
    TIME = "time", _("lost on time")
    BYE = "bye", _("bye")
    ANNULLED = "annulled", _("annulled")


DECIDED_KINDS = {ResultKind.PLAYED, ResultKind.TECHNICAL, ResultKind.TIME, ResultKind.BYE}


class Match(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    group = models.ForeignKey(Group, null=True, blank=True, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField(_("table"))
    player1 = models.ForeignKey(
        "registration.Participant", null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    player2 = models.ForeignKey(
        "registration.Participant", null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    match_length = models.PositiveSmallIntegerField(_("match length, points"))
    score1 = models.PositiveSmallIntegerField(null=True, blank=True)
    score2 = models.PositiveSmallIntegerField(null=True, blank=True)
    winner = models.ForeignKey(
        "registration.Participant", null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    result_kind = models.CharField(_("result"), max_length=10, choices=ResultKind.choices, blank=True)
    result_reason = models.TextField(_("reason"), blank=True)
    bracket_code = models.CharField(max_length=20, blank=True)  # the pairing engine's match id
    flags = models.JSONField(default=list, blank=True)  # how the draw explains this pairing
    started_at = models.DateTimeField(_("start"), null=True, blank=True)
    ended_at = models.DateTimeField(_("end"), null=True, blank=True)
    # When the result became final (004 §5.10: the protest window passed, or the protest was decided).
    final_at = models.DateTimeField(_("final since"), null=True, blank=True)
    version = models.PositiveIntegerField(default=0)  # optimistic lock for concurrent result entry

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        ordering = ["round", "table"]
        constraints = [models.UniqueConstraint(fields=["round", "table"], name="match_table_unique")]

    def __str__(self) -> str:
        second = self.player2 if self.player2_id else _("bye")
        return f"{self.round}, {_('table')} {self.table}: {self.player1} — {second}"

    @property
    def has_result(self) -> bool:
        return bool(self.result_kind)

    @property
    def is_bye(self) -> bool:
        return self.player2_id is None

    def loser_id(self) -> int | None:
        if self.result_kind not in DECIDED_KINDS or self.winner_id is None or self.is_bye:
            return None
        return self.player2_id if self.winner_id == self.player1_id else self.player1_id


class AuditEntry(models.Model):
    """Who changed a draw, a result or a setting, when, and why. Never edited."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="audit")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=50)
    summary = models.TextField()
    reason = models.TextField(blank=True)
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action}: {self.summary}"


def log(tournament: Tournament, user, action: str, summary: str, reason: str = "", **data) -> AuditEntry:
    return AuditEntry.objects.create(
        tournament=tournament,
        user=user if getattr(user, "is_authenticated", False) else None,
        action=action,
        summary=summary,
        reason=reason,
        data=data,
    )
