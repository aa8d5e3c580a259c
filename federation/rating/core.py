"""The FIBS rating formula, as FIBS publishes it, and the skill-function variant (Rinta-Nikkola).

The source followed: the FIBS man page ``formula`` ("The formulas used to calculate rating changes"), as
reproduced in the rec.games.backgammon FAQ, section 14 "FIBS RATINGS" (stason.org/TULARC/games/backgammon/
14-FIBS-RATINGS-First-Internet-Backgammon-Server.html)::

    D = abs(r1 - r2)
    P_upset = 1/(10^(D*sqrt(n)/2000)+1)          the chance that the underdog wins
    P = 1 - P_upset if the underdog wins, P = P_upset if the favourite wins
    K = max(1, -experience/100 + 5)               each player's own experience
    winner: +4*K*sqrt(n)*P, loser: -4*K*sqrt(n)*P
    experience = the sum of the lengths of the matches a player has finished; start 1500 and 0.

The MacFIBS glossary (fibs.com/macfibs/help/glossary/pages/Ratings.html) prints K = max(1, 5 - (Ep + N)/100),
counting the match being played; the man page counts only the finished ones, and so does this module
(``Formula.count_current`` switches to the glossary's reading). Worked examples from Patti Beadles' table
(rec.games.backgammon, 22 August 1994, "FIBS ratings formula") and Kevin Bastian's "The FIBS Rating System"
are the tests (tests/federation/rating/test_fibs.py).

The variant: N is replaced by a skill function S(N) = 1 + C*(N - 1)/2 (J. Rinta-Nikkola's proposal); C = 2
gives S(N) = N, i.e. FIBS itself, so both are one formula with two parameters (``Formula``).

Floats, not ``Fraction``: 10^x and sqrt are irrational, so an exact rational answer does not exist; the
rating is printed to two decimals (as FIBS prints it). The replay is deterministic: the same history in the
same order gives the same floats (IEEE-754 arithmetic in a fixed order). The winner's gain and the loser's
loss are the same float when their K are equal, so the sum of the ratings is kept exactly (zero-sum).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

START_RATING = 1500.0


@dataclass(frozen=True, slots=True)
class Formula:
    """A rating formula. ``skill_c`` None: FIBS (S(N) = N); a number C: S(N) = 1 + C*(N - 1)/2.

    ``start``: a newcomer's rating; ``count_current``: K counts the match being played too (the MacFIBS
    glossary's reading; the man page's, the default, does not).
    """

    skill_c: float | None = None
    start: float = START_RATING
    count_current: bool = False

    def __post_init__(self) -> None:
        if self.skill_c is not None and not (0 < self.skill_c <= 100 and math.isfinite(self.skill_c)):
            raise ValueError(f"C must be a number in (0, 100], not {self.skill_c!r}")
        if not math.isfinite(self.start):
            raise ValueError("the start rating must be a finite number")

    @property
    def name(self) -> str:
        return "fibs" if self.skill_c is None else "skill"

    def skill(self, length: int) -> float:
        """S(N): the match length as the formula weighs it."""
        if self.skill_c is None:
            return float(length)
        return 1.0 + self.skill_c * (length - 1) / 2.0

    def describe(self) -> dict:
        return {
            "name": self.name,
            "c": self.skill_c,
            "start": self.start,
            "count_current": self.count_current,
        }

    def describe_json(self) -> dict:
        """The formula as the command line reads it back (``"c"`` only for the skill function)."""
        out = self.describe()
        if self.skill_c is None:
            del out["c"]
        return out


FIBS = Formula()


class Game(NamedTuple):
    """One rated match: its key (the match's id), the two players' keys, the winner (1 or 2), its length.

    A named tuple, not a frozen dataclass: a million of them are built for a recompute, and a frozen
    dataclass's ``__init__`` costs several times a tuple's. ``check`` says what is wrong with one."""

    key: str
    player1: str
    player2: str
    winner: int
    length: int

    def check(self) -> str:
        """ "" for a valid game, else why not."""
        if self.winner not in (1, 2) or isinstance(self.winner, bool):
            return f"match {self.key}: the winner is 1 or 2, not {self.winner!r}"
        if self.player1 == self.player2:
            return f"match {self.key}: a player does not play himself"
        if isinstance(self.length, bool) or not isinstance(self.length, int) or not 1 <= self.length <= 1000:
            return f"match {self.key}: the length is a whole number of points 1..1000"
        return ""


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's state: rating, experience (the sum of the lengths of his finished matches), matches."""

    rating: float = START_RATING
    experience: int = 0
    matches: int = 0


@dataclass(frozen=True, slots=True)
class Change:
    """What one match did to one player: before and after, his chance before it (``expected``)."""

    key: str
    player: str
    opponent: str
    won: bool
    length: int
    before: float
    after: float
    experience: int  # after the match
    expected: float

    @property
    def delta(self) -> float:
        return self.after - self.before


def win_chance(rating: float, opponent: float, length: int, formula: Formula = FIBS) -> float:
    """The chance that the player rated ``rating`` wins an N-point match against ``opponent``.

    The FIBS P_upset written for either side: 1/(10^((opponent - rating)*sqrt(S(N))/2000) + 1); for the
    underdog this is the man page's P_upset, for the favourite 1 - P_upset.
    """
    return 1.0 / (10.0 ** ((opponent - rating) * math.sqrt(formula.skill(length)) / 2000.0) + 1.0)


def k_factor(experience: float) -> float:
    """K = max(1, 5 - experience/100): a newcomer's ratings move five times faster; from 400 on, K = 1."""
    return max(1.0, 5.0 - experience / 100.0)


def change_for(winner: float, loser: float, length: int, experience: float, formula: Formula = FIBS) -> float:
    """The magnitude of one side's change: 4*K*sqrt(S(N))*P, P the chance that the result went the other way
    (the winner's gain when ``experience`` is the winner's, the loser's loss when it is the loser's)."""
    p = 1.0 - win_chance(winner, loser, length, formula)
    return 4.0 * k_factor(experience) * math.sqrt(formula.skill(length)) * p


@dataclass(slots=True)
class Replay:
    """A replayed history: each player's final standing, every change in order (when kept), and each game's
    prediction (the chance that player 1 wins, before it) for the calibration."""

    standings: dict[str, Standing]
    changes: list[Change] = field(default_factory=list)
    predictions: list[float] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)


def replay(
    games: Iterable[Game],
    formula: Formula = FIBS,
    start: Mapping[str, Standing] | None = None,
    *,
    keep_changes: bool = True,
    keep_predictions: bool = False,
) -> Replay:
    """Rate ``games`` in the order given, from ``start`` (players not in it start at ``formula.start``, 0).

    Parameters: the games (oldest first), the formula, the starting standings (an imported list, or the
    state before the first game), whether to keep every ``Change`` (two per game) and every prediction.
    Returns: a ``Replay``. Notes: O(games); about 1 µs of arithmetic per game, the rest is Python's own
    overhead. Deterministic: the same input gives the same floats.

    >>> r = replay([Game("1", "a", "b", 1, 1)], start={"a": Standing(1500, 400), "b": Standing(1500, 400)})
    >>> round(r.standings["a"].rating, 6), round(r.standings["b"].rating, 6)
    (1502.0, 1498.0)
    """
    rating: dict[str, float] = {}
    exp: dict[str, int] = {}
    count: dict[str, int] = {}
    for key, st in (start or {}).items():
        rating[key], exp[key], count[key] = float(st.rating), int(st.experience), int(st.matches)
    out = Replay(standings={})
    changes, predictions, winners = out.changes, out.predictions, out.winners
    c, r0, current = formula.skill_c, formula.start, formula.count_current
    sqrt, pow10 = math.sqrt, math.pow
    for g in games:
        a, b, n = g.player1, g.player2, g.length
        ra, rb = rating.get(a, r0), rating.get(b, r0)
        ea, eb = exp.get(a, 0), exp.get(b, 0)
        s = float(n) if c is None else 1.0 + c * (n - 1) / 2.0
        root = sqrt(s)
        pa = 1.0 / (pow10(10.0, (rb - ra) * root / 2000.0) + 1.0)  # player 1's chance
        if g.winner == 1:
            w, lo, rw, rl, ew, el, pw = a, b, ra, rb, ea, eb, pa
        else:
            w, lo, rw, rl, ew, el, pw = b, a, rb, ra, eb, ea, 1.0 - pa
        upset = 1.0 - pw
        kw = max(1.0, 5.0 - (ew + (n if current else 0)) / 100.0)
        kl = max(1.0, 5.0 - (el + (n if current else 0)) / 100.0)
        gain = 4.0 * kw * root * upset
        loss = gain if kl == kw else 4.0 * kl * root * upset
        rating[w], rating[lo] = rw + gain, rl - loss
        exp[w], exp[lo] = ew + n, el + n
        count[w], count[lo] = count.get(w, 0) + 1, count.get(lo, 0) + 1
        if keep_changes:
            changes.append(Change(g.key, w, lo, True, n, rw, rw + gain, ew + n, pw))
            changes.append(Change(g.key, lo, w, False, n, rl, rl - loss, el + n, 1.0 - pw))
        if keep_predictions:
            predictions.append(pa)
            winners.append(g.winner)
    out.standings = {k: Standing(rating[k], exp[k], count.get(k, 0)) for k in rating}
    return out
