"""``python -m draw.pairing``: JSON in, JSON out, exit 0 / 1 / 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(stdin: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "draw.pairing"],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )


def test_exit_0_with_the_answer_on_stdout():
    p = run(json.dumps({"system": "round_robin", "players": ["a", "b", "c", "d", "e"]}))
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["rounds"][0] == {"pairs": [["b", "e"], ["c", "d"]], "bye": "a"}


def test_exit_1_when_no_valid_pairing_exists():
    players = [{"id": "a", "opponents": ["b"]}, {"id": "b", "opponents": ["a"]}]
    p = run(json.dumps({"system": "swiss", "players": players}))
    assert p.returncode == 1
    assert "rematch" in json.loads(p.stdout)["error"]


def test_exit_2_on_a_malformed_request_with_the_message_on_stderr():
    p = run(json.dumps({"system": "swiss", "players": [], "colour": "white"}))
    assert p.returncode == 2 and p.stdout == ""
    assert "colour" in p.stderr
    p = run("{not json")
    assert p.returncode == 2 and "JSON" in p.stderr


def test_same_request_gives_the_same_draw_in_another_process():
    # the app may re-check a stored draw on a worker: string hashing must not leak into the answer
    players = [{"id": f"p{i}", "points": i % 4, "opponents": [f"p{(i + 1) % 30}"]} for i in range(30)]
    request = json.dumps({"system": "swiss", "seed": 42, "players": players})
    answers = set()
    for hash_seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": hash_seed}
        p = subprocess.run(
            [sys.executable, "-m", "draw.pairing"],
            input=request,
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=60,
        )
        assert p.returncode == 0, p.stderr
        answers.add(p.stdout)
    assert len(answers) == 1
