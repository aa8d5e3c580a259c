"""Crosstable, brackets drawn as SVG, a participant's page, the venue screen and the home page's live block,
after whole tournaments played through the secretary's path; nothing private on any public page."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse

from judging.models import Sanction
from tests.factories import make_tournament, play_out
from tests.public.helpers import build_hand_swiss

pytestmark = pytest.mark.django_db


def _played(client, secretary, **settings):
    t = make_tournament(secretary, players=settings.pop("players", 6), **settings)
    client.force_login(secretary)
    play_out(client, t, seed=3)
    client.logout()
    return t


def test_the_round_robin_crosstable_has_every_result_twice(client, secretary):
    t = _played(client, secretary, system="round_robin", players=5)
    response = client.get(reverse("public:crosstable", args=[t.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    table = html[html.index('id="crosstable"') :]
    # 5 players: 10 matches, each shown from both sides as a 1 and a 0; the diagonal is blank.
    # The score is printed under the result, readable on a phone without hovering (issue 14).
    score = r'<small class="cross-score">\d+:\d+</small>'
    assert len(re.findall(r'<span class="won" title="\d+:\d+">1' + score + "</span>", table)) == 10
    assert len(re.findall(r'<span class="lost" title="\d+:\d+">0' + score + "</span>", table)) == 10
    assert table.count('class="diag"') == 5
    csv = client.get(reverse("public:crosstable", args=[t.pk]), {"_export": "csv"}).content.decode()
    assert len(csv.strip().splitlines()) == 6


def test_a_swiss_has_no_crosstable_and_no_bracket(client, secretary):
    t = make_tournament(secretary, players=4)
    assert client.get(reverse("public:crosstable", args=[t.pk])).status_code == 404
    assert client.get(reverse("public:bracket", args=[t.pk])).status_code == 404


@pytest.mark.parametrize(
    ("system", "players", "bands"),
    [
        ("single_elimination", 6, ["Основная сетка", "Матч за третье место"]),
        ("double_elimination", 6, ["Верхняя сетка", "Нижняя сетка", "Суперфинал"]),
    ],
)
def test_elimination_brackets_are_drawn_as_svg(client, secretary, system, players, bands):
    t = _played(client, secretary, system=system, players=players)
    response = client.get(reverse("public:bracket", args=[t.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count("<svg") == 1 and 'class="bracket"' in html
    for band in bands:
        assert band in html
    data = client.get(f"/api/tournaments/{t.pk}/brackets").json()["items"]
    assert len(data) == 1 and data[0]["finished"] is True
    # Every match of the engine is a box; every decided one names its winner in bold.
    for m in data[0]["matches"]:
        assert f'data-match="{m["id"]}"' in html
    champion = next(p for p in data[0]["places"] if p["place"] == 1)
    assert champion["participant"] in {m["winner"] for m in data[0]["matches"]}
    assert 'class="name winner"' in html


def test_the_playoff_of_a_mixed_event_is_drawn_and_its_groups_have_crosstables(client, secretary):
    t = _played(client, secretary, system="mixed", players=8, group_count=2, qualifiers_per_group=2)
    html = client.get(reverse("public:bracket", args=[t.pk])).content.decode()
    assert "Плей-офф" in html and "<svg" in html
    html = client.get(reverse("public:crosstable", args=[t.pk])).content.decode()
    assert "Группа A" in html and "Группа B" in html
    rows = client.get(f"/api/tournaments/{t.pk}/standings").json()["rows"]["items"]
    assert [r["place"] for r in rows][:2] == [1, 2]
    assert {r["group"] for r in rows[4:]} == {"A", "B"}


def test_a_participants_page_shows_his_matches_and_sanctions_and_nothing_private(client, secretary):
    t, p = build_hand_swiss(secretary)
    Sanction.objects.create(person=p["e"].person, tournament=t, kind="warning", clause="003", facts="секрет")
    Sanction.objects.create(person=p["e"].person, tournament=t, kind="removal", clause="004 §5.7.3")
    response = client.get(reverse("public:participant", args=[t.pk, p["e"].pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Давыдов" in html and "Клуб «Шеш-беш»" in html
    matches = html[html.index('id="matches"') :]
    assert matches.count("<tr>") == 4  # header + the bye, the win over b and the technical loss to a
    assert "Бабаян" in matches and "Алиев" in matches and "техническое поражение" in matches
    assert "предупреждение" in html and "п. 5.7.3 Правил вида спорта «нарды»" in html
    assert "секрет" not in html  # the facts stay with the panel
    assert "Протесты" in html


def test_no_public_page_or_api_answer_shows_a_date_of_birth(client, secretary):
    t, p = build_hand_swiss(secretary)
    urls = [
        reverse("public:detail", args=[t.pk]),
        reverse("public:participants", args=[t.pk]),
        reverse("public:standings", args=[t.pk]),
        reverse("public:standings", args=[t.pk]) + "?_export=csv",
        reverse("public:round", args=[t.pk, 1]),
        reverse("public:round_live", args=[t.pk, 1]),
        reverse("public:home_live", args=[t.pk]),
        reverse("public:screen", args=[t.pk]),
        f"/api/tournaments/{t.pk}",
        f"/api/tournaments/{t.pk}/participants",
        f"/api/tournaments/{t.pk}/standings",
        f"/api/tournaments/{t.pk}/rounds/1",
    ] + [reverse("public:participant", args=[t.pk, x.pk]) for x in p.values()]
    urls += [f"/api/tournaments/{t.pk}/participants/{x.pk}" for x in p.values()]
    births = [x.person.birth_date for x in p.values()]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        body = response.content.decode()
        for born in births:
            for shown in (born.isoformat(), born.strftime("%d.%m.%Y"), born.strftime("%d.%m.%y")):
                assert shown not in body, (url, shown)
        assert "birth" not in body, url


def test_the_venue_screen_cycles_through_pairings_and_standings(client, secretary):
    t, _p = build_hand_swiss(secretary)
    html = client.get(reverse("public:screen", args=[t.pk]), {"cycle": "15"}).content.decode()
    assert 'data-cycle="15"' in html
    assert html.count('class="screen-panel"') == 2
    assert reverse("public:round_live", args=[t.pk, 3]) in html  # the last public round, not the draft
    assert client.get(reverse("public:screen", args=[t.pk]), {"cycle": "1"}).status_code == 400
    assert client.get(reverse("public:screen", args=[t.pk]), {"cycle": "abc"}).status_code == 400


def test_the_home_page_loads_its_live_block_with_progress_and_leaders(client, secretary):
    t, _p = build_hand_swiss(secretary)
    html = client.get(reverse("public:detail", args=[t.pk])).content.decode()
    assert reverse("public:home_live", args=[t.pk]) in html
    live = client.get(reverse("public:home_live", args=[t.pk])).content.decode()
    assert "Тур 3" in live and "Результаты: 3 из 3." in live
    assert live.index("Алиев") < live.index("Васильев")


def test_an_unknown_participant_or_one_of_another_tournament_is_a_404(client, secretary):
    t, p = build_hand_swiss(secretary)
    other = make_tournament(
        secretary, players=1, start_date=datetime.date(2027, 1, 1), end_date=datetime.date(2027, 1, 1)
    )
    stranger = other.participants.get()
    assert client.get(reverse("public:participant", args=[t.pk, stranger.pk])).status_code == 404
    assert client.get(f"/api/tournaments/{t.pk}/participants/{stranger.pk}").status_code == 404


def test_an_elimination_ranks_by_the_round_reached_while_the_bracket_goes_on(client, secretary):
    from draw import manager as draw_manager
    from draw import results
    from draw.models import Round

    t = make_tournament(secretary, players=8, system="single_elimination", third_place=False)
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    for m in rnd.matches.all():
        results.record_result(m.pk, secretary, results.ResultInput("played", 7, 2), m.version)
    rows = client.get(f"/api/tournaments/{t.pk}/standings").json()["rows"]["items"]
    # The four who lost in round 1 share places 5–8; the four still in have no place yet.
    assert [(r["place"], r["place_to"]) for r in rows] == [(None, None)] * 4 + [(5, 8)] * 4
    html = client.get(reverse("public:standings", args=[t.pk])).content.decode()
    assert html.count("в игре") == 4 and html.count("5–8") == 4


def test_exact_scores_are_written_as_people_write_them(client, secretary):
    t, p = build_hand_swiss(secretary)
    html = client.get(reverse("public:participant", args=[t.pk, p["d"].pk])).content.decode()
    assert "Бухгольц: 3½" in html and "Зоннеборн-Бергер: ½" in html
    assert "Место: <strong>4</strong>" in html


def test_a_group_stage_round_names_each_matchs_group(client, secretary):
    from draw import manager as draw_manager
    from draw.models import Round

    t = make_tournament(secretary, players=8, system="mixed", group_count=2, qualifiers_per_group=2)
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    html = client.get(reverse("public:round_live", args=[t.pk, 1])).content.decode()
    assert "группа" in html.lower()
    cells = [m.group.name for m in rnd.matches.select_related("group")]
    assert sorted(set(cells)) == ["A", "B"]
    swiss = make_tournament(secretary, players=4, name="Швейцарка")
    r2 = draw_manager.draw_round(swiss, secretary)
    Round.objects.filter(pk=r2.pk).update(status=Round.Status.PUBLISHED)
    assert (
        "группа" not in client.get(reverse("public:round_live", args=[swiss.pk, 1])).content.decode().lower()
    )


def test_crosstable_exports_refuse_a_missing_group_or_format(client, secretary):
    t = _played(client, secretary, system="round_robin", players=4)
    url = reverse("public:crosstable", args=[t.pk])
    assert client.get(url, {"_export": "xlsx", "section": "0"}).status_code == 200
    assert client.get(url, {"_export": "csv", "section": "5"}).status_code == 400
    assert client.get(url, {"_export": "csv", "section": "x"}).status_code == 400
    assert client.get(url, {"_export": "pdf"}).status_code == 400
