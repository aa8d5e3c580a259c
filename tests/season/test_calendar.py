"""The season's calendar (issue 32 §1): the public page, the iCal feed read back by ``icalendar`` with its
UIDs stable across fetches (no duplicate on a calendar app's refresh), all-day dates and the Moscow time
zone right, a person's own feed through his match link, the regulation's download."""

from __future__ import annotations

import datetime
import zoneinfo

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar

from draw.models import Match, Round
from judging import links
from tests.federation.builders import finished_event, people
from tests.season.builders import calendar, creator
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _events(body: bytes):
    return [c for c in Calendar.from_ical(body).walk("VEVENT")]


def test_issue_32_1_the_season_page_lists_status_ekp_codes_dates_venue_organiser(client):
    season, on_site, elsewhere = calendar()
    page = client.get(reverse("season:season", args=[2026]))
    assert page.status_code == 200
    text = page.content.decode()
    for expected in (
        "Чемпионат России по нардам",
        "2026-0123",
        "1570011811Я",
        "Казань, Дворец спорта",  # the competition's own venue and organiser
        "ФНР",
        "01.05.2026",
        "Первенство Сибири",
        "Новосибирск",
        "Федерация НСО",
        "всероссийские",
    ):
        assert expected in text, expected
    assert reverse("public:competition", args=[on_site.competition_id]) in text
    assert client.get(reverse("season:season", args=[1999])).status_code == 404
    assert client.get(reverse("season:seasons")).status_code == 200


def test_issue_32_1_the_ical_feed_has_stable_uids_and_all_day_dates(client):
    season, on_site, elsewhere = calendar()
    url = reverse("season:season_ics", args=[2026])
    first, second = client.get(url), client.get(url)
    assert first["Content-Type"].startswith("text/calendar")
    a, b = _events(first.content), _events(second.content)
    uids = [str(e["UID"]) for e in a]
    assert uids == [str(e["UID"]) for e in b]  # stable across two fetches
    assert len(set(uids)) == len(uids) == 2  # 0 duplicates
    assert uids[0] == f"season-event-{on_site.pk}@testserver"
    assert [e["DTSTAMP"].dt for e in a] == [e["DTSTAMP"].dt for e in b]
    champ = a[0]
    assert champ["DTSTART"].dt == datetime.date(2026, 5, 1)
    assert not isinstance(champ["DTSTART"].dt, datetime.datetime)
    assert champ["DTEND"].dt == datetime.date(2026, 5, 4)  # exclusive: the day after the last
    assert "2026-0123" in str(champ["DESCRIPTION"]) and "1570011811Я" in str(champ["DESCRIPTION"])
    assert str(champ["LOCATION"]) == "Казань, Дворец спорта"


def test_issue_32_1_the_uid_names_the_site_address_when_it_is_set(client, settings):
    settings.SITE_URL = "https://nardy.example.org"
    calendar()
    events = _events(client.get(reverse("season:season_ics", args=[2026])).content)
    assert all(str(e["UID"]).endswith("@nardy.example.org") for e in events)


def _running_with_next_match():
    who = people(4)
    t = finished_event(
        creator(), who, end=datetime.date(2026, 12, 6), rounds=1, status=Tournament.Status.RUNNING
    )
    stage = t.round_set.first().stage
    start = datetime.datetime(2026, 12, 6, 12, 0, tzinfo=datetime.UTC)  # 15:00 in Moscow
    rnd = Round.objects.create(
        tournament=t, stage=stage, number=2, status=Round.Status.PUBLISHED, seed=1, start_time=start,
        published_at=timezone.now(),
    )  # fmt: skip
    parts = list(t.participants.order_by("pk"))
    m = Match.objects.create(round=rnd, table=7, player1=parts[0], player2=parts[1], match_length=5)
    return t, m, parts[0]


def test_issue_32_1_a_persons_own_feed_has_his_events_and_next_match_with_the_moscow_time(client):
    t, m, me = _running_with_next_match()
    url = reverse("season:person_ics", args=[links.token_for(m, me)])
    first, second = client.get(url), client.get(url)
    assert first.status_code == 200
    events = _events(first.content)
    assert [str(e["UID"]) for e in events] == [str(e["UID"]) for e in _events(second.content)]
    by_uid = {str(e["UID"]): e for e in events}
    assert f"tournament-{t.pk}@testserver" in by_uid
    match = by_uid[f"match-{m.pk}-{me.pk}@testserver"]
    start = match["DTSTART"].dt
    assert start.utcoffset() == datetime.timedelta(hours=3)
    assert (start.hour, start.minute) == (15, 0)
    assert str(match["DTSTART"].params["TZID"]) == "Europe/Moscow"
    assert "7" in str(match["SUMMARY"]) and "2" in str(match["SUMMARY"])
    assert b"BEGIN:VTIMEZONE" in first.content and b"TZID:Europe/Moscow" in first.content
    assert start.astimezone(zoneinfo.ZoneInfo("UTC")).hour == 12


def test_issue_32_1_no_next_match_once_it_is_played(client):
    t, m, me = _running_with_next_match()
    m.result_kind, m.winner, m.score1, m.score2 = "played", me, 5, 1
    m.save()
    events = _events(client.get(reverse("season:person_ics", args=[links.token_for(m, me)])).content)
    assert [str(e["UID"]).split("-")[0] for e in events] == ["tournament"]


def test_issue_32_1_a_wrong_token_opens_no_feed(client):
    t, m, me = _running_with_next_match()
    token = links.token_for(m, me)
    assert client.get(reverse("season:person_ics", args=[token[:-2] + "xx"])).status_code == 404
    assert client.get(reverse("season:person_ics", args=["1-2-0.nonsense"])).status_code == 404


def test_issue_32_1_the_match_link_page_offers_his_calendar(client):
    t, m, me = _running_with_next_match()
    token = links.token_for(m, me)
    page = client.get(reverse("judging:link", args=[token]))
    assert page.status_code == 200
    assert reverse("season:person_ics", args=[token]) in page.content.decode()


def test_issue_32_1_the_regulation_downloads_and_a_missing_one_is_a_404(client, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    season, on_site, elsewhere = calendar()
    on_site.regulation = SimpleUploadedFile("polozhenie.pdf", b"%PDF-1.4 regulation")
    on_site.save()
    response = client.get(reverse("season:regulation", args=[on_site.pk]))
    assert response.status_code == 200 and b"".join(response.streaming_content) == b"%PDF-1.4 regulation"
    assert client.get(reverse("season:regulation", args=[elsewhere.pk])).status_code == 404
    assert client.get(reverse("season:regulation", args=[elsewhere.pk + 99])).status_code == 404
    page = client.get(reverse("season:season", args=[2026])).content.decode()
    assert reverse("season:regulation", args=[on_site.pk]) in page
