"""A match record as read from any of the formats (rules_core.matfile: the .mat layout; rules_core.gnubgtext:
GNU Backgammon's text export): the match, its games and their entries, in the order played."""

from __future__ import annotations

from dataclasses import dataclass, field


class MatParseError(ValueError):
    """The text is not a readable .mat record. ``line`` is the 1-based line number (0: the whole text)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line
        self.message = message


ROLL, DOUBLE, TAKE, DROP, WIN = "roll", "double", "take", "drop", "win"


@dataclass(frozen=True, slots=True)
class Action:
    """One entry of the record, in the order played.

    ``move`` is the number of the numbered line (``15)`` -> 15), ``None`` for a ``Wins`` line of its own.
    ``side`` is 1 (left column, first name of the score line) or 2.
    """

    kind: str
    side: int
    move: int | None = None
    line: int = 0
    dice: tuple[int, int] | None = None
    play: str = ""
    value: int = 0  # the offered cube value (double) or the points claimed (win)
    match_won: bool = False
    # a roll whose play the record does not know: a FIBS client's "Illegal play (...)" line, where the server
    # refused what the client sent and the play finally made is not written (the rest of the game cannot be
    # followed; validate.py: one note)
    unknown: bool = False


@dataclass(frozen=True, slots=True)
class GameRecord:
    number: int
    score: tuple[int, int]
    actions: tuple[Action, ...]
    line: int = 0
    # whether the game is the Crawford game when the record says so (GNU Backgammon's text export);
    # None: the rules tell it from the score (003 «Куб удвоения» п.15)
    crawford: bool | None = None


@dataclass(frozen=True, slots=True)
class MatchRecord:
    length: int
    players: tuple[str, str]
    games: tuple[GameRecord, ...]
    metadata: tuple[tuple[str, str], ...] = field(default=())

    source: str = "mat"  # "mat" (the JellyFish layout) or "gnubg-text" (GNU Backgammon's text export)

    def meta(self, key: str, default: str | None = None) -> str | None:
        for k, v in self.metadata:
            if k.lower() == key.lower():
                return v
        return default

    @property
    def variation(self) -> str | None:
        return self.meta("Variation")
