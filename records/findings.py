"""Findings of rules_core in the page's language: one table, by code.

rules_core gives every finding a ``code`` (rules_core.KINDS) and the ``args`` its wording needs; its English
``message`` is for the CLI. The pages say it from :data:`MESSAGES` and :data:`EXPECTED` here, with the match's
players named where rules_core has a side number. ``tests/records/test_findings_text.py`` checks that every
code of rules_core has a text here with a Russian translation. A finding stored before codes existed is shown
as rules_core wrote it.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

from records import manager
from tournaments.rules import cite

LEGAL = "legal"  # the expected column lists the legal plays of the roll

MESSAGES = {
    # one written play
    "empty_point": _("%(roll)s: %(play)s moves a checker from point %(point)s, where he has none"),
    "empty_bar": _("%(roll)s: %(play)s enters from the bar, where he has no checker"),
    "blocked_point": _("%(roll)s: %(play)s is not legal: point %(point)s is closed by the opponent"),
    "closed_intermediate": _(
        "%(roll)s: %(play)s is not legal: both intermediate points (%(a)s, %(b)s) are closed"
    ),
    "closed_via": _(
        "%(roll)s: %(play)s is not legal: the checker would have to stop on point %(point)s, which is closed "
        "by the opponent"
    ),
    "head": _("%(roll)s: %(play)s is not legal: only one checker may leave the head per turn"),
    "head_first_double": _(
        "%(roll)s: %(play)s is not legal: two checkers may leave the head only on the second player's first "
        "roll of 3-3, 4-4 or 6-6"
    ),
    "six_block": _(
        "%(roll)s: %(play)s is not legal: a block of six points with no opposing checker ahead of it"
    ),
    "not_full": _(
        "%(roll)s: %(play)s is not legal: the roll is not played in full (both dice, or the larger one, must "
        "be played)"
    ),
    "larger_die": _(
        "%(roll)s: %(play)s is not legal: only one die can be played, and then it must be the larger one "
        "(%(die)s)"
    ),
    "no_play_written": _("no play written for %(roll)s, but it can be played"),
    "bear_off_early": _("%(roll)s: %(play)s is not legal: bearing off before all 15 checkers are home"),
    "higher_die": _(
        "%(roll)s: %(play)s is not legal: a higher die bears off only from the highest occupied point"
    ),
    "bar_first": _("%(roll)s: %(play)s is not legal: checkers on the bar must enter first"),
    "wrong_distance": _("%(roll)s: %(play)s is not legal: the checkers cannot move so with these dice"),
    "unreadable_play": _("%(roll)s: %(play)s cannot be read"),
    # turns and the cube
    "out_of_turn": _("rolls out of turn"),
    "roll_while_double_pending": _("a roll while a double is unanswered"),
    "double_while_pending": _("a double while a double is unanswered"),
    "double_not_on_turn": _("doubles when it is not his turn to roll"),
    "cube_one_point_match": _("no cube in a 1-point match"),
    "cube_crawford": _("no cube in the Crawford game"),
    "cube_not_owner": _("only the owner of the cube may redouble"),
    "cube_value": _("doubles to %(value)s: the cube must double (from %(cube)s to %(expected_value)s)"),
    "cube_beyond_64": _("doubles to %(value)s: the cube stops at 64"),
    "answer_without_double": _("answers a double that was not offered"),
    # a game's result
    "entry_after_result": _("an entry after the game's result"),
    "entry_after_game_over": _("an entry after the game was over"),
    "no_result": _("the game has no result ('Wins N points')"),
    "no_result_unknown": _("the game has no result ('Wins N points')"),
    "resign_points": _("a resignation for %(claimed_points)s while the loser has borne off nothing"),
    "resign_contact": _("a resignation in a contact position (%(claimed_points)s to %(winner)s)"),
    "wrong_winner": _("the record gives the game to %(claimed)s"),
    "wrong_points": _("the record gives %(claimed_points)s for the game"),
    "drop_points": _("the record gives %(claimed_points)s for a passed double"),
    "match_claimed_early": _("claims the match before reaching the match length"),
    # the match
    "game_number": _("a game numbered %(number)s"),
    "score_line": _("the score line does not agree with the games before"),
    "game_after_match": _("a game played after the match was over at %(score1)s-%(score2)s"),
    "match_unfinished": _("the match to %(length)s is not finished"),
    "match_resumed": _(
        "the record starts in mid-match, at %(player1)s %(score1)s : %(score2)s %(player2)s: the games "
        "before it are not in the record"
    ),
    "variation_not_long": _("the record's variation «%(variation)s» is not long nardy"),
    "variation_long_as_short": _("the record is long nardy, the tournament short"),
    # notes
    "not_checked": _(
        "further moves of game %(game)s not checked: the position diverges from the record from move "
        "%(from_move)s"
    ),
}

EXPECTED = {
    **{
        code: LEGAL
        for code in (
            "empty_point",
            "empty_bar",
            "blocked_point",
            "closed_intermediate",
            "closed_via",
            "head",
            "head_first_double",
            "six_block",
            "not_full",
            "larger_die",
            "no_play_written",
            "bear_off_early",
            "higher_die",
            "bar_first",
            "wrong_distance",
            "unreadable_play",
        )
    },
    "out_of_turn": _("%(turn)s to roll"),
    "roll_while_double_pending": _("Takes or Drops"),
    "double_while_pending": _("Takes or Drops"),
    "double_not_on_turn": _("%(turn)s to roll"),
    "cube_one_point_match": _("no double"),
    "cube_crawford": _("no double"),
    "cube_not_owner": _("%(owner)s owns the cube"),
    "cube_value": _("a double to %(expected_value)s"),
    "cube_beyond_64": _("no double beyond 64"),
    "answer_without_double": _("a double by the opponent first"),
    "entry_after_result": _("the next game"),
    "entry_after_game_over": _("the game's result"),
    "no_result": _("%(winner)s wins %(points)s"),
    "no_result_unknown": _("the game's result"),
    "resign_points": _("%(allowed)s (mars or koks)"),
    "resign_contact": _(
        "the game played on: it ends early only by a pass on the cube or a resignation in a no-contact "
        "position"
    ),
    "wrong_winner": _("%(winner)s wins"),
    "wrong_points": _("%(points)s"),
    "drop_points": _("%(points)s (the cube before the double)"),
    "match_claimed_early": _("%(length)s to win the match"),
    "game_number": _("game %(expected_number)s"),
    "score_line": _("%(player1)s %(score1)s : %(score2)s %(player2)s"),
    "game_after_match": None,
    "match_unfinished": _("a player reaches %(length)s points"),
    "match_resumed": _("the whole match, from 0 : 0"),
    "variation_not_long": _('Variation "LongNardy"'),
    "variation_long_as_short": _('a short-nardy record (no Variation "LongNardy")'),
    "not_checked": None,
}

SIDE_ARGS = ("turn", "owner", "claimed", "winner")
POINTS_ARGS = ("points", "claimed_points")


def points(n: int) -> str:
    return ngettext("%(n)s point", "%(n)s points", n) % {"n": n}


def legal_text(legal: list[str], count: int) -> str:
    if not count:
        return gettext("no play: the roll cannot be played")
    shown = "; ".join(legal) + (" …" if count > len(legal) else "")
    return ngettext("the one legal play: %(list)s", "one of %(n)s legal plays: %(list)s", count) % {
        "n": count,
        "list": shown,
    }


def present(finding: dict, name_of_side: Callable[[int], str], names: tuple[str, str] = ("", "")) -> dict:
    """The finding as the page shows it: ``message``, ``expected``, and for a play ``legal`` (the legal
    plays, at most a dozen) and ``legal_count``. ``name_of_side(1 or 2)`` names the player in that column of
    the record; ``names`` are the two columns' names for a score line."""
    code = finding.get("code")
    args = dict(finding.get("args") or {})
    if code not in MESSAGES:
        return {"message": finding.get("message", ""), "expected": finding.get("expected") or "", "legal": []}
    values = dict(args)
    for key in SIDE_ARGS:
        if values.get(key) in (1, 2):
            side = values[key]
            values[key] = name_of_side(side) or pgettext("record column", "side %(s)s") % {"s": side}
    for key in POINTS_ARGS:
        if isinstance(values.get(key), int):
            values[key] = points(values[key])
    if "allowed" in values:
        values["allowed"] = gettext(" or ").join(points(n) for n in values["allowed"])
    if code in ("score_line", "match_resumed"):
        values["player1"], values["player2"] = names[0] or values["player1"], names[1] or values["player2"]
    if code == "match_claimed_early":
        values["length"] = points(values["length"])
    message = str(MESSAGES[code]) % values
    template = EXPECTED.get(code)
    legal = list(args.get("legal") or [])
    count = int(args.get("legal_count", len(legal)))
    if template == LEGAL:
        expected = legal_text(legal, count)
    elif template is None:
        expected = ""
    else:
        expected = str(template) % values
    return {"message": message, "expected": expected, "legal": legal, "legal_count": count, "code": code}


def column_names(record) -> tuple[str, str]:
    """The match's players in the record's columns (side 1, side 2), short names; the record's own names
    where a player is missing."""
    players = list(record.record_players) + ["", ""]
    return (
        record.name_of_side(1, short=True) or players[0],
        record.name_of_side(2, short=True) or players[1],
    )


def verdict_rows(record, verdict) -> tuple[list[dict], list[dict], list[dict]]:
    """(findings, notes, games) of a verdict as the record page shows them, in the page's language."""
    names = column_names(record)

    def name(side: int | None) -> str:
        return record.name_of_side(side) if side in (1, 2) else ""

    steps: dict | None = None
    out: list[list[dict]] = [[], []]
    for kind, items in enumerate((verdict.findings, verdict.notes)):
        for f in items:
            step = f.get("step")
            if step is None and "code" not in f and f.get("game") is not None:
                if steps is None:  # a verdict stored before findings named their step
                    steps = manager.step_index(record)
                step = steps.get((f.get("game"), f.get("move"), f.get("side")))
            # The clause as a reader knows it (tournaments.rules), not rules_core's key.
            rule = cite(f.get("rule", ""))
            out[kind].append(
                {**f, **present(f, name, names), "rule": rule, "who": name(f.get("side")), "step": step}
            )
    games = []
    for g in verdict.games:
        checked = g.get("checked", True)
        games.append(
            {
                "game": g.get("game"),
                "checked": checked,
                "winner": names[g["winner"] - 1] if g.get("winner") in (1, 2) else "",
                "points": g.get("points"),
                "claimed_winner": names[g["claimed_winner"] - 1] if g.get("claimed_winner") in (1, 2) else "",
                "claimed_points": g.get("claimed_points"),
                "agrees": checked
                and g.get("winner") == g.get("claimed_winner")
                and g.get("points") == g.get("claimed_points"),
            }
        )
    return out[0], out[1], games


def replay_marks(record, verdict) -> dict[int, list[dict]]:
    """Replay step → what the judges see there: each finding and note (clause, text, legal plays)."""
    findings, notes, _games = verdict_rows(record, verdict)
    marks: dict[int, list[dict]] = {}
    for note, items in ((False, findings), (True, notes)):
        for f in items:
            if f.get("step") is None:
                continue
            marks.setdefault(f["step"], []).append(
                {
                    "rule": f.get("rule", ""),
                    "message": f["message"],
                    "expected": f["expected"],
                    "legal": f.get("legal") or [],
                    "legal_count": f.get("legal_count", 0),
                    "play": EXPECTED.get(f.get("code", "")) == LEGAL,
                    "note": note,  # a note (a game not checked on, a contact resignation tolerated)
                }
            )
    return marks
