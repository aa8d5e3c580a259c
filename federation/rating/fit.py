"""How well a formula predicts: log-loss, the calibration report, and the maximum-likelihood fit of C.

Every prediction is made *before* the match, from the ratings the history gave until then (a prequential
test: no formula sees the result it predicts). The log-loss is the mean of -ln(chance given to what
happened); the lower, the better; 0.6931 (ln 2) is a coin. The fit of the skill function's C maximises the
likelihood of the whole history, the ratings themselves replayed with each trial C, so it is the C that the
federation's own matches support (golden-section search on the log-loss, which is smooth in C).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .core import Formula, Game, Standing, replay

EPS = 1e-12


@dataclass(frozen=True, slots=True)
class Bin:
    """One decile of the favourite's predicted chance: how many matches, the mean chance predicted, the
    share the favourite really won."""

    count: int
    low: float
    high: float
    predicted: float
    actual: float


@dataclass(frozen=True, slots=True)
class Calibration:
    formula: Formula
    matches: int
    log_loss: float
    bins: tuple[Bin, ...]


def _predictions(
    games: Sequence[Game], formula: Formula, start: Mapping[str, Standing] | None
) -> tuple[list[float], list[int]]:
    r = replay(games, formula, start, keep_changes=False, keep_predictions=True)
    return r.predictions, r.winners


def _log_loss(predictions: list[float], winners: list[int]) -> float:
    if not predictions:
        return math.log(2.0)
    total = 0.0
    log = math.log
    for p, w in zip(predictions, winners, strict=True):
        q = p if w == 1 else 1.0 - p
        total -= log(max(q, EPS))
    return total / len(predictions)


def log_loss(games: Sequence[Game], formula: Formula, start: Mapping[str, Standing] | None = None) -> float:
    """The mean log-loss of the formula's predictions over the history (ln 2 for an empty one)."""
    return _log_loss(*_predictions(games, formula, start))


def calibration(
    games: Sequence[Game], formula: Formula, start: Mapping[str, Standing] | None = None, bins: int = 10
) -> Calibration:
    """The calibration report: the matches sorted by the favourite's predicted chance and cut into ``bins``
    groups of (nearly) equal size; each with the mean chance predicted and the share the favourite won.
    A match between equals (chance 0.5) counts player 1 as the favourite."""
    predictions, winners = _predictions(games, formula, start)
    pairs = sorted(
        (p, w == 1) if p >= 0.5 else (1.0 - p, w == 2) for p, w in zip(predictions, winners, strict=True)
    )
    out: list[Bin] = []
    n = len(pairs)
    for i in range(bins):
        part = pairs[i * n // bins : (i + 1) * n // bins]
        if not part:
            continue
        out.append(
            Bin(
                count=len(part),
                low=part[0][0],
                high=part[-1][0],
                predicted=sum(p for p, _ in part) / len(part),
                actual=sum(1 for _, won in part if won) / len(part),
            )
        )
    return Calibration(formula, n, _log_loss(predictions, winners), tuple(out))


@dataclass(frozen=True, slots=True)
class Fit:
    """The maximum-likelihood C, its standard error (from the Fisher information of C), the strengths the
    fit gave each player (mean 0), how many sweeps it took and whether it converged."""

    c: float
    error: float
    strengths: dict[str, float]
    sweeps: int
    converged: bool


def fit_c(
    games: Sequence[Game],
    *,
    c0: float = 1.0,
    low: float = 0.01,
    high: float = 20.0,
    sigma: float = 1000.0,
    max_sweeps: int = 300,
) -> Fit:
    """The C of S(N) = 1 + C*(N-1)/2 that maximises the likelihood of the matches.

    The model is the formula's own: P(a beats b in N) = 1/(10^(-(r_a - r_b)*sqrt(S(N))/2000) + 1), with one
    strength r per player held for the whole history (a Bradley-Terry model with the skill function) and a
    weak prior N(0, ``sigma``^2) on each r so that a player who never lost keeps a finite strength. The
    strengths and C are fitted together by coordinate ascent: a Newton step for each player's strength (all
    at once), one for C; stopped when C moves less than 1e-4 and no strength more than 0.01.

    Why not the replayed ratings: a replay's ratings follow the formula's own steps (4*K*sqrt(S(N))), so a
    trial C changes the ratings it is judged by and the search drifts (C = 1 came out 2.1-2.3 on generated
    data); a fixed strength per player recovers it (tests/federation/rating/test_fit.py).

    O(matches) per sweep; 100-300 sweeps.
    """
    index: dict[str, int] = {}
    rows: list[tuple[int, int, float, int]] = []
    for g in games:
        a = index.setdefault(g.player1, len(index))
        b = index.setdefault(g.player2, len(index))
        rows.append((a, b, 1.0 if g.winner == 1 else 0.0, g.length - 1))
    players = len(index)
    if not rows or not any(k for *_, k in rows) or not any(not k for *_, k in rows):
        # C is seen only in how long matches differ from 1-pointers: without both it is not identified.
        return Fit(c0, math.inf, {k: 0.0 for k in index}, 0, False)
    beta = math.log(10.0) / 2000.0
    prior = 1.0 / (sigma * sigma)
    r = [0.0] * players
    c = c0
    exp, sqrt = math.exp, math.sqrt
    info = 0.0
    converged = False
    sweeps = 0
    for sweeps in range(1, max_sweeps + 1):  # noqa: B007 (the count is returned)
        s_of = [sqrt(1.0 + c * k / 2.0) for _, _, _, k in rows]
        grad = [0.0] * players
        hess = [prior] * players
        for (a, b, y, _k), s in zip(rows, s_of, strict=True):
            bs = beta * s
            p = 1.0 / (1.0 + exp(-bs * (r[a] - r[b])))
            e = (y - p) * bs
            w = bs * bs * p * (1.0 - p)
            grad[a] += e
            grad[b] -= e
            hess[a] += w
            hess[b] += w
        moved = 0.0
        for i in range(players):
            step = (grad[i] - r[i] * prior) / hess[i]
            r[i] += step
            moved = max(moved, abs(step))
        mean = sum(r) / players
        r = [v - mean for v in r]
        g_c = 0.0
        info = 0.0
        for (a, b, y, k), s in zip(rows, s_of, strict=True):
            if not k:
                continue
            d = r[a] - r[b]
            p = 1.0 / (1.0 + exp(-beta * s * d))
            dx = beta * d * k / (4.0 * s)
            g_c += (y - p) * dx
            info += p * (1.0 - p) * dx * dx
        step_c = g_c / info if info > 0 else 0.0
        c = min(high, max(low, c + step_c))
        if abs(step_c) < 1e-4 and moved < 0.01:
            converged = True
            break
    # The standard error of C: its Fisher information less what it shares with the scale of the strengths
    # (multiplying every r by a factor mimics a change of C for the long matches; the Schur complement).
    i_cc = i_cl = i_ll = 0.0
    for a, b, _y, k in rows:
        d = r[a] - r[b]
        s = sqrt(1.0 + c * k / 2.0)
        x = beta * s * d
        p = 1.0 / (1.0 + exp(-x))
        w = p * (1.0 - p)
        dc = beta * d * k / (4.0 * s)
        i_cc += w * dc * dc
        i_cl += w * dc * x
        i_ll += w * x * x
    info = i_cc - (i_cl * i_cl / i_ll if i_ll > 0 else 0.0)
    error = 1.0 / math.sqrt(info) if info > 0 else math.inf
    return Fit(c, error, {key: r[i] for key, i in index.items()}, sweeps, converged)
