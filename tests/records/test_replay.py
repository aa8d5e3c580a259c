"""The replay page draws the board as SVG at any step of the record: every checker on its point, in its
side's colour, with the dice and the cube; both disciplines; who may see it."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from django.urls import reverse
from django.utils import timezone

from records import board
from records.models import Record
from rules_core import replay as rules_replay
from tests.records.conftest import legal_text

SVG = "{http://www.w3.org/2000/svg}"


def attach_directly(match, text: str, user) -> Record:
    from records import store

    return store.attach(match, user, text, source="paste")


def get_svg(client, match, step: int) -> tuple[ET.Element, str]:
    url = reverse("records:replay", args=[match.round.tournament_id, match.pk])
    response = client.get(url, {"step": step})
    assert response.status_code == 200
    page = response.content.decode()
    svg = re.search(r"<svg.*?</svg>", page, re.S).group(0)
    return ET.fromstring(svg), page


def checkers(svg: ET.Element) -> list[tuple[str, float, float]]:
    out = []
    for c in svg.iter(f"{SVG}circle"):
        classes = c.get("class", "").split()
        if "checker" in classes:
            side = "s1" if "s1" in classes else "s2"
            out.append((side, float(c.get("cx")), float(c.get("cy"))))
    return out


def point_of(x: float) -> set[int]:
    """The two points (one on each half) drawn at this x."""
    return {p for p in range(1, 25) if abs(board.point_x(p) - x) < 0.2}


def point_at(x: float, y: float) -> int:
    (point,) = {p for p in point_of(x) if (p >= 13) == (y < board.MID)}
    return point


@pytest.mark.parametrize("discipline", ["long", "short"])
def test_the_board_has_every_checker_of_the_position_at_each_sampled_step(
    client, secretary, chief_judge, participant_user, discipline
):
    from tests.records.conftest import build

    match = build(secretary, chief_judge, participant_user, discipline=discipline)
    text = legal_text(discipline)
    attach_directly(match, text, secretary)
    snaps = rules_replay(text, discipline)
    client.force_login(participant_user)
    for step in sorted({0, 1, 2, 7, len(snaps) // 2, len(snaps) - 2, len(snaps) - 1}):
        s = snaps[step]
        svg, page = get_svg(client, match, step)
        found = checkers(svg)
        on_board_1 = sum(n for n in s.board if n > 0) + s.bar[0]
        on_board_2 = -sum(n for n in s.board if n < 0) + s.bar[1]
        assert (
            Counter(side for side, _, _ in found) == Counter({"s1": on_board_1, "s2": on_board_2}) - Counter()
        )
        assert on_board_1 + s.off[0] == 15 and on_board_2 + s.off[1] == 15
        # Borne-off checkers are drawn in the tray.
        assert page.count('class="off s1"') == s.off[0] and page.count('class="off s2"') == s.off[1]
        # Each point's checkers stand on that point, on its half of the board.
        for p in range(1, 25):
            n = s.board[p - 1]
            here = [(side, y) for side, x, y in found if p in point_of(x)]
            here = [(side, y) for side, y in here if (y < board.MID) == (p >= 13)]
            assert len(here) == abs(n), (step, p)
            assert all(side == ("s1" if n > 0 else "s2") for side, _ in here)
        if s.dice:
            assert page.count(f'class="die s{s.side}"') == 2


def test_long_nardy_heads_are_side_1s_24_and_12(client, match, participant_user, secretary):
    attach_directly(match, legal_text("long"), secretary)
    client.force_login(participant_user)
    svg, page = get_svg(client, match, 0)
    found = checkers(svg)
    assert {point_at(x, y) for side, x, y in found if side == "s1"} == {24}
    assert {point_at(x, y) for side, x, y in found if side == "s2"} == {12}
    # Side 2's own numbers are printed too: its head (its 24) is side 1's 12.
    numbers = [t.text for t in svg.iter(f"{SVG}text") if "num2" in t.get("class", "")]
    assert numbers[11] == "24" and numbers[23] == "12"
    assert 'data-step="0"' in page


def test_short_nardy_starts_from_the_backgammon_position(client, short_match, participant_user, secretary):
    attach_directly(short_match, legal_text("short"), secretary)
    client.force_login(participant_user)
    svg, _page = get_svg(client, short_match, 0)
    per_point = Counter((side, point_at(x, y)) for side, x, y in checkers(svg))
    assert per_point == Counter(
        {
            ("s1", 24): 2,
            ("s1", 13): 5,
            ("s1", 8): 3,
            ("s1", 6): 5,
            ("s2", 1): 2,
            ("s2", 12): 5,
            ("s2", 17): 3,
            ("s2", 19): 5,
        }
    )


def test_the_page_carries_every_snapshot_and_the_game_list(client, match, participant_user, secretary):
    text = legal_text("long")
    attach_directly(match, text, secretary)
    client.force_login(participant_user)
    _svg, page = get_svg(client, match, 0)
    rows = json.loads(
        re.search(r'<script id="replay-rows" type="application/json">(.*?)</script>', page, re.S)[1]
    )
    snaps = rules_replay(text, "long")
    assert len(rows) == len(snaps)
    assert rows[5]["board"] == list(snaps[5].board) and rows[5]["cube"] == snaps[5].cube
    assert page.count("<option") == len({s.game for s in snaps})


def test_the_cube_and_the_crawford_flag_are_shown(client, secretary, chief_judge, participant_user):
    from rules_core import write_mat
    from rules_core.simulate import random_match
    from tests.records.conftest import build

    match = build(secretary, chief_judge, participant_user, discipline="short", length=5)
    # A seed whose match has a double and a Crawford game.
    for seed in range(200):
        record = random_match("short", 5, seed, cube_rate=0.3, players=("Player", "Игрок000"))
        snaps = rules_replay(write_mat(record), "short")
        owned = [i for i, s in enumerate(snaps) if s.cube_owner]
        crawford = [i for i, s in enumerate(snaps) if s.crawford]
        if owned and crawford:
            break
    attach_directly(match, write_mat(record), secretary)
    client.force_login(participant_user)
    svg, page = get_svg(client, match, owned[0])
    s = snaps[owned[0]]
    cube = [t for t in svg.iter(f"{SVG}text") if t.get("class") == "cubev"]
    assert cube[0].text == str(s.cube)
    y = float(cube[0].get("y"))
    assert (y > board.MID) == (s.cube_owner == 1)
    _svg, page = get_svg(client, match, crawford[0])
    assert "Партия Кроуфорда: без куба" in page and 'class="cube crawford"' in page


def test_an_out_of_range_or_bad_step_shows_the_nearest_end(client, match, participant_user, secretary):
    attach_directly(match, legal_text("long"), secretary)
    client.force_login(participant_user)
    url = reverse("records:replay", args=[match.round.tournament_id, match.pk])
    assert client.get(url, {"step": "abc"}).status_code == 200
    assert client.get(url, {"step": "-5"}).status_code == 200
    response = client.get(url, {"step": "999999"})
    assert response.status_code == 200 and 'data-step="' in response.content.decode()


def test_no_record_is_404(client, match, participant_user):
    client.force_login(participant_user)
    assert (
        client.get(reverse("records:replay", args=[match.round.tournament_id, match.pk])).status_code == 404
    )


def test_the_public_replays_a_final_match_but_never_sees_the_verdict(client, match, secretary, stranger):
    record = attach_directly(match, legal_text("long"), secretary)
    t = match.round.tournament_id
    replay_url = reverse("records:replay", args=[t, match.pk])
    client.force_login(stranger)
    assert client.get(replay_url).status_code == 403  # no result yet: only the players and officials
    match.score1, match.score2, match.result_kind, match.winner = 3, 1, "played", match.player1
    match.ended_at = match.final_at = timezone.now()
    match.save()
    assert client.get(replay_url).status_code == 200
    client.logout()
    assert client.get(replay_url).status_code == 200
    assert client.get(reverse("records:match_record", args=[t, match.pk])).status_code == 403
    assert client.get(reverse("records:text", args=[t, match.pk, record.pk])).status_code == 403
    # The round page lists the replay for the public, without the verdict.
    page = client.get(reverse("public:round", args=[t, 1])).content.decode()
    record_href = 'href="{}"'.format(reverse("records:match_record", args=[t, match.pk]))
    assert replay_url in page and record_href not in page


def test_a_draft_round_s_record_is_hidden_from_the_players(client, match, secretary, participant_user):
    attach_directly(match, legal_text("long"), secretary)
    match.round.status = "draft"
    match.round.save(update_fields=["status"])
    client.force_login(participant_user)
    t = match.round.tournament_id
    assert client.get(reverse("records:replay", args=[t, match.pk])).status_code == 403
    assert client.get(reverse("records:match_record", args=[t, match.pk])).status_code == 403
