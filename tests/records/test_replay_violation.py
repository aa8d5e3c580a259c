"""The board shows the violation: a finding's link opens the replay at that play, the written play drawn in
red, the legal plays listed beside the board, the players named; the public sees the moves, not the
verdict."""

from __future__ import annotations

import html
import json
import re

from django.urls import reverse
from django.utils import timezone

from records import manager, store
from tests.rules_core.planted import DATA


def attach_planted(match, user, name: str, capture):
    with capture(execute=True):
        return store.attach(match, user, (DATA / name).read_text(encoding="utf-8"), source="paste")


def replay_page(client, match, step: int) -> str:
    url = reverse("records:replay", args=[match.round.tournament_id, match.pk])
    response = client.get(url, {"step": step})
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_004_5_4_11_the_finding_link_opens_the_board_at_the_play_drawn_in_red_with_the_legal_plays(
    client, match, secretary, django_capture_on_commit_callbacks
):
    record = attach_planted(match, secretary, "long_head.mat", django_capture_on_commit_callbacks)
    (finding,) = record.verdict.findings
    step = finding["step"]
    client.force_login(secretary)
    record_page = html.unescape(
        client.get(
            reverse("records:match_record", args=[match.round.tournament_id, match.pk])
        ).content.decode()
    )
    assert f"?step={step}" in record_page
    page = replay_page(client, match, step)
    row = manager.snapshots(record)[step]
    assert (row["game"], row["move"], row["side"], row["legal"]) == (
        finding["game"],
        finding["move"],
        finding["side"],
        False,
    )
    svg = re.search(r"<svg.*?</svg>", page, re.S).group(0)
    # one red arrow per checker of the play as written, no ordinary arrow
    assert svg.count('class="arrow bad"') == len(row["path"]) > 0 and 'class="arrow"' not in svg
    # beside the board: the clause, the Russian text and every legal play listed
    marks = re.search(r'<div class="replay-marks".*?</div>\s*</div>', page, re.S).group(0)
    assert (
        "п. 5.4.11 Правил вида спорта «нарды»" in marks
        and "с головы за ход можно снять только одну шашку" in marks
    )
    legal = re.findall(r"<li>(.*?)</li>", marks)
    assert legal == finding["args"]["legal"] and legal
    # the players are named, never "side 2"
    names = (match.player1.person.short_name, match.player2.person.short_name)
    assert all(n in page for n in names) and "сторона 2" not in page
    data = json.loads(
        re.search(r'id="replay-marks-data" type="application/json">(.*?)</script>', page, re.S)[1]
    )
    assert list(data) == [str(step)]


def test_a_legal_play_is_drawn_with_ordinary_arrows(
    client, match, secretary, django_capture_on_commit_callbacks
):
    record = attach_planted(match, secretary, "long_head.mat", django_capture_on_commit_callbacks)
    rows = manager.snapshots(record)
    step = next(i for i, r in enumerate(rows) if r["kind"] == "roll" and r["legal"] and r["path"])
    client.force_login(secretary)
    svg = re.search(r"<svg.*?</svg>", replay_page(client, match, step), re.S).group(0)
    assert svg.count('class="arrow"') == len(rows[step]["path"]) and "arrow bad" not in svg


def test_a_play_the_board_does_not_allow_is_drawn_where_it_was_written_and_the_rest_is_marked_unchecked(
    client, match, secretary, django_capture_on_commit_callbacks
):
    record = attach_planted(match, secretary, "long_blocked_point.mat", django_capture_on_commit_callbacks)
    (finding,) = record.verdict.findings
    rows = manager.snapshots(record)
    at = rows[finding["step"]]
    assert at["legal"] is False and at["board"] == rows[finding["step"] - 1]["board"]  # nothing moved
    assert at["path"] and not rows[finding["step"] + 1]["checked"]
    client.force_login(secretary)
    page = replay_page(client, match, finding["step"])
    assert "пункт" in page and "закрыт соперником" in page
    assert "дальнейшие ходы партии 2 не проверены" in page  # the note is at the same step


def test_the_public_replays_a_final_match_without_the_verdict(
    client, match, secretary, stranger, django_capture_on_commit_callbacks
):
    record = attach_planted(match, secretary, "long_head.mat", django_capture_on_commit_callbacks)
    step = record.verdict.findings[0]["step"]
    match.score1, match.score2, match.result_kind, match.winner = 3, 1, "played", match.player1
    match.ended_at = match.final_at = timezone.now()
    match.save()
    client.force_login(stranger)
    page = replay_page(client, match, step)
    assert "arrow bad" not in page and "replay-marks" not in page and "с головы" not in page
    rows = json.loads(re.search(r'id="replay-rows" type="application/json">(.*?)</script>', page, re.S)[1])
    assert all(r["legal"] is None and r["checked"] for r in rows)
    assert 'class="arrow"' in page  # the moves themselves are public
