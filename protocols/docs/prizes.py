"""The prize annex to the final protocol (issue 34): the prize fund paid over the final standings — each
prize-winner's place (a shared place as a range), the prize, the amount and how it was computed; the
declared rule for shared places and the remainder rule, the fund, what was not awarded; signed by the chief
judge and the chief secretary. Public once the tournament is finished, like the final protocol; a draft
(**ПРОЕКТ**) until then.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from fees import manager
from fees.models import Prize
from protocols import keys
from protocols.facts import Heading, Signature, draft_mark, heading, panel_signatures
from protocols.layout import (
    BODY,
    CELL,
    FRAME_W,
    Progress,
    end_with,
    grid,
    p,
    pdf,
    signature_block,
    title_block,
)
from protocols.registry import Listed, register
from tournaments.models import Tournament

# --- data -----


@dataclass(frozen=True)
class PrizeRow:
    place: str
    name: str
    prize: str
    amount: str
    how: str


@dataclass(frozen=True)
class PrizesData:
    heading: Heading
    rows: tuple[PrizeRow, ...]
    rule: str
    fund: str
    paid: str
    unawarded: str
    signatures: tuple[Signature, ...]
    draft: str


def exists(t: Tournament, key: str) -> None:
    keys.no_key(t, key)
    if not Prize.objects.filter(tournament=t).exists():
        raise Http404


def build(t: Tournament) -> PrizesData:
    table = manager.prize_table(t)
    if table is None:
        raise Http404
    rows = tuple(PrizeRow(x.place, x.name, x.prize, manager.rub(x.amount), x.how) for x in table.lines)
    paid = sum(x.amount for x in table.lines)
    return PrizesData(
        heading(t),
        rows,
        table.rule,
        manager.rub(table.fund),
        manager.rub(paid),
        manager.rub(table.unawarded),
        panel_signatures(t),
        draft=draft_mark(t.is_finished),
    )


# --- PDF -----


def render(data: PrizesData, progress: Progress | None = None) -> bytes:
    title = _("Prize money: annex to the final protocol")
    w = FRAME_W
    story = title_block(data.heading, title)
    story.append(p(data.rule, BODY))
    rows = [[x.place, p(x.name, CELL), p(x.prize, CELL), x.amount, p(x.how, CELL)] for x in data.rows]
    story.append(
        grid(
            [_("Place"), _("Participant"), _("Prize"), _("Amount"), _("How computed")],
            rows,
            [w * 0.09, w * 0.32, w * 0.2, w * 0.15, w * 0.24],
        )
    )
    story.append(Spacer(1, 3 * mm))
    story.append(
        p(
            _("Prize fund %(f)s; paid out %(p)s; not awarded %(u)s.")
            % {"f": data.fund, "p": data.paid, "u": data.unawarded},
            BODY,
        )
    )
    story = end_with(story, signature_block(data.signatures, w, dated=True))
    return pdf(data.heading, title, story, progress=progress, draft=data.draft)


def _listed(shelf: keys.Shelf) -> list[Listed]:
    if not Prize.objects.filter(tournament=shelf.t).exists():
        return []
    if not (shelf.official or shelf.t.is_finished):
        return []
    return [Listed()]


DOCUMENT = register(
    kind="prizes",
    title=gettext_lazy("prize money (annex to the final protocol)"),
    build=keys.whole(build),
    render=render,
    public=keys.once_finished,
    exists=exists,
    listed=_listed,
    place=55,
    file_name="призовые",
)
