from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from registration.forms import IdentityFields
from registration.manager import find_person
from registration.models import Participant
from tournaments import standings
from tournaments.models import Match, ResultKind, System, Tournament
from tournaments.results import ResultInput, score_errors

MAX_MATCH_LENGTH = 51


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        # Name, dates and venue stay editable; the regulation's settings lock at the start (see the model).
        fields = ["name", "start_date", "end_date", "venue", *Tournament.LOCKED_AFTER_START]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "end_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.locked = bool(self.instance.pk and self.instance.settings_locked)
        if self.locked:
            # Announced before the start, fixed once round 1 is published (004 §6.1.2 item 5).
            for name in Tournament.LOCKED_AFTER_START:
                if name in self.fields:
                    self.fields[name].disabled = True

    def clean_match_length(self):
        value = self.cleaned_data["match_length"]
        if not 1 <= value <= MAX_MATCH_LENGTH:
            raise forms.ValidationError(
                _("The match length must be from 1 to %(n)s points.") % {"n": MAX_MATCH_LENGTH}
            )
        return value

    def clean_playoff_match_length(self):
        value = self.cleaned_data["playoff_match_length"]
        if value is not None and not 1 <= value <= MAX_MATCH_LENGTH:
            raise forms.ValidationError(
                _("The match length must be from 1 to %(n)s points.") % {"n": MAX_MATCH_LENGTH}
            )
        return value

    def clean_cycles(self):
        value = self.cleaned_data["cycles"]
        if not 1 <= value <= 4:
            raise forms.ValidationError(_("From 1 to 4 cycles."))
        return value

    def clean_rounds(self):
        value = self.cleaned_data["rounds"]
        if value is not None and not 1 <= value <= 30:
            raise forms.ValidationError(_("From 1 to 30 rounds."))
        return value

    def clean_max_losses(self):
        value = self.cleaned_data["max_losses"]
        if not 1 <= value <= 10:
            raise forms.ValidationError(_("From 1 to 10 losses."))
        return value

    def clean_min_age(self):
        value = self.cleaned_data["min_age"]
        if value < 18:
            # 004 §2.1, §2.3.1: the regulation may restrict further, never below 18.
            raise forms.ValidationError(_("The minimum age cannot be below 18 (004 §2.3.1)."))
        return value

    def clean_protest_window_minutes(self):
        value = self.cleaned_data["protest_window_minutes"]
        if not 1 <= value <= 120:
            raise forms.ValidationError(_("From 1 to 120 minutes."))
        return value

    def clean_protest_deposit(self):
        # 004 §5.10: a deposit only when the regulation sets one; empty means none.
        value = self.cleaned_data.get("protest_deposit") or 0
        if value < 0:
            raise forms.ValidationError(_("The deposit cannot be negative."))
        return value

    def clean_bye_points(self):
        value = self.cleaned_data["bye_points"]
        if value < 0 or value > 1:
            raise forms.ValidationError(_("A bye is worth from 0 to 1 point."))
        return value

    def clean_tiebreaks(self):
        keys = [k.strip() for k in self.cleaned_data["tiebreaks"].split(",") if k.strip()]
        unknown = standings.validate_tiebreaks(keys)
        if unknown:
            raise forms.ValidationError(
                _("Unknown tie-breaks: %(u)s. Known: %(k)s.")
                % {"u": ", ".join(unknown), "k": ", ".join(standings.METRICS)}
            )
        return ",".join(keys)

    def clean(self):
        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The last day cannot be before the first day."))
        if data.get("system") == System.MIXED:
            groups = data.get("group_count") or 0
            if groups < 2:
                self.add_error("group_count", _("A mixed system needs at least 2 groups."))
            if not data.get("qualifiers_per_group"):
                self.add_error("qualifiers_per_group", _("At least one player per group must qualify."))
        return data


class ParticipantForm(IdentityFields):
    """The secretary's shortcut to a participant; the person is found by the same identity as an entry's."""

    organisation = forms.CharField(label=gettext_lazy("sending organisation"), max_length=200, required=False)
    region = forms.CharField(label=gettext_lazy("region"), max_length=200, required=False)
    seed = forms.IntegerField(
        label=gettext_lazy("seeding number"), required=False, min_value=1, max_value=100000
    )

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        person = find_person(self.identity())
        if person and Participant.objects.filter(tournament=self.tournament, person=person).exists():
            raise forms.ValidationError(
                _("%(p)s is already a participant of this tournament.") % {"p": person}
            )
        data["person"] = person
        return data


class ResultForm(forms.Form):
    kind = forms.ChoiceField(
        label=gettext_lazy("result"),
        choices=[(k, lbl) for k, lbl in ResultKind.choices if k != ResultKind.BYE],
        initial=ResultKind.PLAYED,
    )
    score1 = forms.IntegerField(label=gettext_lazy("score of the first player"), required=False, min_value=0)
    score2 = forms.IntegerField(label=gettext_lazy("score of the second player"), required=False, min_value=0)
    winner_side = forms.TypedChoiceField(
        label=gettext_lazy("winner (technical result, on time)"),
        required=False,
        coerce=int,
        empty_value=None,
        choices=[("", "—"), (1, gettext_lazy("first player")), (2, gettext_lazy("second player"))],
    )
    reason = forms.CharField(
        label=gettext_lazy("reason"), required=False, widget=forms.Textarea(attrs={"rows": 2})
    )
    version = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args, match: Match, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        self.fields["score1"].label = str(match.player1)
        self.fields["score2"].label = str(match.player2)
        self.fields["winner_side"].choices = [("", "—"), (1, str(match.player1)), (2, str(match.player2))]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        errors = score_errors(
            data["kind"],
            self.match.match_length,
            data.get("score1"),
            data.get("score2"),
            data.get("winner_side"),
            data.get("reason", ""),
        )
        for error in errors:
            self.add_error(None, error)
        return data

    def to_input(self) -> ResultInput:
        d = self.cleaned_data
        return ResultInput(
            d["kind"], d.get("score1"), d.get("score2"), d.get("winner_side"), d.get("reason", "")
        )


class DrawForm(forms.Form):
    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    allow_rematches = forms.BooleanField(
        label=gettext_lazy("allow rematches if no other pairing exists"), required=False
    )


class ReasonForm(forms.Form):
    reason = forms.CharField(label=gettext_lazy("reason"), required=False, max_length=1000)


class RoundLengthForm(forms.Form):
    """A round may be played to another length than the stage's (the regulation's choice)."""

    match_length = forms.IntegerField(
        label=gettext_lazy("match length for this round"), min_value=1, max_value=MAX_MATCH_LENGTH
    )
