"""Long tables measure their rows once (issue 20 item 3): reportlab 5.1 measures every remaining row again at
each page break, quadratic in the rows (most of the 5,000-player final protocol's time). ``layout.grid``
hands reportlab heights measured once, exactly as reportlab measures them."""

from __future__ import annotations

from protocols import facts, layout


def _table(rows: int):
    w = layout.frame_width(layout.WIDE)
    body = [
        [
            str(i),
            layout.cell("Очень длинная фамилия " * (6 if i == 7 else 1), w * 0.2),
            layout.cell("Москва", w * 0.3),
            "1\n2" if i == 9 else "3",
        ]
        for i in range(rows)
    ]
    return layout.grid(["№", "Участник", "Регион", "Очки"], body, [w * 0.1, w * 0.2, w * 0.3, w * 0.4])


def test_a_long_tables_rows_are_measured_once_as_reportlab_measures_them():
    table = _table(200)
    settled = list(table._argH)
    assert None not in settled  # reportlab will not measure them again at every page break
    assert settled[8] > settled[2] and settled[10] > settled[2]  # the wrapped name, the two-line cell
    table._argH = [None] * len(settled)
    table._calc_height(10**7, layout.frame_width(layout.WIDE))
    assert table._rowHeights == settled


def test_a_short_table_is_left_to_reportlab():
    assert None in _table(10)._argH


def test_the_match_lengths_do_not_read_the_stage_plan_once_per_round(round_robin):
    """A 200-player round robin's stage carries its whole Berger plan: read per round (198 times), it made
    the final protocol's data 8.5 s (issue 20 item 3)."""
    from unittest import mock

    from django.db.models import JSONField

    with mock.patch.object(JSONField, "from_db_value", autospec=True, side_effect=lambda *a: {}) as read:
        assert facts.match_lengths(round_robin) == str(round_robin.match_length)
    assert read.call_count == 0
