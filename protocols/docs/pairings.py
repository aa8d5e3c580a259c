"""The round pairing protocol (003: posted 5 minutes before the round): tables, players, match length, time
control, the planned start; ПРОЕКТ on a draft round.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from draw import absences as absence_rules
from draw.models import Round, Stage
from draw.results import load_results
from protocols import keys
from protocols.facts import (
    Heading,
    Signature,
    heading,
    local_time,
    number_text,
    official,
    person_name,
    planned_starts,
    result_label,
    seats_note,
    signature,
)
from protocols.layout import (
    CELL,
    FRAME_W,
    SMALL,
    Progress,
    end_with,
    grid,
    p,
    pdf,
    signature_block,
    title_block,
)
from protocols.registry import register
from registration.models import Official
from standings import metrics
from tournaments.models import System
from tournaments.regulation import SWISSES
from tournaments.rules import cite

# --- data ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PairingRow:
    table: int
    player1: str
    player2: str  # "" for a bye
    match_length: int
    note: str  # bye, a result not played over the board
    # A Swiss (004 §1.4.6; issue 30 item 10): each player's points before the round and the pair's score
    # group (the higher of the two, as the draw's check counts it); "" elsewhere.
    points1: str = ""
    points2: str = ""
    score_group: str = ""


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
    absent: tuple[str, ...] = ()  # who sits out the round, and how (issue 29 §3)


def build(rnd: Round) -> PairingsData:
    t = rnd.tournament
    matches = rnd.matches.select_related("player1__person", "player2__person", "group").order_by("table")
    before = points_before(rnd) if t.system in SWISSES else None
    rows = []
    for m in matches:
        # A result not played over the board in the one wording of every document (issue 30 item 5): a
        # removal is not a withdrawal, and the panel's technical defeat (a no-show) shows here too.
        note = result_label(m) if m.result_kind and m.result_kind != "played" else ""
        if m.is_bye:
            note = _("bye")
        elif m.group is not None:
            group = _("group %(g)s") % {"g": m.group.name}
            note = f"{group}; {note}" if note else group
        points = ["", "", ""]
        if before is not None:
            a = before.get(str(m.player1_id), Fraction(0))
            b = before.get(str(m.player2_id), Fraction(0)) if m.player2_id else None
            points = [number_text(a), number_text(b) if b is not None else "", number_text(max(a, b or a))]
        rows.append(
            PairingRow(m.table, person_name(m.player1), person_name(m.player2), m.match_length, note, *points)
        )
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
        absent=tuple(absence_rules.round_lines(t, rnd.number)),
    )


def points_before(rnd: Round) -> dict[str, Fraction]:
    """Each player's match points from the rounds of the stage before ``rnd``: what the Swiss draw paired
    him by (``draw.manager.swiss_competitors``: a bye at the regulation's value; a points deduction does not
    count in the pairing)."""
    t = rnd.tournament
    results = [
        r
        for r in load_results(t, stage=rnd.stage, published_only=False).get(rnd.stage_id, [])
        if r.round is not None and r.round < rnd.number
    ]
    players = {k for r in results for k in (r.player1, r.player2) if k}
    return {k: row.points for k, row in metrics.scores(players, results, Fraction(t.bye_points)).items()}


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
    swiss = any(r.points1 for r in data.rows)
    # The match length once, above, unless a table plays to another (a round's own is every table's).
    lengths = any(r.match_length != data.match_length for r in data.rows)
    header = [_("Table"), _("Player 1")]
    widths = [0.07, 0.3]
    if swiss:
        header += [_("Pts")]
        widths += [0.06]
    header += [_("Player 2")]
    widths += [0.3]
    if swiss:
        header += [_("Pts"), _("Score group")]
        widths += [0.06, 0.08]
    if lengths:
        header += [_("Match to")]
        widths += [0.07]
    header += [_("Note")]
    widths += [1 - sum(widths)]
    rows = []
    for r in data.rows:
        row = [str(r.table), p(r.player1, CELL)]
        row += [r.points1] if swiss else []
        row += [p(r.player2 or "—", CELL)]
        row += [r.points2, r.score_group] if swiss else []
        row += [str(r.match_length)] if lengths else []
        rows.append([*row, p(r.note, CELL)])
    story = title_block(data.heading, title, *lines)
    if data.seats:
        story.append(p(data.seats, SMALL))
        story.append(Spacer(1, 2 * mm))
    story.append(
        grid(
            header,
            rows,
            [w * x for x in widths],
            font_size=9,
            center=[i for i, h in enumerate(header) if h not in (_("Player 1"), _("Player 2"), _("Note"))],
        )
    )
    if swiss:
        story.append(Spacer(1, 1.5 * mm))
        story.append(
            p(
                _(
                    "Pts — the player's points before the round; score group — the higher of the two, the "
                    "group the pair was drawn in (%(rule)s)."
                )
                % {"rule": cite("004 §1.4.6")},
                SMALL,
            )
        )
    if data.absent:
        story.append(Spacer(1, 1.5 * mm))
        story.append(p(_("Not playing this round:") + " " + "; ".join(data.absent), SMALL))
    story = end_with(story, signature_block(data.signatures, w))
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
