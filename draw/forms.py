"""The secretary's forms for the draw and the results."""

from __future__ import annotations

from decimal import Decimal
from typing import cast

from django import forms
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from draw.models import Absence, Match, ResultKind
from draw.results import PANEL_KINDS, ResultInput, score_errors
from tournaments.forms import MAX_MATCH_LENGTH


class ResultForm(forms.Form):
    kind = forms.ChoiceField(
        label=gettext_lazy("result"),
        # Never a draw: nardy has none (issue 29 §4; a draw exists only in an imported event).
        choices=[(k, lbl) for k, lbl in ResultKind.choices if k not in (ResultKind.BYE, ResultKind.DRAW)],
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

    def __init__(self, *args, match: Match, panel: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        self.panel = panel
        self.fields["score1"].label = str(match.player1)
        self.fields["score2"].label = str(match.player2)
        sides = [("", "—"), (1, str(match.player1)), (2, str(match.player2))]
        cast(forms.ChoiceField, self.fields["winner_side"]).choices = sides
        if not panel:
            # 004 §6.1.2 items 1–2: defeats and annulments are the judging panel's; a secretary enters scores.
            played = [(ResultKind.PLAYED, ResultKind.PLAYED.label)]
            cast(forms.ChoiceField, self.fields["kind"]).choices = played
            del self.fields["winner_side"]

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

    def panel_only_asked(self) -> bool:
        """A secretary's form posted with a kind only the panel may enter (a forged or stale form)."""
        return not self.panel and self.data.get("kind") in {k.value for k in PANEL_KINDS}

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


class AbsenceForm(forms.Form):
    """Issue 29 §3: a participant who sits out a round not drawn yet (``draw.absences.set_absence`` checks the
    rest)."""

    participant: forms.ModelChoiceField = forms.ModelChoiceField(queryset=None, label=_("participant"))
    round_number = forms.IntegerField(label=_("round"), min_value=1, max_value=999)
    kind = forms.ChoiceField(label=_("kind"), choices=())
    points = forms.TypedChoiceField(
        label=_("points for a requested bye"),
        choices=(("0", "0"), ("0.5", "½"), ("1", "1")),
        coerce=Decimal,
        initial="0.5",
        help_text=_("As the regulation says; an absence is worth 0."),
    )
    reason = forms.CharField(label=_("reason"), max_length=200, required=False)

    def __init__(self, tournament, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["participant"].queryset = tournament.participants.filter(status="active").select_related(
            "person"
        )
        self.fields["kind"].choices = Absence.Kind.choices
        drawn = tournament.round_set.order_by("-number").values_list("number", flat=True).first() or 0
        self.fields["round_number"].initial = drawn + 1


class RoundOrderForm(forms.Form):
    """004 §1.4.3: two round-robin rounds not drawn yet exchanged, with the reason of the decision."""

    first = forms.IntegerField(label=gettext_lazy("round"), min_value=1, max_value=1000)
    second = forms.IntegerField(label=gettext_lazy("exchanged with round"), min_value=1, max_value=1000)
    reason = forms.CharField(
        label=gettext_lazy("reason of the decision"),
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
