"""``python -m fees``: the prize maths as JSON in, JSON out (the pure core's command-line face)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def call(request) -> subprocess.CompletedProcess:
    data = request if isinstance(request, str) else json.dumps(request)
    return subprocess.run(
        [sys.executable, "-m", "fees"], input=data, capture_output=True, text=True, cwd=ROOT, check=False
    )


def test_it_pays_the_hort_systems_worked_example():
    letters = "abcdef"
    ranges = [(1, 2), (1, 2), (3, 3), (4, 6), (4, 6), (4, 6)]
    answer = call(
        {
            "prizes": [10000, 8000, 6000, 4000, 2000, 1000],
            "rule": "hort",
            "finishers": [
                {"key": k, "first": a, "last": b} for k, (a, b) in zip(letters, ranges, strict=True)
            ],
        }
    )
    assert answer.returncode == 0, answer.stderr
    out = json.loads(answer.stdout)
    assert [p["amount"] for p in out["payouts"]] == [9500, 8500, 6000, 3167, 2167, 1666]
    assert out["fund"] == 31000 and out["unawarded"] == 0


def test_bad_input_exits_2_with_the_reason():
    for bad in ("not json", "[]", json.dumps({"prizes": [1]}), json.dumps({"finishers": [], "rule": "coin"})):
        answer = call(bad)
        assert answer.returncode == 2 and answer.stderr.startswith("bad input")
