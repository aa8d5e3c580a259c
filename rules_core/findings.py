"""What a finding can say: one table of codes, each with its clause and its English wording.

A :class:`rules_core.Finding` carries a ``code`` from :data:`KINDS` and the ``args`` its wording needs
(``blocked_point`` with ``{"point": 23}``). The English ``message`` and ``expected`` printed by the CLI are
made from this table; another program (the web app) translates by code and arguments, never by parsing
English.

Arguments that name a side (``side``, ``turn``, ``owner``, ``winner``, ``claimed``) are 1 or 2, the record's
columns; ``roll`` is the dice as written ("52"), ``play`` the play as written; ``legal`` lists the legal plays
(at most :data:`LEGAL_SHOWN`; ``legal_count`` says how many there are in all).
"""

from __future__ import annotations

from dataclasses import dataclass

# clauses (the seeds in /work/shared/seeds; see README.md "The rules implemented")
R_TURN = "004 §5.4.6"
R_OWN_CHECKERS = "004 §5.4.21"
R_DIRECTION = "004 §5.4.23"
R_SUM = "004 §5.4.24"
R_FULL = "004 §5.4.26"
R_HEAD = "004 §5.4.11"
R_CLOSED_LONG = "004 §5.4.12"
R_BLOCK = "004 §5.4.13"
R_HIGHER = "004 §5.4.37"
R_BEAROFF = "004 §5.4.38"
R_WIN = "004 §5.4.39"
R_CLOSED_SHORT = "001 art. 21.4"
R_BAR_FIRST = "001 art. 21.8"
R_CUBE_FACES = "003 «Куб удвоения» п.1"
R_CUBE_OWN_ROLL = "003 «Куб удвоения» п.6"
R_CUBE_PASS = "003 «Куб удвоения» п.7"
R_CUBE_OWNER = "003 «Куб удвоения» п.8"
R_REDOUBLE_PASS = "003 «Куб удвоения» п.9"
R_NO_CUBE = "003 «Куб удвоения» п.13"
R_CRAWFORD = "003 «Куб удвоения» п.15"
R_RESULT = "003 «Результат партии»"
R_RESIGN = "003 «Результат партии»: сдача без марса"
R_MATCH_END = "003 «Завершение партии и матча»"
R_RESIGN_CONTACT = "003 «Завершение партии и матча»: сдача только в бесконтактной позиции"
R_RECORD = "rules_core/README.md"

LEGAL_SHOWN = 12

# A resignation in a contact position (003 «Завершение партии и матча») is a finding ("error", the rules'
# reading) or only a note ("note": an event that lets players resign at will); a tournament setting.
CONTACT_RESIGNATION = ("error", "note")
DEFAULT_CONTACT_RESIGNATION = "error"


@dataclass(frozen=True, slots=True)
class Kind:
    code: str
    rule: str  # the clause; a few codes name another one per discipline or case (see validate.py)
    message: str  # English, str.format with the finding's args
    expected: str = ""


def _k(code: str, rule: str, message: str, expected: str = "") -> tuple[str, Kind]:
    return code, Kind(code, rule, message, expected)


_PLAY = "{roll}: {play} is not legal: "
_LEGAL = "{legal_text}"  # "one of N legal plays: a; b; c" or "no play: the roll cannot be played"

KINDS: dict[str, Kind] = dict(
    [
        # --- one play -------------------------------------------------------------------------------
        _k(
            "empty_point",
            R_OWN_CHECKERS,
            "{roll}: {play} moves a checker from point {point}, where he has none",
            _LEGAL,
        ),
        _k(
            "empty_bar", R_OWN_CHECKERS, "{roll}: {play} enters from the bar, where he has no checker", _LEGAL
        ),
        _k("blocked_point", R_CLOSED_LONG, _PLAY + "point {point} is closed by the opponent", _LEGAL),
        _k("closed_intermediate", R_SUM, _PLAY + "both intermediate points ({a}, {b}) are closed", _LEGAL),
        _k(
            "closed_via",
            R_SUM,
            _PLAY + "the checker would have to stop on point {point}, which is closed by the opponent",
            _LEGAL,
        ),
        _k("head", R_HEAD, _PLAY + "only one checker may leave the head per turn", _LEGAL),
        _k(
            "head_first_double",
            R_HEAD,
            _PLAY + "two checkers may leave the head only on the second player's "
            "first roll of 3-3, 4-4 or 6-6",
            _LEGAL,
        ),
        _k(
            "six_block", R_BLOCK, _PLAY + "a block of six points with no opposing checker ahead of it", _LEGAL
        ),
        _k(
            "not_full",
            R_FULL,
            _PLAY + "the roll is not played in full (both dice, or the larger one, must be played)",
            _LEGAL,
        ),
        _k(
            "larger_die",
            R_FULL,
            _PLAY + "only one die can be played, and then it must be the larger one ({die})",
            _LEGAL,
        ),
        _k("no_play_written", R_FULL, "no play written for {roll}, but it can be played", _LEGAL),
        _k("bear_off_early", R_BEAROFF, _PLAY + "bearing off before all 15 checkers are home", _LEGAL),
        _k(
            "higher_die",
            R_HIGHER,
            _PLAY + "a higher die bears off only from the highest occupied point",
            _LEGAL,
        ),
        _k("bar_first", R_BAR_FIRST, _PLAY + "checkers on the bar must enter first", _LEGAL),
        _k("wrong_distance", R_DIRECTION, _PLAY + "the checkers cannot move so with these dice", _LEGAL),
        _k("unreadable_play", R_DIRECTION, "{roll}: {play} cannot be read: {error}", _LEGAL),
        # --- turns and the cube ---------------------------------------------------------------------
        _k("out_of_turn", R_TURN, "rolls out of turn", "side {turn} to roll"),
        _k("roll_while_double_pending", R_CUBE_PASS, "a roll while a double is unanswered", "Takes or Drops"),
        _k("double_while_pending", R_CUBE_PASS, "a double while a double is unanswered", "Takes or Drops"),
        _k(
            "double_not_on_turn",
            R_CUBE_OWN_ROLL,
            "doubles when it is not his turn to roll",
            "side {turn} to roll",
        ),
        _k("cube_one_point_match", R_NO_CUBE, "no cube in a 1-point match", "no double"),
        _k("cube_crawford", R_CRAWFORD, "no cube in the Crawford game", "no double"),
        _k(
            "cube_not_owner",
            R_CUBE_OWNER,
            "only the owner of the cube may redouble",
            "side {owner} owns the cube",
        ),
        _k(
            "cube_value",
            R_CUBE_FACES,
            "doubles to {value}: the cube must double ({cube} to {expected_value})",
            "Doubles => {expected_value}",
        ),
        _k("cube_beyond_64", R_CUBE_FACES, "doubles to {value}: the cube stops at 64", "no double beyond 64"),
        _k(
            "answer_without_double",
            R_CUBE_PASS,
            "{answer} without a double to answer",
            "a double by the opponent first",
        ),
        # --- a game's result ------------------------------------------------------------------------
        _k("entry_after_result", R_MATCH_END, "entry after the game's result", "Game next"),
        _k("entry_after_game_over", R_WIN, "entry after the game was over", "Wins N points"),
        _k("no_result", R_WIN, "the game has no result ('Wins N points')", "Wins {points} points"),
        _k("no_result_unknown", R_WIN, "the game has no result ('Wins N points')", "a 'Wins N points' line"),
        _k("resign_points", R_RESIGN, "resignation worth {claimed_points} points", "{allowed_text}"),
        _k(
            "resign_contact",
            R_RESIGN_CONTACT,
            "resigns in a contact position ({claimed_points} points to side {winner})",
            "the game played on: it ends early only by a pass on the cube or a resignation without contact",
        ),
        _k("wrong_winner", R_WIN, "the record gives the game to side {claimed}", "side {winner} wins"),
        _k("wrong_points", R_RESULT, "Wins {claimed_points} points", "Wins {points} points"),
        _k(
            "drop_points",
            R_CUBE_PASS,
            "Wins {claimed_points} points after a pass",
            "Wins {points} points (the cube before the double)",
        ),
        _k(
            "match_claimed_early",
            R_MATCH_END,
            "claims the match before reaching the match length",
            "{length} points",
        ),
        # --- the match ------------------------------------------------------------------------------
        _k("game_number", R_MATCH_END, "game numbered {number}", "Game {expected_number}"),
        _k(
            "score_line",
            R_MATCH_END,
            "score line does not agree with the games before",
            "{player1} : {score1}  {player2} : {score2}",
        ),
        _k("game_after_match", R_MATCH_END, "game played after the match was over at {score1}-{score2}"),
        _k(
            "match_resumed",
            R_MATCH_END,
            "the record starts in mid-match at {score1}-{score2}: the games before it are not in the record",
            "the match from 0-0",
        ),
        _k(
            "match_unfinished",
            R_MATCH_END,
            "the match to {length} is not finished",
            "a player reaches {length}",
        ),
        _k(
            "variation_not_long",
            R_RECORD,
            "record variation {variation!r} is not long nardy",
            'Variation "LongNardy"',
        ),
        _k(
            "variation_long_as_short",
            R_RECORD,
            "record is long nardy, validated as short",
            'a short-nardy record (no Variation "LongNardy")',
        ),
        # --- notes (not findings: what could not be checked) -----------------------------------------
        _k(
            "not_checked",
            "",
            "further moves of game {game} not checked: the position diverges from the record "
            "from move {from_move}",
        ),
    ]
)

NOTE_CODES = frozenset({"not_checked"})
PLAY_CODES = frozenset(
    code for code, kind in KINDS.items() if kind.expected == _LEGAL
)  # findings on one written play: the board can show them


def legal_text(legal: list[str] | tuple[str, ...], count: int) -> str:
    if not count:
        return "no play: the roll cannot be played"
    shown = "; ".join(legal[:LEGAL_SHOWN]) + (" …" if count > LEGAL_SHOWN else "")
    return f"one of {count} legal plays: {shown}"


def render(code: str, args: dict) -> tuple[str, str]:
    """The English (message, expected) of a finding."""
    kind = KINDS[code]
    values = dict(args)
    if "legal" in values:
        values["legal_text"] = legal_text(values["legal"], values.get("legal_count", len(values["legal"])))
    if "allowed" in values:
        values["allowed_text"] = " or ".join(str(n) for n in values["allowed"])
    return kind.message.format(**values), kind.expected.format(**values)
