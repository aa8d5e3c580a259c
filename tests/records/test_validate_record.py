"""With validation on, the task replays the record with rules_core and stores one verdict; the record page
shows it, each finding, and whether the record's score agrees with the entered result (both ways)."""

from __future__ import annotations

import html

from django.urls import reverse

from records import findings as texts
from records import manager, tasks
from records.models import Record, Verdict
from rules_core import parse_mat, validate_record, write_mat
from tests.records.conftest import legal_text
from tournaments.rules import cite


def attach(client, match, text: str, capture, **extra) -> Record:
    with capture(execute=True):
        response = client.post(
            reverse("records:attach", args=[match.round.tournament_id, match.pk]), {"text": text, **extra}
        )
    assert response.status_code == 302, response.content.decode()[:1500]
    return Record.objects.get(match=match, superseded_at__isnull=True)


def record_page(client, match) -> str:
    response = client.get(reverse("records:match_record", args=[match.round.tournament_id, match.pk]))
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def enter(match, s1: int, s2: int) -> None:
    match.score1, match.score2, match.result_kind = s1, s2, "played"
    match.winner = match.player1 if s1 > s2 else match.player2
    match.save()


def test_a_legal_record_is_valid_and_agrees_with_the_entered_result(
    client, match, participant_user, django_capture_on_commit_callbacks
):
    text = legal_text()
    s1, s2 = validate_record(text, "long").score  # the record's left column is "Player" = player 1
    enter(match, s1, s2)
    client.force_login(participant_user)
    record = attach(client, match, text, django_capture_on_commit_callbacks)
    verdict = Verdict.objects.get(record=record)
    assert verdict.valid and verdict.findings == [] and verdict.score == [s1, s2]
    assert record.player1_side == 1 and record.sides_by == "names"
    assert manager.agreement(record, verdict).state == "agrees"
    page = record_page(client, match)
    assert 'data-agreement="agrees"' in page
    assert "Запись правильна" in page


def test_a_mismatching_score_is_flagged_on_the_record_and_round_pages(
    client, match, secretary, chief_judge, stranger, django_capture_on_commit_callbacks
):
    text = legal_text()
    s1, s2 = validate_record(text, "long").score
    enter(match, s2, s1)  # the secretary entered it the other way round
    client.force_login(secretary)
    record = attach(client, match, text, django_capture_on_commit_callbacks)
    assert manager.agreement(record, record.verdict).state == "differs"
    assert 'data-agreement="differs"' in record_page(client, match)
    round_url = reverse("public:round", args=[match.round.tournament_id, 1])
    client.force_login(chief_judge)
    round_page = html.unescape(client.get(round_url).content.decode())
    assert 'data-records-flagged="1"' in round_page and "счёт расходится с результатом" in round_page
    # The notice is for the officials; the public sees no verdict.
    client.force_login(stranger)
    public = client.get(round_url).content.decode()
    assert "data-records-flagged" not in public
    assert (
        client.get(reverse("records:match_record", args=[match.round.tournament_id, match.pk])).status_code
        == 403
    )
    # Correcting the result clears the flag at once: agreement is derived, never a stale copy.
    enter(match, s1, s2)
    client.force_login(chief_judge)
    assert "data-records-flagged" not in client.get(round_url).content.decode()


def test_sides_are_matched_by_names_when_the_record_lists_player_2_first(
    client, match, participant_user, django_capture_on_commit_callbacks
):
    text = legal_text(players=("Игрок000 Иван", "Player Test"))
    left, right = validate_record(text, "long").score
    enter(match, right, left)  # player 1 (Player) is the right column
    client.force_login(participant_user)
    record = attach(client, match, text, django_capture_on_commit_callbacks)
    assert record.player1_side == 2 and record.sides_by == "names"
    assert record.verdict.match_score() == (right, left)
    assert manager.agreement(record, record.verdict).state == "agrees"


def test_the_uploader_says_which_side_is_player_1_when_the_names_do_not_tell(
    client, match, participant_user, django_capture_on_commit_callbacks
):
    text = legal_text(players=("Alice", "Bob"))
    left, right = validate_record(text, "long").score
    enter(match, right, left)
    client.force_login(participant_user)
    guessed = attach(client, match, text, django_capture_on_commit_callbacks)
    assert guessed.sides_by == "default" and guessed.player1_side == 1
    assert manager.agreement(guessed, guessed.verdict).state == "differs"
    told = attach(client, match, text, django_capture_on_commit_callbacks, player1_side="2")
    assert told.sides_by == "uploader" and told.player1_side == 2
    assert manager.agreement(told, told.verdict).state == "agrees"


def _illegal_text() -> tuple[str, int]:
    """A legal long-nardy match with one play made illegal: returns the text and the move number."""
    record = parse_mat(legal_text())
    lines = write_mat(record).splitlines()
    index = next(i for i, line in enumerate(lines) if line.strip().startswith("3)"))
    # Side 1's third play rewritten to take two checkers off the head (004 §5.4.11). write_mat puts the
    # right column at character 33 ("  n) " and 28 characters of the left column).
    left, right = lines[index][:33], lines[index][33:]
    dice = left.split(")")[1].split(":")[0].strip()
    a, b = int(dice[0]), int(dice[1])
    lines[index] = f"  3) {dice}: 24/{24 - a} 24/{24 - b}".ljust(33) + right
    return "\n".join(lines) + "\n", 3


def test_an_illegal_record_shows_each_finding_with_game_move_side_and_clause(
    client, match, secretary, django_capture_on_commit_callbacks
):
    text, move = _illegal_text()
    client.force_login(secretary)
    record = attach(client, match, text, django_capture_on_commit_callbacks)
    verdict = record.verdict
    assert not verdict.valid
    first = verdict.findings[0]
    assert (first["game"], first["move"], first["side"]) == (1, move, 1)
    assert first["rule"].startswith("004 §5.4")
    assert first["code"] == "head" and first["args"]["roll"] and first["step"] is not None
    page = record_page(client, match)
    assert "Запись нарушает правила" in page
    # Shown in Russian by its code, never as rules_core's English.
    shown = texts.present(first, record.name_of_side)
    assert (
        cite(first["rule"]) in page
        and "004 §" not in page
        and shown["message"] in page
        and first["message"] not in page
    )
    assert "с головы за ход можно снять только одну шашку" in shown["message"]
    assert shown["expected"].startswith("один из") and shown["expected"][:40] in page
    # The side is named by the match player, and the finding links to the board at that play.
    assert "Player Test" in page
    replay_url = reverse("records:replay", args=[match.round.tournament_id, match.pk])
    assert f'{replay_url}?step={first["step"]}"' in page


def test_the_validation_task_run_twice_gives_one_verdict_and_the_same_result(
    client, match, participant_user, django_capture_on_commit_callbacks
):
    client.force_login(participant_user)
    record = attach(client, match, _illegal_text()[0], django_capture_on_commit_callbacks)
    first = Verdict.objects.get(record=record)
    again = tasks.validate_record.delay(record.pk).get()
    again2 = tasks.validate_record(record.pk)
    assert again == again2
    assert Verdict.objects.filter(record=record).count() == 1
    second = Verdict.objects.get(record=record)
    assert (second.valid, second.findings, second.score) == (first.valid, first.findings, first.score)
    # One "checked" entry in the change log however often it runs.
    assert match.round.tournament.audit.filter(action="record_verdict").count() == 1


def test_the_task_skips_a_record_that_no_longer_exists(db):
    assert tasks.validate_record(987654) == {"record": 987654, "skipped": True}


def test_without_validation_the_record_is_stored_and_replayed_not_judged(
    client, unvalidated_match, participant_user, django_capture_on_commit_callbacks
):
    match = unvalidated_match
    client.force_login(participant_user)
    record = attach(client, match, _illegal_text()[0], django_capture_on_commit_callbacks)
    assert not Verdict.objects.filter(record=record).exists()
    assert "не проверяет записи партий" in record_page(client, match)
    replay = client.get(reverse("records:replay", args=[match.round.tournament_id, match.pk]))
    assert replay.status_code == 200 and "<svg" in replay.content.decode()


def test_a_short_nardy_record_is_validated_as_short(
    client, short_match, participant_user, django_capture_on_commit_callbacks
):
    text = legal_text("short")
    client.force_login(participant_user)
    record = attach(client, short_match, text, django_capture_on_commit_callbacks)
    assert record.verdict.valid and record.verdict.discipline == "short"
    assert record.verdict.score == list(validate_record(text, "short").score)


def test_a_long_nardy_record_in_a_short_nardy_tournament_is_reported(
    client, short_match, participant_user, django_capture_on_commit_callbacks
):
    client.force_login(participant_user)
    record = attach(client, short_match, legal_text("long"), django_capture_on_commit_callbacks)
    assert not record.verdict.valid


def test_the_result_page_links_the_record_and_flags_a_mismatch(
    client, match, secretary, django_capture_on_commit_callbacks
):
    text = legal_text()
    s1, s2 = validate_record(text, "long").score
    enter(match, s2, s1)
    client.force_login(secretary)
    attach(client, match, text, django_capture_on_commit_callbacks)
    page = html.unescape(
        client.get(reverse("draw:match_result", args=[match.round.tournament_id, match.pk])).content.decode()
    )
    assert reverse("records:replay", args=[match.round.tournament_id, match.pk]) in page
    assert "счёт по записи расходится с внесённым результатом" in page


def test_a_broken_broker_leaves_the_record_stored_and_waiting(
    client, match, participant_user, secretary, stranger, monkeypatch, django_capture_on_commit_callbacks
):
    def down(*args, **kwargs):
        raise ConnectionError("broker down")

    monkeypatch.setattr(tasks.validate_record, "delay", down)
    client.force_login(participant_user)
    record = attach(client, match, legal_text(), django_capture_on_commit_callbacks)
    assert not Verdict.objects.filter(record=record).exists()
    assert "Запись ожидает проверки" in record_page(client, match)
    check_url = reverse("records:revalidate", args=[match.round.tournament_id, match.pk])
    # Only the runners may run the check again; a player or a stranger gets 403 and nothing runs.
    monkeypatch.undo()
    assert client.post(check_url).status_code == 403
    client.force_login(stranger)
    assert client.post(check_url).status_code == 403
    assert not Verdict.objects.filter(record=record).exists()
    client.force_login(secretary)
    assert client.post(check_url).status_code == 302
    assert Verdict.objects.get(record=record).valid
