"""Golden files under ``cases/``, each named after the rule it pins: request in, exact answer out.

A file holds ``rule`` (the clause or rule), ``request``, and either ``answer`` or ``error``
(``NoValidPairing`` / ``BadRequest``). Answers are exact, so they also pin reproducibility: the same
request with the same seed gives the same draw.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from draw import pairing

CASES = sorted((Path(__file__).parent / "cases").rglob("*.json"))


@pytest.mark.parametrize("path", CASES, ids=[str(p.relative_to(p.parents[1])) for p in CASES])
def test_golden_case(path: Path):
    case = json.loads(path.read_text())
    assert case["rule"]
    if "error" in case:
        with pytest.raises(getattr(pairing, case["error"])):
            pairing.handle(case["request"])
    else:
        assert pairing.handle(case["request"]) == case["answer"]


def test_there_are_golden_cases_for_every_system():
    systems = {json.loads(p.read_text())["request"]["system"] for p in CASES}
    assert {
        "swiss",
        "round_robin",
        "groups",
        "single_elimination",
        "double_elimination",
        "playoff_seeding",
    } <= systems
