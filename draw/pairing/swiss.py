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

When it fails (rematches block the bound: leaders who have all met, small fields, late rounds), fields
of ``WINDOW_MIN_FIELD`` players or more first try *windows*: a few score groups (at most
``WINDOW_MAX_PLAYERS`` players) at the top and/or bottom (``_window_path``) or around the group where
the bound path got stuck (``_middle_window``) are solved exactly by blossom matching, with players
exported to virtual partners at the adjacent scores, and the rest by the bound path. Splitting each
pair's cost at the window's edge scores gives a lower bound that the construction reaches, so the
result is optimal (proofs in those functions' docstrings). Otherwise ``_exact`` solves the whole
problem as a minimum-weight perfect matching with networkx's blossom algorithm
(``max_weight_matching(maxcardinality=True)`` on the rewritten integer weights ``W - cost``).

The bye is a *dummy player* placed in the bye group, allowed to pair only with the admissible
candidates of that group, at cost 0. A perfect pairing of the field plus the dummy is the same thing
as a choice of an admissible bye plus a perfect pairing of the rest, and every candidate of one group
leaves the same parities, hence the same bound; so both paths optimise over every admissible bye at
once.

Scores are scaled to integers (by the lcm of the denominators), so all arithmetic is exact.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .errors import NoValidPairing

__all__ = [
    "SwissPlayer",
    "SwissPairing",
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
    ``withdrawn`` players are not paired; ``losses`` is used by "Swiss until N losses" only.
    """

    id: str
    points: Fraction = Fraction(0)
    opponents: frozenset[str] = frozenset()
    byes: int = 0
    withdrawn: bool = False
    losses: int = 0


@dataclass(frozen=True)
class SwissPairing:
    """The answer of :func:`pair_swiss`.

    ``pairs`` are ordered by table (highest points first), each pair higher score first;
    ``floats`` maps a player paired out of his score group to ``"down"`` or ``"up"``;
    ``cost`` is the sum over pairs of the squared points difference; ``path`` says how optimality was
    established: ``"bound"`` (the parity lower bound is reached), ``"exact"`` (blossom fallback) or
    ``"trivial"``.
    """

    pairs: tuple[tuple[str, str], ...]
    bye: str | None
    rematches: int
    cost: Fraction
    floats: dict[str, str] = field(default_factory=dict)
    path: str = "trivial"


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
    """Players 0..n-1 (+ the dummy ``n`` when a bye is needed) with integer scores and forbidden pairs."""

    def __init__(self, scores: list[int], forbidden: list[set[int]]):
        self.scores = scores
        self.forbidden = forbidden  # symmetric
        self.only: dict[int, set[int]] = {}  # restricted vertices (the dummy): allowed partners

    def allowed(self, u: int, v: int) -> bool:
        if v in self.forbidden[u]:
            return False
        o = self.only.get(u)
        if o is not None and v not in o:
            return False
        o = self.only.get(v)
        return o is None or u in o

    def add_dummy(self, score: int, candidates: set[int]) -> int:
        d = len(self.scores)
        self.scores.append(score)
        self.forbidden.append(set())
        self.only[d] = set(candidates)
        return d

    def remove_dummy(self) -> None:
        d = len(self.scores) - 1
        self.scores.pop()
        self.forbidden.pop()
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
        pairs = _repair(problem, pairs, left, rng)
        if pairs is None:
            if len(vertices) <= _SMALL_GROUP:
                return _exact_cardinality(problem, vertices)
            return None
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
    import networkx as nx

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


def _fast_path(
    problem: _Problem, nodes: list[int], rng: random.Random, trouble: set[int] | None = None
) -> list[tuple[int, int]] | None:
    """The bound path (module docstring); ``trouble`` collects the indices of groups that led nowhere."""
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

    def search(k: int, incoming: int | None) -> list[tuple[int, int]] | None:
        if k == m:
            return [] if incoming is None else None
        if (k, incoming) in failed or budget[0] <= 0:
            return None
        for pairs, d in _group_solutions(problem, groups[k], incoming, parity[k], below_sets[k], rng):
            budget[0] -= 1
            rest = search(k + 1, d)
            if rest is not None:
                return pairs + rest
            if budget[0] <= 0:
                return None
        failed.add((k, incoming))
        if trouble is not None:
            trouble.add(k)
        return None

    import sys

    old = sys.getrecursionlimit()
    if m + 100 > old:
        sys.setrecursionlimit(m + 100)
    try:
        return search(0, None)
    finally:
        sys.setrecursionlimit(old)


# --------------------------------------------------------------------------------------------------
# Exact fallback
# --------------------------------------------------------------------------------------------------


def _exact(
    problem: _Problem, nodes: list[int], rng: random.Random, allow_rematches: bool
) -> list[tuple[int, int]] | None:
    """Minimum-cost perfect matching (fewest rematches first when they are allowed), or None.

    Weights are rewritten for networkx's maximum-weight matching with maximum cardinality:
    ``w = BIG - (rematch * R + cost)`` with R above any possible total cost, so the matching has the
    most pairs, then the fewest rematches, then the least cost. Nodes are shuffled first so ties are
    broken at random.
    """
    import networkx as nx

    nodes = list(nodes)
    rng.shuffle(nodes)
    s = problem.scores
    lo, hi = min(s[v] for v in nodes), max(s[v] for v in nodes)
    max_cost = (hi - lo) ** 2
    r_penalty = max_cost * (len(nodes) // 2 + 1) + 1
    big = r_penalty * (len(nodes) // 2 + 2) + max_cost + 1
    g = nx.Graph()
    g.add_nodes_from(nodes)
    for i, u in enumerate(nodes):
        for v in nodes[i + 1 :]:
            ok = problem.allowed(u, v)
            if not ok:
                restricted = u in problem.only or v in problem.only
                if not allow_rematches or restricted:
                    continue
            c = (s[u] - s[v]) ** 2 + (0 if ok else r_penalty)
            g.add_edge(u, v, weight=big - c)
    m = nx.max_weight_matching(g, maxcardinality=True)
    if 2 * len(m) != len(nodes):
        return None
    return [tuple(e) for e in m]  # type: ignore[misc]


# --------------------------------------------------------------------------------------------------
# Window path: exact small problems at the ends, the bound in the middle
# --------------------------------------------------------------------------------------------------

# Fields at least this large try the window path before the full exact matching (module attributes so
# the tests can lower them and compare the window path with an independent oracle on small fields).
WINDOW_MIN_FIELD = 120
WINDOW_MAX_PLAYERS = 80
WINDOW_MAX_TRIES = 12


def _psi(
    problem: _Problem, side: list[int], target: int, rng: random.Random
) -> tuple[int, list[tuple[int, int]], list[int]] | None:
    """Cheapest way to settle ``side`` with some players exported to a virtual partner at ``target``.

    Minimises, over every c, (cost of a matching of ``side`` without forbidden pairs leaving c
    unrestricted players unmatched) + (sum of (score - target)^2 over those c). Exact (blossom on the
    side plus c sink vertices); c grows while the cheapest conceivable export of c players stays below
    the best found. Returns (cost, internal pairs, exported players) or None.
    """
    import networkx as nx

    s = problem.scores
    side = list(side)
    rng.shuffle(side)
    exportable = sorted((s[v] - target) ** 2 for v in side if v not in problem.only)
    best: tuple[int, list[tuple[int, int]], list[int]] | None = None
    spread = max(abs(s[v] - target) for v in side) + max(s[v] for v in side) - min(s[v] for v in side)
    big = (spread**2 + 1) * (len(side) + 2)
    for c in range(len(side) % 2, len(side) + 1, 2):
        if c > len(exportable):
            break
        if best is not None and sum(exportable[:c]) >= best[0]:
            break
        g = nx.Graph()
        g.add_nodes_from(side)
        sinks = [-(i + 1) for i in range(c)]
        g.add_nodes_from(sinks)
        for i, u in enumerate(side):
            for v in side[i + 1 :]:
                if problem.allowed(u, v):
                    g.add_edge(u, v, weight=big - (s[u] - s[v]) ** 2)
            if u not in problem.only:
                for k in sinks:
                    g.add_edge(u, k, weight=big - (s[u] - target) ** 2)
        m = nx.max_weight_matching(g, maxcardinality=True)
        if 2 * len(m) != len(side) + c:
            continue
        pairs, exported, cost = [], [], 0
        for u, v in m:
            if u < 0 or v < 0:
                x = v if u < 0 else u
                exported.append(x)
                cost += (s[x] - target) ** 2
            else:
                pairs.append((u, v))
                cost += (s[u] - s[v]) ** 2
        if best is None or cost < best[0]:
            best = (cost, pairs, exported)
    return best


def _window_path(problem: _Problem, nodes: list[int], rng: random.Random) -> list[tuple[int, int]] | None:
    """Exact pairing when rematches block the bound only near the top and/or the bottom.

    Split the groups into a top window T, a middle M (at least one group) and a bottom window B. For
    any perfect pairing with c1 pairs leaving T and c2 leaving B, split each pair's cost at the
    extreme scores t (top of M) and b (bottom of M): (x + y + z)^2 >= x^2 + y^2 + z^2 for the parts
    above t, inside [b, t] and below b. Hence

        cost >= psi_T(c1) + LB(M + c1 virtual players at t + c2 at b) + psi_B(c2),

    where psi is the exact cost of settling a window with c players exported to a virtual partner at
    t (resp. b) (:func:`_psi`, forbidden pairs only relaxed towards the virtual partner) and LB the
    parity bound, which depends on c1, c2 only through their parities, fixed by |T| and |B|. So
    minimising psi_T and psi_B separately minimises the bound. If the fast path then pairs M plus the
    exported players (put at t resp. b and allowed only with real players of M's top resp. bottom
    group) reaching its parity bound, the pairing costs exactly the bound: it is optimal. Otherwise
    try another window, and in the end the full exact matching.
    """
    groups = _groups_desc(problem, nodes)
    m = len(groups)
    sizes = [len(g) for g in groups]
    options = []
    for i in range(m):
        top = sum(sizes[:i])
        for j in range(m, i, -1):
            bottom = sum(sizes[j:])
            if top + bottom > WINDOW_MAX_PLAYERS:
                break
            if i == 0 and j == m:
                continue
            options.append((top + bottom, i, j))
    options.sort()
    s = problem.scores
    for _size, i, j in options[:WINDOW_MAX_TRIES]:
        top_nodes = [v for g in groups[:i] for v in g]
        bottom_nodes = [v for g in groups[j:] for v in g]
        mid = groups[i:j]
        t_score, b_score = s[mid[0][0]], s[mid[-1][0]]
        settled_top = _psi(problem, top_nodes, t_score, rng) if top_nodes else (0, [], [])
        if settled_top is None:
            continue
        settled_bottom = _psi(problem, bottom_nodes, b_score, rng) if bottom_nodes else (0, [], [])
        if settled_bottom is None:
            continue
        scores = list(s)
        view = _Problem(scores, problem.forbidden)
        view.only = dict(problem.only)
        mid_top, mid_bottom = set(mid[0]), set(mid[-1])
        for x in settled_top[2]:
            scores[x] = t_score
            view.only[x] = {v for v in mid_top if v not in problem.only}
        for x in settled_bottom[2]:
            scores[x] = b_score
            view.only[x] = {v for v in mid_bottom if v not in problem.only}
        middle = [v for g in mid for v in g] + settled_top[2] + settled_bottom[2]
        pairs = _fast_path(view, middle, rng)
        if pairs is None:
            continue
        result = settled_top[1] + settled_bottom[1] + pairs
        bound = settled_top[0] + settled_bottom[0] + _lower_bound(view, _groups_desc(view, middle))
        assert _cost(problem, result) == bound
        return result
    return None


def _levels_lb(levels: list[list[int]]) -> int:
    """Parity bound of a multiset given as [score, count] from the highest score down."""
    lb = 0
    above = 0
    for k in range(len(levels) - 1):
        above += levels[k][1]
        if above % 2:
            lb += (levels[k][0] - levels[k + 1][0]) ** 2
    return lb


def _psi_between(
    problem: _Problem,
    window: list[int],
    t_up: int | None,
    k_up: int,
    t_down: int | None,
    k_down: int,
    rng: random.Random,
) -> tuple[int, list[tuple[int, int]], list[int], list[int], int] | None:
    """Settle a middle window exactly with up to k_up exports up (to t_up) and k_down down (to t_down).

    A perfect matching of the window, k_up "up" sinks and k_down "down" sinks: window pairs cost the
    squared difference, window-sink pairs the squared distance to the sink's score, an up sink with a
    down sink (a pair passing over the window) (t_up - t_down)^2, two sinks of one kind 0 (unused: the
    number of used sinks keeps the parity of k). Returns (cost, window pairs, exported up, exported
    down, pass-overs) or None.
    """
    import networkx as nx

    s = problem.scores
    window = list(window)
    rng.shuffle(window)
    ups = [-(i + 1) for i in range(k_up)]
    downs = [-(10**9) - (i + 1) for i in range(k_down)]
    hi = t_up if t_up is not None else max(s[v] for v in window)
    lo = t_down if t_down is not None else min(s[v] for v in window)
    big = ((hi - lo) ** 2 + 1) * (len(window) + k_up + k_down + 2)
    g = nx.Graph()
    g.add_nodes_from(window + ups + downs)
    for i, u in enumerate(window):
        for v in window[i + 1 :]:
            if problem.allowed(u, v):
                g.add_edge(u, v, weight=big - (s[u] - s[v]) ** 2)
        if u not in problem.only:
            for x in ups:
                g.add_edge(u, x, weight=big - (t_up - s[u]) ** 2)  # type: ignore[operator]
            for x in downs:
                g.add_edge(u, x, weight=big - (s[u] - t_down) ** 2)  # type: ignore[operator]
    for sinks in (ups, downs):
        for i, x in enumerate(sinks):
            for y in sinks[i + 1 :]:
                g.add_edge(x, y, weight=big)
    for x in ups:
        for y in downs:
            g.add_edge(x, y, weight=big - (t_up - t_down) ** 2)  # type: ignore[operator]
    m = nx.max_weight_matching(g, maxcardinality=True)
    if 2 * len(m) != g.number_of_nodes():
        return None
    cost, pairs, out_up, out_down, passing = 0, [], [], [], 0
    up_set, down_set = set(ups), set(downs)
    for u, v in m:
        if u >= 0 and v >= 0:
            pairs.append((u, v))
            cost += (s[u] - s[v]) ** 2
            continue
        if u >= 0 or v >= 0:
            x, sink = (u, v) if u >= 0 else (v, u)
            if sink in up_set:
                out_up.append(x)
                cost += (t_up - s[x]) ** 2  # type: ignore[operator]
            else:
                out_down.append(x)
                cost += (s[x] - t_down) ** 2  # type: ignore[operator]
        elif (u in up_set) != (v in up_set):
            passing += 1
            cost += (t_up - t_down) ** 2  # type: ignore[operator]
    del down_set
    return cost, pairs, out_up, out_down, passing


def _middle_window(
    problem: _Problem, groups: list[list[int]], i: int, j: int, rng: random.Random
) -> list[tuple[int, int]] | None:
    """Exact window W = groups[i:j] between the bound segments U = groups[:i] and D = groups[j:].

    Split every pair's cost at t_U (lowest score of U) and t_D (highest of D): a U-W pair costs at
    least (s - t_U)^2 + (t_U - s')^2, a W-D pair likewise at t_D, a U-D pair at least
    a^2 + (t_U - t_D)^2 + b^2. So with c_U, c_D pairs crossing W's edges,

        cost >= LB(U + c_U players at t_U) + psi_W(c_U, c_D) + LB(D + c_D players at t_D),

    where the outer bounds depend only on the parities of c_U, c_D, fixed by |U| and |D|, and
    psi_W (:func:`_psi_between`, sinks relaxing the forbidden pairs towards U and D) covers every
    c <= k; larger c cost at least (k + 2) g^2 (g the gap at W's edge), checked against the bound. If
    the minimum has no pass-over and the bound path then pairs U, D and the exported players (placed
    at t_U, t_D and allowed only with real players of U's last and D's first group) at the outer
    bound, the pairing costs exactly the lower bound: it is optimal.
    """
    s = problem.scores
    m = len(groups)
    upper = [v for g in groups[:i] for v in g]
    window = [v for g in groups[i:j] for v in g]
    lower = [v for g in groups[j:] for v in g]
    t_up = s[groups[i - 1][0]] if i > 0 else None
    t_down = s[groups[j][0]] if j < m else None
    pu, pd = len(upper) % 2, len(lower) % 2
    levels_d = [[s[g[0]], len(g)] for g in groups[j:]]
    if levels_d:
        levels_d[0][1] += pd
    lb_out = _levels_lb([[s[g[0]], len(g)] for g in groups[:i]]) + _levels_lb(levels_d)
    g_up = (t_up - s[groups[i][0]]) ** 2 if upper else 0  # type: ignore[operator]
    g_down = (s[groups[j - 1][0]] - t_down) ** 2 if lower else 0  # type: ignore[operator]
    k_up = min(pu + 2, len(upper)) if upper else 0
    k_down = min(pd + 2, len(lower)) if lower else 0
    while True:
        settled = _psi_between(problem, window, t_up, k_up, t_down, k_down, rng)
        if settled is None:
            return None
        bound = lb_out + settled[0]
        grow_up = upper and k_up < len(upper) and lb_out + (k_up + 2) * g_up < bound
        grow_down = lower and k_down < len(lower) and lb_out + (k_down + 2) * g_down < bound
        if not grow_up and not grow_down:
            break
        if grow_up:
            k_up = min(2 * k_up + pu, len(upper))
        if grow_down:
            k_down = min(2 * k_down + pd, len(lower))
    _cost_w, pairs_w, out_up, out_down, passing = settled
    if passing:
        return None
    scores = list(s)
    view = _Problem(scores, problem.forbidden)
    view.only = dict(problem.only)
    if out_up:
        real = {v for v in groups[i - 1] if v not in problem.only}
        for x in out_up:
            scores[x] = t_up  # type: ignore[assignment]
            view.only[x] = real
    if out_down:
        real = {v for v in groups[j] if v not in problem.only}
        for x in out_down:
            scores[x] = t_down  # type: ignore[assignment]
            view.only[x] = real
    outer = upper + lower + out_up + out_down
    pairs = _fast_path(view, outer, rng) if outer else []
    if pairs is None:
        return None
    result = pairs_w + pairs
    assert _cost(problem, result) == bound
    return result


def _middle_window_path(
    problem: _Problem, nodes: list[int], rng: random.Random, trouble: set[int]
) -> list[tuple[int, int]] | None:
    """Try exact windows grown around the groups where the bound path got stuck (deepest first)."""
    groups = _groups_desc(problem, nodes)
    m = len(groups)
    tried: set[tuple[int, int]] = set()
    for k in sorted(trouble, reverse=True):
        i, j = k, k + 1
        while sum(len(g) for g in groups[i:j]) <= WINDOW_MAX_PLAYERS:
            if (i, j) not in tried:
                tried.add((i, j))
                result = _middle_window(problem, groups, i, j, rng)
                if result is not None:
                    return result
                if len(tried) >= WINDOW_MAX_TRIES:
                    return None
            if i == 0 and j == m:
                break
            if j == m or (i > 0 and len(groups[i - 1]) <= len(groups[j])):
                i -= 1
            else:
                j += 1
    return None


def _solve(
    problem: _Problem, nodes: list[int], rng: random.Random, allow_rematches: bool
) -> tuple[list[tuple[int, int]], str] | None:
    if not nodes:
        return [], "trivial"
    groups = _groups_desc(problem, nodes)
    lb = _lower_bound(problem, groups)
    trouble: set[int] = set()
    pairs = _fast_path(problem, nodes, rng, trouble)
    if pairs is not None:
        assert _cost(problem, pairs) == lb
        return pairs, "bound"
    if len(nodes) >= WINDOW_MIN_FIELD:
        pairs = _window_path(problem, nodes, rng)
        if pairs is None:
            pairs = _middle_window_path(problem, nodes, rng, trouble)
        if pairs is not None:
            return pairs, "window"
    pairs = _exact(problem, nodes, rng, allow_rematches=False)
    if pairs is not None:
        return pairs, "exact"
    if allow_rematches:
        pairs = _exact(problem, nodes, rng, allow_rematches=True)
        if pairs is not None:
            return pairs, "exact"
    return None


# --------------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------------


def pair_swiss(
    players: Sequence[SwissPlayer],
    seed: int | str | None,
    *,
    allow_rematches: bool = False,
    max_losses: int | None = None,
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
    otherwise an exact blossom matching decides. The bye (odd count) goes to the lowest score group
    holding a player without a bye for which the rest can be paired without rematches; with
    ``allow_rematches`` and no such group, to the lowest group reaching the fewest rematches.
    Complexity: about O(n * d) for the constructive path (d = opponents per player); the exact
    fallback is O(n^3) and only runs when rematches block the bound.

    Examples
    --------
    >>> ps = [SwissPlayer("a", Fraction(1)), SwissPlayer("b", Fraction(1)), SwissPlayer("c")]
    >>> r = pair_swiss(ps, seed=1)
    >>> r.bye, r.pairs
    ('c', (('a', 'b'),))
    """
    rng = random.Random(str(seed))
    active = [p for p in players if not p.withdrawn and (max_losses is None or p.losses < max_losses)]
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
    problem = _Problem(scores, forbidden)
    n = len(active)
    nodes = list(range(n))
    bye: int | None = None
    if n % 2 == 0:
        solved = _solve(problem, nodes, rng, allow_rematches=False)
        if solved is None:
            if not allow_rematches:
                raise NoValidPairing(
                    "no pairing without rematches exists for this round "
                    f"({n} players); allow rematches to pair with the fewest rematches"
                )
            solved = _solve(problem, nodes, rng, allow_rematches=True)
            assert solved is not None
        pairs, path = solved
    else:
        pairs, path, bye = _solve_with_bye(problem, active, rng, allow_rematches)
    return _answer(active, problem, pairs, bye, den, path)


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
            solved = _solve(problem, nodes, rng, allow_rematches=False)
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
            pairs = _exact(problem, nodes, rng, allow_rematches=True)
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
    rematches = 0
    for u, v in ordered:
        if s[u] != s[v]:
            floats[active[u].id] = "down"
            floats[active[v].id] = "up"
        if v in problem.forbidden[u]:
            rematches += 1
    cost = Fraction(_cost(problem, ordered), den * den)
    return SwissPairing(
        pairs=tuple((active[u].id, active[v].id) for u, v in ordered),
        bye=None if bye is None else active[bye].id,
        rematches=rematches,
        cost=cost,
        floats=floats,
        path=path,
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
    active = {p.id: p for p in players if not p.withdrawn and (max_losses is None or p.losses < max_losses)}
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
