"""An independent exact oracle for Swiss pairings: networkx min_weight_matching on all allowed pairs,
with the bye enumerated over the admissible candidates (no code shared with the engine)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

import networkx as nx

from draw.pairing import SwissPlayer


@dataclass
class OracleAnswer:
    feasible: bool  # a rematch-free pairing exists (with some admissible bye)
    cost: Fraction | None  # minimum cost (rematch-free)
    bye_level: Fraction | None  # score of the lowest group that can give the bye
    byes_possible: set[str]  # every candidate of that group with which the optimum is reached


def _min_perfect(players: list[SwissPlayer], rematches_ok: bool = False) -> tuple[int, Fraction] | None:
    """(rematches, cost) of the best perfect pairing, or None if none (rematch-free unless allowed)."""
    if not players:
        return 0, Fraction(0)
    den = math.lcm(*(Fraction(p.points).denominator for p in players))
    pts = {p.id: int(Fraction(p.points) * den) for p in players}
    met = {p.id: set(p.opponents) for p in players}
    span = max(pts.values()) - min(pts.values())
    penalty = span * span * len(players) + 1
    g = nx.Graph()
    g.add_nodes_from(pts)
    ids = list(pts)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            rematch = b in met[a] or a in met[b]
            if rematch and not rematches_ok:
                continue
            g.add_edge(a, b, weight=(pts[a] - pts[b]) ** 2 + (penalty if rematch else 0))
    m = nx.min_weight_matching(g)
    if 2 * len(m) != len(ids):
        return None
    reps = sum(1 for a, b in m if b in met[a] or a in met[b])
    cost = sum((pts[a] - pts[b]) ** 2 for a, b in m)
    return reps, Fraction(cost, den * den)


def oracle(players: list[SwissPlayer]) -> OracleAnswer:
    active = [p for p in players if not p.withdrawn]
    if len(active) % 2 == 0:
        best = _min_perfect(active)
        if best is None:
            return OracleAnswer(False, None, None, set())
        return OracleAnswer(True, best[1], None, set())
    candidates = [p for p in active if p.byes == 0]
    for level in sorted({Fraction(p.points) for p in candidates}):
        results = {}
        for c in candidates:
            if Fraction(c.points) != level:
                continue
            best = _min_perfect([p for p in active if p.id != c.id])
            if best is not None:
                results[c.id] = best[1]
        if results:
            low = min(results.values())
            return OracleAnswer(True, low, level, {k for k, v in results.items() if v == low})
    return OracleAnswer(False, None, None, set())


def fewest_rematches(players: list[SwissPlayer]) -> int:
    """The fewest rematches of any pairing (odd: over every candidate for the bye)."""
    active = [p for p in players if not p.withdrawn]
    if len(active) % 2 == 0:
        return _min_perfect(active, rematches_ok=True)[0]
    fewest = min(p.byes for p in active)
    return min(
        _min_perfect([p for p in active if p.id != c.id], rematches_ok=True)[0]
        for c in active
        if c.byes == fewest
    )


def club_oracle(players: list[SwissPlayer]) -> tuple[Fraction, int] | None:
    """(cost, pairs of club mates) of the best rematch-free pairing, lexicographically: the fewest club
    mates among the pairings of least cost (the bye over the lowest admissible group), or None."""
    active = [p for p in players if not p.withdrawn]

    def best(field: list[SwissPlayer]) -> tuple[Fraction, int] | None:
        if not field:
            return Fraction(0), 0
        den = math.lcm(*(Fraction(p.points).denominator for p in field))
        pts = {p.id: int(Fraction(p.points) * den) for p in field}
        club = {p.id: p.club for p in field}
        weight = len(field) + 1  # above any number of club-mate pairs: points first
        g = nx.Graph()
        g.add_nodes_from(pts)
        ids = list(pts)
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                met = {p.id: p.opponents for p in field}
                if b in met[a] or a in met[b]:
                    continue
                mates = club[a] is not None and club[a] == club[b]
                g.add_edge(a, b, weight=weight * (pts[a] - pts[b]) ** 2 + mates)
        m = nx.min_weight_matching(g)
        if 2 * len(m) != len(ids):
            return None
        cost = sum((pts[a] - pts[b]) ** 2 for a, b in m)
        mates = sum(1 for a, b in m if club[a] is not None and club[a] == club[b])
        return Fraction(cost, den * den), mates

    if len(active) % 2 == 0:
        return best(active)
    candidates = [p for p in active if p.byes == 0]
    for level in sorted({Fraction(p.points) for p in candidates}):
        found = [
            r
            for c in candidates
            if Fraction(c.points) == level
            for r in [best([p for p in active if p.id != c.id])]
            if r is not None
        ]
        if found:
            return min(found)
    return None
