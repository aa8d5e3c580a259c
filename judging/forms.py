"""Forms of judging: every field checked, every error a clear message in the user's language."""

from __future__ import annotations

import datetime
import hashlib
import io
import warnings
from decimal import Decimal

from django import forms
from django.conf import settings
from django.db.models import Q
from django.template.defaultfilters import filesizeformat
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from PIL import Image, UnidentifiedImageError
from pypdf import PdfReader

from draw.models import Match, ResultKind, TeamMatch
from judging.models import EquipmentNote, Protest, Sanction, TeamSanction, Upload, Violation
from registration.models import Official, Participant, Person
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
    # 003 «Пары»: of a pair, the player who broke the rule (asked only when the participant is a pair).
    person: forms.ModelChoiceField[Person] = forms.ModelChoiceField(
        label=_("Who broke the rule"), queryset=Person.objects.none(), required=False
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
        people = tournament.participants.select_related("person", "partner")
        self.fields["participant"].queryset = people
        # 003 «Пары»: a pair's sanction names the player who broke the rule, one of its two (``clean``).
        if participant is not None and participant.partner_id is not None:
            self.fields["person"].queryset = Person.objects.filter(pk__in=[p.pk for p in participant.people])
            self.fields["person"].required = True
            self.fields["person"].help_text = _("A pair: the player of its two who broke the rule (003).")
        elif participant is None and tournament.is_pairs:
            self.fields["person"].help_text = _("Choose the pair above: its two players are listed here.")
        else:
            del self.fields["person"]
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
        if participant is not None:
            data["person"] = self.person_of(participant, data.get("person"))
        if participant is not None and match is not None:
            refusal = Sanction.match_refusal(match, participant)
            if refusal:
                self.add_error("match", refusal)
        if data.get("kind") == Sanction.Kind.POINTS_DEDUCTION and not data.get("points"):
            self.add_error("points", _("Give the number of points to deduct."))
        return data

    def person_of(self, participant: Participant, person: Person | None) -> Person | None:
        """The person the sanction names: the participant himself; of a pair, the one of its two players
        chosen (003 «Пары»: each plays and may break a rule; a ban follows the person, 004 §5.7.4)."""
        if participant.partner_id is None:
            return participant.person
        if person is None or person.pk not in (participant.person_id, participant.partner_id):
            self.add_error(
                "person" if "person" in self.fields else None,
                _("%(p)s is a pair: name which of its two players broke the rule.") % {"p": participant},
            )
            return None
        return person


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
        choices=[("1", _("remove (004 §5.7.3)")), ("0", _("do not remove: keep, with the reason below"))],
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
    """The match judge, printed on the match protocol."""

    judge: forms.ModelChoiceField[Official] = forms.ModelChoiceField(
        label=_("match judge"), queryset=None, required=False
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


class DiceReplacementForm(forms.Form):
    """003 «Игральные кости»: the dice replaced at a player's request, by the decision of the chief judge or
    his deputy — who asked, which game, why (``DiceReplacement.record`` checks the rest)."""

    requested_by = forms.TypedChoiceField(label=_("who asked"), coerce=int)
    game = forms.IntegerField(
        label=_("game"),
        min_value=1,
        max_value=200,
        help_text=_("Between games: the number of the game about to start."),
    )
    during_game = forms.BooleanField(label=_("during the game (the clocks stopped)"), required=False)
    reason = forms.CharField(
        label=_("reason of the decision"), max_length=1000, widget=forms.Textarea(attrs={"rows": 2})
    )

    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        self.fields["requested_by"].choices = [
            (p.pk, str(p)) for p in (match.player1, match.player2) if p is not None
        ]

    def clean_reason(self):
        value = " ".join(self.cleaned_data["reason"].split())
        if not value:
            raise forms.ValidationError(_("Give the reason."))
        return value

    def clean(self):
        data = super().clean()
        picked = data.get("requested_by")
        if picked is not None:
            data["requested_by"] = next(
                (p for p in (self.match.player1, self.match.player2) if p is not None and p.pk == picked),
                None,
            )
        return data


class EquipmentNoteForm(forms.Form):
    """004 §6.2.4: a check or a fault of the equipment on a match."""

    moment = forms.ChoiceField(label=_("when"), choices=EquipmentNote.Moment.choices)
    text = forms.CharField(
        label=_("what was checked, found and done"), max_length=2000, widget=forms.Textarea(attrs={"rows": 2})
    )

    def clean_text(self):
        value = " ".join(self.cleaned_data["text"].split())
        if not value:
            raise forms.ValidationError(_("Say what was checked, found and done."))
        return value


class OfficialSanctionForm(forms.Form):
    """004 §2.4.5, §6.2.2 items 3–4: a sanction on a coach, a representative or an official."""

    token = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    kind = forms.ChoiceField(
        label=_("Sanction"),
        choices=[(k.value, k.label) for k in Sanction.OFFICIAL_KINDS],
        help_text=_("A removal withdraws his accreditation: his powers here end."),
    )
    clause = forms.CharField(label=_("Rule broken"), max_length=100)
    facts = forms.CharField(label=_("Facts"), widget=forms.Textarea(attrs={"rows": 3}), max_length=5000)
    ends_on = forms.DateField(
        label=_("Disqualified until (inclusive)"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[sane_date],
    )
    matches_count = forms.IntegerField(
        label=_("or for a number of matches"), min_value=1, max_value=1000, required=False
    )
    tournaments_count = forms.IntegerField(
        label=_("or for a number of tournaments"), min_value=1, max_value=1000, required=False
    )

    def clean_facts(self):
        value = self.cleaned_data["facts"].strip()
        if not value:
            raise forms.ValidationError(_("Describe the facts of the breach."))
        return value


class LeagueDisqualificationForm(forms.Form):
    """004 §5.7.4: a disqualification by the League, of a person found by his identity (surname, name,
    patronymic, date of birth: one record across tournaments)."""

    token = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)
    surname = forms.CharField(label=_("surname"), max_length=100)
    name = forms.CharField(label=_("name"), max_length=100)
    patronymic = forms.CharField(label=_("patronymic"), max_length=100, required=False)
    birth_date = forms.DateField(
        label=_("date of birth"), widget=forms.DateInput(attrs={"type": "date"}), validators=[sane_date]
    )
    clause = forms.CharField(label=_("Rule broken"), max_length=100)
    facts = forms.CharField(label=_("Facts"), widget=forms.Textarea(attrs={"rows": 3}), max_length=5000)
    starts_on = forms.DateField(
        label=_("in force from"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[sane_date],
        help_text=_("Empty: today."),
    )
    ends_on = forms.DateField(
        label=_("Disqualified until (inclusive)"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        validators=[sane_date],
    )
    matches_count = forms.IntegerField(
        label=_("or for a number of matches"), min_value=1, max_value=1000, required=False
    )
    tournaments_count = forms.IntegerField(
        label=_("or for a number of tournaments"), min_value=1, max_value=1000, required=False
    )

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        person = Person.objects.filter(
            surname=" ".join(data["surname"].split()),
            name=" ".join(data["name"].split()),
            patronymic=" ".join(data.get("patronymic", "").split()),
            birth_date=data["birth_date"],
        ).first()
        if person is None:
            raise forms.ValidationError(_("No person with this surname, name, patronymic and date of birth."))
        data["person"] = person
        return data


class LateArrivalForm(forms.Form):
    """003 «Начало турнира»: who was late at this match and when he came (or that he never came)."""

    participant = forms.TypedChoiceField(label=_("Player"), coerce=int)
    arrived_at = forms.TimeField(
        label=_("arrived at"), required=False, widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M")
    )
    absent = forms.BooleanField(label=_("he did not come"), required=False)

    def __init__(self, *args, match, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        self.fields["participant"].choices = [(p.pk, str(p)) for p in (match.player1, match.player2) if p]

    def clean(self):
        data = super().clean()
        picked = data.get("participant")
        if picked is not None:
            data["participant"] = next(
                (p for p in (self.match.player1, self.match.player2) if p is not None and p.pk == picked),
                None,
            )
        if "arrived_at" in self.errors:
            return data
        if data.get("absent") == bool(data.get("arrived_at")):
            raise forms.ValidationError(_("Give the time he arrived, or tick that he did not come."))
        when = data.get("arrived_at")
        if when is not None:
            start = self.match.round.start_time
            day = timezone.localtime(start).date() if start else timezone.localdate()
            data["arrived"] = timezone.make_aware(datetime.datetime.combine(day, when))
        else:
            data["arrived"] = None
        return data
