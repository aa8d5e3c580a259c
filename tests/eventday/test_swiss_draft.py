"""The Swiss draft page (issue 14 item 6): each pairing's points, score group, floats and rematch with the
objective against the optimum (the pairing engine's swiss_check); a swap of two players checked by the same
rules (004 §1.4.6: nobody meets the same opponent twice), refused with the reason or applied and logged."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from draw import results
from draw.models import ResultKind, Round
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(secretary):
    t = make_tournament(secretary, players=8)
    r1 = draw_manager.draw_round(t, secretary, seed=5)
    Round.objects.filter(pk=r1.pk).update(status=Round.Status.PUBLISHED)
    for m in r1.matches.order_by("table"):
        results.record_result(m.pk, secretary, results.ResultInput(ResultKind.PLAYED, 7, m.table % 7), 0)
    return draw_manager.draw_round(t, secretary, seed=6)


def _opponent_in_round1(t, pid):
    r1 = t.round_set.get(number=1).matches
    m = r1.filter(player1_id=pid).first() or r1.get(player2_id=pid)
    return m.player2 if m.player1_id == pid else m.player1


def test_the_draft_shows_points_score_groups_floats_and_the_objective_1_4_6(client, draft, secretary):
    client.force_login(secretary)
    html = client.get(reverse("public:round", args=[draft.tournament_id, 2])).content.decode()
    assert 'id="draft-check"' in html
    check = draw_manager.check_swiss_draft(draft)
    assert check["valid"] and check["cost"] == check["optimum"]
    table = html[html.index('id="draft-table"') :].split("</table>")[0]
    for p in check["pairs"]:
        assert p["score_group"] in (0, 1)
    assert table.count("<tr data-table=") == draft.matches.count()
    assert "Σ" in html


def test_a_swap_that_makes_a_rematch_is_refused_with_the_names_and_changes_nothing_1_4_6(
    client, draft, secretary
):
    t = draft.tournament
    m = draft.matches.get(table=1)
    a, b = m.player1, m.player2
    x = _opponent_in_round1(t, a.pk)  # a met x in round 1
    before = [(mm.player1_id, mm.player2_id) for mm in draft.matches.order_by("table")]
    client.force_login(secretary)
    response = client.post(reverse("draw:swap", args=[t.pk, 2]), {"a": b.pk, "b": x.pk}, follow=True)
    html = response.content.decode()
    assert "уже встречались" in html and str(a) in html
    assert [(mm.player1_id, mm.player2_id) for mm in draft.matches.order_by("table")] == before
    assert not t.audit.filter(action="swap").exists()


def test_a_valid_swap_is_applied_and_logged_with_the_objective(client, draft, secretary):
    t = draft.tournament
    matches = list(draft.matches.order_by("table"))
    client.force_login(secretary)
    done = None
    for m1 in matches:
        for m2 in matches:
            if m1.table >= m2.table:
                continue
            pairs = []
            for m in matches:
                p1, p2 = m.player1_id, m.player2_id
                if m == m1:
                    p2 = m2.player2_id
                if m == m2:
                    p2 = m1.player2_id
                pairs.append((str(p1), str(p2)))
            if draw_manager.check_swiss_draft(draft, pairs, None)["valid"]:
                done = (m1, m2)
                break
        if done:
            break
    assert done is not None
    m1, m2 = done
    want = (m2.player2_id, m1.player2_id)
    response = client.post(reverse("draw:swap", args=[t.pk, 2]), {"a": m1.player2_id, "b": m2.player2_id})
    assert response.status_code == 302
    m1.refresh_from_db()
    m2.refresh_from_db()
    assert (m1.player2_id, m2.player2_id) == want
    entry = t.audit.get(action="swap")
    assert "cost_after" in entry.data and "optimum" in entry.data


def test_only_a_runner_swaps_and_only_in_a_draft(client, draft, secretary, stranger):
    t = draft.tournament
    m = draft.matches.get(table=1)
    url = reverse("draw:swap", args=[t.pk, 2])
    client.force_login(stranger)
    assert client.post(url, {"a": m.player1_id, "b": m.player2_id}).status_code == 403
    Round.objects.filter(pk=draft.pk).update(status=Round.Status.PUBLISHED)
    client.force_login(secretary)
    other = draft.matches.get(table=2)
    client.post(url, {"a": m.player1_id, "b": other.player1_id})
    m.refresh_from_db()
    assert m.player1_id == draft.matches.get(table=1).player1_id
    assert not t.audit.filter(action="swap").exists()
