from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from federation.models import EvskNorm, NormDocument


class NormDocumentForm(forms.ModelForm):
    class Meta:
        model = NormDocument
        fields = ["title", "dated", "valid_from", "file"]
        widgets = {
            "dated": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "valid_from": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        }


class EvskNormForm(forms.ModelForm):
    class Meta:
        model = EvskNorm
        fields = [
            "status",
            "discipline",
            "gender_group",
            "age_from",
            "age_to",
            "place_to",
            "qualification",
            "min_field",
            "field_kind",
            "confirmation",
            "applies_to",
        ]

    def clean(self):
        data = super().clean()
        low, high = data.get("age_from"), data.get("age_to")
        if low is not None and high is not None and high < low:
            self.add_error("age_to", forms.ValidationError(_("The upper age is below the lower one.")))
        return data


EvskNormFormSet = forms.inlineformset_factory(
    NormDocument, EvskNorm, form=EvskNormForm, extra=3, can_delete=True
)
