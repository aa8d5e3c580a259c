"""A team's second warning proposes its removal to the chief judge (004 §5.7.2); while that proposal waits,
the tournament is not finished — as with a player's (issue 27 item 12). He removes the team or declines,
with a reason."""

from __future__ import annotations

from django.urls import reverse

from judging import lifecycle
from judging.models import RemovalProposal
from tests.factories import make_tournament
from tests.teams.helpers import draw_and_publish, make_teams, publish


def _event(client, secretary, chief_judge):
    t = make_tournament(secretary, chief_judge, system="swiss", character="team", rounds=3, boards=2)
    teams = make_teams(t, 4, 2)
    client.force_login(secretary)
    draw_and_publish(client, t, 1)
    publish(client, t, 1)
    return t, teams


def _warn(client, t, team):
    url = reverse("judging:team_sanction", args=[t.pk, team.pk])
    return client.post(url, {"kind": "warning", "clause": "003", "facts": "Шум в игровой зоне"})


def test_a_teams_pending_removal_proposal_blocks_the_finish_5_7_2(client, secretary, chief_judge):
    t, teams = _event(client, secretary, chief_judge)
    team = teams[0]
    client.force_login(chief_judge)
    assert _warn(client, t, team).status_code == 302
    assert "removals" not in [b.key for b in lifecycle.blockers(t)]
    assert _warn(client, t, team).status_code == 302
    proposal = RemovalProposal.objects.get(team=team, status="pending")
    blocker = next(b for b in lifecycle.blockers(t) if b.key == "removals")
    assert team.name in blocker.items
    desk = client.get(reverse("judging:desk", args=[t.pk])).content.decode()
    assert reverse("judging:proposal_decide", args=[t.pk, proposal.pk]) in desk and team.name in desk


def test_the_chief_judge_declines_a_teams_removal_with_a_reason_and_the_finish_is_free_5_7_2(
    client, secretary, chief_judge
):
    t, teams = _event(client, secretary, chief_judge)
    team = teams[0]
    client.force_login(chief_judge)
    _warn(client, t, team)
    _warn(client, t, team)
    proposal = RemovalProposal.objects.get(team=team)
    url = reverse("judging:proposal_decide", args=[t.pk, proposal.pk])
    assert client.post(url, {"apply": "0", "reason": ""}).status_code == 302  # no reason: nothing decided
    proposal.refresh_from_db()
    assert proposal.status == "pending"
    assert client.post(url, {"apply": "0", "reason": "Нарушения незначительны"}).status_code == 302
    proposal.refresh_from_db()
    team.refresh_from_db()
    assert proposal.status == "declined" and not team.removed
    assert "removals" not in [b.key for b in lifecycle.blockers(t)]


def test_the_chief_judge_removes_the_team_from_the_proposal_5_7_2_5_7_3(client, secretary, chief_judge):
    t, teams = _event(client, secretary, chief_judge)
    team = teams[1]
    client.force_login(chief_judge)
    _warn(client, t, team)
    _warn(client, t, team)
    proposal = RemovalProposal.objects.get(team=team)
    url = reverse("judging:proposal_decide", args=[t.pk, proposal.pk])
    assert client.post(url, {"apply": "1", "reason": "Повторное нарушение"}).status_code == 302
    proposal.refresh_from_db()
    team.refresh_from_db()
    assert proposal.status == "applied" and team.removed
    assert proposal.team_removal is not None and proposal.team_removal.kind == "removal"


def test_a_team_removed_by_the_form_closes_its_pending_proposal_5_7_2(client, secretary, chief_judge):
    t, teams = _event(client, secretary, chief_judge)
    team = teams[2]
    client.force_login(chief_judge)
    _warn(client, t, team)
    _warn(client, t, team)
    url = reverse("judging:team_sanction", args=[t.pk, team.pk])
    client.post(url, {"kind": "removal", "clause": "", "facts": "Повторное нарушение"})
    assert RemovalProposal.objects.get(team=team).status == "applied"
    assert "removals" not in [b.key for b in lifecycle.blockers(t)]


def test_only_the_chief_judge_decides_a_teams_proposal_6_2_1(client, secretary, chief_judge):
    t, teams = _event(client, secretary, chief_judge)
    client.force_login(chief_judge)
    _warn(client, t, teams[0])
    _warn(client, t, teams[0])
    proposal = RemovalProposal.objects.get(team=teams[0])
    client.force_login(secretary)  # the chief secretary: on the panel, not the chief judge
    url = reverse("judging:proposal_decide", args=[t.pk, proposal.pk])
    assert client.post(url, {"apply": "1", "reason": "x"}).status_code == 403
    proposal.refresh_from_db()
    assert proposal.status == "pending"
