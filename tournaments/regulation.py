"""The regulation's settings, one row each (issue 26 part 2), in the manner of Tabbycat's
``options/preferences.py``: a setting is a ``Setting`` in ``SETTINGS`` (and its model field), nothing else.

A row says which systems the setting applies to (the form shows it for those only), whether it locks when
round 1 is published (004 §6.1.2 item 5), its bounds (the form's ``clean_<name>``), what an empty answer
means, the fact the final protocol and the report print (``Printed``), the line of the tournament's page
(``Shown``) and the engine option it feeds (``feeds``: request → option; ``draw.systems`` reads them through
``engine_options``). Derived here: ``LOCKED_AFTER_START``, ``DOCUMENT_FIELDS``, ``SYSTEM_FIELDS``,
``BLANK_DEFAULTS``, ``BOUNDED``. Derived by their owners: the form (``tournaments.forms``), the printed facts
(``protocols.facts.regulation_facts``), the detail page (``public.pages.tournament_detail``) and the engines'
requests (``draw.systems``).

This module imports no model (``tournaments.models`` reads it to build ``Tournament.LOCKED_AFTER_START``): the
systems are their values, the tournament is read by its attributes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.utils.html import format_html
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from rules_core import DEFAULT_KOKS_ZONE

# The systems by their values (tournaments.models.System).
ROUND_ROBIN, SINGLE, DOUBLE = "round_robin", "single_elimination", "double_elimination"
SWISS, SWISS_LOSSES, MIXED = "swiss", "swiss_losses", "mixed"
ELIMINATION = frozenset({SINGLE, DOUBLE})
SWISSES = frozenset({SWISS, SWISS_LOSSES})
BRACKETS = frozenset({SINGLE, DOUBLE, MIXED})
# The characters by their values (tournaments.models.Character): a team event's settings are its own.
TEAM_EVENTS = frozenset({"team"})
MAX_MATCH_LENGTH = 51


@dataclass(frozen=True)
class Printed:
    """The fact a setting prints in the regulation's facts (the final protocol, the report): its place among
    them (``at``), its label, its text and when it is printed (default: when the setting applies).
    ``text(t, measure)``: ``measure`` is what the documents measure of the played event (``protocols.facts``:
    the rounds played, the match lengths played, numbers and yes/no as printed)."""

    at: int
    label: Any
    text: Callable[[Any, Any], str]
    when: Callable[[Any], bool] | None = None


@dataclass(frozen=True)
class Shown:
    """The line of the tournament's page (templates/public/detail.html): its place (``at``), label and value
    (``value(t, page)``: ``page`` is what the page knows — the planned rounds, whether the reader is the chief
    judge; None: no line); shown when ``when`` (default: the setting applies)."""

    at: int
    label: Any
    value: Callable[[Any, dict], Any]
    when: Callable[[Any], bool] | None = None


@dataclass(frozen=True)
class Setting:
    name: str  # the model field of Tournament
    systems: frozenset[str] = frozenset()  # empty: every system
    characters: frozenset[str] = frozenset()  # empty: every character (personal, team, personal-team)
    locked: bool = True  # fixed once round 1 is published (004 §6.1.2 item 5)
    document: bool = False  # what the documents print about the competition; editable at any time
    bounds: tuple[Any, Any] | None = None  # (low, high), either None for no bound; an empty value passes
    message: Any = ""  # the bounds' refusal; may name %(n)s (the upper bound)
    blank: str = (
        ""  # what an empty answer means: "" required; "none": None → the default; "empty": falsy → it
    )
    printed: Printed | None = None
    shown: Shown | None = None
    feeds: dict[str, str] = field(default_factory=dict)  # engine request → option
    engine_value: Callable[[Any], Any] = lambda value: value  # the option's value from the setting's

    def applies(self, system: str) -> bool:
        return not self.systems or system in self.systems

    def check(self, value) -> str:
        """The refusal of ``value`` by the bounds ("" when it passes)."""
        if value is None or self.bounds is None:
            return ""
        low, high = self.bounds
        if (low is not None and value < low) or (high is not None and value > high):
            return str(self.message) % {"n": high}
        return ""


def _display(name: str) -> Callable[[Any, Any], str]:
    return lambda t, measure: str(getattr(t, f"get_{name}_display")())


def _system_is(*systems: str) -> Callable[[Any], bool]:
    return lambda t: t.system in systems


def _swiss_rounds_text(t, measure) -> str:
    # 004 §1.4.6: the rounds played (never a draft), and the number fixed when round 1 was published (changed
    # only by the chief judge) when they differ; until N losses: the rounds played.
    played = measure.played_rounds()
    if t.system == SWISS_LOSSES:
        return str(played)
    fixed = t.rounds or played
    return str(played) if played == fixed else gettext("%(n)s of %(m)s") % {"n": played, "m": fixed}


def _planned_rounds(t, page: dict):
    planned = page.get("planned_rounds")
    if not planned:
        return None  # no line (a Swiss of no players yet)
    if not t.rounds:
        note = gettext("recommended; fixed when round 1 is published")
        return format_html('{} <span class="muted">({})</span>', planned, note)
    if page.get("chief_judge") and not t.is_closed:
        url = page["swiss_rounds_url"]
        return format_html('{} <a class="small" href="{}">{}</a>', planned, url, gettext("change"))
    return planned


def _groups_shown(t, page: dict) -> str:
    text = f"{t.group_count}, " + gettext("%(k)s qualify from each") % {"k": t.qualifiers_per_group}
    return text + (f" + {t.best_of_rest}" if t.best_of_rest else "")


def _playoff_is(system: str) -> Callable[[Any], bool]:
    return lambda t: t.system == system or (t.system == MIXED and t.playoff_system == system)


SETTINGS: tuple[Setting, ...] = (
    # --- the day's practice, not the regulation's: editable at any time (issue 14 item 3) ---
    Setting("checkin", locked=False, blank="empty"),
    # --- what the documents print about the competition (they change no result) ---
    Setting(
        "category",
        locked=False,
        document=True,
        printed=Printed(10, _("Rank of the competition"), _display("category"), lambda t: bool(t.category)),
    ),
    Setting(
        "organiser",
        locked=False,
        document=True,
        printed=Printed(20, _("Organiser"), lambda t, m: t.organiser, lambda t: bool(t.organiser)),
    ),
    Setting(
        "regulation_number",
        locked=False,
        document=True,
        printed=Printed(
            30,
            _("Regulation"),
            lambda t, m: m.regulation(),
            lambda t: bool(t.regulation_number or t.regulation_date),
        ),
    ),
    Setting("regulation_date", locked=False, document=True),  # printed with the number; its own bound (form)
    Setting(
        "time_control_minutes",
        locked=False,
        document=True,
        bounds=(1, 600),
        message=_("From 1 to 600 minutes."),
        printed=Printed(110, _("Time control"), lambda t, m: t.time_control, lambda t: bool(t.time_control)),
    ),
    Setting(
        "time_control_increment",
        locked=False,
        document=True,
        bounds=(None, 600),
        message=_("At most 600 seconds a move."),
    ),
    Setting(
        "playoff_time_control_minutes",
        systems=frozenset({MIXED}),
        locked=False,
        document=True,
        bounds=(1, 600),
        message=_("From 1 to 600 minutes."),
    ),
    Setting(
        "playoff_time_control_increment",
        systems=frozenset({MIXED}),
        locked=False,
        document=True,
        bounds=(None, 600),
        message=_("At most 600 seconds a move."),
    ),
    Setting(
        "awarded_places",
        locked=False,
        document=True,
        blank="none",
        bounds=(1, 10),
        message=_("From 1 to 10 places."),
    ),
    # --- the regulation's settings, announced before the start, locked once round 1 is published ---
    Setting("discipline", printed=Printed(40, _("Discipline"), _display("discipline"))),
    Setting("system", printed=Printed(50, _("System"), _display("system"))),
    Setting(
        "character",
        printed=Printed(60, _("Character"), _display("character")),
        shown=Shown(10, _("Character"), lambda t, page: t.get_character_display()),
    ),
    Setting(
        "gender_group",
        printed=Printed(70, _("Group"), _display("gender_group")),
        shown=Shown(20, _("Group"), lambda t, page: t.get_gender_group_display()),
    ),
    Setting(
        "match_length",
        bounds=(1, MAX_MATCH_LENGTH),
        message=_("The match length must be from 1 to %(n)s points."),
        printed=Printed(100, _("Match length, points"), lambda t, m: m.match_lengths()),
        shown=Shown(30, _("Match length"), lambda t, page: t.match_length),
    ),
    Setting(
        "rounds",
        # A team mixed event qualifies by a Swiss of this many rounds instead of groups (004 §1.4.7).
        systems=frozenset({SWISS, MIXED}),
        bounds=(1, 30),
        message=_("From 1 to 30 rounds."),
        printed=Printed(120, _("Rounds"), _swiss_rounds_text, _system_is(SWISS, SWISS_LOSSES)),
        shown=Shown(40, _("Rounds"), _planned_rounds, lambda t: t.system == SWISS),
    ),
    Setting(
        "max_losses",
        systems=frozenset({SWISS_LOSSES}),
        bounds=(1, 10),
        message=_("From 1 to 10 losses."),
        printed=Printed(130, _("Losses that eliminate"), lambda t, m: str(t.max_losses)),
        shown=Shown(
            50,
            _("Out after"),
            lambda t, page: ngettext("%(n)s loss", "%(n)s losses", t.max_losses) % {"n": t.max_losses},
        ),
        feeds={"swiss": "max_losses", "swiss_check": "max_losses"},
    ),
    Setting(
        "cycles",
        systems=frozenset({ROUND_ROBIN, MIXED}),
        bounds=(1, 4),
        message=_("From 1 to 4 cycles."),
        printed=Printed(140, _("Cycles"), lambda t, m: str(t.cycles), _system_is(ROUND_ROBIN)),
        shown=Shown(60, _("Cycles"), lambda t, page: t.cycles, _system_is(ROUND_ROBIN)),
        feeds={"round_robin": "cycles"},
    ),
    Setting(
        "group_count",
        systems=frozenset({MIXED}),
        printed=Printed(150, _("Groups"), lambda t, m: str(t.group_count)),
        shown=Shown(70, _("Groups"), _groups_shown),
        feeds={"groups": "groups"},
    ),
    Setting(
        "qualifiers_per_group",
        systems=frozenset({MIXED}),
        printed=Printed(160, _("Qualifiers per group"), lambda t, m: str(t.qualifiers_per_group)),
        feeds={"playoff_seeding": "qualifiers_per_group"},
    ),
    Setting("best_of_rest", systems=frozenset({MIXED}), feeds={"playoff_seeding": "best_of_rest"}),
    Setting(
        "playoff_system",
        systems=frozenset({MIXED}),
        printed=Printed(170, _("Playoff system"), _display("playoff_system")),
    ),
    Setting(
        "playoff_match_length",
        systems=frozenset({MIXED}),
        bounds=(1, MAX_MATCH_LENGTH),
        message=_("The match length must be from 1 to %(n)s points."),
    ),
    Setting(
        "third_place",
        systems=frozenset({SINGLE, MIXED}),
        printed=Printed(180, _("Third-place match"), lambda t, m: m.yes(t.third_place), _playoff_is(SINGLE)),
        feeds={SINGLE: "third_place"},
    ),
    Setting("classification", systems=frozenset({SINGLE, MIXED}), feeds={SINGLE: "classification"}),
    Setting(
        "grand_final_reset",
        systems=frozenset({DOUBLE, MIXED}),
        printed=Printed(
            190, _("Grand final reset match"), lambda t, m: m.yes(t.grand_final_reset), _playoff_is(DOUBLE)
        ),
        feeds={DOUBLE: "grand_final_reset"},
    ),
    Setting(
        "draw_mode",
        systems=frozenset({ROUND_ROBIN, *BRACKETS}),
        feeds={"round_robin": "draw", SINGLE: "draw", DOUBLE: "draw", "groups": "draw"},
    ),
    Setting(
        "protest_window_minutes",
        bounds=(1, 120),
        message=_("From 1 to 120 minutes."),
        printed=Printed(240, _("Protest window, minutes"), lambda t, m: str(t.protest_window_minutes)),
        shown=Shown(
            90, _("Protest window"), lambda t, page: gettext("%(m)s min") % {"m": t.protest_window_minutes}
        ),
    ),
    Setting(
        "protest_deposit",  # 004 §5.10: a deposit only when the regulation sets one (own clean: empty is 0)
        printed=Printed(
            250,
            _("Protest deposit"),
            lambda t, m: f"{t.protest_deposit:.2f}".replace(".", ","),
            lambda t: bool(t.protest_deposit),
        ),
    ),
    Setting("min_age"),  # its own clean: never below 18 (004 §2.1, §2.3.1)
    Setting(
        "bye_points",
        systems=SWISSES,
        bounds=(Decimal(0), Decimal(1)),
        message=_("A bye is worth from 0 to 1 point."),
        # A Swiss only: a round robin's rest and a bracket's bye are no bye worth points (issue 30).
        printed=Printed(200, _("Points for a bye"), lambda t, m: m.number(t.bye_points)),
        feeds={"swiss": "bye_points"},
        engine_value=float,
    ),
    Setting(
        "tiebreaks",  # its own clean: the keys of standings.metrics.METRICS
        printed=Printed(
            210, _("Tie-break order"), lambda t, m: m.tiebreaks(), lambda t: t.system not in ELIMINATION
        ),
    ),
    Setting(
        "ties_shared",  # issue 29 §2, FIDE C.07 2.1
        printed=Printed(
            211,
            _("Tie-breaks"),
            lambda t, m: gettext("for information only") if t.ties_shared else gettext("decide places"),
            lambda t: t.system not in ELIMINATION,
        ),
    ),
    Setting(
        "unplayed_rule",  # issue 29 §2: Swiss only (FIDE's rules are for Swiss; a round robin has no byes)
        systems=SWISSES,
        blank="empty",
        printed=Printed(212, _("Unplayed games in tie-breaks"), _display("unplayed_rule")),
    ),
    Setting("head_rule"),
    Setting(
        "koks_zone",
        # A rule of the game, printed only where the regulation departs from the default (issue 30).
        printed=Printed(
            220,
            _("Koks zone (003, 004 §5.4.3)"),
            _display("koks_zone"),
            lambda t: t.discipline == "long" and t.koks_zone != DEFAULT_KOKS_ZONE,
        ),
    ),
    Setting("validate_records"),
    Setting(
        "contact_resignation",  # 003 «Завершение партии и матча»: the records' check, an error or a note
        blank="empty",
        printed=Printed(
            222,
            _("A resignation in a contact position in game records (003)"),
            _display("contact_resignation"),
            lambda t: bool(t.validate_records),
        ),
    ),
    Setting(
        "avoid_same",  # 004 §1.3.3: teammates (club, region) apart, after the score groups
        systems=SWISSES,
        feeds={"swiss": "avoid_same_club", "swiss_check": "avoid_same_club"},
        engine_value=bool,
    ),
    # Team events only (004 §1.3.4; the form shows them for a team event only, issue 28 §6); empty: the
    # default.
    Setting(
        "boards", characters=TEAM_EVENTS, blank="empty", bounds=(1, 12), message=_("From 1 to 12 boards.")
    ),
    Setting("team_scoring", characters=TEAM_EVENTS, blank="empty"),
    Setting("team_draw_rule", characters=TEAM_EVENTS, blank="empty"),
    Setting(
        "second_warning",
        printed=Printed(235, _("Second warning (004 §5.7.2)"), _display("second_warning")),
    ),
    Setting(
        "group_ties",
        systems=frozenset({MIXED}),
        printed=Printed(225, _("A tie for a qualifying place (004 §1.4.7)"), _display("group_ties")),
    ),
    Setting(
        # 004 §1.4.7 is silent: the regulation's rule (issue 30 item 3); empty: the default.
        "group_rest_places",
        systems=frozenset({MIXED}),
        blank="empty",
        printed=Printed(
            228, _("Places of those not in the playoff (004 §1.4.7)"), _display("group_rest_places")
        ),
    ),
    Setting(
        "rank_confirmation",
        locked=False,
        document=True,
        printed=Printed(
            260,
            _("A norm of the rank held confirms it"),
            lambda t, m: m.yes(t.rank_confirmation),
            lambda t: t.rank_confirmation,
        ),
    ),
    # 004 §5.7.3: a place a removed competitor held alone in a bracket — the others close up, or extra
    # matches decide it (``draw.manager.places_to_play``).
    Setting(
        "removed_places",
        systems=BRACKETS,
        blank="empty",
        printed=Printed(
            195, _("A place left by a removed competitor (004 §5.7.3)"), _display("removed_places")
        ),
    ),
    # 004 §2.2.3, §5.1.5: a participation agreement per participant (the draw waits for it).
    Setting(
        "participation_agreement",
        printed=Printed(
            255,
            _("Participation agreement (004 §5.1.5)"),
            lambda t, m: m.yes(True),
            lambda t: t.participation_agreement,
        ),
    ),
    # 004 §5.3.1, §5.3.3: who decides on entries (``registration.permissions.may_admit``); only the chief
    # judge changes it (he forms the commission: the form disables it for anybody else).
    Setting("admission_by", blank="empty"),
)

BY_NAME = {s.name: s for s in SETTINGS}
LOCKED_AFTER_START = tuple(s.name for s in SETTINGS if s.locked)
DOCUMENT_FIELDS = [s.name for s in SETTINGS if s.document]
SYSTEM_FIELDS = {s.name: set(s.systems) for s in SETTINGS if s.systems}
CHARACTER_FIELDS = {s.name: set(s.characters) for s in SETTINGS if s.characters}
BLANK_DEFAULTS = {s.name: s.blank for s in SETTINGS if s.blank}
BOUNDED = tuple(s for s in SETTINGS if s.bounds is not None)


def engine_options(t, request: str) -> dict:
    """The options the regulation feeds the engine's ``request`` (a system of ``draw.pairing.handle``): every
    setting that applies to the tournament's system and names that request, converted as the row says."""
    return {
        s.feeds[request]: s.engine_value(getattr(t, s.name))
        for s in SETTINGS
        if request in s.feeds and s.applies(t.system)
    }


def printed(t) -> list[Printed]:
    """The settings' printed facts that apply to ``t``, unordered (the documents place them by ``at``)."""
    return [
        s.printed
        for s in SETTINGS
        if s.printed is not None and (s.printed.when(t) if s.printed.when else s.applies(t.system))
    ]


def shown(t) -> list[Shown]:
    """The settings' lines of the tournament's page that apply to ``t``, unordered (placed by ``at``)."""
    return [
        s.shown
        for s in SETTINGS
        if s.shown is not None and (s.shown.when(t) if s.shown.when else s.applies(t.system))
    ]
