"""The command-line contract of rules_core/README.md (run as a real subprocess once, in-process otherwise)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_core.cli import MAX_RECORD_BYTES, main

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
START_LONG = [0] * 11 + [-15] + [0] * 11 + [15]


def run(argv, stdin=""):
    out = io.StringIO()
    code = main(argv, io.StringIO(stdin), out)
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_validate_valid_record_exit_0(tmp_path):
    code, (out,) = run(["validate", "--discipline", "short", str(DATA / "gnubg_export_3pt.mat")])
    assert code == 0
    assert out["valid"] is True and out["errors"] == [] and out["score"] == [3, 0]
    assert out["games"][0]["winner"] == 1 and out["games"][0]["points"] == 2


def test_validate_record_breaking_rules_exit_1(tmp_path):
    text = (DATA / "gnubg_export_3pt.mat").read_text().replace("  1) 51: 13/8 24/23", "  1) 51: 13/8 24/22")
    f = tmp_path / "bad.mat"
    f.write_text(text)
    code, (out,) = run(["validate", "--discipline", "short", str(f)])
    assert code == 1 and out["valid"] is False
    err = out["errors"][0]
    assert {"game": 1, "move": 1, "side": 1}.items() <= err.items()
    assert err["rule"] and err["message"] and err["expected"]


def test_validate_errors_carry_a_code_and_its_arguments(tmp_path):
    text = (DATA / "gnubg_export_3pt.mat").read_text().replace("  1) 51: 13/8 24/23", "  1) 51: 13/8 24/22")
    f = tmp_path / "bad.mat"
    f.write_text(text)
    code, (out,) = run(["validate", "--discipline", "short", str(f)])
    (err,) = out["errors"]
    assert (
        err["code"] == "wrong_distance"
        and err["args"]["roll"] == "51"
        and err["args"]["play"] == "13/8 24/22"
    )
    assert "24/23 13/8" in err["args"]["legal"] and err["args"]["legal_count"] == 8
    # The rest of game 1 was written from the real board: one note, the other games checked.
    (note,) = out["notes"]
    assert note["code"] == "not_checked" and note["args"] == {"game": 1, "from_move": 1}
    assert [g["checked"] for g in out["games"]] == [False] + [True] * (len(out["games"]) - 1)


def test_validate_refuses_a_file_over_1_mib_with_exit_2(tmp_path):
    legal = (DATA / "gnubg_export_3pt.mat").read_text()
    # Comments pad a legal record to exactly the limit: read; one byte more: refused unread.
    pad = MAX_RECORD_BYTES - len(legal.encode())
    at_limit = tmp_path / "at_limit.mat"
    at_limit.write_text(";" + "x" * (pad - 2) + "\n" + legal)
    assert at_limit.stat().st_size == MAX_RECORD_BYTES
    code, (out,) = run(["validate", "--discipline", "short", str(at_limit)])
    assert code == 0 and out["valid"] is True
    over = tmp_path / "over.mat"
    over.write_text(";" + "x" * (pad - 1) + "\n" + legal)
    code, (out,) = run(["validate", "--discipline", "short", str(over)])
    assert code == 2 and out["valid"] is False and out["line"] is None
    assert "larger than 1048576 bytes" in out["error"]


def test_validate_koks_zone_option_decides_a_long_nardy_koks(tmp_path):
    from .test_scoring import koks_zone_record

    f = tmp_path / "koks.mat"
    f.write_text(koks_zone_record(points=2))  # the loser's checker is on his 20: mars by 13-18, koks by 19-24
    code, (out,) = run(["validate", "--discipline", "long", str(f)])
    assert code == 0 and out["games"][0]["multiplier"] == 2
    code, (out,) = run(["validate", "--discipline", "long", "--koks-zone", "19-24", str(f)])
    assert (
        code == 1 and out["errors"][0]["code"] == "wrong_points" and out["errors"][0]["args"]["points"] == 3
    )
    code, outs = run(["validate", "--discipline", "long", "--koks-zone", "7-12", str(f)])
    assert code == 2 and outs == []  # argparse says why on stderr


def test_validate_reads_a_cp1251_record(tmp_path):
    text = (DATA / "gnubg_export_3pt.mat").read_text().replace("root", "Иван")
    f = tmp_path / "cp.mat"
    f.write_bytes(text.encode("cp1251"))
    code, (out,) = run(["validate", "--discipline", "short", str(f)])
    assert code == 0 and out["players"] == ["gnubg", "Иван"]


def test_validate_unreadable_exit_2_with_line(tmp_path):
    f = tmp_path / "junk.mat"
    f.write_text(" 3 point match\n Game 1\n A : 0    B : 0\n  1) 99: 1/2\n")
    code, (out,) = run(["validate", "--discipline", "long", str(f)])
    assert code == 2 and out["valid"] is False and out["line"] == 4
    code, (out,) = run(["validate", "--discipline", "long", str(tmp_path / "missing.mat")])
    assert code == 2


def test_moves_answers_each_line_in_order():
    reqs = [
        {"discipline": "short", "position_id": "4HPwATDgc/ABMA", "dice": [3, 1]},
        {
            "discipline": "long",
            "board": START_LONG,
            "bar": [0, 0],
            "off": [0, 0],
            "dice": [6, 6],
            "first_roll": True,
            "moves_second": True,
            "head_rule": "federation",
        },
        {
            "discipline": "long",
            "board": START_LONG,
            "bar": [0, 0],
            "off": [0, 0],
            "dice": [6, 6],
            "first_roll": True,
            "moves_second": False,
        },
    ]
    code, outs = run(["moves"], "\n".join(json.dumps(r) for r in reqs) + "\n")
    assert code == 0 and len(outs) == 3
    assert len(outs[0]["plays"]) == 16 and {"moves", "board", "bar", "off"} <= outs[0]["plays"][0].keys()
    assert [p["moves"] for p in outs[1]["plays"]] == ["24/18(2)"]
    assert outs[1]["plays"][0]["board"][17] == 2 and outs[1]["plays"][0]["board"][23] == 13
    assert [p["moves"] for p in outs[2]["plays"]] == ["24/18"]


def test_moves_cannot_play_gives_empty_list_and_bad_request_an_error():
    closed = {
        "discipline": "short",
        "board": [0] * 12 + [14] + [0] * 5 + [-2] * 6,
        "bar": [1, 3],
        "off": [0, 0],
        "dice": [6, 5],
    }
    code, outs = run(["moves"], json.dumps(closed) + "\nnot json\n" + json.dumps({"discipline": "x"}) + "\n")
    assert outs[0] == {"plays": []}
    assert "error" in outs[1] and "error" in outs[2] and code == 2


def test_python_dash_m_runs():
    req = json.dumps({"discipline": "short", "position_id": "4HPwATDgc/ABMA", "dice": [6, 5]})
    proc = subprocess.run(
        [sys.executable, "-m", "rules_core", "moves"],
        input=req + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 0
    assert len(json.loads(proc.stdout)["plays"]) == 7


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 30) | st.sampled_from(["short", "long", "classic", "x"]),
    lambda children: (
        st.lists(children, max_size=25) | st.dictionaries(st.text(max_size=3), children, max_size=4)
    ),
    max_leaves=40,
)
_KEYS = [
    "discipline",
    "board",
    "bar",
    "off",
    "dice",
    "first_roll",
    "moves_second",
    "head_rule",
    "position_id",
]


_REQUESTS = st.dictionaries(st.sampled_from(_KEYS), _JSON, max_size=9)


def answer_or_error_line(req) -> None:
    code, outs = run(["moves"], json.dumps(req) + "\n")
    assert len(outs) == 1 and ("plays" in outs[0] or "error" in outs[0])
    assert code in (0, 2)


# The same property twice: 300 examples in `make test` (slow), 50 in the inner loop (issue 26 part 5).
@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(_REQUESTS)
def test_moves_random_requests_get_an_answer_or_an_error_line(req):
    answer_or_error_line(req)


@settings(max_examples=50, deadline=None)
@given(_REQUESTS)
def test_moves_random_requests_get_an_answer_or_an_error_line_50_examples(req):
    answer_or_error_line(req)


@settings(max_examples=200, deadline=None)
@given(
    st.text(
        alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=!", min_size=0, max_size=16
    )
)
def test_moves_random_position_ids_get_an_answer_or_an_error_line(pid):
    code, outs = run(
        ["moves"], json.dumps({"discipline": "short", "position_id": pid, "dice": [6, 6]}) + "\n"
    )
    assert len(outs) == 1 and ("plays" in outs[0] or "error" in outs[0])
