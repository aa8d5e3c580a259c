"""Protests and sanctions reached from the team pages (004 §5.7, §5.10, §1.3.4): each board's match page, open
protests and player sanctions from the team round page; a team's own sanctions — a warning or a removal
(004 §5.7.1: in a team event the team is the participant), a second warning leading to removal (§5.7.2) — only
by the chief judge of this tournament, never in a finished one."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from draw.models import Match, TeamMatch
from judging.models import Protest, TeamSanction
from registration.models import Team
from tests.factories import make_tournament, make_user
from tests.teams.helpers import draw_and_publish, enter, make_teams, publish
from tournaments.models import AuditEntry


def _event(client, secretary, chief_judge, **settings):
    t = make_tournament(
        secretary, chief_judge, system="swiss", character="team", rounds=3, boards=2, **settings
    )
    teams = make_teams(t, 4, 2)
    client.force_login(secretary)
    draw_and_publish(client, t, 1)
    publish(client, t, 1)
    return t, teams


def _sanction(client, t, team, **data):
    url = reverse("judging:team_sanction", args=[t.pk, team.pk])
    return client.post(url, {"kind": "warning", "clause": "003", "facts": "Шум в игровой зоне", **data})


def test_the_team_round_page_offers_each_boards_protests_and_sanctions_to_the_chief_judge_004_5_7_5_10(
    client, secretary, chief_judge
):
    t, teams = _event(client, secretary, chief_judge)
    tm = TeamMatch.objects.filter(round__tournament=t, round__number=1).first()
    board = Match.objects.get(team_match=tm, board=1)
    enter(client, t, board, first_wins=True)
    board.refresh_from_db()
    # The losing player protests (004 §5.10): the panel sees the open protest on the board.
    loser = board.player2
    player_user = User.objects.create_user("board1loser", password="pw-board1loser")
    loser.person.user = player_user
    loser.person.save(update_fields=["user"])
    now = timezone.now()
    protest = Protest.file(board, loser, player_user, "Ошибка в протоколе", "Счёт", "Протокол", [], now)
    url = reverse("public:team_round", args=[t.pk, 1])
    match_link = reverse("judging:match", args=[t.pk, board.pk])
    sanction_new = reverse("judging:sanction_new", args=[t.pk])
    sanction_link = f"{sanction_new}?participant={board.player1_id}&amp;match={board.pk}"
    team_link = f"{reverse('judging:team_sanction', args=[t.pk, tm.team1_id])}?team_match={tm.pk}"
    protest_link = reverse("judging:protest", args=[t.pk, protest.pk])

    client.force_login(chief_judge)
    page = client.get(url).content.decode()
    assert match_link in page and sanction_link in page and team_link in page and protest_link in page
    # The sanction form opens with the board's player and his match chosen.
    form = client.get(sanction_link.replace("&amp;", "&")).content.decode()
    assert f'<option value="{board.pk}" selected>' in form
    # The secretary reaches the board's match page and its protests, not the sanctions (the chief judge's).
    client.force_login(secretary)
    page = client.get(url).content.decode()
    assert match_link in page and protest_link in page
    assert sanction_link not in page and team_link not in page
    # Anybody else: the pairings only.
    client.logout()
    page = client.get(url).content.decode()
    assert match_link not in page and sanction_link not in page and protest_link not in page


def test_the_chief_judge_warns_a_team_and_a_second_warning_proposes_its_removal_004_5_7_2(
    client, secretary, chief_judge
):
    t, teams = _event(client, secretary, chief_judge)
    team = teams[0]
    tm = TeamMatch.objects.filter(round__tournament=t).filter(team1=team).first() or TeamMatch.objects.get(
        round__tournament=t, team2=team
    )
    client.force_login(chief_judge)
    assert _sanction(client, t, team, team_match=tm.pk).status_code == 302
    assert _sanction(client, t, team).status_code == 302
    assert list(TeamSanction.objects.filter(team=team).values_list("kind", flat=True)) == ["warning"] * 2
    assert AuditEntry.objects.filter(tournament=t, action="team_sanction").count() == 2
    team.refresh_from_db()
    assert not team.removed  # the default regulation: the removal is proposed to the chief judge
    page = client.get(reverse("public:team", args=[t.pk, team.pk])).content.decode()
    assert "удаление команды предложено главному судье" in page
    assert "Шум в игровой зоне" in page


def test_a_second_team_warning_removes_the_team_at_once_when_the_regulation_says_so_004_5_7_2(
    client, secretary, chief_judge
):
    t, teams = _event(client, secretary, chief_judge, second_warning="remove")
    team = teams[1]
    client.force_login(chief_judge)
    _sanction(client, t, team)
    _sanction(client, t, team)
    team.refresh_from_db()
    assert team.removed
    # 004 §5.7.3 (Swiss): its unplayed boards are technical defeats.
    its = TeamMatch.objects.filter(team1=team) | TeamMatch.objects.filter(team2=team)
    boards = Match.objects.filter(team_match__in=its)
    assert {m.result_kind for m in boards} == {"technical"}
    assert all(m.winner.team_id != team.pk for m in boards)


def test_a_team_removal_through_the_sanction_form_applies_004_5_7_3(client, secretary, chief_judge):
    t, teams = _event(client, secretary, chief_judge)
    team = teams[2]
    client.force_login(chief_judge)
    response = _sanction(client, t, team, kind="removal", clause="", facts="Сговор")
    assert response.status_code == 302
    team.refresh_from_db()
    assert team.removed
    sanction = TeamSanction.objects.get(team=team)
    assert (sanction.kind, sanction.clause) == ("removal", "004 §5.7.3")
    # A removed team is not sanctioned again, and the removal form is not offered any more.
    assert _sanction(client, t, team).status_code == 400
    assert TeamSanction.objects.filter(team=team).count() == 1
    page = client.get(reverse("public:team", args=[t.pk, team.pk])).content.decode()
    assert reverse("judging:team_sanction", args=[t.pk, team.pk]) not in page


def test_team_sanctions_refuse_bad_input_and_change_nothing_004_5_7_1(client, secretary, chief_judge):
    t, teams = _event(client, secretary, chief_judge)
    client.force_login(chief_judge)
    # A disqualification bars a person (004 §5.7.4): not a team sanction; facts are required.
    assert _sanction(client, t, teams[0], kind="disqualification").status_code == 400
    assert _sanction(client, t, teams[0], facts="   ").status_code == 400
    others = TeamMatch.objects.filter(round__tournament=t).exclude(team1=teams[0]).exclude(team2=teams[0])
    other_tm = others.first()
    assert _sanction(client, t, teams[0], team_match=other_tm.pk).status_code == 400
    assert not TeamSanction.objects.exists()
    assert not Team.objects.get(pk=teams[0].pk).removed


def test_only_this_tournaments_chief_judge_sanctions_a_team_004_6_2_1(client, secretary, chief_judge):
    t, teams = _event(client, secretary, chief_judge)
    team = teams[0]
    url = reverse("judging:team_sanction", args=[t.pk, team.pk])
    other_judge = make_user("otherjudge")
    make_tournament(make_user("othersec2", can_create=True), other_judge, name="Другой турнир")
    client.logout()
    assert client.get(url).status_code in (302, 403)
    assert _sanction(client, t, team).status_code in (302, 403)
    for user in (secretary, other_judge):  # a lesser official; another tournament's chief judge
        client.force_login(user)
        assert client.get(url).status_code == 403
        assert _sanction(client, t, team).status_code == 403
        assert _sanction(client, t, team, kind="removal").status_code == 403
        remove = reverse("public:team_remove", args=[t.pk, team.pk])
        assert client.post(remove, {"reason": "x"}).status_code == 403
    assert not TeamSanction.objects.exists()
    assert not Team.objects.get(pk=team.pk).removed
    # A team of another tournament is not found through this one.
    client.force_login(chief_judge)
    stranger = Team.objects.create(tournament=make_tournament(secretary, name="Третий"), name="Чужая")
    assert client.get(reverse("judging:team_sanction", args=[t.pk, stranger.pk])).status_code == 404


def test_a_finished_tournament_offers_and_takes_no_team_sanction_004_6_2_1(client, secretary, chief_judge):
    t, teams = _event(client, secretary, chief_judge)
    t.status = t.Status.FINISHED
    t.save(update_fields=["status"])
    client.force_login(chief_judge)
    assert _sanction(client, t, teams[0]).status_code == 400
    assert _sanction(client, t, teams[0], kind="removal").status_code == 400
    assert not TeamSanction.objects.exists() and not Team.objects.get(pk=teams[0].pk).removed
    page = client.get(reverse("public:team_round", args=[t.pk, 1])).content.decode()
    assert reverse("judging:sanction_new", args=[t.pk]) not in page
    assert reverse("judging:team_sanction", args=[t.pk, teams[0].pk]) not in page
    page = client.get(reverse("public:team", args=[t.pk, teams[0].pk])).content.decode()
    assert reverse("judging:team_sanction", args=[t.pk, teams[0].pk]) not in page
