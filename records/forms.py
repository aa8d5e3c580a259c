from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from draw.models import Match
from records import manager


class AttachForm(forms.Form):
    """Upload a .mat/.txt file or paste the text; say which column of the record is player 1, or let the
    names decide. ``clean`` reads the record with rules_core, so an unreadable one is refused here."""

    file = forms.FileField(label=gettext_lazy("File (.mat or .txt)"), required=False)
    text = forms.CharField(
        label=gettext_lazy("…or paste the record"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 12, "cols": 80, "spellcheck": "false", "class": "mono"}),
    )
    player1_side = forms.TypedChoiceField(
        label=gettext_lazy("Sides"), coerce=int, empty_value=None, required=False
    )

    def __init__(self, *args, match: Match, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        p1 = str(match.player1)
        sides = self.fields["player1_side"]
        assert isinstance(sides, forms.TypedChoiceField)
        sides.choices = [
            ("", _("by the names in the record")),
            (1, _("%(p)s is the left column (the first name of the score line)") % {"p": p1}),
            (2, _("%(p)s is the right column (the second name of the score line)") % {"p": p1}),
        ]
        self.parsed: manager.Parsed | None = None

    def clean(self) -> dict:
        data = super().clean()
        assert data is not None  # Form.clean returns the cleaned data
        upload, pasted = data.get("file"), (data.get("text") or "")
        if upload and pasted.strip():
            raise forms.ValidationError(_("Upload a file or paste the text, not both."))
        if upload:
            if upload.size > manager.MAX_BYTES:
                raise forms.ValidationError(
                    _("The file is too large: %(size)s KB, at most %(kb)s KB.")
                    % {"size": (upload.size + 1023) // 1024, "kb": manager.MAX_BYTES // 1024}
                )
            try:
                text = manager.decode(upload.read())
            except manager.RecordError as exc:
                raise forms.ValidationError(str(exc)) from None
            data["source"], data["filename"] = "upload", upload.name
        elif pasted.strip():
            text = pasted
            data["source"], data["filename"] = "paste", ""
        else:
            raise forms.ValidationError(_("Upload a file or paste the record."))
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        try:
            self.parsed = manager.read(text)
        except manager.RecordError as exc:
            raise forms.ValidationError(str(exc)) from None
        data["record_text"] = text
        return data
