"""The schedule (расписание встреч, 004 §6.2.3 item 3): every round with its planned and actual start, match
length and state; the pairs of each drawn round with their tables; for a bracket every match, also those
not drawn yet («победитель № 3»), with its start.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Max, Min
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from draw import manager as draw_manager
from draw import pairing
from draw.models import Round
from protocols import keys
from protocols.docs import bracket
from protocols.facts import (
    Heading,
    Signature,
    clock,
    heading,
    local_time,
    official,
    person_name,
    planned_starts,
    seats_note,
    signature,
)
from protocols.layout import (
    CELL,
    FRAME_W,
    SMALL,
    Progress,
    cell,
    end_with,
    grid,
    p,
    pdf,
    section,
    signature_block,
    title_block,
)
from protocols.registry import register
from registration.models import Official, Participant
from standings.ranking import stage_bracket
from tournaments.models import ELIMINATION_SYSTEMS, System, Tournament

# --- data ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScheduleMatch:
    number: str  # the table, or the bracket's match number
    player1: str
    player2: str
    note: str
    start: str = ""  # when it starts: the match's own start once it started, else the round's planned start


@dataclass(frozen=True)
class ScheduleRound:
    number: int
    title: str  # "Тур 3", "1/4 финала"
    planned: str  # the planned start (date and time)
    started: str  # the actual start, once it started
    match_length: str
    status: str
    matches: tuple[ScheduleMatch, ...]
    note: str = ""  # the secretary's note on the round (``ScheduledRound.note``; issue 30 item 6)


@dataclass(frozen=True)
class ScheduleData:
    heading: Heading
    rounds: tuple[ScheduleRound, ...]
    seats: str
    time_control: str
    signatures: tuple[Signature, ...]


def planned_round_count(t: Tournament) -> int:
    """How many rounds the event will have, as far as it is known now (the schedule's rows)."""
    drawn = t.round_set.aggregate(n=Max("number"))["n"] or 0
    active = t.participants.filter(status=Participant.Status.ACTIVE).count()
    estimate = drawn
    if t.system == System.SWISS:
        estimate = draw_manager.swiss_rounds(t)
    elif t.system == System.ROUND_ROBIN:
        stage = t.stages.first()
        per_cycle = active if active % 2 else max(active - 1, 0)
        estimate = (
            len(stage.plan.get("rounds", [])) if stage and stage.plan.get("rounds") else per_cycle * t.cycles
        )
    elif t.system in ELIMINATION_SYSTEMS:
        estimate = _bracket_rounds(t, t.system, active)
    elif t.system == System.MIXED:
        groups = max(t.group_count, 1)
        size = -(-active // groups)
        group_rounds = size if size % 2 else max(size - 1, 0)
        qualified = min(active, groups * t.qualifiers_per_group + t.best_of_rest)
        estimate = group_rounds + _bracket_rounds(t, t.playoff_system, qualified)
    elif t.system == System.SWISS_LOSSES:
        estimate = drawn + (1 if draw_manager.rounds_left(t) else 0)
    return max(drawn, estimate)


def _bracket_rounds(t: Tournament, system: str, players: int) -> int:
    stage = t.stages.filter(system=system).exclude(plan={}).order_by("-number").first()
    if stage is not None and stage.plan.get("players"):
        answer = draw_manager.bracket(stage)
        first = t.round_set.filter(stage=stage).aggregate(n=Min("number"))["n"] or 1
        return first - 1 + max((m["round"] for m in answer["matches"]), default=0)
    if players < 2:
        return 0
    request: dict[str, object] = {"system": system, "players": [f"p{i}" for i in range(players)]}
    if system == System.SINGLE_ELIMINATION:
        request.update(third_place=t.third_place, classification=t.classification)
    else:
        request.update(grand_final_reset=t.grand_final_reset)
    return max((m["round"] for m in pairing.handle(request)["matches"]), default=0)


def round_status(t: Tournament, rnd: Round | None) -> str:
    """A round's state as the schedule prints it: once the tournament is finished, a round played is
    «завершён» and one never drawn «не проводился» (issue 30 item 6); before, the round's own state."""
    if t.is_finished:
        return _("finished") if rnd is not None and not rnd.is_draft else _("not held")
    return str(rnd.get_status_display()) if rnd is not None else _("not drawn yet")


def build(t: Tournament) -> ScheduleData:
    planned = planned_starts(t)
    notes = {n: note for n, note in t.schedule.values_list("number", "note") if note}
    drawn = {
        r.number: r
        # The stage's plan (a round robin's whole Berger schedule) is not read once per round.
        for r in t.round_set.select_related("stage")
        .defer("stage__plan")
        .prefetch_related("matches")
        .order_by("number")
    }
    by_key = draw_manager.participants_by_key(t)
    brackets: dict[int, dict[int, list[dict]]] = {}  # stage id → round → bracket matches (all, drawn or not)
    stage_titles: dict[tuple[int, int], str] = {}
    for stage in t.stages.all():
        if stage.system in ELIMINATION_SYSTEMS and stage.plan.get("players"):
            data = bracket.build(stage)
            first = t.round_set.filter(stage=stage).aggregate(n=Min("number"))["n"] or 1
            answer = stage_bracket(stage, by_key)
            rounds: dict[int, list[dict]] = {}
            numbers = {b.id: b.number for b in data.boxes}
            for m in answer["matches"]:
                if m["id"] in numbers:
                    rounds.setdefault(first - 1 + m["round"], []).append({**m, "number": numbers[m["id"]]})
            brackets[stage.pk] = rounds
            for band in data.bands:
                for column, title in band.columns:
                    key = (stage.pk, first - 1 + column)
                    label = (
                        f"{band.title}: {title}" if title and band.key != "main" else (title or band.title)
                    )
                    stage_titles[key] = "; ".join(x for x in (stage_titles.get(key), label) if x)
    out = []
    for number in range(1, planned_round_count(t) + 1):
        rnd = drawn.get(number)
        matches: list[ScheduleMatch] = []
        title = _("Round %(n)s") % {"n": number}
        length = str(rnd.effective_match_length()) if rnd else ""
        status = round_status(t, rnd)
        stage_id = rnd.stage_id if rnd else None
        bracket_rounds = brackets.get(stage_id, {}) if stage_id else {}
        if not bracket_rounds and rnd is None:
            # A round of a bracket not drawn yet: the bracket's own plan says who meets whom.
            for sid, rounds in brackets.items():
                if number in rounds:
                    bracket_rounds, stage_id = rounds, sid
        if stage_id is not None and (stage_id, number) in stage_titles:
            title = f"{title} · {stage_titles[(stage_id, number)]}"
        if number in bracket_rounds:
            stored = {m.bracket_code: m for m in rnd.matches.all()} if rnd else {}
            for m in sorted(bracket_rounds[number], key=lambda m: m["number"]):
                names = [by_key[k].short_name if k in by_key else "" for k in m["players"]]
                slots = m.get("slots") or [None, None]
                numbers = {x["id"]: x["number"] for rs in bracket_rounds.values() for x in rs}
                names = [n or bracket.slot_label(slots[i], numbers) for i, n in enumerate(names)]
                row = stored.get(m["id"])
                note = _("table %(t)s") % {"t": row.table} if row else ""
                start = clock(row.started_at) if row and row.started_at else clock(planned.get(number))
                matches.append(ScheduleMatch(f"№ {m['number']}", names[0], names[1], note, start))
        elif rnd is not None and not rnd.is_draft:
            for m in sorted(rnd.matches.all(), key=lambda m: m.table):
                matches.append(
                    ScheduleMatch(
                        _("table %(t)s") % {"t": m.table},
                        person_name(by_key.get(str(m.player1_id))),
                        person_name(by_key.get(str(m.player2_id))) if m.player2_id else _("bye"),
                        "",
                        clock(m.started_at) if m.started_at else clock(planned.get(number)),
                    )
                )
        out.append(
            ScheduleRound(
                number=number,
                title=title,
                planned=local_time(planned.get(number)),
                started=local_time(rnd.start_time) if rnd and rnd.start_time else "",
                match_length=length,
                status=status,
                matches=tuple(matches),
                note=notes.get(number, ""),
            )
        )
    return ScheduleData(
        heading=heading(t),
        rounds=tuple(out),
        seats=seats_note(),
        time_control=t.time_control,
        signatures=(signature(_("Chief secretary"), official(t, Official.Role.CHIEF_SECRETARY)),),
    )


# --- PDF -------------------------------------------------------------------------------------------------


def render(data: ScheduleData, progress: Progress | None = None) -> bytes:
    title = _("Schedule of matches")
    w = FRAME_W
    lines = [_("Time control %(t)s") % {"t": data.time_control}] if data.time_control else []
    story = title_block(data.heading, title, *lines)
    story.append(p(data.seats, SMALL))
    story.append(Spacer(1, 2 * mm))
    story.append(
        grid(
            [_("Round"), _("Planned start"), _("Started"), _("Match to"), _("Status"), _("Note")],
            [
                [
                    p(r.title, CELL),
                    r.planned or "—",
                    r.started or "",
                    r.match_length,
                    p(r.status, CELL),
                    p(r.note, CELL),
                ]
                for r in data.rounds
            ],
            [w * 0.27, w * 0.15, w * 0.15, w * 0.08, w * 0.13, w * 0.22],
            center=(3,),
        )
    )
    for r in data.rounds:
        if not r.matches:
            continue
        when = r.planned or r.started
        story += section(f"{r.title}" + (f" · {when}" if when else ""), 25 * mm)
        if r.note:
            story.append(p(r.note, SMALL))
        story.append(
            grid(
                [_("Table / match"), _("Start"), _("Player 1"), _("Player 2"), _("Note")],
                [
                    # Plain text where it fits (a Paragraph only to wrap): a 5,000-player Swiss has 20,000.
                    [
                        m.number,
                        m.start,
                        cell(m.player1, w * 0.3),
                        cell(m.player2, w * 0.3),
                        cell(m.note, w * 0.18),
                    ]
                    for m in r.matches
                ],
                [w * 0.12, w * 0.1, w * 0.3, w * 0.3, w * 0.18],
                center=(0, 1),
            )
        )
    story = end_with(story, signature_block(data.signatures, w))
    return pdf(data.heading, title, story, progress=progress)


# --- the registration ------------------------------------------------------------------------------------


DOCUMENT = register(
    kind="schedule",
    title=gettext_lazy("schedule of matches"),
    build=keys.whole(build),
    render=render,
    public=keys.anyone,
    listed=keys.listed_always,
    place=20,
    file_name="расписание",
)
