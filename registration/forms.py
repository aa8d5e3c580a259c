"""Entry forms (004 §5.1.3 and the model form at the end of 004) and the commission's forms.

``EntryForm`` is the one place an entry's data is validated: the public form, the secretary's form and every
row of an imported file go through it.
"""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.db import IntegrityError, models, transaction
from django.utils.formats import date_format
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from registration import manager, permissions
from registration.models import (
    Entry,
    Gender,
    JudgingCategory,
    Official,
    Participant,
    Person,
    Qualification,
    RankNorm,
    RegistrationSettings,
    Source,
    Team,
    TeamEntry,
)
from tournaments.models import Character, Discipline, Tournament, log
from tournaments.rules import cite, cite_lazy
from tournaments.validators import sane_date

DATE_FORMATS = ["%Y-%m-%d", "%d.%m.%Y"]  # the browser's date input; the way dates are written in Russia
CONTACT_FIELDS = ["responsible_name", "responsible_phone", "responsible_email"]


class Fieldsets:
    """A form drawn in groups: ``FIELDSETS`` is a list of (legend, note, field names)."""

    FIELDSETS: list = []

    def fieldsets(self):
        for legend, note, names in self.FIELDSETS:
            fields = [self[name] for name in names if name in self.fields]
            if fields:
                yield legend, note, fields


class IdentityFields(forms.Form):
    """Who the person is: the same surname, name, patronymic and date of birth are the same person."""

    surname = forms.CharField(label=gettext_lazy("surname"), max_length=100)
    name = forms.CharField(label=gettext_lazy("name"), max_length=100)
    patronymic = forms.CharField(label=gettext_lazy("patronymic"), max_length=100, required=False)
    birth_date = forms.DateField(
        label=gettext_lazy("date of birth"),
        input_formats=DATE_FORMATS,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    gender = forms.ChoiceField(label=gettext_lazy("gender"), choices=Gender.choices)

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament

    def clean_surname(self):
        return manager.clean_name(self.cleaned_data["surname"])

    def clean_name(self):
        return manager.clean_name(self.cleaned_data["name"])

    def clean_patronymic(self):
        return manager.clean_name(self.cleaned_data["patronymic"])

    def clean_birth_date(self):
        value = self.cleaned_data["birth_date"]
        if value >= self.tournament.start_date:
            raise forms.ValidationError(_("The date of birth must be before the tournament."))
        if value.year < 1900:
            raise forms.ValidationError(_("Check the date of birth."))
        return value

    def identity(self) -> manager.Identity:
        d = self.cleaned_data
        return manager.Identity(d["surname"], d["name"], d.get("patronymic", ""), d["birth_date"])


def _discipline_field() -> forms.MultipleChoiceField:
    return forms.MultipleChoiceField(
        label=gettext_lazy("disciplines entered"),
        choices=Discipline.choices,
        widget=forms.CheckboxSelectMultiple,
    )


PARTNER_FIELDS = [
    "partner_surname",
    "partner_name",
    "partner_patronymic",
    "partner_birth_date",
    "partner_gender",
]


class EntryForm(Fieldsets, IdentityFields, forms.ModelForm):
    """One person's entry: 004 §5.1.3 items 1–3, the team for team events, the documents' numbers; in a pairs
    event (003 «Пары») the partner too."""

    disciplines = _discipline_field()
    team_name = forms.CharField(label=gettext_lazy("team name"), max_length=200, required=False)
    partner_surname = forms.CharField(label=gettext_lazy("partner's surname"), max_length=100, required=False)
    partner_name = forms.CharField(label=gettext_lazy("partner's name"), max_length=100, required=False)
    partner_patronymic = forms.CharField(
        label=gettext_lazy("partner's patronymic"), max_length=100, required=False
    )
    partner_birth_date = forms.DateField(
        label=gettext_lazy("partner's date of birth"),
        input_formats=DATE_FORMATS,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        required=False,
    )
    partner_gender = forms.ChoiceField(
        label=gettext_lazy("partner's gender"), choices=Gender.choices, required=False
    )
    # Set on an import's row form (``registration.imports``): the file's other columns, a year of birth only.
    extra: dict[str, Any]
    year_only: bool

    class Meta:
        model = Entry
        fields = [
            "organisation",
            "region",
            "qualification",
            "club",
            "coach",
            "disciplines",
            *CONTACT_FIELDS,
            "identity_document_number",
            "insurance_policy_number",
        ]

    field_order = ["surname", "name", "patronymic", "birth_date", "gender", "team_name", *Meta.fields]
    FIELDSETS = [
        (
            gettext_lazy("Participant"),
            "",
            [
                "surname",
                "name",
                "patronymic",
                "birth_date",
                "gender",
                "qualification",
                "club",
                "coach",
                "team_name",
            ],
        ),
        (gettext_lazy("Partner (pairs)"), "", PARTNER_FIELDS),
        (gettext_lazy("Sending organisation and disciplines"), "", ["organisation", "region", "disciplines"]),
        (gettext_lazy("Responsible person"), "", CONTACT_FIELDS),
        (
            gettext_lazy("Documents"),
            format_lazy(
                gettext_lazy(
                    "The originals are shown to the admission commission: identity document, medical "
                    "clearance, medical insurance policy ({rule})."
                ),
                rule=cite_lazy("004 §2.3.3, §2.5.1"),
            ),
            ["identity_document_number", "insurance_policy_number"],
        ),
    ]

    def __init__(
        self,
        *args,
        tournament: Tournament,
        public: bool = False,
        lookup: manager.PeopleLookup | None = None,
        **kwargs,
    ):
        super().__init__(*args, tournament=tournament, **kwargs)
        # How people and their entries are found: one query each, or a file's worth read at once (imports).
        self.lookup = lookup or manager.PeopleLookup(tournament)
        # On the public form a duplicate is not an error: the answer is the same as for a new entry (no
        # birth-date oracle, issue 13 item 2) and the commission finds the attempt in the change log.
        self.public = public
        self.duplicate: Entry | None = None
        if tournament.character == Character.PERSONAL:
            del self.fields["team_name"]
        elif tournament.character == Character.TEAM:
            self.fields["team_name"].required = True
        if tournament.is_pairs:
            # 003 «Пары»: the pair is one entry of two people.
            for name in ("partner_surname", "partner_name", "partner_birth_date", "partner_gender"):
                self.fields[name].required = True
        else:
            for name in PARTNER_FIELDS:
                del self.fields[name]
        entry = self.instance
        cast(forms.ChoiceField, self.fields["qualification"]).choices = [("", "—"), *Qualification.choices]
        if entry.pk:
            person = entry.person
            self.initial.update(
                surname=person.surname,
                name=person.name,
                patronymic=person.patronymic,
                birth_date=person.birth_date,
                gender=person.gender,
                disciplines=entry.discipline_codes,
                team_name=entry.team_entry.name if entry.team_entry_id else "",
            )
            if person.birth_year_only and person.birth_date is not None:
                # The field holds 1 January; the form says the year is all that is known (issue 28 §4).
                self.fields["birth_date"].help_text = _(
                    "Only the year of birth is known: %(y)s (the field shows 1 January of it)."
                ) % {"y": person.birth_date.year}
            if entry.partner_id:
                partner = entry.partner
                self.initial.update(
                    partner_surname=partner.surname,
                    partner_name=partner.name,
                    partner_patronymic=partner.patronymic,
                    partner_birth_date=partner.birth_date,
                    partner_gender=partner.gender,
                )
        else:
            self.initial.setdefault("disciplines", [tournament.discipline])

    def clean_disciplines(self):
        codes = self.cleaned_data["disciplines"]
        if self.tournament.discipline not in codes:
            raise forms.ValidationError(
                _("The entry must name this tournament's discipline: %(d)s.")
                % {"d": self.tournament.get_discipline_display()}
            )
        return ",".join(codes)

    def clean_team_name(self):
        return " ".join(self.cleaned_data["team_name"].split())

    def partner_identity(self) -> manager.Identity | None:
        d = self.cleaned_data
        if not self.tournament.is_pairs:
            return None
        return manager.Identity(
            manager.clean_name(d["partner_surname"]),
            manager.clean_name(d["partner_name"]),
            manager.clean_name(d.get("partner_patronymic", "")),
            d["partner_birth_date"],
        )

    def _clean_partner(self) -> None:
        """003 «Пары»: the partner is another person, in no other entry of this event."""
        partner_id = self.partner_identity()
        if partner_id is None:
            return
        if partner_id.birth_date >= self.tournament.start_date:
            self.add_error("partner_birth_date", _("The date of birth must be before the tournament."))
            return
        if partner_id.lookup() == self.identity().lookup():
            self.add_error("partner_surname", _("The partner must be another person."))
            return
        person = manager.find_person(self.identity())
        if person is not None and (
            Entry.objects.filter(tournament=self.tournament, partner=person)
            .exclude(pk=self.instance.pk)
            .exists()
        ):
            self.add_error("surname", _("%(p)s is already entered in this event.") % {"p": person.full_name})
            return
        partner = manager.find_person(partner_id)
        if partner is None:
            return
        taken = (
            Entry.objects.filter(
                models.Q(person=partner) | models.Q(partner=partner), tournament=self.tournament
            )
            .exclude(pk=self.instance.pk)
            .exclude(status=Entry.Status.REFUSED)
        )
        if taken.exists():
            self.add_error(
                "partner_surname",
                _("%(p)s is already entered in this event.") % {"p": partner.full_name},
            )

    def clean(self):
        data = super().clean()
        _refuse_when_finished(self)
        _require_a_contact(self, data)
        if self.errors:
            return data
        self._clean_partner()
        if self.errors:
            return data
        person = self.lookup.person(self.identity())
        if person is not None:
            duplicate = self.lookup.entry(person, exclude=self.instance.pk)
            if duplicate is not None and self.public:
                self.duplicate = duplicate
            elif duplicate is not None:
                raise forms.ValidationError(duplicate_message(duplicate))
        return data

    @transaction.atomic
    def save(  # type: ignore[override]  # always saves (the person first): no ``commit``
        self,
        *,
        source: str = Source.SECRETARY,
        user=None,
        person: Person | None = None,
        year_only: bool = False,
        number: int | None = None,
    ) -> Entry | None:
        """Create or change the entry; the person is found or created by identity (one record per human),
        or is ``person`` when the secretary chose him (an import's "maybe the same person"). ``year_only``:
        the file gave the year of birth only (a new person is flagged so).

        ``number``: a new entry's number, given by a caller that holds the tournament's lock already and
        numbers a whole batch (an import: issue 35 §4); the lock and the numbering are then not asked again.

        On the public form a second entry for a person is not saved: None, and the change log says so."""
        d = self.cleaned_data
        if number is None:
            manager.lock_open(self.tournament.pk)  # 004 §6.2.1 item 6: AdmissionError once it is finished
        if self.duplicate is not None:
            log_duplicate(self.duplicate, user)
            return None
        entry = super().save(commit=False)
        entry.tournament = self.tournament
        # A public form is anonymous input: it makes an unconfirmed record or none, and changes no record
        # (issue 25 item 8); an official's form confirms a record only a public form made.
        public = source == Source.SELF
        by = {"public": public, "tournament": self.tournament, "by": user}
        if person is not None and not public:
            manager.confirm_person(
                person,
                self.tournament,
                user,
                gender=d["gender"],
                organisation=d["organisation"],
                region=d["region"],
                year_only=year_only,
            )
        entry.person = person or manager.person_for(
            self.identity(),
            gender=d["gender"],
            organisation=d["organisation"],
            region=d["region"],
            claimant=user if public else None,
            year_only=year_only,
            **by,
        )
        entry.team_entry = manager.team_entry_for(entry, d.get("team_name", ""), user)
        partner_id = self.partner_identity()
        entry.partner = (
            manager.person_for(
                partner_id,
                gender=d["partner_gender"],
                organisation=d["organisation"],
                region=d["region"],
                **by,
            )
            if partner_id is not None
            else None
        )
        if entry.pk is None:
            entry.source = source
            entry.submitted_by = user if getattr(user, "is_authenticated", False) else None
            if number is not None:
                entry.number = number
        try:
            with transaction.atomic():
                entry.save()
        except IntegrityError:
            # Someone entered the same person a moment ago (the unique constraint is the referee).
            duplicate = Entry.objects.get(tournament=self.tournament, person=entry.person)
            if self.public:
                log_duplicate(duplicate, user)
                return None
            raise manager.AdmissionError(duplicate_message(duplicate)) from None
        return entry


def log_entry_received(entry: Entry, user) -> None:
    """An entry sent on a public form (an event's, a competition's): the commission finds it in the log."""
    log(
        entry.tournament,
        user,
        "entry",
        _("Entry received on the site: %(p)s") % {"p": entry.person},
        entry=entry.pk,
    )


def log_duplicate(duplicate: Entry, user) -> None:
    """A second entry for a person, sent on the public form: not saved, told to nobody but the commission."""
    log(
        duplicate.tournament,
        user,
        "entry_duplicate",
        _("A second entry for %(p)s was sent on the site and not saved (entry No. %(n)s stays)")
        % {"p": duplicate.person, "n": duplicate.pk},
        entry=duplicate.pk,
    )


def duplicate_message(entry: Entry) -> str:
    person = entry.person
    return _(
        "An entry for %(p)s, born %(d)s, is already registered in this tournament (No. %(n)s, %(s)s). "
        "One person has one entry: ask the admission commission to correct it."
    ) % {
        "p": person.full_name,
        "d": date_format(person.birth_date, "d.m.Y") if person.birth_date else "—",
        "n": entry.number,
        "s": entry.get_status_display(),
    }


class TeamEntryForm(Fieldsets, forms.ModelForm):
    """The team part of the model form at the end of 004."""

    disciplines = _discipline_field()

    class Meta:
        model = TeamEntry
        fields = [
            "name",
            "organisation",
            "region",
            "disciplines",
            "representative",
            "doctor",
            "head_of_organisation",
            *CONTACT_FIELDS,
        ]

    FIELDSETS = [
        (
            gettext_lazy("Team"),
            "",
            [
                "name",
                "organisation",
                "region",
                "disciplines",
                "representative",
                "doctor",
                "head_of_organisation",
            ],
        ),
        (gettext_lazy("Responsible person"), "", CONTACT_FIELDS),
    ]

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.instance.tournament = tournament
        if self.instance.pk:
            self.initial["disciplines"] = self.instance.discipline_codes
        else:
            self.initial.setdefault("disciplines", [tournament.discipline])

    clean_disciplines = EntryForm.clean_disciplines

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        if (
            TeamEntry.objects.filter(tournament=self.tournament, name=name)
            .exclude(pk=self.instance.pk)
            .exists()
        ):
            raise forms.ValidationError(_("A team with this name has already entered this tournament."))
        return name

    def clean(self):
        data = super().clean()
        _refuse_when_finished(self)
        _require_a_contact(self, data)
        return data


def _refuse_when_finished(form) -> None:
    """004 §6.2.1 item 6: a finished tournament takes no entry and no change of one (told on the form; the
    save refuses it too, under the tournament's lock: ``manager.lock_open``)."""
    if form.tournament.read_only_reason:
        form.add_error(None, form.tournament.read_only_reason)


def _require_a_contact(form: forms.Form, data: dict) -> None:
    """004 §5.1.3 item 3: the responsible person's contacts — a phone or an e-mail."""
    if (
        "responsible_phone" in data
        and not data.get("responsible_phone")
        and not data.get("responsible_email")
    ):
        form.add_error(
            "responsible_phone",
            _("Give the responsible person's phone or e-mail (%(rule)s).") % {"rule": cite("004 §5.1.3")},
        )


class MemberForm(IdentityFields):
    """One team member: who he is, his qualification and documents' numbers."""

    qualification = forms.ChoiceField(
        label=gettext_lazy("qualification"), choices=[("", "—"), *Qualification.choices], required=False
    )
    identity_document_number = forms.CharField(
        label=gettext_lazy("identity document (type, number)"), max_length=100, required=False
    )
    insurance_policy_number = forms.CharField(
        label=gettext_lazy("medical insurance policy number"), max_length=100, required=False
    )


class BaseMemberFormSet(forms.BaseFormSet):
    def __init__(self, *args, tournament: Tournament, public: bool = False, **kwargs):
        self.tournament = tournament
        self.public = public  # duplicates are not errors on the public form (see EntryForm)
        super().__init__(*args, **kwargs)

    def get_form_kwargs(self, index):
        return {**super().get_form_kwargs(index), "tournament": self.tournament}

    def clean(self):
        if any(self.errors):
            return
        seen = set()
        for form in self.forms:
            if not form.has_changed():
                continue
            identity = form.identity()
            if identity in seen:
                raise forms.ValidationError(_("%(p)s is listed twice.") % {"p": identity.full_name})
            seen.add(identity)
            person = manager.find_person(identity)
            duplicate = (
                Entry.objects.filter(tournament=self.tournament, person=person).first() if person else None
            )
            if duplicate is not None and not self.public:
                form.add_error(None, duplicate_message(duplicate))


# The factory answers a subclass of the formset it is given; the stubs type it as the base class.
MemberFormSet = cast(
    type[BaseMemberFormSet],
    forms.formset_factory(
        MemberForm,
        formset=BaseMemberFormSet,
        extra=6,
        min_num=1,
        validate_min=True,
        max_num=30,
        validate_max=True,
    ),
)


@transaction.atomic
def save_team_entry(team_form: TeamEntryForm, members: BaseMemberFormSet, *, source: str, user) -> TeamEntry:
    """The team entry and one ``Entry`` per member, all or nothing."""
    manager.lock_open(team_form.tournament.pk)  # 004 §6.2.1 item 6: AdmissionError once it is finished
    team = team_form.save(commit=False)
    if team.pk is None:
        team.source = source
        team.submitted_by = user if getattr(user, "is_authenticated", False) else None
    team.save()
    for form in members.forms:
        if not form.has_changed():
            continue
        d = form.cleaned_data
        person = manager.person_for(
            form.identity(),
            gender=d["gender"],
            organisation=team.organisation,
            region=team.region,
            claimant=user if source == Source.SELF else None,
            public=source == Source.SELF,
            tournament=team.tournament,
            by=user,
        )
        duplicate = Entry.objects.filter(tournament=team.tournament, person=person).first()
        if duplicate is not None and members.public:
            log_duplicate(duplicate, user)
            continue
        try:
            with transaction.atomic():
                Entry.objects.create(
                    tournament=team.tournament,
                    person=person,
                    team_entry=team,
                    qualification=d.get("qualification", ""),
                    identity_document_number=d.get("identity_document_number", ""),
                    insurance_policy_number=d.get("insurance_policy_number", ""),
                    **manager.contacts_of(team),
                )
        except IntegrityError:
            duplicate = Entry.objects.get(tournament=team.tournament, person=person)
            if members.public:
                log_duplicate(duplicate, user)
                continue
            raise manager.AdmissionError(duplicate_message(duplicate)) from None
    return team


class DocumentsForm(forms.ModelForm):
    """The documents the commission has seen (004 §2.3.3, §2.5.1)."""

    class Meta:
        model = Entry
        fields = ["has_identity_document", "has_medical_clearance", "has_insurance"]


class BulkDecisionForm(forms.Form):
    """A decision on the entries ticked in the list, with the documents seen for them all (issue 14
    item 4)."""

    has_identity_document = forms.BooleanField(label=gettext_lazy("identity document shown"), required=False)
    has_medical_clearance = forms.BooleanField(label=gettext_lazy("medical clearance shown"), required=False)
    has_insurance = forms.BooleanField(label=gettext_lazy("insurance policy shown"), required=False)
    # A decision first, admission the default (issue 28 §4: the list opened on "pending", a decision that
    # decides nothing); pending last, for sending entries back to review.
    status = forms.ChoiceField(
        label=gettext_lazy("decision"),
        choices=[
            (Entry.Status.ADMITTED, Entry.Status.ADMITTED.label),
            (Entry.Status.REFUSED, Entry.Status.REFUSED.label),
            (Entry.Status.PENDING, Entry.Status.PENDING.label),
        ],
        initial=Entry.Status.ADMITTED,
    )
    reason = forms.CharField(label=gettext_lazy("reason (for a refusal)"), required=False, max_length=2000)


class DecisionForm(forms.Form):
    status = forms.ChoiceField(label=gettext_lazy("decision"), choices=Entry.Status.choices)
    reason = forms.CharField(
        label=gettext_lazy("reason"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class ReasonForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("reason"), max_length=2000, widget=forms.Textarea(attrs={"rows": 2})
    )


class RegistrationSettingsForm(forms.ModelForm):
    class Meta:
        model = RegistrationSettings
        fields = [
            "self_registration",
            "deadline",
            "women_in_mens_event",
            "max_age",
            "min_qualification",
            "regions",
        ]
        widgets = {
            "deadline": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
            "regions": forms.Textarea(attrs={"rows": 4}),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["deadline"].input_formats = ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%d.%m.%Y %H:%M"]

    def clean_max_age(self):
        value = self.cleaned_data["max_age"]
        min_age = self.instance.tournament.min_age
        if value is not None and value < min_age:
            raise forms.ValidationError(
                _("The maximum age cannot be below the minimum age (%(n)s).") % {"n": min_age}
            )
        return value


class OfficialForm(IdentityFields):
    """Registering an official (004 §5.3.2 item 1): a role and the person, found by his login or identity.

    With a login, the role goes to the person the account already belongs to, and only when the surname and
    name typed are his: the form never shows an account's name, never compares (or stores) anybody's date of
    birth, and answers one neutral sentence for a wrong login and a wrong name alike. Binding a person to an
    account, and changing a person's identity, are left to the person himself or a superuser (the admin).
    """

    role = forms.ChoiceField(label=gettext_lazy("role"), choices=Official.Role.choices)
    judging_category = forms.ChoiceField(
        label=gettext_lazy("judging category"),
        choices=[("", "—"), *JudgingCategory.choices],
        required=False,
    )
    city = forms.CharField(label=gettext_lazy("city"), max_length=100, required=False)
    username = forms.CharField(
        label=gettext_lazy("login on this site"),
        required=False,
        max_length=150,
        help_text=gettext_lazy(
            "The role gives powers on the site only to an account; leave empty for none. With a login, type "
            "the surname and name of its owner; his date of birth is not needed."
        ),
    )
    team = forms.ModelChoiceField(
        label=gettext_lazy("team (for a team representative)"),
        queryset=Team.objects.none(),
        required=False,
        help_text=gettext_lazy("A team appears here once one of its members is admitted."),
    )
    # 004 §2.4.3: the players a coach speaks for (a coach of a personal event).
    athletes = forms.ModelMultipleChoiceField(
        label=gettext_lazy("players he coaches (for a coach)"),
        queryset=Participant.objects.none(),
        required=False,
    )
    organisation = forms.CharField(label=gettext_lazy("organisation"), max_length=200, required=False)
    region = forms.CharField(label=gettext_lazy("region"), max_length=200, required=False)

    field_order = [
        "role",
        "team",
        "athletes",
        "username",
        "surname",
        "name",
        "patronymic",
        "birth_date",
        "gender",
    ]

    def __init__(self, *args, by=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["gender"].required = False
        self.fields["gender"].choices = [("", "—"), *Gender.choices]
        self.fields["birth_date"].required = False
        self.fields["team"].queryset = Team.objects.filter(tournament=self.tournament)
        self.fields["athletes"].queryset = self.tournament.participants.select_related("person", "partner")
        # Only the roles below the user's own are offered (004 §6.1, §6.2).
        self.fields["role"].choices = [
            (value, label)
            for value, label in Official.Role.choices
            if by is None or permissions.may_register_role(by, self.tournament, value)
        ]

    def clean_birth_date(self):
        value = self.cleaned_data["birth_date"]
        if value is not None and (value.year < 1900 or value >= self.tournament.start_date):
            raise forms.ValidationError(_("Check the date of birth."))
        return value

    def clean(self):
        data = super().clean()
        representative = data.get("role") == Official.Role.REPRESENTATIVE
        if representative and not data.get("team"):
            self.add_error("team", _("A team representative is registered for his team: choose the team."))
        elif not representative and data.get("team"):
            self.add_error("team", _("Only a team representative is registered for a team."))
        coach = data.get("role") == Official.Role.COACH
        if coach and not data.get("athletes"):
            self.add_error("athletes", _("A coach is registered for the players he coaches: choose them."))
        elif not coach and data.get("athletes"):
            self.add_error("athletes", _("Only a coach is registered for players."))
        username = data.get("username", "").strip()
        if not username and not data.get("birth_date") and "birth_date" not in self.errors:
            self.add_error("birth_date", _("Without a login, the date of birth is required."))
        if self.errors:
            return data
        if username:
            data["person"] = manager.account_person(
                data["surname"], data["name"], data["patronymic"], username
            )
            if data["person"] is None:
                raise forms.ValidationError(
                    _("No account with this login belongs to a person of this surname and name.")
                )
        else:
            data["person"] = manager.find_person(self.identity())
        person: Person | None = data["person"]
        if person is not None:
            if Official.objects.filter(tournament=self.tournament, person=person, role=data["role"]).exists():
                raise forms.ValidationError(_("%(p)s already holds this role here.") % {"p": person})
            refusal = manager.official_refusal(self.tournament, person, data["role"])
            if refusal:
                raise forms.ValidationError(refusal)
        return data


class ImportForm(forms.Form):
    file = forms.FileField(
        allow_empty_file=True,  # read_file says "the file is empty" in the words of the import
        label=gettext_lazy("file (CSV, Unicode text or XLSX)"),
        help_text=gettext_lazy("One row holds the column names (a title may stand above it); at most 2 MB."),
    )
    # Given once for the whole file, filled where a row leaves the cell empty (004 §5.1.3 item 3: the
    # responsible person and his contacts are one per sending organisation, not one per player).
    responsible_name = forms.CharField(
        label=gettext_lazy("responsible person (for every row without one)"), max_length=200, required=False
    )
    responsible_phone = forms.CharField(
        label=gettext_lazy("his phone (for every row without one)"), max_length=50, required=False
    )
    responsible_email = forms.EmailField(
        label=gettext_lazy("his e-mail (for every row without one)"), required=False
    )
    organisation = forms.CharField(
        label=gettext_lazy("sending organisation (for every row without one)"), max_length=200, required=False
    )
    region = forms.CharField(
        label=gettext_lazy("region (for every row without one)"), max_length=200, required=False
    )

    def defaults(self) -> dict:
        names = ("responsible_name", "responsible_phone", "responsible_email", "organisation", "region")
        return {n: " ".join(self.cleaned_data[n].split()) for n in names if self.cleaned_data.get(n)}


class ParticipantForm(IdentityFields):
    """The secretary's shortcut to a participant; the person is found by the same identity as an entry's."""

    organisation = forms.CharField(label=gettext_lazy("sending organisation"), max_length=200, required=False)
    region = forms.CharField(label=gettext_lazy("region"), max_length=200, required=False)
    qualification = forms.ChoiceField(
        label=gettext_lazy("sports rank or title"),
        choices=[("", "—"), *Qualification.choices],
        required=False,
    )
    club = forms.CharField(label=gettext_lazy("club"), max_length=200, required=False)
    coach = forms.CharField(label=gettext_lazy("coach"), max_length=200, required=False)
    seed = forms.IntegerField(
        label=gettext_lazy("seeding number"), required=False, min_value=1, max_value=100000
    )

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        person = manager.find_person(self.identity())
        if person and Participant.objects.filter(tournament=self.tournament, person=person).exists():
            raise forms.ValidationError(
                _("%(p)s is already a participant of this tournament.") % {"p": person}
            )
        data["person"] = person
        return data


class ParticipantEditForm(IdentityFields):
    """A participant's own data and seeding number; the same participant is kept
    (``manager.edit_participant``)."""

    organisation = forms.CharField(label=gettext_lazy("sending organisation"), max_length=200, required=False)
    region = forms.CharField(label=gettext_lazy("region"), max_length=200, required=False)
    seed = forms.IntegerField(
        label=gettext_lazy("seeding number"), required=False, min_value=1, max_value=100000
    )
    # What the federation's protocols print about him in this tournament (issue 15).
    qualification = forms.ChoiceField(
        label=gettext_lazy("sports rank or title"),
        required=False,
        choices=[("", "—"), *Qualification.choices],
    )
    club = forms.CharField(label=gettext_lazy("club"), max_length=200, required=False)
    coach = forms.CharField(label=gettext_lazy("coach"), max_length=200, required=False)

    def __init__(self, *args, participant: Participant, **kwargs):
        shown = participant.data  # this tournament's data of him (issue 25 item 3)
        initial = {f: getattr(shown, f) for f in manager.PERSON_FIELDS}
        initial["seed"] = participant.seed
        initial.update({f: getattr(participant, f) for f in manager.PARTICIPANT_FIELDS})
        super().__init__(*args, tournament=participant.tournament, initial=initial, **kwargs)
        if manager.seed_locked_reason(participant):
            self.fields["seed"].disabled = True

    def clean_club(self):
        return " ".join(self.cleaned_data["club"].split())

    def clean_coach(self):
        return " ".join(self.cleaned_data["coach"].split())


class ParticipantDocumentsForm(forms.Form):
    """004 §2.3.3, §2.5.1: what the admission commission has seen for a participant added without an entry."""

    identity = forms.BooleanField(label=gettext_lazy("identity document shown"), required=False)
    medical = forms.BooleanField(label=gettext_lazy("medical clearance shown"), required=False)
    insurance = forms.BooleanField(label=gettext_lazy("insurance policy shown"), required=False)


class RankNormForm(forms.ModelForm):
    class Meta:
        model = RankNorm
        fields = ["qualification", "place_to", "min_participants"]

    def clean_place_to(self):
        value = self.cleaned_data["place_to"]
        if not 1 <= value <= 10000:
            raise forms.ValidationError(_("From 1 to 10000."))
        return value

    def clean_min_participants(self):
        value = self.cleaned_data["min_participants"]
        if value is not None and not 2 <= value <= 100000:
            raise forms.ValidationError(_("From 2 to 100000."))
        return value


class BaseRankNormFormSet(forms.BaseInlineFormSet):
    def clean(self):
        super().clean()
        seen = set()
        for form in self.forms:
            if not form.has_changed() or self._should_delete_form(form) or form.errors:
                continue
            code = form.cleaned_data.get("qualification")
            if code in seen:
                form.add_error("qualification", _("One norm per rank or title."))
            seen.add(code)


RankNormFormSet = forms.inlineformset_factory(
    Tournament,
    RankNorm,
    form=RankNormForm,
    formset=BaseRankNormFormSet,
    extra=3,
    max_num=len(Qualification.choices),
    validate_max=True,
    can_delete=True,
)


class AgreementForm(forms.Form):
    """004 §2.2.3, §5.1.5: a participant's participation agreement, its number and date."""

    agreement_number = forms.CharField(label=gettext_lazy("participation agreement No."), max_length=50)
    agreement_date = forms.DateField(
        label=gettext_lazy("participation agreement of"),
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[sane_date],
    )

    def clean_agreement_number(self):
        value = " ".join(self.cleaned_data["agreement_number"].split())
        if not value:
            raise forms.ValidationError(_("Give the agreement's number and date."))
        return value
