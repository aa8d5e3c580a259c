"""The exercise «a new sanction consequence» (issue 26): a points deduction. Not among 004 §5.7.1's
sanctions — the regulation's own (README, Choices). The chief judge deducts points from a participant; the
consequence is a ``draw.Consequence`` row of kind ``points`` with the sanction as its source, and the
standings count it in his total and show it with its source, the sanctions list its amount. Bad input
changes nothing and says why."""

from __future__ import annotations

from fractions import Fraction

from django.urls import reverse

from draw.models import Consequence
from judging.models import Sanction
from protocols.docs.sanctions import sanction_lines
from standings.ranking import compute, forget_computed
from tests.judging.conftest import make_running, play


def _deduct(client, t, p, points="1", **more):
    data = {
        "participant": p.pk,
        "kind": "points_deduction",
        "violation": "conduct",
        "clause": "Положение п. 7",
        "facts": "Опоздание на открытие",
        "points": points,
        **more,
    }
    return client.post(reverse("judging:sanction_new", args=[t.pk]), data)


def test_a_points_deduction_is_a_row_the_standings_count_and_show_with_its_source(
    client, running, chief_judge, participant_user
):
    p = running.participants.get(person=participant_user.person)
    before = {r.participant.pk: r.row.points for r in compute(running).rows}
    client.force_login(chief_judge)
    response = _deduct(client, running, p, "1.5")
    assert response.status_code == 302, response.content.decode()[:2000]
    sanction = Sanction.objects.get(kind="points_deduction")
    assert sanction.points == Fraction(3, 2)
    row = Consequence.objects.get(kind="points")
    assert row.participant == p and row.points == -Fraction(3, 2) and row.source == sanction
    forget_computed()
    after = {r.participant.pk: r.row.points for r in compute(running).rows}
    assert after[p.pk] == before[p.pk] - Fraction(3, 2)
    assert {k: v for k, v in after.items() if k != p.pk} == {k: v for k, v in before.items() if k != p.pk}
    page = client.get(reverse("public:standings", args=[running.pk])).content.decode()
    assert 'id="points-adjustments"' in page
    assert "−1.5" in page and str(sanction) in page and "Опоздание на открытие" in page
    assert [line.consequence for line in sanction_lines(running)] == ["−1.5 очк."]


def test_a_points_deduction_without_points_or_outside_a_table_changes_nothing(
    client, running, secretary, chief_judge
):
    p = running.participants.order_by("pk").first()
    client.force_login(chief_judge)
    response = _deduct(client, running, p, "")
    assert response.status_code == 400 and "Укажите, сколько очков снять" in response.content.decode()
    knockout = make_running(secretary, chief_judge, players=4, system="single_elimination")
    play(knockout, secretary, 1)
    q = knockout.participants.order_by("pk").first()
    response = _deduct(client, knockout, q)
    assert response.status_code == 400
    assert "только в таблице швейцарской или круговой системы" in response.content.decode()
    assert not Sanction.objects.filter(kind="points_deduction").exists()
    assert not Consequence.objects.filter(kind="points").exists()
