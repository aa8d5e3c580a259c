"""The prize maths' command-line face (no Django): JSON in on stdin, JSON out on stdout.

    echo '{"prizes": [150000, 50000], "rule": "hort",
           "finishers": [{"key": "a", "first": 1, "last": 2}, {"key": "b", "first": 1, "last": 2}],
           "specials": [{"code": "woman", "amount": 100000, "eligible": ["b"]}]}' | python -m fees

Amounts in kopecks. ``rule``: "equal" (default) or "hort"; ``one_prize_each``: true (default). Answers
``{"payouts": [{"key", "amount", "prize", "pot", "shared_by", "kept"}], "unawarded", "fund"}``.
Exit codes: 0 — done; 2 — bad input (the reason on stderr, in English).
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict

from fees import money


def run(request: dict) -> dict:
    prizes = [int(x) for x in request.get("prizes", [])]
    finishers = [money.Finisher(str(f["key"]), int(f["first"]), int(f["last"])) for f in request["finishers"]]
    specials = [
        money.Special(str(s["code"]), int(s["amount"]), tuple(str(k) for k in s.get("eligible", [])))
        for s in request.get("specials", [])
    ]
    rule = request.get("rule", money.SHARE_EQUAL)
    d = money.award(prizes, finishers, specials, rule, bool(request.get("one_prize_each", True)))
    return {
        "payouts": [asdict(p) for p in d.payouts],
        "unawarded": d.unawarded,
        "fund": money.fund(prizes, specials),
    }


def main(argv: list[str] | None = None) -> int:
    try:
        request = json.load(sys.stdin)
        if not isinstance(request, dict):
            raise ValueError("the request is not a JSON object")
        answer = run(request)
    except (ValueError, KeyError, TypeError, money.MoneyError) as e:
        print(f"bad input: {e}", file=sys.stderr)
        return 2
    json.dump(answer, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
