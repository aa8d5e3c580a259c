"""Forms of judging: every field checked, every error a clear message in the user's language."""

from __future__ import annotations

import hashlib
import io

from django import forms
from django.conf import settings
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext_lazy as _
from PIL import Image, UnidentifiedImageError

from draw.models import Match
from judging.models import Protest, Sanction, Upload, Violation

IMAGE_TYPES = {"PNG": "image/png", "JPEG": "image/jpeg", "GIF": "image/gif"}


def sniff(data: bytes) -> str | None:
    """The content type by content, not by name or by what the browser claims; None if not allowed."""
    if data.startswith(b"%PDF-"):
        return "application/pdf"
    try:
        with Image.open(io.BytesIO(data)) as image:
            image.verify()
            return IMAGE_TYPES.get(image.format or "")
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
        return None


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class EvidenceField(forms.FileField):
    widget = MultipleFileInput

    def clean(self, data, initial=None):
        files = data if isinstance(data, list | tuple) else ([data] if data else [])
        return [super(EvidenceField, self).clean(f, initial) for f in files]


class ProtestForm(forms.Form):
    reasons = forms.CharField(label=_("Reasons"), widget=forms.Textarea(attrs={"rows": 3}), max_length=4000)
    arguments = forms.CharField(
        label=_("Arguments"), widget=forms.Textarea(attrs={"rows": 5}), max_length=8000
    )
    evidence = forms.CharField(
        label=_("Evidence (text)"), widget=forms.Textarea(attrs={"rows": 3}), required=False, max_length=8000
    )
    files = EvidenceField(
        label=_("Attachments"),
        required=False,
        help_text=_("Images (PNG, JPEG, GIF) or PDF."),
    )
    deposit = forms.BooleanField(label=_("I hand in the deposit"), required=False)

    def __init__(self, *args, deposit=None, players=(), me=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.deposit_amount = deposit
        if deposit:
            self.fields["deposit"].required = True
            self.fields["deposit"].label = _("I hand in the deposit of %(d)s") % {"d": deposit}
        else:
            del self.fields["deposit"]
        # Whom the protest is for: the player himself, or a player his team's representative speaks for. The
        # choice is asked only when there is one to make.
        self.players = {str(p.pk): p for p in players}
        if len(self.players) > 1:
            self.fields["player"] = forms.ChoiceField(
                label=_("The protest is filed for"),
                choices=[
                    (key, str(p) if p != me else _("me (%(p)s)") % {"p": p})
                    for key, p in self.players.items()
                ],
            )
            self.order_fields(["player"])

    def clean(self):
        data = super().clean()
        if len(self.players) == 1:
            data["player"] = next(iter(self.players.values()))
        elif "player" in data:
            data["player"] = self.players[data["player"]]
        return data

    def clean_files(self) -> list[Upload]:
        files = self.cleaned_data["files"]
        if len(files) > settings.PROTEST_ATTACHMENTS_MAX:
            raise forms.ValidationError(
                _("At most %(n)s attachments.") % {"n": settings.PROTEST_ATTACHMENTS_MAX}
            )
        out = []
        for f in files:
            if f.size > settings.PROTEST_ATTACHMENT_MAX_BYTES:
                raise forms.ValidationError(
                    _("%(name)s is too large: at most %(max)s.")
                    % {"name": f.name, "max": filesizeformat(settings.PROTEST_ATTACHMENT_MAX_BYTES)}
                )
            data = f.read()
            kind = sniff(data)
            if kind is None:
                raise forms.ValidationError(_("%(name)s is neither an image nor a PDF.") % {"name": f.name})
            out.append(Upload(f.name, kind, data, hashlib.sha256(data).hexdigest()))
        return out


class ReviewForm(forms.Form):
    accept = forms.TypedChoiceField(
        label=_("Decision"),
        choices=[("1", _("accept for consideration")), ("0", _("do not accept"))],
        coerce=lambda v: v == "1",
    )
    rejection = forms.ChoiceField(
        label=_("Not accepted as"), choices=[("", "—"), *Protest.Rejection.choices], required=False
    )
    reasons = forms.CharField(
        label=_("Reasons of the panel"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )


class DecisionForm(forms.Form):
    upheld = forms.TypedChoiceField(
        label=_("Decision"),
        choices=[("1", _("upheld")), ("0", _("dismissed"))],
        coerce=lambda v: v == "1",
    )
    reasons = forms.CharField(label=_("Reasons of the panel"), widget=forms.Textarea(attrs={"rows": 4}))
    consequence = forms.ChoiceField(
        label=_("Consequence (if upheld)"), choices=Protest.Consequence.choices, required=False
    )
    score1 = forms.IntegerField(label=_("Corrected score, first player"), min_value=0, required=False)
    score2 = forms.IntegerField(label=_("Corrected score, second player"), min_value=0, required=False)
    winner_side = forms.TypedChoiceField(
        label=_("Winner of the technical defeat"),
        choices=[("", "—"), ("1", _("first player")), ("2", _("second player"))],
        coerce=int,
        empty_value=None,
        required=False,
    )
    next_round = forms.ChoiceField(
        label=_("The next round, already drawn"),
        choices=[("", "—"), ("keep", _("keep its pairings")), ("redraw", _("draw the unplayed round again"))],
        required=False,
    )

    def clean(self):
        d = super().clean()
        if d.get("upheld"):
            c = d.get("consequence")
            if c == Protest.Consequence.SCORE and (d.get("score1") is None or d.get("score2") is None):
                self.add_error("score1", _("Enter both scores."))
            if c == Protest.Consequence.TECHNICAL and not d.get("winner_side"):
                self.add_error("winner_side", _("Choose the winner."))
        return d


class SanctionForm(forms.Form):
    participant = forms.ModelChoiceField(label=_("Participant"), queryset=None)
    kind = forms.ChoiceField(label=_("Sanction"), choices=Sanction.Kind.choices)
    violation = forms.ChoiceField(label=_("Violation"), choices=Violation.choices)
    clause = forms.CharField(label=_("Rule broken"), max_length=100)
    facts = forms.CharField(label=_("Facts"), widget=forms.Textarea(attrs={"rows": 3}))
    match = forms.ModelChoiceField(label=_("Match (for a technical defeat)"), queryset=None, required=False)
    ends_on = forms.DateField(
        label=_("Disqualified until (inclusive)"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    matches_count = forms.IntegerField(label=_("or for a number of matches"), min_value=1, required=False)
    tournaments_count = forms.IntegerField(
        label=_("or for a number of tournaments"), min_value=1, required=False
    )

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["participant"].queryset = tournament.participants.select_related("person")
        self.fields["match"].queryset = (
            Match.objects.filter(round__tournament=tournament, player2__isnull=False)
            .exclude(round__status="draft")
            .select_related("round", "player1__person", "player2__person")
        )


class ProtocolForm(forms.Form):
    score1 = forms.IntegerField(label=_("Score of the first player"), min_value=0, max_value=999)
    score2 = forms.IntegerField(label=_("Score of the second player"), min_value=0, max_value=999)
    record = forms.CharField(
        label=_("Game-by-game record (optional)"),
        widget=forms.Textarea(attrs={"rows": 6}),
        required=False,
        max_length=200_000,
    )


class AnswerForm(forms.Form):
    confirm = forms.TypedChoiceField(
        label=_("Your answer"),
        choices=[("1", _("I sign: the protocol is right")), ("0", _("I dispute it"))],
        coerce=lambda v: v == "1",
    )
    dispute = forms.CharField(
        label=_("What is wrong"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )


class ProposalForm(forms.Form):
    apply = forms.TypedChoiceField(
        label=_("Decision"),
        choices=[("1", _("remove the participant")), ("0", _("decline"))],
        coerce=lambda v: v == "1",
    )
    reason = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 3}))


class MatchNoteForm(forms.Form):
    """The match judge and the replacement of the dice (003 «Игральные кости» п. 2) for the match protocol."""

    judge = forms.ModelChoiceField(label=_("match judge"), queryset=None, required=False)
    dice_replacement = forms.CharField(
        label=_("dice replaced (when, at whose request, why)"),
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        # An accredited official of this tournament; a team's representative judges nothing.
        self.fields["judge"].queryset = (
            tournament.officials.filter(accredited=True)
            .exclude(role="representative")
            .select_related("person")
            .order_by("person__surname", "person__name")
        )
        self.fields["judge"].label_from_instance = lambda o: f"{o.person.full_name} ({o.role_display})"
