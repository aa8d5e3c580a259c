"""Elimination brackets drawn as SVG from the pairing engine's bracket (``draw.manager.bracket``).

``svg(matches, titles)`` is a pure function of plain data: the engine's matches (``id``, ``round``,
``bracket``, ``slots``, ``players``, ``winner``, ``bye``) plus ``names`` and ``scores`` added by the view.
Each bracket (main, third place, classification; upper, lower, final, reset) is a band of columns, one
per round; a match sits level with the middle of the matches that feed it, and a line joins them. All text
is escaped.
"""

from __future__ import annotations

from html import escape

from django.utils.translation import gettext as _

BOX_W, BOX_H = 200, 46
COL_GAP, ROW_GAP, BAND_GAP = 46, 14, 40
TITLE_H = 34
PAD = 10

ORDER = ["main", "upper", "lower", "final", "reset", "third_place", "classification"]


def default_titles() -> dict[str, str]:
    return {
        "main": _("Main bracket"),
        "upper": _("Upper bracket"),
        "lower": _("Lower bracket"),
        "final": _("Grand final"),
        "reset": _("Grand final, second match"),
        "third_place": _("Third place"),
        "classification": _("Classification"),
        "bye": _("bye"),
        "winner_of": _("winner of %(m)s"),
        "loser_of": _("loser of %(m)s"),
        "seed": _("seed %(s)s"),
    }


def layout(
    matches: list[dict],
) -> tuple[dict[str, tuple[float, float]], list[tuple[str, float, float]], float, float]:
    """Positions of the boxes: ({match id: (x, y)}, [(band, y of its title)], width, height)."""
    bands: dict[str, list[dict]] = {}
    for m in matches:
        bands.setdefault(m.get("bracket") or "main", []).append(m)
    names = sorted(bands, key=lambda b: (ORDER.index(b) if b in ORDER else len(ORDER), b))
    pos: dict[str, tuple[float, float]] = {}
    titles: list[tuple[str, float, float]] = []
    top: float = PAD
    width = 0.0
    for band in names:
        ms = bands[band]
        rounds = sorted({m["round"] for m in ms})
        column = {r: i for i, r in enumerate(rounds)}
        titles.append((band, PAD, top + 16))
        y0 = top + TITLE_H
        bottom: float = y0
        last_in_column: dict[int, float] = {}
        for m in sorted(ms, key=lambda m: (m["round"], _index(m["id"]))):
            c = column[m["round"]]
            sources = [
                pos[s["winner_of"]][1]
                for s in m.get("slots", [])
                if isinstance(s, dict) and s.get("winner_of") in pos and _band_of(s["winner_of"], ms)
            ]
            y = sum(sources) / len(sources) if sources else y0
            if c in last_in_column:
                y = max(y, last_in_column[c] + BOX_H + ROW_GAP)
            last_in_column[c] = y
            x = PAD + c * (BOX_W + COL_GAP)
            pos[m["id"]] = (x, y)
            bottom = max(bottom, y + BOX_H)
            width = max(width, x + BOX_W + PAD)
        top = bottom + BAND_GAP
    return pos, titles, width, top - BAND_GAP + PAD


def _band_of(match_id: str, band: list[dict]) -> bool:
    return any(m["id"] == match_id for m in band)


def _index(match_id: str) -> int:
    tail = match_id.rsplit("-", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def _slot_text(slot: dict | None, titles: dict[str, str]) -> str:
    if not isinstance(slot, dict):
        return ""
    if slot.get("bye"):
        return titles.get("bye", "bye")
    if "winner_of" in slot:
        return titles.get("winner_of", "winner of %(m)s") % {"m": slot["winner_of"]}
    if "loser_of" in slot:
        return titles.get("loser_of", "loser of %(m)s") % {"m": slot["loser_of"]}
    if "seed" in slot:
        return titles.get("seed", "seed %(s)s") % {"s": slot["seed"]}
    return ""


def svg(matches: list[dict], titles: dict[str, str], title: str = "") -> str:
    """The whole bracket as one ``<svg>`` element (a string safe to put in a page)."""
    pos, bands, width, height = layout(matches)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="bracket" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'width="{width:.0f}" height="{height:.0f}" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
    ]
    for band, x, y in bands:
        parts.append(f'<text class="band" x="{x}" y="{y}">{escape(titles.get(band, band))}</text>')
    for m in matches:
        if m["id"] not in pos:
            continue
        x, y = pos[m["id"]]
        for i, slot in enumerate(m.get("slots", [])[:2]):
            source = slot.get("winner_of") if isinstance(slot, dict) else None
            if source in pos and pos[source][0] < x:
                sx, sy = pos[source]
                ty = y + BOX_H * (0.25 + 0.5 * i)
                mid = sx + BOX_W + COL_GAP / 2
                d = f"M{sx + BOX_W:.0f} {sy + BOX_H / 2:.0f} H{mid:.0f} V{ty:.0f} H{x:.0f}"
                parts.append(f'<path class="link" d="{d}"/>')
    for m in matches:
        if m["id"] not in pos:
            continue
        parts.append(_box(m, *pos[m["id"]], titles))
    parts.append("</svg>")
    return "".join(parts)


def _box(m: dict, x: float, y: float, titles: dict[str, str]) -> str:
    state = "done" if m.get("winner") else "ready" if m.get("ready") else "open"
    out = [
        f'<g class="match {state}" data-match="{escape(m["id"])}" transform="translate({x:.0f},{y:.0f})">',
        f'<rect width="{BOX_W}" height="{BOX_H}" rx="5"/>',
        f'<line x1="0" y1="{BOX_H / 2:.0f}" x2="{BOX_W}" y2="{BOX_H / 2:.0f}"/>',
        f'<text class="id" x="{BOX_W - 4}" y="-3" text-anchor="end">{escape(m["id"])}</text>',
    ]
    players = m.get("players") or [None, None]
    names = m.get("names") or [None, None]
    scores = m.get("scores") or [None, None]
    slots = m.get("slots") or [None, None]
    for i in range(2):
        key = players[i] if i < len(players) else None
        name = names[i] if i < len(names) and names[i] else None
        text = name or (_slot_text(slots[i] if i < len(slots) else None, titles) if key is None else key)
        css = "name"
        if key is None:
            css += " pending"
        elif m.get("winner") == key:
            css += " winner"
        elif m.get("winner"):
            css += " loser"
        ty = BOX_H * (0.25 + 0.5 * i) + 5
        out.append(f'<text class="{css}" x="7" y="{ty:.0f}">{escape(_clip(text))}</text>')
        score = scores[i] if i < len(scores) else None
        if score is not None:
            out.append(
                f'<text class="score" x="{BOX_W - 7}" y="{ty:.0f}" text-anchor="end">{int(score)}</text>'
            )
    out.append("</g>")
    return "".join(out)


def _clip(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
