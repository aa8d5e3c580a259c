"""Issue 29 §4: the TRF-16 reader and writer (interchange.trf, pure)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from interchange import trf

DATA = Path(__file__).resolve().parent.parent / "data" / "trf"


def _line(number, name, points, rank, cells):
    head = f"001 {number:>4} m    {name:<33} 1800 ITA     1234567 1970       {points:>4} {rank:>4}"
    return head + "".join(f"  {c}" for c in cells)


def test_it_reads_both_real_files_with_every_result_code():
    capo = trf.parse((DATA / "capo_dorso_2012.trf").read_text(encoding="utf-8"))
    assert (len(capo.players), capo.rounds, capo.played_rounds) == (84, 9, 9)
    assert all(sum(g.points for g in p.games) == p.points for p in capo.players)
    gros = trf.parse((DATA / "gros_2010_round5.trf").read_text(encoding="utf-8"))
    assert (len(gros.players), gros.rounds) == (52, 9)
    codes = {g.code for p in gros.players for g in p.games}
    assert {"1", "0", "=", "+", "-", "H", "U", "Z"} <= codes


def test_dump_then_parse_gives_the_same_games_points_and_ranks():
    capo = trf.parse((DATA / "capo_dorso_2012.trf").read_text(encoding="utf-8"))
    again = trf.parse(trf.dump(capo))
    assert [(p.number, p.points, p.rank, p.games) for p in again.players] == [
        (p.number, p.points, p.rank, p.games) for p in capo.players
    ]


@pytest.mark.parametrize(
    "text, says",
    [
        ("012 nothing\n", "no player line"),
        (_line(1, "A", "1.0", 1, ["   2 w 1"]) + "\n", "opponent 2 has no line"),
        (
            _line(1, "A", "1.0", 1, ["   2 w 1"]) + "\n" + _line(2, "B", "1.0", 2, ["   1 b 1"]) + "\n",
            "disagree",
        ),
        (_line(1, "A", "1.0", 1, ["   0 - X"]) + "\n", "without an opponent"),
        (_line(1, "A", "x.0", 1, []) + "\n", "points"),
        (_line(1, "A", "1.0", 1, []) + "\n" + _line(1, "B", "1.0", 2, []) + "\n", "again"),
    ],
)
def test_a_bad_file_is_refused_with_its_line(text, says):
    with pytest.raises(trf.TrfError, match=says):
        trf.parse(text)


def test_results_map_every_code():
    gros = trf.parse((DATA / "gros_2010_round5.trf").read_text(encoding="utf-8"))
    kinds = {}
    for r in trf.results(gros):
        kinds.setdefault(r.kind, []).append(r)
    assert {"played", "draw", "technical", "bye", "absent", "requested_bye"} <= set(kinds)
    half = [r for r in kinds["requested_bye"] if r.value == Fraction(1, 2)]
    assert half and all(r.player2 is None for r in half)
