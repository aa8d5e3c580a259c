"""A receipt for an entry fee paid or refunded (issue 34): one ledger row — who, how much (in figures and
the kopecks), for what, how, when, the receipt number, who received it. Key: the ledger row's id. Officials
only; the ledger page links each row's receipt.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from fees import manager
from fees.models import Payment
from protocols import keys
from protocols.facts import Heading, Signature, heading
from protocols.layout import FRAME_W, Progress, facts_table, pdf, signature_block, title_block
from protocols.registry import register
from tournaments.models import Tournament

# --- data -----


@dataclass(frozen=True)
class ReceiptData:
    heading: Heading
    number: str
    refund: bool
    facts: tuple[tuple[str, str], ...]
    signatures: tuple[Signature, ...]


def get(t: Tournament, key: str) -> Payment:
    try:
        return Payment.objects.select_related("account__person", "by").get(account__tournament=t, pk=int(key))
    except (ValueError, Payment.DoesNotExist) as exc:
        raise Http404 from exc


def build(t: Tournament, key: str) -> ReceiptData:
    pay = get(t, key)
    refund = pay.kind == Payment.Kind.REFUND
    received_by = (pay.by.get_full_name() or pay.by.username) if pay.by else ""
    facts = [
        (_("Receipt No."), pay.receipt_number),
        (_("Refunded to") if refund else _("Received from"), pay.account.person.full_name),
        (_("For"), _("refund of the entry fee") if refund else _("the entry fee")),
        (_("Amount"), manager.rub(pay.amount)),
        (_("Method"), str(pay.get_method_display())),
        (_("When"), f"{timezone.localtime(pay.at):%d.%m.%Y %H:%M}"),
    ]
    if pay.reason:
        facts.append((_("Reason"), pay.reason))
    if pay.provider_ref:
        facts.append((_("Payment provider's reference"), pay.provider_ref))
    who = _("Paid out by") if refund else _("Received by")
    return ReceiptData(
        heading(t),
        pay.receipt_number,
        refund,
        tuple(facts),
        (
            Signature(who, received_by),
            Signature(_("Payer") if not refund else _("Received"), pay.account.person.short_name),
        ),
    )


# --- PDF -----


def render(data: ReceiptData, progress: Progress | None = None) -> bytes:
    title = (_("Refund receipt No. %(n)s") if data.refund else _("Receipt No. %(n)s")) % {"n": data.number}
    story = title_block(data.heading, title)
    story.append(facts_table(data.facts, FRAME_W))
    story += signature_block(data.signatures, FRAME_W)
    return pdf(data.heading, title, story, progress=progress)


DOCUMENT = register(
    kind="receipt",
    title=gettext_lazy("receipt for an entry fee"),
    build=build,
    render=render,
    public=keys.officials_only,
    exists=get,
    file_name="квитанция {key}",
    subtitle=lambda key: _("Ledger row %(n)s") % {"n": key},
)
