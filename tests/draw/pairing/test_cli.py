"""``python -m draw.pairing``: JSON in, JSON out, exit 0 / 1 / 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]  # the repository (tests/draw/pairing/..)


def run(stdin: str | bytes) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    data = stdin.encode() if isinstance(stdin, str) else stdin
    p = subprocess.run(
        [sys.executable, "-m", "draw.pairing"],
        input=data,
        capture_output=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )
    return subprocess.CompletedProcess(p.args, p.returncode, p.stdout.decode(), p.stderr.decode())


def assert_bad_request(p: subprocess.CompletedProcess, *words: str) -> None:
    """Exit 2, a JSON error on stdout, the message on stderr, no traceback."""
    assert p.returncode == 2, (p.returncode, p.stdout[:300], p.stderr[-300:])
    assert "Traceback" not in p.stderr
    answer = json.loads(p.stdout)
    assert answer["kind"] == "bad_request"
    for w in words:
        assert w in answer["error"], answer["error"]
    assert answer["error"] in p.stderr


def test_exit_0_with_the_answer_on_stdout():
    p = run(json.dumps({"system": "round_robin", "players": ["a", "b", "c", "d", "e"]}))
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["rounds"][0] == {"pairs": [["b", "e"], ["c", "d"]], "bye": "a"}


def test_exit_1_when_no_valid_pairing_exists():
    players = [{"id": "a", "opponents": ["b"]}, {"id": "b", "opponents": ["a"]}]
    p = run(json.dumps({"system": "swiss", "players": players}))
    assert p.returncode == 1
    assert "rematch" in json.loads(p.stdout)["error"]


def test_exit_2_on_a_malformed_request_with_a_json_error_and_the_message_on_stderr():
    assert_bad_request(run(json.dumps({"system": "swiss", "players": [], "colour": "white"})), "colour")
    assert_bad_request(run("{not json"), "JSON")


def test_exit_1_answer_says_its_kind():
    players = [{"id": "a", "opponents": ["b"]}, {"id": "b", "opponents": ["a"]}]
    p = run(json.dumps({"system": "swiss", "players": players}))
    assert p.returncode == 1 and json.loads(p.stdout)["kind"] == "no_valid_pairing"


# Hostile input (security issue): each limit of README "Limits", through the CLI.


def swiss_with(players: str) -> str:
    return '{"system": "swiss", "players": ' + players + "}"


def test_invalid_utf8_is_a_bad_request():
    assert_bad_request(run(b'{"system": "round_robin", "players": ["\xff\xfe"]}'), "UTF-8")


def test_nan_and_infinity_are_bad_requests():
    for constant in ("NaN", "Infinity", "-Infinity"):
        players = '[{"id": "a", "points": ' + constant + '}, {"id": "b"}]'
        assert_bad_request(run(swiss_with(players)), constant)
    # 1e999 parses as an infinite float
    assert_bad_request(run('{"system": "swiss", "players": [{"id": "a", "points": 1e999}]}'), "finite")


def test_huge_integers_are_bad_requests():
    assert_bad_request(run('{"system": "swiss", "seed": 1%s, "players": []}' % ("0" * 5000)), "JSON")
    assert_bad_request(run('{"system": "swiss", "seed": 1%s, "players": []}' % ("0" * 30)), "2^63")
    points = {"system": "swiss", "players": [{"id": "a", "points": 10**7}, {"id": "b"}]}
    assert_bad_request(run(json.dumps(points)), "points")
    request = {"system": "round_robin", "players": ["a"], "cycles": 10**9}
    assert_bad_request(run(json.dumps(request)), "cycles")


def test_fractions_with_huge_denominators_are_bad_requests():
    players = [{"id": "a", "points": "1/999983"}, {"id": "b", "points": "1/999979"}]
    assert_bad_request(run(json.dumps({"system": "swiss", "players": players})), "denominator")


def test_deep_nesting_is_a_bad_request():
    deep = "[" * 100_000 + "]" * 100_000
    assert_bad_request(run(swiss_with(deep)), "objects and lists")
    assert_bad_request(run(swiss_with("[" * 5000 + "]" * 5000)), "nested")
    assert_bad_request(run(swiss_with("[" * 20 + "]" * 20)), "nested")


def test_oversized_requests_are_bad_requests():
    assert_bad_request(run(" " * (16 * 2**20 + 1)), "16 MiB")
    objects = "[" + ",".join(["{}"] * 200_000) + "]"
    assert_bad_request(run(swiss_with(objects)), "objects and lists")


def test_too_many_players_and_too_long_ids_are_bad_requests():
    many = [f"p{i}" for i in range(20_001)]
    assert_bad_request(run(json.dumps({"system": "single_elimination", "players": many})), "20000")
    assert_bad_request(run(json.dumps({"system": "round_robin", "players": many[:1001]})), "pairs")
    long_id = "x" * 101
    assert_bad_request(run(json.dumps({"system": "round_robin", "players": [long_id, "b"]})), "100")
    assert_bad_request(run(json.dumps({"system": "swiss", "players": [{"id": long_id}]})), "100")
    assert_bad_request(run(json.dumps({"system": "swiss", "players": [], "seed": "s" * 2000})), "1000")


def test_huge_cycles_are_bad_requests():
    request = {"system": "round_robin", "players": ["a", "b", "c"], "cycles": 5}
    assert_bad_request(run(json.dumps(request)), "cycles")
    p = run(json.dumps({**request, "cycles": 4}))
    assert p.returncode == 0 and len(json.loads(p.stdout)["rounds"]) == 12


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


def test_points_strings_with_huge_exponents_are_bad_requests_at_once():
    # issue 29 §5: Fraction("1e100000000") builds a 100-million-digit integer; both hung for over 30 s
    for points in ("1e100000000", "1e-100000000", "1E+99999"):
        players = [{"id": "a", "points": points}, {"id": "b"}]
        assert_bad_request(run(json.dumps({"system": "swiss", "players": players})), "points", "exponent")
    # the shapes that are points still read
    players = [{"id": "a", "points": "15e-1"}, {"id": "b", "points": "3/2"}, {"id": "c", "points": "1.5"}]
    p = run(json.dumps({"system": "swiss", "players": [*players, {"id": "d"}]}))
    assert p.returncode == 0, p.stderr


def test_a_lone_surrogate_in_an_id_is_a_bad_request_not_a_traceback():
    # issue 29 §5: JSON's "\\ud800" escape is no Unicode text; writing the answer back ended in a traceback
    for request in (
        '{"system": "round_robin", "players": ["\\ud800", "b"]}',
        '{"system": "swiss", "players": [{"id": "a\\udfff"}, {"id": "b"}]}',
        '{"system": "round_robin", "players": ["a", "b"], "\\ud83d": 1}',
    ):
        assert_bad_request(run(request), "surrogate")
    # a whole pair of surrogates is one character, and fine
    p = run('{"system": "round_robin", "players": ["\\ud83d\\ude00", "b"]}')
    assert p.returncode == 0 and "\U0001f600" in p.stdout
