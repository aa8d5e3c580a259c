"""Qualification from a tied group (004 §1.4.7): the tie-breaks first, then a lot drawn with a stored seed (or
a play-off match, if the regulation says so); the group table, the playoff draw and the final protocol say how
each qualifier was decided."""

from __future__ import annotations

from django.urls import reverse

from draw import manager as draw_manager
from draw import results
from draw.models import GroupMember, Match, Stage
from protocols.docs import final as final_protocol
from tests.factories import make_tournament
from tests.judging.conftest import at, draw_and_start, frozen

# Every group of three is a cycle: each player beats one and loses to the other 7:0, so points (1), direct
# encounter, Sonneborn-Berger, wins and game-point difference are all equal.


def _cyclic_groups(secretary, chief_judge, **settings):
    t = make_tournament(
        secretary,
        chief_judge,
        players=6,
        system="mixed",
        group_count=2,
        qualifiers_per_group=1,
        playoff_system="single_elimination",
        third_place=False,
        **settings,
    )
    for number in range(1, 4):
        with frozen(at(number * 30)):
            rnd = draw_and_start(t, secretary, number, seed=number)
            for m in rnd.matches.exclude(player2=None):
                pos = {gm.participant_id: gm.position for gm in GroupMember.objects.filter(group=m.group)}
                a, b = pos[m.player1_id], pos[m.player2_id]
                first_wins = (b - a) % 3 == 1  # 1 beats 2, 2 beats 3, 3 beats 1
                s = (7, 0) if first_wins else (0, 7)
                results.record_result(m.pk, secretary, results.ResultInput("played", *s), m.version)
    return t


def test_a_three_way_tie_for_the_qualifying_place_is_broken_by_a_stored_lot_1_4_7(
    client, secretary, chief_judge
):
    t = _cyclic_groups(secretary, chief_judge)
    for _group, rows in draw_manager.group_tables(t):
        assert [r.place_to for r in rows] == [3, 3, 3]  # the tie-breaks leave them all equal
    with frozen(at(200)):
        rnd = draw_manager.draw_round(t, secretary, expected_number=4, seed=12345)
    groups = Stage.objects.get(tournament=t, kind="groups")
    ties = groups.plan["ties"]
    assert len(ties) == 2 and {d["method"] for d in ties.values()} == {"lot"}
    assert {d["seed"] for d in ties.values()} == {12345}
    # The tables now follow the lot, and say so; the playoff took the lot's winners.
    winners = set()
    for group, rows in draw_manager.group_tables(t):
        assert [r.place for r in rows] == [1, 2, 3] and {r.decided for r in rows} == {"lot"}
        decision = next(d for k, d in ties.items() if k.startswith(f"{group.number}:"))
        assert [r.player for r in rows] == decision["order"]
        winners.add(int(rows[0].player))
    final = rnd.matches.get()
    assert {final.player1_id, final.player2_id} == winners
    assert [q["how"] for q in groups.plan["qualification"]] == ["lot", "lot"]
    # The same lot again gives the same order (checkable); the pages and the protocol say how.
    from standings.metrics import lot_order

    for key, d in ties.items():
        assert lot_order(key.split(":")[1].split(","), d["seed"]) == d["order"]
    page = client.get(reverse("public:crosstable", args=[t.pk])).content.decode()
    assert "жребием (зерно 12345)" in page
    assert {q.how for q in final_protocol.build(t).qualification} == {"жребием (зерно 12345)"}


def test_with_a_play_off_match_the_draw_waits_for_the_panels_record_1_4_7(client, secretary, chief_judge):
    t = _cyclic_groups(secretary, chief_judge, group_ties="match")
    try:
        draw_manager.draw_round(t, secretary, expected_number=4, seed=1)
    except draw_manager.DrawError as exc:
        assert "дополнительный матч" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("the playoff was drawn over an undecided tie")
    assert not t.stages.filter(kind="playoff").exists()
    client.force_login(chief_judge)
    desk = client.get(reverse("judging:desk", args=[t.pk])).content.decode()
    assert reverse("judging:group_tie", args=[t.pk, 1]) in desk
    for group, rows in draw_manager.group_tables(t):
        order = [r.player for r in rows][::-1]
        data = {f"place{i}": key for i, key in enumerate(order)}
        data["note"] = "Дополнительный матч 5:3"
        response = client.post(reverse("judging:group_tie", args=[t.pk, group.number]), data)
        assert response.status_code == 302, response.content.decode()[:2000]
    rnd = draw_manager.draw_round(t, secretary, expected_number=4, seed=1)
    tables = draw_manager.group_tables(t)
    assert all({r.decided for r in rows} == {"match"} for _g, rows in tables)
    assert {rnd.matches.get().player1_id, rnd.matches.get().player2_id} == {
        int(rows[0].player) for _g, rows in tables
    }


def test_only_the_panel_records_a_play_off_match_403_1_4_7(
    client, secretary, chief_judge, stranger, participant_user
):
    t = _cyclic_groups(secretary, chief_judge, group_ties="match")
    group, rows = draw_manager.group_tables(t)[0]
    data = {f"place{i}": r.player for i, r in enumerate(rows)}
    data["note"] = "x"
    for user in (None, stranger, participant_user):
        client.logout()
        if user is not None:
            client.force_login(user)
        assert client.post(reverse("judging:group_tie", args=[t.pk, group.number]), data).status_code == 403
    assert "ties" not in Stage.objects.get(tournament=t, kind="groups").plan
    assert not Match.objects.filter(round__stage__kind="playoff", round__tournament=t).exists()


def test_the_first_playoff_round_says_how_each_qualifier_was_decided_1_4_7(client, secretary, chief_judge):
    t = _cyclic_groups(secretary, chief_judge)
    with frozen(at(200)):
        rnd = draw_manager.draw_round(t, secretary, expected_number=4, seed=777)
    client.force_login(secretary)
    page = client.get(reverse("public:round", args=[t.pk, rnd.number])).content.decode()
    assert page.count("жребием (зерно 777)") == 2
