"""A new document written as ``protocols/docs/participants.py`` would be (issue 26: "a new document = one
file, its test and nothing else"): the list of participants with their seeds, region and club, public.

``tests/protocols/test_registry.py`` walks it through the app. In ``protocols/docs/`` the last statement
would be ``DOCUMENT = register(...)``: importing the module registers it. Here it is a ``DocumentKind`` the
test registers for its own duration only (``registry.overridden``), so the product does not ship it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from protocols import keys
from protocols.facts import Heading, heading
from protocols.layout import CELL, FRAME_W, Progress, grid, p, pdf, title_block
from protocols.registry import DocumentKind
from registration.models import Participant
from tournaments.models import Tournament

# --- data ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ParticipantLine:
    seed: str
    name: str
    region: str
    club: str


@dataclass(frozen=True)
class ParticipantsData:
    heading: Heading
    lines: tuple[ParticipantLine, ...]


def build(t: Tournament) -> ParticipantsData:
    people = t.participants.filter(status=Participant.Status.ACTIVE).select_related("person")
    lines = tuple(
        ParticipantLine(str(x.seed or ""), x.full_name, x.person.region, x.club or x.person.organisation)
        for x in people.order_by("seed", "person__surname")
    )
    return ParticipantsData(heading(t), lines)


# --- PDF -------------------------------------------------------------------------------------------------


def render(data: ParticipantsData, progress: Progress | None = None) -> bytes:
    title = _("List of participants")
    w = FRAME_W
    story = title_block(data.heading, title)
    rows = [[x.seed, p(x.name, CELL), p(x.region, CELL), p(x.club, CELL)] for x in data.lines]
    story.append(
        grid(["№", _("Participant"), _("Region"), _("Club")], rows, [w * 0.08, w * 0.4, w * 0.26, w * 0.26])
    )
    return pdf(data.heading, title, story, progress=progress)


# --- the registration ------------------------------------------------------------------------------------

DOCUMENT = DocumentKind(
    kind="participants",
    title=gettext_lazy("list of participants"),
    build=keys.whole(build),
    render=render,
    public=keys.anyone,
    listed=keys.listed_always,
    place=15,  # after the standings, before the schedule
    file_name="список участников",
)
