"""The bracket of an elimination stage: no box for a bye, matches numbered «№ 7», columns named «1/8 финала»,
«Финал», «круг 2 · тур 4», the bands (upper, lower, grand final, third place, classification), «+ −» for a
walk-over or technical result; A4 landscape, else A3 landscape, a band wider than A3 split into blocks of
columns (the last column repeated), a taller one across pages, never through a box.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from django.db.models import Min
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, Spacer

from draw import manager as draw_manager
from draw.models import Match, ResultKind, Round, Stage
from protocols import keys
from protocols.facts import Heading, heading
from protocols.layout import (
    BODY,
    BOLD,
    CELL,
    FONT,
    GRID,
    MUTED,
    NARROW,
    NARROW_BOLD,
    SMALL,
    WIDE,
    WIDER,
    Progress,
    fit,
    frame_height,
    frame_width,
    grid,
    p,
    pdf,
    printable,
    section,
    title_block,
)
from protocols.registry import Listed, register
from standings.ranking import elimination_stages, stage_bracket
from tournaments.models import ELIMINATION_SYSTEMS, Tournament

# --- data ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BracketBox:
    id: str  # the engine's match id: joins the boxes, never printed
    number: int  # the printed number of the match in the stage: «№ 7»
    round: int
    bracket: str
    sources: tuple[str, ...]  # per slot: the id of the drawn box whose winner comes here, or ""
    names: tuple[str, str]
    scores: tuple[str, str]
    winner: int  # 0 none yet, 1 or 2
    technical: bool = False  # a walk-over or a technical result: "+" and "−", not a score


@dataclass(frozen=True)
class BracketBand:
    key: str
    title: str
    columns: tuple[tuple[int, str], ...]  # (round, printed title of its column)


@dataclass(frozen=True)
class BracketData:
    heading: Heading
    stage: int
    title: str
    bands: tuple[BracketBand, ...]
    boxes: tuple[BracketBox, ...]
    places: tuple[tuple[str, str], ...]  # (place, name) once decided
    note: str = ""


BAND_ORDER = ["main", "upper", "lower", "final", "reset", "third_place", "classification"]


def band_title(key: str) -> str:
    return {
        "main": _("Main bracket"),
        "upper": _("Upper bracket"),
        "lower": _("Lower bracket"),
        "final": _("Grand final"),
        "reset": _("Grand final, second match"),
        "third_place": _("Match for 3rd place"),
        "classification": _("Classification matches"),
    }.get(key, key)


def main_round_title(players_left: int) -> str:
    """1/8 финала, 1/4 финала, полуфинал, финал: by the number of players the round starts with."""
    if players_left <= 2:
        return _("Final")
    if players_left == 4:
        return _("Semi-finals")
    return _("1/%(n)s final") % {"n": players_left // 2}


def _column_title(band: str, rnd: int, first: int, size: int, boxes: list[dict], offset: int = 0) -> str:
    if band == "main":
        return main_round_title(size >> (rnd - first))
    if band in ("upper", "lower"):
        rounds = sorted({m["round"] for m in boxes})
        return _("stage %(n)s · round %(r)s") % {"n": rounds.index(rnd) + 1, "r": rnd + offset}
    if band == "classification":
        places = sorted(
            {int(b["id"][1:].split("-")[0]) for b in boxes if b["id"].startswith("P") and b["round"] == rnd}
        )
        return ", ".join(_("places from %(p)s") % {"p": p} for p in places)
    return ""


def build(stage: Stage) -> BracketData:
    t = stage.tournament
    by_key = draw_manager.participants_by_key(t)
    drawn = stage_bracket(stage, by_key)
    stored = {
        m.bracket_code: m
        for m in Match.objects.filter(round__stage=stage)
        .exclude(bracket_code="")
        .exclude(round__status="draft")
    }
    # 004 §1.4.4: a bye is no match; the player goes straight into the next round (his name is there).
    shown = [m for m in drawn["matches"] if not m.get("bye")]
    shown.sort(key=lambda m: (BAND_ORDER.index(m.get("bracket") or "main"), m["round"], _index(m["id"])))
    numbers = {m["id"]: i for i, m in enumerate(shown, start=1)}
    boxes = []
    for m in shown:
        slots = m.get("slots") or [None, None]
        # A bracket match has two slots: two names, two scores.
        names = cast(
            tuple[str, str],
            tuple(
                (by_key[k].short_name if k in by_key else "") or slot_label(slots[i], numbers)
                for i, k in enumerate(m["players"])
            ),
        )
        row = stored.get(m["id"])
        technical = bool(m.get("walkover")) or (row is not None and row.result_kind == ResultKind.TECHNICAL)
        winner = 0
        if m.get("winner"):
            winner = 1 if m["players"][0] == m["winner"] else 2
        if technical and winner:
            scores = ("+", "−") if winner == 1 else ("−", "+")
        else:
            scores = cast(tuple[str, str], tuple("" if s is None else str(s) for s in m["scores"]))
        # One per slot: the drawn box whose winner comes into it, "" when none (a seed, a bye, a loser).
        sources = tuple(
            s["winner_of"] if isinstance(s, dict) and s.get("winner_of") in numbers else "" for s in slots
        )
        boxes.append(
            BracketBox(
                m["id"],
                numbers[m["id"]],
                m["round"],
                m.get("bracket") or "main",
                sources,
                names,
                scores,
                winner,
                technical,
            )
        )
    places = tuple(
        (
            f"{p['place']}" if p["place"] == p["place_to"] else f"{p['place']}–{p['place_to']}",
            by_key[p["player"]].full_name if p["player"] in by_key else p["player"],
        )
        for p in sorted(drawn["places"], key=lambda p: (p.get("place") is None, p.get("place") or 0))
        if p.get("place") is not None
    )
    size = 1
    while size < len(stage.plan.get("players", [])):
        size *= 2
    # The engine counts the stage's own rounds; the tournament's round numbers go on after the groups.
    first_round = Round.objects.filter(stage=stage).aggregate(n=Min("number"))["n"]
    offset = first_round - 1 if first_round else 0
    bands = []
    for key in [b for b in BAND_ORDER if any(x.bracket == b for x in boxes)]:
        rounds = sorted({x.round for x in boxes if x.bracket == key})
        all_rounds = sorted({m["round"] for m in drawn["matches"] if (m.get("bracket") or "main") == key})
        first = all_rounds[0] if all_rounds else 1
        band_matches = [m for m in drawn["matches"] if (m.get("bracket") or "main") == key]
        columns = tuple((r, _column_title(key, r, first, size, band_matches, offset)) for r in rounds)
        bands.append(BracketBand(key, band_title(key), columns))
    title = _("Playoff") if stage.kind == Stage.Kind.PLAYOFF else ""  # a main stage: the heading names it
    if stage.kind == Stage.Kind.PLACES:  # 004 §5.7.3: extra matches for a place a removal left
        title = str(stage.get_kind_display())
    return BracketData(
        heading=heading(t),
        stage=stage.number,
        title=title,
        bands=tuple(bands),
        boxes=tuple(boxes),
        places=places,
        # Not «неявка» for every one (a removal is none): the kind is the final protocol's (issue 30 item 5).
        note=_(
            "«+» and «−»: a result not played over the board (its kind: the final protocol). Players with a "
            "bye go straight to round 2."
        ),
    )


def _index(match_id: str) -> int:
    tail = match_id.rsplit("-", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def slot_label(slot: object, numbers: dict[str, int]) -> str:
    if not isinstance(slot, dict):
        return ""
    if slot.get("bye"):
        return _("bye")
    if "winner_of" in slot:
        return _("winner of № %(n)s") % {"n": numbers.get(slot["winner_of"], "?")}
    if "loser_of" in slot:
        return _("loser of № %(n)s") % {"n": numbers.get(slot["loser_of"], "?")}
    if "seed" in slot:
        return _("seed %(s)s") % {"s": slot["seed"]}
    return ""


# --- PDF -------------------------------------------------------------------------------------------------


BOX_W, BOX_H = 150.0, 26.0


COL_GAP, ROW_GAP = 26.0, 10.0


BAND_HEAD = 30.0  # the band's title and its columns' titles


LABEL_H = 10.0  # the match's number above its box


NAME_FONT = 8.0


MIN_NAME_FONT = 7.0  # names never print smaller than this


@dataclass
class BandLayout:
    band: BracketBand
    columns: list[int]  # the rounds, left to right
    pos: dict[str, tuple[int, float]]  # box id → (column index, y of its top below the band's head)
    height: float


def layout_band(band: BracketBand, boxes: Sequence[BracketBox]) -> BandLayout:
    """Where each box of a band goes. The fullest column is stacked; a later box sits level with the
    middle of the boxes that feed it; an earlier one (a preliminary round with few matches) beside the box
    it feeds. Boxes never overlap."""
    mine = [b for b in boxes if b.bracket == band.key]
    columns = [r for r, _title in band.columns]
    index = {r: i for i, r in enumerate(columns)}
    by_col: dict[int, list[BracketBox]] = {i: [] for i in range(len(columns))}
    for b in sorted(mine, key=lambda b: b.number):
        by_col[index[b.round]].append(b)
    ids = {b.id for b in mine}
    feeds: dict[str, str] = {}
    for b in mine:
        for s in b.sources:
            if s in ids:
                feeds[s] = b.id
    anchor = max(range(len(columns)), key=lambda c: (len(by_col[c]), -c)) if columns else 0
    step = BOX_H + ROW_GAP
    y: dict[str, float] = {}

    def settle(column: list[tuple[float, str]]) -> None:
        last = -step
        for want, box_id in sorted(column):
            y[box_id] = max(want, last + step)
            last = y[box_id]

    for i, b in enumerate(by_col.get(anchor, [])):
        y[b.id] = i * step
    for c in range(anchor + 1, len(columns)):
        wanted = []
        for k, b in enumerate(by_col[c]):
            placed = [y[s] for s in b.sources if s in y]  # "" (no drawn source) is never in y
            wanted.append((sum(placed) / len(placed) if placed else k * step, b.id))
        settle(wanted)
    for c in range(anchor - 1, -1, -1):
        wanted = []
        for k, b in enumerate(by_col[c]):
            target = feeds.get(b.id)
            wanted.append((y[target] if target in y else k * step, b.id))
        settle(wanted)
    top = min(y.values(), default=0)
    pos = {b.id: (index[b.round], y[b.id] - top) for b in mine}
    height = max((v for _c, v in pos.values()), default=0) + BOX_H
    return BandLayout(band, columns, pos, height)


def bracket_page(layouts: Sequence[BandLayout]) -> tuple[tuple[float, float], int]:
    """The page size and the most columns a page shows: A4 landscape when every band fits its width and a
    page's height, else A3 landscape; a band wider than that is split into blocks of columns."""
    col = BOX_W + COL_GAP
    widest = max((len(lay.columns) * col - COL_GAP for lay in layouts), default=0)
    tallest = max((lay.height for lay in layouts), default=0) + BAND_HEAD
    if widest <= frame_width(WIDE) and tallest <= frame_height(WIDE) - 60:
        return WIDE, max(int((frame_width(WIDE) + COL_GAP) // col), 1)
    return WIDER, max(int((frame_width(WIDER) + COL_GAP) // col), 2)


class ChartPiece(Flowable):
    """A part of one band that fits a page: columns ``first``…``last`` − 1 and the boxes between ``y0``
    and ``y1``; the band's and the columns' titles on top (again on every continuation)."""

    def __init__(
        self,
        lay: BandLayout,
        boxes: dict[str, BracketBox],
        first: int,
        last: int,
        y0: float,
        y1: float,
        continued: bool,
    ) -> None:
        super().__init__()
        self.lay, self.boxes, self.first, self.last = lay, boxes, first, last
        self.y0, self.y1, self.continued = y0, y1, continued
        self.page_room = float("inf")  # the height of a whole page's frame (set by the story)
        self.width = (last - first) * (BOX_W + COL_GAP) - COL_GAP
        self.height = BAND_HEAD + (y1 - y0)

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return self.width, self.height

    def split(self, avail_w: float, avail_h: float) -> list[Flowable]:
        """Cut under the last whole box that fits the page (never through a box); the rest goes on."""
        if self.height <= avail_h:
            return [self]
        spans = [(y - LABEL_H, y + BOX_H) for c, y in self.lay.pos.values() if self.first <= c < self.last]
        spans = [(a, b) for a, b in spans if a >= self.y0 - 0.01 and b <= self.y1 + 0.01]
        limit = self.y0 + avail_h - BAND_HEAD
        clean = [b for _a, b in spans if b <= limit and not any(a2 < b < b2 for a2, b2 in spans)]
        if clean:
            cut = max(clean)
        elif self.height > self.page_room:
            # Taller than any page and no cut clear of every box: cut under the last box that fits; a box
            # the cut crosses goes whole onto the next page.
            fitting = [b for _a, b in spans if b <= limit]
            if not fitting:
                return []
            cut = max(fitting)
        else:
            return []  # the whole piece fits the next page: it starts there
        rest = [a for a, b in spans if b > cut]
        if not rest:
            return [self]
        head = ChartPiece(self.lay, self.boxes, self.first, self.last, self.y0, cut, self.continued)
        tail = ChartPiece(self.lay, self.boxes, self.first, self.last, min(rest), self.y1, True)
        head.page_room = tail.page_room = self.page_room
        return [head, tail]

    def _inside(self, box_id: str) -> bool:
        c, y = self.lay.pos[box_id]
        return self.first <= c < self.last and self.y0 <= y and y + BOX_H <= self.y1 + 0.01

    def draw(self) -> None:
        c = self.canv
        col = BOX_W + COL_GAP

        def x_of(column: int) -> float:
            return (column - self.first) * col

        def y_of(y: float) -> float:  # layout y grows downwards from the head; the canvas's upwards
            return self.height - BAND_HEAD - (y - self.y0)

        c.saveState()
        c.setFont(BOLD, 10)
        band_title = self.lay.band.title
        if self.continued:
            band_title = _("%(band)s (continued)") % {"band": band_title}
        c.drawString(0, self.height - 11, printable(band_title))
        c.setFont(NARROW_BOLD, 7.5)
        c.setFillColor(MUTED)
        for i, (_r, text) in enumerate(self.lay.band.columns[self.first : self.last]):
            if text:
                c.drawString(x_of(self.first + i), self.height - 24, fit(text, NARROW_BOLD, 7.5, BOX_W))
        c.setStrokeColor(GRID)
        c.setLineWidth(0.8)
        for box_id, (column, y) in self.lay.pos.items():
            if not self._inside(box_id):
                continue
            b = self.boxes[box_id]
            for slot, src in enumerate(b.sources):
                if src not in self.lay.pos or not self._inside(src):
                    continue
                sc, sy = self.lay.pos[src]
                x1, y1 = x_of(sc) + BOX_W, y_of(sy + BOX_H / 2)
                x2 = x_of(column)
                # The line meets the row of the player it brings.
                y2 = y_of(y + BOX_H * (0.25 + 0.5 * min(slot, 1)))
                mid = x2 - COL_GAP / 2
                c.line(x1, y1, mid, y1)
                c.line(mid, y1, mid, y2)
                c.line(mid, y2, x2, y2)
        for box_id, (column, y) in self.lay.pos.items():
            if not self._inside(box_id):
                continue
            self._box(self.boxes[box_id], x_of(column), y_of(y + BOX_H))
        c.restoreState()

    def _box(self, b: BracketBox, x: float, bottom: float) -> None:
        c = self.canv
        c.setStrokeColor(colors.black)
        c.setFillColor(colors.white)
        c.setLineWidth(0.6)
        c.rect(x, bottom, BOX_W, BOX_H, stroke=1, fill=1)
        c.line(x, bottom + BOX_H / 2, x + BOX_W, bottom + BOX_H / 2)
        c.line(x + BOX_W - 20, bottom, x + BOX_W - 20, bottom + BOX_H)
        c.setFillColor(MUTED)
        c.setFont(FONT, 6.5)
        label = f"№ {b.number}"
        if b.technical:
            label += " · " + pgettext("a bracket's box", "not played over the board")
        c.drawString(x + 1, bottom + BOX_H + 2, label)
        for i in range(2):
            won = b.winner == i + 1
            base = bottom + BOX_H * (0.75 - 0.5 * i) - 3
            c.setFillColor(colors.black if b.names[i] else MUTED)
            font = NARROW_BOLD if won else NARROW
            c.setFont(font, NAME_FONT)
            c.drawString(x + 3, base, fit(b.names[i] or "—", font, NAME_FONT, BOX_W - 26))
            if b.scores[i]:
                c.drawCentredString(x + BOX_W - 10, base, b.scores[i])


def bracket_story(data: BracketData) -> tuple[list[Flowable], tuple[float, float]]:
    layouts = [layout_band(band, data.boxes) for band in data.bands]
    size, per_page = bracket_page(layouts)
    boxes = {b.id: b for b in data.boxes}
    story: list[Flowable] = []
    for lay in layouts:
        n = len(lay.columns)
        # Column blocks: the last column of a block starts the next one, so its lines can be followed.
        starts = [0] if n <= per_page else list(range(0, n - 1, per_page - 1))
        for k, first in enumerate(starts):
            last = min(first + per_page, n)
            tops = [y for c, y in lay.pos.values() if first <= c < last]
            if not tops:
                continue
            end = max(tops) + BOX_H
            story.append(CondPageBreak(BAND_HEAD + 3 * (BOX_H + ROW_GAP)))
            piece = ChartPiece(lay, boxes, first, last, min(tops) - LABEL_H, end, k > 0)
            piece.page_room = frame_height(size) - 12
            story.append(piece)
            story.append(Spacer(1, 5 * mm))
    return story, size


def render(data: BracketData, progress: Progress | None = None) -> bytes:
    title = _("Bracket")
    story = title_block(data.heading, title, data.title)
    size = WIDE
    if data.boxes:
        chart, size = bracket_story(data)
        story += chart
        story.append(p(data.note, SMALL))
    else:
        story.append(p(_("The bracket is not drawn yet."), BODY))
    if data.places:
        story += section(_("Places"))
        story.append(
            grid(
                [_("Place"), _("Participant")],
                [[pl, p(n, CELL)] for pl, n in data.places],
                [frame_width(size) * 0.1, frame_width(size) * 0.45],
                center=(0,),
            )
        )
    return pdf(data.heading, title, story, size=size, progress=progress)


# --- the registration ------------------------------------------------------------------------------------


def get(t: Tournament, key: str) -> Stage:
    """The elimination stage of the tournament by its number, once it has its players (Http404 otherwise)."""
    try:
        stage = Stage.objects.select_related("tournament").get(tournament=t, number=int(key))
    except (ValueError, Stage.DoesNotExist) as exc:
        raise Http404 from exc
    if stage.system not in ELIMINATION_SYSTEMS or not stage.plan.get("players"):
        raise Http404
    return stage


def published_stage(t: Tournament, key: str) -> bool:
    """A bracket is public once its stage has a published round (nothing of a draft is public)."""
    return get(t, key).rounds.public().exists()


def _listed(shelf: keys.Shelf) -> list[Listed]:
    t = shelf.t
    public = {s.pk for s in elimination_stages(t)}
    return [
        Listed(
            key=str(s.number),
            title=_("Bracket: %(s)s")
            % {"s": s.get_kind_display() if s.kind != "main" else s.get_system_display()},
        )
        for s in t.stages.all()
        if s.system in ELIMINATION_SYSTEMS and s.plan.get("players") and (shelf.official or s.pk in public)
    ]


def _subtitle(key: str) -> str:
    return _("stage %(n)s") % {"n": key}


DOCUMENT = register(
    kind="bracket",
    title=gettext_lazy("bracket"),
    build=lambda t, key: build(get(t, key)),
    render=render,
    public=published_stage,
    exists=get,
    listed=_listed,
    place=40,
    file_name="сетка этап {key}",
    subtitle=_subtitle,
)
