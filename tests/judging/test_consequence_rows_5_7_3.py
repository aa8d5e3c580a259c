"""A ruling's consequence is a row the draw owns (issue 26 part 3): a removal (004 §5.7.3) records a
``draw.Consequence`` for the competitor — a participant or a team, one rule for both (``draw.removal``) — with
the sanction as its source; the draw reads the row, the stage's plan stays the engine's plan, and the
participant carries no flag of it. The rows recorded before (a team's ``removed_teams`` in its stage's plan,
a participant's ``results_annulled``) become rows by a data migration."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from draw import consequences
from draw.models import Consequence, Stage
from judging.models import Sanction, TeamSanction
from registration.models import Participant, Person, Team
from tests.factories import make_tournament
from tests.judging.conftest import at, frozen, make_running, play
from tests.judging.test_removal import _his, _remove, _rounds_until
from tests.teams.test_team_removal_round_robin import _event, _round
from tests.teams.test_team_removal_round_robin import _remove as _remove_team


def test_a_removal_after_half_of_a_round_robin_is_an_annulled_row_with_its_sanction_004_5_7_3(
    client, secretary, chief_judge
):
    t = make_running(secretary, chief_judge, players=5, system="round_robin")
    p = t.participants.get(seed=1)
    _rounds_until(t, secretary, p, 2)
    client.force_login(chief_judge)
    sanction = _remove(client, t, p)
    row = Consequence.objects.get(participant=p)
    assert (row.kind, row.team_id, row.stage_id, row.clause) == (
        "annulled",
        None,
        sanction.stage_id,
        "004 §5.7.3",
    )
    assert row.source == sanction and row.tournament_id == t.pk
    assert not hasattr(Participant, "results_annulled")
    # The draw reads the row: his later scheduled matches are annulled, not walked over.
    number = t.round_set.count() + 1
    client.force_login(secretary)
    with frozen(at(number * 60)):
        play(t, secretary, number)
    assert not _his(t, p).exclude(result_kind="annulled").exists()


def test_a_removal_in_swiss_is_a_technical_row_with_its_sanction_004_5_7_3(client, running, chief_judge):
    p = running.participants.get(seed=2)
    client.force_login(chief_judge)
    sanction = _remove(client, running, p)
    assert sanction.outcome == "technical"
    row = Consequence.objects.get(participant=p)
    assert row.kind == "technical" and row.source == sanction


def test_a_team_removal_is_a_row_with_its_team_sanction_and_leaves_the_plan_alone_004_5_7_3(
    client, secretary, chief_judge
):
    t, teams = _event(secretary, chief_judge)
    for number in (1, 2, 3):
        _round(client, secretary, t, number)
    plan = Stage.objects.get(tournament=t).plan
    _remove_team(client, chief_judge, t, teams[5])
    row = Consequence.objects.get(team=teams[5])
    assert row.kind == "technical" and row.participant_id is None
    assert row.source == TeamSanction.objects.get(team=teams[5], kind="removal")
    assert Stage.objects.get(tournament=t).plan == plan  # the engine's plan only


@pytest.mark.django_db(transaction=True)
def test_the_data_migration_turns_removed_teams_and_results_annulled_into_rows_004_5_7_3():
    before = [
        ("draw", "0004_consequence"),
        ("registration", "0008_participant_admission_doubts"),
        ("judging", "0003_team_sanction"),
    ]
    after = [
        ("draw", "0005_removals_into_consequences"),
        ("registration", "0009_remove_participant_results_annulled"),
        ("judging", "0003_team_sanction"),
    ]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    t = old.get_model("tournaments", "Tournament").objects.create(
        name="Старый турнир",
        discipline="long",
        start_date="2026-05-01",
        end_date="2026-05-02",
        system="round_robin",
        tiebreaks=[],
    )
    person = old.get_model("registration", "Person").objects.create(surname="Иванов", name="Иван")
    gone = old.get_model("registration", "Participant").objects.create(
        tournament=t, person=person, status="removed", results_annulled=True
    )
    stage = old.get_model("draw", "Stage").objects.create(
        tournament=t, number=1, system="round_robin", plan={"rounds": [], "removed_teams": {}}
    )
    team = old.get_model("registration", "Team").objects.create(tournament=t, name="Команда", removed=True)
    stage.plan = {"rounds": [], "seed": 7, "removed_teams": {str(team.pk): "annulled"}}
    stage.save()
    ruling = old.get_model("judging", "Sanction").objects.create(
        person=person, tournament=t, kind="removal", outcome="annulled", stage=stage
    )
    team_ruling = old.get_model("judging", "TeamSanction").objects.create(
        team=team, tournament=t, kind="removal", clause="004 §5.7.3", facts="x"
    )
    executor = MigrationExecutor(connection)
    executor.migrate(after)
    new = executor.loader.project_state(after).apps
    rows = new.get_model("draw", "Consequence").objects.order_by("pk")
    got = [(r.kind, r.participant_id, r.team_id, r.stage_id, r.source_id) for r in rows]
    assert got == [
        ("annulled", None, team.pk, stage.pk, team_ruling.pk),
        ("annulled", gone.pk, None, stage.pk, ruling.pk),
    ]
    assert new.get_model("draw", "Stage").objects.get(pk=stage.pk).plan == {"rounds": [], "seed": 7}
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert Sanction.objects.filter(pk=ruling.pk).exists()


def test_a_players_row_never_reads_as_the_team_of_the_same_number(secretary, chief_judge):
    """A participant and a team may have the same pk: a player removed in a team event (his board) must not
    make the team of that number a removed one for the team draw (004 §5.7.3)."""
    t = make_tournament(secretary, chief_judge, system="round_robin", character="team", boards=2)
    team = Team.objects.create(pk=9001, tournament=t, name="Девять тысяч")
    person = Person.objects.create(surname="Петров", name="Пётр")
    player = Participant.objects.create(pk=9001, tournament=t, person=person, team=team, status="removed")
    consequences.record(Consequence.Kind.TECHNICAL, player, None, clause="004 §5.7.3")
    loaded = consequences.load(t)
    assert loaded.technical == {"9001"} and loaded.team_technical == set()
    consequences.record(Consequence.Kind.ANNULLED, team, None, clause="004 §5.7.3")
    loaded = consequences.load(t)
    assert loaded.team_annulled == {"9001"} and loaded.annulled == set()
