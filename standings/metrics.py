"""Standings as a pure function of match results: no Django import, exact arithmetic.

Match points first (win 1, loss 0, bye per the regulation, annulled nothing), then the tournament's
tie-break order chosen from ``METRICS``: a registry of small metric objects (``key``, ``name``, ``abbr``,
``ascending`` and one ``compute`` function of the results). Elimination stages rank by the bracket (places
from the pairing engine) instead; the app does that in ``draw.results.load_results``.

Unplayed matches (the choice documented in the README, after FIDE's virtual opponent, Handbook C.02
13.15.2 of 2009–2022):

* A match is *played* when it was decided over the board: ``played`` or ``time`` (a flag fall, 003).
  A ``technical`` result (a forfeit, a walk-over, a removed player's remaining matches, 004 §5.7.3),
  a ``bye`` and an ``annulled`` result are *unplayed*. A round-robin rest (a bye worth nothing, no winner)
  is not a round of the player's at all and counts nowhere.
* Match points always count as scored: a technical win is a win, a bye is worth ``bye_points``.
* With ``virtual_opponents=True`` (what the app uses) each unplayed round of a player counts in the
  Buchholz family and in Sonneborn-Berger as a game against a *virtual opponent* who had the player's
  points before that round, got the opposite of the player's result in it (1 − his points there) and
  scores ½ in every later round: ``before + (1 − score) + ½·(R − r)``, R the last round of the stage.
  The real opponent of a technical result gets the same treatment for that round (nobody benefits
  from a forfeit in his Buchholz). With ``virtual_opponents=False`` (the foundation's plain reading)
  an unplayed round counts only through the real opponent of a technical result, and byes and annulled
  results contribute nothing.
* Opponents count with their actual points, also when they withdrew or were removed later.
* Game points (points won and the difference) count only played matches.

That is the rule ``actual`` (the default, and what every tournament counted before issue 29). The
regulation may choose another treatment of unplayed games (``UNPLAYED_RULES``, README "Unplayed games"):

* ``fide2009`` — FIDE Handbook C.02 13.15.2 (2009–2022): the player's own unplayed rounds count through the
  virtual opponent above, and "all unplayed games in which players are indirectly involved are considered
  to have been drawn": in his opponents' Buchholz each unplayed round of his counts ½ instead of what he
  got. Nardy has no draws: "drawn" is half a win (½ point), exactly FIDE's value.
* ``fide2023`` — FIDE Handbook C.07 art. 16 (in force from 2023; the 2024 text, with 16.4 as amended by the
  FIDE Council on 02/02/2026): the player's own unplayed rounds count as a game against a *dummy opponent*
  with the player's own final points (16.4: no more than the forfeiting opponent's adjusted score, and no
  more than a draw in every round when there was no opponent); an opponent's score is adjusted only for
  his *voluntarily unplayed rounds* (VUR, 16.2: an absence, a requested bye worth less than a win, a
  forfeit lost) after the last round he was available to play (a withdrawal): each counts ½; in the cut
  variants a VUR is cut first.

In the two FIDE rules a round of 1..R a player has no entry for (he withdrew, or the results do not list
him) is an absence: unplayed, a VUR, worth 0. Progressive score, wins, game points and the direct
encounter read no opponent's total and are the same under every rule.

``draw`` (an imported result of another sport: ½ each) and the one-player kinds ``absent`` (0) and
``requested_bye`` (``Result.value``: 0, ½ or 1 as the regulation says) are unplayed rounds of the player
except the draw, which was played.
"""

from __future__ import annotations

import math
import operator
import random
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Placed(Protocol):
    place: int | None
    place_to: int | None


# Kinds a two-player result with a winner is not simply "decided" in (``records`` treats them one by one).
_NOT_DECIDED = frozenset({"absent", "requested_bye", "bye", "draw", "annulled"})
PLAYED_KINDS = frozenset({"played", "time", "draw"})  # decided over the board (a draw: imported only)
ABSENCE_KINDS = frozenset({"absent", "requested_bye"})  # one player, no opponent, before the draw
# The treatments of unplayed games (the regulation's ``unplayed_rule``); see the module notes.
UNPLAYED_RULES = ("actual", "fide2009", "fide2023")
HALF = Fraction(1, 2)
ONE, ZERO = Fraction(1), Fraction(0)


def gettext_noop(message: str) -> str:
    """Marks a name for translation without importing Django (the app translates at display time)."""
    return message


def place_label(place: int | None, place_to: int | None) -> str:
    """A place as the tables print it: "5", a shared "5–8", or "—" before any result."""
    if place is None:
        return "—"
    if place_to and place_to != place:
        return f"{place}–{place_to}"
    return str(place)


@dataclass(slots=True)
class Result:
    """One match from one stage, as the standings see it. Not frozen: a frozen dataclass's ``__init__`` costs
    four times a plain one's, and 20,000 of them are built per draw at 5,000 players (issue 20); nobody
    changes one after it is built.

    ``kind`` is one of played, technical, time, bye, annulled. ``winner`` is None for annulled matches, for
    a round-robin rest and for matches without a result (which the standings ignore). ``round`` is the
    round number (None: the order of a player's results is his order of rounds).
    """

    player1: str
    player2: str | None
    winner: str | None
    kind: str
    score1: int | None = None
    score2: int | None = None
    round: int | None = None
    value: Fraction | None = None  # absent / requested_bye: the points it is worth
    length: int | None = None  # the match length in points (the federation's rating weighs it)
    match: int | None = None  # the match's id (the rating's changes name it)


@dataclass(slots=True)
class Entry:
    """One round of one player's record."""

    round: int
    opponent: str | None  # None: a bye
    score: Fraction  # match points he got from it
    kind: str
    won: bool
    own_games: int | None = None  # game points he scored (played matches only)
    their_games: int | None = None

    @property
    def played(self) -> bool:
        return self.kind in PLAYED_KINDS and self.opponent is not None


@dataclass(slots=True)
class Row:
    player: str
    points: Fraction = Fraction(0)
    wins: int = 0
    losses: int = 0
    played: int = 0
    byes: int = 0
    draws: int = 0  # imported results of another sport only
    absences: int = 0  # absent or a requested bye (issue 29 §3)
    opponents: list[str] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    metrics: dict[str, Fraction] = field(default_factory=dict)
    place: int | None = None
    place_to: int | None = None
    # How the row's place was told from the others (``decided_by``): "points", a tie-break key, "lot",
    # "match" (a play-off match), or "" while it shares its place.
    decided: str = ""
    # Match points given or taken by a ruling (a points deduction: < 0), already in ``points``.
    adjustment: Fraction = Fraction(0)

    @property
    def place_label(self) -> str:
        return place_label(self.place, self.place_to)

    @property
    def games_won(self) -> int:
        return sum(e.own_games or 0 for e in self.entries if e.played)

    @property
    def games_lost(self) -> int:
        return sum(e.their_games or 0 for e in self.entries if e.played)


@dataclass
class Context:
    """What a metric may look at besides its own row."""

    rows: dict[str, Row]
    rounds: int  # R: the last round of the stage
    virtual_opponents: bool = True
    rule: str = ""  # one of UNPLAYED_RULES, or "plain" (no virtual opponent); "" follows virtual_opponents
    tied: frozenset[str] = frozenset()  # the group tied on points and every earlier key
    cache: dict = field(default_factory=dict)  # contributions per player, shared by the Buchholz family
    scale: int = 2  # every score is a multiple of 1/scale: the metrics add integers


@dataclass(frozen=True)
class Metric:
    key: str
    name: str
    abbr: str
    compute: Callable[[Row, Context], Fraction]
    ascending: bool = False  # False: more is better
    needs_tied_group: bool = False


# --- the metrics -------------------------------------------------------------------------------------


def virtual_opponent_points(row: Row, entry: Entry, rounds: int) -> Fraction:
    """FIDE's virtual opponent for an unplayed round: before + (1 − score) + ½ per later round."""
    before = sum((e.score for e in row.entries if e.round < entry.round), Fraction(0))
    return before + (1 - entry.score) + HALF * max(0, rounds - entry.round)


_BY_ROUND = operator.attrgetter("round")  # an entry's round: a sort key without a Python call per entry


def _scaled(value: Fraction, scale: int) -> int:
    if value is ONE:
        return scale
    if value is ZERO:
        return 0
    return value.numerator * (scale // value.denominator)


def _rule(ctx: Context) -> str:
    return ctx.rule or ("actual" if ctx.virtual_opponents else "plain")


def is_vur(entry: Entry | None) -> bool:
    """C.07 16.2: a voluntarily unplayed round — not paired (absent, or no entry at all), a requested bye
    worth less than a win, a forfeit lost. A pairing-allocated bye, a forfeit won and an annulled result
    (the panel's act, not the player's choice) are not."""
    if entry is None:
        return True
    if entry.kind == "absent":
        return True
    if entry.kind == "requested_bye":
        return entry.score < 1
    return entry.kind == "technical" and not entry.won


def _by_round(row: Row) -> dict[int, Entry]:
    return {e.round: e for e in row.entries}


def adjusted_points(player: str, ctx: Context) -> int:
    """The player's points as his opponents' Buchholz reads them, × ``ctx.scale`` (see the module notes)."""
    cache = ctx.cache.setdefault("adjusted", {})
    found = cache.get(player)
    if found is not None:
        return found
    row = ctx.rows.get(player)
    scale, half = ctx.scale, ctx.scale // 2
    rule = _rule(ctx)
    if row is None:
        value = 0
    elif rule in ("actual", "plain"):
        value = _scaled(row.points, scale)
    else:
        rounds = _by_round(row)
        extra = _scaled(row.adjustment, scale) if row.adjustment else 0
        if rule == "fide2009":
            # C.02 13.15.2 (2009–2022): his unplayed games count as drawn (½: half a win in nardy).
            value = extra + sum(
                _scaled(rounds[r].score, scale) if r in rounds and rounds[r].played else half
                for r in range(1, ctx.rounds + 1)
            )
        else:
            # C.07 16.3 (2023+): only the VURs after the last round he was available to play count ½.
            available = max((r for r in range(1, ctx.rounds + 1) if not is_vur(rounds.get(r))), default=0)
            value = extra
            for r in range(1, ctx.rounds + 1):
                e = rounds.get(r)
                if r <= available or (e is not None and e.opponent is not None):
                    value += _scaled(e.score, scale) if e is not None else 0
                else:
                    value += half
    cache[player] = value
    return value


def contributions(row: Row, ctx: Context) -> list[tuple[int, int, bool]]:
    """(opponent's points, the player's score, a VUR) × ``ctx.scale`` for every round counting in the
    Buchholz family and Sonneborn-Berger. Exact integers: every value here is a multiple of 1/scale."""
    cached = ctx.cache.get(row.player)
    if cached is not None:
        return cached
    scale = ctx.scale
    rule = _rule(ctx)
    if rule in ("actual", "plain") and "points" not in ctx.cache:
        ctx.cache["points"] = {p: _scaled(r.points, scale) for p, r in ctx.rows.items()}
    out: list[tuple[int, int, bool]] = []
    if rule in ("actual", "plain"):
        points: dict[str, int] = ctx.cache["points"]
        plain = rule == "plain"
        half, last = scale // 2, ctx.rounds
        before = 0  # his points before the round, scaled (entries are in round order)
        progressive = 0  # the progressive score on the way (``_progressive``), scaled
        entries = row.entries if _IN_ROUND_ORDER in ctx.cache else sorted(row.entries, key=_BY_ROUND)
        for e in entries:
            value, opponent = e.score, e.opponent
            score = scale if value is ONE else 0 if value is ZERO else _scaled(value, scale)
            if score:
                progressive += score * (last + 1 - e.round)
            if (opponent is not None and e.kind in PLAYED_KINDS) or (
                plain and opponent is not None and e.kind != "annulled"
            ):
                out.append((points.get(opponent, 0), score, False))
            elif not plain:
                out.append((before + (scale - score) + half * max(0, last - e.round), score, False))
            before += score
        ctx.cache[row.player] = out
        known = ctx.cache.get(_PROGRESSIVE)
        if known is None:
            known = ctx.cache[_PROGRESSIVE] = {}
        known[row.player] = progressive
        return out
    rounds = _by_round(row)
    own = _scaled(row.points, scale)
    before = 0
    for r in range(1, ctx.rounds + 1):
        found = rounds.get(r)
        score = _scaled(found.score, scale) if found is not None else 0
        if found is not None and found.played:
            out.append((adjusted_points(found.opponent or "", ctx), score, False))
        elif rule == "fide2009":
            # C.02 13.15.2: Svon = SPR + (1 − SfPR) + ½·(n − R).
            out.append((before + (scale - score) + (scale // 2) * (ctx.rounds - r), score, False))
        else:
            # C.07 16.4: a dummy opponent with his own points, capped (the 2026 amendment) by the forfeiting
            # opponent's adjusted score, or by a draw in every round when there was no opponent.
            if found is not None and found.opponent is not None:
                dummy = min(own, adjusted_points(found.opponent, ctx))
            else:
                dummy = min(own, (scale // 2) * ctx.rounds)
            out.append((dummy, score, is_vur(found)))
        before += score
    ctx.cache[row.player] = out
    return out


def _fraction(numerator: int, denominator: int, ctx: Context) -> Fraction:
    """``Fraction(numerator, denominator)``, one object per value in a table (issue 35 §3: a Fraction's
    constructor reduces by the gcd each time; a table's metrics take a few hundred distinct values)."""
    made = ctx.cache.get(_FRACTIONS)
    if made is None:
        made = ctx.cache[_FRACTIONS] = {}
    found = made.get((numerator, denominator))
    if found is None:
        found = made[(numerator, denominator)] = Fraction(numerator, denominator)
    return found


# Keys of ``Context.cache`` besides the players' (strings): the shared Fractions; "every row's entries are in
# round order"; the progressive scores counted with the contributions.
_FRACTIONS = ("fractions",)
_IN_ROUND_ORDER = ("in round order",)
_PROGRESSIVE = ("progressive",)


def _cut(row: Row, ctx: Context, low: int, high: int = 0) -> Fraction:
    """Buchholz without the ``low`` lowest and the ``high`` highest contributions; under C.07 (16.5) the
    voluntarily unplayed rounds are cut first among the lowest."""
    items = contributions(row, ctx)
    if _rule(ctx) == "fide2023":
        kept = [c[0] for c in sorted(items, key=lambda c: (not c[2], c[0]))][low:]
        if high:
            kept = sorted(kept)[: max(0, len(kept) - high)]
    else:
        # Only the points are summed: sorting the points alone cuts the same values.
        kept = sorted([c[0] for c in items])[low:]
        if high:
            kept = kept[: max(0, len(kept) - high)]
    return _fraction(sum(kept), ctx.scale, ctx)


def _buchholz(row: Row, ctx: Context) -> Fraction:
    return _fraction(sum([c[0] for c in contributions(row, ctx)]), ctx.scale, ctx)


def _buchholz_cut1(row: Row, ctx: Context) -> Fraction:
    return _cut(row, ctx, 1)


def _buchholz_cut2(row: Row, ctx: Context) -> Fraction:
    return _cut(row, ctx, 2)


def _median_buchholz(row: Row, ctx: Context) -> Fraction:
    return _cut(row, ctx, 1, 1)


def _sonneborn_berger(row: Row, ctx: Context) -> Fraction:
    total = sum([points * score for points, score, _vur in contributions(row, ctx)])
    return _fraction(total, ctx.scale * ctx.scale, ctx)


def _direct_encounter(row: Row, ctx: Context) -> Fraction:
    """Points won against the others of the tied group, when every two of them have met; else 0.

    So the key only decides when it can separate the group fairly: a group whose members have not all met
    each other (or a single player) stays as it is for the next key.
    """
    group = ctx.tied
    if len(group) < 2:
        return ZERO
    for member in group:
        met = {e.opponent for e in ctx.rows[member].entries if e.opponent and e.kind != "annulled"}
        if not (group - {member}) <= met:
            return Fraction(0)
    return sum(
        (e.score for e in row.entries if e.opponent in group and e.kind != "annulled"),
        Fraction(0),
    )


def _wins(row: Row, ctx: Context) -> Fraction:
    return _whole(row.wins)


def _game_difference(row: Row, ctx: Context) -> Fraction:
    return Fraction(row.games_won - row.games_lost)


def _game_points(row: Row, ctx: Context) -> Fraction:
    return Fraction(row.games_won)


def _progressive(row: Row, ctx: Context) -> Fraction:
    # The sum of the running totals after each round: a point won in round r counts R − r + 1 times.
    scale, last = ctx.scale, ctx.rounds + 1
    known = ctx.cache.get(_PROGRESSIVE)  # counted with the contributions already (same entries, same R)
    if known is not None and row.player in known:
        return _fraction(known[row.player], scale, ctx)
    total = 0
    for e in row.entries:
        value = e.score
        if value is not ZERO:
            total += (scale if value is ONE else _scaled(value, scale)) * (last - e.round)
    return _fraction(total, scale, ctx)


_ = gettext_noop
METRICS: dict[str, Metric] = {
    m.key: m
    for m in (
        Metric("buchholz", _("Buchholz"), _("Bh"), _buchholz),
        Metric("buchholz_cut1", _("Buchholz cut 1"), _("Bh-1"), _buchholz_cut1),
        Metric("buchholz_cut2", _("Buchholz cut 2"), _("Bh-2"), _buchholz_cut2),
        Metric("median_buchholz", _("median Buchholz"), _("mBh"), _median_buchholz),
        Metric("sonneborn_berger", _("Sonneborn-Berger"), _("SB"), _sonneborn_berger),
        Metric("direct", _("direct encounter"), _("DE"), _direct_encounter, needs_tied_group=True),
        Metric("wins", _("wins"), _("W"), _wins),
        Metric("game_difference", _("game-point difference"), _("+/−"), _game_difference),
        Metric("game_points", _("game points won"), _("GP"), _game_points),
        Metric("progressive", _("progressive score"), _("Pr"), _progressive),
    )
}
del _


def validate_tiebreaks(keys: Sequence[str]) -> list[str]:
    """Return the unknown keys among ``keys`` (empty when all are known)."""
    return [key for key in keys if key not in METRICS]


# --- the table -----------------------------------------------------------------------------------------


def records(players: Iterable[str], results: Iterable[Result], bye_points: Fraction = Fraction(1)) -> dict:
    """Each player's row with points, wins, losses and his entries round by round (no metrics yet)."""
    return _records(players, results, bye_points)[0]


def _records(
    players: Iterable[str], results: Iterable[Result], bye_points: Fraction = Fraction(1)
) -> tuple[dict[str, Row], int, bool]:
    """``records``, the last round of any entry (0: none; rounds are numbered from 1) and whether every row's
    entries are in round order already.

    One pass with the attributes read once per result (issue 35 §3: 45,000 results at 10,000 players); a
    player's running count of results is kept only when some result has no round number (it numbers them)."""
    results = results if isinstance(results, list) else list(results)
    rows = {p: Row(p) for p in players}
    get = rows.get
    numbers: list[Any] = [r.round for r in results]
    numbered = None not in numbers
    # Results in round order (as the app loads them): each row's entries come out in round order too.
    in_order = numbered and numbers == sorted(numbers)
    sequence: dict[str, int] = defaultdict(int)
    bye = Fraction(bye_points)
    bye = ONE if bye == 1 else ZERO if bye == 0 else bye
    extra: dict[str, Fraction] = defaultdict(Fraction)  # draws and absences: points besides wins and byes

    special = _NOT_DECIDED
    for r in results:
        kind, p1, p2, winner = r.kind, r.player1, r.player2, r.winner
        number: Any = r.round  # None only when not ``numbered``: the sequence numbers it then
        if numbered and winner is not None and p2 is not None and kind not in special:
            # The common result, a match decided with a winner: what the loop below does for it, written out.
            s1, s2 = r.score1, r.score2
            row = get(p1)
            if row is not None:
                won = winner == p1
                row.entries.append(Entry(number, p2, ONE if won else ZERO, kind, won, s1, s2))
                row.opponents.append(p2)
                if won:
                    row.wins += 1
            row = get(p2)
            if row is not None:
                won = winner == p2
                row.entries.append(Entry(number, p1, ONE if won else ZERO, kind, won, s2, s1))
                row.opponents.append(p1)
                if won:
                    row.wins += 1
            continue
        if kind in ABSENCE_KINDS:
            # Absent, or a requested bye (issue 29 §3): a round of his, unplayed, worth its value.
            if not numbered:
                sequence[p1] += 1
                number = number if number is not None else sequence[p1]
            row = get(p1)
            if row is not None:
                value = Fraction(r.value or 0)
                row.absences += 1
                row.entries.append(Entry(number, None, value, kind, False))
                extra[p1] += value
            continue
        if kind == "bye" or p2 is None:
            if winner is None:
                continue  # a round-robin rest: not a round of his
            if not numbered:
                sequence[p1] += 1
                number = number if number is not None else sequence[p1]
            row = get(p1)
            if row is not None:
                row.byes += 1
                row.entries.append(Entry(number, None, bye, "bye", True))
            continue
        draw = kind == "draw"
        annulled = kind == "annulled"
        counts = not annulled and (winner is not None or draw)
        for me, other, own, their in ((p1, p2, r.score1, r.score2), (p2, p1, r.score2, r.score1)):
            if not numbered:
                sequence[me] += 1
            row = get(me)
            if row is None:
                continue
            won = winner == me and not annulled
            row.entries.append(
                Entry(
                    number if numbered or number is not None else sequence[me],
                    other,
                    HALF if draw else ONE if won else ZERO,
                    kind,
                    won,
                    own,
                    their,
                )
            )
            if not counts:
                continue
            row.opponents.append(other)
            if draw:
                row.draws += 1
                extra[me] += HALF
            elif won:
                row.wins += 1
    for row in rows.values():
        # Every counted match is one opponent: played, and the losses are what is neither won nor drawn.
        row.played = len(row.opponents)
        row.losses = row.played - row.wins - row.draws
        row.points = Fraction(row.wins) + row.byes * bye if row.byes else _whole(row.wins)
        if row.player in extra:
            row.points += extra[row.player]
    if in_order:  # each row's last entry is his last round
        top = max((row.entries[-1].round for row in rows.values() if row.entries), default=0)
    else:
        top = max((max(map(_BY_ROUND, row.entries)) for row in rows.values() if row.entries), default=0)
    return rows, top, in_order


# Small whole numbers as Fractions, built once: a Fraction's constructor costs a microsecond or two, and a
# table of 10,000 players builds tens of thousands of the same few values (issue 35 §3).
_WHOLE = [Fraction(n) for n in range(64)]


def _whole(n: int) -> Fraction:
    return _WHOLE[n] if 0 <= n < 64 else Fraction(n)


def scores(players: Iterable[str], results: Iterable[Result], bye_points: Fraction = Fraction(1)) -> dict:
    """``records``' points, wins, losses, played and byes of each player, without the round-by-round entries:
    what a Swiss draw needs of 10,000 players (issue 20 item 5), at a fraction of the cost. Rows with
    ``entries`` and ``opponents`` empty; the same counting rules as ``records`` (tested against it)."""
    rows = {p: Row(p) for p in players}
    extra: dict[str, Fraction] = {}
    for r in results:
        if r.kind in ABSENCE_KINDS:
            row = rows.get(r.player1)
            if row is not None:
                row.absences += 1
                extra[r.player1] = extra.get(r.player1, ZERO) + Fraction(r.value or 0)
            continue
        if r.kind == "bye" or r.player2 is None:
            row = rows.get(r.player1)
            if r.winner is not None and row is not None:
                row.byes += 1
            continue
        draw = r.kind == "draw"
        if r.kind == "annulled" or (r.winner is None and not draw):
            continue
        for me in (r.player1, r.player2):
            row = rows.get(me)
            if row is None:
                continue
            row.played += 1
            if draw:
                row.draws += 1
                extra[me] = extra.get(me, ZERO) + HALF
            elif r.winner == me:
                row.wins += 1
            else:
                row.losses += 1
    bye = Fraction(bye_points)
    for row in rows.values():
        row.points = Fraction(row.wins) + row.byes * bye if row.byes else Fraction(row.wins)
        if row.player in extra:
            row.points += extra[row.player]
    return rows


def table(
    players: Iterable[str],
    results: Iterable[Result],
    bye_points: Fraction = Fraction(1),
    tiebreaks: Sequence[str] = ("buchholz",),
    virtual_opponents: bool = False,
    adjustments: Mapping[str, Fraction] | None = None,
    unplayed: str = "",
    split: bool = True,
) -> list[Row]:
    """Rank ``players`` by match points, then by ``tiebreaks`` in order.

    Parameters
    ----------
    players: the keys of everybody to rank (results of others still count for their opponents).
    results: the stage's decided matches; a result with ``winner=None`` and kind other than annulled is
        ignored unless it is a rest.
    bye_points: what a bye is worth (the regulation's value).
    tiebreaks: keys of ``METRICS`` in order.
    virtual_opponents: count unplayed rounds through FIDE's virtual opponent (see the module notes).
    adjustments: match points added to (or, < 0, taken from) a player's total by a ruling; they count
        wherever his points count (his place, his opponents' Buchholz).
    unplayed: one of ``UNPLAYED_RULES`` (the module notes); "" follows ``virtual_opponents``.
    split: False when the regulation has the tie-breaks shown for information only (FIDE C.07 2.1: tied
        participants share the place): the rows are still ordered by them, but equal points share a place.

    Returns
    -------
    Rows best first. Players still equal on every key share a place (``place``–``place_to``).
    """
    unknown = validate_tiebreaks(tiebreaks)
    if unknown:
        raise ValueError(f"unknown tie-break keys: {unknown}")
    if unplayed and unplayed not in UNPLAYED_RULES:
        raise ValueError(f"unknown rule for unplayed games: {unplayed}")
    results = [
        r for r in results if r.winner is not None or r.kind in {"annulled", "draw"} or r.player2 is None
    ]
    rows, rounds, in_order = _records(players, results, bye_points)
    for player, points in (adjustments or {}).items():
        if player in rows:
            rows[player].points += points
            rows[player].adjustment += points
    bye = Fraction(bye_points)
    scale = math.lcm(2, bye.denominator, *{Fraction(r.value).denominator for r in results if r.value})
    ctx = Context(rows, rounds, virtual_opponents, unplayed, scale=scale)
    if in_order:
        ctx.cache[_IN_ROUND_ORDER] = True
    for i, key in enumerate(tiebreaks):
        metric = METRICS[key]
        if not metric.needs_tied_group:
            for row in rows.values():
                row.metrics[key] = metric.compute(row, ctx)
            continue
        # The groups tied on points and every earlier key: equal exact values have equal dense ranks.
        listed = list(rows.values())
        columns = [
            [row.points for row in listed],
            *([row.metrics[k] for row in listed] for k in tiebreaks[:i]),
        ]
        groups: dict[tuple, set[str]] = defaultdict(set)
        for row, tied in zip(listed, zip(*(_signed_ranks(column, 1) for column in columns))):
            groups[tied].add(row.player)
        group_ctx = Context(rows, rounds, virtual_opponents, unplayed, frozenset(), ctx.cache, ctx.scale)
        for members in groups.values():
            group_ctx.tied = frozenset(members)
            for player in members:
                rows[player].metrics[key] = metric.compute(rows[player], group_ctx)

    # Exact values compared once per distinct value: each key becomes a dense integer rank.
    listed = list(rows.values())
    signs = [-1, *(1 if METRICS[k].ascending else -1 for k in tiebreaks)]
    columns = [[row.points for row in listed], *([row.metrics[k] for row in listed] for k in tiebreaks)]
    keys = list(zip(*(_signed_ranks(column, sign) for column, sign in zip(columns, signs))))
    # Sorted as (key, player) pairs: compared without a Python call per comparison.
    order = [i for _key, _player, i in sorted(zip(keys, [row.player for row in listed], range(len(listed))))]
    ordered = [listed[i] for i in order]
    # Equal neighbours share one place range (``assign_places``), by every key or by points only (``split``).
    same = [keys[i] for i in order] if split else [keys[i][0] for i in order]
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and same[j + 1] == same[i]:
            j += 1
        for row in ordered[i : j + 1]:
            row.place, row.place_to = i + 1, j + 1
        i = j + 1
    return ordered


def _signed_ranks(values: list[Fraction], sign: int) -> list[int]:
    """Each value's dense rank among ``values`` (smallest first), times ``sign``. A table's values are a few
    hundred distinct objects shared by many rows (``_fraction``, ``_whole``): each object is compared once,
    by its exact value (issue 35 §3; identity only tells the same object, never equal values apart)."""
    ids = list(map(id, values))
    objects = dict(zip(ids, values))
    exact = {key: _exact(v) for key, v in objects.items()}
    rank = _dense_ranks(exact.values())
    by_object = {key: sign * rank[e] for key, e in exact.items()}
    return list(map(by_object.__getitem__, ids))


def _exact(value: Fraction | int) -> tuple[int, int]:
    """A Fraction as a key that hashes and compares as plain integers (a Fraction's == goes through the
    numbers ABCs: most of the ranking's time at 1,000 players). Fractions are kept in lowest terms, so equal
    values give equal keys."""
    return (value.numerator, value.denominator)


def _dense_ranks(values: Iterable[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """Each distinct exact value (numerator, denominator) by its rank, smallest first."""
    ordered = sorted(set(values), key=lambda nd: Fraction(nd[0], nd[1]))
    return {v: i for i, v in enumerate(ordered)}


def tiebreak_values(row: Row, keys: Sequence[str]) -> list[Fraction]:
    """The row's tie-breaks in ``keys`` order, signed so that smaller sorts first."""
    return [row.metrics[k] if METRICS[k].ascending else -row.metrics[k] for k in keys]


def sort_key(keys: Sequence[str]) -> Callable[[Row], tuple]:
    """Points first, then the tie-breaks in the regulation's order (best first)."""

    def key(row: Row) -> tuple:
        return (-row.points, *tiebreak_values(row, keys))

    return key


def close_up(rows: list[Row], removed: set[str], keys: Sequence[str], start: int = 1) -> list[Row]:
    """004 §5.7.3: a removed player keeps no place; the others close up. The kept rows first, in order."""
    kept = [r for r in rows if r.player not in removed]
    gone = [r for r in rows if r.player in removed]
    if gone:
        assign_places(kept, sort_key(keys), start=start)
        for r in gone:
            r.place = r.place_to = None
    return kept + gone


def close_up_ranges(ranges: Sequence[tuple[int, int]], start: int = 1) -> list[tuple[int, int]]:
    """004 §5.7.3, a bracket's places after a removal: the others close up. ``ranges`` are the place ranges
    (first, last) of the players still placed, best first, a shared range repeated for each of its players;
    each range becomes as wide as the players sharing it, right after the ones above (1, 3–4 → 1, 2–3).

    >>> close_up_ranges([(1, 1), (3, 4), (3, 4)])
    [(1, 1), (2, 3), (2, 3)]
    """
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(ranges):
        j = i
        while j + 1 < len(ranges) and ranges[j + 1] == ranges[i]:
            j += 1
        first = start + i
        out.extend([(first, start + j)] * (j - i + 1))
        i = j + 1
    return out


def groups_to_play_off(
    ranges: Sequence[tuple[str, int, int]], vacated: Sequence[tuple[int, int]]
) -> list[list[str]]:
    """004 §5.7.3 «при необходимости ... дополнительные матчи»: which players must play extra matches for a
    place a removed competitor held alone. ``ranges``: the placed players (key, first, last), best first;
    ``vacated``: the removed competitors' ranges. A place held alone (first == last) left empty is taken by
    the players right below it; when they share a range, closing up cannot say who takes it: they play for
    it. A vacated shared place needs nothing (the others sharing it stay shared, one fewer).

    >>> groups_to_play_off([("a", 1, 1), ("c", 3, 4), ("d", 3, 4)], [(2, 2)])
    [['c', 'd']]
    """
    groups: list[list[str]] = []
    for first, last in sorted(vacated):
        if first != last:
            continue
        below = [r for r in ranges if r[1] > first]
        if not below:
            continue
        top = (below[0][1], below[0][2])
        group = [key for key, a, b in below if (a, b) == top]
        if len(group) >= 2 and group not in groups:
            groups.append(group)
    return groups


def place_ranges(
    ordered: Sequence[T], sort_key: Callable[[T], object], start: int = 1
) -> list[tuple[int, int]]:
    """The place range (first, last) of each item in the given order: equal neighbours (by ``sort_key``) share
    one range ("5–8"). Rows, teams, board lines and qualifying tables all place this way."""
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and sort_key(ordered[j + 1]) == sort_key(ordered[i]):
            j += 1
        out.extend([(start + i, start + j)] * (j - i + 1))
        i = j + 1
    return out


def assign_places(ordered: Sequence[Placed], sort_key: Callable, start: int = 1) -> None:
    """Give equal rows (by ``sort_key``) one shared place range, in the given order."""
    for row, (first, last) in zip(ordered, place_ranges(ordered, sort_key, start)):
        row.place, row.place_to = first, last


def decided_by(rows: Sequence[Row], keys: Sequence[str]) -> dict[str, str]:
    """How each row's place was told from the others: "points" when nobody has his points, else the first
    tie-break key in ``keys`` at which nobody with his points (and his values of the earlier keys) equals him;
    "" when he still shares his place with somebody."""
    out: dict[str, str] = {}
    for row in rows:
        same = [r for r in rows if r.player != row.player and r.points == row.points]
        if not same:
            out[row.player] = "points"
            continue
        out[row.player] = ""
        for key in keys:
            same = [r for r in same if r.metrics.get(key) == row.metrics.get(key)]
            if not same:
                out[row.player] = key
                break
    return out


def tied_blocks(rows: Sequence[Row]) -> list[list[Row]]:
    """The groups of rows that share one place range (``place``–``place_to``), in table order."""
    blocks: dict[tuple[int, int], list[Row]] = {}
    for row in rows:
        if row.place is not None and row.place_to is not None and row.place_to != row.place:
            blocks.setdefault((row.place, row.place_to), []).append(row)
    return [blocks[k] for k in sorted(blocks)]


def lot_order(players: Iterable[str], seed: int) -> list[str]:
    """A drawing of lots among ``players`` with ``seed``: the same seed always gives the same order (the seed
    is stored, so the lot can be checked)."""
    order = sorted(players)
    random.Random(seed).shuffle(order)
    return order


def group_counts(results: Iterable[Result]) -> dict[str, int]:
    """Losses per player (for Swiss until N losses): every decided match lost, byes excluded."""
    losses: dict[str, int] = defaultdict(int)
    for r in results:
        if r.kind in {"annulled", "bye"} or r.winner is None or r.player2 is None:
            continue
        losses[r.player2 if r.winner == r.player1 else r.player1] += 1
    return dict(losses)


# --- teams (004 §1.3: in personal-team events each player's result also counts for the team) ------------


@dataclass
class TeamRow:
    team: str
    members: list[str] = field(default_factory=list)
    points: Fraction = Fraction(0)
    wins: int = 0
    games_won: int = 0
    games_lost: int = 0
    best_place: int | None = None
    place: int | None = None
    place_to: int | None = None

    @property
    def game_difference(self) -> int:
        return self.games_won - self.games_lost

    @property
    def place_label(self) -> str:
        return place_label(self.place, self.place_to)


def team_table(rows: Iterable[Row], team_of: dict[str, str]) -> list[TeamRow]:
    """Teams ranked by the sum of their members' match points, then wins, then game-point difference,
    then game points won; teams equal on all four share a place. Players without a team count for none."""
    teams: dict[str, TeamRow] = {}
    for row in rows:
        name = team_of.get(row.player)
        if not name:
            continue
        team = teams.setdefault(name, TeamRow(name))
        team.members.append(row.player)
        team.points += row.points
        team.wins += row.wins
        team.games_won += row.games_won
        team.games_lost += row.games_lost
        if row.place is not None and (team.best_place is None or row.place < team.best_place):
            team.best_place = row.place

    def sort_key(team: TeamRow) -> tuple:
        return (-team.points, -team.wins, -team.game_difference, -team.games_won)

    ordered = sorted(teams.values(), key=lambda t: (sort_key(t), t.team))
    assign_places(ordered, sort_key)
    return ordered
