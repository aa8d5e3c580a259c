"""Legal plays of a roll in short and long nardy.

The generator walks every order of the dice one checker step at a time and keeps what the rules allow:

* 004 §5.4.24 (both): each die is a separate step; a checker takes the sum only through an open intermediate
  point (the intermediate point is a step of its own, so it must be legal).
* 004 §5.4.25: doubles are played four times.
* 004 §5.4.26: both dice if possible, else the one that can be played, and if either but not both, the larger;
  with doubles as many as possible.
* 004 §5.4.35, §5.4.37, §5.4.38: bearing off only with all 15 home; a die higher than the highest
occupied point
  bears off from the highest point.
* Short nardy, 001 art. 21.4-21.12: a point with two or more opposing checkers is closed, a single
one (a blot) is
  hit to the bar, checkers on the bar enter first into the opponent's home (mover's points 19-24).
* Long nardy, 004 §5.4.12: a point with even one opposing checker is closed (no hitting);
  §5.4.11: one checker off the head (point 24) per turn, two on a first roll of 3-3, 4-4 or 6-6 (004: only for
  the second player; 002, ``head_rule="classic"``: for either player);
  §5.4.13: no block of six consecutive points (along the opponent's path 12 -> 1 -> 24 -> 13)
  unless an opposing
  checker is already ahead of it, not even for a moment inside the turn.

Plays are deduplicated by resulting position.
"""

from __future__ import annotations

from dataclasses import dataclass

from .position import LONG, SHORT, Position

BAR = 25
OFF = 0
HEAD_RULES = ("federation", "classic")
HEAD_DOUBLES = (3, 4, 6)


@dataclass(frozen=True, slots=True)
class Step:
    """One checker moved by one die: from ``src`` (25 = bar) to ``dst`` (0 = off)."""

    src: int
    dst: int
    hit: bool = False
    die: int = 0


@dataclass(frozen=True, slots=True)
class Play:
    steps: tuple[Step, ...]
    position: Position  # after the play, still seen from the mover's side

    @property
    def text(self) -> str:
        return format_steps(self.steps)

    @property
    def dice_used(self) -> int:
        return len(self.steps)


def _point_name(p: int) -> str:
    return "bar" if p == BAR else "off" if p == OFF else str(p)


def format_steps(steps: tuple[Step, ...]) -> str:
    """Notation of a play: ``24/18*/13 13/11``, same checker's steps chained, repeats as ``(2)``."""
    chains: list[list[tuple[int, bool]]] = []  # each: [(point, hit_on_arrival)]
    for st in steps:
        for ch in chains:
            if ch[-1][0] == st.src and st.src not in (BAR, OFF):
                ch.append((st.dst, st.hit))
                break
        else:
            chains.append([(st.src, False), (st.dst, st.hit)])
    tokens: list[tuple[int, str]] = []
    for ch in chains:
        parts = [_point_name(ch[0][0])]
        for i, (p, hit) in enumerate(ch[1:], start=1):
            if hit or i == len(ch) - 1:
                parts.append(_point_name(p) + ("*" if hit else ""))
        tokens.append((ch[0][0], "/".join(parts)))
    tokens.sort(key=lambda t: -t[0])
    out: list[str] = []
    i = 0
    while i < len(tokens):
        j = i
        while j < len(tokens) and tokens[j][1] == tokens[i][1]:
            j += 1
        out.append(tokens[i][1] + (f"({j - i})" if j - i > 1 else ""))
        i = j
    return " ".join(out)


def head_allowance(dice: tuple[int, int], first_roll: bool, moves_second: bool, head_rule: str) -> int:
    """How many checkers may leave the head this turn (004 §5.4.11; 002 for ``classic``)."""
    if head_rule not in HEAD_RULES:
        raise ValueError(f"head_rule must be one of {HEAD_RULES}")
    if first_roll and dice[0] == dice[1] and dice[0] in HEAD_DOUBLES:
        if head_rule == "classic" or moves_second:
            return 2
    return 1


def legal_plays(
    pos: Position,
    dice: tuple[int, int],
    discipline: str,
    *,
    first_roll: bool = False,
    moves_second: bool = False,
    head_rule: str = "federation",
) -> list[Play]:
    """Every legal play of ``dice`` from ``pos`` (mover's view), one per resulting position.

    Returns ``[]`` when the roll cannot be played at all. For long nardy ``first_roll``/``moves_second``/
    ``head_rule`` decide the head exception (004 §5.4.11). Complexity: at most a few thousand
    partial states for
    doubles, since states reached by different orders are merged.
    """
    a, b = dice
    if not (1 <= a <= 6 and 1 <= b <= 6):
        raise ValueError(f"dice must be 1..6, got {dice}")
    if discipline == LONG:
        head = head_allowance((a, b), first_roll, moves_second, head_rule)
    elif discipline == SHORT:
        head = 99
    else:
        raise ValueError(f"unknown discipline {discipline!r}")
    results = _reachable(pos, (a, b), discipline == LONG, head)
    if not results:
        return []
    best = max(n for n, _s, _a, _o in results.values())
    chosen = [v for v in results.values() if v[0] == best]
    if best == 0:
        return []
    if best == 1 and a != b:
        # 004 §5.4.26: either die alone but not both -> the larger one
        big = max(a, b)
        larger = [v for v in chosen if v[1][0].die == big]
        if larger:
            chosen = larger
    plays = []
    for _n, steps, arr_, obar in chosen:
        board = tuple(arr_[1:25])
        plays.append(Play(steps, Position(board, (arr_[25], obar), (arr_[0], pos.off[1]))))
    return plays


def find_full_play(
    pos: Position,
    dice: tuple[int, int],
    discipline: str,
    target: Position,
    *,
    first_roll: bool = False,
    moves_second: bool = False,
    head_rule: str = "federation",
) -> Play | None:
    """A legal play that uses every die (two, or four for doubles) and leaves the mover's checkers as in
    ``target``, or None. Such a play is legal without listing the others: no play can use more dice
    (004 §5.4.26). A fast check of a written play; None says nothing (use :func:`legal_plays`)."""
    a, b = dice
    long = discipline == LONG
    head = head_allowance((a, b), first_roll, moves_second, head_rule) if long else 99
    arr = [pos.off[0], *pos.board, pos.bar[0]]
    want = [target.off[0], *(max(n, 0) for n in target.board), target.bar[0]]
    gen = _Gen(long, pos.off[1])
    found = gen.guided(arr, pos.bar[1], (a, a, a, a) if a == b else (a, b), (), head, want)
    if found is None:
        return None
    steps, arr_, obar = found
    return Play(steps, Position(tuple(arr_[1:25]), (arr_[25], obar), (arr_[0], pos.off[1])))


RELAXATIONS = ("early_off", "any_off", "bar_free")


def _reachable(
    pos: Position,
    dice: tuple[int, int],
    long: bool,
    head: int,
    *,
    block: bool = True,
    partial: bool = False,
    relax: frozenset[str] = frozenset(),
) -> dict:
    """Resulting positions -> (dice used, steps, work array, opponent bar). With ``partial`` every
    intermediate state counts as a result too; ``block=False``, a large ``head`` and ``relax`` (a set of
    :data:`RELAXATIONS`: bearing off before all are home, a higher die from any point, moving while a checker
    is on the bar) lift one rule each. Used to name the clause a written play breaks."""
    a, b = dice
    arr = [pos.off[0], *pos.board, pos.bar[0]]
    gen = _Gen(long, pos.off[1], block, partial, relax)
    gen.search(arr, pos.bar[1], (a, a, a, a) if a == b else (a, b), (), head)
    return gen.results


class _Gen:
    __slots__ = ("long", "opp_off", "results", "seen", "block", "partial", "early_off", "any_off", "bar_free")

    def __init__(
        self,
        long: bool,
        opp_off: int,
        block: bool = True,
        partial: bool = False,
        relax: frozenset[str] = frozenset(),
    ) -> None:
        self.long = long
        self.opp_off = opp_off
        self.block = block
        self.partial = partial
        self.early_off = "early_off" in relax
        self.any_off = "any_off" in relax
        self.bar_free = "bar_free" in relax
        self.results: dict = {}
        self.seen: set = set()

    def search(self, arr: list[int], obar: int, dice: tuple[int, ...], steps: tuple, head: int) -> None:
        moved = False
        tried = set()
        for k, die in enumerate(dice):
            if die in tried:
                continue
            tried.add(die)
            rest = dice[:k] + dice[k + 1 :]
            for src, dst in self.single_steps(arr, die, head):
                nxt = arr.copy()
                nxt[src] -= 1
                hit = False
                nobar = obar
                if dst != OFF:
                    if nxt[dst] == -1:  # short nardy blot: hit to the bar (001 art. 21.6)
                        nxt[dst] = 0
                        nobar += 1
                        hit = True
                    nxt[dst] += 1
                    if self.long and nxt[dst] == 1 and self.block and self.bad_block(nxt, dst):
                        continue  # 004 §5.4.13, even for a moment inside the turn
                else:
                    nxt[0] += 1
                nhead = head - 1 if (self.long and src == 24) else head
                key = (tuple(nxt), nobar, rest, nhead)
                moved = True
                if key in self.seen:
                    continue
                self.seen.add(key)
                self.search(nxt, nobar, rest, steps + (Step(src, dst, hit, die),), nhead)
        if not moved or self.partial:
            rkey = (tuple(arr), obar)
            n = len(steps)
            old = self.results.get(rkey)
            if old is None or old[0] < n:
                self.results[rkey] = (n, steps, arr, obar)

    def guided(
        self, arr: list[int], obar: int, dice: tuple[int, ...], steps: tuple, head: int, want: list[int]
    ) -> tuple | None:
        """A sequence of legal steps using every die and ending with the mover's checkers as in ``want``
        (same layout as ``arr``); checkers only leave points that hold more than ``want`` there."""
        if not dice:
            return (steps, arr, obar) if all(max(n, 0) == w for n, w in zip(arr, want)) else None
        tried = set()
        for k, die in enumerate(dice):
            if die in tried:
                continue
            tried.add(die)
            rest = dice[:k] + dice[k + 1 :]
            for src, dst in self.single_steps(arr, die, head):
                if arr[src] <= want[src]:
                    continue
                nxt = arr.copy()
                nxt[src] -= 1
                hit = False
                nobar = obar
                if dst != OFF:
                    if nxt[dst] == -1:  # short nardy blot: hit to the bar (001 art. 21.6)
                        nxt[dst] = 0
                        nobar += 1
                        hit = True
                    nxt[dst] += 1
                    if self.long and nxt[dst] == 1 and self.block and self.bad_block(nxt, dst):
                        continue  # 004 §5.4.13
                else:
                    nxt[0] += 1
                key = (tuple(nxt), rest)
                if key in self.seen:
                    continue
                self.seen.add(key)
                nhead = head - 1 if (self.long and src == 24) else head
                found = self.guided(nxt, nobar, rest, steps + (Step(src, dst, hit, die),), nhead, want)
                if found is not None:
                    return found
        return None

    def single_steps(self, arr: list[int], die: int, head: int):
        long = self.long
        if not long and arr[BAR] > 0:
            dst = BAR - die  # 001 art. 21.8-21.9: enter first, on the point of the die in the opponent's home
            if arr[dst] >= -1:
                yield BAR, dst
            if not self.bar_free:
                return
        highest = 0
        for p in range(24, 0, -1):
            if arr[p] > 0:
                highest = p
                break
        all_home = (highest <= 6 and arr[BAR] == 0) or self.early_off
        for src in range(highest, 0, -1):
            if arr[src] <= 0:
                continue
            if long and src == 24 and head <= 0:
                continue  # 004 §5.4.11: one checker off the head per turn
            dst = src - die
            if dst >= 1:
                if arr[dst] >= (0 if long else -1):
                    yield src, dst
            elif all_home and (dst == 0 or src == highest or self.any_off):
                # 004 §5.4.37: exact point, or a higher die from the highest point
                yield src, OFF

    def bad_block(self, arr: list[int], dst: int) -> bool:
        """True if making point ``dst`` forms six in a row with no opposing checker ahead (004 §5.4.13)."""
        # walk in the opponent's numbering q (his path runs q = 24 -> 1)
        q = dst + 12 if dst <= 12 else dst - 12
        lo = q
        while lo > 1 and arr[_pq(lo - 1)] > 0:
            lo -= 1
        hi = q
        while hi < 24 and arr[_pq(hi + 1)] > 0:
            hi += 1
        if hi - lo + 1 < 6:
            return False
        if self.opp_off:
            return False
        start = max(lo, q - 5)  # lowest window through dst; needs an opposing checker below it
        for qq in range(1, start):
            if arr[_pq(qq)] < 0:
                return False
        return True


def _pq(q: int) -> int:
    return q + 12 if q <= 12 else q - 12
