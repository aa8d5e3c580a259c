"""A sanction reaches only a participant's own match that it can change (003, 004 §5.7.3): never an annulled
result, never the matches of a removed participant, whose results follow the removal."""

from __future__ import annotations

from django.db.models import Q
from django.urls import reverse

from draw.models import Match
from judging.models import Sanction
from standings.ranking import final_standings
from tests.judging.conftest import at, frozen, make_running, play


def _removed_with_annulled_results(client, secretary, chief_judge):
    """Round robin of 5: player 1 plays two matches (not more than half of four), then is removed."""
    t = make_running(secretary, chief_judge, players=5, system="round_robin")
    p = t.participants.get(seed=1)
    number = 0
    while (
        Match.objects.filter(round__tournament=t)
        .filter(Q(player1=p) | Q(player2=p))
        .exclude(result_kind="")
        .exclude(player2=None)
        .count()
        < 2
    ):
        number += 1
        with frozen(at(number * 60)):
            play(t, secretary, number)
    client.force_login(chief_judge)
    response = client.post(
        reverse("judging:sanction_new", args=[t.pk]),
        {
            "participant": p.pk,
            "kind": "removal",
            "violation": "conduct",
            "clause": "004 §5.7.3",
            "facts": "x",
        },
    )
    assert response.status_code == 302
    return t, p


def test_a_flag_fall_on_an_annulled_match_of_a_removed_player_is_refused_5_7_3(
    client, secretary, chief_judge
):
    t, p = _removed_with_annulled_results(client, secretary, chief_judge)
    annulled = Match.objects.filter(round__tournament=t, result_kind="annulled").filter(
        Q(player1=p) | Q(player2=p)
    )
    m = annulled.first()
    opponent = m.player2 if m.player1_id == p.pk else m.player1
    points_before = {r.participant.pk: r.row.points for r in final_standings(t)}
    data = {
        "participant": opponent.pk,
        "kind": "warning",
        "violation": "flag",
        "clause": "003",
        "facts": "Упал флажок",
        "match": m.pk,
    }
    response = client.post(reverse("judging:sanction_new", args=[t.pk]), data)
    assert response.status_code == 400
    m.refresh_from_db()
    assert m.result_kind == "annulled" and m.winner_id is None
    assert not Sanction.objects.filter(kind="technical_defeat").exists()
    assert {r.participant.pk: r.row.points for r in final_standings(t)} == points_before
    # Nor can the removed player himself be given a defeat in one of them.
    response = client.post(reverse("judging:sanction_new", args=[t.pk]), {**data, "participant": p.pk})
    assert response.status_code == 400
    m.refresh_from_db()
    assert m.result_kind == "annulled"


def test_the_form_offers_only_the_participants_changeable_matches_5_7_3(client, secretary, chief_judge):
    t, p = _removed_with_annulled_results(client, secretary, chief_judge)
    other = t.participants.get(seed=2)
    response = client.get(reverse("judging:sanction_new", args=[t.pk]), {"participant": other.pk})
    offered = set(response.context["form"].fields["match"].queryset.values_list("pk", flat=True))
    his = set(
        Match.objects.filter(round__tournament=t)
        .filter(Q(player1=other) | Q(player2=other))
        .exclude(player2=None)
        .exclude(result_kind="annulled")
        .exclude(Q(player1=p) | Q(player2=p))
        .values_list("pk", flat=True)
    )
    assert offered == his and offered
    assert not Match.objects.filter(pk__in=offered, result_kind="annulled").exists()
