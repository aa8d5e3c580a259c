"""``python -m federation.rating``: the contract of its README (JSON in, JSON out, exit codes)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from federation.rating import Game, replay

ROOT = Path(__file__).resolve().parents[3]


def run(command: str, request, *args: str) -> tuple[int, dict, str]:
    raw = request if isinstance(request, bytes) else json.dumps(request).encode()
    p = subprocess.run(
        [sys.executable, "-m", "federation.rating", command, *args],
        input=raw,
        capture_output=True,
        cwd=ROOT,
        timeout=120,
    )
    return p.returncode, json.loads(p.stdout), p.stderr.decode()


MATCHES = [
    {"id": "1", "player1": "A", "player2": "B", "winner": 1, "length": 5},
    ["2", "B", "C", 2, 7],
    {"id": "3", "player1": "C", "player2": "A", "winner": 1, "length": 1},
]


def test_recompute_gives_the_list_the_core_gives():
    code, out, _ = run("recompute", {"matches": MATCHES}, "--changes")
    assert code == 0
    core = replay([Game("1", "A", "B", 1, 5), Game("2", "B", "C", 2, 7), Game("3", "C", "A", 1, 1)]).standings
    assert {r["player"]: r["rating"] for r in out["ratings"]} == {
        k: round(s.rating, 2) for k, s in core.items()
    }
    assert [r["rank"] for r in out["ratings"]] == [1, 2, 3]
    assert out["formula"]["name"] == "fibs"
    assert len(out["changes"]) == 6 and out["changes"][0]["won"] is True


def test_recompute_starts_from_an_imported_list():
    start = [{"player": "A", "rating": 1800, "experience": 900}]
    _code, out, _ = run("recompute", {"matches": MATCHES[:1], "start": start})
    a = next(r for r in out["ratings"] if r["player"] == "A")
    assert a["experience"] == 905 and a["rating"] == 1802.83  # 4 * sqrt(5) * P_upset(300, 5)


def test_recompute_with_the_skill_function():
    _code, out, _ = run("recompute", {"matches": MATCHES, "formula": {"name": "skill", "c": 2}})
    _code, fibs, _ = run("recompute", {"matches": MATCHES})
    assert out["ratings"] == fibs["ratings"]


@pytest.mark.parametrize(
    ("request_", "says"),
    [
        (b"\xff", "UTF-8"),
        (b"{", "not JSON"),
        (b"[]", "object"),
        ({"matches": [{"id": "1", "player1": "A", "player2": "A", "winner": 1, "length": 5}]}, "himself"),
        ({"matches": [["1", "A", "B", 3, 5]]}, "winner"),
        ({"matches": [["1", "A", "B", 1, 0]]}, "length"),
        ({"matches": [["1", "A", "B", 1, 5], ["1", "A", "B", 1, 5]]}, "twice"),
        ({"matches": [], "formula": {"name": "elo"}}, "fibs"),
        ({"matches": [], "formula": {"name": "skill"}}, '"c"'),
        ({"matches": [], "start": [{"player": "A", "rating": "x"}]}, "finite number"),
        ({"matches": [], "extra": 1}, "unknown"),
        (b'{"matches": [], "formula": {"name": "skill", "c": NaN}}', "NaN"),
    ],
)
def test_bad_input_exits_2_with_a_clear_message(request_, says):
    code, out, err = run("recompute", request_)
    assert code == 2
    assert out["kind"] == "bad_request" and says in out["error"]
    assert "Traceback" not in err


def test_calibrate_reports_both_formulas_and_the_fitted_c():
    from .generated import history

    _true, games = history(3, players=30, matches=3_000, c=1.0)
    request = {"matches": [[g.key, g.player1, g.player2, g.winner, g.length] for g in games]}
    code, out, _ = run("calibrate", request)
    assert code == 0
    assert [f["formula"]["name"] for f in out["formulas"]] == ["fibs", "skill"]
    assert out["fitted_c"]["converged"] is True and out["best"] in ("fibs", "skill")
    assert all(len(f["bins"]) == 10 for f in out["formulas"])
    code, fit, _ = run("fit", request)
    assert code == 0 and fit["c"] == out["fitted_c"]["c"]
