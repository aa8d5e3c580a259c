"""Every team match protocol of a round in one PDF, a page per team match (``protocols.docs.team_match``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.platypus import PageBreak

from draw.models import Round
from protocols import keys
from protocols.docs import team_match
from protocols.facts import Heading, heading
from protocols.layout import Progress, pdf, title_block
from protocols.registry import register
from tournaments.models import Tournament

# --- data ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TeamRoundProtocolsData:
    heading: Heading
    round: int
    matches: tuple[team_match.TeamMatchProtocolData, ...]
    draft: str = ""


def build(rnd: Round) -> TeamRoundProtocolsData:
    tms = list(team_match.query().filter(round=rnd, team2__isnull=False).order_by("table"))
    common = heading(rnd.tournament)
    representatives = team_match.representatives_of(
        rnd.tournament, [x for tm in tms for x in (tm.team1_id, tm.team2_id)]
    )
    return TeamRoundProtocolsData(
        common,
        rnd.number,
        tuple(team_match.build(tm, common, representatives) for tm in tms),
        _("DRAFT: round not published") if rnd.is_draft else "",
    )


# --- PDF -------------------------------------------------------------------------------------------------


def render(data: TeamRoundProtocolsData, progress: Progress | None = None) -> bytes:
    story: list = []
    for i, one in enumerate(data.matches):
        if i:
            story.append(PageBreak())
        story.extend(team_match.story(one))
    if not story:
        story = title_block(
            data.heading, _("Team match protocols"), _("This round has no team matches to play.")
        )
    return pdf(data.heading, _("Team match protocols"), story, progress=progress, draft=data.draft)


# --- the registration ------------------------------------------------------------------------------------


def _round(t: Tournament, key: str) -> Round:
    if not t.is_team_event:
        raise Http404
    return keys.round_by_number(t, key)


def _subtitle(key: str) -> str:
    return _("Round %(n)s") % {"n": key}


DOCUMENT = register(
    kind="team_protocols",
    title=gettext_lazy("team match protocols of a round"),
    build=lambda t, key: build(_round(t, key)),
    render=render,
    public=keys.officials_only,
    exists=_round,
    listed=keys.each_round(
        gettext_lazy("Round %(n)s: team match protocols"), officials=True, team_events=True
    ),
    place=30,
    file_name="тур {key} протоколы командных матчей",
    subtitle=_subtitle,
)
