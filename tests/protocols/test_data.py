"""The plain data of the documents: what they say, before any PDF."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone, translation

from draw.models import Round
from protocols import documents, facts
from protocols.docs import bracket, crosstable, final, pairings, sanctions, standings
from protocols.docs import match as match_protocol
from protocols.docs import protest as protest_decision
from rules_core import validate_record, write_mat
from rules_core.simulate import random_match
from standings import ranking
from tests.protocols.conftest import attach_before_the_finish


@pytest.fixture(autouse=True)
def russian():
    with translation.override("ru"):
        yield


@pytest.mark.parametrize(
    ("length", "breaks"),
    [(1, 0), (3, 0), (5, 0), (6, 1), (7, 1), (9, 1), (10, 1), (11, 2), (13, 2), (14, 2), (15, 3), (25, 3)],
)
def test_breaks_follow_003(length, breaks):
    assert match_protocol.breaks_allowed(length) == breaks


def test_blitz_has_no_breaks_003():
    assert match_protocol.breaks_allowed(11, blitz=True) == 0


def test_number_text_prints_halves_and_fractions():
    from fractions import Fraction

    assert facts.number_text(Fraction(5, 2)) == "2½"
    assert facts.number_text(Fraction(1, 2)) == "½"
    assert facts.number_text(3) == "3"
    assert facts.number_text(Fraction(4, 3)) == "1,33"
    assert facts.number_text(None) == "—"


def test_pairings_data_are_the_rounds_matches(swiss):
    rnd = Round.objects.get(tournament=swiss, number=2)
    data = pairings.build(rnd)
    expected = [
        (m.table, m.player1.person.full_name, m.player2.person.full_name if m.player2 else "")
        for m in rnd.matches.order_by("table")
    ]
    assert [(r.table, r.player1, r.player2) for r in data.rows] == expected
    assert data.round == 2
    assert data.match_length == 7
    assert data.heading.name == "Кубок города"
    assert data.signatures[0].role == "Главный секретарь"


def test_final_protocol_lists_everyone_in_the_order_of_the_standings(swiss):
    data = final.build(swiss)
    expected = [s.participant.person.full_name for s in ranking.compute(swiss).rows]
    assert [r.name for r in data.rows] == expected
    assert len(data.rows) == 10
    assert data.signed is True
    assert [s.role for s in data.signatures] == ["Главный судья", "Главный секретарь"]
    assert data.signatures[0].name == "Judge T."
    labels = {f.label: f.value for f in data.details}
    assert labels["Дисциплина"] == "длинные нарды"
    assert labels["Длина матча, очков"] == "7"
    assert [c.key for c in data.columns] == ["buchholz", "sonneborn_berger", "direct"]  # issue 29 §2


def test_the_final_protocol_is_a_draft_until_the_tournament_is_finished(tournament):
    assert final.build(tournament).signed is False


def test_removed_player_is_listed_without_a_place_with_his_removal(swiss, chief_judge):
    from judging.models import Sanction

    p = swiss.participants.select_related("person").first()
    p.status = "removed"
    p.save(update_fields=["status"])
    Sanction.objects.create(
        person=p.person, tournament=swiss, kind="removal", clause="004 §5.7.2", facts="второе предупреждение"
    )
    data = final.build(swiss)
    last = data.rows[-1]
    assert last.name == p.person.full_name and last.removed and last.place == "—"
    assert [r.name for r in data.removed] == [p.person.full_name]
    assert data.removed[0].clause == "п. 5.7.2 Правил вида спорта «нарды»"
    assert [s.kind for s in data.sanctions] == ["удаление"]


def test_standings_data_carry_the_tiebreak_columns_in_order(swiss):
    swiss.tiebreaks = "sonneborn_berger,buchholz,wins"
    swiss.save(update_fields=["tiebreaks"])
    data = standings.build(swiss)
    assert [c.key for c in data.columns] == ["sonneborn_berger", "buchholz", "wins"]
    rows = ranking.compute(swiss).rows
    assert [r.name for r in data.rows] == [s.participant.person.full_name for s in rows]
    assert data.rows[0].metrics == tuple(
        facts.number_text(rows[0].row.metrics[k]) for k in ("sonneborn_berger", "buchholz", "wins")
    )
    assert data.as_of == "итоговое положение"


def test_a_blank_match_protocol_has_an_empty_grid_and_the_breaks(tournament, client, secretary):
    from django.urls import reverse

    client.force_login(secretary)
    client.post(reverse("draw:draw", args=[tournament.pk]), {"number": 1})
    m = (
        tournament.round_set.get(number=1)
        .matches.select_related("player1__person", "player2__person")
        .first()
    )
    data = match_protocol.build(m)
    assert not data.filled and data.games == ()
    assert data.blank_games == 13  # room for a 7-point match of one-point games
    assert data.breaks == 1
    assert data.player1 == m.player1.person.full_name
    assert [s.role for s in data.signatures] == ["Игрок 1", "Игрок 2", "Секретарь"]


def test_a_filled_match_protocol_has_the_result(swiss):
    m = Round.objects.get(tournament=swiss, number=1).matches.exclude(player2=None).first()
    data = match_protocol.build(m)
    assert data.filled
    assert (data.score1, data.score2) == (m.score1, m.score2)
    assert data.winner == m.winner.person.full_name
    assert data.result == "сыгран"


def test_the_protocols_game_lines_come_from_the_matchs_record_in_the_matchs_player_order(swiss, secretary):
    """003: the protocol lists each game. The record's left column is the match's player 2 here: the lines
    still name the match's players (no leader in games who is not the winner)."""
    m = Round.objects.get(tournament=swiss, number=1).matches.exclude(player2=None).first()
    rec = random_match("long", 3, 11, players=(m.player2.person.full_name, m.player1.person.full_name))
    attach_before_the_finish(m, secretary, write_mat(rec))
    report = validate_record(write_mat(rec), "long")
    data = match_protocol.build(m)
    assert [g.number for g in data.games] == [g.game for g in report.games]
    assert [g.winner for g in data.games] == [3 - g.winner for g in report.games]
    assert (data.games[-1].score1, data.games[-1].score2) == (report.score[1], report.score[0])


def test_a_match_without_a_record_prints_an_empty_grid(swiss):
    m = Round.objects.get(tournament=swiss, number=1).matches.exclude(player2=None).first()
    data = match_protocol.build(m)
    assert data.games == () and data.blank_games > 0


def test_the_fingerprint_changes_with_the_data_and_only_then(swiss):
    first = documents.fingerprint(standings.build(swiss))
    assert documents.fingerprint(standings.build(swiss)) == first
    m = Round.objects.get(tournament=swiss, number=1).matches.exclude(player2=None).first()
    m.score1, m.score2 = m.score2, m.score1
    m.winner = m.player2 if m.winner_id == m.player1_id else m.player1
    m.save()
    assert documents.fingerprint(standings.build(swiss)) != first


def test_crosstable_data_is_the_round_robin_grid(round_robin):
    data = crosstable.build_players(round_robin)
    assert data is not None and len(data.sections) == 1
    rows = data.sections[0].rows
    assert len(rows) == 6
    for i, row in enumerate(rows):
        assert row.cells[i] == "■"
        # every other cell has a result: 1 or 0 over the score (two short lines)
        assert all(
            c.split("\n")[0] in {"1", "0"} and c.count("\n") == 1 for j, c in enumerate(row.cells) if j != i
        )
    places = {s.participant.person.full_name: s.row.place_label for s in ranking.compute(round_robin).rows}
    assert {r.name: r.place for r in rows} == places


def test_no_crosstable_for_a_swiss(swiss):
    assert crosstable.build_players(swiss) is None


@pytest.mark.parametrize("fixture", ["single", "double"])
def test_bracket_data_has_every_match_and_the_places(fixture, request):
    t = request.getfixturevalue(fixture)
    stage = t.stages.get()
    data = bracket.build(stage)
    # Every match played is in the chart; a bye is no match (the player goes straight on).
    played = {m.bracket_code for r in stage.rounds.all() for m in r.matches.all() if not m.is_bye}
    assert played <= {b.id for b in data.boxes}
    assert data.places[0][0] == "1"
    champion = next(s for s in ranking.compute(t).rows if s.row.place == 1)
    assert data.places[0][1] == champion.participant.person.full_name
    assert all(b.winner in (1, 2) for b in data.boxes if b.id in played and all(b.names))


def test_protest_decision_data(swiss, chief_judge):
    from judging.models import Protest

    m = Round.objects.get(tournament=swiss, number=1).matches.exclude(player2=None).first()
    now = timezone.now()
    protest = Protest.objects.create(
        tournament=swiss,
        match=m,
        protester=m.player2,
        filed_at=now,
        reasons="Неверно записан счёт",
        arguments="Партия 3 выиграна с марсом",
        evidence="Протокол матча, показания судьи",
        status=Protest.Status.UPHELD,
        decided_at=now + datetime.timedelta(minutes=20),
        decision_reasons="Запись партии подтверждает марс",
        consequence=Protest.Consequence.SCORE,
        new_score1=3,
        new_score2=7,
    )
    data = protest_decision.build(protest)
    assert data.protester == m.player2.person.full_name
    assert data.match.startswith("тур 1, стол")
    assert data.status == "удовлетворён" or data.status == str(Protest.Status.UPHELD.label)
    assert data.consequence.endswith("3:7")
    assert data.decision == "Запись партии подтверждает марс"
    assert [s.role for s in data.signatures] == ["Главный судья", "Главный секретарь"]


def test_sanctions_data_in_the_order_issued(swiss):
    from judging.models import Sanction

    people = [p.person for p in swiss.participants.select_related("person")[:2]]
    for person, kind in zip(people, ["warning", "warning"], strict=True):
        Sanction.objects.create(person=person, tournament=swiss, kind=kind, violation="break", clause="003")
    data = sanctions.build(swiss)
    assert [r.person for r in data.rows] == [p.full_name for p in people]
    assert [r.number for r in data.rows] == [1, 2]
    assert data.rows[0].kind == "предупреждение"
