"""Progression from a group stage to a playoff (004 §1.4.7, §6.1.2 item 5)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .elimination import seed_order
from .errors import BadRequest

__all__ = ["PlayoffSeeding", "playoff_seeding", "first_round_pairs"]


@dataclass(frozen=True)
class PlayoffSeeding:
    """``players`` in playoff seeding order; ``group_of`` each qualifier's group index;
    ``same_group_first_round`` the unavoidable first-round meetings of players of one group."""

    players: tuple[str, ...]
    group_of: dict[str, int]
    same_group_first_round: tuple[tuple[str, str], ...]


def _pow2(n: int) -> int:
    size = 1
    while size < n:
        size *= 2
    return size


def first_round_pairs(n: int) -> list[tuple[int, int]]:
    """Seed numbers that meet in round 1 of a seeded bracket of ``n`` players.

    Parameters
    ----------
    n : number of players.

    Returns
    -------
    Pairs of 1-based seed numbers (bye matches left out).

    Notes
    -----
    Standard placement of 004 §1.4.4 (:func:`seed_order`).

    Examples
    --------
    >>> first_round_pairs(6)
    [(4, 5), (3, 6)]
    """
    size = _pow2(n)
    order = seed_order(size)
    return [
        (order[2 * i], order[2 * i + 1])
        for i in range(size // 2)
        if order[2 * i] <= n and order[2 * i + 1] <= n
    ]


def playoff_seeding(
    groups: Sequence[Sequence[str]],
    qualifiers_per_group: int,
    best_of_rest: int = 0,
    rest_order: Sequence[str] | None = None,
) -> PlayoffSeeding:
    """Who goes to the playoff and in which seeding order.

    Parameters
    ----------
    groups : each group's final standings, best first.
    qualifiers_per_group : the top K of every group qualify (announced before the start, 004 §6.1.2
        item 5).
    best_of_rest : this many more, the best non-qualifiers across groups by ``rest_order``.
    rest_order : the non-qualifiers ranked across groups by the app (required when best_of_rest > 0).

    Returns
    -------
    :class:`PlayoffSeeding`. Feed ``players`` to single or double elimination with
    ``"draw": "seeded"``.

    Notes
    -----
    Seeds are given tier by tier: all group winners (group order) first, then all runners-up, and
    so on, then the best of the rest; so with the standard placement (seed s meets seed
    size + 1 - s) group winners meet runners-up in round 1, and byes go to the best group winners.
    Inside each tier the players are then permuted among the tier's seed numbers by a bipartite
    matching so that nobody meets a player of his own group in round 1 (tiers are processed from the
    top; a player's opponent in a later tier is checked when that tier is placed). Clashes that no
    permutation within the tiers avoids are listed in ``same_group_first_round``.
    004 §1.4.7 (mixed system), §6.1.2 item 5.
    """
    import networkx as nx

    k = qualifiers_per_group
    if k < 0 or best_of_rest < 0:
        raise BadRequest("qualifiers_per_group and best_of_rest must be >= 0")
    group_of: dict[str, int] = {}
    for gi, g in enumerate(groups):
        for p in g:
            if p in group_of:
                raise BadRequest(f"player {p!r} is in two groups")
            group_of[p] = gi
    tiers: list[list[str]] = []
    for r in range(k):
        tier = [g[r] for g in groups if len(g) > r]
        if tier:
            tiers.append(tier)
    qualified = {p for t in tiers for p in t}
    if best_of_rest:
        if rest_order is None:
            raise BadRequest("rest_order is required when best_of_rest > 0")
        rest = [p for p in rest_order if p not in qualified]
        unknown = [p for p in rest if p not in group_of]
        if unknown:
            raise BadRequest(f"rest_order names players in no group: {unknown}")
        if len(rest) < best_of_rest:
            raise BadRequest("rest_order has fewer non-qualifiers than best_of_rest")
        tiers.append(list(rest[:best_of_rest]))
    seeds: list[str] = [p for t in tiers for p in t]
    n = len(seeds)
    opponent: dict[int, int] = {}
    for a, b in first_round_pairs(n):
        opponent[a] = b
        opponent[b] = a
    placed: dict[int, str] = {}
    start = 0
    for tier in tiers:
        positions = list(range(start + 1, start + len(tier) + 1))
        g = nx.Graph()
        left = [("p", p) for p in tier]
        right = [("s", s) for s in positions]
        g.add_nodes_from(left, bipartite=0)
        g.add_nodes_from(right, bipartite=1)
        for p in tier:
            for s in positions:
                o = opponent.get(s)
                if o is None or o not in placed or group_of[placed[o]] != group_of[p]:
                    g.add_edge(("p", p), ("s", s))
        # prefer the natural order: try the identity first
        natural = all(g.has_edge(("p", p), ("s", s)) for p, s in zip(tier, positions))
        if natural and not _same_tier_clash(tier, positions, opponent, group_of):
            assign = dict(zip(positions, tier))
        else:
            m = nx.bipartite.hopcroft_karp_matching(g, top_nodes=left)
            assign = {}
            free_players = []
            for p in tier:
                s = m.get(("p", p))
                if s is None:
                    free_players.append(p)
                else:
                    assign[s[1]] = p
            free_pos = [s for s in positions if s not in assign]
            for s, p in zip(free_pos, free_players):
                assign[s] = p
            assign = _fix_same_tier(assign, placed, opponent, group_of)
        placed.update(assign)
        start += len(tier)
    players = tuple(placed[s] for s in range(1, n + 1))
    clashes = tuple(
        (players[a - 1], players[b - 1])
        for a, b in first_round_pairs(n)
        if group_of[players[a - 1]] == group_of[players[b - 1]]
    )
    return PlayoffSeeding(
        players=players, group_of={p: group_of[p] for p in players}, same_group_first_round=clashes
    )


def _same_tier_clash(tier, positions, opponent, group_of) -> bool:
    pos = dict(zip(positions, tier))
    return any(opponent.get(s) in pos and group_of[pos[opponent[s]]] == group_of[p] for s, p in pos.items())


def _clashes(assign: dict[int, str], placed: dict[int, str], opponent: dict[int, int], group_of) -> int:
    both = {**placed, **assign}
    return sum(
        1 for x, p in assign.items() if opponent.get(x) in both and group_of[both[opponent[x]]] == group_of[p]
    )


def _fix_same_tier(
    assign: dict[int, str], placed: dict[int, str], opponent: dict[int, int], group_of: dict[str, int]
) -> dict[int, str]:
    """Local search: swap two players of the tier while that lowers the number of clashes."""
    assign = dict(assign)
    current = _clashes(assign, placed, opponent, group_of)
    improved = True
    while current and improved:
        improved = False
        keys = list(assign)
        for i, s in enumerate(keys):
            for t in keys[i + 1 :]:
                trial = dict(assign)
                trial[s], trial[t] = trial[t], trial[s]
                c = _clashes(trial, placed, opponent, group_of)
                if c < current:
                    assign, current, improved = trial, c, True
                    break
            if improved:
                break
    return assign
