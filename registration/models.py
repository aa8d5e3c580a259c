"""People, participants, teams and officials (004 §2, §5.1, §6)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Gender(models.TextChoices):
    MALE = "male", _("male")
    FEMALE = "female", _("female")


class Person(models.Model):
    """One record per human across tournaments, so history and sanctions follow the person."""

    surname = models.CharField(_("surname"), max_length=100)
    name = models.CharField(_("name"), max_length=100)
    patronymic = models.CharField(_("patronymic"), max_length=100, blank=True)
    birth_date = models.DateField(_("date of birth"), null=True, blank=True)
    gender = models.CharField(_("gender"), max_length=10, choices=Gender.choices, default=Gender.MALE)
    organisation = models.CharField(_("sending organisation"), max_length=200, blank=True)
    region = models.CharField(_("region"), max_length=200, blank=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="person"
    )

    class Meta:
        verbose_name = _("person")
        verbose_name_plural = _("people")
        ordering = ["surname", "name", "patronymic"]
        constraints = [
            models.UniqueConstraint(
                fields=["surname", "name", "patronymic", "birth_date"], name="person_identity_unique"
            )
        ]

    def __str__(self) -> str:
        return self.full_name

    @property
    def full_name(self) -> str:
        return " ".join(part for part in (self.surname, self.name, self.patronymic) if part)

    @property
    def short_name(self) -> str:
        initials = "".join(f"{part[0]}." for part in (self.name, self.patronymic) if part)
        return f"{self.surname} {initials}".strip()


class Team(models.Model):
    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("team name"), max_length=200)

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
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="members")
    seed = models.PositiveIntegerField(_("seeding number"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.ACTIVE)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("participant")
        verbose_name_plural = _("participants")
        ordering = ["seed", "person__surname", "person__name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "person"], name="participant_once_per_tournament")
        ]

    def __str__(self) -> str:
        return self.person.full_name

    @property
    def key(self) -> str:
        """The id the pure pairing engine knows this participant by."""
        return str(self.pk)


class Official(models.Model):
    """A person holding a role in one tournament; the role is where powers come from (004 §6)."""

    class Role(models.TextChoices):
        CHIEF_JUDGE = "chief_judge", _("chief judge")
        CHIEF_SECRETARY = "chief_secretary", _("chief secretary")
        SECRETARY = "secretary", _("secretary")
        JUDGE = "judge", _("judge")
        ADMISSION = "admission", _("admission commission member")

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="officials"
    )
    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="official_roles")
    role = models.CharField(_("role"), max_length=20, choices=Role.choices)
    accredited = models.BooleanField(_("accredited"), default=True)

    class Meta:
        verbose_name = _("official")
        verbose_name_plural = _("officials")
        ordering = ["role", "person__surname"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "person", "role"], name="official_role_once")
        ]

    def __str__(self) -> str:
        return f"{self.person} — {self.get_role_display()}"
