"""A judge acting on a record: one wrong line is one finding; the games around it are checked; the score is
compared only from what was checked, so a right entered result never gets a false «счёт не совпадает»."""

from __future__ import annotations

import ast
import html
from pathlib import Path

import pytest
from django.urls import reverse

from records import manager, store
from records.models import Record
from rules_core import write_mat
from tests.records.conftest import build
from tests.rules_core.helpers import five_game_match, wrong_line_in_game_2

ROOT = Path(__file__).resolve().parents[2]


def claimed(rec) -> list[int]:
    """The score the record's own Wins lines give (left column, right column)."""
    score = [0, 0]
    for game in rec.games:
        win = game.actions[-1]
        score[win.side - 1] += win.value
    return score


def enter(match, s1: int, s2: int) -> None:
    match.score1, match.score2, match.result_kind = s1, s2, "played"
    match.winner = match.player1 if s1 > s2 else match.player2
    match.save()


@pytest.fixture
def five_games(secretary, chief_judge, participant_user):
    """A 5-point long-nardy match of five games, "Player" (player 1) in the left column, one wrong line in
    game 2 (a play for other dice; the rest of that game as played on the real board)."""
    match = build(secretary, chief_judge, participant_user, length=5)
    rec, bad = wrong_line_in_game_2(five_game_match("long", players=("Player", "Игрок000")), "long")
    return match, write_mat(rec), rec, bad


def test_003_impossible_moves_one_illegal_play_in_game_2_of_5_is_one_finding_and_no_false_mismatch(
    client, secretary, five_games, django_capture_on_commit_callbacks
):
    match, text, rec, bad = five_games
    enter(match, *claimed(rec))  # the players entered the right result
    with django_capture_on_commit_callbacks(execute=True):
        record = store.attach(match, secretary, text, source="paste")
    verdict = Record.objects.get(pk=record.pk).verdict
    (finding,) = verdict.findings
    assert (finding["game"], finding["move"], finding["side"]) == (2, bad.move, bad.side)
    checked = [g["game"] for g in verdict.games if g["checked"]]
    assert checked in ([1, 3, 4, 5], [1, 2, 3, 4, 5])
    state = manager.agreement(record, verdict)
    assert state.state in ("agrees", "partly") and not state.flagged
    client.force_login(secretary)
    page = html.unescape(
        client.get(
            reverse("records:match_record", args=[match.round.tournament_id, match.pk])
        ).content.decode()
    )
    assert "Запись нарушает правила: 1 нарушение." in page
    assert "счёт по записи не совпадает" not in page.lower() and 'data-agreement="differs"' not in page
    if checked == [1, 3, 4, 5]:
        assert 'data-agreement="partly"' in page and "Не проверено: партию 2 проверить не удалось" in page
        assert "дальнейшие ходы партии 2 не проверены: позиция расходится с записью с хода" in page
        assert page.count("data-unchecked") == 1
        round_page = html.unescape(
            client.get(reverse("public:round", args=[match.round.tournament_id, 1])).content.decode()
        )
        # the officials' notice is for the finding; the score is not called different
        assert "счёт проверен не полностью" in round_page and "счёт расходится" not in round_page


def test_the_checked_games_alone_above_the_entered_result_are_a_mismatch(
    secretary, five_games, django_capture_on_commit_callbacks
):
    match, text, rec, _bad = five_games
    with django_capture_on_commit_callbacks(execute=True):
        record = store.attach(match, secretary, text, source="paste")
    verdict = record.verdict
    if not verdict.unchecked_games:
        pytest.skip("game 2 could be followed to its end: every game is checked")
    a, b = verdict.checked_score()
    enter(match, max(a - 1, 0), b) if a else enter(match, a, max(b - 1, 0))
    record = Record.objects.get(pk=record.pk)
    assert manager.agreement(record, record.verdict).state == "differs"
    enter(match, a + 5, b)  # the unchecked game could explain the rest: not a mismatch
    record = Record.objects.get(pk=record.pk)
    assert manager.agreement(record, record.verdict).state == "partly"


def test_003_result_the_koks_zone_setting_is_read_from_the_tournament_004_5_4_3(
    secretary, chief_judge, participant_user
):
    from tests.rules_core.test_scoring import koks_zone_record
    from tournaments.models import Tournament

    match = build(secretary, chief_judge, participant_user, length=1)
    record = store.attach(match, secretary, koks_zone_record(points=2), source="paste")
    verdict = manager.judge(record)
    assert verdict.valid and verdict.koks_zone == "13-18"  # the tournament's default: rules_core's
    Tournament.objects.filter(pk=match.round.tournament_id).update(koks_zone="19-24")
    record = Record.objects.get(pk=record.pk)
    verdict = manager.judge(record)
    assert verdict.koks_zone == "19-24" and [f["code"] for f in verdict.findings] == ["wrong_points"]
    assert manager.snapshots(record)[-1]["kind"] == "win"


def test_records_views_reach_rules_core_only_through_the_records_manager():
    for name in ("views.py", "forms.py", "access.py", "board.py", "findings.py", "tasks.py"):
        tree = ast.parse((ROOT / "records" / name).read_text(encoding="utf-8"))
        imported = {
            alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names
        } | {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert not any(m and m.startswith("rules_core") for m in imported), name
