"""Swiss system pairing (004 §1.4.6), also "Swiss until N losses".

The rule, as the issue fixes it:

* round 1 is a random draw; later rounds pair at random within score groups;
* nobody meets the same opponent twice;
* an odd count gives one bye, to a player who has not had one, from the *lowest* score group for which
  the rest can still be paired without rematches;
* the pairing of the rest minimises the sum over pairs of (points difference)^2, over every admissible
  choice of the bye within that group; the random choice is among the pairings reaching that minimum.

How it is solved exactly and fast
---------------------------------
Let the distinct scores be s_1 > s_2 > ... > s_m, g_k = s_k - s_{k+1} the gaps and p_k the parity of
the number of players above boundary k. A pair spanning the gaps of a set S costs
(sum of g_k over S)^2 >= sum of g_k^2 over S, and the number of pairs crossing boundary k has the
parity p_k, so every perfect pairing costs at least

    LB = sum over k with p_k = 1 of g_k^2,

with equality exactly when each pair spans at most one gap and boundary k is crossed p_k times.
``_fast_path`` builds such a pairing group by group from the top (random matching inside each group,
one floater between adjacent groups where the parity asks for it, short augmenting repairs, limited
backtracking over the choice of floater). When it succeeds the result is optimal by the bound.

When it fails (rematches block the bound: a score group whose members have met each other, a *knot*),
``_window_path`` decides exactly: large groups become *reservoirs* of interchangeable players (a
relaxation, hence a lower bound), the runs of other groups between them (*windows*) are solved by
blossom matching with sinks at the reservoirs' scores, and the reservoirs are then filled with real
players; reaching the bound proves the optimum, and a reservoir that cannot be filled is demoted
(proofs in that function's and ``_settle_window``'s docstrings). Only when no rematch-free pairing
exists and rematches are allowed does ``_exact`` match the whole field (fewest rematches, then cost):
that needs a small field. With ``avoid_same_club`` a pair costs weight x (points difference)^2, + 1
for club mates: the constructive path refuses club mates (reaching both minima at once), the windows
weigh them after points.

The bye is a *dummy player* placed in the bye group, allowed to pair only with the admissible
candidates of that group, at cost 0. A perfect pairing of the field plus the dummy is the same thing
as a choice of an admissible bye plus a perfect pairing of the rest, and every candidate of one group
leaves the same parities, hence the same bound; so both paths optimise over every admissible bye at
once.

Scores are scaled to integers (by the lcm of the denominators), so all arithmetic is exact.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .errors import NoValidPairing

__all__ = [
    "SwissPlayer",
    "SwissPairing",
    "SwissCheck",
    "check_swiss_pairing",
    "pair_swiss",
    "recommended_swiss_rounds",
    "is_valid_swiss_pairing",
    "swiss_cost",
    "swiss_lower_bound",
]

# A budget of group solves for the backtracking of the fast path before the exact fallback.
_FAST_PATH_BUDGET = 400
# Groups up to this size get an exact perfect-matching attempt when the greedy repair fails.
_SMALL_GROUP = 80


@dataclass(frozen=True)
class SwissPlayer:
    """One participant as the Swiss engine sees it.

    ``points`` is exact (``Fraction`` or ``int``); ``opponents`` are the ids already met (ids not in the
    field are ignored: withdrawn or removed players); ``byes`` counts byes received so far.
    ``withdrawn`` players are not paired; ``losses`` is used by "Swiss until N losses" only;
    ``club`` (a club, team or region; any string) is used with ``avoid_same_club`` only.
    """

    id: str
    points: Fraction = Fraction(0)
    opponents: frozenset[str] = frozenset()
    byes: int = 0
    withdrawn: bool = False
    losses: int = 0
    club: str | None = None


@dataclass(frozen=True)
class SwissPairing:
    """The answer of :func:`pair_swiss`.

    ``pairs`` are ordered by table (highest points first), each pair higher score first;
    ``floats`` maps a player paired out of his score group to ``"down"`` or ``"up"``;
    ``cost`` is the sum over pairs of the squared points difference; ``path`` says how optimality was
    established: ``"bound"`` (the parity lower bound is reached), ``"window"`` (exact windows between
    reservoir groups), ``"exact"`` (blossom on the whole field: small fields, or rematches) or
    ``"trivial"``; ``same_club`` counts the pairs of club mates (counted with ``avoid_same_club``);
    ``club_optimal`` is False when that count is not proven the least (see ``CLUB_WINDOW_LIMIT``).
    """

    pairs: tuple[tuple[str, str], ...]
    bye: str | None
    rematches: int
    cost: Fraction
    floats: dict[str, str] = field(default_factory=dict)
    path: str = "trivial"
    same_club: int = 0
    club_optimal: bool = True


def recommended_swiss_rounds(n: int) -> int:
    """Recommended number of Swiss rounds for ``n`` participants.

    Parameters
    ----------
    n : number of participants (>= 0).

    Returns
    -------
    ``ceil(log2 n)``, at least 1.

    Notes
    -----
    004 §1.4.6: the number of rounds follows from the number of participants; the regulation may set
    more. ``ceil(log2 n)`` rounds is the least that can single out one winner with all wins.

    Examples
    --------
    >>> recommended_swiss_rounds(24)
    5
    >>> recommended_swiss_rounds(1)
    1
    """
    if n <= 2:
        return 1
    return max(1, math.ceil(math.log2(n)))


# --------------------------------------------------------------------------------------------------
# The problem in integer form
# --------------------------------------------------------------------------------------------------


class _Problem:
    """Players 0..n-1 (+ the dummy ``n`` when a bye is needed) with integer scores and forbidden pairs.

    ``clubs`` (club index per player, -1 for none; None when clubs are not an objective) makes club
    mates a secondary cost: a pair costs ``weight`` x (points difference)^2, + 1 for club mates, with
    ``weight`` above the number of pairs so that points come first. A ``strict`` view also refuses
    club mates in :meth:`allowed` (the constructive paths, which then reach both minima at once).
    """

    def __init__(self, scores: list[int], forbidden: list[set[int]], clubs: list[int] | None = None):
        self.scores = scores
        self.forbidden = forbidden  # symmetric
        self.only: dict[int, set[int]] = {}  # restricted vertices (the dummy): allowed partners
        self.clubs = clubs
        self.weight = 1 if clubs is None else len(scores) + 2
        self.strict = False

    def view(self, *, strict: bool) -> _Problem:
        """The same problem (shared lists), with or without club mates refused."""
        if self.clubs is None or strict == self.strict:
            return self
        other = _Problem(self.scores, self.forbidden, self.clubs)
        other.only, other.weight, other.strict = self.only, self.weight, strict
        return other

    def allowed(self, u: int, v: int) -> bool:
        if v in self.forbidden[u]:
            return False
        o = self.only.get(u)
        if o is not None and v not in o:
            return False
        o = self.only.get(v)
        if o is not None and u not in o:
            return False
        if self.strict:
            c = self.clubs[u]  # type: ignore[index]
            return c < 0 or c != self.clubs[v]  # type: ignore[index]
        return True

    def add_dummy(self, score: int, candidates: set[int]) -> int:
        d = len(self.scores)
        self.scores.append(score)
        self.forbidden.append(set())
        if self.clubs is not None:
            self.clubs.append(-1)
        self.only[d] = set(candidates)
        return d

    def remove_dummy(self) -> None:
        d = len(self.scores) - 1
        self.scores.pop()
        self.forbidden.pop()
        if self.clubs is not None:
            self.clubs.pop()
        self.only.pop(d, None)


def _cost(problem: _Problem, pairs: Iterable[tuple[int, int]]) -> int:
    s = problem.scores
    return sum((s[u] - s[v]) ** 2 for u, v in pairs)


def _groups_desc(problem: _Problem, nodes: Iterable[int]) -> list[list[int]]:
    by: dict[int, list[int]] = {}
    for v in nodes:
        by.setdefault(problem.scores[v], []).append(v)
    return [by[s] for s in sorted(by, reverse=True)]


def _lower_bound(problem: _Problem, groups: list[list[int]]) -> int:
    lb = 0
    above = 0
    s = problem.scores
    for k in range(len(groups) - 1):
        above += len(groups[k])
        if above % 2:
            lb += (s[groups[k][0]] - s[groups[k + 1][0]]) ** 2
    return lb


# --------------------------------------------------------------------------------------------------
# Fast path: constructive pairing reaching the parity lower bound
# --------------------------------------------------------------------------------------------------


def _match_group(problem: _Problem, vertices: list[int], rng: random.Random) -> list[tuple[int, int]] | None:
    """A perfect matching of ``vertices`` (same score group) avoiding forbidden pairs, or None.

    Randomised greedy (restricted vertices first), then length-3 augmenting repairs, then for small
    groups an exact maximum-cardinality matching.
    """
    if len(vertices) % 2:
        return None
    if not vertices:
        return []
    if problem.strict:
        # club mates refused: a club holding more than half of the group leaves some of them unpaired
        clubs = problem.clubs
        assert clubs is not None
        largest = max(Counter(clubs[v] for v in vertices if clubs[v] >= 0).values(), default=0)
        if 2 * largest > len(vertices):
            return None
    pool = list(vertices)
    rng.shuffle(pool)
    pairs: list[tuple[int, int]] = []
    left: list[int] = []
    # Restricted vertices (the dummy) first: they have the fewest partners.
    restricted = [v for v in pool if v in problem.only]
    if restricted:
        pool = [v for v in pool if v not in problem.only]
        for r in restricted:
            options = [i for i, v in enumerate(pool) if problem.allowed(r, v)]
            if not options:
                left.append(r)
                continue
            i = rng.choice(options)
            pool[i], pool[-1] = pool[-1], pool[i]
            pairs.append((r, pool.pop()))
    while pool:
        u = pool.pop()
        found = -1
        # u has few forbidden partners: scanning from the end finds one quickly.
        for i in range(len(pool) - 1, -1, -1):
            if problem.allowed(u, pool[i]):
                found = i
                break
        if found < 0:
            left.append(u)
            continue
        pool[found], pool[-1] = pool[-1], pool[found]
        pairs.append((u, pool.pop()))
    if left:
        repaired = _repair(problem, pairs, left, rng)
        if repaired is None:
            if len(vertices) <= _SMALL_GROUP:
                return _exact_cardinality(problem, vertices)
            return None
        return repaired
    return pairs


def _repair(
    problem: _Problem, pairs: list[tuple[int, int]], left: list[int], rng: random.Random
) -> list[tuple[int, int]] | None:
    left = list(left)
    while left:
        u = left.pop()
        done = False
        for j, w in enumerate(left):
            if problem.allowed(u, w):
                pairs.append((u, w))
                left.pop(j)
                done = True
                break
        if done:
            continue
        # augment u - a = b - w over a matched pair (a, b)
        order = list(range(len(pairs)))
        rng.shuffle(order)
        for j, w in enumerate(left):
            for i in order:
                a, b = pairs[i]
                if problem.allowed(u, a) and problem.allowed(b, w):
                    pairs[i] = (u, a)
                    pairs.append((b, w))
                    done = True
                elif problem.allowed(u, b) and problem.allowed(a, w):
                    pairs[i] = (u, b)
                    pairs.append((a, w))
                    done = True
                if done:
                    break
            if done:
                left.pop(j)
                break
        if not done:
            return None
    return pairs


def _exact_cardinality(problem: _Problem, vertices: list[int]) -> list[tuple[int, int]] | None:
    import networkx as nx  # inner import: 0.15 s to load, and only knotted rounds need it

    g = nx.Graph()
    g.add_nodes_from(vertices)
    for i, u in enumerate(vertices):
        for v in vertices[i + 1 :]:
            if problem.allowed(u, v):
                g.add_edge(u, v)
    m = nx.max_weight_matching(g, maxcardinality=True)
    if 2 * len(m) != len(vertices):
        return None
    return [tuple(e) for e in m]  # type: ignore[misc]


def _group_solutions(
    problem: _Problem,
    group: list[int],
    incoming: int | None,
    need_down: bool,
    below: set[int] | None,
    rng: random.Random,
) -> Iterator[tuple[list[tuple[int, int]], int | None]]:
    """Ways to settle one score group: (pairs including the incoming floater's pair, down-floater)."""
    if incoming is not None:
        partners = [v for v in group if problem.allowed(incoming, v)]
        if not partners:
            return
        partners = partners[:3]
    else:
        partners = [None]  # type: ignore[list-item]
    if need_down:
        assert below is not None
        downs = [v for v in group if v not in problem.only and len(problem.forbidden[v] & below) < len(below)]
        if not downs:
            return
    else:
        downs = [None]  # type: ignore[list-item]
    seen_down: set[int | None] = set()
    for d in downs[:4]:
        for fp in partners:
            if fp is not None and fp == d:
                continue
            rest = [v for v in group if v != d and v != fp]
            pairs = _match_group(problem, rest, rng)
            if pairs is None:
                continue
            if fp is not None:
                pairs.append((incoming, fp))  # type: ignore[arg-type]
            if d in seen_down:
                continue
            seen_down.add(d)
            yield pairs, d
            break


def _fast_path(problem: _Problem, nodes: list[int], rng: random.Random) -> list[tuple[int, int]] | None:
    """The bound path (module docstring): a pairing reaching the parity bound, or None."""
    groups = _groups_desc(problem, nodes)
    for g in groups:
        rng.shuffle(g)
    m = len(groups)
    parity = []
    above = 0
    for g in groups:
        above += len(g)
        parity.append(above % 2 == 1)
    budget = [_FAST_PATH_BUDGET]
    below_sets = [set(groups[k + 1]) if k + 1 < m else None for k in range(m)]

    failed: set[tuple[int, int | None]] = set()  # (group, incoming floater) known to lead nowhere

    # Depth-first over the score groups with an explicit stack: a field of thousands of score groups needs no
    # raised recursion limit. A frame is [group, incoming floater, its solutions, the pairs it chose].
    stack: list[list] = []

    def open_group(k: int, incoming: int | None) -> str:
        if k == m:
            return "goal" if incoming is None else "dead"
        if (k, incoming) in failed or budget[0] <= 0:
            return "dead"
        solutions = _group_solutions(problem, groups[k], incoming, parity[k], below_sets[k], rng)
        stack.append([k, incoming, iter(solutions), []])
        return "open"

    state = open_group(0, None)
    while True:
        if state == "goal":
            return [pair for frame in stack for pair in frame[3]]
        if (state == "dead" and budget[0] <= 0) or not stack:
            return None
        frame = stack[-1]
        step = next(frame[2], None)
        if step is None:
            failed.add((frame[0], frame[1]))
            stack.pop()
            state = "dead"
            continue
        frame[3], outgoing = step
        budget[0] -= 1
        state = open_group(frame[0] + 1, outgoing)


# --------------------------------------------------------------------------------------------------
# Exact fallback
# --------------------------------------------------------------------------------------------------


def _exact(problem: _Problem, nodes: list[int], rng: random.Random) -> list[tuple[int, int]] | None:
    """The pairing with the fewest rematches, then the least cost (rematches allowed), or None.

    Only used when no pairing without rematches exists, which needs a small field: a field of 2d + 2
    players or more in which nobody has met more than d of the others has one (Dirac). Weights are
    rewritten for networkx's maximum-weight matching with maximum cardinality:
    ``w = BIG - (rematch * R + cost)`` with R above any possible total cost (:func:`_pair_cost`, so
    club mates count last), so the matching has the most pairs, then the fewest rematches, then the
    least cost. Nodes are shuffled first so ties are broken at random.
    """
    import networkx as nx  # inner import: 0.15 s to load, and only knotted rounds need it

    problem = problem.view(strict=False)
    nodes = list(nodes)
    rng.shuffle(nodes)
    s = problem.scores
    lo, hi = min(s[v] for v in nodes), max(s[v] for v in nodes)
    max_cost = problem.weight * (hi - lo) ** 2 + 1
    r_penalty = max_cost * (len(nodes) // 2 + 1) + 1
    big = r_penalty * (len(nodes) // 2 + 2) + max_cost + 1
    g = nx.Graph()
    g.add_nodes_from(nodes)
    for i, u in enumerate(nodes):
        for v in nodes[i + 1 :]:
            ok = problem.allowed(u, v)
            if not ok and (u in problem.only or v in problem.only):
                continue
            c = _pair_cost(problem, u, v) + (0 if ok else r_penalty)
            g.add_edge(u, v, weight=big - c)
    m = nx.max_weight_matching(g, maxcardinality=True)
    if 2 * len(m) != len(nodes):
        return None
    return [tuple(e) for e in m]  # type: ignore[misc]


# --------------------------------------------------------------------------------------------------
# Window path: exact windows between reservoir groups
# --------------------------------------------------------------------------------------------------

# A score group is taken for a *reservoir* when it has at least RESERVOIR_MIN players besides the dummy
# and each of them still has RESERVOIR_MARGIN + 1 possible partners in it (d + 2 + margin players, d
# being the most opponents, and with clubs club mates, any of them has inside the group). This is a
# guess, never trusted: a reservoir that cannot be filled is demoted. Module attributes so that the
# tests can make small and knotted groups reservoirs and compare with the oracle.
RESERVOIR_MIN = 8
RESERVOIR_MARGIN = 4
# With club mates as a secondary objective, a window larger than this (a club holding most of a large
# score group) is not solved exactly: the round is paired exactly by points alone, then club mates
# are reduced by exchanges that keep the cost (SwissPairing.club_optimal is then False).
CLUB_WINDOW_LIMIT = 300


class _ClubsTooCostly(Exception):
    """A window too large for the exact secondary objective (see CLUB_WINDOW_LIMIT)."""


_Segment = tuple[int, list[tuple[int, int]], list[int], list[int], bool]


def _pair_cost(problem: _Problem, u: int, v: int) -> int:
    """Cost of a real pair in the window path: weight x (points difference)^2, + 1 for club mates."""
    s = problem.scores
    c = problem.weight * (s[u] - s[v]) ** 2
    clubs = problem.clubs
    if clubs is not None and clubs[u] >= 0 and clubs[u] == clubs[v]:
        c += 1
    return c


def _is_reservoir(problem: _Problem, group: list[int]) -> bool:
    real = [v for v in group if v not in problem.only]
    if len(real) < RESERVOIR_MIN:
        return False
    members = set(group)
    clubs = problem.clubs  # club mates count as met: the reservoir is filled without them
    mates = Counter(clubs[v] for v in real) if clubs is not None else None
    worst = 0
    for v in real:
        d = len(problem.forbidden[v] & members)
        if mates is not None and clubs[v] >= 0:  # type: ignore[index]
            d += mates[clubs[v]] - 1  # type: ignore[index]
        worst = max(worst, d)
    return len(real) >= worst + 2 + RESERVOIR_MARGIN


def _settle_window(
    problem: _Problem,
    window: list[int],
    up: tuple[int, int] | None,
    down: tuple[int, int] | None,
    rng: random.Random,
    unmatched: int,
) -> _Segment | None:
    """Settle a window exactly, players exported to the reservoirs above and below counting as paired.

    ``up`` / ``down`` are (reservoir score, parity of the number of pairs crossing that edge) or None.
    A minimum-cost perfect matching of the window plus k_up "up" sinks and k_down "down" sinks (k of
    the edge's parity): window pairs cost :func:`_pair_cost`, a window player with a sink
    weight x (distance to the reservoir score)^2 (rematches and clubs relaxed: the reservoir's player
    is not chosen yet), an up sink with a down sink weight x (gap between the reservoirs)^2 (a pair
    passing over the window), two sinks of one side 0 (an unused pair).

    Enough sinks: if the minimum M leaves an unused pair of sinks on each side, it is the minimum
    for any number of sinks. Proof: let M' be cheaper with more sinks (M padded with unused pairs).
    Sinks of one side are interchangeable, so M' may be relabelled until each alternating cycle of
    M xor M' holds at most one sink element per side (a used sink or an unused pair of M: two in
    one cycle are split into two cycles by exchanging their partners in M'). Some cycle C lowers
    the cost; M xor C uses M's sinks plus at most one of M's unused pairs per side, so it fits in
    the k sinks and is cheaper than M, a contradiction. So a side grows only while all its sinks
    are used. Returns (cost, window pairs, exported up, exported down, pass-over) or None when no
    pairing exists even with the relaxed reservoirs.
    """
    window = list(window)
    rng.shuffle(window)
    free = sum(1 for v in window if v not in problem.only)
    # ``unmatched`` (:func:`_unmatched`) players at most cannot pair inside: start with room for them
    cap_up = cap_down = 0
    k_up = k_down = 0
    if up is not None:
        cap_up = free + 3 + (free + 1 + up[1]) % 2  # room for every export, a pass-over, a spare pair
        k_up = unmatched + 2 + (unmatched + up[1]) % 2
    if down is not None:
        cap_down = free + 3 + (free + 1 + down[1]) % 2
        k_down = unmatched + 2 + (unmatched + down[1]) % 2
    while True:
        settled = _window_matching(problem, window, up, k_up, down, k_down)
        if settled is None:  # too few sinks for the players who cannot be paired inside
            if k_up >= cap_up and k_down >= cap_down:
                return None
            if up is not None:
                k_up = min(2 * k_up + up[1], cap_up)
            if down is not None:
                k_down = min(2 * k_down + down[1], cap_down)
            continue
        used_up = len(settled[2]) + settled[4]
        used_down = len(settled[3]) + settled[4]
        grow_up = up is not None and used_up == k_up
        grow_down = down is not None and used_down == k_down
        if not grow_up and not grow_down:
            return settled
        if grow_up:
            k_up = 2 * k_up + up[1]  # type: ignore[index]
        if grow_down:
            k_down = 2 * k_down + down[1]  # type: ignore[index]


def _unmatched(problem: _Problem, window: list[int]) -> int:
    """Players left over by a maximal matching of the window (greedy, the fewest partners first, then
    one round of length-3 augmentations): an upper bound on the fewest that cannot pair inside."""
    members = set(window)
    degree = {v: sum(1 for u in window if u != v and problem.allowed(u, v)) for v in window}
    mate: dict[int, int] = {}
    for v in sorted(window, key=degree.__getitem__):
        if v in mate:
            continue
        options = [u for u in window if u != v and u not in mate and problem.allowed(u, v)]
        if options:
            u = min(options, key=degree.__getitem__)
            mate[u], mate[v] = v, u
    left = [v for v in window if v not in mate]
    for i, v in enumerate(left):
        if v in mate:
            continue
        for w in left[i + 1 :]:
            if w in mate:
                continue
            # v - a = b - w over a matched pair (a, b)
            hit = next(
                (a for a in members if a in mate and problem.allowed(v, a) and problem.allowed(mate[a], w)),
                None,
            )
            if hit is not None:
                b = mate[hit]
                mate[v], mate[hit], mate[b], mate[w] = hit, v, w, b
                break
    return sum(1 for v in window if v not in mate)


def _window_matching(
    problem: _Problem,
    window: list[int],
    up: tuple[int, int] | None,
    k_up: int,
    down: tuple[int, int] | None,
    k_down: int,
) -> _Segment | None:
    import networkx as nx  # inner import: 0.15 s to load, and only knotted rounds need it

    s = problem.scores
    w = problem.weight
    ups = [-(i + 1) for i in range(k_up)]
    downs = [-(10**9) - (i + 1) for i in range(k_down)]
    edges: list[tuple[int, int, int]] = []
    for i, u in enumerate(window):
        for v in window[i + 1 :]:
            if problem.allowed(u, v):
                edges.append((u, v, _pair_cost(problem, u, v)))
        if u not in problem.only:
            for x in ups:
                edges.append((u, x, w * (up[0] - s[u]) ** 2))  # type: ignore[index]
            for x in downs:
                edges.append((u, x, w * (s[u] - down[0]) ** 2))  # type: ignore[index]
    for sinks in (ups, downs):
        for i, x in enumerate(sinks):
            for y in sinks[i + 1 :]:
                edges.append((x, y, 0))
    for x in ups:
        for y in downs:
            edges.append((x, y, w * (up[0] - down[0]) ** 2))  # type: ignore[index]
    nodes = len(window) + k_up + k_down
    if not nodes:
        return 0, [], [], [], False
    big = max((c for _u, _v, c in edges), default=0) + 1
    g = nx.Graph()
    g.add_nodes_from(window + ups + downs)
    g.add_weighted_edges_from((u, v, big - c) for u, v, c in edges)
    m = nx.max_weight_matching(g, maxcardinality=True)
    if 2 * len(m) != nodes:
        return None
    cost, pairs, out_up, out_down, passing = 0, [], [], [], False
    for u, v in m:
        if u >= 0 and v >= 0:
            pairs.append((u, v))
            cost += _pair_cost(problem, u, v)
        elif u >= 0 or v >= 0:
            x, sink = (u, v) if u >= 0 else (v, u)
            if sink > -(10**9):
                out_up.append(x)
                cost += w * (up[0] - s[x]) ** 2  # type: ignore[index]
            else:
                out_down.append(x)
                cost += w * (s[x] - down[0]) ** 2  # type: ignore[index]
        elif (u > -(10**9)) != (v > -(10**9)):
            passing = True
            cost += w * (up[0] - down[0]) ** 2  # type: ignore[index]
    return cost, pairs, out_up, out_down, passing


def _assign(
    problem: _Problem, real: list[int], taken: set[int], demands: list[int | None]
) -> dict[int, int] | None:
    """Distinct players of ``real`` (not in ``taken``) for the demands: player -> demand index, or None.

    Kuhn's augmenting paths: a maximum bipartite matching, so None means Hall's condition fails.
    """
    holder: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        partner = demands[i]
        for v in real:
            if v in taken or v in seen or (partner is not None and not problem.allowed(partner, v)):
                continue
            seen.add(v)
            j = holder.get(v)
            if j is None or augment(j, seen):
                holder[v] = i
                return True
        return False

    for i in range(len(demands)):
        if not augment(i, set()):
            return None
    return holder


def _fill_reservoir(
    problem: _Problem, group: list[int], demands: list[int | None], rng: random.Random
) -> tuple[list[tuple[int, int]], list[int]] | None:
    """Real players of a reservoir for its demands, and a perfect matching of the rest of it.

    ``demands`` are the partners waiting for a player of this group (None: any player, the upper
    end of a pair passing over the next window). The dummy gets one of its candidates first, distinct
    players are assigned to the demands (:func:`_assign`), the rest is paired inside the group
    (:func:`_match_group`); three tries. Returns (pairs, players given to the None demands, in
    order) or None.
    """
    for _attempt in range(3):
        real = [v for v in group if v not in problem.only]
        rng.shuffle(real)
        pairs: list[tuple[int, int]] = []
        taken: set[int] = set()
        for d in (v for v in group if v in problem.only):  # the dummy (a bye in this group)
            options = [v for v in real if v not in taken and problem.allowed(d, v)]
            if not options:
                return None
            c = rng.choice(options)
            taken.add(c)
            pairs.append((d, c))
        holder = _assign(problem, real, taken, demands)
        if holder is None:
            continue  # another candidate for the dummy may leave room
        given: list[int] = [0] * len(demands)
        for v, i in holder.items():
            given[i] = v
        rest = [v for v in real if v not in taken and v not in holder]
        inside = _match_group(problem, rest, rng)
        if inside is None:
            continue
        passing = []
        for i, partner in enumerate(demands):
            if partner is None:
                passing.append(given[i])
            else:
                pairs.append((partner, given[i]))
        return pairs + inside, passing
    return None


def _window_path(
    problem: _Problem, nodes: list[int], rng: random.Random
) -> tuple[list[tuple[int, int]], str] | None:
    """Exact pairing by windows of small score groups between reservoir groups.

    Relaxation. Call R the reservoirs (:func:`_is_reservoir`) and forget, for the players of R only,
    who they have met (and their clubs) and which of them is who: each reservoir becomes a supply of
    interchangeable players at its score, paired inside the group at no cost. Every real pairing is a
    pairing of this relaxed problem at the same cost or more, so the relaxed minimum is a lower bound.
    In the relaxed problem a pair passing over a reservoir's score can be split into two pairs ending
    in that reservoir ((a + b)^2 >= a^2 + b^2; the reservoir's count changes by 2, so its own pairs
    still close), so some relaxed minimum has no such pair. It then falls apart into independent
    *windows*, the runs of non-reservoir groups between two reservoirs, each with some players paired
    with the reservoir above or below and at most one pair passing over it from one reservoir to the
    next; the number of pairs crossing each edge has the parity of the number of players above it.
    So the bound is the sum of the windows' minima (:func:`_settle_window`, blossom on the window
    only), and of (gap)^2 for two adjacent reservoirs crossed an odd number of times.

    Construction. Each reservoir, from the top, receives real players for its demands (distinct, no
    rematch, no club mate) and pairs the rest inside itself (:func:`_fill_reservoir`). If every
    reservoir succeeds the pairing costs exactly the bound: it is optimal. A reservoir that fails
    becomes an ordinary group (its windows merge) and the bound is recomputed; with no reservoir left
    the single window is the whole field (blossom on all of it, which happens for small fields only).
    Returns (pairs, ``"window"``, or ``"exact"`` when no reservoir was left), or None when a window has
    no pairing even with relaxed reservoirs: then no pairing exists.
    """
    problem = problem.view(strict=False)
    strict = problem.view(strict=True)
    groups = _groups_desc(problem, nodes)
    m = len(groups)
    s = problem.scores
    big = [_is_reservoir(problem, g) for g in groups]
    above = [0]
    for g in groups:
        above.append(above[-1] + len(g))
    cache: dict[tuple[int, int], _Segment | None] = {}
    unmatched: dict[tuple[int, int], int] = {}
    while True:
        windows: list[tuple[int, int]] = []  # [i, j): non-reservoir groups between reservoirs
        i = 0
        while i <= m:
            j = i
            while j < m and not big[j]:
                j += 1
            if i > 0 or j > 0:
                windows.append((i, j))
            i = j + 1
        if problem.clubs is not None and any(
            above[j] - above[i] > CLUB_WINDOW_LIMIT for i, j in windows if (i, j) not in cache
        ):
            raise _ClubsTooCostly
        overflow = False
        for i, j in windows:  # a window that must export more than its reservoirs hold
            window = [v for g in groups[i:j] for v in g]
            if window and (i, j) not in unmatched:
                unmatched[(i, j)] = _unmatched(problem, window)
            if window and (i > 0) + (j < m) == 1:
                k = i - 1 if i > 0 else j
                if unmatched[(i, j)] > sum(1 for v in groups[k] if v not in problem.only):
                    big[k] = False  # it would be demoted after the window's solve anyway
                    overflow = True
        if overflow:
            continue
        settled: dict[tuple[int, int], _Segment] = {}
        bound = 0
        for i, j in windows:
            key = (i, j)
            if key not in cache:
                up = (s[groups[i - 1][0]], above[i] % 2) if i > 0 else None
                down = (s[groups[j][0]], above[j] % 2) if j < m else None
                window = [v for g in groups[i:j] for v in g]
                if window:
                    cache[key] = _settle_window(problem, window, up, down, rng, unmatched[key])
                elif up is not None and down is not None and up[1]:
                    cache[key] = (problem.weight * (up[0] - down[0]) ** 2, [], [], [], True)
                else:
                    cache[key] = (0, [], [], [], False)
            if cache[key] is None:
                return None
            settled[key] = cache[key]  # type: ignore[assignment]
            bound += settled[key][0]
        result: list[tuple[int, int]] = []
        demands: dict[int, list[int | None]] = {}
        for (i, j), (_c, pairs, out_up, out_down, passing) in settled.items():
            result.extend(pairs)
            if i > 0:
                demands.setdefault(i - 1, []).extend(out_up)
                if passing:
                    demands[i - 1].append(None)
            if j < m:
                demands.setdefault(j, []).extend(out_down)
        failed: list[int] = []
        pending: list[int | None] = []  # players of the reservoir above passing over the last window
        for k in range(m):
            if not big[k]:
                continue
            own = demands.get(k, [])
            passing_down = own.count(None)
            filled = _fill_reservoir(strict, groups[k], pending + own, rng)
            if filled is None:
                failed.append(k)
                pending = [None] * passing_down  # go on, to demote every failing reservoir at once
                continue
            result.extend(filled[0])
            pending = list(filled[1][len(filled[1]) - passing_down :])
        if not failed:
            assert not pending
            assert sum(_pair_cost(problem, u, v) for u, v in result) == bound
            return result, "window" if any(big) else "exact"
        for k in failed:
            big[k] = False
            cache = {key: v for key, v in cache.items() if k + 1 not in key and k not in key}


def _solve(
    problem: _Problem, nodes: list[int], rng: random.Random
) -> tuple[list[tuple[int, int]], str] | None:
    """The optimal pairing without rematches and its path, or None when none exists."""
    if not nodes:
        return [], "trivial"
    pairs = _fast_path(problem.view(strict=True), nodes, rng)
    if pairs is not None:
        assert _cost(problem, pairs) == _lower_bound(problem, _groups_desc(problem, nodes))
        return pairs, "bound"
    return _window_path(problem, nodes, rng)


# --------------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------------


def still_in(losses: int, max_losses: int) -> bool:
    """ "Swiss until N losses": a player is still in while he has fewer than ``max_losses`` losses."""
    return losses < max_losses


def losses_finished(losses: Iterable[int], max_losses: int, until_remaining: int = 1) -> bool:
    """Whether a "Swiss until N losses" is over.

    Parameters
    ----------
    losses : the losses of each player still entered (withdrawn players left out).
    max_losses : the regulation's N: a player with that many losses is out.
    until_remaining : the event ends once at most this many players are still in (default: one, the
        winner).

    Returns
    -------
    bool : True when no further round is paired.

    Notes
    -----
    004 §1.4.6 and the regulation's "until N losses": the one place the end rule lives; the engine's
    answer (``finished``) and the app's ``draw.manager.rounds_left`` both ask it.

    Examples
    --------
    >>> losses_finished([0, 3, 3], 3), losses_finished([0, 1, 3], 3)
    (True, False)
    """
    return sum(1 for n in losses if still_in(n, max_losses)) <= until_remaining


def pair_swiss(
    players: Sequence[SwissPlayer],
    seed: int | str | None,
    *,
    allow_rematches: bool = False,
    max_losses: int | None = None,
    avoid_same_club: bool = False,
) -> SwissPairing:
    """Pair one Swiss round.

    Parameters
    ----------
    players : the field; ``withdrawn`` players (and, with ``max_losses``, players with that many
        losses) are left out. Ids must be unique.
    seed : the seed of the draw (stored with the round by the app); same input + same seed gives the
        same answer.
    allow_rematches : when no pairing without rematches exists, return the one with the fewest
        rematches (then the least cost) instead of raising; when every player has had a bye, give it
        to one of those with the fewest byes.
    max_losses : "Swiss until N losses": players with ``losses >= max_losses`` are out.
    avoid_same_club : personal-team events: among the pairings optimal by the rules above, one with
        the fewest pairs of players of one ``club`` (a secondary objective, never at the cost of
        points or rematches).

    Returns
    -------
    :class:`SwissPairing`.

    Raises
    ------
    NoValidPairing : no pairing without rematches exists (and ``allow_rematches`` is false), or an
        odd field in which every player has already had a bye.

    Notes
    -----
    004 §1.4.6 ("соперники не встречаются друг с другом дважды"; round 1 by lot). See the module
    docstring for the exactness argument: the parity lower bound certifies the constructive pairing;
    otherwise exact windows between reservoir groups decide (a relaxation whose bound is reached).
    The bye (odd count) goes to the lowest score group holding a player without a bye for which the
    rest can be paired without rematches; with ``allow_rematches`` and no such group, to the lowest
    group reaching the fewest rematches.
    Complexity: about O(n * d) for the constructive path (d = opponents per player) and for filling
    the reservoirs; the windows are blossom matchings of the knotted groups only (O(w^3), w their
    size). Knotted late rounds of 10,000 players take well under a second
    (``bench/bench_swiss_worst.py``).

    Examples
    --------
    >>> ps = [SwissPlayer("a", Fraction(1)), SwissPlayer("b", Fraction(1)), SwissPlayer("c")]
    >>> r = pair_swiss(ps, seed=1)
    >>> r.bye, r.pairs
    ('c', (('a', 'b'),))
    """
    rng = random.Random(str(seed))
    active = [
        p for p in players if not p.withdrawn and (max_losses is None or still_in(p.losses, max_losses))
    ]
    index = {p.id: i for i, p in enumerate(active)}
    den = 1
    for p in active:
        den = math.lcm(den, Fraction(p.points).denominator)
    scores = [int(Fraction(p.points) * den) for p in active]
    forbidden: list[set[int]] = [set() for _ in active]
    for i, p in enumerate(active):
        for o in p.opponents:
            j = index.get(o)
            if j is not None and j != i:
                forbidden[i].add(j)
                forbidden[j].add(i)
    clubs = None
    if avoid_same_club:
        names: dict[str, int] = {}
        clubs = [-1 if p.club is None else names.setdefault(p.club, len(names)) for p in active]
    problem = _Problem(scores, forbidden, clubs)
    try:
        return _pair(problem, active, rng, allow_rematches, den)
    except _ClubsTooCostly:
        plain = _Problem(scores, forbidden)
        result = _pair(plain, active, random.Random(str(seed)), allow_rematches, den)
        index_of = {p.id: i for i, p in enumerate(active)}
        bye_index = None if result.bye is None else index_of[result.bye]
        pairs = _fewer_club_mates(problem, [(index_of[a], index_of[b]) for a, b in result.pairs], rng)
        answer = _answer(active, problem, pairs, bye_index, den, result.path)
        return dataclasses.replace(answer, club_optimal=False)


def _pair(
    problem: _Problem, active: Sequence[SwissPlayer], rng: random.Random, allow_rematches: bool, den: int
) -> SwissPairing:
    n = len(active)
    nodes = list(range(n))
    bye: int | None = None
    if n % 2 == 0:
        solved = _solve(problem, nodes, rng)
        if solved is None:
            if not allow_rematches:
                raise NoValidPairing(
                    "no pairing without rematches exists for this round "
                    f"({n} players); allow rematches to pair with the fewest rematches"
                )
            exact = _exact(problem, nodes, rng)
            assert exact is not None
            solved = exact, "exact"
        pairs, path = solved
    else:
        pairs, path, bye = _solve_with_bye(problem, active, rng, allow_rematches)
    return _answer(active, problem, pairs, bye, den, path)


def _fewer_club_mates(
    problem: _Problem, pairs: list[tuple[int, int]], rng: random.Random
) -> list[tuple[int, int]]:
    """Exchange partners between two pairs of one score group while that keeps the rules and lowers
    the number of club-mate pairs (the cost is unchanged: all four have the same points). A local
    improvement, not a proof. Per group and club, only pairs without that club are candidates, so
    this is about linear in the number of pairs."""
    clubs = problem.clubs
    assert clubs is not None
    s = problem.scores
    pairs = list(pairs)

    def mates(u: int, v: int) -> bool:
        return clubs[u] >= 0 and clubs[u] == clubs[v]

    groups: dict[int, list[int]] = {}
    for i, (a, b) in enumerate(pairs):
        if s[a] == s[b] and a not in problem.only and b not in problem.only:
            groups.setdefault(s[a], []).append(i)
    for members in groups.values():
        rng.shuffle(members)
        by_club: dict[int, list[int]] = {}
        for i in members:
            a, b = pairs[i]
            if mates(a, b):
                by_club.setdefault(clubs[a], []).append(i)
        for club, same in by_club.items():
            free = [j for j in members if club not in (clubs[pairs[j][0]], clubs[pairs[j][1]])]
            for i in same:
                a, b = pairs[i]
                if not mates(a, b):
                    continue  # changed by an earlier exchange
                # c and d are not of a's and b's club: any allowed exchange removes a's and b's
                # club-mate pair and creates none
                for k, j in enumerate(free):
                    c, d = pairs[j]
                    allowed = problem.allowed
                    ok = [(x, y) for x, y in ((c, d), (d, c)) if allowed(a, x) and allowed(b, y)]
                    swap = ok[0] if ok else None
                    if swap is not None:
                        pairs[i], pairs[j] = (a, swap[0]), (b, swap[1])
                        free.pop(k)
                        break
    return pairs


def _solve_with_bye(
    problem: _Problem, active: Sequence[SwissPlayer], rng: random.Random, allow_rematches: bool
) -> tuple[list[tuple[int, int]], str, int]:
    n = len(active)
    candidates = [i for i, p in enumerate(active) if p.byes == 0]
    if not candidates:
        if not allow_rematches:
            raise NoValidPairing(
                "the number of players is odd and every player has already had a bye; "
                "allow rematches to give a second bye to one of those with the fewest"
            )
        fewest = min(p.byes for p in active)
        candidates = [i for i, p in enumerate(active) if p.byes == fewest]
    by_score: dict[int, set[int]] = {}
    for c in candidates:
        by_score.setdefault(problem.scores[c], set()).add(c)
    levels = sorted(by_score)  # lowest score group first: 004 §1.4.6 bye rule as fixed in the issue
    nodes = list(range(n)) + [n]
    for level in levels:
        problem.add_dummy(level, by_score[level])
        try:
            solved = _solve(problem, nodes, rng)
        finally:
            problem.remove_dummy()
        if solved is not None:
            rest, bye = _split_bye(solved[0], n)
            return rest, solved[1], bye
    if not allow_rematches:
        raise NoValidPairing(
            f"no pairing without rematches exists for this round ({n} players, one bye, whatever "
            "admissible player takes it); allow rematches to pair with the fewest rematches"
        )
    best: tuple[int, int, list[tuple[int, int]]] | None = None
    for level in levels:
        problem.add_dummy(level, by_score[level])
        try:
            pairs = _exact(problem, nodes, rng)
        finally:
            problem.remove_dummy()
        if pairs is None:
            continue
        reps = sum(1 for u, v in pairs if u < n and v < n and v in problem.forbidden[u])
        if best is None or reps < best[0]:
            best = (reps, level, pairs)
    if best is None:
        raise NoValidPairing("no player can take the bye")
    pairs, bye = _split_bye(best[2], n)
    return pairs, "exact", bye


def _split_bye(pairs: list[tuple[int, int]], dummy: int) -> tuple[list[tuple[int, int]], int]:
    rest = []
    bye = -1
    for u, v in pairs:
        if u == dummy:
            bye = v
        elif v == dummy:
            bye = u
        else:
            rest.append((u, v))
    return rest, bye


def _answer(
    active: Sequence[SwissPlayer],
    problem: _Problem,
    pairs: list[tuple[int, int]],
    bye: int | None,
    den: int,
    path: str,
) -> SwissPairing:
    s = problem.scores
    ordered = []
    for u, v in pairs:
        if (s[v], -v) > (s[u], -u):
            u, v = v, u
        ordered.append((u, v))
    ordered.sort(key=lambda p: (-s[p[0]], -s[p[1]], p[0]))
    floats: dict[str, str] = {}
    rematches = same_club = 0
    for u, v in ordered:
        if s[u] != s[v]:
            floats[active[u].id] = "down"
            floats[active[v].id] = "up"
        if v in problem.forbidden[u]:
            rematches += 1
        if problem.clubs is not None and problem.clubs[u] >= 0 and problem.clubs[u] == problem.clubs[v]:
            same_club += 1
    cost = Fraction(_cost(problem, ordered), den * den)
    return SwissPairing(
        pairs=tuple((active[u].id, active[v].id) for u, v in ordered),
        bye=None if bye is None else active[bye].id,
        rematches=rematches,
        cost=cost,
        floats=floats,
        path=path,
        same_club=same_club,
    )


# --------------------------------------------------------------------------------------------------
# Checkers
# --------------------------------------------------------------------------------------------------


def swiss_cost(players: Sequence[SwissPlayer], pairs: Iterable[tuple[str, str]]) -> Fraction:
    """Sum over ``pairs`` of the squared points difference.

    Parameters
    ----------
    players : the field (points looked up by id); pairs : pairs of ids.

    Returns
    -------
    The exact cost as a ``Fraction``.

    Notes
    -----
    The quantity the issue's rule for 004 §1.4.6 ("similar scores") minimises.
    """
    pts = {p.id: Fraction(p.points) for p in players}
    return sum(((pts[a] - pts[b]) ** 2 for a, b in pairs), Fraction(0))


def swiss_lower_bound(players: Sequence[SwissPlayer]) -> Fraction:
    """The parity lower bound on the cost of any perfect pairing of ``players``.

    Parameters
    ----------
    players : the players to be paired (all of them; an even number for the bound to be meaningful).

    Returns
    -------
    Sum of g^2 over the boundaries between adjacent score groups with an odd number of players above.

    Notes
    -----
    A pair spanning gaps S costs (sum S)^2 >= sum of squares, and boundary k is crossed an odd number
    of times when an odd number of players is above it (module docstring; 004 §1.4.6).
    """
    pts = sorted((Fraction(p.points) for p in players), reverse=True)
    lb = Fraction(0)
    for k in range(1, len(pts)):
        if pts[k] != pts[k - 1] and k % 2 == 1:
            lb += (pts[k - 1] - pts[k]) ** 2
    return lb


def is_valid_swiss_pairing(
    players: Sequence[SwissPlayer],
    pairs: Iterable[tuple[str, str]],
    bye: str | None,
    *,
    allow_rematches: bool = False,
    max_losses: int | None = None,
) -> list[str]:
    """Check a Swiss pairing against the hard rules (004 §1.4.6).

    Parameters
    ----------
    players, allow_rematches, max_losses : as :func:`pair_swiss`; pairs, bye : the pairing to check.

    Returns
    -------
    The list of problems found (empty = valid).

    Notes
    -----
    Checks: every active player appears exactly once (in a pair or as the bye), nobody inactive
    appears, a bye exactly when the count is odd, the bye-taker has had no bye (unless every active
    player has had one and ``allow_rematches``), and no rematch unless ``allow_rematches``.
    Optimality (cost, lowest bye group) is not checked here: the tests compare with an exact oracle.
    """
    problems: list[str] = []
    active = {
        p.id: p for p in players if not p.withdrawn and (max_losses is None or still_in(p.losses, max_losses))
    }
    seen: dict[str, int] = {}
    pairs = list(pairs)
    for a, b in pairs:
        for x in (a, b):
            seen[x] = seen.get(x, 0) + 1
        if a in active and b in active and not allow_rematches:
            if b in active[a].opponents or a in active[b].opponents:
                problems.append(f"rematch {a}-{b}")
    if bye is not None:
        seen[bye] = seen.get(bye, 0) + 1
    for x, c in seen.items():
        if x not in active:
            problems.append(f"{x} is not in the active field")
        elif c != 1:
            problems.append(f"{x} appears {c} times")
    for x in active:
        if x not in seen:
            problems.append(f"{x} is not paired")
    if (len(active) % 2 == 1) != (bye is not None):
        problems.append("a bye is needed exactly when the count is odd")
    if bye is not None and bye in active and active[bye].byes > 0:
        fewest = min(p.byes for p in active.values())
        if not allow_rematches or fewest == 0 or active[bye].byes != fewest:
            problems.append(f"{bye} already had a bye")
    return problems


@dataclass(frozen=True)
class SwissCheck:
    """The answer of :func:`check_swiss_pairing`.

    ``problems`` break a rule (the pairing is refused); ``warnings`` do not (a worse objective than
    the engine's optimum). Each is a dict ``{"code", "players", "message"}``. ``cost`` is the
    objective of the given pairs, ``optimum`` the engine's minimum for this field (None when no
    valid pairing exists), ``pairs`` one dict per given pair (points, score group, floats, rematch).
    """

    valid: bool
    problems: tuple[dict, ...]
    warnings: tuple[dict, ...]
    cost: Fraction
    optimum: Fraction | None
    rematches: int
    fewest_rematches: int | None
    same_club: int
    fewest_same_club: int | None
    pairs: tuple[dict, ...]


def check_swiss_pairing(
    players: Sequence[SwissPlayer],
    pairs: Sequence[tuple[str, str]],
    bye: str | None,
    *,
    allow_rematches: bool = False,
    max_losses: int | None = None,
    avoid_same_club: bool = False,
) -> SwissCheck:
    """Check a Swiss pairing edited by the secretary (e.g. two players swapped between tables).

    Parameters
    ----------
    players, allow_rematches, max_losses, avoid_same_club : as :func:`pair_swiss`.
    pairs : the pairs to check (ids); bye : the player with the bye, or None.

    Returns
    -------
    :class:`SwissCheck`: valid, the problems and warnings with machine-readable codes, the objective
    of the pairs and the engine's optimum for comparison, and per pair its score group and floats.

    Notes
    -----
    004 §1.4.6. Problems (the pairing is refused): ``unknown_player``, ``inactive_player``
    (withdrawn or out after ``max_losses``), ``paired_with_self``, ``player_twice``,
    ``player_missing``, ``bye_missing`` / ``bye_not_needed``, ``rematch`` (rematches not allowed) or
    ``avoidable_rematch`` (allowed, but more than the fewest possible), ``second_bye`` (a player who
    had a bye while someone eligible has none), ``bye_not_lowest_group`` (the engine's rule: the bye
    goes to the lowest score group with an eligible player for which the rest can still be paired).
    Warnings (allowed, shown): ``cost_above_optimum`` (sum of squared points differences above the
    engine's minimum), ``same_club_above_optimum`` (with ``avoid_same_club``). The optimum is computed
    by :func:`pair_swiss` (exact), so the check costs one pairing.

    Examples
    --------
    >>> ps = [SwissPlayer(x, Fraction(p)) for x, p in (("a", 1), ("b", 1), ("c", 0), ("d", 0))]
    >>> r = check_swiss_pairing(ps, [("a", "c"), ("b", "d")], None)
    >>> r.valid, r.cost, r.optimum, [w["code"] for w in r.warnings]
    (True, Fraction(2, 1), Fraction(0, 1), ['cost_above_optimum'])
    """
    by_id = {p.id: p for p in players}
    active = {
        p.id: p for p in players if not p.withdrawn and (max_losses is None or still_in(p.losses, max_losses))
    }
    problems: list[dict] = []
    warnings: list[dict] = []

    def add(to: list[dict], code: str, who: Sequence[str], message: str) -> None:
        to.append({"code": code, "players": list(who), "message": message})

    seen: dict[str, int] = {}
    listed = [x for pair in pairs for x in pair] + ([bye] if bye is not None else [])
    for x in listed:
        seen[x] = seen.get(x, 0) + 1
    for x in sorted(seen, key=listed.index):
        if x not in by_id:
            add(problems, "unknown_player", [x], f"{x} is not a player of this event")
        elif x not in active:
            add(problems, "inactive_player", [x], f"{x} is withdrawn or out of the event")
        elif seen[x] > 1:
            add(problems, "player_twice", [x], f"{x} appears {seen[x]} times")
    for x in active:
        if x not in seen:
            add(problems, "player_missing", [x], f"{x} is neither paired nor given the bye")
    if len(active) % 2 == 1 and bye is None:
        add(problems, "bye_missing", [], "the number of players is odd: someone must have the bye")
    if len(active) % 2 == 0 and bye is not None:
        add(problems, "bye_not_needed", [bye], "the number of players is even: no bye")

    engine: SwissPairing | None
    fewest: int | None
    try:
        engine = pair_swiss(
            players,
            "check",
            allow_rematches=allow_rematches,
            max_losses=max_losses,
            avoid_same_club=avoid_same_club,
        )
        fewest = engine.rematches
    except NoValidPairing:
        engine, fewest = None, None

    cost = Fraction(0)
    rematches = same_club = 0
    info: list[dict] = []
    for a, b in pairs:
        if a == b:
            add(problems, "paired_with_self", [a], f"{a} is paired with himself")
        if a not in by_id or b not in by_id:
            info.append({"players": [a, b]})
            continue
        pa, pb = Fraction(by_id[a].points), Fraction(by_id[b].points)
        cost += (pa - pb) ** 2
        met = b in by_id[a].opponents or a in by_id[b].opponents
        mates = by_id[a].club is not None and by_id[a].club == by_id[b].club
        rematches += met
        same_club += mates and avoid_same_club
        if met and not allow_rematches:
            add(problems, "rematch", [a, b], f"{a} and {b} have already met")
        entry: dict = {
            "players": [a, b],
            "points": [pa, pb],
            "score_group": max(pa, pb),
            "float": {a: "down", b: "up"} if pa > pb else ({a: "up", b: "down"} if pa < pb else {}),
            "rematch": met,
        }
        if avoid_same_club:
            entry["same_club"] = mates
        info.append(entry)
    if allow_rematches and fewest is not None and rematches > fewest:
        add(problems, "avoidable_rematch", [], f"{rematches} rematches where {fewest} are possible")
    if bye is not None and bye in active:
        taker = active[bye]
        fewest_byes = min(p.byes for p in active.values())
        if taker.byes > 0 and (taker.byes > fewest_byes or not allow_rematches):
            add(problems, "second_bye", [bye], f"{bye} already had a bye ({taker.byes})")
        elif engine is not None and engine.bye is not None:
            level = Fraction(by_id[engine.bye].points)
            if Fraction(taker.points) != level:
                message = f"the bye goes to the lowest score group that allows a pairing ({level} points)"
                add(problems, "bye_not_lowest_group", [bye], message)
    optimum = engine.cost if engine is not None else None
    if not problems and optimum is not None and cost > optimum:
        message = f"sum of squared differences {cost} above the optimum {optimum}"
        add(warnings, "cost_above_optimum", [], message)
    proven = engine is not None and avoid_same_club and engine.club_optimal
    fewest_club = engine.same_club if proven else None  # type: ignore[union-attr]
    if not problems and fewest_club is not None and cost == optimum and same_club > fewest_club:
        message = f"{same_club} pairs of club mates where {fewest_club} suffice"
        add(warnings, "same_club_above_optimum", [], message)
    return SwissCheck(
        valid=not problems,
        problems=tuple(problems),
        warnings=tuple(warnings),
        cost=cost,
        optimum=optimum,
        rematches=rematches,
        fewest_rematches=fewest,
        same_club=same_club,
        fewest_same_club=fewest_club,
        pairs=tuple(info),
    )
