"""The season as iCalendar (issue 32 §1): the federation's calendar, and a person's own feed of his events
with, during an event, his next match.

A calendar app that refreshes a subscribed feed matches events by UID: each event's UID is derived from its
row's primary key and the site (``season-event-<pk>@<host>``, ``tournament-<pk>@<host>``,
``match-<pk>-<participant>@<host>``) and ``DTSTAMP`` from the row (its creation, the round's publication),
so two fetches give the same UIDs and nothing is added twice. Events are all-day dates (``DTEND`` the day
after the last, as RFC 5545 §3.6.1 says); a match's time is the round's start in the site's time zone
(``TIME_ZONE``, Europe/Moscow) with its ``VTIMEZONE`` in the feed.
"""

from __future__ import annotations

import datetime
import zoneinfo
from collections.abc import Iterable
from urllib.parse import urlsplit

from django.conf import settings
from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from draw.models import Match, Round
from registration.models import Participant, Person
from season.models import CalendarEvent, DisciplineCode, Season
from tournaments.models import Discipline, Tournament

MATCH_MINUTES = 60  # the length a match's calendar entry is given (the rules set no time; choices table)
EPOCH = datetime.datetime(2000, 1, 1, tzinfo=datetime.UTC)


def host(request: HttpRequest) -> str:
    """The site's name in the UIDs: the host of ``SITE_URL`` when set, else the request's."""
    return urlsplit(settings.SITE_URL).hostname or request.get_host().split(":")[0]


def _calendar(name: str) -> Calendar:
    cal = Calendar()
    cal.add("prodid", "-//nardy//season//RU")
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", name)
    cal.add("x-wr-timezone", settings.TIME_ZONE)
    return cal


def _stamp(at: datetime.datetime | None) -> datetime.datetime:
    return (at or EPOCH).astimezone(datetime.UTC)


def _all_day(uid: str, summary: str, first: datetime.date, last: datetime.date, stamp) -> Event:
    ev = Event()
    ev.add("uid", uid)
    ev.add("dtstamp", _stamp(stamp))
    ev.add("summary", summary)
    ev.add("dtstart", first)
    ev.add("dtend", last + datetime.timedelta(days=1))  # exclusive (RFC 5545 §3.6.1)
    ev.add("transp", "TRANSPARENT")
    return ev


def season_events(season: Season) -> list[CalendarEvent]:
    return list(
        season.events.select_related("competition")
        .prefetch_related("competition__events")
        .order_by("start_date", "name", "pk")
    )


def codes() -> dict[str, str]:
    return dict(DisciplineCode.objects.values_list("discipline", "code"))


def season_calendar(season: Season, events: Iterable[CalendarEvent], site: str, base_url: str) -> bytes:
    cal = _calendar(_("%(s)s: the calendar of competitions") % {"s": season})
    code_of = codes()
    for e in events:
        ev = _all_day(f"season-event-{e.pk}@{site}", e.name, e.first_day, e.last_day, e.created_at)
        if e.where:
            ev.add("location", e.where)
        lines = [e.get_status_display()]
        if e.ekp_number:
            lines.append(_("ЕКП No. %(n)s") % {"n": e.ekp_number})
        for d in e.disciplines():
            code = code_of.get(d, "")
            label = str(Discipline(d).label)
            lines.append(f"{label}: {_('ВРВС code')} {code}" if code else label)
        if e.by:
            lines.append(_("Organiser: %(o)s") % {"o": e.by})
        ev.add("description", "\n".join(lines))
        ev.add("categories", [e.get_status_display()])
        ev.add("url", base_url + f"#event-{e.pk}")
        cal.add_component(ev)
    return cal.to_ical()


def person_calendar(person: Person, site: str, now: datetime.datetime) -> bytes:
    """His tournaments (not cancelled) as all-day events, and in each running one his next match."""
    cal = _calendar(_("My events — %(p)s") % {"p": person.full_name})
    mine = Participant.objects.filter(Q(person=person) | Q(partner=person)).select_related("tournament")
    for p in mine.order_by("tournament__start_date", "tournament_id"):
        t = p.tournament
        if t.status == Tournament.Status.CANCELLED:
            continue
        ev = _all_day(f"tournament-{t.pk}@{site}", t.name, t.start_date, t.end_date, t.created_at)
        if t.venue:
            ev.add("location", t.venue)
        cal.add_component(ev)
        if t.status == Tournament.Status.RUNNING:
            nxt = next_match(p)
            if nxt is not None:
                cal.add_component(_match_event(nxt, p, site, now))
    cal.add_missing_timezones()
    return cal.to_ical()


def next_match(p: Participant) -> Match | None:
    """His first match of a published round without a result (during an event: table and time)."""
    return (
        Match.objects.filter(
            Q(player1=p) | Q(player2=p), round__tournament_id=p.tournament_id, result_kind=""
        )
        .exclude(round__status=Round.Status.DRAFT)
        .exclude(player2=None)
        .select_related("round", "player1__person", "player1__partner", "player2__person", "player2__partner")
        .order_by("round__number", "table")
        .first()
    )


def _match_event(m: Match, p: Participant, site: str, now: datetime.datetime) -> Event:
    other = m.player2 if m.player1_id == p.pk else m.player1
    ev = Event()
    ev.add("uid", f"match-{m.pk}-{p.pk}@{site}")
    ev.add("dtstamp", _stamp(m.round.published_at))
    ev.add(
        "summary",
        _("Round %(r)s, table %(n)s: %(o)s") % {"r": m.round.number, "n": m.table, "o": other},
    )
    start = m.started_at or m.round.start_time
    tz = zoneinfo.ZoneInfo(settings.TIME_ZONE)
    if start is not None:
        local = start.astimezone(tz)
        ev.add("dtstart", local)
        ev.add("dtend", local + datetime.timedelta(minutes=MATCH_MINUTES))
    else:
        # No time announced: the day it is due (today), all day.
        day = timezone.localdate(now)
        ev.add("dtstart", day)
        ev.add("dtend", day + datetime.timedelta(days=1))
    ev.add("location", _("table %(n)s") % {"n": m.table})
    return ev
