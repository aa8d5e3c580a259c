"""Forms of the payments pages: amounts typed in rubles («5000», «5 000,50»), kept in kopecks."""

from __future__ import annotations

from django import forms
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from fees import manager, money
from fees.models import FeeSchedule, Payment, Prize
from tournaments.models import Tournament, log

MAX_KOPECKS = 10**11  # a billion rubles: anything above is a typing error


class RublesField(forms.CharField):
    """An amount in rubles → kopecks (int), or None when left empty."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("max_length", 20)
        super().__init__(*args, **kwargs)

    def clean(self, value):
        text = super().clean(value)
        if not text:
            return None
        kopecks = manager.parse_rubles(text)
        if kopecks is None or kopecks > MAX_KOPECKS:
            raise forms.ValidationError(_("Type an amount in rubles: 5000 or 5000,50."))
        return kopecks


METHODS = [
    (Payment.Method.CASH, gettext_lazy("cash")),
    (Payment.Method.TRANSFER, gettext_lazy("bank transfer")),
]


class PayForm(forms.Form):
    amount = RublesField(label=gettext_lazy("Amount, ₽"), required=False)
    method = forms.ChoiceField(label=gettext_lazy("Method"), choices=METHODS)
    receipt_number = forms.CharField(
        label=gettext_lazy("Receipt No. (empty: the next)"), max_length=50, required=False
    )


class RefundForm(forms.Form):
    amount = RublesField(label=gettext_lazy("Amount, ₽ (empty: all that may be refunded)"), required=False)
    method = forms.ChoiceField(label=gettext_lazy("Method"), choices=METHODS)
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=200)


PRIZE_HELP = gettext_lazy(
    "One prize a line: «1: 1500», «2: 500» for places; «женщины: 1000», «юниоры: 500», «регион Тверская "
    "область: 300» for the special prizes."
)


def parse_prizes(text: str) -> list[Prize]:
    """The prize lines as unsaved ``Prize`` rows; ValidationError names the first bad line."""
    out: list[Prize] = []
    places: set[int] = set()
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        label, sep, amount_text = line.rpartition(":")
        amount = manager.parse_rubles(amount_text)
        label = label.strip()
        if not sep or amount is None or amount > MAX_KOPECKS or not label:
            raise forms.ValidationError(
                _("Prize line %(n)s: «%(l)s» is not «what: amount».") % {"n": n, "l": line}
            )
        word = label.lower()
        if word.isdigit() and 0 < int(word) < 1000:
            if int(word) in places:
                raise forms.ValidationError(_("Prize line %(n)s: place %(p)s twice.") % {"n": n, "p": word})
            places.add(int(word))
            out.append(Prize(kind=Prize.Kind.PLACE, place=int(word), amount=amount))
        elif word in ("женщины", "женщина", "women", "woman"):
            out.append(Prize(kind=Prize.Kind.WOMAN, amount=amount))
        elif word in ("юниоры", "юниор", "juniors", "junior"):
            out.append(Prize(kind=Prize.Kind.JUNIOR, amount=amount))
        elif word.startswith(("регион ", "region ")) and label.split(" ", 1)[1].strip():
            out.append(
                Prize(kind=Prize.Kind.REGION, region=label.split(" ", 1)[1].strip()[:200], amount=amount)
            )
        else:
            raise forms.ValidationError(
                _("Prize line %(n)s: «%(l)s» is not «what: amount».") % {"n": n, "l": line}
            )
    amounts = [p.amount for p in sorted((p for p in out if p.place), key=lambda p: p.place or 0)]
    if any(b > a for a, b in zip(amounts, amounts[1:], strict=False)):
        raise forms.ValidationError(_("A lower place may not get more than a higher one."))
    return out


def prizes_text(t: Tournament) -> str:
    lines = []
    for p in Prize.objects.filter(tournament=t).order_by("kind", "place", "pk"):
        amount = manager.rub(p.amount).replace("\u00a0₽", "").replace("\u202f", "")
        if p.kind == Prize.Kind.PLACE:
            lines.append(f"{p.place}: {amount}")
        elif p.kind == Prize.Kind.WOMAN:
            lines.append(f"женщины: {amount}")
        elif p.kind == Prize.Kind.JUNIOR:
            lines.append(f"юниоры: {amount}")
        else:
            lines.append(f"регион {p.region}: {amount}")
    return "\n".join(lines)


class ScheduleForm(forms.ModelForm):
    base = RublesField(label=gettext_lazy("Entry fee, ₽"), required=False)
    youth = RublesField(label=gettext_lazy("Youth fee, ₽ (empty: none)"), required=False)
    women = RublesField(label=gettext_lazy("Women's fee, ₽ (empty: none)"), required=False)
    members = RublesField(label=gettext_lazy("Federation members' fee, ₽ (empty: none)"), required=False)
    early = RublesField(label=gettext_lazy("Early entry fee, ₽ (empty: none)"), required=False)
    prizes = forms.CharField(
        label=gettext_lazy("Prize fund"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=PRIZE_HELP,
    )

    class Meta:
        model = FeeSchedule
        fields = [
            "base",
            "youth",
            "youth_under",
            "women",
            "members",
            "early",
            "early_until",
            "unpaid_admission",
            "withdrawal_refund",
            "prize_sharing",
            "one_prize_each",
            "prizes_on_diplomas",
        ]
        widgets = {"early_until": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        inst = self.instance
        for name in ("base", "youth", "women", "members", "early"):
            value = getattr(inst, name)
            if value is not None and not self.is_bound:
                self.initial[name] = manager.rub(value).replace("\u00a0₽", "").replace("\u202f", "")
        if inst.tournament_id and not self.is_bound:
            self.initial["prizes"] = prizes_text(inst.tournament)

    def clean_base(self):
        return self.cleaned_data.get("base") or 0

    def clean_prizes(self):
        return parse_prizes(self.cleaned_data.get("prizes") or "")

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("early") is not None and not cleaned.get("early_until"):
            self.add_error("early_until", _("The early entry fee needs its last day."))
        return cleaned

    def save_all(self, t: Tournament, by) -> FeeSchedule:
        with transaction.atomic():
            schedule = self.save(commit=False)
            schedule.tournament = t
            schedule.save()
            Prize.objects.filter(tournament=t).delete()
            prizes = self.cleaned_data["prizes"]
            for p in prizes:
                p.tournament = t
            Prize.objects.bulk_create(prizes)
            fund = money.fund([p.amount for p in prizes])
            log(
                t,
                by,
                "fee_schedule",
                _("Fees and prizes set: entry fee %(f)s, prize fund %(p)s")
                % {"f": manager.rub(schedule.base), "p": manager.rub(fund)},
            )
        return schedule
