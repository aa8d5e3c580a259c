"""Every match protocol of a round in one PDF, to print in one go: a page per match
(``protocols.docs.match``), no page for a bye.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.platypus import Flowable, PageBreak

from draw.models import Round
from protocols import keys
from protocols.docs import match as match_protocol
from protocols.facts import Heading
from protocols.layout import Progress, pdf, title_block
from protocols.registry import register

# --- data ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundProtocolsData:
    heading: Heading
    round: int
    matches: tuple[match_protocol.MatchProtocolData, ...]
    draft: str = ""


def build(rnd: Round) -> RoundProtocolsData:
    matches = (
        rnd.matches.filter(player2__isnull=False)
        .select_related(
            "round__tournament",
            "round__stage",
            "player1__person",
            "player2__person",
            "winner__person",
            "protocol__certified_by__person",
        )
        .prefetch_related(*match_protocol.judging_records())
        .order_by("table")
    )
    common = match_protocol.shared(rnd)  # read once for the round, not per match (issue 30)
    return RoundProtocolsData(
        common.heading,
        rnd.number,
        tuple(match_protocol.build(m, common) for m in matches),
        _("DRAFT: round not published") if rnd.is_draft else "",
    )


# --- PDF -------------------------------------------------------------------------------------------------


def render(data: RoundProtocolsData, progress: Progress | None = None) -> bytes:
    story: list[Flowable] = []
    for i, one in enumerate(data.matches):
        if i:
            story.append(PageBreak())
        story.extend(match_protocol.story(one))
    if not story:
        story = title_block(data.heading, _("Match protocols"), _("This round has no matches to play."))
    return pdf(data.heading, _("Match protocols"), story, progress=progress, draft=data.draft)


# --- the registration ------------------------------------------------------------------------------------


def _subtitle(key: str) -> str:
    return _("Round %(n)s") % {"n": key}


DOCUMENT = register(
    kind="round_protocols",
    title=gettext_lazy("match protocols of a round"),
    build=lambda t, key: build(keys.round_by_number(t, key)),
    render=render,
    public=keys.officials_only,
    exists=keys.round_by_number,
    listed=keys.each_round(gettext_lazy("Round %(n)s: match protocols"), officials=True),
    place=20,
    file_name="тур {key} протоколы матчей",
    subtitle=_subtitle,
)
