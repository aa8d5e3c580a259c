"""Short nardy agrees with GNU Backgammon 1.07 on positions reached by random play.

The fixture comes from scripts/gnubg_reference.py (see rules_core/README.md); gnubg itself is not needed here.
"""

from __future__ import annotations

import gzip
import itertools
import json
from pathlib import Path

import pytest

from rules_core import from_gnubg_id, legal_plays, to_gnubg_id

FIXTURE = Path(__file__).parent / "data" / "gnubg_plays.jsonl.gz"


def _rows():
    with gzip.open(FIXTURE, "rt", encoding="ascii") as fh:
        for line in fh:
            yield json.loads(line)


def test_fixture_is_large_and_varied():
    rows = list(_rows())
    assert len(rows) >= 3000
    assert sum(1 for r in rows if from_gnubg_id(r["id"]).bar[0]) > 100
    assert sum(1 for r in rows if r["dice"][0] == r["dice"][1]) > 500
    assert sum(1 for r in rows if not r["plays"]) > 10


def disagreements(rows) -> list:
    mismatches = []
    for row in rows:
        position = from_gnubg_id(row["id"])
        assert to_gnubg_id(position) == row["id"]
        mine = sorted({to_gnubg_id(p.position) for p in legal_plays(position, tuple(row["dice"]), "short")})
        if mine != row["plays"]:
            mismatches.append((row["id"], row["dice"], sorted(set(mine) ^ set(row["plays"]))[:4]))
    return mismatches


@pytest.mark.slow  # every position of the fixture (make test); every tenth in the inner loop (below)
def test_001_21_legal_plays_agree_with_gnu_backgammon():
    mismatches = disagreements(_rows())
    assert not mismatches, mismatches[:5]


def test_001_21_legal_plays_agree_with_gnu_backgammon_every_tenth_position():
    mismatches = disagreements(itertools.islice(_rows(), 0, None, 10))
    assert not mismatches, mismatches[:5]
