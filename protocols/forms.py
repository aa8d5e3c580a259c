"""What the officials write for the documents alone: the schedule's planned times, the chief judge's notes."""

from __future__ import annotations

import datetime

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from protocols.models import ChiefJudgeReport, JudgeEvaluation, ScheduledRound
from tournaments.models import Tournament

DATETIME_FORMATS = ["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%d.%m.%Y %H:%M"]


class ScheduleForm(forms.Form):
    """One planned start per round (004 §6.2.3 item 3); empty: not planned. Rounds 1…``count``."""

    def __init__(self, *args, tournament: Tournament, count: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        planned = {s.number: s for s in tournament.schedule.all()}
        self.numbers = list(range(1, max(count, max(planned, default=0)) + 1))
        for n in self.numbers:
            row = planned.get(n)
            self.fields[f"start_{n}"] = forms.DateTimeField(
                label=_("Round %(n)s") % {"n": n},
                required=False,
                input_formats=DATETIME_FORMATS,
                widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
                initial=row.starts_at if row else None,
            )
            self.fields[f"note_{n}"] = forms.CharField(
                label=_("note"), required=False, max_length=200, initial=row.note if row else ""
            )

    def rows(self):
        for n in self.numbers:
            yield n, self[f"start_{n}"], self[f"note_{n}"]

    def clean(self):
        data = super().clean()
        t = self.tournament
        # A plan far from the tournament's own days is a typo (a year 1 date, a wrong month).
        first = t.start_date - datetime.timedelta(days=31)
        last = t.end_date + datetime.timedelta(days=31)
        previous = None
        for n in self.numbers:
            value = data.get(f"start_{n}")
            if value is None:
                continue
            if not first <= value.date() <= last:
                self.add_error(
                    f"start_{n}",
                    _("The round's start must be within a month of the tournament's days (%(a)s–%(b)s).")
                    % {"a": f"{t.start_date:%d.%m.%Y}", "b": f"{t.end_date:%d.%m.%Y}"},
                )
            elif previous is not None and value < previous:
                self.add_error(f"start_{n}", _("A round cannot start before the round before it."))
            previous = value
        return data

    def save(self) -> list[str]:
        """Store the plan; returns what changed, for the change log."""
        changed = []
        for n in self.numbers:
            value, note = self.cleaned_data.get(f"start_{n}"), self.cleaned_data.get(f"note_{n}", "").strip()
            row = ScheduledRound.objects.filter(tournament=self.tournament, number=n).first()
            if value is None:
                if row is not None:
                    row.delete()
                    changed.append(f"{n}: —")
                continue
            if row is None or row.starts_at != value or row.note != note:
                ScheduledRound.objects.update_or_create(
                    tournament=self.tournament, number=n, defaults={"starts_at": value, "note": note}
                )
                changed.append(f"{n}: {value:%d.%m.%Y %H:%M}")
        return changed


class ReportForm(forms.ModelForm):
    class Meta:
        model = ChiefJudgeReport
        fields = ["conditions", "course", "remarks"]
        widgets = {name: forms.Textarea(attrs={"rows": 4}) for name in fields}
        help_texts = {
            "conditions": gettext_lazy("The hall, the tables, the equipment, the clocks."),
            "course": gettext_lazy("Delays, incidents, decisions worth recording."),
        }

    def clean(self):
        data = super().clean()
        for name in self.Meta.fields:
            value = data.get(name, "")
            if len(value) > 5000:
                self.add_error(name, _("At most 5000 characters."))
        return data


class EvaluationForm(forms.Form):
    """004 §6.2.1 item 7: a mark and a comment for each judge who served the competition (a mark left empty:
    not evaluated yet)."""

    def __init__(self, *args, officials, **kwargs):
        super().__init__(*args, **kwargs)
        self.officials = list(officials)
        for o in self.officials:
            self.fields[f"mark_{o.pk}"] = forms.TypedChoiceField(
                label=f"{o.person.full_name} ({o.role_display})",
                choices=[("", "—"), *JudgeEvaluation.Mark.choices],
                coerce=int,
                empty_value=None,
                required=False,
            )
            self.fields[f"comment_{o.pk}"] = forms.CharField(
                label=gettext_lazy("comment"),
                required=False,
                max_length=2000,
                widget=forms.Textarea(attrs={"rows": 2}),
            )

    def marks(self) -> list[tuple]:
        """(official, mark, comment) for each judge given a mark."""
        d = self.cleaned_data
        return [
            (o, d[f"mark_{o.pk}"], " ".join(d[f"comment_{o.pk}"].split()))
            for o in self.officials
            if d.get(f"mark_{o.pk}") is not None
        ]
