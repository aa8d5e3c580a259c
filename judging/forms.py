"""Forms of judging: every field checked, every error a clear message in the user's language."""

from __future__ import annotations

import hashlib
import io
import warnings
from decimal import Decimal

from django import forms
from django.conf import settings
from django.db.models import Q
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from PIL import Image, UnidentifiedImageError
from pypdf import PdfReader

from draw.models import Match, ResultKind, TeamMatch
from judging.models import Protest, Sanction, TeamSanction, Upload, Violation
from registration.models import Official, Participant
from tournaments.validators import sane_date

IMAGE_TYPES = {"PNG": "image/png", "JPEG": "image/jpeg", "GIF": "image/gif"}


TOO_LARGE = "too-large"  # sniff's answer for an image of more pixels than PROTEST_IMAGE_MAX_PIXELS


def sniff(data: bytes) -> str | None:
    """The content type by content, not by name or by what the browser claims; None if not allowed.

    A PDF must parse (pypdf reads its pages), not merely begin with ``%PDF-``; an image must verify and have
    at most PROTEST_IMAGE_MAX_PIXELS pixels (a 20000×20000 PNG of a few KB is a decompression bomb):
    ``TOO_LARGE`` then."""
    if data.startswith(b"%PDF-"):
        try:
            reader = PdfReader(io.BytesIO(data))
            return "application/pdf" if len(reader.pages) > 0 else None
        except Exception:  # noqa: BLE001 - pypdf raises many kinds for a damaged or fake PDF
            return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as image:
                width, height = image.size
                if width * height > settings.PROTEST_IMAGE_MAX_PIXELS:
                    return TOO_LARGE
                image.verify()
                return IMAGE_TYPES.get(image.format or "")
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return TOO_LARGE
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
    # A form field (the form's metaclass moves it into base_fields): Form.files, the uploads, is untouched.
    files = EvidenceField(  # type: ignore[assignment]
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
            most = settings.PROTEST_ATTACHMENTS_MAX
            raise forms.ValidationError(
                ngettext("At most %(n)s attachment.", "At most %(n)s attachments.", most) % {"n": most}
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
            if kind == TOO_LARGE:
                raise forms.ValidationError(
                    _("%(name)s has too many pixels: at most %(n)s megapixels.")
                    % {"name": f.name, "n": settings.PROTEST_IMAGE_MAX_PIXELS // 1_000_000}
                )
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

    def __init__(self, *args, match=None, **kwargs):
        super().__init__(*args, **kwargs)
        if match is not None and match.player2_id:
            # The players by name, not "first/second player" (issue 14, the chief judge).
            self.fields["score1"].label = _("Corrected score: %(p)s") % {"p": match.player1}
            self.fields["score2"].label = _("Corrected score: %(p)s") % {"p": match.player2}
            self.fields["winner_side"].choices = [
                ("", "—"),
                ("1", str(match.player1)),
                ("2", str(match.player2)),
            ]

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
    # A fresh token per form shown: the same form sent twice (a double click) records one sanction.
    token = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    participant: forms.ModelChoiceField[Participant] = forms.ModelChoiceField(
        label=_("Participant"), queryset=None
    )
    kind = forms.ChoiceField(label=_("Sanction"), choices=Sanction.Kind.choices)
    violation = forms.ChoiceField(label=_("Violation"), choices=Violation.choices)
    clause = forms.CharField(label=_("Rule broken"), max_length=100)
    facts = forms.CharField(label=_("Facts"), widget=forms.Textarea(attrs={"rows": 3}))
    match: forms.ModelChoiceField[Match] = forms.ModelChoiceField(
        label=_("Match (for a technical defeat)"), queryset=None, required=False
    )
    ends_on = forms.DateField(
        label=_("Disqualified until (inclusive)"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[sane_date],
    )
    # Bounded like the model's small integers: 10^30 is a message, not a 500.
    matches_count = forms.IntegerField(
        label=_("or for a number of matches"), min_value=1, max_value=1000, required=False
    )
    tournaments_count = forms.IntegerField(
        label=_("or for a number of tournaments"), min_value=1, max_value=1000, required=False
    )
    points = forms.DecimalField(
        label=_("Points to deduct (a points deduction)"),
        min_value=Decimal("0.5"),
        max_value=Decimal("100"),
        decimal_places=1,
        required=False,
    )

    def __init__(self, *args, tournament, participant=None, **kwargs):
        super().__init__(*args, **kwargs)
        people = tournament.participants.select_related("person")
        self.fields["participant"].queryset = people
        # Only matches a sanction can change (003, 004 §5.7.3): two players, a published round, not annulled,
        # and not of a removed player (his results follow the removal); ``clean`` says why for any other.
        matches = (
            Match.objects.filter(round__tournament=tournament, player2__isnull=False)
            .exclude(round__status="draft")
            .exclude(result_kind=ResultKind.ANNULLED)
            .exclude(player1__status=Participant.Status.REMOVED)
            .exclude(player2__status=Participant.Status.REMOVED)
            .select_related("round", "player1__person", "player2__person")
            .order_by("round__number", "table")
        )
        if participant is not None:
            self.fields["participant"].initial = participant.pk
            matches = matches.filter(Q(player1=participant) | Q(player2=participant))
        else:
            # Only the chosen player's matches are offered (issue 14): none until he is chosen above.
            matches = matches.none()
            self.fields["match"].help_text = _("Choose the participant above: his matches are listed here.")
        self.fields["match"].queryset = matches
        self.fields["match"].label_from_instance = lambda m: (
            _("Round %(r)s, table %(t)s: %(a)s — %(b)s")
            % {
                "r": m.round.number,
                "t": m.table,
                "a": m.player1,
                "b": m.player2,
            }
        )

    def clean(self):
        data = super().clean()
        participant, match = data.get("participant"), data.get("match")
        if participant is not None and match is not None:
            refusal = Sanction.match_refusal(match, participant)
            if refusal:
                self.add_error("match", refusal)
        if data.get("kind") == Sanction.Kind.POINTS_DEDUCTION and not data.get("points"):
            self.add_error("points", _("Give the number of points to deduct."))
        return data


class TeamSanctionForm(forms.Form):
    """004 §5.7.1 for a team as the participant: a warning or a removal (a disqualification is a person's)."""

    token = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    kind = forms.ChoiceField(label=_("Sanction"), choices=TeamSanction.Kind.choices)
    clause = forms.CharField(label=_("Rule broken"), max_length=100, required=False)
    facts = forms.CharField(label=_("Facts"), widget=forms.Textarea(attrs={"rows": 3}), max_length=5000)
    team_match: forms.ModelChoiceField[TeamMatch] = forms.ModelChoiceField(
        label=_("Team match (optional)"), queryset=None, required=False
    )

    def __init__(self, *args, team, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team_match"].queryset = (
            TeamMatch.objects.filter(round__tournament=team.tournament_id, team2__isnull=False)
            .filter(Q(team1=team) | Q(team2=team))
            .exclude(round__status="draft")
            .select_related("round", "team1", "team2")
        )
        self.fields["team_match"].label_from_instance = lambda tm: (
            _("Round %(r)s: %(a)s — %(b)s") % {"r": tm.round.number, "a": tm.team1.name, "b": tm.team2.name}
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


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 3}), max_length=2000)

    def clean_reason(self):
        value = self.cleaned_data["reason"].strip()
        if not value:
            raise forms.ValidationError(_("Give the reason."))
        return value


class RoundsForm(ReasonForm):
    rounds = forms.IntegerField(label=_("Number of rounds"), min_value=1, max_value=30)

    field_order = ["rounds", "reason"]


class GroupTieForm(forms.Form):
    """The order a play-off match gave the players tied for a qualifying place (004 §1.4.7)."""

    note = forms.CharField(
        label=_("The play-off match (who won, the score)"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def __init__(self, *args, players: list[tuple[str, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.players = players
        for i in range(len(players)):
            self.fields[f"place{i}"] = forms.ChoiceField(
                label=_("Place %(n)s among the tied") % {"n": i + 1}, choices=players
            )
        self.order_fields([f"place{i}" for i in range(len(players))] + ["note"])

    def clean(self):
        data = super().clean()
        chosen = [data.get(f"place{i}") for i in range(len(self.players))]
        if None not in chosen and len(set(chosen)) != len(chosen):
            raise forms.ValidationError(_("Each tied player takes one place."))
        return data

    def order(self) -> list[str]:
        return [self.cleaned_data[f"place{i}"] for i in range(len(self.players))]


class MatchNoteForm(forms.Form):
    """The match judge and the replacement of the dice (003 «Игральные кости» п. 2) for the match protocol."""

    judge: forms.ModelChoiceField[Official] = forms.ModelChoiceField(
        label=_("match judge"), queryset=None, required=False
    )
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
