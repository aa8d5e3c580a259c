"""The schedule of a competition of several events (004 §1.2, §6.2.3 item 3): every event's planned rounds by
day and time (start, event, round, state, note), the events not planned yet, the 5-minute seating note
(003), the chief judge's and chief secretary's signatures. Stored with the competition's first event
(``protocols.competition``).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm

from protocols import competition, keys
from protocols.facts import Heading, Signature, seats_note, signature
from protocols.layout import (
    BODY,
    CELL,
    FRAME_W,
    SMALL,
    Progress,
    end_with,
    grid,
    p,
    pdf,
    section,
    signature_block,
    title_block,
)
from protocols.registry import register
from registration.models import Official
from tournaments.models import Competition, Tournament

# --- data ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScheduleLine:
    time: str
    event: str
    round: str
    status: str
    note: str


@dataclass(frozen=True)
class ScheduleDay:
    day: str  # «02.06.2026»
    lines: tuple[ScheduleLine, ...]


@dataclass(frozen=True)
class CompetitionScheduleData:
    heading: Heading
    days: tuple[ScheduleDay, ...]
    unplanned: tuple[str, ...]  # events with no round planned yet
    seats: str
    signatures: tuple[Signature, ...]


def build(c: Competition) -> CompetitionScheduleData:
    rows = competition.planned_rounds(c)
    days: dict[datetime.date, list[ScheduleLine]] = {}
    for row in rows:
        days.setdefault(row.day, []).append(
            ScheduleLine(row.time, row.event, _("Round %(n)s") % {"n": row.number}, row.status, row.note)
        )
    planned = {row.event_id for row in rows}
    return CompetitionScheduleData(
        heading=competition.heading(c),
        days=tuple(ScheduleDay(f"{day:%d.%m.%Y}", tuple(lines)) for day, lines in days.items()),
        unplanned=tuple(t.name for t in competition.events(c) if t.pk not in planned),
        seats=seats_note(),
        signatures=(
            signature(_("Chief judge"), competition.first_official(c, Official.Role.CHIEF_JUDGE)),
            signature(_("Chief secretary"), competition.first_official(c, Official.Role.CHIEF_SECRETARY)),
        ),
    )


# --- PDF -------------------------------------------------------------------------------------------------


def render(data: CompetitionScheduleData, progress: Progress | None = None) -> bytes:
    title = _("Schedule of the competition")
    w = FRAME_W
    story = title_block(data.heading, title)
    story.append(p(data.seats, SMALL))
    if not data.days:
        story.append(p(_("No round is planned yet."), BODY))
    for day in data.days:
        story += section(day.day, 25 * mm)
        story.append(
            grid(
                [_("Start"), _("Event"), _("Round"), _("Status"), _("Note")],
                [[x.time, p(x.event, CELL), x.round, p(x.status, CELL), p(x.note, CELL)] for x in day.lines],
                [w * 0.1, w * 0.36, w * 0.12, w * 0.17, w * 0.25],
                center=(0,),
            )
        )
    if data.unplanned:
        story.append(p(_("Not planned yet: %(e)s.") % {"e": "; ".join(data.unplanned)}, SMALL))
    story = end_with(story, signature_block(data.signatures, w))
    return pdf(data.heading, title, story, progress=progress)


# --- the registration ------------------------------------------------------------------------------------


def _exists(t: Tournament, key: str) -> None:
    keys.no_key(t, key)
    competition.of_first_event(t)  # 404 on any other event


DOCUMENT = register(
    kind="comp_schedule",
    title=gettext_lazy("schedule of the competition"),
    build=keys.whole(lambda t: build(competition.of_first_event(t))),
    render=render,
    public=keys.anyone,
    exists=_exists,
    place=20,
    file_name="расписание",
    competition=True,
)
