"""The federation's match-play rating: a pure core (no Django), plain frozen dataclasses in and out.

``core``: the FIBS formula and its skill-function variant, one replay of a history. ``fit``: the log-loss,
the calibration report and the maximum-likelihood fit of the skill function's C.
``python -m federation.rating``
is the command-line face (JSON in, JSON out; README.md beside this file).
"""

from .core import (
    FIBS,
    Change,
    Formula,
    Game,
    Replay,
    Standing,
    change_for,
    k_factor,
    replay,
    win_chance,
)
from .fit import Bin, Calibration, Fit, calibration, fit_c, log_loss

__all__ = [
    "FIBS",
    "Bin",
    "Calibration",
    "Change",
    "Fit",
    "Formula",
    "Game",
    "Replay",
    "Standing",
    "calibration",
    "change_for",
    "fit_c",
    "k_factor",
    "log_loss",
    "replay",
    "win_chance",
]
