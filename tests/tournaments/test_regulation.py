"""A regulation setting = one row (issue 26 part 2): the lock, the form's visibility and bounds, the printed
facts, the detail page and the engines' options are derived from ``tournaments.regulation.SETTINGS``; the
tie-breaks have one vocabulary."""

from __future__ import annotations

from decimal import Decimal

from django.urls import reverse
from django.utils.translation import gettext, ngettext

from protocols import facts
from standings import metrics
from tests.factories import make_tournament
from tournaments import regulation
from tournaments.forms import SYSTEM_FIELDS, TournamentForm
from tournaments.models import Tiebreak, Tournament


def test_the_tiebreak_vocabulary_is_one_004_1_4_3():
    # The settings' choices are the metrics the standings compute: the same keys, in order, the same names.
    assert Tiebreak.values == list(metrics.METRICS)
    assert [str(label) for label in Tiebreak.labels] == [gettext(m.name) for m in metrics.METRICS.values()]


def test_every_row_is_a_field_of_the_tournament_and_the_lock_is_the_tables_004_6_1_2():
    fields = {f.name for f in Tournament._meta.get_fields()}
    assert {s.name for s in regulation.SETTINGS} <= fields
    assert Tournament.LOCKED_AFTER_START == tuple(s.name for s in regulation.SETTINGS if s.locked)
    assert SYSTEM_FIELDS == {s.name: set(s.systems) for s in regulation.SETTINGS if s.systems}
    assert set(Tournament.LOCKED_AFTER_START) <= set(TournamentForm.base_fields)
    # Every bounded row has its refusal, and the form its clean_<name>.
    for s in regulation.BOUNDED:
        assert s.message and hasattr(TournamentForm, f"clean_{s.name}"), s.name


def _form_data(t: Tournament, **changes) -> dict:
    form = TournamentForm(instance=t)
    data = {}
    for name in form.fields:
        value = form.initial.get(name)
        if value is None:
            continue
        data[name] = value.isoformat() if hasattr(value, "isoformat") else value
    data.update(changes)
    return {k: v for k, v in data.items() if v is not False}


def test_the_forms_bounds_come_from_the_rows_004_6_1_2(secretary):
    t = make_tournament(secretary, system="round_robin", tiebreaks="direct")
    assert TournamentForm(_form_data(t), instance=t).is_valid()
    for name, value, message in (
        ("cycles", 5, "From 1 to 4 cycles."),
        ("match_length", 52, "The match length must be from 1 to %(n)s points."),
        ("boards", 13, "From 1 to 12 boards."),
        ("bye_points", "1.5", "A bye is worth from 0 to 1 point."),
    ):
        refused = TournamentForm(_form_data(t, **{name: value}), instance=t)
        assert not refused.is_valid()
        assert refused.errors[name] == [gettext(message) % {"n": 51}], name
    # An empty team setting is its default (the row's ``blank``).
    form = TournamentForm(_form_data(t, boards=""), instance=t)
    assert form.is_valid(), form.errors
    assert form.cleaned_data["boards"] == Tournament._meta.get_field("boards").default


def test_the_engines_options_are_the_rows_feeds_004_1_4_6(secretary):
    t = make_tournament(
        secretary, system="swiss_losses", max_losses=2, avoid_same="club", bye_points=Decimal(1)
    )
    assert regulation.engine_options(t, "swiss") == {
        "max_losses": 2,
        "bye_points": 1.0,
        "avoid_same_club": True,
    }
    assert regulation.engine_options(t, "swiss_check") == {"max_losses": 2, "avoid_same_club": True}
    t.system = "swiss"  # max_losses belongs to "until N losses" only
    assert "max_losses" not in regulation.engine_options(t, "swiss")
    t.system = "single_elimination"
    assert regulation.engine_options(t, "single_elimination") == {
        "third_place": t.third_place,
        "classification": t.classification,
        "draw": t.draw_mode,
    }


def test_the_printed_facts_and_the_page_come_from_the_rows(client, secretary):
    t = make_tournament(secretary, system="swiss_losses", max_losses=3)
    labels = [f.label for f in facts.regulation_facts(t)]
    # The rows' facts in their places among the event's own.
    assert labels.index("Правила") < labels.index("Дисциплина") < labels.index("Даты")
    assert labels.index("Длина матча, очков") < labels.index("Туры") < labels.index("Поражений до выбывания")
    page = client.get(reverse("public:detail", args=[t.pk])).content.decode()
    out_after = ngettext("%(n)s loss", "%(n)s losses", 3) % {"n": 3}
    assert f"<dt>Выбывание после</dt><dd>{out_after}</dd>" in page
