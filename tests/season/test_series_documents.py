"""The series standings' plain table (what the PDF and the exports print) and seeds by the rating list
(issue 32 §2)."""

from __future__ import annotations

import pytest

from federation.models import Rating
from season.documents import number, series_table
from season.manager import series_standings
from tests.season.builders import cup

pytestmark = pytest.mark.django_db


def test_issue_32_2_the_table_prints_a_dropped_result_in_brackets_and_a_missed_stage_as_a_dash():
    series, events, who = cup(stages=3, drop_worst=1, missed_is_worst=True)
    table = series_table(series_standings(series))
    assert table.stages == ("1", "2", "3")
    first = next(line for line in table.lines if line.federation_id == who[0].pk)
    # He missed stage 2: it is his dropped worst result, printed as a dash; the others count.
    assert first.cells[1] == "—"
    assert not any(c.startswith("(") for c in first.cells)
    others = [line for line in table.lines if line.federation_id != who[0].pk]
    assert all(sum(c.startswith("(") for c in line.cells) == 1 for line in others)


def test_issue_32_2_numbers_print_whole_or_with_a_decimal_comma():
    from fractions import Fraction

    assert number(Fraction(12)) == "12"
    assert number(Fraction(25, 2)) == "12,5"
    assert number(Fraction(1, 3)) == "0,33"
    assert number(None) == "—"


def test_issue_32_2_seeds_by_the_rating_list():
    series, events, who = cup(
        stages=1, qualify_from="series", qualify_top=3, seed_by="rating", discipline="long"
    )
    st = series_standings(series)
    top3 = [r.person for r in st.rows[:3]]
    # The third of the series has the highest rating, the first none.
    Rating.objects.create(discipline="long", person_id=int(top3[2]), rating=1900, experience=500, matches=50)
    Rating.objects.create(discipline="long", person_id=int(top3[1]), rating=1600, experience=500, matches=50)
    seeded = series_standings(series).qualifiers
    assert [q.person for q in seeded] == [top3[2], top3[1], top3[0]]
    assert [q.seed for q in seeded] == [1, 2, 3]
