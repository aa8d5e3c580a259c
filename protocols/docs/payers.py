"""The list of fee payers (issue 34): every entry that paid its entry fee, with the amount, the method, the
day and the receipt number, the refunds beside them and the totals; signed by the chief judge and the chief
secretary (other federations' reports ask for it so). Officials only.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from fees import manager
from fees.models import Payment
from protocols import keys
from protocols.facts import Heading, Signature, heading, panel_signatures
from protocols.layout import CELL, FRAME_W, Progress, end_with, grid, p, pdf, signature_block, title_block
from protocols.registry import register
from tournaments.models import Tournament

# --- data -----


@dataclass(frozen=True)
class PayerLine:
    number: int
    name: str
    region: str
    due: str
    paid: str
    refunded: str
    receipts: str  # «12.05.2026 наличные № 7-3»; several joined with «; »


@dataclass(frozen=True)
class PayersData:
    heading: Heading
    lines: tuple[PayerLine, ...]
    paid: str
    refunded: str
    held: str
    signatures: tuple[Signature, ...]


def _receipt(pay: Payment) -> str:
    sign = "−" if pay.kind == Payment.Kind.REFUND else ""
    return (
        f"{sign}{manager.rub(pay.amount)}, {timezone.localtime(pay.at):%d.%m.%Y}, "
        f"{pay.get_method_display()}, № {pay.receipt_number}"
    )


def build(t: Tournament) -> PayersData:
    """Those who paid anything, by name (a refused entry's refunded fee too: the money went through)."""
    lines: list[PayerLine] = []
    paid = refunded = 0
    for x in manager.lines(t):
        if not x.payments:
            continue
        lines.append(
            PayerLine(
                len(lines) + 1,
                x.name,
                (x.participant.data.region if x.participant else x.person.region) or "",
                manager.rub(x.balance.due),
                manager.rub(x.balance.paid),
                manager.rub(x.balance.refunded) if x.balance.refunded else "",
                "; ".join(_receipt(pay) for pay in x.payments),
            )
        )
        paid += x.balance.paid
        refunded += x.balance.refunded
    return PayersData(
        heading(t),
        tuple(lines),
        manager.rub(paid),
        manager.rub(refunded),
        manager.rub(paid - refunded),
        panel_signatures(t),
    )


# --- PDF -----


def render(data: PayersData, progress: Progress | None = None) -> bytes:
    title = _("List of entry fee payers")
    w = FRAME_W
    story = title_block(data.heading, title)
    rows = [
        [str(x.number), p(x.name, CELL), p(x.region, CELL), x.due, x.paid, x.refunded, p(x.receipts, CELL)]
        for x in data.lines
    ]
    rows.append(
        [
            "",
            p(_("Total"), CELL),
            "",
            "",
            data.paid,
            data.refunded,
            p(_("held: %(h)s") % {"h": data.held}, CELL),
        ]
    )
    story.append(
        grid(
            [
                "№",
                _("Participant"),
                _("Region"),
                _("Due"),
                _("Paid"),
                _("Refunded"),
                _("Payments (receipts)"),
            ],
            rows,
            [w * 0.05, w * 0.2, w * 0.13, w * 0.11, w * 0.11, w * 0.1, w * 0.3],
        )
    )
    story = end_with(story, signature_block(data.signatures, w, dated=True))
    return pdf(data.heading, title, story, progress=progress)


DOCUMENT = register(
    kind="payers",
    title=gettext_lazy("list of entry fee payers"),
    build=keys.whole(build),
    render=render,
    public=keys.officials_only,
    listed=keys.listed_for_officials,
    place=90,
    file_name="плательщики взносов",
)
