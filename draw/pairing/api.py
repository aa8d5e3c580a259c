"""The JSON face of the engines: one request dict in, one answer dict out.

Options are strict: every system has one table of allowed keys with their defaults (``_OPTIONS``); an
unknown key, a missing required key or a value of the wrong type is a :class:`BadRequest`. Ids are
strings (JSON numbers are refused, so that ``1`` and ``"1"`` never mix).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import asdict
from fractions import Fraction
from typing import Any

from .elimination import DROP_ORDERS, Bracket, double_elimination, single_elimination
from .errors import BadRequest
from .mixed import playoff_seeding
from .round_robin import round_robin_schedule, snake_groups
from .swiss import (
    SwissPlayer,
    check_swiss_pairing,
    losses_finished,
    pair_swiss,
    recommended_swiss_rounds,
    still_in,
)

__all__ = ["handle", "SYSTEMS"]

_REQUIRED = object()

# Limits (README "Limits"): every request, from the CLI or the app, stays within seconds and a few
# hundred MiB. The CLI bounds the raw JSON too (``__main__``).
MAX_PLAYERS = 20_000
MAX_ID_LENGTH = 100
MAX_POINTS = 10**6  # |points|, |bye_points|
MAX_DENOMINATOR = 10**6  # lcm of the denominators of all points in one Swiss request
MAX_COUNT = 10**6  # byes, losses, max_losses, until_remaining
MAX_CYCLES = 4
MAX_ROUND_ROBIN_PAIRS = 500_000  # n (n - 1) / 2 x cycles: 1,000 players once, 500 four times
MAX_OPPONENT_ENTRIES = 2_000_000  # all "opponents" lists of one Swiss request together
MAX_SEED = 2**63 - 1

# system -> {key: default}; _REQUIRED marks keys without a default. "system" is implied.
_OPTIONS: dict[str, dict[str, Any]] = {
    "round_robin": {"players": _REQUIRED, "cycles": 1, "draw": "seeded", "seed": None},
    "groups": {"players": _REQUIRED, "groups": _REQUIRED, "draw": "seeded", "seed": None},
    "single_elimination": {
        "players": _REQUIRED,
        "draw": "seeded",
        "seed": None,
        "third_place": False,
        "classification": False,
        "results": {},
        "withdrawn": [],
    },
    "double_elimination": {
        "players": _REQUIRED,
        "draw": "seeded",
        "seed": None,
        "grand_final_reset": True,
        "results": {},
        "withdrawn": [],
        "drop_order": "by_size",
    },
    "playoff_seeding": {
        "groups": _REQUIRED,
        "qualifiers_per_group": _REQUIRED,
        "best_of_rest": 0,
        "rest_order": None,
    },
    "swiss": {
        "players": _REQUIRED,
        "seed": None,
        "allow_rematches": False,
        "bye_points": 1,
        "max_losses": None,
        "until_remaining": 1,
        "avoid_same_club": False,
    },
    "swiss_rounds": {"players": _REQUIRED},
    "swiss_check": {
        "players": _REQUIRED,
        "pairs": _REQUIRED,
        "bye": None,
        "allow_rematches": False,
        "max_losses": None,
        "avoid_same_club": False,
    },
}
SYSTEMS = tuple(_OPTIONS)

_SWISS_PLAYER_KEYS = {
    "id": _REQUIRED,
    "points": 0,
    "opponents": [],
    "byes": 0,
    "withdrawn": False,
    "losses": 0,
    "club": None,
}


def _options(request: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    if not isinstance(request, Mapping):
        raise BadRequest("the request must be a JSON object")
    system = request.get("system")
    if system not in _OPTIONS:
        raise BadRequest(f"unknown or missing system {system!r}; one of {', '.join(SYSTEMS)}")
    table = _OPTIONS[system]
    unknown = sorted(set(request) - set(table) - {"system"})
    if unknown:
        raise BadRequest(f"unknown keys for {system}: {', '.join(unknown)}")
    opts = {}
    for key, default in table.items():
        if key in request:
            opts[key] = request[key]
        elif default is _REQUIRED:
            raise BadRequest(f"missing key {key!r} for {system}")
        else:
            opts[key] = default
    return system, opts


def _bool(opts: dict, key: str) -> bool:
    v = opts[key]
    if not isinstance(v, bool):
        raise BadRequest(f"{key} must be true or false")
    return v


def _int(value: Any, key: str, minimum: int | None = None, maximum: int = MAX_COUNT) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(f"{key} must be an integer")
    if minimum is not None and value < minimum:
        raise BadRequest(f"{key} must be >= {minimum}")
    if value > maximum:
        raise BadRequest(f"{key} must be <= {maximum}")
    return value


def _seed(opts: dict) -> int | str | None:
    v = opts["seed"]
    if v is not None and (isinstance(v, bool) or not isinstance(v, int | str)):
        raise BadRequest("seed must be an integer or a string")
    if isinstance(v, int) and abs(v) > MAX_SEED:
        raise BadRequest("seed must be an integer of at most 2^63 - 1 in magnitude")
    if isinstance(v, str) and len(v) > MAX_ID_LENGTH:
        raise BadRequest(f"seed must be at most {MAX_ID_LENGTH} characters")
    return v


def _choice(opts: dict, key: str, allowed: tuple[str, ...]) -> str:
    if opts[key] not in allowed:
        raise BadRequest(f"{key} must be one of {', '.join(allowed)}")
    return opts[key]


def _draw(opts: dict) -> str:
    if opts["draw"] not in ("seeded", "random"):
        raise BadRequest('draw must be "seeded" or "random"')
    return opts["draw"]


def _id(value: Any, key: str) -> str:
    if not isinstance(value, str) or not value:
        raise BadRequest(f"{key} must be a non-empty string id (numbers are not accepted)")
    if len(value) > MAX_ID_LENGTH:
        raise BadRequest(f"{key}: ids are at most {MAX_ID_LENGTH} characters")
    return value


def _ids(value: Any, key: str, minimum: int = 0) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(x, str) and x for x in value):
        raise BadRequest(f"{key} must be a list of non-empty string ids (numbers are not accepted)")
    if len(value) > MAX_PLAYERS:
        raise BadRequest(f"{key}: at most {MAX_PLAYERS} players")
    if any(len(x) > MAX_ID_LENGTH for x in value):
        raise BadRequest(f"{key}: ids are at most {MAX_ID_LENGTH} characters")
    if len(set(value)) != len(value):
        raise BadRequest(f"{key} has duplicate ids")
    if len(value) < minimum:
        raise BadRequest(f"{key} needs at least {minimum} players")
    return value


# A points string: a decimal with at most a two-digit exponent ("1.5", "-2", "15e-1") or a fraction ("3/2").
_POINTS_TEXT = re.compile(
    r"[+-]?(?:\d{1,20}(?:\.\d{0,20})?|\.\d{1,20})(?:[eE][+-]?\d{1,2})?"  # 1.5, -2, 15e-1
    r"|[+-]?\d{1,20}/\d{1,20}"  # 3/2
)


def _points(value: Any, key: str) -> Fraction:
    x: Fraction | None = None
    if isinstance(value, bool):
        raise BadRequest(f"{key} must be a number")
    if isinstance(value, int) and abs(value) <= MAX_POINTS:
        x = Fraction(value)
    elif isinstance(value, float) and math.isfinite(value) and abs(value) <= MAX_POINTS:
        # JSON decimals (0.5, 1.5): take the shortest decimal the float prints as, exactly
        x = Fraction(repr(value))
    elif isinstance(value, str) and len(value) <= 40 and _POINTS_TEXT.fullmatch(value.strip()):
        # the shape is checked first: Fraction("1e100000000") builds a 100-million-digit integer (it hung)
        try:
            x = Fraction(value)
        except (ValueError, ZeroDivisionError):
            x = None
    elif isinstance(value, int | float):
        raise BadRequest(f"{key} must be a finite number of at most {MAX_POINTS} in magnitude")
    if x is None:
        raise BadRequest(
            f"{key} must be a number, a decimal string (an exponent of at most 2 digits) or a fraction "
            'string such as "3/2"'
        )
    if abs(x) > MAX_POINTS or x.denominator > MAX_DENOMINATOR:
        raise BadRequest(
            f"{key} must be at most {MAX_POINTS} in magnitude with a denominator of at most "
            f'{MAX_DENOMINATOR} (decimals of up to 6 places, or fractions such as "1/3")'
        )
    return x


def _number(x: Fraction) -> int | float:
    return int(x) if x.denominator == 1 else float(x)


def _round_robin(o: dict) -> dict:
    players = _ids(o["players"], "players", 1)
    cycles = _int(o["cycles"], "cycles", 1, MAX_CYCLES)
    n = len(players)
    if n * (n - 1) // 2 * cycles > MAX_ROUND_ROBIN_PAIRS:
        raise BadRequest(
            f"a round robin of {n} players x {cycles} cycle(s) has more than {MAX_ROUND_ROBIN_PAIRS} "
            "pairs; split the field into groups"
        )
    rounds, order = round_robin_schedule(players, cycles, draw=_draw(o), seed=_seed(o))
    return {
        "rounds": [{"pairs": [list(p) for p in r.pairs], "bye": r.bye} for r in rounds],
        "order": order,
    }


def _groups(o: dict) -> dict:
    players = _ids(o["players"], "players", 1)
    g = _int(o["groups"], "groups", 1, MAX_PLAYERS)
    if g > len(players):
        raise BadRequest("more groups than players")
    return {"groups": snake_groups(players, g, draw=_draw(o), seed=_seed(o))}


def _bracket_json(b: Bracket) -> dict:
    return {
        "size": b.size,
        "matches": [{**asdict(m), "slots": list(m.slots), "players": list(m.players)} for m in b.matches],
        "places": list(b.places),
        "finished": b.finished,
        "order": list(b.order),
    }


def _results(o: dict, players: list[str]) -> tuple[dict[str, str], list[str]]:
    results = o["results"]
    if not isinstance(results, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in results.items()
    ):
        raise BadRequest("results must map match ids to winner ids (strings)")
    if len(results) > 3 * len(players):
        raise BadRequest("more results than matches")
    withdrawn = _ids(o["withdrawn"], "withdrawn")
    unknown = [p for p in withdrawn if p not in players]
    if unknown:
        raise BadRequest(f"withdrawn players not in players: {unknown}")
    return results, withdrawn


def _single(o: dict) -> dict:
    players = _ids(o["players"], "players", 2)
    results, withdrawn = _results(o, players)
    b = single_elimination(
        players,
        draw=_draw(o),
        seed=_seed(o),
        third_place=_bool(o, "third_place"),
        classification=_bool(o, "classification"),
        results=results,
        withdrawn=withdrawn,
    )
    return _bracket_json(b)


def _double(o: dict) -> dict:
    players = _ids(o["players"], "players", 2)
    results, withdrawn = _results(o, players)
    b = double_elimination(
        players,
        draw=_draw(o),
        seed=_seed(o),
        grand_final_reset=_bool(o, "grand_final_reset"),
        results=results,
        withdrawn=withdrawn,
        drop_order=_choice(o, "drop_order", DROP_ORDERS),
    )
    return _bracket_json(b)


def _playoff(o: dict) -> dict:
    groups = o["groups"]
    if not isinstance(groups, list) or not groups:
        raise BadRequest("groups must be a non-empty list of lists of ids")
    groups = [_ids(g, "each group") for g in groups]
    if sum(len(g) for g in groups) > MAX_PLAYERS:
        raise BadRequest(f"groups: at most {MAX_PLAYERS} players")
    rest = o["rest_order"]
    if rest is not None:
        rest = _ids(rest, "rest_order")
    r = playoff_seeding(
        groups,
        _int(o["qualifiers_per_group"], "qualifiers_per_group", 1, MAX_PLAYERS),
        _int(o["best_of_rest"], "best_of_rest", 0, MAX_PLAYERS),
        rest,
    )
    return {
        "players": list(r.players),
        "group_of": r.group_of,
        "same_group_first_round": [list(p) for p in r.same_group_first_round],
        "same_group_meetings": [{"players": [a, b], "round": rnd} for rnd, a, b in r.same_group_meetings],
        "optimal": r.optimal,
    }


def _swiss_players(raw: Any) -> list[SwissPlayer]:
    if not isinstance(raw, list):
        raise BadRequest("players must be a list of objects")
    if len(raw) > MAX_PLAYERS:
        raise BadRequest(f"players: at most {MAX_PLAYERS}")
    out = []
    seen = set()
    entries = 0
    den = 1
    for i, p in enumerate(raw):
        if not isinstance(p, dict):
            raise BadRequest(f"players[{i}] must be an object")
        unknown = sorted(set(p) - set(_SWISS_PLAYER_KEYS))
        if unknown:
            raise BadRequest(f"players[{i}]: unknown keys {', '.join(unknown)}")
        pid = _id(p.get("id"), f"players[{i}].id")
        if pid in seen:
            raise BadRequest(f"duplicate player id {pid!r}")
        seen.add(pid)
        opponents = p.get("opponents", [])
        if not isinstance(opponents, list) or not all(isinstance(x, str) for x in opponents):
            # repeats are allowed (rematches that were allowed); unknown ids are ignored
            raise BadRequest(f"players[{i}].opponents must be a list of string ids")
        entries += len(opponents)
        if entries > MAX_OPPONENT_ENTRIES:
            raise BadRequest(f"more than {MAX_OPPONENT_ENTRIES} opponents listed in all")
        withdrawn = p.get("withdrawn", False)
        if not isinstance(withdrawn, bool):
            raise BadRequest(f"players[{i}].withdrawn must be true or false")
        club = p.get("club")
        if club is not None and (not isinstance(club, str) or len(club) > MAX_ID_LENGTH):
            raise BadRequest(f"players[{i}].club must be a string of at most {MAX_ID_LENGTH} characters")
        points = _points(p.get("points", 0), f"players[{i}].points")
        den = math.lcm(den, points.denominator)
        if den > MAX_DENOMINATOR:
            raise BadRequest(f"the points' denominators have a common multiple above {MAX_DENOMINATOR}")
        out.append(
            SwissPlayer(
                id=pid,
                points=points,
                opponents=frozenset(opponents),
                byes=_int(p.get("byes", 0), f"players[{i}].byes", 0),
                withdrawn=withdrawn,
                losses=_int(p.get("losses", 0), f"players[{i}].losses", 0),
                club=club,
            )
        )
    return out


def _swiss(o: dict) -> dict:
    players = _swiss_players(o["players"])
    allow = _bool(o, "allow_rematches")
    _points(o["bye_points"], "bye_points")  # validated; the app credits it (004 §1.4.6 default: a won match)
    max_losses = o["max_losses"]
    answer: dict[str, Any] = {}
    if max_losses is not None:
        max_losses = _int(max_losses, "max_losses", 1)
        until = _int(o["until_remaining"], "until_remaining", 1, MAX_PLAYERS)
        eliminated = [p.id for p in players if not p.withdrawn and not still_in(p.losses, max_losses)]
        remaining = [p for p in players if not p.withdrawn and still_in(p.losses, max_losses)]
        finished = losses_finished([p.losses for p in players if not p.withdrawn], max_losses, until)
        answer = {"eliminated": eliminated, "remaining": len(remaining), "finished": finished}
        if answer["finished"]:
            if _bool(o, "avoid_same_club"):
                answer["same_club"], answer["same_club_optimal"] = 0, True
            return {"pairs": [], "bye": None, "rematches": 0, "cost": 0, "float": {}, **answer}
    elif o["until_remaining"] != 1:
        raise BadRequest("until_remaining needs max_losses")
    clubs = _bool(o, "avoid_same_club")
    r = pair_swiss(players, _seed(o), allow_rematches=allow, max_losses=max_losses, avoid_same_club=clubs)
    if clubs:
        answer["same_club"] = r.same_club
        answer["same_club_optimal"] = r.club_optimal
    return {
        "pairs": [list(p) for p in r.pairs],
        "bye": r.bye,
        "rematches": r.rematches,
        "cost": _number(r.cost),
        "float": r.floats,
        **answer,
    }


def _swiss_rounds(o: dict) -> dict:
    return {"rounds": recommended_swiss_rounds(_int(o["players"], "players", 0, 10**9))}


def _swiss_check(o: dict) -> dict:
    players = _swiss_players(o["players"])
    raw = o["pairs"]
    if (
        not isinstance(raw, list)
        or len(raw) > MAX_PLAYERS
        or not all(isinstance(p, list) and len(p) == 2 for p in raw)
    ):
        raise BadRequest("pairs must be a list of [id, id] pairs")
    pairs = [(_id(a, "pairs"), _id(b, "pairs")) for a, b in raw]
    bye = None if o["bye"] is None else _id(o["bye"], "bye")
    max_losses = None if o["max_losses"] is None else _int(o["max_losses"], "max_losses", 1)
    clubs = _bool(o, "avoid_same_club")
    r = check_swiss_pairing(
        players,
        pairs,
        bye,
        allow_rematches=_bool(o, "allow_rematches"),
        max_losses=max_losses,
        avoid_same_club=clubs,
    )
    answer: dict[str, Any] = {
        "valid": r.valid,
        "problems": list(r.problems),
        "warnings": list(r.warnings),
        "cost": _number(r.cost),
        "optimum": None if r.optimum is None else _number(r.optimum),
        "rematches": r.rematches,
        "fewest_rematches": r.fewest_rematches,
        "pairs": [
            {
                **p,
                **(
                    {"points": [_number(x) for x in p["points"]], "score_group": _number(p["score_group"])}
                    if "points" in p
                    else {}
                ),
            }
            for p in r.pairs
        ],
    }
    if clubs:
        answer["same_club"] = r.same_club
        answer["fewest_same_club"] = r.fewest_same_club
    return answer


_HANDLERS: dict[str, Callable[[dict], dict]] = {
    "round_robin": _round_robin,
    "groups": _groups,
    "single_elimination": _single,
    "double_elimination": _double,
    "playoff_seeding": _playoff,
    "swiss": _swiss,
    "swiss_rounds": _swiss_rounds,
    "swiss_check": _swiss_check,
}


def handle(request: Mapping[str, Any]) -> dict:
    """Answer one request (see ``draw/pairing/README.md`` for every shape).

    Parameters
    ----------
    request : a dict with ``"system"`` and that system's keys.

    Returns
    -------
    The answer dict (JSON-serialisable).

    Raises
    ------
    BadRequest : malformed request (unknown key, wrong type, impossible result).
    NoValidPairing : the rules admit no draw (Swiss: rematches unavoidable, no one left for the bye).
    """
    system, opts = _options(request)
    return _HANDLERS[system](opts)
