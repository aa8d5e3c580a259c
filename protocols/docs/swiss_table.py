"""The Swiss table (сводная таблица швейцарской системы, issue 30 item 9): who played whom with what result,
round by round, as federations print it — a row per participant in the order of the standings, numbered; in
each round the opponent's number (his row), the result and the points after the round; then the points, the
tie-breaks and the place. The Buchholz the chief judge signs can be checked on paper: the opponents' rows
hold their points. A4 landscape → A3 landscape → blocks of rounds with the row headers repeated, as the
round-robin crosstable does (``protocols.docs.crosstable``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import PageBreak, Table, TableStyle

from draw import teams as draw_teams
from draw.models import ResultKind
from protocols import keys
from protocols.facts import (
    Column,
    Heading,
    Signature,
    current_as_of,
    heading,
    number_text,
    panel_signatures,
    person_name,
    tiebreak_columns,
)
from protocols.layout import (
    CELL,
    MUTED,
    NARROW,
    SMALL,
    WIDE,
    WIDER,
    Progress,
    capfirst,
    end_with,
    frame_width,
    grid,
    p,
    pdf,
    section,
    signature_block,
    title_block,
)
from protocols.registry import Listed, register
from registration.models import Participant
from standings import ranking, team_metrics
from tournaments.models import Tournament
from tournaments.regulation import SWISSES

# --- data ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SwissCell:
    """One round of one player: whom he met (the opponent's row number; "" for a bye or no match), the
    result's mark, and his points after the round."""

    opponent: str
    mark: str  # "1", "0"; "+", "−" technical; "1в", "0в" on time; "×" annulled; the bye's value
    points: str
    bye: bool = False

    @property
    def texts(self) -> tuple[str, str, str]:
        """The three sub-columns of the round: opponent, result, points after it."""
        if self.bye:
            return pgettext("swiss table", "bye"), self.mark, self.points
        if not self.opponent:
            return "—", "", ""
        return self.opponent, self.mark, self.points


@dataclass(frozen=True)
class SwissLine:
    number: int  # the row: the order of the standings
    place: str
    name: str
    region: str
    cells: tuple[SwissCell, ...]  # one per round
    points: str
    metrics: tuple[str, ...]
    removed: bool = False
    withdrawn: bool = False
    adjustment: str = ""  # a points deduction counted in the total (not in any round)


@dataclass(frozen=True)
class SwissTableData:
    heading: Heading
    as_of: str
    rounds: int
    rows: tuple[SwissLine, ...]
    columns: tuple[Column, ...]
    signatures: tuple[Signature, ...]
    # A team Swiss (004 §1.3.4): the rows are the teams, a round's result the team match's match points
    # (2, 1, 0) and the points after it the regulation's primary score; its own legend.
    subject: str = ""
    points: str = ""
    legend: str = ""


def _mark(kind: str, won: bool, score: Fraction) -> str:
    if kind == ResultKind.BYE:
        return number_text(score)
    if kind == ResultKind.ANNULLED:
        return "×"
    if kind == ResultKind.TECHNICAL:
        return "+" if won else "−"
    if kind == ResultKind.TIME:
        return ("1" if won else "0") + pgettext("a result on time", "t")
    return "1" if won else "0"


def build(t: Tournament) -> SwissTableData:
    """The table from the standings' own rows (``standings.ranking.compute``): each player's record round by
    round is the one his points and tie-breaks were counted from."""
    computed = ranking.compute(t)
    keys = computed.keys
    rows = computed.rows
    number = {s.participant.key: i for i, s in enumerate(rows, start=1)}
    rounds = max((e.round for s in rows for e in s.row.entries), default=0)
    lines = []
    for i, s in enumerate(rows, start=1):
        by_round = {e.round: e for e in s.row.entries}
        total = Fraction(0)
        cells = []
        for r in range(1, rounds + 1):
            e = by_round.get(r)
            if e is None:
                cells.append(SwissCell("", "", ""))
                continue
            if e.kind != ResultKind.ANNULLED:
                total += e.score
            bye = e.opponent is None
            opponent = "" if e.opponent is None else str(number.get(e.opponent, "?"))
            cells.append(SwissCell(opponent, _mark(e.kind, e.won, e.score), number_text(total), bye))
        p_ = s.participant
        lines.append(
            SwissLine(
                number=i,
                place=s.row.place_label,
                name=person_name(p_),
                region=p_.data.region,
                cells=tuple(cells),
                points=number_text(s.row.points),
                metrics=tuple(number_text(s.row.metrics.get(k)) for k in keys),
                removed=s.removed,
                withdrawn=p_.status == Participant.Status.WITHDRAWN,
                adjustment=number_text(s.row.adjustment) if s.row.adjustment else "",
            )
        )
    return SwissTableData(
        heading=heading(t),
        as_of=current_as_of(t),
        rounds=rounds,
        rows=tuple(lines),
        columns=tiebreak_columns(keys),
        signatures=panel_signatures(t),
    )


def build_teams(t: Tournament) -> SwissTableData:
    """A team Swiss (004 §1.3.4, §1.4.6): the teams in the team standings' order
    (``draw.teams.standing_rows``, the page's own rows); per round the opponent team's number, the team
    match's match points (won 2, drawn 1, lost 0; a bye as won) and the regulation's primary score after the
    round (match or board points); then that score, the other one, Sonneborn-Berger and the place."""
    bye, boards = Fraction(t.bye_points), t.boards
    rows = draw_teams.standing_rows(t)
    number = {row.team: i for i, (row, _team) in enumerate(rows, start=1)}
    primary = t.team_scoring
    other = "board_points" if primary == "match_points" else "match_points"
    by_team: dict[str, dict[int, tuple[str, str, Fraction, bool]]] = {}
    for r in draw_teams.team_results(t):
        if not r.complete and not r.annulled:
            continue
        bp1, bp2 = team_metrics.board_points(r, bye, boards)
        side = team_metrics.outcome(r, bye, boards)
        mp1, mp2 = {1: (2, 0), 2: (0, 2)}.get(side, (1, 1))
        score1, score2 = (Fraction(mp1), Fraction(mp2)) if primary == "match_points" else (bp1, bp2)
        mark1, mark2 = ("×", "×") if r.annulled else (str(mp1), str(mp2))
        if r.annulled:
            score1 = score2 = Fraction(0)
        if r.team2 is None:
            by_team.setdefault(r.team1, {})[r.round] = ("", str(mp1), score1, True)
            continue
        by_team.setdefault(r.team1, {})[r.round] = (str(number.get(r.team2, "?")), mark1, score1, False)
        by_team.setdefault(r.team2, {})[r.round] = (str(number.get(r.team1, "?")), mark2, score2, False)
    rounds = max((n for x in by_team.values() for n in x), default=0)
    lines = []
    for i, (row, team) in enumerate(rows, start=1):
        total = Fraction(0)
        cells = []
        for n in range(1, rounds + 1):
            played = by_team.get(row.team, {}).get(n)
            if played is None:
                cells.append(SwissCell("", "", ""))
                continue
            opponent, mark, score, is_bye = played
            total += score
            cells.append(SwissCell(opponent, mark, number_text(total), is_bye))
        lines.append(
            SwissLine(
                number=i,
                place=row.place_label,
                name=team.name,
                region="",
                cells=tuple(cells),
                points=number_text(row.metrics.get(primary, Fraction(0))),
                metrics=(
                    number_text(row.metrics.get(other, Fraction(0))),
                    number_text(row.metrics.get("sonneborn_berger", Fraction(0))),
                ),
                removed=team.removed,
            )
        )
    abbr = {"match_points": _("MP"), "board_points": _("BP")}
    label = {"match_points": _("match points"), "board_points": _("board points")}
    legend = _(
        "Teams in the order of the team standings. In each round: opp. — the opponent team's number (its "
        "row); res. — the team match's match points (2 won, 1 drawn, 0 lost; × annulled); «%(bye)s» a bye; "
        "pts — %(p)s after the round."
    ) % {"bye": pgettext("swiss table", "bye"), "p": label[primary]}
    return SwissTableData(
        heading=heading(t),
        as_of=current_as_of(t),
        rounds=rounds,
        rows=tuple(lines),
        columns=(
            Column(other, abbr[other], label[other]),
            Column("sonneborn_berger", _("SB"), _("Sonneborn-Berger (match points)")),
        ),
        signatures=panel_signatures(t),
        subject=_("Team"),
        points=abbr[primary],
        legend=legend,
    )


# --- PDF -------------------------------------------------------------------------------------------------


FONT_SIZE = 6.5
NUMBER_W = 7 * mm
NAME_W = 46 * mm
TAIL_W = 9 * mm  # points, each tie-break, place


def _sub_widths(data: SwissTableData) -> tuple[float, float, float]:
    """The widths of a round's three sub-columns (opponent, result, points): the widest text each holds,
    never narrower than its heading word."""
    heads = (_("opp."), _("res."), _("pts"))
    out = []
    for i, head in enumerate(heads):
        widest = max(
            [pdfmetrics.stringWidth(c.texts[i], NARROW, FONT_SIZE) for r in data.rows for c in r.cells]
            + [pdfmetrics.stringWidth(head, "DejaVuSansCondensed-Bold", FONT_SIZE)],
        )
        out.append(widest + 3.5)
    return out[0], out[1], out[2]


def layout(data: SwissTableData) -> tuple[tuple[float, float], tuple[float, float, float], int]:
    """(page size, the round's sub-column widths, rounds per block): A4 landscape when every round fits,
    else A3 landscape, else blocks of rounds on A3 (each with the numbers, names, points, tie-breaks and
    places)."""
    n = max(data.rounds, 1)
    sub = _sub_widths(data)
    one = sum(sub)
    fixed = NUMBER_W + NAME_W + TAIL_W * (2 + len(data.columns))
    for size in (WIDE, WIDER):
        if fixed + n * one <= frame_width(size):
            # Room to spare widens the sub-columns alike, up to half again: easier to read.
            spare = min((frame_width(size) - fixed) / (n * one), 1.5)
            return size, (sub[0] * spare, sub[1] * spare, sub[2] * spare), n
    return WIDER, sub, max(int((frame_width(WIDER) - fixed) // one), 1)


def _table(data: SwissTableData, first: int, last: int, sub: tuple[float, float, float]) -> Table:
    rounds = range(first, last)
    header = ["№", data.subject or _("Participant")]
    for _r in rounds:
        header += [_("opp."), _("res."), _("pts")]
    header += [data.points or _("Points"), *(c.abbr for c in data.columns), _("Place")]
    bands = [(_("round %(n)s") % {"n": r + 1}, 2 + 3 * i, 4 + 3 * i) for i, r in enumerate(rounds)]
    name_style = ParagraphStyle("sn", parent=CELL, fontSize=7, leading=8)
    removed = pgettext("removed from the tournament", "removed")
    withdrawn = pgettext("withdrew from the tournament", "withdrawn")
    body = []
    for r in data.rows:
        name = r.name
        if r.removed:
            name = f"{name} ({removed})"
        elif r.withdrawn:
            name = f"{name} ({withdrawn})"
        points = f"{r.points}*" if r.adjustment else r.points
        cells = [x for c in r.cells[first:last] for x in c.texts]
        body.append([str(r.number), p(name, name_style), *cells, points, *r.metrics, r.place])
    widths = [NUMBER_W, NAME_W, *(list(sub) * len(rounds)), *([TAIL_W] * (2 + len(data.columns)))]
    table = grid(
        header,
        body,
        widths,
        font_size=FONT_SIZE,
        center=range(0, len(header)),
        head_center=[i for i in range(len(header)) if i != 1],
        bands=bands,
    )
    style: list[tuple] = [
        ("LEFTPADDING", (2, 0), (-1, -1), 1),
        ("RIGHTPADDING", (2, 0), (-1, -1), 1),
    ]
    for i, _r in enumerate(rounds):  # a heavier line between rounds, the points after each one shaded
        style.append(("LINEBEFORE", (2 + 3 * i, 0), (2 + 3 * i, -1), 0.9, colors.Color(0.3, 0.3, 0.3)))
        style.append(("BACKGROUND", (4 + 3 * i, 2), (4 + 3 * i, -1), colors.Color(0.94, 0.94, 0.94)))
    total = 2 + 3 * len(rounds)
    style.append(("LINEBEFORE", (total, 0), (total, -1), 0.9, colors.Color(0.3, 0.3, 0.3)))
    for i, r in enumerate(data.rows):
        if r.removed:
            style.append(("TEXTCOLOR", (0, i + 2), (-1, i + 2), MUTED))
    table.setStyle(TableStyle(style))
    return table


def render(data: SwissTableData, progress: Progress | None = None) -> bytes:
    title = _("Swiss table")
    size, sub, per_block = layout(data)
    story = title_block(data.heading, title, data.as_of)
    n = data.rounds
    blocks = [(i, min(i + per_block, n)) for i in range(0, n, per_block)] or [(0, 0)]
    for b, (first, last) in enumerate(blocks):
        if b:
            story.append(PageBreak())
        if len(blocks) > 1:
            story += section(capfirst(_("rounds %(a)s–%(b)s of %(n)s") % {"a": first + 1, "b": last, "n": n}))
        story.append(_table(data, first, last, sub))
    legend = data.legend or _(
        "Rows in the order of the standings. In each round: opp. — the opponent's number (his row); res. — "
        "the result: 1 won, 0 lost, + and − a technical win or defeat, %(t)s after 1 or 0 on time, × "
        "annulled; «%(bye)s» a bye, with its points; — no match; pts — the points after the round."
    ) % {"t": pgettext("a result on time", "t"), "bye": pgettext("swiss table", "bye")}
    if data.columns:
        legend += " " + "; ".join(f"{c.abbr} — {c.name}" for c in data.columns) + "."
    if any(r.adjustment for r in data.rows):
        legend += " " + _("* the total includes a points deduction (the sanctions list).")
    story.append(p(legend, SMALL))
    story = end_with(story, signature_block(data.signatures, frame_width(size)))
    return pdf(data.heading, title, story, size=size, progress=progress)


# --- the registration ------------------------------------------------------------------------------------


def _has_table(t: Tournament) -> bool:
    """A Swiss (personal or team) with a published round."""
    return t.system in SWISSES and bool(ranking.published_stages(t))


def _exists(t: Tournament, key: str) -> None:
    keys.no_key(t, key)
    if not _has_table(t):
        raise Http404


def _build(t: Tournament) -> SwissTableData:
    if not _has_table(t):
        raise Http404
    return build_teams(t) if t.is_team_event else build(t)


def _listed(shelf: keys.Shelf) -> list[Listed]:
    return [Listed()] if _has_table(shelf.t) else []


DOCUMENT = register(
    kind="swiss_table",
    title=gettext_lazy("Swiss table"),
    build=keys.whole(_build),
    render=render,
    public=keys.anyone,
    exists=_exists,
    listed=_listed,
    place=35,
    file_name="сводная таблица",
)
