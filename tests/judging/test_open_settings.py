"""Where the rules leave a choice, a setting with its default (issue 12): tie-breaks by system, the long-nardy
koks zone (003 «Результат партии», 004 §5.4.3), the second warning (004 §5.7.2)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from judging.models import RemovalProposal, Sanction
from records import manager as records_manager
from standings import metrics
from tests.factories import make_tournament
from tests.judging.conftest import at, frozen, play
from tournaments.models import DEFAULT_TIEBREAKS, Tournament


@pytest.mark.parametrize(
    ("system", "keys"),
    [
        ("swiss", ["buchholz", "sonneborn_berger", "direct"]),  # issue 29 §2
        ("round_robin", ["direct", "sonneborn_berger", "wins", "game_difference"]),
        ("mixed", ["direct", "sonneborn_berger", "wins", "game_difference"]),
    ],
)
def test_a_tournament_created_without_tiebreaks_gets_its_systems_defaults(client, secretary, system, keys):
    client.force_login(secretary)
    form = {
        "name": f"Кубок {system}",
        "discipline": "long",
        "start_date": "2026-12-05",
        "end_date": "2026-12-06",
        "system": system,
        "character": "personal",
        "gender_group": "men",
        "match_length": 7,
        "max_losses": 3,
        "cycles": 1,
        "group_count": 2,
        "qualifiers_per_group": 2,
        "best_of_rest": 0,
        "playoff_system": "single_elimination",
        "draw_mode": "seeded",
        "protest_window_minutes": 10,
        "min_age": 18,
        "bye_points": "1",
        "tiebreaks": "",
        "head_rule": "federation",
        "koks_zone": "13-18",
        "second_warning": "propose",
        "group_ties": "lot",
    }
    assert client.post(reverse("public:create"), form).status_code == 302
    t = Tournament.objects.get(name=f"Кубок {system}")
    assert t.tiebreak_keys() == keys


def test_the_round_robin_default_splits_a_tie_buchholz_never_can():
    # a beats b, b beats c, c beats d, ... a round robin of four where a and b tie on points.
    results = [
        metrics.Result("a", "b", "a", "played", 7, 5, 1),
        metrics.Result("c", "d", "c", "played", 7, 0, 1),
        metrics.Result("a", "c", "c", "played", 3, 7, 2),
        metrics.Result("b", "d", "b", "played", 7, 1, 2),
        metrics.Result("a", "d", "a", "played", 7, 2, 3),
        metrics.Result("b", "c", "b", "played", 7, 6, 3),
    ]
    buchholz = {r.player: r for r in metrics.table("abcd", results, tiebreaks=("buchholz",))}
    assert buchholz["a"].place_to == buchholz["b"].place_to == 3  # a, b, c tied and Buchholz cannot split
    default = DEFAULT_TIEBREAKS["round_robin"].split(",")
    ranked = {r.player: r for r in metrics.table("abcd", results, tiebreaks=default)}
    assert len({ranked[p].place for p in "abc"}) == 3


def test_the_koks_zone_is_a_locked_setting_the_records_follow_003_004_5_4_3(client, secretary):
    t = make_tournament(secretary, players=4, system="swiss", rounds=2, koks_zone="19-24")
    assert records_manager.rules_of(t)["koks_zone"] == "19-24"
    assert "koks_zone" in Tournament.LOCKED_AFTER_START
    with frozen(at(0)):
        play(t, secretary, 1)
    client.force_login(secretary)
    form = client.get(reverse("public:edit", args=[t.pk])).context["form"]
    assert form.fields["koks_zone"].disabled


def test_by_default_a_second_warning_proposes_the_removal_5_7_2(running, chief_judge):
    p = running.participants.last()
    for _ in range(2):
        Sanction(person=p.person, tournament=running, kind="warning", clause="003", facts="x").apply(
            chief_judge, p
        )
    p.refresh_from_db()
    assert p.status == "active" and RemovalProposal.objects.get().status == "pending"


def test_the_regulation_may_make_a_second_warning_remove_at_once_5_7_2(running, chief_judge):
    running.second_warning = "remove"
    running.save()
    p = running.participants.last()
    for _ in range(2):
        Sanction(person=p.person, tournament=running, kind="warning", clause="003", facts="x").apply(
            chief_judge, p
        )
    p.refresh_from_db()
    assert p.status == "removed"
    proposal = RemovalProposal.objects.get()
    assert proposal.status == "applied" and proposal.removal.kind == "removal"
