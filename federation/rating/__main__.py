"""``python -m federation.rating COMMAND``: one JSON request on stdin (or ``--input FILE``), one JSON answer
on stdout. The contract is in README.md beside this file.

Commands: ``recompute`` (the list from the matches), ``calibrate`` (log-loss and the calibration report of
FIBS and of the skill function, C fitted by maximum likelihood unless given), ``fit`` (C alone).

Exit 0: the answer. Exit 2: bad input (``{"error": ..., "kind": "bad_request"}`` on stdout, the message on
stderr). Exit 3: an internal error. Never a traceback.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from .core import Formula, Game, Standing, replay
from .fit import calibration, fit_c

MAX_REQUEST_BYTES = 1024 * 2**20
MAX_KEY = 100


class BadRequest(ValueError):
    pass


def _key(value: Any, what: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise BadRequest(f"{what} is a string or a whole number, not {value!r:.40}")
    text = str(value)
    if not text or len(text) > MAX_KEY:
        raise BadRequest(f"{what} is 1..{MAX_KEY} characters long")
    return text


def _number(value: Any, what: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise BadRequest(f"{what} is a finite number, not {value!r:.40}")
    if not low <= value <= high:
        raise BadRequest(f"{what} is between {low:g} and {high:g}, not {value!r}")
    return float(value)


def parse_formula(data: Any) -> Formula:
    if data is None:
        return Formula()
    if not isinstance(data, dict):
        raise BadRequest('"formula" is an object: {"name": "fibs"} or {"name": "skill", "c": 1.2}')
    unknown = set(data) - {"name", "c", "start", "count_current"}
    if unknown:
        raise BadRequest(f'"formula" has unknown keys: {", ".join(sorted(unknown))}')
    name = data.get("name", "fibs")
    start = _number(data.get("start", 1500), "formula.start", -1e6, 1e6)
    current = data.get("count_current", False)
    if not isinstance(current, bool):
        raise BadRequest("formula.count_current is true or false")
    if name == "fibs":
        return Formula(start=start, count_current=current)
    if name == "skill":
        c = data.get("c")
        if c is None:
            raise BadRequest('"formula": the skill function needs "c"')
        return Formula(skill_c=_number(c, "formula.c", 1e-6, 100), start=start, count_current=current)
    raise BadRequest(f'formula.name is "fibs" or "skill", not {name!r:.40}')


def parse_games(rows: Any) -> list[Game]:
    if not isinstance(rows, list):
        raise BadRequest('"matches" is a list, oldest first')
    games = []
    seen: set[str] = set()
    for i, row in enumerate(rows):
        where = f"matches[{i}]"
        if isinstance(row, list):
            if len(row) != 5:
                raise BadRequest(f"{where}: a row is [id, player1, player2, winner, length]")
            key, a, b, w, n = row
        elif isinstance(row, dict):
            try:
                key, a, b, w, n = (row[k] for k in ("id", "player1", "player2", "winner", "length"))
            except KeyError as e:
                raise BadRequest(f"{where}: {e.args[0]!r} is missing") from None
        else:
            raise BadRequest(f"{where} is an object or a list")
        key = _key(key, f"{where}.id")
        if key in seen:
            raise BadRequest(f"{where}: match {key} appears twice")
        seen.add(key)
        if isinstance(n, bool) or not isinstance(n, int):
            raise BadRequest(f"{where}.length is a whole number")
        if isinstance(w, bool) or w not in (1, 2):
            raise BadRequest(f"{where}.winner is 1 or 2")
        game = Game(key, _key(a, f"{where}.player1"), _key(b, f"{where}.player2"), w, n)
        why = game.check()
        if why:
            raise BadRequest(why)
        games.append(game)
    return games


def parse_start(rows: Any) -> dict[str, Standing]:
    if rows is None:
        return {}
    if not isinstance(rows, list):
        raise BadRequest('"start" is a list of {"player", "rating", "experience"}')
    out: dict[str, Standing] = {}
    for i, row in enumerate(rows):
        if not isinstance(row, dict) or "player" not in row or "rating" not in row:
            raise BadRequest(f'start[{i}] is an object with "player" and "rating"')
        player = _key(row["player"], f"start[{i}].player")
        experience = row.get("experience", 0)
        matches = row.get("matches", 0)
        for value, what in ((experience, "experience"), (matches, "matches")):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise BadRequest(f"start[{i}].{what} is a whole number >= 0")
        out[player] = Standing(_number(row["rating"], f"start[{i}].rating", -1e6, 1e6), experience, matches)
    return out


def read_request(raw: bytes) -> dict:
    if len(raw) > MAX_REQUEST_BYTES:
        raise BadRequest(f"the request is larger than {MAX_REQUEST_BYTES // 2**20} MiB")
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=lambda c: _bad_constant(c))
    except UnicodeDecodeError as e:
        raise BadRequest(f"the request is not valid UTF-8 (byte {e.start})") from None
    except json.JSONDecodeError as e:
        raise BadRequest(f"the request is not JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
    except RecursionError:
        raise BadRequest("the request is nested too deeply") from None
    if not isinstance(data, dict):
        raise BadRequest('the request is an object: {"matches": [...]}')
    unknown = set(data) - {"formula", "start", "matches", "discipline", "as_of", "version"}
    if unknown:
        raise BadRequest(f"unknown keys: {', '.join(sorted(unknown))}")
    return data


def _bad_constant(name: str) -> Any:
    raise BadRequest(f"{name} is not a JSON number")


def recompute(data: dict, *, changes: bool = False) -> dict:
    formula = parse_formula(data.get("formula"))
    games = parse_games(data.get("matches", []))
    start = parse_start(data.get("start"))
    r = replay(games, formula, start, keep_changes=changes)
    rows = sorted(r.standings.items(), key=lambda kv: (-kv[1].rating, kv[0]))
    out: dict[str, Any] = {
        "formula": formula.describe(),
        "matches": len(games),
        "ratings": [
            {
                "rank": i,
                "player": k,
                "rating": round(s.rating, 2),
                "experience": s.experience,
                "matches": s.matches,
            }
            for i, (k, s) in enumerate(rows, start=1)
        ],
    }
    if changes:
        out["changes"] = [
            {
                "match": c.key,
                "player": c.player,
                "opponent": c.opponent,
                "won": c.won,
                "length": c.length,
                "before": round(c.before, 2),
                "after": round(c.after, 2),
                "delta": round(c.after - c.before, 2),
            }
            for c in r.changes
        ]
    return out


def _report(cal) -> dict:
    return {
        "formula": cal.formula.describe(),
        "log_loss": round(cal.log_loss, 6),
        "bins": [
            {
                "count": b.count,
                "from": round(b.low, 4),
                "to": round(b.high, 4),
                "predicted": round(b.predicted, 4),
                "actual": round(b.actual, 4),
            }
            for b in cal.bins
        ],
    }


def calibrate(data: dict, c: float | None = None) -> dict:
    games = parse_games(data.get("matches", []))
    start = parse_start(data.get("start"))
    fitted = None
    if c is None:
        fit = fit_c(games)
        c = fit.c
        error = round(fit.error, 4) if math.isfinite(fit.error) else None
        fitted = {"c": round(fit.c, 4), "error": error, "converged": fit.converged}
    fibs = calibration(games, Formula(), start)
    skill = calibration(games, Formula(skill_c=c), start)
    best = min((fibs, skill), key=lambda cal: cal.log_loss)
    return {
        "matches": len(games),
        "fitted_c": fitted,
        "formulas": [_report(fibs), _report(skill)],
        "best": best.formula.name,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m federation.rating", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=["recompute", "calibrate", "fit"])
    parser.add_argument("--input", help="read the request from this file instead of stdin")
    parser.add_argument("--changes", action="store_true", help="recompute: every match's change too")
    parser.add_argument("--c", type=float, help="calibrate: use this C instead of fitting it")
    args = parser.parse_args(argv)
    try:
        if args.input:
            with open(args.input, "rb") as f:
                raw = f.read()
        else:
            raw = sys.stdin.buffer.read()
        data = read_request(raw)
        if args.command == "recompute":
            answer = recompute(data, changes=args.changes)
        elif args.command == "calibrate":
            if args.c is not None and not (0 < args.c <= 100):
                raise BadRequest("--c is a number in (0, 100]")
            answer = calibrate(data, args.c)
        else:
            games = parse_games(data.get("matches", []))
            fit = fit_c(games)
            answer = {
                "matches": len(games),
                "c": round(fit.c, 4),
                "error": round(fit.error, 4) if math.isfinite(fit.error) else None,
                "converged": fit.converged,
                "sweeps": fit.sweeps,
            }
    except (BadRequest, OSError) as e:
        json.dump({"error": str(e), "kind": "bad_request"}, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        print(f"bad request: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # a bug: said plainly, never a traceback
        json.dump({"error": f"{type(e).__name__}: {e}", "kind": "internal"}, sys.stdout)
        sys.stdout.write("\n")
        return 3
    json.dump(answer, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
