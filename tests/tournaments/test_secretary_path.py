"""The secretary's whole path through the web UI for every system, ending in final standings where every
participant has a place (004 §1.4.3–1.4.7, §6.2.3)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from registration.models import Participant
from standings.ranking import final_standings
from tests.factories import make_tournament, play_out


def _login(client, user):
    client.force_login(user)
    return client


def _assert_everyone_placed(t, expected_first_place_count: int | None = 1):
    rows = final_standings(t)
    active = t.participants.filter(status=Participant.Status.ACTIVE).count()
    assert len(rows) == t.participants.count()
    placed = [r for r in rows if r.row.place is not None]
    assert len(placed) == active
    winners = sum(1 for r in placed if r.row.place == 1)
    if expected_first_place_count is None:
        assert winners >= 1  # a shared first place is possible in a table after all tie-breaks
    else:
        assert winners == expected_first_place_count
    places = [r.row.place for r in placed]
    assert places == sorted(places)
    return rows


def test_it_creates_a_tournament_through_the_form(client, secretary):
    _login(client, secretary)
    response = client.post(
        reverse("public:create"),
        {
            "name": "Открытый кубок",
            "discipline": "long",
            "start_date": "2026-12-05",
            "end_date": "2026-12-06",
            "system": "swiss",
            "character": "personal",
            "gender_group": "men",
            "match_length": 7,
            "max_losses": 3,
            "cycles": 1,
            "group_count": 2,
            "qualifiers_per_group": 2,
            "best_of_rest": 0,
            "playoff_system": "single_elimination",
            "third_place": "on",
            "grand_final_reset": "on",
            "draw_mode": "seeded",
            "protest_window_minutes": 10,
            "min_age": 18,
            "bye_points": "1",
            "tiebreaks": "buchholz,wins",
            "head_rule": "federation",
            "koks_zone": "13-18",
            "second_warning": "propose",
            "group_ties": "lot",
        },
    )
    assert response.status_code == 302
    from tournaments.models import Tournament

    t = Tournament.objects.get(name="Открытый кубок")
    assert t.officials.get().role == "chief_secretary"
    response = client.post(
        reverse("registration:participant_add", args=[t.pk]),
        {"surname": "Петров", "name": "Пётр", "birth_date": "1990-02-03", "gender": "male", "seed": 1},
    )
    assert response.status_code == 302
    assert t.participants.get().person.surname == "Петров"


def test_swiss_path_004_1_4_6(client, secretary):
    t = make_tournament(secretary, players=13, system="swiss", rounds=5)
    played = play_out(_login(client, secretary), t, seed=3)
    assert played == 5
    rows = _assert_everyone_placed(t, expected_first_place_count=None)
    # The odd field gives one bye a round, each to a different player.
    byes = [r.row.byes for r in rows]
    assert sum(byes) == 5 and max(byes) == 1
    # Nobody met the same opponent twice.
    for r in rows:
        assert len(r.row.opponents) == len(set(r.row.opponents))


def test_swiss_until_three_losses_path(client, secretary):
    t = make_tournament(secretary, players=12, system="swiss_losses", max_losses=3)
    play_out(_login(client, secretary), t, seed=5)
    rows = final_standings(t)
    still_in = [r for r in rows if r.row.losses < 3]
    assert len(still_in) == 1  # the event ends when one player remains
    assert rows[0].participant == still_in[0].participant
    assert all(r.row.place is not None for r in rows)


def test_round_robin_two_cycles_path_004_1_4_3(client, secretary):
    t = make_tournament(secretary, players=5, system="round_robin", cycles=2)
    played = play_out(_login(client, secretary), t, seed=7)
    assert played == 10  # 5 players: 5 rounds per cycle, one rests each round
    rows = _assert_everyone_placed(t, expected_first_place_count=None)
    for r in rows:
        assert r.row.played == 8  # each opponent twice
        assert sorted(set(r.row.opponents)) == sorted(set(x.row.player for x in rows) - {r.row.player})


def test_single_elimination_with_third_place_path_004_1_4_4(client, secretary):
    t = make_tournament(secretary, players=11, system="single_elimination", third_place=True)
    played = play_out(_login(client, secretary), t, seed=9)
    assert played == 4  # bracket of 16: four rounds, the third-place match beside the final
    rows = _assert_everyone_placed(t)
    assert [r.row.place for r in rows[:4]] == [1, 2, 3, 4]
    assert rows[0].row.losses == 0


def test_double_elimination_path_004_1_4_5(client, secretary):
    t = make_tournament(secretary, players=8, system="double_elimination", grand_final_reset=True)
    play_out(_login(client, secretary), t, seed=11)
    rows = _assert_everyone_placed(t)
    assert rows[0].row.place == 1 and rows[1].row.place == 2
    # Nobody is out before a second loss: every player below first place lost at least twice,
    # except the runner-up after a grand final without reset.
    for r in rows[2:]:
        assert r.row.losses == 2


def test_mixed_groups_then_playoff_path_004_1_4_7(client, secretary):
    t = make_tournament(
        secretary,
        players=12,
        system="mixed",
        group_count=3,
        qualifiers_per_group=2,
        best_of_rest=2,
        playoff_system="single_elimination",
        third_place=True,
    )
    play_out(_login(client, secretary), t, seed=13)
    stages = list(t.stages.order_by("number"))
    assert [s.kind for s in stages] == ["groups", "playoff"]
    assert len(stages[1].plan["players"]) == 8  # 3 groups x 2 + 2 best of the rest
    rows = _assert_everyone_placed(t)
    assert {r.row.place for r in rows[:4]} == {1, 2, 3, 4}
    assert rows[-1].row.place_to == 12


@pytest.mark.parametrize("system", ["swiss", "round_robin", "single_elimination"])
def test_finished_tournament_accepts_no_more_draws(client, secretary, system):
    t = make_tournament(secretary, players=4, system=system, rounds=2)
    play_out(_login(client, secretary), t, seed=1)
    rounds_before = t.round_set.count()
    response = client.post(reverse("draw:draw", args=[t.pk]), {"number": rounds_before + 1})
    assert response.status_code == 302
    assert response.url == reverse("public:detail", args=[t.pk])
    assert t.round_set.count() == rounds_before


def test_every_locked_setting_is_on_the_form_and_the_playoff_length_can_be_set(client, secretary):
    from tournaments.forms import TournamentForm
    from tournaments.models import Tournament

    assert set(Tournament.LOCKED_AFTER_START) <= set(TournamentForm.base_fields)
    t = make_tournament(secretary, players=4, system="mixed")
    client.force_login(secretary)
    form = client.get(reverse("public:edit", args=[t.pk])).context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None and k in form.fields}
    data.update(playoff_match_length=9, start_date="2026-12-05", end_date="2026-12-06")
    data = {k: ("on" if v is True else v) for k, v in data.items() if v is not False}
    response = client.post(reverse("public:edit", args=[t.pk]), data)
    assert response.status_code == 302, response.context["form"].errors
    t.refresh_from_db()
    assert t.playoff_match_length == 9
