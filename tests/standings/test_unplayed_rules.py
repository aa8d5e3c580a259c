"""Issue 29 §2: the treatment of unplayed games is the regulation's choice (actual / FIDE 2009 / FIDE C.07),
applied to every tie-break that reads opponents; "counts as drawn" is half a win in nardy; the tie-breaks
may be for information only. Pure: standings.metrics, hand-computed values."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from interchange import trf
from standings import metrics
from standings.metrics import Result

DATA = Path(__file__).resolve().parent.parent / "data" / "trf"
H = Fraction(1, 2)


def _rows(results, rule, keys=("buchholz", "sonneborn_berger"), players="ABCD", **kw):
    return {
        r.player: r for r in metrics.table(list(players), results, Fraction(1), keys, unplayed=rule, **kw)
    }


# Three rounds, four players. Round 1: A beats B, C beats D. Round 2: A beats C; B is absent (0), D is on a
# requested bye worth ½. Round 3: A beats D, C beats B.
EVENT = [
    Result("A", "B", "A", "played", round=1),
    Result("C", "D", "C", "played", round=1),
    Result("A", "C", "A", "played", round=2),
    Result("B", None, None, "absent", round=2, value=Fraction(0)),
    Result("D", None, None, "requested_bye", round=2, value=H),
    Result("A", "D", "A", "played", round=3),
    Result("C", "B", "C", "played", round=3),
]


def test_points_count_an_absence_as_0_and_a_requested_bye_at_its_value_issue_29_3():
    rows = _rows(EVENT, "actual")
    assert [rows[p].points for p in "ABCD"] == [3, 0, 2, H]


def test_fide2009_counts_an_opponents_unplayed_round_as_half_a_win_in_his_buchholz_c02_13_15_2():
    # A met B (0 points; round 2 unplayed → ½ for A's Buchholz), C (2), D (½ from the requested bye → ½ as
    # "drawn": a draw is half a win in nardy, the same ½ FIDE gives it).
    rows = _rows(EVENT, "fide2009")
    assert metrics.adjusted_points("B", metrics.Context(rows, 3, rule="fide2009")) == 1  # ½ × scale 2
    assert rows["A"].metrics["buchholz"] == H + 2 + H
    actual = _rows(EVENT, "actual")
    assert actual["A"].metrics["buchholz"] == 0 + 2 + H


def test_fide2009_own_unplayed_round_is_a_virtual_opponent_c02_13_15_2():
    # D's round 2: before 0, requested bye ½ → Svon = 0 + (1 − ½) + ½·(3 − 2) = 1.
    rows = _rows(EVENT, "fide2009")
    # D: C (adjusted 2), virtual 1, A (3).
    assert rows["D"].metrics["buchholz"] == 2 + 1 + 3
    # Sonneborn-Berger: the virtual opponent times D's ½ from the bye.
    assert rows["D"].metrics["sonneborn_berger"] == H * 1


def test_fide2023_own_unplayed_round_is_a_dummy_opponent_with_his_own_points_capped_c07_16_4():
    rows = _rows(EVENT, "fide2023")
    # D's dummy: his own ½ (below the cap of a draw every round, 3/2). B's dummy: his own 0.
    assert rows["D"].metrics["buchholz"] == 2 + H + 3
    assert rows["B"].metrics["buchholz"] == 3 + 0 + 2
    # A withdrawn opponent's rounds after his last available round count ½ (C.07 16.3): here nobody
    # withdrew, so A's Buchholz reads actual points.
    assert rows["A"].metrics["buchholz"] == 0 + 2 + H


def test_fide2023_counts_a_withdrawn_opponents_later_rounds_as_half_c07_16_3():
    results = [
        Result("A", "B", "A", "played", round=1),
        Result("C", "D", "C", "played", round=1),
        Result("A", "C", "A", "played", round=2),  # B withdrew after round 1: no entry in rounds 2, 3
        Result("D", None, "D", "bye", round=2),
        Result("A", "D", "A", "played", round=3),
    ]
    rows = _rows(results, "fide2023")
    ctx = metrics.Context(rows, 3, rule="fide2023")
    assert metrics.adjusted_points("B", ctx) == 2  # 0 + ½ + ½, × scale 2
    # A met B (adjusted 1), C (1 + 0, and no round 3: after his last round, ½ → 3/2) and D (0 + 1 + 0).
    assert rows["A"].metrics["buchholz"] == 1 + Fraction(3, 2) + 1


def test_fide2023_cuts_a_voluntarily_unplayed_round_first_c07_16_5():
    rows = _rows(EVENT, "fide2023", keys=("buchholz_cut1",))
    # D's contributions: C 2, dummy ½ (a VUR: the requested bye), A 3 → the VUR goes, not the lowest.
    assert rows["D"].metrics["buchholz_cut1"] == 2 + 3
    rows = _rows(EVENT, "fide2009", keys=("buchholz_cut1",))
    assert rows["D"].metrics["buchholz_cut1"] == 2 + 3  # lowest: the virtual 1


def test_progressive_reads_no_opponent_and_is_the_same_under_every_rule():
    values = {
        rule: _rows(EVENT, rule, keys=("progressive",))["D"].metrics["progressive"]
        for rule in metrics.UNPLAYED_RULES
    }
    assert len(set(values.values())) == 1


def test_an_imported_draw_is_half_a_point_each_and_played():
    rows = _rows([Result("A", "B", None, "draw", round=1)], "fide2009", players="AB")
    assert rows["A"].points == rows["B"].points == H
    assert rows["A"].draws == 1 and rows["A"].played == 1
    assert metrics.scores("AB", [Result("A", "B", None, "draw", round=1)])["A"].points == H


def test_no_tiebreaks_choice_shares_the_place_and_still_shows_the_values_c07_2_1():
    rows = metrics.table(list("ABCD"), EVENT, Fraction(1), ("buchholz",), unplayed="actual", split=False)
    places = {r.player: (r.place, r.place_to) for r in rows}
    assert places == {"A": (1, 1), "C": (2, 2), "D": (3, 3), "B": (4, 4)}
    tied = [Result("A", "B", "A", "played", round=1), Result("C", "D", "C", "played", round=1)]
    rows = metrics.table(list("ABCD"), tied, Fraction(1), ("buchholz",), split=False)
    assert {(r.place, r.place_to) for r in rows if r.points == 1} == {(1, 2)}
    assert all("buchholz" in r.metrics for r in rows)


def test_an_unknown_rule_is_refused():
    with pytest.raises(ValueError):
        metrics.table(["A"], [], Fraction(1), (), unplayed="fide1999")


def _capo():
    t = trf.parse((DATA / "capo_dorso_2012.trf").read_text(encoding="utf-8"))
    return t, trf.results(t), [str(p.number) for p in t.players], {str(p.number): p.rank for p in t.players}


def test_a_real_84_player_swiss_is_ranked_as_published_under_fide2009_buchholz_then_sonneborn_berger():
    t, results, players, published = _capo()
    rows = metrics.table(players, results, Fraction(1), ("buchholz", "sonneborn_berger"), unplayed="fide2009")
    assert sum(published[r.player] == r.place for r in rows) == 84


def test_the_same_event_under_actual_points_misses_28_places_the_difference_the_issue_reported():
    t, results, players, published = _capo()
    rows = metrics.table(players, results, Fraction(1), ("buchholz", "sonneborn_berger"), unplayed="actual")
    assert sum(published[r.player] == r.place for r in rows) == 56
