"""Stages, groups, rounds and matches: what the draw makes and results fill in (004 §1.4).

Standings are never stored: they are derived from the matches (``standings.ranking``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.contenttypes.fields import GenericForeignKey
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import ELIMINATION_SYSTEMS, System, Tournament
from tournaments.validators import sane_date

if TYPE_CHECKING:
    from registration.models import Participant


class Stage(models.Model):
    """A part of the tournament played under one system; mixed events have groups then a playoff (§1.4.7)."""

    class Kind(models.TextChoices):
        MAIN = "main", _("main")
        GROUPS = "groups", _("group stage")
        PLAYOFF = "playoff", _("playoff")
        # 004 §5.7.3: extra matches for a place a removed competitor left (``draw.manager.places_to_play``).
        PLACES = "places", _("extra matches for places")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="stages")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.MAIN)
    system = models.CharField(max_length=30, choices=System.choices)
    match_length = models.PositiveSmallIntegerField(_("match length, points"), null=True, blank=True)
    # What the draw fixed once for the whole stage: placement order, draw seed, bracket options.
    plan = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
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
    members: models.ManyToManyField[Participant, GroupMember] = models.ManyToManyField(
        "registration.Participant", through="GroupMember", related_name="+"
    )

    class Meta:
        verbose_name = _("group")
        verbose_name_plural = _("groups")
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
        verbose_name = _("member of a group")
        verbose_name_plural = _("members of groups")
        ordering = ["group", "position"]
        constraints = [models.UniqueConstraint(fields=["group", "participant"], name="group_member_once")]

    def __str__(self) -> str:
        return f"{self.group}: {self.position}"


class RoundQuerySet(models.QuerySet):
    def public(self) -> RoundQuerySet:
        """The rounds anybody may see: a draft is the secretary's until it is published."""
        return self.exclude(status=Round.Status.DRAFT)


# A round's page shows this many tables at a time (issue 20: a 5,000-player Swiss round has 2,500 tables).
TABLES_PER_PAGE = 100


def page_of_table(match) -> int:
    """The page of its round's pairings on which a match is shown (1 when the round fits one page)."""
    before = match.round.matches.filter(
        models.Q(table__lt=match.table) | models.Q(table=match.table, pk__lt=match.pk)
    )
    return before.count() // TABLES_PER_PAGE + 1


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        PUBLISHED = "published", _("published")
        # Every match has a result; "completed" only once they are all final (``judging.state.round_states``).
        FINISHED = "finished", _("results entered")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE)
    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    seed = models.BigIntegerField(_("draw seed"))
    match_length = models.PositiveSmallIntegerField(_("match length, points"), null=True, blank=True)
    start_time = models.DateTimeField(_("start time"), null=True, blank=True, validators=[sane_date])
    drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    drawn_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Results its pairings were drawn on that changed since (a correction, 003 «Протоколы»): one note per
    # change ({"match", "round", "table", "at", "by"}). While any is here the secretary sees what a new draw
    # would change and keeps the pairings or draws the round again; it is not published, nor the next round
    # drawn.
    review = models.JSONField(default=list, blank=True)

    objects = RoundQuerySet.as_manager()

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_number_unique")]

    def __str__(self) -> str:
        return f"{self.tournament}, {_('round')} {self.number}"

    @property
    def is_public(self) -> bool:
        return self.status != self.Status.DRAFT

    @property
    def is_draft(self) -> bool:
        return self.status == self.Status.DRAFT

    def effective_match_length(self) -> int:
        return self.match_length or self.stage.match_length or self.tournament.match_length

    @property
    def needs_review(self) -> bool:
        return bool(self.review)


class ResultKind(models.TextChoices):
    PLAYED = "played", _("played")
    TECHNICAL = "technical", _("technical defeat")
    TIME = "time", _("lost on time")
    BYE = "bye", _("bye")
    ANNULLED = "annulled", _("annulled")
    # A drawn game of another sport's event imported from a TRF file (issue 29 §4): ½ each. Nardy has no
    # draws: no form, no engine and no ruling makes one (``draw.results.score_errors`` refuses it).
    DRAW = "draw", _("draw (imported, ½ each)")


DECIDED_KINDS = {ResultKind.PLAYED, ResultKind.TECHNICAL, ResultKind.TIME, ResultKind.BYE}


class TeamMatch(models.Model):
    """004 §1.3.4: a match of two teams in a round: ``Tournament.boards`` board matches (``Match.team_match``,
    ``Match.board``), or a bye (``team2`` empty). Its result is derived from the boards
    (``standings.team_metrics``); nothing here keeps a second copy of it."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="team_matches")
    table = models.PositiveSmallIntegerField(_("table"))
    team1 = models.ForeignKey("registration.Team", on_delete=models.RESTRICT, related_name="+")
    team2 = models.ForeignKey(
        "registration.Team", null=True, blank=True, on_delete=models.RESTRICT, related_name="+"
    )
    bracket_code = models.CharField(max_length=20, blank=True)
    flags = models.JSONField(default=list, blank=True)

    class Meta:
        verbose_name = _("team match")
        verbose_name_plural = _("team matches")
        ordering = ["round", "table"]
        constraints = [models.UniqueConstraint(fields=["round", "table"], name="team_match_table_unique")]

    def __str__(self) -> str:
        return f"{self.round}: {self.team1} — {self.team2 or _('bye')}"


class Lineup(models.Model):
    """004 §1.3.4: the captain's line-up of a team for a round: ``Tournament.boards`` players of the roster,
    board 1 first. Accepted until the round is published; without one the board order plays."""

    team = models.ForeignKey("registration.Team", on_delete=models.CASCADE, related_name="lineups")
    round_number = models.PositiveSmallIntegerField(_("round"))
    players = models.JSONField(default=list)  # participant ids, board 1 first
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    submitted_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("line-up")
        verbose_name_plural = _("line-ups")
        constraints = [models.UniqueConstraint(fields=["team", "round_number"], name="lineup_once_per_round")]

    def __str__(self) -> str:
        return f"{self.team}, {_('round')} {self.round_number}"


class Match(models.Model):
    # Not a column: what ``draw.results`` did to the rounds drawn after a changed result, for the person who
    # changed it (set on the match it returns).
    notes: list[str]

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    # 004 §1.3.4: a board of a team match (board 0: the extra decisive match of a drawn knockout match).
    team_match = models.ForeignKey(
        TeamMatch, null=True, blank=True, on_delete=models.CASCADE, related_name="boards"
    )
    board = models.PositiveSmallIntegerField(_("board"), null=True, blank=True)
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
    # A change of an entered result (a correction, a disputed protocol certified) opens a new protest window
    # from ``changed_at`` for the players it harms (``reopened_for``, participant ids) (004 §5.10).
    changed_at = models.DateTimeField(_("changed"), null=True, blank=True)
    reopened_for = models.JSONField(default=list, blank=True)
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

    @property
    def awaits_reflow(self) -> bool:
        """A later bracket match cleared by a ruling: its players are set once the match feeding it is
        replayed."""
        return "reflow_wait" in self.flags

    def loser_id(self) -> int | None:
        if self.result_kind not in DECIDED_KINDS or self.winner_id is None or self.is_bye:
            return None
        return self.player2_id if self.winner_id == self.player1_id else self.player1_id


class CheckInLink(models.Model):
    """The current generation of one player's check-in link (``draw.checkin``, issue 25 item 14).

    The token is signed, not stored: it names the participant and this generation, so a slip can be printed
    again at any time. Revoking the link (a slip lost or seen by someone else) moves the generation on: the
    old token checks nobody in any more. No row means generation 0 (the slips printed before revocation
    existed name no generation)."""

    participant = models.OneToOneField(
        "registration.Participant", on_delete=models.CASCADE, related_name="checkin_link"
    )
    generation = models.PositiveIntegerField(default=0)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("check-in link")
        verbose_name_plural = _("check-in links")

    def __str__(self) -> str:
        return f"{self.participant}: #{self.generation}"


class Consequence(models.Model):
    """What a ruling did to a competitor's results, as a row the draw owns (issue 26 part 3).

    The judging panel's sanctions (``judging``) decide; the draw and the standings read only these rows, never
    the rulings themselves (apps import downwards): the source ruling is a generic link.

    - ``technical``: 004 §5.7.3, a competitor removed whose remaining matches of ``stage`` are technical
      defeats (later scheduled ones walk-overs);
    - ``annulled``: 004 §5.7.3, a competitor removed from a round robin after not more than half of his
      matches: his results in ``stage`` are annulled, for the opponents too, and so are his later pairings;
    - ``points``: match points added to (``points`` > 0) or taken from (< 0) the competitor's total in the
      standings of ``stage`` (a points deduction).

    The competitor is a participant (a player or a pair) or a team (a team event, 004 §1.3.4), never both.
    """

    class Kind(models.TextChoices):
        TECHNICAL = "technical", _("remaining matches lost technically")
        ANNULLED = "annulled", _("results in the stage annulled")
        POINTS = "points", _("points adjustment")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="consequences")
    # Kept when the stage goes (a draft round 1 dropped deletes its stage, and the redraw makes a new one):
    # the consequence is the competitor's in the tournament; the stage says where it was decided.
    stage = models.ForeignKey(
        Stage, null=True, blank=True, on_delete=models.SET_NULL, related_name="consequences"
    )
    kind = models.CharField(max_length=10, choices=Kind.choices)
    participant = models.ForeignKey(
        "registration.Participant",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="consequences",
    )
    team = models.ForeignKey(
        "registration.Team", null=True, blank=True, on_delete=models.CASCADE, related_name="consequences"
    )
    points = models.DecimalField(max_digits=7, decimal_places=2, null=True, blank=True)
    clause = models.CharField(max_length=100, blank=True)
    reason = models.TextField(blank=True)
    # The ruling it carries out (a sanction of the judging app), linked generically: draw imports no judging.
    source_type = models.ForeignKey(
        "contenttypes.ContentType", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    source_id = models.PositiveBigIntegerField(null=True, blank=True)
    source = GenericForeignKey("source_type", "source_id")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("consequence of a ruling")
        verbose_name_plural = _("consequences of rulings")
        ordering = ["created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(participant__isnull=False, team__isnull=True)
                | models.Q(participant__isnull=True, team__isnull=False),
                name="consequence_one_competitor",
            ),
            models.CheckConstraint(
                condition=~models.Q(kind="points") | models.Q(points__isnull=False),
                name="consequence_points_given",
            ),
        ]
        indexes = [models.Index(fields=["tournament", "kind"])]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.participant or self.team}"

    @property
    def key(self) -> str:
        """The competitor's key in the draw and the standings (a participant's or a team's pk)."""
        return str(self.participant_id or self.team_id)


class Absence(models.Model):
    """Issue 29 §3: a participant who sits out one round of a Swiss, set by the secretary before that round is
    drawn: absent (0) or a requested bye worth ``points`` (0, ½ or 1, as the regulation says). He is not
    paired in that round; the standings count the round as unplayed by the regulation's ``unplayed_rule``;
    he is paired again from the next round, with no re-admission. Logged; removed before the draw only."""

    class Kind(models.TextChoices):
        ABSENT = "absent", _("absent")
        REQUESTED_BYE = "requested_bye", _("requested bye")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="absences")
    participant = models.ForeignKey(
        "registration.Participant", on_delete=models.CASCADE, related_name="absences"
    )
    round_number = models.PositiveSmallIntegerField(_("round"))
    kind = models.CharField(_("kind"), max_length=14, choices=Kind.choices)
    points = models.DecimalField(_("points"), max_digits=3, decimal_places=1, default=0)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("absence")
        verbose_name_plural = _("absences")
        ordering = ["round_number", "participant_id"]
        constraints = [
            models.UniqueConstraint(fields=["participant", "round_number"], name="absence_once_a_round"),
            models.CheckConstraint(
                condition=models.Q(points__gte=0, points__lte=1), name="absence_points_0_to_1"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.participant}: {self.get_kind_display()} ({self.round_number})"
