"""One record per match: the record handed in with the match protocol becomes the match's Record, and the
protocol's game-by-game lines come from it (in the match's player order), never from a second copy."""

from __future__ import annotations

import pytest

from records import manager, store
from records.models import Record
from rules_core import parse_mat, validate_record, write_mat
from tests.records.conftest import legal_text


def test_a_record_handed_in_with_the_protocol_becomes_the_matchs_validated_record(
    match, participant_user, django_capture_on_commit_callbacks
):
    text = legal_text()
    with django_capture_on_commit_callbacks(execute=True):
        record = store.attach_from_protocol(match, text, participant_user)
    assert record.source == Record.Source.PROTOCOL and record.is_current
    assert record.uploaded_by == participant_user and record.player1_side == 1
    assert Record.objects.get(pk=record.pk).verdict.valid
    # Handed in again unchanged (a corrected score, the same record): no second version.
    assert store.attach_from_protocol(match, text.replace("\n", "\r\n"), participant_user) == record
    assert match.records.count() == 1
    # A changed record supersedes it; the old one stays as history.
    other = legal_text(seed=8)
    newer = store.attach_from_protocol(match, other, participant_user)
    assert newer.pk != record.pk and match.records.count() == 2
    assert match.records.get(superseded_at__isnull=True) == newer


def test_a_protocol_without_a_record_attaches_nothing(match, participant_user):
    assert store.attach_from_protocol(match, "  \n", participant_user) is None
    assert not match.records.exists()


def test_an_unreadable_protocol_record_is_refused_with_its_line_and_nothing_is_stored(
    match, participant_user
):
    bad = " 3 point match\n Game 1\n Player : 0    Игрок000 : 0\n  1) 99: 24/18\n"
    with pytest.raises(manager.RecordError) as exc:
        manager.read(bad)  # what the protocol form calls first
    assert "строка 4" in str(exc.value)
    with pytest.raises(manager.RecordError):
        store.attach_from_protocol(match, bad, participant_user)
    assert not match.records.exists()


def test_the_protocol_lines_follow_the_records_results_in_the_matchs_player_order(
    match, secretary, django_capture_on_commit_callbacks
):
    # The record lists player 2 (Игрок000) in the left column.
    text = legal_text(players=("Игрок000 Иван", "Player Test"))
    report = validate_record(text, "long")
    with django_capture_on_commit_callbacks(execute=True):
        record = store.attach(match, secretary, text, source="paste")
    assert record.player1_side == 2
    lines = manager.match_games(match)
    assert [line.number for line in lines] == [g.game for g in report.games]
    for line, game in zip(lines, report.games):
        assert line.winner == (1 if game.winner == 2 else 2)  # left column = the match's player 2
        assert (line.points, line.cube, line.checked) == (game.points, game.cube, True)
        assert line.multiplier * line.cube == line.points
    assert (lines[-1].score1, lines[-1].score2) == (report.score[1], report.score[0])


def test_the_protocol_lines_of_an_unchecked_game_are_the_records_own(match, secretary):
    from tests.rules_core.helpers import five_game_match, wrong_line_in_game_2

    rec, _bad = wrong_line_in_game_2(five_game_match("long", players=("Player", "Игрок000")), "long")
    record = store.attach(match, secretary, write_mat(rec), source="paste")  # no verdict yet: judged here
    assert manager.current_verdict(record) is None
    lines = manager.match_games(match)
    claims = [game.actions[-1] for game in parse_mat(write_mat(rec)).games]
    assert [(line.winner, line.points) for line in lines] == [(c.side, c.value) for c in claims]
    report = validate_record(write_mat(rec), "long")
    assert [line.checked for line in lines] == [g.checked for g in report.games]


def test_a_match_without_a_record_has_no_protocol_lines(match):
    assert manager.match_games(match) is None
