"""The tournament, the regulation's settings as data, and the change log.

Stages, rounds and matches are the draw app's (``draw.models``); standings are never stored (``standings``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F
from django.utils import timezone
from django.utils.text import format_lazy
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

import rules_core
from standings import metrics
from tournaments import audit, regulation
from tournaments.rules import cite_lazy
from tournaments.validators import sane_date


class Discipline(models.TextChoices):
    """The disciplines of the sport (003): the blitz disciplines play without breaks on their own clock
    (003 «Перерывы»); in pairs two players per side share one board and may consult (003 «Пары»)."""

    LONG = "long", _("long nardy")
    SHORT = "short", _("short nardy")
    LONG_BLITZ = "long_blitz", _("long nardy blitz")
    SHORT_BLITZ = "short_blitz", _("short nardy blitz")
    SHORT_PAIRS = "short_pairs", _("short nardy pairs")


BLITZ_DISCIPLINES = {Discipline.LONG_BLITZ, Discipline.SHORT_BLITZ}
# The game each discipline plays on the board (what rules_core validates).
GAME_OF: dict[str, str] = {
    Discipline.LONG: "long",
    Discipline.LONG_BLITZ: "long",
    Discipline.SHORT: "short",
    Discipline.SHORT_BLITZ: "short",
    Discipline.SHORT_PAIRS: "short",
}


def breaks_per_player(match_length: int, blitz: bool = False) -> int:
    """003 «Перерывы»: breaks each player may take in a match (at most 4 minutes, between games only): to 7
    or 9 points one, to 11 or 13 two, to 15 and more three; to 5 and less, and in the blitz disciplines, none.
    Lengths the rule does not name fall in the band of the next shorter named length: 6, 8 and 10 give 1;
    12 and 14 give 2. The documents print these (``protocols.docs.match.breaks_allowed``)."""
    if blitz or match_length <= 5:
        return 0
    if match_length < 11:
        return 1
    if match_length < 15:
        return 2
    return 3


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
    FEDERATION = "federation", format_lazy(_("federation ({rule})"), rule=cite_lazy("004 §5.4.11"))
    CLASSIC = "classic", _("classic (either player's first roll)")


class DrawMode(models.TextChoices):
    SEEDED = "seeded", _("by seeding numbers")
    RANDOM = "random", _("by lot")


# The tie-breaks a regulation may order (004 §1.4.3, §1.4.6): the choices are ``standings.metrics.METRICS``,
# which computes each one — one vocabulary, its keys and names, held by tests/tournaments/test_regulation.py.
Tiebreak = models.TextChoices(  # type: ignore[misc,call-overload]  # built from METRICS at import
    "Tiebreak", [(key.upper(), (key, _(m.name))) for key, m in metrics.METRICS.items()]
)


# The tie-break order a regulation gets when it names none (RULES.md). A round robin (or a group stage) must
# not start with the Buchholz family: everyone meets everyone, so the opponents' points of two tied players
# are the same and can never split them; direct encounter and Sonneborn-Berger can (004 §1.4.3).
ROUND_ROBIN_TIEBREAKS = "direct,sonneborn_berger,wins,game_difference"
# Swiss (issue 29 §2): Buchholz, then Sonneborn-Berger, then the direct encounter. Nardy has no draws, so
# "wins" equals the points and never split anything after them; Sonneborn-Berger (the points of the
# opponents he beat) does, and Buchholz-then-Sonneborn-Berger is the order whose FIDE 2009 reading reproduces
# a real 84-player event's published places (README, "Choices").
SWISS_TIEBREAKS = "buchholz,sonneborn_berger,direct"
DEFAULT_TIEBREAKS: dict[str, str] = {
    System.SWISS: SWISS_TIEBREAKS,
    System.SWISS_LOSSES: SWISS_TIEBREAKS,
    System.ROUND_ROBIN: ROUND_ROBIN_TIEBREAKS,
    System.MIXED: ROUND_ROBIN_TIEBREAKS,
    # Brackets rank by the round reached; the order serves only the places the bracket leaves shared.
    System.SINGLE_ELIMINATION: "wins,game_difference",
    System.DOUBLE_ELIMINATION: "wins,game_difference",
}


def default_tiebreaks(system: str) -> str:
    return DEFAULT_TIEBREAKS.get(system, SWISS_TIEBREAKS)


class UnplayedRule(models.TextChoices):
    """How the tie-breaks that read opponents count unplayed games (``standings.metrics.UNPLAYED_RULES``;
    README "Unplayed games", each with its source)."""

    ACTUAL = "actual", _("actual points; the player's own unplayed rounds through FIDE's virtual opponent")
    FIDE2009 = (
        "fide2009",
        _("FIDE 2009–2022 (C.02 13.15.2): virtual opponent; opponents' unplayed games as ½"),
    )
    FIDE2023 = (
        "fide2023",
        _("FIDE from 2023 (C.07 art. 16): dummy opponent; withdrawn opponents' rounds as ½"),
    )


class KoksZone(models.TextChoices):
    """Long nardy: where a loser's checker makes koks (003 «Результат партии», 004 §5.4.3).

    003 says "in the opponent's home": the winner's home is the loser's points 13–18; 004 §5.4.3 calls the
    points 19–24 "дом противника". The choices are ``rules_core.KOKS_ZONES``; the default is
    ``DEFAULT_KOKS_ZONE``."""

    WINNERS_HOME = (
        rules_core.KOKS_ZONES[0],
        _("13–18: the winner's home on the board (003 «Результат партии»)"),
    )
    POINTS_19_24 = rules_core.KOKS_ZONES[1], _("19–24: «дом противника» as 004 §5.4.3 names it")


class ContactResignation(models.TextChoices):
    """A game record's resignation in a contact position. 003 «Завершение партии и матча»: a game ends early
    only by a pass on the cube or a resignation in a no-contact position; online play allows resigning at any
    time. Whether such a resignation in a record is an error or only a note is the regulation's (the choices
    are ``rules_core.CONTACT_RESIGNATION``; the default, the rules' reading, an error)."""

    ERROR = rules_core.CONTACT_RESIGNATION[0], _("a finding: the record breaks the rules")
    NOTE = rules_core.CONTACT_RESIGNATION[1], _("a note: the record stays legal")


class SecondWarning(models.TextChoices):
    """004 §5.7.2: a second warning «влечёт за собой удаление»; whether it removes at once is the
    regulation's."""

    PROPOSE = "propose", _("proposes the removal to the chief judge, who confirms it")
    REMOVE = "remove", _("removes the participant at once")


class AdmissionBy(models.TextChoices):
    """004 §5.3.1, §5.3.3: the admission commission (formed by the chief judge from the judging panel and the
    organiser's representatives) decides on entries; the regulation may let the secretaries decide too."""

    COMMISSION = "commission", _("the admission commission (the judging panel and its members)")
    OFFICIALS = "officials", _("the commission and the secretaries")


class RemovedPlaces(models.TextChoices):
    """004 §5.7.3: a competitor removed in an elimination system keeps no place; «при необходимости для
    окончательного распределения мест ... назначаются дополнительные матчи». The regulation chooses: the
    others close up, or extra matches decide a place the removed competitor held alone."""

    CLOSE_UP = "close_up", _("the others close up (shared places stay shared)")
    EXTRA_MATCHES = "extra_matches", _("extra matches for the places (004 §5.7.3)")


class GroupTies(models.TextChoices):
    """004 §1.4.7: how a tie for a qualifying place in a group is broken after the tie-breaks."""

    LOT = "lot", _("by lot (drawn with a stored seed)")
    MATCH = "match", _("by a play-off match")


class GroupRestPlaces(models.TextChoices):
    """004 §1.4.7 is silent on the places of those a mixed event's groups do not send to the playoff: the
    regulation's. The default ranks them across the groups by their place in the group, then by points and
    the tie-breaks (each counted within his own group); or those of one place in the groups share a range of
    places (9–12), nothing compared across groups."""

    RESULTS = "results", _("by the place in the group, then points and the tie-breaks")
    SHARED = "shared", _("shared by those of one place in the groups")


class AvoidSame(models.TextChoices):
    """A Swiss of a personal or personal-team event may avoid pairing teammates (or players of one club or
    region) as a secondary objective after the score groups (004 §1.3.3, §1.4.6): the rules are silent, so it
    is the regulation's; off by default."""

    NONE = "", _("no")
    TEAM = "team", _("teammates")
    CLUB = "club", _("players of one club")
    REGION = "region", _("players of one region")


class TeamScoring(models.TextChoices):
    """004 §1.3.4: what ranks the teams first; the regulation chooses."""

    BOARD_POINTS = "board_points", _("board points (matches won on the boards)")
    MATCH_POINTS = "match_points", _("match points (team match won 2, drawn 1, lost 0)")


class TeamDrawRule(models.TextChoices):
    """A drawn team match in an elimination stage (even number of boards): the regulation's rule."""

    COUNT_BACK = "count_back", _("board count-back: the win on the highest board decides")
    DECIDER = "decider", _("an extra decisive match on one board")


class CheckInRule(models.TextChoices):
    """Whether players confirm they are present before a draw (issue 14 item 3); the rules are silent."""

    NONE = "none", _("no check-in")
    FIRST = "first", _("before round 1")
    EVERY = "every", _("before every round")


class Category(models.TextChoices):
    """The rank (status) of the competition as the calendar of competitions names it (ранг соревнований)."""

    INTERNATIONAL = "international", _("international")
    NATIONAL = "national", _("all-Russian")
    INTERREGIONAL = "interregional", _("interregional")
    REGIONAL = "regional", _("regional (a subject of the Russian Federation)")
    MUNICIPAL = "municipal", _("municipal")
    LEAGUE = "league", _("the League's competition")
    CLUB = "club", _("club")


class Competition(models.Model):
    """004 §1.2, §5.1.3 item 2: a competition (e.g. «Чемпионат округа 2026») holds several events
    (``Tournament.competition``: discipline × gender group × age) under one registry: one entry form naming
    the events, one admission per person, one panel of officials (an official of one event is an official of
    all), and a sanction seen, a disqualification applied, in every event."""

    name = models.CharField(pgettext_lazy("competition", "name"), max_length=200)
    # Its status as the calendar of competitions names it (ранг: all-Russian, regional, …), what its events'
    # documents print as their rank; and who organises it (004 §3.1).
    category = models.CharField(
        _("status of the competition"), max_length=20, choices=Category.choices, blank=True
    )
    start_date = models.DateField(_("first day"), validators=[sane_date])
    end_date = models.DateField(_("last day"), validators=[sane_date])
    venue = models.CharField(_("venue"), max_length=300, blank=True)
    organiser = models.CharField(_("organiser"), max_length=300, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Who made it on the site: he manages it until one of its events has a judging panel (issue 28 §3;
    # registration.permissions.may_manage_competition).
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        editable=False,
        related_name="+",
    )

    class Meta:
        verbose_name = _("competition")
        verbose_name_plural = _("competitions")
        ordering = ["-start_date", "name"]

    def __str__(self) -> str:
        return self.name

    def state(self) -> str:
        """Where it stands, from its events (one query): ``draft`` until one starts, ``finished`` when every
        one is (then it is read-only, as a finished tournament is), else ``running``."""
        statuses = {t.status for t in self.events.all()}  # the prefetched events when a list has them
        if statuses and statuses == {Tournament.Status.FINISHED}:
            return Tournament.Status.FINISHED
        if statuses - {Tournament.Status.DRAFT}:
            return Tournament.Status.RUNNING
        return Tournament.Status.DRAFT

    @property
    def is_finished(self) -> bool:
        return self.state() == Tournament.Status.FINISHED


class Tournament(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("preparation")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")
        # 004 §6.1.2 item 3: cancelled by the judging panel; kept as it was, read-only (``read_only_reason``).
        CANCELLED = "cancelled", _("cancelled")

    name = models.CharField(pgettext_lazy("tournament", "name"), max_length=200)
    competition = models.ForeignKey(
        Competition,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="events",
        verbose_name=_("competition"),
    )
    # What the public pages show changes only with this number: their ETag, their cached fragments and the
    # documents' fingerprints are keyed by it. Bumped in the transaction of the change (``bump_version``).
    version = models.PositiveBigIntegerField(default=1, editable=False)
    changed_at = models.DateTimeField(null=True, blank=True, editable=False)
    discipline = models.CharField(_("discipline"), max_length=20, choices=Discipline.choices)
    start_date = models.DateField(_("first day"), validators=[sane_date])
    end_date = models.DateField(_("last day"), validators=[sane_date])
    venue = models.CharField(_("venue"), max_length=300, blank=True)
    # What the federation's documents carry about the competition (the headings of its protocols).
    category = models.CharField(
        _("rank of the competition"), max_length=20, choices=Category.choices, blank=True
    )
    organiser = models.CharField(_("organiser"), max_length=300, blank=True)
    regulation_number = models.CharField(_("regulation No."), max_length=50, blank=True)
    regulation_date = models.DateField(_("regulation approved on"), null=True, blank=True)
    time_control_minutes = models.PositiveSmallIntegerField(
        _("time control: minutes per player"), null=True, blank=True
    )
    time_control_increment = models.PositiveSmallIntegerField(
        _("time control: seconds added per move"), null=True, blank=True
    )
    # 003: the time control per stage: a mixed event's playoff may play on another clock than its groups.
    playoff_time_control_minutes = models.PositiveSmallIntegerField(
        _("playoff time control: minutes per player (mixed)"),
        null=True,
        blank=True,
        help_text=_("Empty: the same as the group stage."),
    )
    playoff_time_control_increment = models.PositiveSmallIntegerField(
        _("playoff time control: seconds added per move (mixed)"), null=True, blank=True
    )
    # Diplomas for places 1…N (the regulation says which places are awarded; 1–3 unless it says otherwise).
    awarded_places = models.PositiveSmallIntegerField(_("places awarded diplomas"), default=3)
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
        help_text=format_lazy(
            _("Empty: the recommended number from the field size ({rule})."), rule=cite_lazy("004 §1.4.6")
        ),
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
    tiebreaks = models.CharField(
        _("tie-break order"),
        max_length=200,
        blank=True,
        help_text=_(
            "Empty: the system's default (Swiss: buchholz, sonneborn_berger, direct; round robin and groups: "
            "direct, sonneborn_berger, wins, game_difference)."
        ),
    )
    # Issue 29 §2: FIDE C.07 2.1 — the regulation says whether tied participants share the place.
    ties_shared = models.BooleanField(
        _("no tie-breaks: equal points share the place"),
        default=False,
        db_default=False,  # rows written by code that predates the field (a migration test's old state)
        help_text=_("The tie-breaks are then shown for information only."),
    )
    unplayed_rule = models.CharField(
        _("unplayed games in tie-breaks"),
        max_length=10,
        choices=UnplayedRule.choices,
        default=UnplayedRule.ACTUAL,
        db_default=UnplayedRule.ACTUAL,
    )
    # Issue 29 §4: a tournament made from another program's file (a FIDE TRF): its results are read-only.
    imported_from = models.CharField(
        _("imported from"), max_length=200, blank=True, editable=False, default="", db_default=""
    )
    head_rule = models.CharField(
        _("head rule variant (long nardy)"),
        max_length=12,
        choices=HeadRule.choices,
        default=HeadRule.FEDERATION,
    )
    koks_zone = models.CharField(
        _("koks zone (long nardy)"),
        max_length=5,
        choices=KoksZone.choices,
        default=rules_core.DEFAULT_KOKS_ZONE,
        help_text=_("Where a loser's checker makes koks: 003 «Результат партии», 004 §5.4.3."),
    )
    validate_records = models.BooleanField(_("validate submitted game records"), default=False)
    contact_resignation = models.CharField(
        _("a resignation in a contact position (game records)"),
        max_length=5,
        choices=ContactResignation.choices,
        default=rules_core.DEFAULT_CONTACT_RESIGNATION,
        db_default=rules_core.DEFAULT_CONTACT_RESIGNATION,  # rows written by older code (historical models)
        help_text=_(
            "003 «Завершение партии и матча»: a game ends early only by a pass on the cube or a resignation "
            "in a no-contact position."
        ),
    )
    # Team events (004 §1.3.4): boards per team match, what ranks the teams, a drawn knockout match.
    boards = models.PositiveSmallIntegerField(_("boards per team match (team)"), default=4)
    team_scoring = models.CharField(
        _("team result (team)"), max_length=20, choices=TeamScoring.choices, default=TeamScoring.MATCH_POINTS
    )
    team_draw_rule = models.CharField(
        _("a drawn team match in elimination (team)"),
        max_length=20,
        choices=TeamDrawRule.choices,
        default=TeamDrawRule.COUNT_BACK,
    )
    avoid_same = models.CharField(
        _("the Swiss avoids pairing"),
        max_length=10,
        choices=AvoidSame.choices,
        default=AvoidSame.NONE,
        blank=True,
        help_text=_("After the score groups: only while another pairing with the same points exists."),
    )
    checkin = models.CharField(
        _("check-in of the players"),
        max_length=10,
        choices=CheckInRule.choices,
        default=CheckInRule.FIRST,
        help_text=_("Players confirm they are present (by their link or at the desk) before the draw."),
    )
    second_warning = models.CharField(
        _("second warning (004 §5.7.2)"),
        max_length=10,
        choices=SecondWarning.choices,
        default=SecondWarning.PROPOSE,
    )
    group_ties = models.CharField(
        _("a tie for a qualifying place in a group (004 §1.4.7)"),
        max_length=10,
        choices=GroupTies.choices,
        default=GroupTies.LOT,
        help_text=_("After the tie-breaks."),
    )
    group_rest_places = models.CharField(
        _("places of those not in the playoff (004 §1.4.7)"),
        max_length=10,
        choices=GroupRestPlaces.choices,
        default=GroupRestPlaces.RESULTS,
        db_default=GroupRestPlaces.RESULTS,  # rows written by older code (a migration's historical model)
        help_text=_("Mixed events: how those out after the groups are ranked across the groups."),
    )
    # The rank fulfilled (the rank norms): a rank equal to the one held counts as confirmed where the
    # regulation says so (printed «подтв.»); otherwise only a higher rank is printed (issue 30 item 7).
    rank_confirmation = models.BooleanField(
        _("a norm of the rank held confirms it"),
        default=False,
        db_default=False,
        help_text=_("The final protocol prints «confirmed» for it; otherwise only a higher rank is printed."),
    )
    removed_places = models.CharField(
        _("a place a removed competitor leaves in a bracket (004 §5.7.3)"),
        max_length=15,
        choices=RemovedPlaces.choices,
        default=RemovedPlaces.CLOSE_UP,
        db_default=RemovedPlaces.CLOSE_UP,
    )
    # 004 §2.2.3, §5.1.5: the regulation may provide for a participation agreement in the League's form; then
    # each participant's is recorded (``Participant.agreement_*``), the draw waits for it, the registration
    # protocol prints it.
    participation_agreement = models.BooleanField(
        _("a participation agreement (004 §5.1.5)"), default=False, db_default=False
    )
    admission_by = models.CharField(
        _("who admits entries (004 §5.3.1)"),
        max_length=10,
        choices=AdmissionBy.choices,
        default=AdmissionBy.COMMISSION,
        db_default=AdmissionBy.COMMISSION,  # rows written by older code (a migration's historical model)
        help_text=_("Set by the chief judge, who forms the admission commission (004 §5.3.1)."),
    )

    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)
    cancel_reason = models.TextField(_("why it was cancelled"), blank=True, db_default="")

    # Settings announced before the start lock when round 1 is published (004 §6.1.2 item 5): the rows of the
    # regulation's table that say so (tournaments.regulation, one row a setting).
    LOCKED_AFTER_START = regulation.LOCKED_AFTER_START

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

    def save(self, *args, **kwargs):
        if not self.tiebreaks.strip():
            self.tiebreaks = default_tiebreaks(self.system)
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "tiebreaks"}
        bump = self.pk is not None and not kwargs.get("force_insert")
        if bump:
            # A changed setting (name, tie-breaks, status…) changes what the public pages show. An F()
            # expression: an instance loaded before another change's bump never writes an older number back.
            self.version = F("version") + 1
            self.changed_at = timezone.now()
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "version", "changed_at"}
        super().save(*args, **kwargs)
        if bump:
            self.refresh_from_db(fields=["version"])

    @property
    def read_only_reason(self) -> str:
        """Why nothing of the tournament may change, or "" while it runs (004 §6.2.1 item 6: the signed final
        protocol): results, protests, sanctions and participants are read-only for everyone once it is
        finished; only the chief judge reopens it, with a reason (``judging.lifecycle.reopen``). An imported
        tournament (issue 29 §4) is read-only for results: its file is the record."""
        if self.status == self.Status.CANCELLED:
            # 004 §6.1.2 item 3: its entries, results and documents stay as they were.
            return gettext(
                "The tournament is cancelled by the judging panel (004 §6.1.2): its entries, results and "
                "documents are kept as they were and nothing of it changes any more."
            )
        if self.imported_from:
            return gettext("The tournament was imported from %(f)s: its results are read-only.") % {
                "f": self.imported_from
            }
        if self.status != self.Status.FINISHED:
            return ""
        return gettext(
            "The tournament is finished: its results, protests, sanctions and participants are read-only. "
            "Only the chief judge may reopen it, with a reason."
        )

    @property
    def settings_locked(self) -> bool:
        # Any round past its draft (004 §6.1.2 item 5); the rounds are the draw app's.
        return self.round_set.exclude(status="draft").exists()

    @property
    def is_elimination(self) -> bool:
        return self.system in ELIMINATION_SYSTEMS

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def is_cancelled(self) -> bool:
        return self.status == self.Status.CANCELLED

    @property
    def is_closed(self) -> bool:
        """Finished or cancelled (004 §6.2.1 item 6, §6.1.2 item 3): nothing of it changes."""
        return self.status in (self.Status.FINISHED, self.Status.CANCELLED)

    @property
    def is_swiss(self) -> bool:
        return self.system in {System.SWISS, System.SWISS_LOSSES}

    @property
    def has_crosstable(self) -> bool:
        """Round robin, alone or as the group stage of a mixed event (004 §1.4.3, §1.4.7)."""
        return self.system in {System.ROUND_ROBIN, System.MIXED}

    @property
    def has_bracket(self) -> bool:
        """An elimination system, alone or as the playoff of a mixed event (004 §1.4.4, §1.4.5, §1.4.7)."""
        return self.system in ELIMINATION_SYSTEMS or self.system == System.MIXED

    @property
    def has_teams(self) -> bool:
        """Team or personal-team: teams enter and are ranked (004 §1.3)."""
        return self.character != Character.PERSONAL

    @property
    def is_team_event(self) -> bool:
        """004 §1.3.4: the participant is the team; team matches of ``boards`` board matches."""
        return self.character == Character.TEAM

    @property
    def takes_personal_entries(self) -> bool:
        return self.character != Character.TEAM

    @property
    def time_control(self) -> str:
        """ "14 min + 8 s", or "" when the regulation sets none."""
        return self._clock(self.time_control_minutes, self.time_control_increment)

    @staticmethod
    def _clock(minutes: int | None, increment: int | None) -> str:
        if not minutes:
            return ""
        text = _("%(m)s min") % {"m": minutes}
        if increment:
            text += " + " + _("%(s)s s per move") % {"s": increment}
        return str(text)

    def time_control_for(self, stage_kind: str = "") -> str:
        """The clock of a stage (003): a mixed event's playoff (stage kind "playoff") has its own when the
        regulation sets one, else the event's."""
        if stage_kind == "playoff" and self.playoff_time_control_minutes:
            return self._clock(self.playoff_time_control_minutes, self.playoff_time_control_increment)
        return self.time_control

    @property
    def is_blitz(self) -> bool:
        return self.discipline in BLITZ_DISCIPLINES

    @property
    def is_pairs(self) -> bool:
        """003 «Пары»: a participant is a pair of two admitted people (``Participant.partner``)."""
        return self.discipline == Discipline.SHORT_PAIRS

    @property
    def game(self) -> str:
        """The game on the board, "long" or "short" (what rules_core and the board drawings know)."""
        return GAME_OF.get(self.discipline, self.discipline)

    def breaks(self, match_length: int) -> int:
        """Breaks per player in a match of this length (003 «Перерывы»)."""
        return breaks_per_player(match_length, self.is_blitz)

    def siblings(self):
        """The other events of its competition (none outside one)."""
        if not self.competition_id:
            return Tournament.objects.none()
        return Tournament.objects.filter(competition_id=self.competition_id).exclude(pk=self.pk)

    def tiebreak_keys(self) -> list[str]:
        """The regulation's tie-break order, unknown keys dropped."""
        return [k for k in (s.strip() for s in self.tiebreaks.split(",")) if k in Tiebreak.values]


class AuditEntry(models.Model):
    """Who changed a draw, a result or a setting, when, and why. Never edited."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="audit")
    # PROTECT: deleting an account must not rewrite who made a logged change (deactivate it instead).
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=50)
    summary = models.TextField()
    reason = models.TextField(blank=True)
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        verbose_name = _("change log entry")
        verbose_name_plural = _("change log entries")
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action}: {self.summary}"

    @property
    def action_label(self) -> str:
        """The action in words (issue 28 §6), not its code."""
        return audit.action_label(self.action)

    @property
    def author(self) -> str:
        """Who made the change, by his name, not his login."""
        return audit.author(self.user)


def bump_version(tournament_id: int) -> None:
    """Mark that what the public pages show of a tournament changed (one indexed UPDATE, in the caller's
    transaction: a reader sees the new number only with the change it stands for)."""
    Tournament.objects.filter(pk=tournament_id).update(version=F("version") + 1, changed_at=timezone.now())


def log(tournament: Tournament, user, action: str, summary: str, reason: str = "", **data) -> AuditEntry:
    """Record a change (who, when, why) and bump the tournament's version: every logged change may show."""
    bump_version(tournament.pk)
    return AuditEntry.objects.create(
        tournament=tournament,
        user=user if getattr(user, "is_authenticated", False) else None,
        action=action,
        summary=summary,
        reason=reason,
        data=data,
    )
