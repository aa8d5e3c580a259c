"""The exercise «a new setting that the draw honours» (issue 26, "must be shown"): a setting = one row.

The setting: a "Swiss until N losses" that stops when at most K players are still in (``until_remaining``:
the last two play no further round, a final or a playoff follows), an option the pairing engine already takes.
In the product it takes these files and nothing else:

1. ``tournaments/models.py`` — the field (``until_remaining = models.PositiveSmallIntegerField(default=1)``)
   and its migration (``manage.py makemigrations tournaments``);
2. ``tournaments/regulation.py`` — its row, ``UNTIL_REMAINING`` below, in ``SETTINGS``;
3. ``locale/ru/LC_MESSAGES/django.po`` — the Russian of its label, fact and refusal;
4. ``README.md`` — its line in the "Choices" table (the rules are silent: the regulation's choice);
5. its test (this file).

From the row alone: the form shows it for "Swiss until N losses" only (``SYSTEM_FIELDS``), locks it once
round 1 is published (``LOCKED_AFTER_START``), refuses a value out of its bounds (the form's
``clean_<name>``), the final protocol and the report print it (``protocols.facts.regulation_facts``), the
tournament's page shows it, and the draw feeds it to the engine's Swiss (``draw.systems``: the draw ends, and
``rounds_left`` says so, by the engine's one end rule). Nothing in ``draw/``, ``protocols/``, ``public/``,
the form or a template.

Here the row is added for the test's duration only (``monkeypatch`` on ``regulation.SETTINGS``) and a class
attribute of ``Tournament`` stands in for the model field, so the product does not ship it. The lists
derived at import (the lock, the form's fields) pick the row up in the product; the test checks what the row
derives at run time: the engine's options, the draw and its end, the printed fact and the bounds.
"""

from __future__ import annotations

import pytest
from django.utils.translation import gettext_lazy as _

from draw import manager as draw_manager
from draw.models import Match
from protocols import facts
from tests.factories import make_tournament
from tournaments import regulation
from tournaments.models import Tournament
from tournaments.regulation import Printed, Setting, Shown

UNTIL_REMAINING = Setting(
    "until_remaining",
    systems=frozenset({regulation.SWISS_LOSSES}),
    bounds=(1, 64),
    message=_("From 1 to 64 players."),
    printed=Printed(135, _("Players left when it ends"), lambda t, m: str(t.until_remaining)),
    shown=Shown(55, _("Players left when it ends"), lambda t, page: t.until_remaining),
    feeds={"swiss": "until_remaining"},
)


@pytest.fixture
def with_the_row(monkeypatch):
    monkeypatch.setattr(regulation, "SETTINGS", (*regulation.SETTINGS, UNTIL_REMAINING))
    monkeypatch.setattr(Tournament, "until_remaining", 2, raising=False)  # the model field's value


def _play_round(t: Tournament, number: int) -> None:
    # Player 1 of each table wins; round published and complete.
    rnd = t.round_set.get(number=number)
    draw_manager.publish_round(t, number, None)
    for m in Match.objects.filter(round=rnd, player2__isnull=False):
        Match.objects.filter(pk=m.pk).update(
            result_kind="played", winner=m.player1_id, score1=m.match_length, score2=0
        )


def test_a_new_setting_is_one_row_and_the_draw_honours_it_004_1_4_6(secretary, with_the_row):
    # 4 players, out after one loss: round 1 leaves two unbeaten. With the new setting at 2 the event ends
    # there; the engine says so through the converter, the draw refuses round 2 and rounds_left agrees.
    t = make_tournament(secretary, players=4, system="swiss_losses", max_losses=1)
    assert regulation.engine_options(t, "swiss")["until_remaining"] == 2
    draw_manager.draw_round(t, secretary)
    _play_round(t, 1)
    assert not draw_manager.rounds_left(t)
    with pytest.raises(draw_manager.DrawError):
        draw_manager.draw_round(t, secretary, expected_number=2)
    # The printed fact, in its place (after the losses that eliminate), and the bounds.
    labels = [f.label for f in facts.regulation_facts(t)]
    assert labels.index("Players left when it ends") == labels.index("Поражений до выбывания") + 1
    assert UNTIL_REMAINING.check(65) and not UNTIL_REMAINING.check(2)
    # Another system does not get it (the row applies to "Swiss until N losses" only).
    t.system = "swiss"
    assert "until_remaining" not in regulation.engine_options(t, "swiss")


def test_without_the_row_the_same_event_plays_on(secretary):
    # The control: the same event without the setting pairs the last two in round 2.
    t = make_tournament(secretary, players=4, system="swiss_losses", max_losses=1)
    draw_manager.draw_round(t, secretary)
    _play_round(t, 1)
    assert draw_manager.rounds_left(t)
    assert draw_manager.draw_round(t, secretary, expected_number=2).matches.count() == 1
