"""Judging: match protocols, protests and the panel's rulings, sanctions and their consequences.

004 §5.7 (sanctions), §5.10–5.11 (protests), §2.4.2 item 5, §6.1.2, §6.2.1; 003 (protocols, breaks, technical
defeats). Every record here is written once by a method of its model and logged in the tournament's change log
(who, when, what, the clause); there are no edit views and the admin is read-only.

The admission check (004 §2.3.2) reads disqualifications through ``Sanction.objects.disqualifying``.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.core.files.base import ContentFile
from django.db import models, transaction
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from draw import consequences, results
from draw import removal as draw_removal
from draw.models import Consequence, Match, ResultKind, Round
from judging import disqualification, redraw, removal, signals, state
from judging.errors import AlreadyApplied, AlreadyFiled, JudgingError, TeamAlreadyApplied
from registration.models import Entry, Gender, Official, Participant, Person
from tournaments.models import GenderGroup, SecondWarning, System, Tournament, log
from tournaments.rules import cite
from tournaments.validators import sane_date


@dataclass(frozen=True)
class Upload:
    """An attachment already checked by the form: its name as sent, its type by content, its bytes."""

    name: str
    content_type: str
    data: bytes
    sha256: str


def _log(tournament, user, action: str, summary: str, reason: str = "", **data):
    return log(tournament, user, action, summary, reason=reason, **data)


PANEL_CLAUSE = "004 §5.10"


def lock_open(tournament_id: int) -> Tournament:
    """The tournament under a row lock, refused once finished (004 §6.2.1 item 6: the final protocol)."""
    t = Tournament.objects.select_for_update().get(pk=tournament_id)
    if t.read_only_reason:
        raise JudgingError(t.read_only_reason)
    return t


# --- sanctions (004 §5.7) -----------------------------------------------------------------------------


def missed(sanctions: list[Sanction], on: datetime.date) -> dict[int, tuple[int, int]]:
    """What each disqualification for a number of tournaments or matches has counted by day ``on`` (004
    §5.7.4): (tournaments missed, matches missed) by the sanction's id — ``Sanction.missed_tournaments``
    and the rounds of the events he was entered in (issue 27 item 6), for many sanctions at once in four
    queries whatever their number (the public sanctions register lists them all). ``sanctions`` carry their
    person and tournament (``select_related``); those with no count are not in the answer."""
    counted = [s for s in sanctions if (s.tournaments_count or s.matches_count) and s.starts_on is not None]
    if not counted:
        return {}
    first = min(s.starts_on for s in counted if s.starts_on is not None)
    people = {s.person_id for s in counted}
    events = list(
        Tournament.objects.filter(start_date__gte=first, start_date__lt=on).values_list(
            "pk", "start_date", "gender_group", "discipline"
        )
    )
    his = models.Q(person__in=people) | models.Q(partner__in=people)
    in_range = {"tournament__start_date__gte": first, "tournament__start_date__lt": on}
    entered: dict[int, set[int]] = {p: set() for p in people}
    for model in (Entry, Participant):
        for person, partner, tid in model.objects.filter(his, **in_range).values_list(
            "person_id", "partner_id", "tournament_id"
        ):
            for pid in (person, partner):
                if pid in entered:
                    entered[pid].add(tid)
    rounds: list[tuple[int, datetime.date]] = []
    if any(s.matches_count for s in counted):
        # Each round of an event he was entered in, from the day it started (or was published), a match.
        rounds = [
            (tid, timezone.localtime(day).date())
            for tid, day in Round.objects.filter(tournament_id__in=set().union(*entered.values()), **in_range)
            .exclude(status=Round.Status.DRAFT)
            .annotate(day=Coalesce("start_time", "published_at"))
            .filter(day__date__gte=first, day__date__lt=on)
            .values_list("tournament_id", "day")
        ]
    out: dict[int, tuple[int, int]] = {}
    for s in counted:
        since: datetime.date = s.starts_on  # type: ignore[assignment]  # counted: all have one
        group = GenderGroup.WOMEN if s.person.gender == Gender.FEMALE else GenderGroup.MEN
        discipline = s.tournament.discipline if s.tournament is not None else None
        his_events = entered[s.person_id]
        could = {
            pk
            for pk, start, gender_group, disc in events
            if start >= since
            and pk != s.tournament_id
            and (pk in his_events or (gender_group == group and discipline in (None, disc)))
        }
        own = {pk for pk in could if pk in his_events}
        matches = len([1 for tid, day in rounds if tid in own and day >= since])
        out[s.pk] = (len(could), matches)
    return out


def in_force(
    candidates: list[Sanction], on: datetime.date, counts: dict[int, tuple[int, int]] | None = None
) -> set[int]:
    """Of disqualifications not lifted, started and not ended by date on day ``on``, those still in force
    by their counts (004 §5.7.4): fewer tournaments missed than its number, fewer matches missed than its
    number. The one rule of ``Sanction.objects.disqualifying`` and the public sanctions register.
    ``counts``: ``missed(candidates, on)`` when the caller has it already."""
    counts = missed(candidates, on) if counts is None else counts
    out = set()
    for s in candidates:
        tournaments, matches = counts.get(s.pk, (0, 0))
        if s.tournaments_count and tournaments >= s.tournaments_count:
            continue
        if s.matches_count and matches >= s.matches_count:
            continue
        out.add(s.pk)
    return out


class SanctionQuerySet(models.QuerySet):
    def disqualifying(self, person, on: datetime.date) -> SanctionQuerySet:
        """Disqualifications of ``person`` in force on day ``on`` (004 §2.3.2, §5.7.4).

        A disqualification for a period is in force from ``starts_on`` to ``ends_on`` inclusive; one without
        an end date or count is in force until lifted (``lifted_at``). One for a number of tournaments or
        matches counts only what the person misses (``Sanction.missed_tournaments``): the league's tournaments
        of his discipline and gender group that start on or after ``starts_on`` (and before ``on``), that he
        entered or could have entered, not the one it was given in. For a number of tournaments it is in force
        while fewer than that many of them have had their first day; for a number of matches, while fewer than
        that many rounds of the events he was entered in have started or been published (each round is a match
        he missed).
        """
        candidates = self.filter(
            person=person,
            kind=Sanction.Kind.DISQUALIFICATION,
            lifted_at__isnull=True,
            starts_on__lte=on,
        ).filter(models.Q(ends_on__isnull=True) | models.Q(ends_on__gte=on))
        return self.filter(pk__in=in_force(list(candidates.select_related("tournament", "person")), on))

    def warnings_in(self, tournament, participant) -> SanctionQuerySet:
        """The participant's warnings in the tournament: a pair's are those of either of its two players
        (003 «Пары»: the pair is one participant, 004 §5.7.1; each sanction names the one who broke the
        rule)."""
        return self.filter(tournament=tournament, person__in=participant.people, kind=Sanction.Kind.WARNING)


class Violation(models.TextChoices):
    # 003 «Фиксация результатов», «Перерывы», «Часы»
    PROTOCOL = "protocol", _("match protocol not handed in")
    BREAK = "break", _("break at the wrong time")
    FLAG = "flag", _("flag fall: loss on time")
    CONDUCT = "conduct", _("other breach of the rules")


# 003: these two are punished by a warning the first time and a technical defeat the second time.
REPEAT_IS_TECHNICAL = {Violation.PROTOCOL, Violation.BREAK}


class Sanction(models.Model):
    class Kind(models.TextChoices):
        WARNING = "warning", _("warning")
        REMOVAL = "removal", _("removal")
        DISQUALIFICATION = "disqualification", _("disqualification")
        TECHNICAL_DEFEAT = "technical_defeat", _("technical defeat")
        # Not among 004 §5.7.1's sanctions: the regulation's own (README, Choices); the standings count it.
        POINTS_DEDUCTION = "points_deduction", _("points deduction")

    class Outcome(models.TextChoices):
        NONE = "", "—"
        TECHNICAL = "technical", _("remaining matches lost technically")
        ANNULLED = "annulled", _("results in the stage annulled")

    person = models.ForeignKey("registration.Person", on_delete=models.PROTECT, related_name="sanctions")
    tournament = models.ForeignKey(
        "tournaments.Tournament", null=True, blank=True, on_delete=models.PROTECT, related_name="sanctions"
    )
    kind = models.CharField(_("sanction"), max_length=20, choices=Kind.choices)
    violation = models.CharField(_("violation"), max_length=20, choices=Violation.choices, blank=True)
    clause = models.CharField(_("rule broken"), max_length=100, blank=True)
    facts = models.TextField(_("facts"), blank=True)
    match = models.ForeignKey(
        "draw.Match", null=True, blank=True, on_delete=models.PROTECT, related_name="sanctions"
    )
    stage = models.ForeignKey("draw.Stage", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    outcome = models.CharField(_("consequence"), max_length=20, choices=Outcome.choices, blank=True)
    starts_on = models.DateField(_("in force from"), null=True, blank=True, validators=[sane_date])
    ends_on = models.DateField(_("in force until (inclusive)"), null=True, blank=True, validators=[sane_date])
    matches_count = models.PositiveSmallIntegerField(_("for a number of matches"), null=True, blank=True)
    tournaments_count = models.PositiveSmallIntegerField(
        _("for a number of tournaments"), null=True, blank=True
    )
    points = models.DecimalField(_("points deducted"), max_digits=4, decimal_places=1, null=True, blank=True)
    # 004 §2.4.5, §2.4.6, §6.2.2 items 3–4: a sanction on a coach, a representative or an official, in that
    # role (his registration may go later: the role stays written).
    official = models.ForeignKey(
        "registration.Official", null=True, blank=True, on_delete=models.SET_NULL, related_name="sanctions"
    )
    official_role = models.CharField(_("in the role of"), max_length=30, blank=True, db_default="")
    # Accredited when sanctioned: the commission had checked his documents (004 §5.3.2 items 2–3), so a
    # disqualification reaches beyond the registry as through an admitted entry (``disqualification``).
    official_accredited = models.BooleanField(default=False, db_default=False)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    issued_at = models.DateTimeField(auto_now_add=True)
    lifted_at = models.DateTimeField(null=True, blank=True)
    # 004 §5.7.4: who lifted a disqualification, and why (``judging.disqualification.lift``).
    lifted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    lift_reason = models.TextField(_("why it was lifted"), blank=True)
    # The token of the form it came with: the same form sent twice records one sanction (issue 13 item 12).
    form_token = models.CharField(max_length=64, blank=True, editable=False)

    objects = SanctionQuerySet.as_manager()

    class Meta:
        verbose_name = _("sanction")
        verbose_name_plural = _("sanctions")
        ordering = ["-issued_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["form_token"], condition=~models.Q(form_token=""), name="sanction_form_token_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.person}"

    def apply(self, user, participant=None) -> RemovalProposal | None:
        """Record the sanction and carry out its consequence; all or nothing.

        Returns the removal proposal raised when this was the player's second warning (004 §5.7.2).
        """
        if self.pk:
            raise JudgingError(gettext("A sanction is applied once and never edited."))
        self.notes: list[str] = []  # what the sanction did beyond itself, for the chief judge
        with transaction.atomic():
            if self.tournament_id is not None:
                lock_open(self.tournament_id)
            # One person's sanctions are applied one at a time (his row is the lock): two warnings at once
            # both count, so the second always proposes removal (004 §5.7.2); the same form sent twice
            # records one sanction (issue 13 item 12).
            Person.objects.select_for_update().filter(pk=self.person_id).first()
            if self.form_token:
                existing = Sanction.objects.filter(form_token=self.form_token).first()
                if existing is not None:
                    raise AlreadyApplied(gettext("This sanction has already been recorded."), existing)
            if self.kind == self.Kind.WARNING and self.violation in REPEAT_IS_TECHNICAL:
                # The participant's (a pair's two players alike: one protocol, one clock, 003 «Пары»).
                people = participant.people if participant is not None else [self.person]
                repeated = Sanction.objects.filter(
                    tournament=self.tournament, person__in=people, violation=self.violation
                ).exists()
                if repeated:
                    # 003: a protocol not handed in or a break at the wrong time, again: technical defeat.
                    self.kind = self.Kind.TECHNICAL_DEFEAT
            if self.violation == Violation.FLAG:
                self.kind = self.Kind.TECHNICAL_DEFEAT  # 003: a flag fall loses the match at once
            if self.official_id is not None:
                self._sanction_official(user)
            elif self.kind == self.Kind.TECHNICAL_DEFEAT:
                self._lose_match(user, participant, results)
            elif self.kind == self.Kind.REMOVAL:
                if participant is None:
                    raise JudgingError(gettext("Choose the participant to remove."))
                self.issued_by = user if getattr(user, "is_authenticated", False) else None
                self.save()  # first: the consequence rows of the removal name it as their source
                self.notes += removal.apply_removal(self, participant, user)
            elif self.kind == self.Kind.DISQUALIFICATION:
                self._check_disqualification()
            elif self.kind == self.Kind.POINTS_DEDUCTION:
                self._deduct_points(user, participant)
            self.issued_by = user if getattr(user, "is_authenticated", False) else None
            self.save()
            if self.kind == self.Kind.DISQUALIFICATION:
                # 004 §2.3.2, §5.7.4: in force at once, here and in his other tournaments; where he plays in
                # a running tournament, on its desk for its chief judge to decide.
                self.notes += disqualification.carry_out(self, participant, user)
                self.notes += RemovalProposal.notify_running(self, user)
                if self.outcome:
                    self.save(update_fields=["stage", "outcome", "clause"])
            if self.kind in (self.Kind.REMOVAL, self.Kind.DISQUALIFICATION):
                his = Participant.objects.filter(models.Q(person=self.person) | models.Q(partner=self.person))
                RemovalProposal.close_for_removed(user, self.facts, participants=his)
            if self.tournament is not None:
                _log(
                    self.tournament,
                    user,
                    "sanction",
                    gettext("%(kind)s: %(person)s")
                    % {"kind": self.get_kind_display(), "person": self.person},
                    reason=self.facts,
                    sanction=self.pk,
                    clause=self.clause,
                    violation=self.violation,
                    outcome=self.outcome,
                    notes=self.notes,
                )
            if self.kind == self.Kind.WARNING and participant is not None:
                return RemovalProposal.raise_if_due(self.tournament, participant, user)
        return None

    OFFICIAL_KINDS = (Kind.WARNING, Kind.REMOVAL, Kind.DISQUALIFICATION)

    @property
    def official_role_display(self) -> str:
        return (
            str(Official.Role(self.official_role).label) if self.official_role in Official.Role.values else ""
        )

    def _sanction_official(self, user) -> None:
        """004 §2.4.5, §6.2.2 items 3–4: a coach, a representative or an official is warned, removed (his
        accreditation withdrawn: his powers here end) or disqualified (004 §5.7.4: the person; withdrawn here
        too). The caller checked the power (``may_sanction_official``)."""
        assert self.official_id is not None  # the caller's branch
        official = Official.objects.select_for_update().select_related("person").get(pk=self.official_id)
        if self.kind not in self.OFFICIAL_KINDS:
            raise JudgingError(
                gettext("A coach or an official is given a warning, a removal or a disqualification.")
            )
        if official.tournament_id != self.tournament_id or official.person_id != self.person_id:
            raise JudgingError(gettext("Choose an official of this tournament."))
        if not (self.facts or "").strip():
            raise JudgingError(gettext("Describe the facts of the breach."))
        self.official_role, self.official_accredited = official.role, official.accredited
        if self.kind == self.Kind.DISQUALIFICATION:
            self._check_disqualification()
        if self.kind in (self.Kind.REMOVAL, self.Kind.DISQUALIFICATION) and official.accredited:
            official.accredited = False
            official.save(update_fields=["accredited"])
            self.notes.append(
                gettext("%(p)s's accreditation as %(r)s is withdrawn (004 §6.2.2).")
                % {"p": official.person, "r": official.role_display}
            )

    @staticmethod
    def match_refusal(m, participant) -> str:
        """Why a sanction cannot change the result of ``m`` for ``participant``; "" when it can (003, §5.7.3).

        A sanction reaches only the participant's own match with two players in a published round, whose
        result is not annulled, and only while he is not removed: a removed player's results follow §5.7.3.
        """
        if m is None or participant is None or participant.pk not in (m.player1_id, m.player2_id):
            return gettext("A technical defeat needs the match the participant plays in.")
        if m.is_bye:
            return gettext("A bye has no result to enter.")
        if m.round.status == Round.Status.DRAFT:
            return gettext("The round is not published yet.")
        if participant.status == participant.Status.REMOVED:
            return gettext(
                "%(p)s has been removed: his results follow the removal (004 §5.7.3), a sanction cannot "
                "change them."
            ) % {"p": participant}
        if m.result_kind == ResultKind.ANNULLED:
            return gettext("The result of this match is annulled (004 §5.7.3): a sanction cannot change it.")
        if m.awaits_reflow:
            return gettext("This match waits for the replay of the match before it: it has no players yet.")
        return ""

    def _lose_match(self, user, participant, results) -> None:
        m = self.match
        refusal = self.match_refusal(m, participant)
        if refusal:
            raise JudgingError(refusal)
        assert m is not None  # match_refusal refuses a missing match
        side = 2 if participant.pk == m.player1_id else 1
        if self.violation == Violation.FLAG:
            data = results.ResultInput(ResultKind.TIME, m.score1, m.score2, side, self.facts)
            if m.score1 is not None and max(m.score1, m.score2 or 0) >= m.match_length:
                data = results.ResultInput(ResultKind.TIME, None, None, side, self.facts)
        else:
            data = results.ResultInput(
                ResultKind.TECHNICAL, winner_side=side, reason=self.facts or str(self.clause)
            )
        try:
            changed = results.panel_result(m.pk, user, data, self.facts, self.clause or "003")
        except results.ResultError as exc:
            raise JudgingError(str(exc)) from exc
        self.notes += changed.notes

    def _deduct_points(self, user, participant) -> None:
        """A points deduction: a ``points`` consequence row of the draw, read by the standings' table."""
        if participant is None:
            raise JudgingError(gettext("Choose the participant."))
        if not self.points or self.points <= 0:
            raise JudgingError(gettext("Give the number of points to deduct."))
        t = self.tournament
        if t is None or t.system not in (System.SWISS, System.SWISS_LOSSES, System.ROUND_ROBIN):
            raise JudgingError(gettext("Points are deducted in a Swiss or a round-robin table only."))
        if participant.status == participant.Status.REMOVED:
            raise JudgingError(
                gettext("%(p)s has been removed: he has no place to lose.") % {"p": participant}
            )
        self.issued_by = user if getattr(user, "is_authenticated", False) else None
        self.save()  # first: the consequence row names it as its source
        stage = t.stages.filter(number=1).first()
        consequences.record(
            Consequence.Kind.POINTS,
            participant,
            stage,
            source=self,
            points=-self.points,
            clause=self.clause,
            reason=self.facts,
        )
        self.notes.append(
            gettext("Points deducted from %(p)s in the standings: %(n)s.")
            % {"p": participant, "n": consequences.signed(-self.points)}
        )

    def missed_tournaments(self, before: datetime.date, entered_only: bool = False):
        """What the person misses under this disqualification (004 §5.7.4), up to the day ``before``.

        The league's tournaments that start on or after ``starts_on`` and before ``before``, other than the
        one it was given in, and either entered by him (an entry or a participation) or open to him: the
        discipline it was given in and his gender group (a man: the men's events; a woman: the women's
        events)."""
        qs = Tournament.objects.filter(start_date__gte=self.starts_on, start_date__lt=before)
        if self.tournament_id:
            qs = qs.exclude(pk=self.tournament_id)
        group = GenderGroup.WOMEN if self.person.gender == Gender.FEMALE else GenderGroup.MEN
        could = models.Q(gender_group=group)
        if self.tournament is not None:
            could &= models.Q(discipline=self.tournament.discipline)
        his = models.Q(person=self.person) | models.Q(partner=self.person)
        entered = models.Q(pk__in=Entry.objects.filter(his).values("tournament_id")) | models.Q(
            pk__in=Participant.objects.filter(his).values("tournament_id")
        )
        return qs.filter(entered if entered_only else could | entered)

    def _check_disqualification(self) -> None:
        # 004 §5.7.4: a period, or a number of matches or tournaments.
        self.starts_on = self.starts_on or timezone.localdate()
        if self.ends_on and self.ends_on < self.starts_on:
            raise JudgingError(gettext("The disqualification cannot end before it starts."))
        if not (self.ends_on or self.matches_count or self.tournaments_count):
            raise JudgingError(gettext("Set the end date or the number of matches or tournaments."))


class RemovalProposal(models.Model):
    """A removal waiting for the chief judge, who removes (004 §5.7.3) or declines it with a reason; while it
    waits the tournament is not finished (``judging.lifecycle``). Its causes:

    - 004 §5.7.2: a second warning leads to removal; the system proposes it at once — of a participant, or of
      a team in a team event (004 §1.3.4: the team is the participant);
    - 004 §2.3.2: a participant disqualified elsewhere (another tournament, the league) while he plays here
      in a running tournament: not admitted any more, but the tournament is its own panel's — he is removed
      by §5.7.3 or kept with a reason (the ban starts after the event, was given in error…).
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for the chief judge")
        APPLIED = "applied", _("removal applied")
        DECLINED = "declined", _("declined")

    class Cause(models.TextChoices):
        SECOND_WARNING = "second_warning", _("second warning")
        DISQUALIFIED = "disqualification", _("disqualified elsewhere")

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE, related_name="+")
    participant = models.ForeignKey(
        "registration.Participant", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    team = models.ForeignKey(
        "registration.Team", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    # A db default too: rows written by older code (a migration's historical model) are second warnings.
    cause = models.CharField(
        _("cause"),
        max_length=20,
        choices=Cause.choices,
        default=Cause.SECOND_WARNING,
        db_default=Cause.SECOND_WARNING,
    )
    # 004 §2.3.2: the disqualification given elsewhere that this proposal puts before this panel.
    disqualification = models.ForeignKey(
        Sanction, null=True, blank=True, on_delete=models.PROTECT, related_name="notices"
    )
    warnings = models.ManyToManyField(Sanction, related_name="+")
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    removal = models.ForeignKey(Sanction, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    team_removal = models.ForeignKey(
        "TeamSanction", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        verbose_name = _("removal proposal")
        verbose_name_plural = _("removal proposals")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["participant", "cause"],
                condition=models.Q(status="pending"),
                name="one_pending_removal_proposal",
            ),
            models.UniqueConstraint(
                fields=["team"], condition=models.Q(status="pending"), name="one_pending_team_removal"
            ),
            models.CheckConstraint(
                condition=models.Q(participant__isnull=False, team__isnull=True)
                | models.Q(participant__isnull=True, team__isnull=False),
                name="removal_proposal_one_competitor",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.competitor}: {self.get_status_display()}"

    @property
    def competitor(self):
        """The participant (a player or a pair) or the team it concerns."""
        return self.participant if self.participant_id else self.team

    @classmethod
    def raise_if_due(cls, tournament, participant, user=None) -> RemovalProposal | None:
        """004 §5.7.2: the second warning in a tournament leads to removal.

        By the tournament's setting (``second_warning``) the removal is proposed to the chief judge at once
        (the default), or applied at once; either way a proposal records it (applied: with the removal).
        """
        warnings = list(Sanction.objects.warnings_in(tournament, participant))
        pending = cls.objects.filter(
            participant=participant, cause=cls.Cause.SECOND_WARNING, status=cls.Status.PENDING
        )
        if len(warnings) < 2 or pending.exists():
            return None
        if participant.status == participant.Status.REMOVED:
            return None
        proposal = cls.objects.create(tournament=tournament, participant=participant)
        proposal.warnings.set(warnings)
        _log(
            tournament,
            None,
            "removal_proposed",
            gettext("Removal proposed to the chief judge: %(p)s (second warning, %(rule)s)")
            % {"p": participant, "rule": cite("004 §5.7.2")},
            participant=participant.pk,
            clause="004 §5.7.2",
        )
        if tournament.second_warning == SecondWarning.REMOVE:
            proposal.decide(
                user, True, gettext("Second warning: removal at once by the regulation (004 §5.7.2).")
            )
            proposal.refresh_from_db()
        return proposal

    @classmethod
    def notify_running(cls, sanction: Sanction, user) -> list[str]:
        """004 §2.3.2: a disqualification puts the person, where he plays in a running tournament (a round
        published, not finished) outside its own registry, on that tournament's desk at once: its chief
        judge removes him (§5.7.3) or keeps him with a reason. Only where the ban acts
        (``disqualification.reaches``) and is in force during the tournament's remaining days. Returns the
        notes for who gave it."""
        today = timezone.localdate()
        home = set(disqualification.registry_of(sanction))
        started = Round.objects.exclude(status=Round.Status.DRAFT).values("tournament_id")
        there = (
            Participant.objects.filter(
                models.Q(person=sanction.person) | models.Q(partner=sanction.person),
                status=Participant.Status.ACTIVE,
                tournament__status=Tournament.Status.RUNNING,
                tournament__in=started,
            )
            .exclude(tournament_id__in=home)
            .select_related("tournament", "person", "partner")
        )
        notes: list[str] = []
        for p in there:
            t = p.tournament
            assert sanction.starts_on is not None  # set by ``_check_disqualification``
            if sanction.starts_on > t.end_date or not disqualification.reaches(sanction, t):
                continue
            if not disqualification.in_force_on(sanction, max(today, sanction.starts_on)):
                continue
            pending = cls.objects.filter(
                participant=p, cause=cls.Cause.DISQUALIFIED, status=cls.Status.PENDING
            )
            if pending.exists():
                continue
            cls.objects.create(
                tournament=t, participant=p, cause=cls.Cause.DISQUALIFIED, disqualification=sanction
            )
            _log(
                t,
                user,
                "disqualified_elsewhere",
                gettext(
                    "%(p)s is disqualified (%(rule)s): the chief judge removes him or keeps him with a reason"
                )
                % {"p": sanction.person, "rule": cite("004 §2.3.2")},
                participant=p.pk,
                sanction=sanction.pk,
                clause="004 §2.3.2, §5.7.3",
            )
            notes.append(
                gettext("%(t)s: %(p)s plays there; its chief judge decides on his removal (on its desk).")
                % {"t": t, "p": p}
            )
        return notes

    def decide(self, user, apply: bool, reason: str) -> Sanction | None:
        """The chief judge applies the removal or declines it, with a reason."""
        if not reason.strip():
            raise JudgingError(gettext("Give the reason."))
        with transaction.atomic():
            lock_open(self.tournament_id)
            locked = RemovalProposal.objects.select_for_update().get(pk=self.pk)
            if locked.status != self.Status.PENDING:
                raise JudgingError(gettext("This proposal has already been decided."))
            sanction = team_removal = None
            if apply and self.team_id is not None:
                # 004 §5.7.2, §5.7.3 on the team-match level (``TeamSanction.record``).
                team_removal, _notes = TeamSanction.record(
                    self.team, TeamSanction.Kind.REMOVAL, "004 §5.7.2, §5.7.3", reason, user
                )
            elif apply:
                ban = self.disqualification if self.cause == self.Cause.DISQUALIFIED else None
                disqualified = ban is not None
                sanction = Sanction(
                    # The person it concerns: of a pair, the one disqualified, or the last one warned.
                    person=ban.person if ban is not None else self._warned_person(),
                    tournament=self.tournament,
                    kind=Sanction.Kind.REMOVAL,
                    clause="004 §2.3.2, §5.7.3" if disqualified else "004 §5.7.2, §5.7.3",
                    facts=reason.strip(),
                )
                sanction.apply(user, self.participant)
            self.status = self.Status.APPLIED if apply else self.Status.DECLINED
            self.decided_by, self.decided_at, self.reason, self.removal, self.team_removal = (
                user if getattr(user, "is_authenticated", False) else None,
                timezone.now(),
                reason.strip(),
                sanction,
                team_removal,
            )
            self.save()
            _log(
                self.tournament,
                user,
                "removal_proposal",
                gettext("Removal proposal for %(p)s: %(s)s")
                % {"p": self.competitor, "s": self.get_status_display()},
                reason=reason,
                clause="004 §2.3.2" if self.cause == self.Cause.DISQUALIFIED else "004 §5.7.2",
            )
        return sanction

    def _warned_person(self):
        assert self.participant is not None
        last = self.warnings.order_by("-issued_at", "-id").first()
        return last.person if last is not None else self.participant.person

    @classmethod
    def close_for_removed(cls, user, reason: str, participants=(), team=None) -> None:
        """A participant or team removed meanwhile (another sanction, a disqualification): its proposals are
        carried out — none stays pending for somebody already removed."""
        pending = cls.objects.filter(status=cls.Status.PENDING)
        if team is not None:
            pending = pending.filter(team=team)
        else:
            pending = pending.filter(
                participant__in=participants, participant__status=Participant.Status.REMOVED
            )
        pending.update(
            status=cls.Status.APPLIED,
            decided_by=user if getattr(user, "is_authenticated", False) else None,
            decided_at=timezone.now(),
            reason=reason,
        )


# --- match protocols (003) -------------------------------------------------------------------------------


class MatchProtocol(models.Model):
    """The players' match protocol: the winner hands it in, the opponent signs, the secretary certifies."""

    class Status(models.TextChoices):
        SUBMITTED = "submitted", _("handed in by the winner")
        CONFIRMED = "confirmed", _("signed by the opponent")
        DISPUTED = "disputed", _("disputed by the opponent")
        CERTIFIED = "certified", _("certified by the secretary")

    match = models.OneToOneField("draw.Match", on_delete=models.CASCADE, related_name="protocol")
    submitted_by = models.ForeignKey("registration.Participant", on_delete=models.PROTECT, related_name="+")
    score1 = models.PositiveSmallIntegerField()
    score2 = models.PositiveSmallIntegerField()
    submitted_at = models.DateTimeField()
    corrections = models.PositiveSmallIntegerField(default=0)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.SUBMITTED)
    answered_at = models.DateTimeField(null=True, blank=True)
    dispute = models.TextField(_("why the opponent disputes it"), blank=True)
    certified_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    certified_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("match protocol")
        verbose_name_plural = _("match protocols")

    def __str__(self) -> str:
        return f"{self.match}: {self.score1}:{self.score2}"

    REPORT = "report"  # hand in the protocol, or correct the one he handed in
    ANSWER = "answer"  # sign it or dispute it

    @classmethod
    def refusal(cls, match, participant, action: str, now, protocol: MatchProtocol | None) -> str | None:
        """Why ``participant`` may not ``report`` (hand in or correct) or ``answer`` (sign or dispute) the
        protocol of ``match`` now, or None when he may: the one rule of every path a player takes (his match
        link, the match page, the forms they offer). ``protocol`` is the match's, as the caller read it.

        003 «Фиксация результатов»: the winner hands the protocol in; the one who handed it in corrects his
        own protocol until the opponent has signed or disputed it and until either player starts his next
        match; the opponent signs or disputes it. Nothing a player sends touches a result that is final, that
        the judges entered or ruled on, or that is under an open protest (004 §5.10): those are the judges'.
        """
        if match.round.status == match.round.Status.DRAFT or match.is_bye:
            return gettext("This match has no protocol to hand in.")
        t = match.round.tournament
        if t.read_only_reason:
            return t.read_only_reason
        if participant is None or participant.pk not in (match.player1_id, match.player2_id):
            return gettext("Only a player of this match hands in or signs its protocol.")
        if match.awaits_reflow:
            return gettext(
                "This match waits for the replay of the match before it in the bracket: its players are "
                "not known."
            )
        if action == cls.REPORT and not match.result_kind:
            return None  # the first protocol of the match, or of its replay (004 §5.10: a replay ordered)
        if protocol is None or not match.result_kind:  # none handed in (a replay: not the replay's)
            if action == cls.ANSWER:
                return gettext("No protocol has been handed in for this match.")
            return gettext("The result of this match has already been entered by the judges.")
        if action == cls.REPORT and protocol.submitted_by_id != participant.pk:
            return gettext(
                "Your opponent handed in the protocol: you confirm it or dispute it, you do not correct it "
                "(%(rule)s)."
            ) % {"rule": cite("003 «Фиксация результатов»")}
        if action == cls.ANSWER and protocol.submitted_by_id == participant.pk:
            return gettext("The opponent signs the protocol, not the one who handed it in.")
        if protocol.status != cls.Status.SUBMITTED:
            if action == cls.ANSWER:
                return gettext("This protocol has already been answered.")
            return gettext(
                "The protocol has been signed or disputed by your opponent, or certified: it can no longer "
                "be corrected; ask the judges (%(rule)s)."
            ) % {"rule": cite("003 «Фиксация результатов»")}
        if (match.result_kind, match.score1, match.score2) != (
            ResultKind.PLAYED,
            protocol.score1,
            protocol.score2,
        ):
            return gettext("The judges have entered the result of this match: only they may change it.")
        if "ruling" in match.flags or match.protests.filter(decided_at__isnull=False).exists():
            return gettext(
                "The judging panel has ruled on this result: only the panel may change it (%(rule)s)."
            ) % {"rule": cite("004 §5.10")}
        key, _seconds = state.match_state(match, now)
        if key == state.UNDER_PROTEST:
            return gettext(
                "A protest on this result is open: only the judging panel may change it (%(rule)s)."
            ) % {"rule": cite("004 §5.10")}
        if key == state.FINAL:
            return gettext(
                "The result of this match is final: a player can no longer change it (%(rule)s)."
            ) % {"rule": cite("004 §5.10")}
        if action == cls.REPORT and state.either_started_next(match, now):
            return gettext(
                "A player has started his next match: the protocol can no longer be corrected (%(rule)s)."
            ) % {"rule": cite("003 «Фиксация результатов»")}
        if action == cls.ANSWER and state.next_match_started(match, participant.pk, now):
            # 004 §2.4.2 item 5: a claim about a match comes before the player's next match starts.
            return gettext(
                "You have started your next match: the protocol of this one can no longer be answered "
                "(%(rule)s)."
            ) % {"rule": cite("004 §2.4.2 item 5")}
        return None

    @classmethod
    def _locked(cls, match, participant, action: str, now) -> tuple[Match, MatchProtocol | None]:
        """Inside the caller's transaction: the tournament's row (as every change of a result takes it
        first), the match and its protocol under row locks, read again, and ``refusal`` checked on them —
        a double click or the two players at once see each other's move."""
        lock_open(match.round.tournament_id)
        matches = Match.objects.select_for_update(of=("self",)).select_related("round__tournament")
        locked = matches.get(pk=match.pk)
        protocol = cls.objects.select_for_update().filter(match=locked).first()
        refused = cls.refusal(locked, participant, action, now, protocol)
        if refused is not None:
            raise JudgingError(refused)
        return locked, protocol

    @classmethod
    def submit(cls, match, participant, score1: int, score2: int, record: str, user, now) -> MatchProtocol:
        """The winner hands in the protocol (003); the result counts from now, provisionally (004 §5.10).

        A second submission by the one who handed it in is a correction, possible until the opponent has
        answered and either player starts his next match (003); ``refusal`` says what else it may not touch.
        """
        mine, theirs = (score1, score2) if participant.pk == match.player1_id else (score2, score1)
        with transaction.atomic():
            locked, existing = cls._locked(match, participant, cls.REPORT, now)
            if mine <= theirs:
                raise JudgingError(
                    gettext("The protocol is handed in by the winner of the match (%(rule)s).")
                    % {"rule": cite("003 «Фиксация результатов»")}
                )
            correction = existing is not None and bool(locked.result_kind)
            try:
                results.record_result(
                    match.pk, user, results.ResultInput(ResultKind.PLAYED, score1, score2), match.version
                )
            except results.ResultError as exc:
                raise JudgingError(str(exc)) from exc
            protocol = existing or cls(match=match)
            if correction:
                protocol.corrections += 1
            protocol.submitted_by, protocol.score1, protocol.score2 = participant, score1, score2
            protocol.submitted_at = now
            protocol.status, protocol.answered_at, protocol.dispute = cls.Status.SUBMITTED, None, ""
            protocol.certified_by = protocol.certified_at = None
            protocol.save()
            # The records app keeps the record as the match's one record; an unreadable one undoes it all.
            signals.protocol_handed_in.send(sender=cls, protocol=protocol, record=record.strip(), user=user)
            _log(
                match.round.tournament,
                user,
                "protocol",
                gettext("Round %(r)s, table %(t)s: protocol %(s1)s:%(s2)s handed in by %(p)s")
                % {"r": match.round.number, "t": match.table, "s1": score1, "s2": score2, "p": participant},
                match=match.pk,
                correction=protocol.corrections,
                clause="003",
            )
        return protocol

    def answer(self, participant, confirm: bool, dispute: str, user, now) -> None:
        """The opponent signs the protocol or disputes it with a reason (003); ``refusal`` says when not."""
        if not confirm and not dispute.strip():
            raise JudgingError(gettext("Say what is wrong in the protocol."))
        with transaction.atomic():
            _match, locked = self._locked(self.match, participant, self.ANSWER, now)
            assert locked is not None  # refusal() refuses an answer with no protocol
            self.status = self.Status.CONFIRMED if confirm else self.Status.DISPUTED
            self.dispute, self.answered_at = dispute.strip(), now
            self.save(update_fields=["status", "dispute", "answered_at"])
            _log(
                self.match.round.tournament,
                user,
                "protocol",
                gettext("Round %(r)s, table %(t)s: protocol %(s)s by %(p)s")
                % {
                    "r": self.match.round.number,
                    "t": self.match.table,
                    "s": self.get_status_display(),
                    "p": participant,
                },
                reason=self.dispute,
                match=self.match_id,
                clause="003",
            )

    def certify(self, user, now) -> None:
        """The secretary checks the protocol and certifies it with his signature (004 §6.2.3 item 4).

        Certifying a protocol the opponent disputed settles the result against him: like a correction, it
        opens a new protest window for him from now (004 §5.10)."""
        with transaction.atomic():
            lock_open(self.match.round.tournament_id)
            locked = MatchProtocol.objects.select_for_update().get(pk=self.pk)
            if locked.status == self.Status.CERTIFIED:
                raise JudgingError(gettext("This protocol is already certified."))
            disputed = locked.status == self.Status.DISPUTED
            self.status, self.certified_by, self.certified_at = self.Status.CERTIFIED, user, now
            self.save(update_fields=["status", "certified_by", "certified_at"])
            if disputed:
                m = self.match
                disputer = m.player2_id if self.submitted_by_id == m.player1_id else m.player1_id
                type(m).objects.filter(pk=m.pk).update(changed_at=now, reopened_for=[disputer], final_at=None)
            _log(
                self.match.round.tournament,
                user,
                "protocol",
                gettext("Round %(r)s, table %(t)s: protocol certified")
                % {"r": self.match.round.number, "t": self.match.table},
                match=self.match_id,
                clause="004 §6.2.3",
                disputed=disputed,
            )


class MatchNote(models.Model):
    """What the judges write on a match's protocol besides the result: the match judge. Written by the judging
    panel; every change is in the change log. The replacement of the dice is data of its own
    (``DiceReplacement``); ``dice_replacement`` keeps the free text written before it, printed as it was."""

    match = models.OneToOneField("draw.Match", on_delete=models.CASCADE, related_name="judging_note")
    judge = models.ForeignKey(
        Official,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("match judge"),
    )
    dice_replacement = models.TextField(_("dice replaced (when, at whose request, why)"), blank=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("match note")
        verbose_name_plural = _("match notes")

    def __str__(self) -> str:
        return str(self.match)

    @classmethod
    def write(cls, match, user, judge) -> MatchNote:
        """Set the match judge (logged with who and when); the judge must be one of this tournament's
        accredited judges."""
        t = match.round.tournament
        if judge is not None and (judge.tournament_id != t.pk or not judge.accredited):
            raise JudgingError(gettext("Choose an accredited official of this tournament."))
        with transaction.atomic():
            note, _created = cls.objects.select_for_update().get_or_create(match=match)
            note.judge, note.updated_by = judge, user
            note.save()
            _log(
                t,
                user,
                "match_note",
                gettext("Round %(r)s, table %(t)s: match judge %(j)s")
                % {"r": match.round.number, "t": match.table, "j": judge.person.full_name if judge else "—"},
                match=match.pk,
            )
        return note


class EquipmentNote(models.Model):
    """004 §6.2.4: the technical judge «обязан до начала, в течение и после встречи контролировать состояние
    оборудования» and puts its faults right: one row a check or a fault on a match — when (before, during,
    after it), what was found and done. Logged; printed on the match protocol."""

    class Moment(models.TextChoices):
        BEFORE = "before", _("before the match")
        DURING = "during", _("during the match")
        AFTER = "after", _("after the match")

    match = models.ForeignKey("draw.Match", on_delete=models.PROTECT, related_name="equipment_notes")
    moment = models.CharField(_("when"), max_length=10, choices=Moment.choices)
    text = models.TextField(_("what was checked, found and done"))
    at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        verbose_name = _("equipment note")
        verbose_name_plural = _("equipment notes")
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.match}: {self.get_moment_display()}"

    @classmethod
    def record(cls, match, moment: str, text: str, user) -> EquipmentNote:
        """Record a check or a fault (the caller checked the power: ``may_keep_equipment``)."""
        text = " ".join((text or "").split())
        if moment not in cls.Moment.values:
            raise JudgingError(gettext("Say when: before, during or after the match."))
        if not text:
            raise JudgingError(gettext("Say what was checked, found and done."))
        with transaction.atomic():
            t = lock_open(match.round.tournament_id)
            note = cls.objects.create(
                match=match,
                moment=moment,
                text=text,
                by=user if getattr(user, "is_authenticated", False) else None,
            )
            _log(
                t,
                user,
                "equipment",
                gettext("Round %(r)s, table %(t)s: equipment %(w)s")
                % {"r": match.round.number, "t": match.table, "w": note.get_moment_display()},
                reason=text,
                match=match.pk,
                clause="004 §6.2.4",
            )
        return note

    def line(self) -> str:
        return f"{self.get_moment_display()}, {timezone.localtime(self.at):%H:%M}: {self.text}"


class LateArrival(models.Model):
    """A player late for his match (003 «Начало турнира»): at the round's official start the judge starts the
    clock of an absent player, so the minutes until he arrives are gone from his clock; a flag fall loses the
    match (003 «Часы»). One row a late player and match: when he arrived (empty: he never came), the minutes
    lost and the consequence."""

    class Consequence(models.TextChoices):
        CLOCK = "clock", _("the minutes late are gone from his clock")
        TIME = "time", _("his flag fell: the match is lost on time")

    match = models.ForeignKey("draw.Match", on_delete=models.PROTECT, related_name="late_arrivals")
    participant = models.ForeignKey("registration.Participant", on_delete=models.PROTECT, related_name="+")
    arrived_at = models.DateTimeField(_("arrived at"), null=True, blank=True)
    minutes_lost = models.PositiveIntegerField(null=True, blank=True)
    consequence = models.CharField(_("consequence"), max_length=10, choices=Consequence.choices)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("late arrival")
        verbose_name_plural = _("late arrivals")
        ordering = ["recorded_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["match", "participant"], name="late_arrival_once_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.match}: {self.participant}"

    @staticmethod
    def clock_minutes(match) -> int | None:
        """Minutes per player on the clock of the match's stage (003 «Часы»); None when the regulation sets
        no time control."""
        t = match.round.tournament
        if match.round.stage.kind == "playoff" and t.playoff_time_control_minutes:
            return t.playoff_time_control_minutes
        return t.time_control_minutes

    @classmethod
    def record(cls, match, participant, arrived_at, user, now=None) -> LateArrival:
        """Record a late arrival (the caller checked the power: ``may_record_late_arrival``) and carry out its
        consequence: the minutes from the round's official start gone from his clock; all of his time gone,
        or never arrived: the match lost on time (a ruling, 004 §6.1.2 item 1). Refused, nothing changed:
        no official start (the round was not started), a time before it or after now, somebody who is not a
        player of the match, a second record, a loss on time where a result is already in."""
        now = now or timezone.now()
        with transaction.atomic():
            t = lock_open(match.round.tournament_id)
            m = Match.objects.select_for_update().select_related("round__stage").get(pk=match.pk)
            if m.round.status == Round.Status.DRAFT or m.is_bye:
                raise JudgingError(gettext("This match has no players at a board yet."))
            if participant is None or participant.pk not in (m.player1_id, m.player2_id):
                raise JudgingError(gettext("Choose a player of this match."))
            start = m.round.start_time
            if start is None:
                raise JudgingError(
                    gettext("The round has no official start yet: start the round, then record who is late.")
                )
            if arrived_at is not None and not start <= arrived_at <= now:
                raise JudgingError(
                    gettext("He arrived between the official start (%(s)s) and now.")
                    % {"s": timezone.localtime(start).strftime("%H:%M")}
                )
            if cls.objects.filter(match=m, participant=participant).exists():
                raise JudgingError(gettext("His late arrival at this match is already recorded."))
            minutes = None if arrived_at is None else int((arrived_at - start).total_seconds() // 60)
            limit = cls.clock_minutes(m)
            lost = arrived_at is None or (limit is not None and minutes is not None and minutes >= limit)
            row = cls(
                match=m,
                participant=participant,
                arrived_at=arrived_at,
                minutes_lost=minutes,
                consequence=cls.Consequence.TIME if lost else cls.Consequence.CLOCK,
                recorded_by=user if getattr(user, "is_authenticated", False) else None,
            )
            if lost:
                if m.result_kind:
                    raise JudgingError(
                        gettext("The match has a result already: a loss on time is ruled on its result page.")
                    )
                why = row.text()
                side = 2 if participant.pk == m.player1_id else 1
                try:
                    results.panel_result(
                        m.pk,
                        user,
                        results.ResultInput(ResultKind.TIME, winner_side=side, reason=why),
                        why,
                        "003 «Начало турнира», «Часы»",
                    )
                except results.ResultError as exc:
                    raise JudgingError(str(exc)) from exc
            row.save()
            _log(
                t,
                user,
                "late_arrival",
                gettext("Round %(r)s, table %(t)s: %(text)s")
                % {"r": m.round.number, "t": m.table, "text": row.text()},
                match=m.pk,
                participant=participant.pk,
                minutes=minutes,
                consequence=row.consequence,
                clause="003 «Начало турнира»",
            )
        return row

    def text(self) -> str:
        """As the match protocol and the log print it."""
        if self.arrived_at is None:
            return gettext("%(p)s did not come: his flag fell, the match is lost on time") % {
                "p": self.participant.short_name
            }
        said = gettext("%(p)s arrived at %(at)s, %(n)s min after the start") % {
            "p": self.participant.short_name,
            "at": timezone.localtime(self.arrived_at).strftime("%H:%M"),
            "n": self.minutes_lost,
        }
        if self.consequence == self.Consequence.TIME:
            return gettext("%(said)s: his flag fell, the match is lost on time") % {"said": said}
        return gettext("%(said)s: the minutes are gone from his clock") % {"said": said}


class DiceReplacement(models.Model):
    """A replacement of a match's dice (003 «Игральные кости»): п. 1 — each player has the right to one in a
    match, between games, asking the chief judge; п. 2 — it is made by a reasoned decision of the chief judge
    or his deputy and noted in the match protocol (during a game the judge stops the clocks meanwhile). One
    row a replacement: who asked, when, before (or during) which game, by whose decision and why."""

    match = models.ForeignKey("draw.Match", on_delete=models.PROTECT, related_name="dice_replacements")
    requested_by = models.ForeignKey(
        "registration.Participant", on_delete=models.PROTECT, related_name="+", verbose_name=_("who asked")
    )
    game = models.PositiveSmallIntegerField(_("game"))
    during_game = models.BooleanField(_("during the game (the clocks stopped)"), default=False)
    at = models.DateTimeField(_("when"))
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The role he decided in (an ``Official.Role`` value: the chief judge or his deputy).
    decided_as = models.CharField(_("by the decision of"), max_length=30)
    reason = models.TextField(_("reason"))

    class Meta:
        verbose_name = _("dice replacement")
        verbose_name_plural = _("dice replacements")
        ordering = ["at", "id"]
        constraints = [
            # 003 п. 1: «один раз в матче для каждого спортсмена».
            models.UniqueConstraint(fields=["match", "requested_by"], name="dice_once_per_player_and_match"),
            models.CheckConstraint(condition=models.Q(game__gte=1), name="dice_game_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.match}: {self.requested_by}, {self.game}"

    MAX_GAME = 200

    @classmethod
    def record(
        cls, match, requested_by, game: int, during_game: bool, reason: str, user, decided_as: str, now=None
    ) -> DiceReplacement:
        """Record a replacement decided by ``user`` as ``decided_as`` (the caller checked the power:
        ``registration.permissions.may_replace_dice``). Refused with the reason, nothing saved: a finished
        tournament, a draft or a bye, somebody who is not a player of the match, a game out of range, no
        reason, or a second replacement for the same player in this match (003 п. 1)."""
        reason = " ".join((reason or "").split())
        if not reason:
            raise JudgingError(gettext("Give the reason of the decision (003 «Игральные кости» п. 2)."))
        if not 1 <= game <= cls.MAX_GAME:
            raise JudgingError(gettext("The game is numbered from 1 to %(n)s.") % {"n": cls.MAX_GAME})
        with transaction.atomic():
            t = lock_open(match.round.tournament_id)
            locked = Match.objects.select_for_update().select_related("round").get(pk=match.pk)
            if locked.round.status == Round.Status.DRAFT or locked.is_bye:
                raise JudgingError(gettext("This match has no players at a board yet."))
            if requested_by is None or requested_by.pk not in (locked.player1_id, locked.player2_id):
                raise JudgingError(gettext("The dice are replaced at the request of a player of this match."))
            if cls.objects.filter(match=locked, requested_by=requested_by).exists():
                raise JudgingError(
                    gettext(
                        "%(p)s has already had the dice replaced in this match: once in a match for each "
                        "player (%(rule)s)."
                    )
                    % {"p": requested_by, "rule": cite("003 «Игральные кости» п. 1")}
                )
            row = cls.objects.create(
                match=locked,
                requested_by=requested_by,
                game=game,
                during_game=during_game,
                at=now or timezone.now(),
                decided_by=user if getattr(user, "is_authenticated", False) else None,
                decided_as=decided_as,
                reason=reason,
            )
            _log(
                t,
                user,
                "dice_replacement",
                gettext("Round %(r)s, table %(t)s: dice replaced at the request of %(p)s, game %(g)s")
                % {"r": locked.round.number, "t": locked.table, "p": requested_by, "g": game},
                reason=reason,
                match=locked.pk,
                participant=requested_by.pk,
                game=game,
                during_game=during_game,
                decided_as=decided_as,
                clause="003 «Игральные кости»",
            )
        return row

    def text(self) -> str:
        """As the match protocol prints it."""
        when = gettext("during game %(g)s") if self.during_game else gettext("before game %(g)s")
        return gettext(
            "%(when)s, %(time)s, at the request of %(p)s; decision of the %(role)s %(who)s: %(why)s"
        ) % {
            "when": when % {"g": self.game},
            "time": timezone.localtime(self.at).strftime("%H:%M"),
            "p": self.requested_by.short_name,
            "role": Official.Role(self.decided_as).label if self.decided_as in Official.Role.values else "",
            "who": getattr(getattr(self.decided_by, "person", None), "short_name", "")
            or getattr(self.decided_by, "username", ""),
            "why": self.reason,
        }


# --- protests (004 §5.10, §5.11, §2.4.2 item 5) -----------------------------------------------------------


def attachment_path(instance: ProtestAttachment, filename: str) -> str:
    # The stored name is ours, never the uploader's: the original name is kept in a field.
    ext = {"application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif"}.get(
        instance.content_type, "bin"
    )
    return f"protests/{instance.protest.tournament_id}/{instance.protest_id}/{instance.sha256[:16]}.{ext}"


class Protest(models.Model):
    class Status(models.TextChoices):
        FILED = "filed", _("filed, waiting for the panel")
        ACCEPTED = "accepted", _("accepted for consideration")
        REJECTED = "rejected", _("not accepted")
        UPHELD = "upheld", _("upheld")
        DISMISSED = "dismissed", _("dismissed")

    class Rejection(models.TextChoices):
        UNFOUNDED = "unfounded", _("unfounded")
        NO_EVIDENCE = "no_evidence", _("without evidence")

    class Consequence(models.TextChoices):
        NONE = "", _("no change to the result")
        SCORE = "score", _("corrected score")
        TECHNICAL = "technical", _("technical defeat")
        REPLAY = "replay", _("replay ordered")

    OPEN = (Status.FILED, Status.ACCEPTED)

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="protests"
    )
    match = models.ForeignKey("draw.Match", on_delete=models.PROTECT, related_name="protests")
    # Numbered within the tournament: its first protest is № 1 (set when it is filed, under a lock).
    number = models.PositiveIntegerField(_("No."), null=True, blank=True, editable=False)
    protester = models.ForeignKey("registration.Participant", on_delete=models.PROTECT, related_name="+")
    filed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    filed_at = models.DateTimeField()
    # The result of the match as it stood when the protest was filed (the decision may change it later).
    filed_kind = models.CharField(max_length=10, blank=True)
    filed_score1 = models.PositiveSmallIntegerField(null=True, blank=True)
    filed_score2 = models.PositiveSmallIntegerField(null=True, blank=True)
    reasons = models.TextField(_("reasons"))
    arguments = models.TextField(_("arguments"))
    evidence = models.TextField(_("evidence"), blank=True)
    deposit = models.DecimalField(_("deposit"), max_digits=9, decimal_places=2, default=0)
    deposit_returned_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.FILED)
    # First step: accepted for consideration, or not accepted (004 §5.10: unfounded or unevidenced).
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reviewed_at = models.DateTimeField(null=True, blank=True)
    rejection = models.CharField(_("not accepted as"), max_length=12, choices=Rejection.choices, blank=True)
    # Second step: the decision, final (004 §5.10: no appeal).
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    decision_reasons = models.TextField(_("reasons of the panel"), blank=True)
    consequence = models.CharField(_("consequence"), max_length=10, choices=Consequence.choices, blank=True)
    new_score1 = models.PositiveSmallIntegerField(null=True, blank=True)
    new_score2 = models.PositiveSmallIntegerField(null=True, blank=True)
    winner_side = models.PositiveSmallIntegerField(null=True, blank=True)
    next_round = models.CharField(_("the next round"), max_length=10, blank=True)  # "", kept, redrawn
    changed_pairings = models.JSONField(default=list, blank=True)

    class Meta:
        verbose_name = _("protest")
        verbose_name_plural = _("protests")
        ordering = ["-filed_at", "-id"]
        constraints = [
            # One open protest per player and match; after a change of the result he may protest the change.
            models.UniqueConstraint(
                fields=["match", "protester"],
                condition=models.Q(status__in=["filed", "accepted"]),
                name="one_open_protest_per_player_and_match",
            ),
            models.UniqueConstraint(fields=["tournament", "number"], name="protest_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{_('protest')} № {self.number or '—'}: {self.match}"

    def save(self, *args, **kwargs) -> None:
        if self.number is not None or self.pk is not None:
            super().save(*args, **kwargs)
            return
        with transaction.atomic():
            # The next number of this tournament, under a lock on the tournament's row: two protests filed
            # at once wait for each other instead of sharing a number.
            Tournament.objects.select_for_update().filter(pk=self.tournament_id).first()
            last = Protest.objects.filter(tournament_id=self.tournament_id).aggregate(n=models.Max("number"))
            self.number = (last["n"] or 0) + 1
            super().save(*args, **kwargs)

    @property
    def is_open(self) -> bool:
        return self.status in self.OPEN

    @property
    def deadline(self) -> datetime.datetime | None:
        return state.window_end(self.match, self.protester_id)

    @classmethod
    def file(
        cls,
        match,
        protester,
        user,
        reasons: str,
        arguments: str,
        evidence: str,
        uploads: list[Upload],
        now,
        *,
        by_link: bool = False,
    ) -> Protest:
        """File a protest; refused with a clear message (nothing saved) when it is late or misplaced.

        ``by_link``: the player files it through his private match link (``judging.links``), which proves
        who he is without an account.

        ``protester`` is the player the protest is for; ``user`` files it: the player himself, or an
        accredited representative of the player's team on his behalf (004 §2.4.3 item 2). The same window
        and the same next-match rule apply either way: they are the player's.
        """
        t = match.round.tournament
        if protester.pk not in (match.player1_id, match.player2_id):
            raise JudgingError(gettext("A protest is filed for a player of the match."))
        representative = None
        if not by_link and (
            protester.person.user_id is None or protester.person.user_id != getattr(user, "pk", None)
        ):
            representative = cls.representative_for(protester, user)
            if representative is None:
                raise JudgingError(
                    gettext(
                        "Only the player, an accredited representative of his team or his accredited coach "
                        "files a protest for him."
                    )
                )
        if t.read_only_reason:
            raise JudgingError(t.read_only_reason)
        if match.is_bye or not match.result_kind or match.ended_at is None:
            raise JudgingError(gettext("This match has no result to protest."))
        if match.final_at is not None and match.final_at <= now:
            # A ruling of the panel, or a protest it has decided: final (004 §5.10).
            raise JudgingError(gettext("The result is final: it can no longer be protested (004 §5.10)."))
        end = state.window_end(match, protester.pk)
        if now > end:
            # 004 §5.10: within the window (default 10 minutes) after the end of the match.
            raise JudgingError(
                ngettext(
                    "The protest window closed at %(end)s: a protest is filed within %(m)s minute after "
                    "the end of the match (%(rule)s).",
                    "The protest window closed at %(end)s: a protest is filed within %(m)s minutes after "
                    "the end of the match (%(rule)s).",
                    t.protest_window_minutes,
                )
                % {
                    "end": timezone.localtime(end).strftime("%H:%M:%S"),
                    "m": t.protest_window_minutes,
                    "rule": cite("004 §5.10"),
                }
            )
        if state.next_match_started(match, protester.pk, now):
            # 004 §2.4.2 item 5: claims about a match come before the next match starts.
            if representative is None:
                raise JudgingError(
                    gettext(
                        "Your next match has already started: a protest had to come before it (%(rule)s)."
                    )
                    % {"rule": cite("004 §2.4.2")}
                )
            raise JudgingError(
                gettext(
                    "The next match of %(p)s has already started: a protest had to come before it (%(rule)s)."
                )
                % {"p": protester, "rule": cite("004 §2.4.2")}
            )
        earlier = cls.objects.filter(match=match, protester=protester)
        if match.changed_at is not None and protester.pk in match.reopened_for:
            # The result changed since: a protest about the change is a new one (004 §5.10).
            earlier = earlier.filter(models.Q(filed_at__gte=match.changed_at) | models.Q(status__in=cls.OPEN))

        def already(existing) -> AlreadyFiled:
            if representative is None:
                return AlreadyFiled(gettext("You have already filed a protest on this match."), existing)
            return AlreadyFiled(
                gettext("A protest for %(p)s on this match has already been filed.") % {"p": protester},
                existing,
            )

        existing = earlier.first()
        if existing is not None:
            raise already(existing)
        if not reasons.strip() or not arguments.strip():
            raise JudgingError(
                gettext("A protest states its reasons and arguments (%(rule)s).")
                % {"rule": cite("004 §5.10")}
            )
        with transaction.atomic():
            lock_open(t.pk)
            # The match's row lock serialises filing with the finality task (``state.finalize_match``): a
            # result stored as final meanwhile takes no protest (issue 13 item 8).
            locked = Match.objects.select_for_update().get(pk=match.pk)
            if locked.final_at is not None:
                raise JudgingError(
                    gettext("The result is already final: the protest window has closed (004 §5.10).")
                )
            existing = earlier.first()
            if existing is not None:  # a double click: the first request has filed it meanwhile
                raise already(existing)
            protest = cls.objects.create(
                tournament=t,
                match=match,
                protester=protester,
                filed_by=user,
                filed_at=now,
                reasons=reasons.strip(),
                arguments=arguments.strip(),
                evidence=evidence.strip(),
                deposit=t.protest_deposit,
                filed_kind=match.result_kind,
                filed_score1=match.score1,
                filed_score2=match.score2,
            )
            for upload in uploads:
                attachment = ProtestAttachment(
                    protest=protest,
                    original_name=upload.name[:200],
                    content_type=upload.content_type,
                    size=len(upload.data),
                    sha256=upload.sha256,
                )
                attachment.file.save(upload.name, ContentFile(upload.data), save=True)
            where = {"n": protest.number, "p": protester, "r": match.round.number, "t": match.table}
            if representative is None:
                summary = gettext("Protest #%(n)s filed by %(p)s on round %(r)s, table %(t)s") % where
            elif representative.role == Official.Role.COACH:
                summary = gettext(
                    "Protest #%(n)s filed for %(p)s by %(rep)s, his coach, on round %(r)s, table %(t)s"
                ) % {**where, "rep": representative.person}
            else:
                summary = gettext(
                    "Protest #%(n)s filed for %(p)s by %(rep)s, representative of the team %(team)s, "
                    "on round %(r)s, table %(t)s"
                ) % {**where, "rep": representative.person, "team": representative.team}
            _log(
                t,
                user,
                "protest",
                summary,
                protest=protest.pk,
                clause="004 §5.10",
                player=protester.pk,
                representative=representative.pk if representative else None,
            )
        return protest

    @staticmethod
    def representative_for(player, user):
        """The user's accreditation as a representative of ``player``'s team or as his coach, or None (004
        §2.4.3)."""
        if not getattr(user, "is_authenticated", False):
            return None
        speaks = models.Q(role=Official.Role.COACH, athletes=player)
        if player.team_id is not None:
            speaks |= models.Q(role=Official.Role.REPRESENTATIVE, team_id=player.team_id)
        return (
            Official.objects.filter(
                speaks, tournament_id=player.tournament_id, person__user=user, accredited=True
            )
            .select_related("person", "team")
            .first()
        )

    @property
    def filed_by_coach(self) -> bool:
        """Filed on the player's behalf by his coach (004 §2.4.3), not his team's representative."""
        if self.filed_by_id is None:
            return False
        return Official.objects.filter(
            tournament_id=self.tournament_id, person__user_id=self.filed_by_id, role=Official.Role.COACH
        ).exists()

    @property
    def filed_by_representative(self) -> bool:
        """Filed on the player's behalf by his team's representative, not by the player himself."""
        return self.filed_by_id is not None and self.filed_by_id != self.protester.person.user_id

    def review(self, user, accept: bool, rejection: str, reasons: str, now) -> None:
        """The panel accepts the protest for consideration, or does not: unfounded or without evidence."""
        with transaction.atomic():
            lock_open(self.tournament_id)
            locked = Protest.objects.select_for_update().get(pk=self.pk)
            if locked.status != self.Status.FILED:
                raise JudgingError(gettext("This protest has already been reviewed."))
            if not accept and rejection not in self.Rejection.values:
                raise JudgingError(
                    gettext("Say why the protest is not accepted: unfounded or without evidence.")
                )
            if not accept and not reasons.strip():
                raise JudgingError(gettext("Give the reasons of the panel."))
            self.reviewed_by, self.reviewed_at = user, now
            if accept:
                self.status = self.Status.ACCEPTED
            else:
                # 004 §5.10: unfounded and unevidenced protests are not accepted; this is final.
                self.status, self.rejection, self.decision_reasons = (
                    self.Status.REJECTED,
                    rejection,
                    reasons.strip(),
                )
            self.save()
            _log(
                self.tournament,
                user,
                "protest_review",
                gettext("Protest #%(n)s: %(s)s") % {"n": self.number, "s": self.get_status_display()},
                reason=reasons,
                protest=self.pk,
                clause="004 §5.10",
            )
            state.finalize_match(self.match, now)

    def following_round(self):
        """The round drawn right after the protested match's round, if it exists."""
        return Round.objects.filter(tournament=self.tournament, number=self.match.round.number + 1).first()

    def decide(
        self,
        user,
        upheld: bool,
        reasons: str,
        consequence: str = "",
        score1: int | None = None,
        score2: int | None = None,
        winner_side: int | None = None,
        next_round: str = "",
        now=None,
    ) -> list[str]:
        """Decide the protest, finally (004 §5.10: no appeal). Returns notes for the panel.

        Upheld: the deposit is returned and the consequence carried out (corrected score, technical defeat
        or replay); standings and brackets follow from the changed match. If the next round was drawn on the
        old result, ``next_round`` says whether its pairings are kept or the unplayed round is drawn again.
        """
        now = now or timezone.now()
        if not reasons.strip():
            raise JudgingError(gettext("Give the reasons of the panel."))
        if upheld and consequence not in self.Consequence.values:
            raise JudgingError(gettext("Choose the consequence."))
        notes: list[str] = []
        with transaction.atomic():
            lock_open(self.tournament_id)
            locked = Protest.objects.select_for_update().get(pk=self.pk)
            if locked.status != self.Status.ACCEPTED:
                raise JudgingError(gettext("Only a protest accepted for consideration can be decided."))
            self.status = self.Status.UPHELD if upheld else self.Status.DISMISSED
            self.decided_by, self.decided_at, self.decision_reasons = user, now, reasons.strip()
            if upheld:
                self.consequence, self.new_score1, self.new_score2 = consequence, score1, score2
                self.winner_side = winner_side
                if self.deposit:
                    self.deposit_returned_at = now  # 004 §5.10: returned when the protest is upheld
                if consequence:
                    notes = redraw.apply_with_next_round(self, user, next_round)
            self.save()
            _log(
                self.tournament,
                user,
                "protest_decision",
                gettext("Protest #%(n)s: %(s)s") % {"n": self.number, "s": self.get_status_display()},
                reason=reasons,
                protest=self.pk,
                consequence=self.consequence,
                next_round=self.next_round,
                changed=self.changed_pairings,
                clause="004 §5.10",
            )
            self.match.refresh_from_db()
            state.finalize_match(self.match, now)
        return notes

    def apply_consequence(self, user) -> list[str]:
        """Change the match as the upheld protest says, by a panel ruling (logged with the clause); returns
        what it did to the rounds drawn after it (a bracket re-flowed, a round flagged)."""
        why = gettext("Protest #%(n)s upheld") % {"n": self.number}
        try:
            if self.consequence == self.Consequence.REPLAY:
                return results.panel_replay(self.match_id, user, why, PANEL_CLAUSE).notes
            if self.consequence == self.Consequence.SCORE:
                data = results.ResultInput(ResultKind.PLAYED, self.new_score1, self.new_score2)
                return results.panel_result(self.match_id, user, data, why, PANEL_CLAUSE).notes
            if self.consequence == self.Consequence.TECHNICAL:
                data = results.ResultInput(ResultKind.TECHNICAL, winner_side=self.winner_side, reason=why)
                return results.panel_result(self.match_id, user, data, why, PANEL_CLAUSE).notes
        except results.ResultError as exc:
            raise JudgingError(str(exc)) from exc
        return []


class ProtestAttachment(models.Model):
    protest = models.ForeignKey(Protest, on_delete=models.CASCADE, related_name="attachments")
    file = models.FileField(upload_to=attachment_path, max_length=200)
    original_name = models.CharField(max_length=200)
    content_type = models.CharField(max_length=50)
    size = models.PositiveIntegerField()
    sha256 = models.CharField(max_length=64)

    class Meta:
        verbose_name = _("attachment to a protest")
        verbose_name_plural = _("attachments to protests")
        ordering = ["id"]

    def __str__(self) -> str:
        return self.original_name


# --- private match links (issue 14 item 2) ----------------------------------------------------------------


class MatchLink(models.Model):
    """The current generation of one player's private link to one match (``judging.links``).

    The token itself is signed, not stored: it names the match, the player and this generation, so it can be
    printed again at any time. Revoking a link moves the generation on: the old token opens nothing any more
    and a new one is printed. No row means generation 0."""

    match = models.ForeignKey("draw.Match", on_delete=models.CASCADE, related_name="links")
    participant = models.ForeignKey("registration.Participant", on_delete=models.CASCADE, related_name="+")
    generation = models.PositiveIntegerField(default=0)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("private match link")
        verbose_name_plural = _("private match links")
        constraints = [
            models.UniqueConstraint(fields=["match", "participant"], name="one_link_per_match_and_player")
        ]

    def __str__(self) -> str:
        return f"{self.match}: {self.participant} #{self.generation}"


class TeamSanction(models.Model):
    """A sanction of a team as a whole (004 §5.7.1 "к участникам соревнований": in a team event the
    participant is the team, §1.3.4): a warning, or a removal (§5.7.3 on its team matches,
    ``draw.removal``); a second warning leads to removal (§5.7.2, as the regulation's
    ``second_warning`` says). A disqualification bars a person (§5.7.4 "запрет для лица"): it is given to the
    players, one by one, never to a team."""

    class Kind(models.TextChoices):
        WARNING = "warning", _("warning")
        REMOVAL = "removal", _("removal")

    team = models.ForeignKey("registration.Team", on_delete=models.PROTECT, related_name="sanctions")
    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(_("sanction"), max_length=20, choices=Kind.choices)
    clause = models.CharField(_("rule broken"), max_length=100)
    facts = models.TextField(_("facts"))
    team_match = models.ForeignKey(
        "draw.TeamMatch", null=True, blank=True, on_delete=models.PROTECT, related_name="sanctions"
    )
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    issued_at = models.DateTimeField(auto_now_add=True)
    form_token = models.CharField(max_length=64, blank=True, editable=False)

    class Meta:
        verbose_name = _("team sanction")
        verbose_name_plural = _("team sanctions")
        ordering = ["-issued_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["form_token"],
                condition=~models.Q(form_token=""),
                name="team_sanction_form_token_once",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.team}"

    @classmethod
    def warnings_of(cls, team) -> int:
        return cls.objects.filter(team=team, kind=cls.Kind.WARNING).count()

    @classmethod
    def record(
        cls, team, kind: str, clause: str, facts: str, user, token: str = "", team_match=None
    ) -> tuple[TeamSanction, list[str]]:
        """Record a sanction of ``team`` and carry out its consequence, all or nothing. Returns the sanction
        and the notes for the chief judge. Raises JudgingError (translated) and changes nothing on bad input.

        A removal is 004 §5.7.3 on the team-match level (``draw.removal.remove_team``). A second warning
        leads to removal (004 §5.7.2): at once when the regulation's ``second_warning`` says so, otherwise a
        ``RemovalProposal`` of the team waits for the chief judge (and blocks the finish)."""
        clause, facts = clause.strip(), facts.strip()
        if kind not in cls.Kind.values:
            raise JudgingError(gettext("A team is given a warning or a removal (004 §5.7.1)."))
        if not facts:
            raise JudgingError(gettext("Describe the facts of the breach."))
        with transaction.atomic():
            t = lock_open(team.tournament_id)
            team = type(team).objects.select_for_update().get(pk=team.pk)
            if token:
                existing = cls.objects.filter(form_token=token).first()
                if existing is not None:
                    raise TeamAlreadyApplied(gettext("This sanction has already been recorded."), existing)
            if team.removed:
                raise JudgingError(gettext("%(team)s has already been removed.") % {"team": team.name})
            if team_match is not None and team.pk not in (team_match.team1_id, team_match.team2_id):
                raise JudgingError(gettext("The team does not play in this team match."))
            sanction = cls.objects.create(
                team=team,
                tournament=t,
                kind=kind,
                clause=clause or ("004 §5.7.3" if kind == cls.Kind.REMOVAL else "004 §5.7.2"),
                facts=facts,
                team_match=team_match,
                issued_by=user if getattr(user, "is_authenticated", False) else None,
                form_token=token,
            )
            notes: list[str] = []
            _log(
                t,
                user,
                "team_sanction",
                gettext("%(kind)s: team %(team)s") % {"kind": sanction.get_kind_display(), "team": team.name},
                reason=facts,
                team=team.pk,
                sanction=sanction.pk,
                clause=sanction.clause,
            )
            try:
                if kind == cls.Kind.REMOVAL:
                    notes += draw_removal.remove_team(team, user, facts, source=sanction)
                    RemovalProposal.close_for_removed(user, facts, team=team)
                elif cls.warnings_of(team) >= 2:
                    if t.second_warning == SecondWarning.REMOVE:
                        # 004 §5.7.2: the second warning removes at once, as the regulation says.
                        why = gettext("Second warning (004 §5.7.2): %(f)s") % {"f": facts}
                        notes += draw_removal.remove_team(team, user, why, source=sanction)
                        notes.append(
                            gettext(
                                "Second warning: %(team)s is removed at once, as the regulation says "
                                "(%(rule)s)."
                            )
                            % {"team": team.name, "rule": cite("004 §5.7.2")}
                        )
                    else:
                        pending = RemovalProposal.objects.filter(
                            team=team, status=RemovalProposal.Status.PENDING
                        )
                        if not pending.exists():
                            RemovalProposal.objects.create(tournament=t, team=team)
                        notes.append(
                            gettext(
                                "Second warning: removal of %(team)s is proposed to the chief judge "
                                "(%(rule)s)."
                            )
                            % {"team": team.name, "rule": cite("004 §5.7.2")}
                        )
            except draw_removal.RemovalError as exc:
                raise JudgingError(str(exc)) from exc
        return sanction, notes
