"""Diplomas: one A4 landscape page per prize-winner of the event's own ranking (``facts.prize_winners``): the
participants placed 1…``awarded_places`` (a shared place is that place for each; a removed player gets none,
004 §5.7.3; «занявший/занявшая» by gender); in a team event the teams (004 §1.3.4), in a personal-team event
the players and then the teams by the members' sum (004 §1.3.3). A diploma is a page of its own: no running
header, no page numbers; an event of a competition names the competition (004 §1.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.platypus import Flowable, PageBreak

from fees import manager as fees_manager
from protocols import keys
from protocols.facts import Heading, Signature, draft_mark, heading, panel_signatures, prize_winners
from protocols.layout import (
    BOLD,
    FONT,
    HEADER,
    WIDE,
    Progress,
    frame_height,
    frame_width,
    pdf,
    printable,
    title_block,
)
from protocols.registry import register
from tournaments.models import Tournament

# --- data ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Diploma:
    place: str
    name: str
    female: bool
    region: str
    club: str
    team: bool = False  # a team's diploma (004 §1.3.4, §1.3.3)
    members: tuple[str, ...] = ()
    prize: str = ""  # the prize money, when the regulation wants it on the diploma (issue 34)


@dataclass(frozen=True)
class DiplomasData:
    heading: Heading
    diplomas: tuple[Diploma, ...]
    signatures: tuple[Signature, ...]
    draft: str = ""


def build(t: Tournament) -> DiplomasData:
    """One diploma for each prize-winner of the event's own ranking (``facts.prize_winners``)."""
    money = fees_manager.diploma_prizes(t)
    return DiplomasData(
        heading=heading(t),
        diplomas=tuple(
            Diploma(
                str(w.place),
                w.name,
                w.female,
                w.region,
                w.club,
                w.team,
                w.members,
                money.get(w.participant, "") if w.participant is not None else "",
            )
            for w in prize_winners(t)
        ),
        signatures=panel_signatures(t),
        draft=draft_mark(t.status == Tournament.Status.FINISHED),
    )


# --- PDF -------------------------------------------------------------------------------------------------


ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII", 9: "IX", 10: "X"}


class DiplomaPage(Flowable):
    """One diploma on an A4 landscape page: a frame, the title, the name, the place, the competition."""

    def __init__(self, data: DiplomasData, one: Diploma, width: float, height: float) -> None:
        super().__init__()
        self.data, self.one, self.width, self.height = data, one, width, height

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return self.width, self.height

    def _centred(self, text: str, y: float, font: str, size: float, width: float | None = None) -> float:
        """Draw centred lines (wrapped to ``width``); returns the y under the last line."""
        c = self.canv
        c.setFont(font, size)
        for line in simpleSplit(printable(text), font, size, width or self.width - 40 * mm):
            c.drawCentredString(self.width / 2, y, line)
            y -= size * 1.25
        return y

    def draw(self) -> None:
        c = self.canv
        one, data, h = self.one, self.data, self.data.heading
        gold = colors.Color(0.55, 0.42, 0.12)
        c.saveState()
        c.setStrokeColor(gold)
        c.setLineWidth(3)
        c.rect(0, 0, self.width, self.height, stroke=1, fill=0)
        c.setLineWidth(0.8)
        c.rect(5 * mm, 5 * mm, self.width - 10 * mm, self.height - 10 * mm, stroke=1, fill=0)
        c.setFillColor(colors.black)
        y = self.height - 16 * mm
        if h.organiser:
            y = self._centred(h.organiser, y, FONT, 10)
        c.setFillColor(gold)
        y = self._centred(_("DIPLOMA"), y - 14 * mm, BOLD, 36)
        place = int(one.place) if one.place.isdigit() else 0
        if place in ROMAN:
            y = self._centred(_("%(n)s degree") % {"n": ROMAN[place]}, y + 2, BOLD, 15)
        c.setFillColor(colors.black)
        y = self._centred(_("is awarded to"), y - 3 * mm, FONT, 11.5)
        if one.team:
            y = self._centred(_("the team «%(t)s»") % {"t": one.name}, y - 5 * mm, BOLD, 22)
        else:
            y = self._centred(one.name, y - 5 * mm, BOLD, 22)
        where = ", ".join(x for x in (one.club, one.region) if x)
        if where:
            y = self._centred(where, y + 3, FONT, 10)
        if one.members:  # a team's players, under its name and region
            y = self._centred(_("players: %(p)s") % {"p": ", ".join(one.members)}, y - 1 * mm, FONT, 9)
        if one.team:
            took = pgettext("team", "which took place %(p)s") % {"p": one.place}
        elif one.female:
            took = pgettext("female", "who took place %(p)s") % {"p": one.place}
        else:
            took = pgettext("male", "who took place %(p)s") % {"p": one.place}
        y = self._centred(took, y - 3 * mm, BOLD, 14)
        if one.prize:
            y = self._centred(one.prize, y, FONT, 11)
        y = self._centred(_("in the competition"), y - 1 * mm, FONT, 10.5)
        if h.competition:
            # 004 §1.2: the competition first (what a rank application names), then its event.
            y = self._centred(f"«{h.competition}»", y, BOLD, 12)
            y = self._centred(_("event «%(e)s»") % {"e": h.name}, y, FONT, 10.5)
        else:
            y = self._centred(f"«{h.name}»", y, BOLD, 12)
        discipline = _("sport «nardy», discipline «%(d)s»") % {"d": h.discipline}
        y = self._centred("; ".join(x for x in (discipline, h.group, h.system) if x), y, FONT, 10)
        y = self._centred(" · ".join(x for x in (h.dates, h.venue) if x), y, FONT, 10)
        if h.category:
            self._centred(_("rank of the competition: %(c)s") % {"c": h.category}, y, FONT, 9)
        # The signatures at the foot.
        base = 20 * mm
        for i, s in enumerate(data.signatures[:2]):
            x0 = 18 * mm + i * (self.width / 2)
            c.setFont(FONT, 9.5)
            c.drawString(x0, base + 5 * mm, printable(s.role))
            c.line(x0, base, x0 + 50 * mm, base)
            c.drawString(x0 + 52 * mm, base + 1, printable(s.name))
        c.setFont(FONT, 9)
        c.drawCentredString(self.width / 2, 9 * mm, _("L. S."))
        c.restoreState()


def render(data: DiplomasData, progress: Progress | None = None) -> bytes:
    title = _("Diplomas")
    size = WIDE
    # A page of its own (``plain``): the frame without the running header's room, less its own padding.
    width, height = frame_width(size) - 12, frame_height(size) + HEADER - 14
    story: list[Flowable] = []
    for i, one in enumerate(data.diplomas):
        if i:
            story.append(PageBreak())
        story.append(DiplomaPage(data, one, width, height))
    if not story:
        story = title_block(data.heading, title, _("The places are not decided yet."))
        return pdf(data.heading, title, story, size=size, progress=progress, draft=data.draft)
    return pdf(data.heading, title, story, size=size, progress=progress, draft=data.draft, plain=True)


# --- the registration ------------------------------------------------------------------------------------


DOCUMENT = register(
    kind="diplomas",
    title=gettext_lazy("diplomas"),
    build=keys.whole(build),
    render=render,
    public=keys.officials_only,
    listed=keys.listed_for_officials,
    place=100,
    file_name="дипломы",
)
