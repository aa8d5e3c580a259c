"""Pairing engines for nardy tournaments (004 §1.4): pure Python, no Django.

Entry point: :func:`handle` (one JSON-like request dict in, one answer dict out), also as
``python -m draw.pairing`` (JSON on stdin/stdout, exit 0 / 1 / 2). The typed functions
underneath are exported too; see ``README.md`` in this package.
"""

from .api import SYSTEMS, handle
from .elimination import (
    Bracket,
    BracketMatch,
    double_elimination,
    is_valid_bracket,
    seed_order,
    single_elimination,
)
from .errors import BadRequest, NoValidPairing, PairingError
from .mixed import PlayoffSeeding, first_round_pairs, playoff_seeding
from .round_robin import (
    RoundRobinRound,
    berger_rounds,
    is_valid_round_robin,
    round_robin_schedule,
    snake_groups,
)
from .swiss import (
    SwissCheck,
    SwissPairing,
    SwissPlayer,
    check_swiss_pairing,
    is_valid_swiss_pairing,
    losses_finished,
    pair_swiss,
    recommended_swiss_rounds,
    swiss_cost,
    swiss_lower_bound,
)

__all__ = [
    "SYSTEMS",
    "BadRequest",
    "Bracket",
    "BracketMatch",
    "NoValidPairing",
    "PairingError",
    "PlayoffSeeding",
    "RoundRobinRound",
    "SwissCheck",
    "SwissPairing",
    "SwissPlayer",
    "berger_rounds",
    "check_swiss_pairing",
    "double_elimination",
    "first_round_pairs",
    "handle",
    "is_valid_bracket",
    "is_valid_round_robin",
    "is_valid_swiss_pairing",
    "losses_finished",
    "pair_swiss",
    "playoff_seeding",
    "recommended_swiss_rounds",
    "round_robin_schedule",
    "seed_order",
    "single_elimination",
    "snake_groups",
    "swiss_cost",
    "swiss_lower_bound",
]
