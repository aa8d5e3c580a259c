"""Findings of rules_core (English, fixed phrasing) shown in the page's language.

rules_core is pure and speaks English (its CLI is a stable contract); the web app translates its phrases here.
A phrase not in the table is shown as rules_core wrote it, so a new message in rules_core is never lost.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _

# Reasons after "is not legal: " (validate._explain).
_WHY: list[tuple[re.Pattern, object]] = [
    (
        re.compile(r"the roll cannot be played at all \((?P<inner>.*)\)$"),
        _("the roll cannot be played at all (%(inner)s)"),
    ),
    (
        re.compile(r"the roll is not played in full \(both dice, or the larger one, must be played\)$"),
        _("the roll is not played in full (both dice, or the larger one, must be played)"),
    ),
    (
        re.compile(r"only one checker may leave the head per turn \(and a forbidden six-point block\)$"),
        _("only one checker may leave the head per turn (and a forbidden six-point block)"),
    ),
    (
        re.compile(r"only one checker may leave the head per turn$"),
        _("only one checker may leave the head per turn"),
    ),
    (
        re.compile(r"a block of six points with no opposing checker ahead of it$"),
        _("a block of six points with no opposing checker ahead of it"),
    ),
    (re.compile(r"checkers on the bar must enter first$"), _("checkers on the bar must enter first")),
    (
        re.compile(r"bearing off before all 15 checkers are home$"),
        _("bearing off before all 15 checkers are home"),
    ),
    (
        re.compile(r"a higher die bears off only from the highest occupied point$"),
        _("a higher die bears off only from the highest occupied point"),
    ),
    (
        re.compile(r"both intermediate points \((?P<a>\d+), (?P<b>\d+)\) are closed$"),
        _("both intermediate points (%(a)s, %(b)s) are closed"),
    ),
    (re.compile(r"point (?P<p>\d+) is closed by the opponent$"), _("point %(p)s is closed by the opponent")),
    (
        re.compile(r"the checkers cannot move so with these dice$"),
        _("the checkers cannot move so with these dice"),
    ),
]

_MESSAGES: list[tuple[re.Pattern, object]] = [
    (
        re.compile(r"(?P<roll>\d\d): (?P<play>.*) is not legal: (?P<why>.*)$"),
        _("%(roll)s: %(play)s is not legal: %(why)s"),
    ),
    (
        re.compile(r"(?P<roll>\d\d): (?P<play>.*) moves a checker from an empty point$"),
        _("%(roll)s: %(play)s moves a checker from an empty point"),
    ),
    (
        re.compile(r"no play written for (?P<roll>\d\d), but it can be played$"),
        _("no play written for %(roll)s, but it can be played"),
    ),
    (
        re.compile(r"record variation (?P<v>.*) is not long nardy$"),
        _("the record's variation %(v)s is not long nardy"),
    ),
    (
        re.compile(r"record is long nardy, validated as short$"),
        _("the record is long nardy, the tournament short"),
    ),
    (re.compile(r"game numbered (?P<n>\d+)$"), _("a game numbered %(n)s")),
    (
        re.compile(r"score line does not agree with the games before$"),
        _("the score line does not agree with the games before"),
    ),
    (
        re.compile(r"game played after the match was over at (?P<s>\d+-\d+)$"),
        _("a game played after the match was over at %(s)s"),
    ),
    (re.compile(r"the match to (?P<n>\d+) is not finished$"), _("the match to %(n)s is not finished")),
    (re.compile(r"entry after the game's result$"), _("an entry after the game's result")),
    (re.compile(r"entry after the game was over$"), _("an entry after the game was over")),
    (re.compile(r"a roll while a double is unanswered$"), _("a roll while a double is unanswered")),
    (re.compile(r"rolls out of turn$"), _("rolls out of turn")),
    (re.compile(r"a double while a double is unanswered$"), _("a double while a double is unanswered")),
    (re.compile(r"doubles when it is not his turn to roll$"), _("doubles when it is not his turn to roll")),
    (re.compile(r"no cube in a 1-point match$"), _("no cube in a 1-point match")),
    (re.compile(r"no cube in the Crawford game$"), _("no cube in the Crawford game")),
    (re.compile(r"only the owner of the cube may redouble$"), _("only the owner of the cube may redouble")),
    (re.compile(r"doubles to (?P<n>\d+)$"), _("doubles to %(n)s")),
    (
        re.compile(r"(?P<k>Takes|Drops|take|drop) without a double to answer$"),
        _("answers a double that was not offered"),
    ),
    (re.compile(r"resignation worth (?P<n>\d+) points$"), _("a resignation worth %(n)s points")),
    (
        re.compile(r"the game has no result \('Wins N points'\)$"),
        _("the game has no result ('Wins N points')"),
    ),
    (
        re.compile(r"the record gives the game to side (?P<s>\d)$"),
        _("the record gives the game to side %(s)s"),
    ),
    (
        re.compile(r"claims the match before reaching the match length$"),
        _("claims the match before reaching the match length"),
    ),
]

_EXPECTED: list[tuple[re.Pattern, object]] = [
    (
        re.compile(r"one of (?P<n>\d+) legal plays: (?P<list>.*)$", re.S),
        _("one of %(n)s legal plays: %(list)s"),
    ),
    (re.compile(r"no play: the roll cannot be played$"), _("no play: the roll cannot be played")),
    (re.compile(r"side (?P<s>\d) to roll$"), _("side %(s)s to roll")),
    (re.compile(r"side (?P<s>\d) owns the cube$"), _("side %(s)s owns the cube")),
    (re.compile(r"side (?P<s>\d) wins$"), _("side %(s)s wins")),
    (re.compile(r"a player reaches (?P<n>\d+)$"), _("a player reaches %(n)s")),
    (re.compile(r"Takes or Drops$"), _("Takes or Drops")),
    (re.compile(r"no double$"), _("no double")),
    (re.compile(r"no double beyond 64$"), _("no double beyond 64")),
    (re.compile(r"a double by the opponent first$"), _("a double by the opponent first")),
    (re.compile(r"(?P<n>\d+) points$"), _("%(n)s points")),
]


def _translate(text: str, table: list[tuple[re.Pattern, object]]) -> str:
    for pattern, template in table:
        m = pattern.match(text or "")
        if m:
            values = m.groupdict()
            for key in ("why", "inner"):
                if key in values:
                    values[key] = _translate(values[key], _WHY)
            return str(template) % values
    return text


def message(text: str) -> str:
    return _translate(text, _MESSAGES)


def expected(text: str | None) -> str:
    return _translate(text or "", _EXPECTED)
