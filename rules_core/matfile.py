"""The .mat match-record format (GNU Backgammon, eXtreme Gammon, BGBlitz, online servers): read and write.

Layout (see README.md)::

    ; [Variation "LongNardy"]

     7 point match

     Game 1
     Alice : 0                           Bob : 0
      1) 52: 13/8 13/11                  64: 24/18 13/9*
      2) Doubles => 2                     Takes
     ...
                                         Wins 2 points

The left column is the first player of the score line (side 1), the right column side 2. Unreadable
input raises
:class:`MatParseError` carrying the 1-based line number; nothing else escapes :func:`parse_mat`.
"""

from __future__ import annotations

import re

from .gnubgtext import is_gnubg_text, parse_gnubg_text
from .notation import NotationError, parse_play
from .record import DOUBLE, DROP, ROLL, TAKE, WIN, Action, GameRecord, MatchRecord, MatParseError

__all__ = [
    "DOUBLE",
    "DROP",
    "ROLL",
    "TAKE",
    "WIN",
    "Action",
    "GameRecord",
    "MatParseError",
    "MatchRecord",
    "parse_mat",
    "write_mat",
]


_META = re.compile(r'^\s*;\s*\[\s*([^\]"]+?)\s+"(.*)"\s*\]\s*$')
_LENGTH = re.compile(r"^\s*(\d{1,4})\s+point\s+match\s*$", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(\d{1,5})\s*$", re.IGNORECASE)
_SCORE = re.compile(
    r"^\s*(\S(?:.*?\S)?)\s*:\s*(\d{1,4})(?:\s*\*|\s*\(Crawford\))?\s{2,}(\S(?:.*?\S)?)\s*:\s*(\d{1,4})"
    r"(?:\s*\*|\s*\(Crawford\))?\s*$",
    re.IGNORECASE,
)
_NUMBERED = re.compile(r"^\s*(\d{1,5})\)(.*)$")
_DICE = re.compile(r"^([1-6])([1-6]):$")
_WORD = re.compile(r"\S+")
_UNPLAYED = re.compile(r"^\?{3,4}$")
RIGHT_OFFSET = 12  # an entry starting this far after ")" (or this far into a Wins line) is the right column


def _entries(rest: str, lineno: int, move: int | None) -> list[Action]:
    """Read the entries of one line (the text after ``n)``)."""
    words = [(m.group(0), m.start()) for m in _WORD.finditer(rest)]
    out: list[Action] = []
    i = 0
    while i < len(words):
        w, col = words[i]
        # the first entry is on the right if it starts far from the line's start; a second one always is
        side = 2 if (out or col >= RIGHT_OFFSET) else 1
        if out and out[-1].side == 2:
            raise MatParseError(lineno, "more than two entries on one line")
        m = _DICE.match(w)
        if m:
            dice = (int(m.group(1)), int(m.group(2)))
            j = i + 1
            after = [x[0].lower() for x in words[j : j + 2]]
            if after == ["illegal", "play"] and j + 2 < len(words) and words[j + 2][0].startswith("("):
                # A FIBS client (Snowie's text layout): "11: Illegal play (<the server's board>)" - the play
                # finally made is not written. Read to the closing parenthesis.
                j += 2
                while j < len(words) and not words[j][0].endswith(")"):
                    j += 1
                if j == len(words):
                    raise MatParseError(lineno, "'Illegal play (' without its ')'")
                out.append(Action(ROLL, side, move, lineno, dice, unknown=True))
                i = j + 1
                continue
            if after == ["cannot", "move"]:  # eXtreme Gammon, Snowie: a roll that cannot be played
                out.append(Action(ROLL, side, move, lineno, dice))
                i = j + 2
                continue
            if j < len(words) and _UNPLAYED.match(words[j][0]):
                # eXtreme Gammon writes "51: ???" for a roll after which the player resigned
                out.append(Action(ROLL, side, move, lineno, dice))
                i = j + 1
                continue
            moves: list[str] = []
            while j < len(words) and "/" in words[j][0]:
                moves.append(words[j][0])
                j += 1
            play = " ".join(moves)
            try:
                parse_play(play)
            except NotationError as exc:
                raise MatParseError(lineno, str(exc)) from None
            out.append(Action(ROLL, side, move, lineno, dice, play))
            i = j
        elif w.lower() == "doubles":
            if i + 2 >= len(words) or words[i + 1][0] != "=>" or not words[i + 2][0].isdigit():
                raise MatParseError(lineno, "expected 'Doubles => N'")
            value = int(words[i + 2][0][:6])
            out.append(Action(DOUBLE, side, move, lineno, value=value))
            i += 3
        elif w.lower() in ("takes", "accepts"):
            out.append(Action(TAKE, side, move, lineno))
            i += 1
        elif w.lower() in ("drops", "passes", "rejects"):
            out.append(Action(DROP, side, move, lineno))
            i += 1
        elif w.lower() == "wins":
            if (
                i + 2 >= len(words)
                or not words[i + 1][0].isdigit()
                or words[i + 2][0].lower()
                not in (
                    "point",
                    "points",
                )
            ):
                raise MatParseError(lineno, "expected 'Wins N points'")
            value = int(words[i + 1][0][:6])
            j = i + 3
            match_won = False
            tail = [x[0].lower() for x in words[j : j + 3]]
            if tail == ["and", "the", "match"]:
                match_won = True
                j += 3
            out.append(Action(WIN, side, move, lineno, value=value, match_won=match_won))
            i = j
        else:
            raise MatParseError(lineno, f"cannot read {w!r}")
    if len(out) == 2 and out[0].side == 2:
        raise MatParseError(lineno, "two entries in the right column")
    return out


def parse_mat(text: str) -> MatchRecord:
    """Read a .mat record. Raises :class:`MatParseError` (with the line number) and nothing else."""
    if not isinstance(text, str):
        raise MatParseError(0, "the record must be text")
    text = text.removeprefix("\ufeff")  # eXtreme Gammon starts its .mat files with a byte order mark
    if is_gnubg_text(text):
        return parse_gnubg_text(text)
    length: int | None = None
    metadata: list[tuple[str, str]] = []
    players: tuple[str, str] | None = None
    games: list[GameRecord] = []
    cur: dict | None = None

    def close() -> None:
        if cur is not None:
            if cur["score"] is None:
                raise MatParseError(cur["line"], "game without a score line")
            games.append(GameRecord(cur["number"], cur["score"], tuple(cur["actions"]), cur["line"]))

    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.replace("\t", "    ").rstrip()
        if not line.strip():
            continue
        if line.lstrip().startswith(("#", ";")):  # comments (";" and, as GNU Backgammon reads them, "#")
            m = _META.match(line)
            if m:
                metadata.append((m.group(1).strip(), m.group(2)))
            continue
        if cur is None and length is None:
            m = _LENGTH.match(line)
            if m:
                length = int(m.group(1))
                continue
            raise MatParseError(lineno, "expected 'N point match'")
        m = _GAME.match(line)
        if m:
            close()
            cur = {"number": int(m.group(1)), "score": None, "actions": [], "line": lineno}
            continue
        if cur is None:
            raise MatParseError(lineno, "expected 'Game 1'")
        if cur["score"] is None:
            m = _SCORE.match(line)
            if not m:
                raise MatParseError(lineno, "expected the score line 'Player1 : 0    Player2 : 0'")
            names = (m.group(1), m.group(3))
            if players is None:
                players = names
            elif names != players:
                raise MatParseError(lineno, f"players {names} differ from {players}")
            cur["score"] = (int(m.group(2)), int(m.group(4)))
            continue
        m = _NUMBERED.match(line)
        if m:
            cur["actions"].extend(_entries(m.group(2), lineno, int(m.group(1))))
            continue
        acts = _entries(line, lineno, None)
        if not acts or any(a.kind != WIN for a in acts):
            raise MatParseError(lineno, "expected a numbered line 'n) ...' or 'Wins N points'")
        # an unnumbered Wins line: the column is measured from the start of the line
        indent = len(line) - len(line.lstrip())
        cur["actions"].append(
            Action(
                WIN,
                2 if indent >= 2 * RIGHT_OFFSET else 1,
                None,
                lineno,
                value=acts[0].value,
                match_won=acts[0].match_won,
            )
        )
    close()
    if length is None:
        raise MatParseError(0, "empty record: expected 'N point match'")
    if players is None:
        raise MatParseError(0, "no game in the record")
    return MatchRecord(length, players, tuple(games), tuple(metadata))


LEFT_WIDTH = 28


def _entry_text(a: Action) -> str:
    if a.kind == ROLL:
        assert a.dice is not None
        if a.unknown:
            return f"{a.dice[0]}{a.dice[1]}: Illegal play (not recorded)"
        return f"{a.dice[0]}{a.dice[1]}: {a.play}".rstrip() if a.play else f"{a.dice[0]}{a.dice[1]}:"
    if a.kind == DOUBLE:
        return f"Doubles => {a.value}"
    if a.kind == TAKE:
        return "Takes"
    if a.kind == DROP:
        return "Drops"
    pts = "point" if a.value == 1 else "points"
    return f"Wins {a.value} {pts}" + (" and the match" if a.match_won else "")


def write_mat(record: MatchRecord) -> str:
    """Write a record in the layout GNU Backgammon uses; ``parse_mat(write_mat(r))`` gives back
    ``r``'s content
    (line numbers and the numbering of moves are those of the written text)."""
    out: list[str] = []
    for key, value in record.metadata:
        out.append(f'; [{key} "{value}"]')
    if record.metadata:
        out.append("")
    out.append(f" {record.length} point match")
    out.append("")
    p1, p2 = record.players
    for game in record.games:
        out.append(f" Game {game.number}")
        left = f" {p1} : {game.score[0]}"
        out.append(f"{left:<{LEFT_WIDTH + 4}} {p2} : {game.score[1]}")
        rows: list[list[str | None] | str] = []  # [left, right] of a numbered line, or a whole Wins line
        for a in game.actions:
            if a.kind == WIN:
                pad = "      " if a.side == 1 else " " * (LEFT_WIDTH + 5)
                rows.append(pad + _entry_text(a))
                continue
            col = a.side - 1
            row = rows[-1] if rows else None
            if not isinstance(row, list) or row[col] is not None or (col == 0 and row[1] is not None):
                row = [None, None]
                rows.append(row)
            row[col] = _entry_text(a)
        n = 0
        for row in rows:
            if isinstance(row, str):
                out.append(row)
            else:
                n += 1
                left = (row[0] or "").ljust(LEFT_WIDTH - 1)
                out.append(f"{n:3d}) {left} {row[1] or ''}".rstrip())
        out.append("")
    return "\n".join(out) + "\n"
