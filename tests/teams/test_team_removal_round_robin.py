"""004 §5.7.3 for a team removed from a round robin: 6 teams on 2 boards, 5 rounds (the Berger tables by the
seeding numbers: R1 1-6 2-5 3-4, R2 6-4 5-3 1-2, R3 2-6 3-1 4-5, R4 6-5 1-4 2-3, R5 3-6 4-2 5-1).

Every team match: the team with the better seed wins both boards (2:0), except that team 6 wins board 2
against everybody (1:1, a drawn team match). Team 6 is removed:

* after 2 of its 5 team matches (not more than half): all its results are annulled, for its opponents too
  (team 1's and team 4's draws with it vanish), its scheduled opponents rest in rounds 3–5;
* after 3 of 5 (more than half): its results stand and its remaining team matches (R4 against 5, R5
  against 3) are technical wins of the opponents on every board.

The hand-computed tables (match points 2/1/0, board points) are below each test."""

from __future__ import annotations

from django.urls import reverse

from draw.models import Match, ResultKind, TeamMatch
from draw.teams import team_results, team_table
from tests.factories import make_tournament
from tests.teams.helpers import draw_and_publish, enter, finish, make_teams, publish


def _play_round(client, t, number: int) -> None:
    for tm in TeamMatch.objects.filter(round__number=number, round__tournament=t, team2__isnull=False):
        if "walkover" in tm.flags:
            continue
        better = tm.team1 if tm.team1.seed < tm.team2.seed else tm.team2
        worse = tm.team2 if better == tm.team1 else tm.team1
        for m in Match.objects.filter(team_match=tm).select_related("player1"):
            winner = worse if worse.seed == 6 and m.board == 2 else better
            enter(client, t, m, first_wins=m.player1.team_id == winner.pk)


def _round(client, secretary, t, number: int) -> None:
    client.force_login(secretary)
    draw_and_publish(client, t, number)
    publish(client, t, number)
    _play_round(client, t, number)


def _remove(client, chief_judge, t, team) -> None:
    client.force_login(chief_judge)
    url = reverse("public:team_remove", args=[t.pk, team.pk])
    assert client.post(url, {"reason": "Нарушение порядка"}).status_code == 302
    team.refresh_from_db()
    assert team.removed


def _table(t, teams) -> list[tuple]:
    seed_of = {str(tm.pk): tm.seed for tm in teams}
    return [
        (seed_of[r.team], r.place, r.match_points, r.board_points, r.played, r.won, r.drawn, r.lost)
        for r in team_table(t)
    ]


def _event(secretary, chief_judge):
    t = make_tournament(
        secretary, chief_judge, system="round_robin", character="team", boards=2, match_length=3
    )
    return t, make_teams(t, 6, 2)


def test_a_team_removed_after_2_of_5_team_matches_has_its_results_annulled_004_5_7_3(
    client, secretary, chief_judge
):
    t, teams = _event(secretary, chief_judge)
    for number in (1, 2):
        _round(client, secretary, t, number)
    # Before the removal team 1 has its 1:1 draw with team 6 and its 2:0 win over team 2.
    assert [row[2:4] for row in _table(t, teams) if row[0] == 1] == [(3, 3)]

    _remove(client, chief_judge, t, teams[5])

    gone = [
        tm
        for tm in TeamMatch.objects.filter(round__tournament=t)
        if teams[5].pk in (tm.team1_id, tm.team2_id)
    ]
    assert len(gone) == 2 and all("annulled" in tm.flags for tm in gone)
    boards = Match.objects.filter(team_match__in=gone)
    assert {m.result_kind for m in boards} == {ResultKind.ANNULLED}  # not counted for anyone, players too
    assert all(r.annulled for r in team_results(t) if teams[5].pk in (int(r.team1), int(r.team2 or 0)))

    for number in (3, 4, 5):
        _round(client, secretary, t, number)
        # Its scheduled opponent (R3: team 2, R4: team 5, R5: team 3) rests: no team match with team 6.
        in_round = TeamMatch.objects.filter(round__tournament=t, round__number=number)
        assert not in_round.filter(team1=teams[5]).exists() and not in_round.filter(team2=teams[5]).exists()
        assert in_round.count() == 2

    # seed, place, match points, board points, played, won, drawn, lost — as if team 6 had never played;
    # the removed team keeps no place.
    assert _table(t, teams) == [
        (1, 1, 8, 8, 4, 4, 0, 0),
        (2, 2, 6, 6, 4, 3, 0, 1),
        (3, 3, 4, 4, 4, 2, 0, 2),
        (4, 4, 2, 2, 4, 1, 0, 3),
        (5, 5, 0, 0, 4, 0, 0, 4),
        (6, None, 0, 0, 0, 0, 0, 0),
    ]
    # The team standings page and its crosstable follow (no cell for an annulled team match).
    page = client.get(reverse("public:team_standings", args=[t.pk])).content.decode()
    assert "1:1" not in page
    finish(client, t)


def test_a_team_removed_after_3_of_5_team_matches_keeps_its_results_and_loses_the_rest_004_5_7_3(
    client, secretary, chief_judge
):
    t, teams = _event(secretary, chief_judge)
    for number in (1, 2, 3):
        _round(client, secretary, t, number)

    _remove(client, chief_judge, t, teams[5])

    assert not [tm for tm in TeamMatch.objects.filter(round__tournament=t) if "annulled" in tm.flags]
    assert not Match.objects.filter(round__tournament=t, result_kind=ResultKind.ANNULLED).exists()

    for number in (4, 5):
        _round(client, secretary, t, number)
    # R4 team 5, R5 team 3: a technical win of the whole team match, every board (004 §5.7.3).
    walkovers = {
        tm.round.number: tm
        for tm in TeamMatch.objects.filter(round__tournament=t).select_related("round")
        if "walkover" in tm.flags
    }
    assert sorted(walkovers) == [4, 5]
    assert (walkovers[4].team1, walkovers[4].team2) == (teams[4], teams[5])
    assert (walkovers[5].team1, walkovers[5].team2) == (teams[2], teams[5])
    page = client.get(reverse("public:team_round", args=[t.pk, 4])).content.decode()
    assert "соперник удалён (п. 5.7.3" in page
    api = client.get(f"/api/tournaments/{t.pk}/rounds/4/team-matches").json()
    walkover = next(x for x in api if x["team2"] == teams[5].pk)
    assert (walkover["team1"], walkover["score1"], walkover["score2"], walkover["boards"]) == (
        teams[4].pk,
        2.0,
        0.0,
        [],
    )
    pdf = client.get(reverse("public:team_standings_pdf", args=[t.pk]))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"

    # seed, place, match points, board points, played, won, drawn, lost:
    # 1: beat 2,3,4,5 (8/8) + drew 6 (1/1) = 9/9; 2: beat 3,4,5 + drew 6 = 7/7; 3: beat 4,5 + the technical
    # win over 6 (2/2) = 6/6; 4: beat 5 + drew 6 = 3/3; 5: the technical win over 6 = 2/2; 6: three draws
    # and two technical defeats = 3/3, no place (removed).
    assert _table(t, teams) == [
        (1, 1, 9, 9, 5, 4, 1, 0),
        (2, 2, 7, 7, 5, 3, 1, 1),
        (3, 3, 6, 6, 5, 3, 0, 2),
        (4, 4, 3, 3, 5, 1, 1, 3),
        (5, 5, 2, 2, 5, 1, 0, 4),
        (6, None, 3, 3, 5, 0, 3, 2),
    ]
    finish(client, t)


def test_a_team_removed_with_a_published_round_not_played_loses_its_boards_technically_004_5_7_3(
    client, secretary, chief_judge
):
    """More than half played, the next round already published: its boards there are technical defeats."""
    t, teams = _event(secretary, chief_judge)
    for number in (1, 2, 3):
        _round(client, secretary, t, number)
    client.force_login(secretary)
    draw_and_publish(client, t, 4)
    publish(client, t, 4)

    _remove(client, chief_judge, t, teams[5])

    tm = TeamMatch.objects.get(round__tournament=t, round__number=4, team1=teams[5])
    boards = list(Match.objects.filter(team_match=tm).select_related("winner"))
    assert [m.result_kind for m in boards] == [ResultKind.TECHNICAL] * 2
    assert all(m.winner.team_id == teams[4].pk for m in boards)
    rows = {s: (mp, bp) for s, _p, mp, bp, *_rest in _table(t, teams)}
    assert rows[5] == (2, 2)


def test_a_draft_pairing_the_removed_team_is_drawn_again_with_the_walk_over_004_5_7_3(
    client, secretary, chief_judge
):
    t, teams = _event(secretary, chief_judge)
    for number in (1, 2, 3):
        _round(client, secretary, t, number)
    client.force_login(secretary)
    draw_and_publish(client, t, 4)  # a draft: R4 pairs 6-5

    _remove(client, chief_judge, t, teams[5])

    draft = t.round_set.get(number=4)
    assert draft.is_draft
    walkover = TeamMatch.objects.get(round=draft, team2=teams[5])
    assert walkover.team1 == teams[4] and "walkover" in walkover.flags
    assert not Match.objects.filter(team_match=walkover).exists()
    assert not Match.objects.filter(round=draft, player1__team=teams[5]).exists()
    assert not Match.objects.filter(round=draft, player2__team=teams[5]).exists()
