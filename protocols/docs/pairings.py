"""The round pairing protocol (003: posted 5 minutes before the round): tables, players, match length, time
control, the planned start; ПРОЕКТ on a draft round.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from draw.models import Round, Stage
from protocols import keys
from protocols.facts import (
    Heading,
    Signature,
    heading,
    local_time,
    official,
    person_name,
    planned_starts,
    seats_note,
    signature,
)
from protocols.layout import CELL, FRAME_W, SMALL, Progress, grid, p, pdf, signatures, title_block
from protocols.registry import register
from registration.models import Official
from tournaments.models import System

# --- data ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PairingRow:
    table: int
    player1: str
    player2: str  # "" for a bye
    match_length: int
    note: str  # bye, walk-over


@dataclass(frozen=True)
class PairingsData:
    heading: Heading
    round: int
    rounds_total: int | None  # a Swiss's fixed number of rounds (004 §1.4.6); None elsewhere
    stage: str
    start_time: str  # the planned start (the schedule), else the actual one
    match_length: int
    rows: tuple[PairingRow, ...]
    signatures: tuple[Signature, ...]
    draft: str = ""
    started: str = ""  # when the round really started, if it differs from the plan
    time_control: str = ""
    seats: str = ""


def build(rnd: Round) -> PairingsData:
    t = rnd.tournament
    matches = rnd.matches.select_related("player1__person", "player2__person", "group").order_by("table")
    rows = []
    for m in matches:
        note = ""
        if m.is_bye:
            note = _("bye")
        elif "walkover" in m.flags:
            note = _("walk-over")
        elif m.group is not None:
            note = _("group %(g)s") % {"g": m.group.name}
        rows.append(PairingRow(m.table, person_name(m.player1), person_name(m.player2), m.match_length, note))
    stage = "" if rnd.stage.kind == Stage.Kind.MAIN else str(rnd.stage.get_kind_display())
    planned = planned_starts(t).get(rnd.number)
    started = local_time(rnd.start_time) if rnd.start_time else ""
    return PairingsData(
        heading=heading(t),
        round=rnd.number,
        rounds_total=t.rounds if t.system == System.SWISS else None,
        stage=stage,
        start_time=local_time(planned) if planned else started,
        match_length=rnd.effective_match_length(),
        rows=tuple(rows),
        signatures=(signature(_("Chief secretary"), official(t, Official.Role.CHIEF_SECRETARY)),),
        draft=_("DRAFT: round not published") if rnd.is_draft else "",
        started=started if planned and started != local_time(planned) else "",
        time_control=t.time_control_for(rnd.stage.kind),
        seats=seats_note(),
    )


# --- PDF -------------------------------------------------------------------------------------------------


def render(data: PairingsData, progress: Progress | None = None) -> bytes:
    title = _("Round pairing protocol")
    head = (
        _("Round %(n)s of %(m)s") % {"n": data.round, "m": data.rounds_total}
        if data.rounds_total
        else _("Round %(n)s") % {"n": data.round}
    )
    lines = [head + (f" · {data.stage}" if data.stage else "")]
    length = _("Matches to %(n)s points") % {"n": data.match_length}
    if data.time_control:
        length += " · " + _("time control %(t)s") % {"t": data.time_control}
    lines.append(length)
    if data.start_time:
        start = _("Start: %(t)s") % {"t": data.start_time}
        if data.started:
            start += " · " + _("started %(t)s") % {"t": data.started}
        lines.append(start)
    w = FRAME_W
    rows = [
        [str(r.table), p(r.player1, CELL), p(r.player2 or "—", CELL), str(r.match_length), p(r.note, CELL)]
        for r in data.rows
    ]
    story = title_block(data.heading, title, *lines)
    if data.seats:
        story.append(p(data.seats, SMALL))
        story.append(Spacer(1, 2 * mm))
    story.append(
        grid(
            [_("Table"), _("Player 1"), _("Player 2"), _("to, points"), _("Note")],
            rows,
            [w * 0.08, w * 0.34, w * 0.34, w * 0.1, w * 0.14],
            font_size=9,
            center=(0, 3),
        )
    )
    story.append(signatures(data.signatures, w))
    return pdf(data.heading, title, story, progress=progress, draft=data.draft)


# --- the registration ------------------------------------------------------------------------------------


def _subtitle(key: str) -> str:
    return _("Round %(n)s") % {"n": key}


DOCUMENT = register(
    kind="pairings",
    title=gettext_lazy("round pairing protocol"),
    build=lambda t, key: build(keys.round_by_number(t, key)),
    render=render,
    public=keys.published_round,
    exists=keys.round_by_number,
    listed=keys.each_round(gettext_lazy("Round %(n)s: pairings")),
    place=10,
    file_name="тур {key} пары",
    subtitle=_subtitle,
)
