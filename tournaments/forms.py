"""The regulation's settings of a tournament (Положение), validated where the rules set a bound."""

from __future__ import annotations

import json

from django import forms
from django.db import models
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from tournaments.models import BLITZ_DISCIPLINES, DEFAULT_TIEBREAKS, System, Tiebreak, Tournament
from tournaments.rules import cite

MAX_MATCH_LENGTH = 51


# What the documents print about the competition; editable at any time (they change no result).
DOCUMENT_FIELDS = [
    "category",
    "organiser",
    "regulation_number",
    "regulation_date",
    "time_control_minutes",
    "time_control_increment",
    "playoff_time_control_minutes",
    "playoff_time_control_increment",
    "awarded_places",
]


TEAM_FIELDS = ("boards", "team_scoring", "team_draw_rule")

# The settings that belong to some systems only (issue 14 item 8): the form shows them for those systems.
SWISS = {System.SWISS, System.SWISS_LOSSES}
BRACKETS = {System.SINGLE_ELIMINATION, System.DOUBLE_ELIMINATION, System.MIXED}
SYSTEM_FIELDS = {
    # A team mixed event qualifies by a Swiss of this many rounds instead of groups (004 §1.4.7, draw.teams).
    "rounds": {System.SWISS, System.MIXED},
    "bye_points": SWISS,
    "avoid_same": SWISS,
    "max_losses": {System.SWISS_LOSSES},
    "cycles": {System.ROUND_ROBIN, System.MIXED},
    "group_count": {System.MIXED},
    "qualifiers_per_group": {System.MIXED},
    "best_of_rest": {System.MIXED},
    "playoff_system": {System.MIXED},
    "playoff_match_length": {System.MIXED},
    "playoff_time_control_minutes": {System.MIXED},
    "playoff_time_control_increment": {System.MIXED},
    "group_ties": {System.MIXED},
    "third_place": {System.SINGLE_ELIMINATION, System.MIXED},
    "classification": {System.SINGLE_ELIMINATION, System.MIXED},
    "grand_final_reset": {System.DOUBLE_ELIMINATION, System.MIXED},
    "draw_mode": {System.ROUND_ROBIN, *BRACKETS},
}


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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tiebreaks"].widget = TiebreakOrder()
        self.fields["tiebreaks"].help_text = _(
            "Tick the tie-breaks and put them in order (↑ ↓); nothing ticked: the system's default."
        )
        self.fields["awarded_places"].required = False  # empty: the default, places 1–3
        self.fields["checkin"].required = False  # empty: the default, before round 1
        for name in TEAM_FIELDS:  # team events only (004 §1.3.4); empty: the default
            self.fields[name].required = False
        self.locked = bool(self.instance.pk and self.instance.settings_locked)
        if self.locked:
            # Announced before the start, fixed once round 1 is published (004 §6.1.2 item 5).
            for name in Tournament.LOCKED_AFTER_START:
                if name in self.fields:
                    self.fields[name].disabled = True

    def rows(self):
        """Each field with the systems it belongs to ("" for every system), for the template."""
        return [(field, " ".join(sorted(SYSTEM_FIELDS.get(field.name, ())))) for field in self]

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

    def clean_regulation_date(self):
        value = self.cleaned_data["regulation_date"]
        if value is not None and not 1990 <= value.year <= 2100:
            raise forms.ValidationError(_("Check the date of the regulation."))
        return value

    def clean_time_control_minutes(self):
        value = self.cleaned_data["time_control_minutes"]
        if value is not None and not 1 <= value <= 600:
            raise forms.ValidationError(_("From 1 to 600 minutes."))
        return value

    def clean_time_control_increment(self):
        value = self.cleaned_data["time_control_increment"]
        if value is not None and value > 600:
            raise forms.ValidationError(_("At most 600 seconds a move."))
        return value

    def clean_playoff_time_control_minutes(self):
        value = self.cleaned_data["playoff_time_control_minutes"]
        if value is not None and not 1 <= value <= 600:
            raise forms.ValidationError(_("From 1 to 600 minutes."))
        return value

    def clean_playoff_time_control_increment(self):
        value = self.cleaned_data["playoff_time_control_increment"]
        if value is not None and value > 600:
            raise forms.ValidationError(_("At most 600 seconds a move."))
        return value

    def _team_default(self, name: str):
        field = Tournament._meta.get_field(name)
        assert isinstance(field, models.Field)  # a concrete column of the tournament, not a relation
        return self.cleaned_data.get(name) or field.default

    def clean_boards(self):
        value = self._team_default("boards")
        if not 1 <= value <= 12:
            raise forms.ValidationError(_("From 1 to 12 boards."))
        return value

    def clean_team_scoring(self):
        return self._team_default("team_scoring")

    def clean_team_draw_rule(self):
        return self._team_default("team_draw_rule")

    def clean_checkin(self):
        return self.cleaned_data["checkin"] or Tournament._meta.get_field("checkin").default

    def clean_awarded_places(self):
        value = self.cleaned_data["awarded_places"]
        if value is None:
            return Tournament._meta.get_field("awarded_places").default
        if not 1 <= value <= 10:
            raise forms.ValidationError(_("From 1 to 10 places."))
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
            raise forms.ValidationError(
                _("The minimum age cannot be below 18 (%(rule)s).") % {"rule": cite("004 §2.3.1")}
            )
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
