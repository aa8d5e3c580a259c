"""GNU Backgammon's text export (``export game text`` / ``export match text``): read into a MatchRecord.

GNU Backgammon writes one file per game (``match.txt``, ``match_002.txt``, …); a record may be one of them or
several pasted one after another. What a game is made of (GNU Backgammon's ``text.c``)::

    The score (after 1 game) is: Daisy 0, Llabba 2 (match to 13 points)
    ...
    Move number 1:  Daisy to play 64
    <the board, the position and match ids, the analysis>
    * Daisy moves 24/18 13/9
    ...
    Move number 38:  Llabba on roll, cube decision?
    * Llabba doubles
    Move number 39:  Llabba doubles to 4
    * Bulgakov rejects
    Llabba wins 2 points

The lines read are the score line (it opens a game), the ``Move number`` headers, the action lines
(``* <player> moves|cannot move|doubles|accepts|rejects``) and the result (``<player> wins N points``).
What GNU Backgammon computes from them — the boards, position and match ids, pip counts, the analysis
(``*    1. Cubeful …``), the statistics, the match information — is passed over. A header or an action
line that cannot be read raises :class:`MatParseError` with its line number, as the .mat reader does.

Point numbers are the mover's own, as in a .mat record; the first player of the score line is side 1.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .notation import NotationError, parse_play
from .record import DOUBLE, DROP, ROLL, TAKE, WIN, Action, GameRecord, MatchRecord, MatParseError

_SCORE = re.compile(
    r"^The score \(after (\d{1,5}) games?\) is: (.+) (\d{1,4}), (.+) (\d{1,4})"
    r"(?: \(match to (\d{1,4}) points?\))?(?:, (Crawford game|post-Crawford play))?\s*$"
)
_MOVE = re.compile(r"^Move number (\d{1,5}):\s+(\S.*?)\s*$")
_ROLL = re.compile(r"^to play ([1-6])([1-6])$")
_DOUBLES_TO = re.compile(r"^doubles to (\d{1,6})$")
_WINS = re.compile(r"^wins (\d{1,6}) points?$")
_ANALYSIS = re.compile(r"^\*\s{2,}")  # "*    1. Cubeful 0-ply …", "*    Cannot move": the analysis' list


def is_gnubg_text(text: str) -> bool:
    """Whether ``text`` is a GNU Backgammon text export: its first line that is not blank opens a game."""
    for raw in text.splitlines():
        if raw.strip():
            return raw.startswith("The score (after ")
    return False


def _split(rest: str, names: tuple[str, str], lineno: int) -> tuple[int, str]:
    """(side, what follows the name) of ``rest``, which starts with one of the players' names."""
    for side in sorted((1, 2), key=lambda s: -len(names[s - 1])):  # the longer name first ("Ann" / "Ann B")
        name = names[side - 1]
        if rest.startswith(name + " "):
            return side, rest[len(name) + 1 :].strip()
    raise MatParseError(lineno, f"expected one of the players {names[0]!r}, {names[1]!r}")


def parse_gnubg_text(text: str) -> MatchRecord:
    """Read a GNU Backgammon text export. Raises :class:`MatParseError` (with the line number) and nothing
    else."""
    players: tuple[str, str] | None = None
    length: int | None = None
    games: list[GameRecord] = []
    cur: dict | None = None
    roll: tuple[int, int, tuple[int, int], int] | None = None  # (side, move, dice, line) of "to play ab"
    header: int | None = None  # the number of the last "Move number N:"

    def flush_roll() -> None:
        # a roll whose header has no action line: written as a roll with no play (the rules judge it)
        nonlocal roll
        if roll is not None and cur is not None:
            side, move, dice, line = roll
            cur["actions"].append(Action(ROLL, side, move, line, dice))
        roll = None

    def close() -> None:
        flush_roll()
        if cur is not None:
            games.append(
                GameRecord(cur["number"], cur["score"], tuple(cur["actions"]), cur["line"], cur["crawford"])
            )

    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        m = _SCORE.match(line)
        if m:
            close()
            names = (m.group(2).strip(), m.group(4).strip())
            if not all(names) or names[0] == names[1]:
                raise MatParseError(lineno, "expected two players' names")
            to = int(m.group(6)) if m.group(6) else 0
            if players is None:
                players, length = names, to
            elif names != players:
                raise MatParseError(lineno, f"players {names} differ from {players}")
            elif to != length:
                raise MatParseError(lineno, f"a match to {to} points, not {length}")
            score = (int(m.group(3)), int(m.group(5)))
            crawford = m.group(7) == "Crawford game" if to else None
            cur = {
                "number": int(m.group(1)) + 1,
                "score": score,
                "actions": [],
                "line": lineno,
                "cube": 1,
                "crawford": crawford,
            }
            header = None
            continue
        if line.startswith("The score (after "):
            raise MatParseError(lineno, "expected the score line 'The score (after N games) is: A 0, B 0'")
        if cur is None or players is None:
            if line.strip():
                raise MatParseError(lineno, "expected 'The score (after N games) is: …'")
            continue
        m = _MOVE.match(line)
        if m:
            flush_roll()
            move = header = int(m.group(1))
            side, what = _split(m.group(2), players, lineno)
            r = _ROLL.match(what)
            if r:
                roll = (side, move, (int(r.group(1)), int(r.group(2))), lineno)
                continue
            d = _DOUBLES_TO.match(what)
            if d:  # the header of the answer: the value offered, as GNU Backgammon counts it
                last = cur["actions"][-1] if cur["actions"] else None
                if last is not None and last.kind == DOUBLE:
                    cur["actions"][-1] = replace(last, value=int(d.group(1)))
                continue
            if what == "on roll, cube decision?":
                continue
            raise MatParseError(lineno, f"cannot read {line.strip()!r}")
        if line.startswith("Move number"):
            raise MatParseError(lineno, f"cannot read {line.strip()!r}")
        if line.startswith("* ") and not _ANALYSIS.match(line):
            side, what = _split(line[2:], players, lineno)
            if what.startswith("moves ") or what == "cannot move":
                if roll is None or roll[0] != side:
                    raise MatParseError(lineno, "a play without its roll ('Move number N: … to play ab')")
                play = what[len("moves ") :].strip() if what != "cannot move" else ""
                try:
                    parse_play(play)
                except NotationError as exc:
                    raise MatParseError(lineno, str(exc)) from None
                last = cur["actions"][-1] if cur["actions"] else None
                if not (
                    not play
                    and last is not None
                    and (last.kind, last.side, last.dice, last.play) == (ROLL, side, roll[2], "")
                ):
                    cur["actions"].append(Action(ROLL, side, roll[1], lineno, roll[2], play))
                # else: the same player's same roll that cannot be played, twice in a row, is one roll
                # written twice (matches of online servers imported into GNU Backgammon have it)
                roll = None
            elif what == "doubles":
                flush_roll()
                cur["actions"].append(Action(DOUBLE, side, header, lineno, value=2 * cur["cube"]))
            elif what in ("accepts", "rejects"):
                flush_roll()
                last = next((a for a in reversed(cur["actions"]) if a.kind == DOUBLE), None)
                if what == "accepts":
                    if last is not None:
                        cur["cube"] = last.value
                    cur["actions"].append(Action(TAKE, side, header, lineno))
                else:
                    cur["actions"].append(Action(DROP, side, header, lineno))
            else:
                raise MatParseError(lineno, f"cannot read {line.strip()!r}")
            continue
        if not line or line[0].isspace():
            continue  # the board and the analysis are indented or blank
        try:
            side, what = _split(line, players, lineno)
        except MatParseError:
            continue  # a line of the analysis, the statistics or the match information
        w = _WINS.match(what)
        if w:
            flush_roll()
            cur["actions"].append(Action(WIN, side, None, lineno, value=int(w.group(1))))
        elif "wins" in what.split():
            raise MatParseError(lineno, f"cannot read {line.strip()!r}")
    close()
    if players is None or length is None:
        raise MatParseError(0, "no game in the record")
    return MatchRecord(length, players, tuple(games), (), source="gnubg-text")
