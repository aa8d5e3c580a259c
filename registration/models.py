"""People, entries and their admission, participants, teams and officials (004 §2, §5.1, §5.3, §6)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.db import models, transaction
from django.db.models import Max
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models import Discipline, System, Tournament
from tournaments.rules import cite_lazy
from tournaments.validators import sane_date


class Gender(models.TextChoices):
    MALE = "male", _("male")
    FEMALE = "female", _("female")


class Qualification(models.TextChoices):
    """Sport qualifications, lowest first; the order is ``admission.QUALIFICATIONS``."""

    NONE = "none", _("no qualification")
    YOUTH3 = "youth3", _("3rd youth class")
    YOUTH2 = "youth2", _("2nd youth class")
    YOUTH1 = "youth1", _("1st youth class")
    ADULT3 = "adult3", _("3rd class")
    ADULT2 = "adult2", _("2nd class")
    ADULT1 = "adult1", _("1st class")
    CMS = "cms", _("candidate master of sport")
    MS = "ms", _("master of sport")
    MSMK = "msmk", _("master of sport, international class")
    ZMS = "zms", _("honoured master of sport")


class JudgingCategory(models.TextChoices):
    """The sports judge's qualification category (квалификационная категория спортивного судьи) as the
    Ministry of Sport's forms name it; the documents print its abbreviation (``JUDGING_CATEGORY_SHORT``:
    ССВК, СС1К, СС2К, СС3К, ЮСС). The stored values are kept as they were (a judges' register reads them)."""

    NATIONAL = "national", _("sports judge of the all-Russian category")
    FIRST = "first", _("sports judge of the 1st category")
    SECOND = "second", _("sports judge of the 2nd category")
    THIRD = "third", _("sports judge of the 3rd category")
    YOUNG = "young", _("young sports judge")


# The abbreviations of the Ministry's forms (the final protocol, «Отчёт главной судейской коллегии»).
JUDGING_CATEGORY_SHORT: dict[str, object] = {
    JudgingCategory.NATIONAL: pgettext_lazy("judging category", "SJ AR"),
    JudgingCategory.FIRST: pgettext_lazy("judging category", "SJ 1C"),
    JudgingCategory.SECOND: pgettext_lazy("judging category", "SJ 2C"),
    JudgingCategory.THIRD: pgettext_lazy("judging category", "SJ 3C"),
    JudgingCategory.YOUNG: pgettext_lazy("judging category", "YSJ"),
}


def fold(text: str) -> str:
    """A name as people are compared when looking for twins: ё = е, case and extra spaces ignored, a hyphen
    is a space ("Ёлкин" = "ЕЛКИН" = " елкин ")."""
    return " ".join(str(text).replace("ё", "е").replace("Ё", "Е").replace("-", " ").split()).casefold()


class Names:
    """The names a person is printed by, of ``Person`` and of ``PersonData`` (a tournament's copy) alike."""

    surname: str
    name: str
    patronymic: str
    birth_date: datetime.date | None
    birth_year_only: bool

    @property
    def full_name(self) -> str:
        return " ".join(part for part in (self.surname, self.name, self.patronymic) if part)

    @property
    def birth_display(self) -> str:
        """The date of birth as printed: "08.06.1965", or "1965" when only the year is known."""
        if self.birth_date is None:
            return ""
        return str(self.birth_date.year) if self.birth_year_only else self.birth_date.strftime("%d.%m.%Y")

    @property
    def short_name(self) -> str:
        initials = "".join(f"{part[0]}." for part in (self.name, self.patronymic) if part)
        return f"{self.surname} {initials}".strip()


class Person(Names, models.Model):
    """One record per human across tournaments, so history and sanctions follow the person."""

    surname = models.CharField(_("surname"), max_length=100)
    name = models.CharField(_("name"), max_length=100)
    patronymic = models.CharField(_("patronymic"), max_length=100, blank=True)
    birth_date = models.DateField(_("date of birth"), null=True, blank=True, validators=[sane_date])
    # A federation's file may give the year of birth only ("1965"): the date is then 1 January of that year
    # and this flag says so; the age checks count such a person as young as the year allows (31 December)
    # for a minimum age and as old as it allows (1 January) for a maximum age (004 §2.1, §2.2.2).
    birth_year_only = models.BooleanField(_("year of birth only"), default=False)
    gender = models.CharField(_("gender"), max_length=10, choices=Gender.choices, default=Gender.MALE)
    organisation = models.CharField(_("sending organisation"), max_length=200, blank=True)
    region = models.CharField(_("region"), max_length=200, blank=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="person"
    )
    # ``fold(surname)``, kept by ``save``: the index that finds "Ёлкин" for "ЕЛКИН" or "Елкин" (twins).
    match_key = models.CharField(max_length=100, blank=True, db_index=True, editable=False)
    # False for a record made from anonymous input (a public entry form) that no official has confirmed yet:
    # its gender, organisation and region are only the entry's claim. The first official who types this
    # person (an entry, an import, the participant shortcut, the officials form) or admits his entry
    # confirms it, and his data replace the claim (issue 25 item 8); a confirmed record changes only through
    # the person himself or a league official (``registration.permissions.may_rewrite``).
    confirmed = models.BooleanField(_("confirmed by an official"), default=True)

    class Meta:
        verbose_name = _("person")
        verbose_name_plural = _("people")
        ordering = ["surname", "name", "patronymic"]
        # The league-level role (issue 25 item 3): identities, accounts and merges of any two records, over
        # every tournament (the group «Официалы лиги» holds it; a superuser has it).
        permissions = [("league_official", "League official: changes people's records, merges any two")]
        constraints = [
            models.UniqueConstraint(
                fields=["surname", "name", "patronymic", "birth_date"], name="person_identity_unique"
            )
        ]

    def __str__(self) -> str:
        return self.full_name

    def save(self, *args, **kwargs) -> None:
        self.match_key = fold(self.surname)[:100]
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "surname" in update_fields:
            kwargs["update_fields"] = {*update_fields, "match_key"}
        super().save(*args, **kwargs)


# What a tournament may correct about a person for itself (``Participant.corrections``).
CORRECTABLE = ("surname", "name", "patronymic", "birth_date", "birth_year_only", "gender")


@dataclass(frozen=True)
class PersonData(Names):
    """A person's data as one tournament prints them (``Participant.data``): the same names as ``Person``'s,
    so a page reads ``p.data.organisation`` where it read ``p.person.organisation``."""

    surname: str
    name: str
    patronymic: str
    birth_date: datetime.date | None
    birth_year_only: bool
    gender: str
    organisation: str
    region: str

    @classmethod
    def of(cls, person: Person, participant: Participant | None = None) -> PersonData:
        values = {f: getattr(person, f) for f in (*CORRECTABLE, "organisation", "region")}
        if participant is not None:
            fixed = dict(participant.corrections or {})
            if fixed.get("birth_date"):
                fixed["birth_date"] = datetime.date.fromisoformat(fixed["birth_date"])
            values.update({k: v for k, v in fixed.items() if k in CORRECTABLE})
            values["organisation"] = participant.organisation or person.organisation
            values["region"] = participant.region or person.region
        return cls(**values)


class Team(models.Model):
    """A team of the tournament. In a team event (004 §1.3.4) the team is the participant: its roster is its
    members (``Participant.team``) in the board order (``Participant.board_order``, fixed before the start;
    the first ``Tournament.boards`` are the main players, the rest reserves), its captain one of them, its
    representative (004 §2.4) an ``Official`` with this team."""

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("team name"), max_length=200)
    captain = models.ForeignKey(
        "Participant",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="captain_of",
        verbose_name=_("captain"),
    )
    seed = models.PositiveIntegerField(_("seeding number"), null=True, blank=True)
    # 004 §5.7.3 for a team event: a team removed takes its remaining team matches as technical defeats.
    removed = models.BooleanField(_("removed"), default=False)

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="team_name_unique")]

    def __str__(self) -> str:
        return self.name


class Participant(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("active")
        WITHDRAWN = "withdrawn", _("withdrawn")
        REMOVED = "removed", _("removed")  # 004 §5.7.3

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="participants"
    )
    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="participations")
    # 003 «Пары»: the second player of a pair, admitted with the first; the pair is one participant (paired,
    # ranked and sanctioned as one) and both names show everywhere (``full_name``).
    partner = models.ForeignKey(
        Person,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="pair_participations",
        verbose_name=_("partner"),
    )
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="members")
    # 004 §1.3.4: his place in the team's board order, fixed before the start (1 = first board).
    board_order = models.PositiveSmallIntegerField(_("board order"), null=True, blank=True)
    seed = models.PositiveIntegerField(_("seeding number"), null=True, blank=True)
    # A rating (the federation's or the club's) the draw seeds by after the seeding numbers; the secretary
    # may also number the field by it ("seed by rating", issue 14 item 5).
    rating = models.PositiveIntegerField(_("rating"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.ACTIVE)
    # 004 §2.3.3, §2.5.1: identity document, medical clearance and insurance seen by the admission commission.
    # An entry is admitted only with them; the secretary's "add participant" shortcut leaves them unchecked,
    # and the draw refuses until the commission has checked them (``registration.manager.check_documents``).
    documents_checked = models.BooleanField(_("documents checked"), default=True)
    # 004 §2.3.1, §5.3.1: a correction of his data that his admission no longer passes (a date of birth
    # corrected to an age under the limit): the failed checks, for the admission commission to decide — keep
    # him (with a reason) or withdraw him; until then the draw refuses to pair him
    # (``registration.manager.edit_participant``, ``keep_admitted``).
    admission_doubts = models.JSONField(default=list, blank=True)
    # What the federation's protocols print about him in this tournament (from his entry when admitted).
    qualification = models.CharField(
        _("sports rank or title"), max_length=10, blank=True, choices=Qualification.choices
    )
    club = models.CharField(_("club"), max_length=200, blank=True)
    coach = models.CharField(_("coach"), max_length=200, blank=True)
    # This tournament's data of the person (issue 25 item 3): the sending organisation and region of his
    # entry here (empty: the person's), and the corrections the tournament's officials made to a person they
    # may not rewrite (he plays elsewhere too): {"surname", "name", "patronymic", "birth_date" (ISO),
    # "birth_year_only", "gender"} — only the ones that differ. Pages, documents and the API print ``data``.
    organisation = models.CharField(_("sending organisation"), max_length=200, blank=True)
    region = models.CharField(_("region"), max_length=200, blank=True)
    corrections = models.JSONField(default=dict, blank=True)
    # 004 §2.2.3, §5.1.5: his participation agreement, when the regulation provides for one (recorded by the
    # admission commission: ``registration.manager.record_agreement``).
    agreement_number = models.CharField(
        _("participation agreement No."), max_length=50, blank=True, db_default=""
    )
    agreement_date = models.DateField(
        _("participation agreement of"), null=True, blank=True, validators=[sane_date]
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("participant")
        verbose_name_plural = _("participants")
        ordering = ["seed", "person__surname", "person__name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "person"], name="participant_once_per_tournament")
        ]

    def __str__(self) -> str:
        return self.full_name

    @property
    def data(self) -> PersonData:
        """The person as this tournament prints him: his record, with this tournament's organisation and
        region and the corrections its officials made (issue 25 item 3)."""
        return PersonData.of(self.person, self)

    @property
    def full_name(self) -> str:
        """The person's full name; a pair's two names (003 «Пары»)."""
        if self.partner is not None:
            return f"{self.data.full_name} / {self.partner.full_name}"
        return self.data.full_name

    @property
    def short_name(self) -> str:
        if self.partner is not None:
            return f"{self.data.short_name} / {self.partner.short_name}"
        return self.data.short_name

    @property
    def people(self) -> list[Person]:
        """Who plays for this participant: one person, or the two of a pair."""
        return [self.person, self.partner] if self.partner is not None else [self.person]

    @property
    def key(self) -> str:
        """The id the pure pairing engine knows this participant by."""
        return str(self.pk)


class Official(models.Model):
    """A person holding a role in one tournament; the role is where powers come from (004 §6)."""

    class Role(models.TextChoices):
        CHIEF_JUDGE = "chief_judge", _("chief judge")
        CHIEF_SECRETARY = "chief_secretary", _("chief secretary")
        # Their deputies sit on the judging panel with them (004 §6.1; 003 «Кости» item 2 names the deputy
        # chief judge).
        DEPUTY_CHIEF_JUDGE = "deputy_chief_judge", _("deputy chief judge")
        DEPUTY_CHIEF_SECRETARY = "deputy_chief_secretary", _("deputy chief secretary")
        SECRETARY = "secretary", _("secretary")
        JUDGE = "judge", _("judge")
        # 004 §6.2.4: answers for the equipment and the technical means (``permissions.may_keep_equipment``).
        TECHNICAL_JUDGE = "technical_judge", _("technical judge")
        ADMISSION = "admission", _("admission commission member")
        # 004 §5.3.3: takes part in the admission commission's work: the medical clearance (§2.3.3).
        DOCTOR = "doctor", _("doctor of the competition")
        # A team's representative (coach): speaks for his team's players, e.g. files their protests
        # (004 §2.4.3 item 2, §5.10). He holds none of the officials' powers (see
        # ``registration.permissions.OFFICIALS``).
        REPRESENTATIVE = "representative", _("team representative")
        # A coach of players in a personal event (004 §2.4.3): speaks for the players he coaches
        # (``Official.athletes``), e.g. files their protests; like a representative, no official's power.
        COACH = "coach", _("coach")

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="officials"
    )
    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="official_roles")
    role = models.CharField(_("role"), max_length=30, choices=Role.choices)
    accredited = models.BooleanField(_("accredited"), default=True)
    judging_category = models.CharField(
        _("judging category"), max_length=10, blank=True, choices=JudgingCategory.choices
    )
    city = models.CharField(_("city"), max_length=100, blank=True)
    # The team a representative speaks for; empty for every other role.
    team = models.ForeignKey(
        Team,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="representatives",
        verbose_name=_("team"),
    )

    # The players a coach speaks for (004 §2.4.3); empty for every other role.
    athletes: models.ManyToManyField[Participant, Participant] = models.ManyToManyField(
        "Participant", blank=True, related_name="coaches", verbose_name=_("players he coaches")
    )

    class Meta:
        verbose_name = _("official")
        verbose_name_plural = _("officials")
        ordering = ["role", "person__surname"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "person", "role"], name="official_role_once"),
            models.CheckConstraint(
                condition=models.Q(role="representative", team__isnull=False)
                | (~models.Q(role="representative") & models.Q(team__isnull=True)),
                name="official_team_iff_representative",
            ),
        ]

    # The panel's hierarchy, the order every list of officials prints them in (issue 30 item 8; 004 §6.1,
    # §6.2): the chief judge, his deputy, the chief secretary, his deputy, the judges, the secretaries, the
    # admission commission; a team's representative (not an official of the event) last.
    HIERARCHY = (
        Role.CHIEF_JUDGE,
        Role.DEPUTY_CHIEF_JUDGE,
        Role.CHIEF_SECRETARY,
        Role.DEPUTY_CHIEF_SECRETARY,
        Role.JUDGE,
        Role.SECRETARY,
        Role.ADMISSION,
        Role.REPRESENTATIVE,
    )

    def __str__(self) -> str:
        return f"{self.person} — {self.role_display}"

    @classmethod
    def by_hierarchy(cls) -> models.Case:
        """An ``order_by`` term: the role's place in ``HIERARCHY``."""
        return models.Case(
            *(models.When(role=role, then=models.Value(i)) for i, role in enumerate(cls.HIERARCHY)),
            default=models.Value(len(cls.HIERARCHY)),
            output_field=models.IntegerField(),
        )

    @property
    def role_display(self) -> str:
        """The role as lists show it: a representative with his team."""
        if self.role == self.Role.REPRESENTATIVE and self.team_id:
            return str(_("team representative (%(team)s)") % {"team": self.team})
        return str(self.get_role_display())


class RegistrationSettings(models.Model):
    """The regulation's admission settings for one tournament (004 §2.1, §2.2.2, §5.1.2).

    A tournament without a row has the defaults: ``RegistrationSettings.of(tournament)`` returns an unsaved
    instance then, so reading never writes.
    """

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="registration_settings"
    )
    self_registration = models.BooleanField(_("participants may submit entries on the site"), default=False)
    deadline = models.DateTimeField(
        _("entries accepted until"),
        null=True,
        blank=True,
        help_text=_("Empty: until the tournament starts."),
        validators=[sane_date],
    )
    women_in_mens_event = models.BooleanField(
        _("women may enter the men's event"),
        default=True,
        help_text=format_lazy(_("{rule}: unless the regulation forbids it."), rule=cite_lazy("004 §2.1")),
    )
    max_age = models.PositiveSmallIntegerField(
        _("maximum age"),
        null=True,
        blank=True,
        help_text=format_lazy(_("Empty: no upper limit ({rule})."), rule=cite_lazy("004 §2.2.2")),
    )
    min_qualification = models.CharField(
        _("minimum qualification"),
        max_length=10,
        blank=True,
        choices=Qualification.choices,
        help_text=format_lazy(_("Empty: any ({rule})."), rule=cite_lazy("004 §2.2.2")),
    )
    regions = models.TextField(
        _("regions admitted"),
        blank=True,
        help_text=format_lazy(
            _("One region a line; empty: every region ({rule})."), rule=cite_lazy("004 §2.2.2")
        ),
    )

    class Meta:
        verbose_name = _("registration settings")
        verbose_name_plural = _("registration settings")

    def __str__(self) -> str:
        return str(self.tournament)

    @classmethod
    def of(cls, tournament) -> RegistrationSettings:
        found = cls.objects.filter(tournament=tournament).first()
        return found or cls(tournament=tournament)

    @property
    def region_list(self) -> tuple[str, ...]:
        return tuple(line.strip() for line in self.regions.splitlines() if line.strip())

    def accepts_self_registration(self, now) -> bool:
        """Open on the site, before the deadline, and the tournament still takes participants."""
        if not self.self_registration or (self.deadline is not None and now > self.deadline):
            return False
        return accepts_participants(self.tournament)


def accepts_participants(tournament) -> bool:
    """Whether a participant may still join: Swiss fields take late entries between rounds; round robins and
    brackets are fixed once the first round is drawn; a finished tournament takes nobody."""
    if tournament.is_closed:  # finished or cancelled
        return False
    if tournament.system in {System.SWISS, System.SWISS_LOSSES}:
        return True
    return not tournament.round_set.exists()


class RankNorm(models.Model):
    """A norm of the regulation for a sports rank or title in this tournament: places 1…``place_to``
    fulfil it, when at least ``min_participants`` took part (empty: any number). The final protocol prints
    the highest rank a participant's place fulfils; a tournament without norms prints none."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="rank_norms"
    )
    qualification = models.CharField(_("sports rank or title"), max_length=10, choices=Qualification.choices)
    place_to = models.PositiveSmallIntegerField(_("places 1 to"))
    min_participants = models.PositiveSmallIntegerField(
        _("at least this many participants"), null=True, blank=True
    )

    class Meta:
        verbose_name = _("rank norm")
        verbose_name_plural = _("rank norms")
        ordering = ["place_to", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "qualification"], name="rank_norm_once"),
            models.CheckConstraint(condition=models.Q(place_to__gte=1), name="rank_norm_place_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.get_qualification_display()}: 1–{self.place_to}"


def rank_fulfilled(norms, place: int | None, participants: int) -> str:
    """The qualification code of the highest norm that ``place`` fulfils among ``participants``, or "".

    ``place`` is the worst place of a shared range (5–8 counts as 8): a norm is fulfilled by a place the
    participant holds for certain."""
    if place is None:
        return ""
    order = [q.value for q in Qualification]
    met = [
        n.qualification
        for n in norms
        if place <= n.place_to and (n.min_participants is None or participants >= n.min_participants)
    ]
    return max(met, key=order.index, default="")


def rank_counts(code: str, held: str, confirmation: bool) -> str:
    """Whether a rank a place fulfils (``code``) counts for a participant holding ``held`` (issue 30 item 7):
    "new" for a rank higher than the one held, "confirmed" for the rank held itself where the regulation
    counts a confirmation (``Tournament.rank_confirmation``), "" otherwise. The final protocol, the chief
    judge's report and the federation's register print it so."""
    if not code:
        return ""
    order = list(Qualification.values)
    if held in order and order.index(code) <= order.index(held):
        return "confirmed" if order.index(code) == order.index(held) and confirmation else ""
    return "new"


class Source(models.TextChoices):
    SELF = "self", _("submitted on the site")
    SECRETARY = "secretary", _("entered by the secretary")
    IMPORT = "import", _("imported from a file")


class Submission(models.Model):
    """What every entry and team entry carries: the sending organisation, the disciplines and the responsible
    person (004 §5.1.3), and how and when it was received."""

    organisation = models.CharField(_("sending organisation"), max_length=200)
    region = models.CharField(_("region"), max_length=200)
    disciplines = models.CharField(_("disciplines entered"), max_length=50)  # codes, comma-separated
    responsible_name = models.CharField(_("responsible person"), max_length=200)
    responsible_phone = models.CharField(_("responsible person's phone"), max_length=50, blank=True)
    responsible_email = models.EmailField(_("responsible person's e-mail"), blank=True)
    source = models.CharField(_("received"), max_length=10, choices=Source.choices, default=Source.SECRETARY)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(_("received at"), auto_now_add=True)

    class Meta:
        abstract = True

    @property
    def discipline_codes(self) -> list[str]:
        return [code for code in self.disciplines.split(",") if code]

    def disciplines_display(self) -> str:
        labels = dict(Discipline.choices)
        return ", ".join(str(labels.get(code, code)) for code in self.discipline_codes)


class TeamEntry(Submission):
    """A team's entry: the model form at the end of 004 (team name, representative or coach, doctor, head of
    the sending organisation). Its members are ``Entry`` rows, each checked and admitted on its own."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="team_entries"
    )
    name = models.CharField(_("team name"), max_length=200)
    representative = models.CharField(_("coach (team representative)"), max_length=200)
    doctor = models.CharField(_("doctor"), max_length=200, blank=True)
    head_of_organisation = models.CharField(_("head of the sending organisation"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("team entry")
        verbose_name_plural = _("team entries")
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="team_entry_name_unique")]

    def __str__(self) -> str:
        return self.name


class Entry(Submission):
    """One person's entry (заявка) to one tournament and the admission commission's decision on it.

    The person is the one record across tournaments (same surname, name, patronymic and date of birth); the
    entry keeps what was declared for this tournament. Admission makes the person an active ``Participant``,
    the draw's input; refusal or invalidity takes him out again (see ``registration.manager``).
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        ADMITTED = "admitted", _("admitted")
        REFUSED = "refused", _("refused")

    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE, related_name="entries")
    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="entries")
    # 003 «Пары»: a pairs event's entry names both players; the commission admits the pair only when both
    # pass (a disqualification of either bars it).
    partner = models.ForeignKey(
        Person,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="pair_entries",
        verbose_name=_("partner"),
    )
    team_entry = models.ForeignKey(
        TeamEntry,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="members",
        verbose_name=_("team"),
    )
    qualification = models.CharField(
        _("qualification"), max_length=10, blank=True, choices=Qualification.choices
    )
    club = models.CharField(_("club"), max_length=200, blank=True)
    coach = models.CharField(_("coach"), max_length=200, blank=True)
    identity_document_number = models.CharField(
        _("identity document (type, number)"), max_length=100, blank=True
    )
    insurance_policy_number = models.CharField(
        _("medical insurance policy number"), max_length=100, blank=True
    )

    # Ticked by the commission once it has seen the originals (004 §2.3.3, §2.5.1).
    has_identity_document = models.BooleanField(_("identity document shown"), default=False)
    has_medical_clearance = models.BooleanField(_("medical clearance shown"), default=False)
    has_insurance = models.BooleanField(_("insurance policy shown"), default=False)

    status = models.CharField(_("decision"), max_length=10, choices=Status.choices, default=Status.PENDING)
    decision_reason = models.TextField(_("reason"), blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)

    # 004 §5.1.4: an entry with false data is invalid.
    invalid = models.BooleanField(_("invalid"), default=False)
    invalid_reason = models.TextField(_("why the entry is invalid"), blank=True)
    # Numbered within the tournament: its first entry is № 1 (set once, when the entry is made).
    number = models.PositiveIntegerField(_("No."), null=True, blank=True, editable=False)
    # From an imported file (issue 14 item 4): the seeding number or the rating the participant gets when
    # the entry is admitted (the draw places by seeding numbers, then by rating).
    seed = models.PositiveIntegerField(_("seeding number"), null=True, blank=True)
    rating = models.PositiveIntegerField(_("rating"), null=True, blank=True)

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["person__surname", "person__name", "person__patronymic", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "person"], name="entry_once_per_tournament"),
            models.UniqueConstraint(fields=["tournament", "number"], name="entry_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.person} — {self.tournament}"

    def save(self, *args, **kwargs) -> None:
        if self.number is not None:
            super().save(*args, **kwargs)
            return
        with transaction.atomic():
            # The next number of this tournament, under a lock on the tournament's row: two entries made at
            # once wait for each other instead of sharing a number.
            Tournament.objects.select_for_update().filter(pk=self.tournament_id).first()
            self.number = Entry.next_number(self.tournament_id)
            super().save(*args, **kwargs)

    @staticmethod
    def next_number(tournament_id: int) -> int:
        """The number the tournament's next entry takes; the caller holds the tournament's row lock."""
        last = Entry.objects.filter(tournament_id=tournament_id).aggregate(n=Max("number"))["n"]
        return (last or 0) + 1


class EntryImport(models.Model):
    """A file of entries between its preview and its confirmation: the bytes are kept here, not on one web
    process's disk, so the confirmation may reach any process."""

    class Status(models.TextChoices):
        CHECKING = "checking", _("being checked")
        PREVIEWED = "previewed", _("previewed")
        IMPORTING = "importing", _("being imported")
        CONFIRMED = "confirmed", _("confirmed")
        FAILED = "failed", _("failed")

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="entry_imports"
    )
    file_name = models.CharField(max_length=255)
    file_format = models.CharField(max_length=10)
    data = models.BinaryField()
    rows = models.PositiveIntegerField(default=0)
    bad_rows = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PREVIEWED)
    # The Celery task's progress (rows checked or imported of ``total``) and its outcome: the preview's
    # problems, or what was saved (registration.tasks; issue 13 item 11).
    progress = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    outcome = models.JSONField(default=dict, blank=True)
    # What the secretary gave once for the whole file (the responsible person, his phone…), filled where a
    # row leaves the cell empty; and his answers to the preview's "maybe the same person" proposals
    # ({line: person id, "new" or "skip"}).
    defaults = models.JSONField(default=dict, blank=True)
    decisions = models.JSONField(default=dict, blank=True)
    saved = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("import of entries")
        verbose_name_plural = _("imports of entries")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.file_name


class CheckIn(models.Model):
    """A participant present before the draw of a round (issue 14 item 3): checked in by his own link or at
    the desk. ``round_number`` is the round about to be drawn (1: before the first)."""

    class Via(models.TextChoices):
        LINK = "link", _("by his link")
        DESK = "desk", _("at the desk")

    participant = models.ForeignKey(Participant, on_delete=models.CASCADE, related_name="checkins")
    round_number = models.PositiveSmallIntegerField()
    at = models.DateTimeField(auto_now_add=True)
    via = models.CharField(max_length=5, choices=Via.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        verbose_name = _("check-in")
        verbose_name_plural = _("check-ins")
        constraints = [
            models.UniqueConstraint(fields=["participant", "round_number"], name="one_checkin_per_round")
        ]

    def __str__(self) -> str:
        return f"{self.participant}: {self.round_number}"
