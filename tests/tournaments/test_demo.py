from django.core.management import call_command

from draw.models import Match, Round
from public.management.commands.load_demo import DEMO_NAME, OPEN_NAME
from standings.ranking import final_standings
from tournaments.models import Tournament


def test_the_demo_is_a_swiss_of_24_with_three_rounds_played(db):
    call_command("load_demo", verbosity=0)
    call_command("load_demo", verbosity=0)  # running it again starts over instead of failing
    t = Tournament.objects.get(name=DEMO_NAME)
    assert (t.system, t.discipline, t.rounds) == ("swiss", "long", 7)
    assert t.participants.count() == 24
    assert list(t.round_set.values_list("number", "status")) == [
        (1, Round.Status.FINISHED),
        (2, Round.Status.FINISHED),
        (3, Round.Status.FINISHED),
        (4, Round.Status.DRAFT),
    ]
    # Played this morning: the protest windows of rounds 1-3 have closed, their results are final.
    played = Match.objects.filter(round__tournament=t, round__number__lte=3)
    assert played.count() == 36 and not played.filter(final_at=None).exists()
    rows = final_standings(t)
    assert sum(r.row.points for r in rows) == 36  # 12 matches a round, three rounds, one point each
    roles = set(t.officials.values_list("person__user__username", "role"))
    assert roles == {("secretary", "chief_secretary"), ("judge", "chief_judge")}
    assert t.participants.filter(person__user__username="player").exists()


def test_the_demo_has_a_tournament_taking_entries_in_every_state(db):
    call_command("load_demo", verbosity=0)
    t = Tournament.objects.get(name=OPEN_NAME)
    assert t.registration_settings.self_registration
    statuses = sorted(t.entries.values_list("status", flat=True))
    assert statuses == ["admitted"] * 3 + ["pending"] * 2 + ["refused"]
    # Admission made the admitted entries the draw's participants (and nobody else).
    assert t.participants.filter(status="active").count() == 3


def test_the_demo_loads_again_over_its_own_protests_and_sanctions(db):
    """Issue 13 (low): a second load_demo failed once the demo had protests or sanctions (protected rows)."""
    from judging.models import Protest, RemovalProposal, Sanction

    call_command("load_demo", verbosity=0)
    t = Tournament.objects.get(name=DEMO_NAME)
    m = Match.objects.filter(round__tournament=t, round__number=3).exclude(player2=None).first()
    Protest.objects.create(
        tournament=t, match=m, protester=m.player1, filed_at=m.ended_at, reasons="r", arguments="a"
    )
    for _ in range(2):
        Sanction(person=m.player1.person, tournament=t, kind="warning", violation="conduct", facts="f").apply(
            None, m.player1
        )
    Sanction(
        person=m.player2.person,
        tournament=t,
        kind="technical_defeat",
        violation="conduct",
        facts="f",
        match=m,
    ).save()
    assert RemovalProposal.objects.exists()
    call_command("load_demo", verbosity=0)
    t = Tournament.objects.get(name=DEMO_NAME)
    assert (
        not Protest.objects.filter(tournament=t).exists()
        and not Sanction.objects.filter(tournament=t).exists()
    )
    assert t.participants.count() == 24


def test_the_demo_has_a_team_swiss_with_two_rounds_played_004_1_3_4(db):
    from draw.teams import team_table
    from public.management.commands.load_demo import TEAM_NAME

    call_command("load_demo", verbosity=0)
    t = Tournament.objects.get(name=TEAM_NAME)
    assert (t.character, t.system, t.boards) == ("team", "swiss", 4)
    assert t.teams.count() == 8 and t.participants.count() == 40
    assert t.round_set.filter(status=Round.Status.FINISHED).count() == 2
    rows = team_table(t)
    # Two rounds of four team matches on four boards, and round 3's first team match (its four boards done).
    assert sum(r.board_points for r in rows) == 2 * 4 * 4 + 4
    assert Match.objects.filter(round__tournament=t, round__number=3, result_kind="").count() == 10
