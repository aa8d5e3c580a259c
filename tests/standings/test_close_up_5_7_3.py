"""The pure rule of a bracket's places after a removal (004 §5.7.3): the others close up; a place held alone
that is left empty is played for when the players below it share their range."""

from standings.metrics import close_up_ranges, groups_to_play_off


def test_the_others_close_up_each_range_as_wide_as_its_players_5_7_3():
    assert close_up_ranges([(1, 1), (3, 4), (3, 4)]) == [(1, 1), (2, 3), (2, 3)]
    # A quarter-final loser removed from 5–8: the other three share 5–7, the places below move up by one.
    ranges = [(1, 1), (2, 2), (3, 4), (3, 4), (5, 8), (5, 8), (5, 8), (9, 16)]
    assert close_up_ranges(ranges) == [(1, 1), (2, 2), (3, 4), (3, 4), (5, 7), (5, 7), (5, 7), (8, 8)]
    assert close_up_ranges([(5, 8), (5, 8)], start=3) == [(3, 4), (3, 4)]


def test_a_place_held_alone_is_played_for_by_the_shared_range_below_it_5_7_3():
    placed = [("a", 1, 1), ("c", 3, 4), ("d", 3, 4)]
    assert groups_to_play_off(placed, [(2, 2)]) == [["c", "d"]]
    # Below it a single place (a third-place match was played): it simply moves up.
    assert groups_to_play_off([("a", 1, 1), ("c", 3, 3), ("d", 4, 4)], [(2, 2)]) == []
    # A shared place vacated: the others stay shared, nothing to play.
    assert groups_to_play_off([("a", 1, 1), ("b", 2, 2), ("c", 3, 4)], [(3, 4)]) == []
    # Nobody below the vacated place.
    assert groups_to_play_off([("a", 1, 1)], [(2, 2)]) == []
