"""Command-line face: ``python -m rules_core validate|moves`` (contract in README.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from .findings import CONTACT_RESIGNATION, DEFAULT_CONTACT_RESIGNATION
from .matfile import MatParseError
from .moves import HEAD_RULES, legal_plays
from .position import DISCIPLINES, SHORT, Position, from_gnubg_id
from .scoring import DEFAULT_KOKS_ZONE, KOKS_ZONES
from .validate import validate_record

EXIT_OK, EXIT_INVALID, EXIT_UNREADABLE = 0, 1, 2
# A 25-point match is some 40 KB: a record file over 1 MiB is refused before it is read (exit 2).
MAX_RECORD_BYTES = 1024 * 1024


class RequestError(ValueError):  # PositionError is a ValueError too
    """A ``moves`` request that cannot be answered (answered with ``{"error": …}``)."""


def _ints(value, n: int, name: str) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != n or not all(type(x) is int for x in value):
        raise RequestError(f"{name} must be a list of {n} integers")
    return tuple(value)


def answer_request(req: dict) -> dict:
    """Answer one ``moves`` request (see README.md)."""
    if not isinstance(req, dict):
        raise RequestError("a request is a JSON object")
    known = {
        "discipline",
        "board",
        "bar",
        "off",
        "dice",
        "first_roll",
        "moves_second",
        "head_rule",
        "position_id",
    }
    unknown = set(req) - known
    if unknown:
        raise RequestError(f"unknown keys: {sorted(unknown)}")
    discipline = req.get("discipline")
    if discipline not in DISCIPLINES:
        raise RequestError('discipline must be "short" or "long"')
    d1, d2 = _ints(req.get("dice"), 2, "dice")
    dice = (d1, d2)
    if not all(1 <= x <= 6 for x in dice):
        raise RequestError("dice must be 1..6")
    head_rule = req.get("head_rule", "federation")
    if head_rule not in HEAD_RULES:
        raise RequestError(f"head_rule must be one of {list(HEAD_RULES)}")
    flags = {}
    for key in ("first_roll", "moves_second"):
        val = req.get(key, False)
        if not isinstance(val, bool):
            raise RequestError(f"{key} must be true or false")
        flags[key] = val
    if "position_id" in req:
        if discipline != SHORT:
            raise RequestError("position_id is for short nardy only")
        if any(k in req for k in ("board", "bar", "off")):
            raise RequestError("give either position_id or board/bar/off")
        pos = from_gnubg_id(req["position_id"])
    else:
        bar1, bar2 = _ints(req.get("bar", [0, 0]), 2, "bar")
        off1, off2 = _ints(req.get("off", [0, 0]), 2, "off")
        pos = Position(_ints(req.get("board"), 24, "board"), (bar1, bar2), (off1, off2))
    pos.check(discipline)
    plays = legal_plays(pos, dice, discipline, head_rule=head_rule, **flags)
    return {"plays": [{"moves": p.text, **p.position.to_json()} for p in plays]}


def cmd_moves(stdin: TextIO, stdout: TextIO) -> int:
    status = EXIT_OK
    for line in stdin:
        if not line.strip():
            continue
        try:
            out = answer_request(json.loads(line))
        except (ValueError, RecursionError) as exc:  # JSONDecodeError, PositionError, RequestError
            out = {"error": str(exc)}
            status = EXIT_UNREADABLE
        stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
        stdout.flush()
    return status


def _refuse(stdout: TextIO, error: str) -> int:
    stdout.write(json.dumps({"valid": False, "error": error, "line": None}, ensure_ascii=False) + "\n")
    return EXIT_UNREADABLE


def cmd_validate(
    path: str,
    discipline: str,
    head_rule: str,
    stdout: TextIO,
    koks_zone: str = DEFAULT_KOKS_ZONE,
    contact_resignation: str = DEFAULT_CONTACT_RESIGNATION,
) -> int:
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_RECORD_BYTES + 1)  # a pipe or a device says nothing of its size before
    except OSError as exc:
        return _refuse(stdout, f"cannot read {path}: {exc}")
    if len(raw) > MAX_RECORD_BYTES:
        return _refuse(stdout, f"{path} is larger than {MAX_RECORD_BYTES} bytes: not a match record")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1251", errors="replace")  # older Windows tools write names in a code page
    try:
        report = validate_record(
            text,
            discipline,
            head_rule=head_rule,
            koks_zone=koks_zone,
            contact_resignation=contact_resignation,
        )
    except MatParseError as exc:
        out = {"valid": False, "error": exc.message, "line": exc.line or None}
        stdout.write(json.dumps(out, ensure_ascii=False) + "\n")
        return EXIT_UNREADABLE
    stdout.write(json.dumps(report.to_json(), ensure_ascii=False) + "\n")
    return EXIT_OK if report.valid else EXIT_INVALID


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m rules_core", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    v = sub.add_parser("validate", help="validate a .mat match record; one JSON object on stdout")
    v.add_argument("--discipline", required=True, choices=DISCIPLINES)
    v.add_argument("--head-rule", default="federation", choices=HEAD_RULES)
    v.add_argument("--koks-zone", default=DEFAULT_KOKS_ZONE, choices=KOKS_ZONES)
    v.add_argument("--contact-resignation", default=DEFAULT_CONTACT_RESIGNATION, choices=CONTACT_RESIGNATION)
    v.add_argument("file")
    sub.add_parser("moves", help="legal plays: JSON Lines requests on stdin, one answer line each")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return EXIT_UNREADABLE if exc.code else EXIT_OK
    if args.command == "validate":
        return cmd_validate(
            args.file, args.discipline, args.head_rule, stdout, args.koks_zone, args.contact_resignation
        )
    return cmd_moves(stdin, stdout)
