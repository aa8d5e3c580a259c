"""The regulation's settings of a tournament (Положение), validated where the rules set a bound."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import cast

from django import forms
from django.db.models import QuerySet
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from tournaments import regulation
from tournaments.models import BLITZ_DISCIPLINES, DEFAULT_TIEBREAKS, Competition, System, Tiebreak, Tournament
from tournaments.rules import cite

MAX_MATCH_LENGTH = regulation.MAX_MATCH_LENGTH

# The rows of the regulation's table (tournaments.regulation, one row a setting): what the documents print
# (editable at any time), the settings that belong to some systems only (the form shows them for those
# systems, issue 14 item 8).
DOCUMENT_FIELDS = regulation.DOCUMENT_FIELDS
SYSTEM_FIELDS = regulation.SYSTEM_FIELDS
CHARACTER_FIELDS = regulation.CHARACTER_FIELDS


class TiebreakOrder(forms.Widget):
    """The tie-breaks by their names, ticked and ordered (issue 14 item 8): a list of checkboxes in the
    regulation's order, the ticked ones first; ↑ ↓ move a line (static/js/tournament_form.js). The browser
    sends ticked boxes in the order of the page, which is the order. Nothing ticked: the system's default."""

    def value_from_datadict(self, data, files, name):
        return (
            ",".join(v for v in data.getlist(name) if v) if hasattr(data, "getlist") else data.get(name, "")
        )

    def render(self, name, value, attrs=None, renderer=None):
        chosen = [k for k in (value or "").split(",") if k in Tiebreak.values]
        order = chosen + [k for k in Tiebreak.values if k not in chosen]
        labels = dict(Tiebreak.choices)
        items = format_html_join(
            "",
            '<li data-key="{}"><label><input type="checkbox" name="{}" value="{}"{}> {}</label> '
            '<button type="button" class="link small up" aria-label="{}">↑</button>'
            '<button type="button" class="link small down" aria-label="{}">↓</button></li>',
            (
                (k, name, k, mark_safe(" checked") if k in chosen else "", labels[k], _("up"), _("down"))
                for k in order
            ),
        )
        defaults = {key: value.split(",") for key, value in DEFAULT_TIEBREAKS.items()}
        return format_html(
            '<ol class="tiebreaks" id="{}" data-defaults="{}">{}</ol>',
            (attrs or {}).get("id", f"id_{name}"),
            json.dumps(defaults),
            items,
        )


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        # Name, dates and venue stay editable; the regulation's settings lock at the start (see the model).
        fields = [
            "name",
            "competition",  # issue 28 §3: the event of a competition (the view's rule decides who may)
            "start_date",
            "end_date",
            "venue",
            "checkin",  # the day's practice, not the regulation's: editable at any time (issue 14 item 3)
            *DOCUMENT_FIELDS,
            *Tournament.LOCKED_AFTER_START,
        ]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "end_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "regulation_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        }

    def __init__(
        self,
        *args,
        may_set_admission: bool = True,
        competitions: QuerySet[Competition] | None = None,
        competition_refusal: Callable[[Competition | None], str] | None = None,
        **kwargs,
    ):
        """``competitions``: those the user may put the event into (the field offers them and the current
        one); ``competition_refusal``: the rule (``registration.competition.move_refusal`` for this user and
        event), asked again on the server for whatever is posted. Without them the field is not shown."""
        super().__init__(*args, **kwargs)
        self.competition_refusal = competition_refusal
        if competitions is None or competition_refusal is None:
            del self.fields["competition"]
        else:
            field = cast(forms.ModelChoiceField, self.fields["competition"])
            current = Competition.objects.filter(pk=self.instance.competition_id)
            field.queryset = (competitions | current).distinct().order_by("-start_date", "name")
            field.empty_label = _("— none: a tournament of its own —")
            field.help_text = _(
                "An event of a competition shares its registry, its one entry form and its panel of "
                "officials (%(rule)s)."
            ) % {"rule": cite("004 §1.2")}
        if not may_set_admission:
            # 004 §5.3.1: the chief judge forms the admission commission; nobody else says who admits (a
            # disabled field keeps its value whatever is posted).
            self.fields["admission_by"].disabled = True
        self.fields["tiebreaks"].widget = TiebreakOrder()
        self.fields["tiebreaks"].help_text = _(
            "Tick the tie-breaks and put them in order (↑ ↓); nothing ticked: the system's default."
        )
        for name in regulation.BLANK_DEFAULTS:  # empty: the default (the table's ``blank``)
            self.fields[name].required = False
        self.locked = bool(self.instance.pk and self.instance.settings_locked)
        if self.locked:
            # Announced before the start, fixed once round 1 is published (004 §6.1.2 item 5).
            for name in Tournament.LOCKED_AFTER_START:
                if name in self.fields:
                    self.fields[name].disabled = True

    def rows(self):
        """Each field with the systems and the characters it belongs to ("" for all), for the template."""
        return [
            (
                field,
                " ".join(sorted(SYSTEM_FIELDS.get(field.name, ()))),
                " ".join(sorted(CHARACTER_FIELDS.get(field.name, ()))),
            )
            for field in self
        ]

    def clean_competition(self):
        value = self.cleaned_data.get("competition")
        refusal = self.competition_refusal(value) if self.competition_refusal else ""
        if refusal:
            raise forms.ValidationError(refusal)
        return value

    def clean_regulation_date(self):
        value = self.cleaned_data["regulation_date"]
        if value is not None and not 1990 <= value.year <= 2100:
            raise forms.ValidationError(_("Check the date of the regulation."))
        return value

    def clean_min_age(self):
        value = self.cleaned_data["min_age"]
        if value < 18:
            # 004 §2.1, §2.3.1: the regulation may restrict further, never below 18.
            raise forms.ValidationError(
                _("The minimum age cannot be below 18 (%(rule)s).") % {"rule": cite("004 §2.3.1")}
            )
        return value

    def clean_protest_deposit(self):
        # 004 §5.10: a deposit only when the regulation sets one; empty means none.
        value = self.cleaned_data.get("protest_deposit") or 0
        if value < 0:
            raise forms.ValidationError(_("The deposit cannot be negative."))
        return value

    def clean_tiebreaks(self):
        keys = [k.strip() for k in self.cleaned_data["tiebreaks"].split(",") if k.strip()]
        unknown = [k for k in keys if k not in Tiebreak.values]
        if unknown:
            raise forms.ValidationError(
                _("Unknown tie-breaks: %(u)s. Known: %(k)s.")
                % {"u": ", ".join(unknown), "k": ", ".join(Tiebreak.values)}
            )
        return ",".join(keys)

    def clean(self):
        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The last day cannot be before the first day."))
        if data.get("time_control_increment") and not data.get("time_control_minutes"):
            self.add_error("time_control_minutes", _("Give the minutes per player first."))
        if data.get("playoff_time_control_increment") and not data.get("playoff_time_control_minutes"):
            self.add_error("playoff_time_control_minutes", _("Give the minutes per player first."))
        if data.get("discipline") in BLITZ_DISCIPLINES and not data.get("time_control_minutes"):
            # 003 «Перерывы»: blitz is a discipline of its own clock; the regulation must name it.
            self.add_error("time_control_minutes", _("A blitz discipline needs its time control."))
        if data.get("system") == System.MIXED and data.get("rounds") and data.get("character") != "team":
            self.add_error(
                "rounds", _("A Swiss qualifying stage of a mixed system is built for team events only.")
            )
        if data.get("system") == System.MIXED:
            groups = data.get("group_count") or 0
            if groups < 2:
                self.add_error("group_count", _("A mixed system needs at least 2 groups."))
            if not data.get("qualifiers_per_group"):
                self.add_error("qualifiers_per_group", _("At least one player per group must qualify."))
        return data


class CompetitionForm(forms.ModelForm):
    """A competition of several events (004 §1.2, issue 28 §3): its name, status, dates, venue, organiser."""

    class Meta:
        model = Competition
        fields = ["name", "category", "start_date", "end_date", "venue", "organiser"]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "end_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        }

    def clean(self):
        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The last day cannot be before the first day."))
        return data


def _table_clean(setting: regulation.Setting):
    """The form's ``clean_<name>`` of a row of the regulation's table: an empty answer is the model's default
    when the row says so (``blank``), then the row's bounds."""

    def clean(self):
        value = self.cleaned_data.get(setting.name)
        empty = value is None if setting.blank == "none" else not value
        if setting.blank and empty:
            value = Tournament._meta.get_field(setting.name).default
        refusal = setting.check(value)
        if refusal:
            raise forms.ValidationError(refusal)
        return value

    clean.__name__ = f"clean_{setting.name}"
    return clean


for _setting in regulation.SETTINGS:
    if _setting.blank or _setting.bounds is not None:
        setattr(TournamentForm, f"clean_{_setting.name}", _table_clean(_setting))
