"""The board as SVG: one picture for one replay snapshot (side 1's numbering, as rules_core.replay gives it).

Layout, the usual diagram seen from side 1: points 13–24 along the top from left to right, 12–1 along the
bottom from left to right, the bar in the middle, side 1's home (1–6) bottom right, the borne-off tray on
the right, the cube on the left. Side 1 moves 24 → 1 (top right round to bottom right). Short nardy: side 2
moves the other way, 1 → 24. Long nardy: both sides go the same way round; side 2 starts on its own 24, which
is side 1's 12 (bottom left), and goes 12 → 1 → 24 → 13 in side 1's numbering, ending in side 1's 13–18.
Each point carries both numbers: side 1's and, under it, side 2's own (short: 25 − p; long: p ± 12).

``geometry()`` is also handed to the page's script so that stepping in the browser draws the checkers at
exactly the places this module does.
"""

from __future__ import annotations

from html import escape

PW = 48  # point width
R = 20  # checker radius
BAR = 44
LEFT = 52  # the cube column is left of the board
TOP, BOTTOM = 44, 444  # the playing area; point numbers above and below it
TRAY = 60
WIDTH = LEFT + 12 * PW + BAR + TRAY + 8
HEIGHT = BOTTOM + 44
POINT_DEPTH = 170
STACK = 5 * 2 * R  # height one stack may take before it is squeezed
MID = (TOP + BOTTOM) // 2


def point_x(point: int) -> float:
    """Centre x of point 1..24 (side 1's numbering)."""
    column = point - 13 if point >= 13 else 12 - point  # 0..11 from the left
    return LEFT + column * PW + (BAR if column >= 6 else 0) + PW / 2


def other_number(point: int, discipline: str) -> int:
    """Side 2's own number of side 1's point."""
    if discipline == "long":
        return point + 12 if point <= 12 else point - 12
    return 25 - point


def stack_positions(count: int, top_row: bool, base: float | None = None) -> list[float]:
    """Centre y of each checker of a stack, from the edge inwards; long stacks are squeezed, never cut."""
    if count <= 0:
        return []
    step = 2 * R if count <= 5 else (STACK - 2 * R) / (count - 1)
    if top_row:
        start = (TOP + R) if base is None else base
        return [start + i * step for i in range(count)]
    start = (BOTTOM - R) if base is None else base
    return [start - i * step for i in range(count)]


def anchor(point: int, side: int) -> tuple[float, float]:
    """Where an arrow of a play starts or ends: a point (1-24, side 1's numbering) inside its triangle, the
    bar (25) on the mover's half of it, or off (0) in the mover's half of the tray."""
    if point == 25:
        return LEFT + 6 * PW + BAR / 2, MID + (40 if side == 1 else -40)
    if point == 0:
        return LEFT + 12 * PW + BAR + TRAY / 2, (BOTTOM - 40) if side == 1 else (TOP + 40)
    top_row = point >= 13
    return point_x(point), (TOP + POINT_DEPTH * 0.6) if top_row else (BOTTOM - POINT_DEPTH * 0.6)


def arrow_d(points: list[int], side: int) -> str:
    """SVG path of one checker's move through its points: each hop a curve bowing towards the middle."""
    xy = [anchor(p, side) for p in points]
    out = [f"M{xy[0][0]:.1f},{xy[0][1]:.1f}"]
    for (x1, y1), (x2, y2) in zip(xy, xy[1:]):
        cy = (y1 + y2) / 2
        if abs(y1 - y2) < 1:  # along one row: bow towards the middle of the board
            cy += 70 if y1 < MID else -70
        out.append(f"Q{(x1 + x2) / 2:.1f},{cy:.1f} {x2:.1f},{y2:.1f}")
    return " ".join(out)


def geometry(discipline: str) -> dict:
    return {
        "points": {str(p): point_x(p) for p in range(1, 25)},
        "r": R,
        "top": TOP,
        "bottom": BOTTOM,
        "stack": STACK,
        "mid": MID,
        "barX": LEFT + 6 * PW + BAR / 2,
        "trayX": LEFT + 12 * PW + BAR + 8,
        "trayW": TRAY - 16,
        "cubeX": 8,
        "leftHalfX": LEFT + 3 * PW,
        "rightHalfX": LEFT + 9 * PW + BAR,
        "discipline": discipline,
        "pw": PW,
        "depth": POINT_DEPTH,
        "anchors": {f"{p}:{side}": anchor(p, side) for p in range(26) for side in (1, 2)},
    }


DEFS = (
    "<defs>"
    '<marker id="arrow-head" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
    'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker>'
    '<marker id="arrow-head-bad" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" '
    'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker>'
    "</defs>"
)

PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def _checkers(out: list[str], x: float, ys: list[float], side: int) -> None:
    for y in ys:
        out.append(f'<circle class="checker s{side}" cx="{x:.1f}" cy="{y:.1f}" r="{R}"/>')
    if len(ys) > 5:
        out.append(f'<text class="count s{side}t" x="{x:.1f}" y="{ys[-1]:.1f}">{len(ys)}</text>')


def _die(out: list[str], x: float, y: float, value: int, side: int) -> None:
    s = 34
    out.append(
        f'<rect class="die s{side}" x="{x - s / 2:.1f}" y="{y - s / 2:.1f}" width="{s}" height="{s}" rx="6"/>'
    )
    for dx, dy in PIPS.get(value, []):
        out.append(f'<circle class="pip s{side}" cx="{x + dx * 9:.1f}" cy="{y + dy * 9:.1f}" r="3.4"/>')


def board_svg(snap: dict, discipline: str, title: str = "", prev: dict | None = None) -> str:
    """The whole picture for one snapshot (a row of records.manager.snapshots)."""
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{escape(title)}">',
        DEFS,
        f'<rect class="frame" x="{LEFT - 8}" y="{TOP - 8}" width="{12 * PW + BAR + TRAY + 8}" '
        f'height="{BOTTOM - TOP + 16}" rx="6"/>',
        f'<rect class="field" x="{LEFT}" y="{TOP}" width="{12 * PW + BAR}" height="{BOTTOM - TOP}"/>',
        f'<rect class="bar" x="{LEFT + 6 * PW}" y="{TOP}" width="{BAR}" height="{BOTTOM - TOP}"/>',
        f'<rect class="tray" x="{LEFT + 12 * PW + BAR + 4}" y="{TOP}" width="{TRAY - 8}" '
        f'height="{BOTTOM - TOP}"/>',
    ]
    for p in range(1, 25):
        x = point_x(p)
        top_row = p >= 13
        base = TOP if top_row else BOTTOM
        tip = TOP + POINT_DEPTH if top_row else BOTTOM - POINT_DEPTH
        cls = "tri-a" if p % 2 else "tri-b"
        out.append(
            f'<polygon class="{cls}" points="{x - PW / 2:.1f},{base} {x + PW / 2:.1f},{base} {x:.1f},{tip}"/>'
        )
        y1, y2 = (TOP - 24, TOP - 10) if top_row else (BOTTOM + 18, BOTTOM + 32)
        out.append(f'<text class="num" x="{x:.1f}" y="{y1}">{p}</text>')
        out.append(f'<text class="num num2" x="{x:.1f}" y="{y2}">{other_number(p, discipline)}</text>')
    out.append('<g class="checkers">')
    out.extend(checker_elements(snap, prev))
    out.append("</g>")
    out.append("</svg>")
    return "".join(out)


def moved_points(snap: dict, prev: dict | None) -> tuple[list[int], list[int]]:
    """Points the last play left from and arrived at (the mover's checkers fewer / more than before)."""
    if (
        prev is None
        or prev["game"] != snap["game"]
        or snap.get("kind") != "roll"
        or snap.get("side") not in (1, 2)
    ):
        return [], []
    sign = 1 if snap["side"] == 1 else -1
    before, after = prev["board"], snap["board"]
    left = [p for p in range(1, 25) if sign * after[p - 1] < sign * before[p - 1]]
    arrived = [p for p in range(1, 25) if sign * after[p - 1] > sign * before[p - 1]]
    return left, arrived


def _mark(out: list[str], point: int, cls: str) -> None:
    x, top_row = point_x(point), point >= 13
    y = TOP if top_row else BOTTOM - POINT_DEPTH
    out.append(f'<rect class="{cls}" x="{x - PW / 2:.1f}" y="{y}" width="{PW}" height="{POINT_DEPTH}"/>')


def checker_elements(snap: dict, prev: dict | None = None) -> list[str]:
    """Checkers, borne-off checkers, dice and cube of one snapshot: what changes from step to step.
    ``prev`` (the snapshot before) marks the points the last play left from and arrived at."""
    out: list[str] = []
    left, arrived = moved_points(snap, prev)
    for p in left:
        _mark(out, p, "moved-from")
    for p in arrived:
        _mark(out, p, "moved-to")
    board = snap["board"]
    for p in range(1, 25):
        n = board[p - 1]
        if n:
            _checkers(out, point_x(p), stack_positions(abs(n), p >= 13), 1 if n > 0 else 2)
    bar_x = LEFT + 6 * PW + BAR / 2
    bar1, bar2 = snap["bar"]
    # On the bar: side 1's checkers above the middle, side 2's below, stacked from the middle outwards.
    _checkers(out, bar_x, stack_positions(bar1, False, MID - R - 4)[:15], 1)
    _checkers(out, bar_x, stack_positions(bar2, True, MID + R + 4)[:15], 2)
    tray_x, tray_w = LEFT + 12 * PW + BAR + 8, TRAY - 16
    off1, off2 = snap["off"]
    # Side 1 bears off into the bottom of the tray (its home is bottom right), side 2 into the top.
    ys = [BOTTOM - 4 - (i + 1) * 11 for i in range(off1)] + [TOP + 4 + i * 11 for i in range(off2)]
    for i, y in enumerate(ys):
        tray = 1 if i < off1 else 2
        out.append(f'<rect class="off s{tray}" x="{tray_x}" y="{y}" width="{tray_w}" height="9" rx="2"/>')
    for count, y in ((off1, BOTTOM - 8 - off1 * 11), (off2, TOP + 16 + off2 * 11)):
        if count:
            out.append(f'<text class="traylabel" x="{tray_x + tray_w / 2}" y="{y}">{count}</text>')
    dice, side = snap.get("dice"), snap.get("side")
    if dice and side in (1, 2):
        cx = LEFT + 9 * PW + BAR if side == 1 else LEFT + 3 * PW
        _die(out, cx - 22, MID, dice[0], side)
        _die(out, cx + 22, MID, dice[1], side)
    owner = snap.get("owner", 0)
    cy = {0: MID, 1: BOTTOM - 24, 2: TOP + 24}.get(owner, MID)
    cls = "cube crawford" if snap.get("crawford") else "cube"
    out.append(f'<rect class="{cls}" x="8" y="{cy - 18}" width="36" height="36" rx="5"/>')
    out.append(f'<text class="cubev" x="26" y="{cy}">{snap.get("cube", 1)}</text>')
    # The play as written, one arrow per checker; red when it broke the rules (for those who see verdicts).
    if snap.get("kind") == "roll" and side in (1, 2):
        cls = "arrow bad" if snap.get("legal") is False else "arrow"
        for points in snap.get("path") or []:
            out.append(f'<path class="{cls}" d="{arrow_d(points, side)}"/>')
    return out
