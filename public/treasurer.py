"""The treasurer's workbook (issue 34): the entries' ledgers and the totals by day, method and category, as
an XLSX through the project's safe writer (``public.exports``). The fees app's rule: the commission's desk.
Here, in the top layer, because it composes the fees app with the exports' writer."""

from __future__ import annotations

from fractions import Fraction

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from fees import manager
from fees.models import Payment
from protocols.names import latin, shorten
from public.exports import INT, NUMBER, TEXT, Column, Sheet, write_xlsx
from registration.permissions import tournament_for_commission

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _rub(kopecks: int) -> Fraction:
    return Fraction(kopecks, 100)


def treasurer_sheets(t) -> list[Sheet]:
    lines = manager.lines(t)
    totals = manager.totals(t)
    title = [t.name, _("Entry fees, rubles")]
    methods = dict(Payment.Method.choices)
    ledgers = Sheet(
        _("Ledgers"),
        title,
        [
            Column(_("Participant")),
            Column(_("Category")),
            Column(_("Due"), NUMBER),
            Column(_("Paid"), NUMBER),
            Column(_("Refunded"), NUMBER),
            Column(_("Owes"), NUMBER),
            Column(_("Receipts")),
        ],
        [
            [
                x.name,
                manager.category_words(x.fee.category),
                _rub(x.balance.due),
                _rub(x.balance.paid),
                _rub(x.balance.refunded),
                _rub(x.balance.owed),
                ", ".join(p.receipt_number for p in x.payments),
            ]
            for x in lines
        ],
    )
    by_day = Sheet(
        _("By day"),
        title,
        [Column(_("Day")), Column(_("Paid"), NUMBER), Column(_("Refunded"), NUMBER)],
        [[f"{d:%d.%m.%Y}", _rub(a), _rub(b)] for d, a, b in totals.by_day],
    )
    by_method = Sheet(
        _("By method"),
        title,
        [Column(_("Method")), Column(_("Paid"), NUMBER), Column(_("Refunded"), NUMBER)],
        [[str(methods.get(m, m)), _rub(a), _rub(b)] for m, a, b in totals.by_method],
    )
    by_category = Sheet(
        _("By category"),
        title,
        [
            Column(_("Category")),
            Column(_("Entries"), INT),
            Column(_("Due"), NUMBER),
            Column(_("Held"), NUMBER),
        ],
        [[manager.category_words(c), n, _rub(d), _rub(h)] for c, n, d, h in totals.by_category],
    )
    summary = Sheet(
        _("Totals"),
        title,
        [Column(_("What"), TEXT), Column(_("Rubles"), NUMBER)],
        [
            [_("Due"), _rub(totals.due)],
            [_("Paid"), _rub(totals.paid)],
            [_("Refunded"), _rub(totals.refunded)],
            [_("Held"), _rub(totals.paid - totals.refunded)],
        ],
    )
    return [summary, by_day, by_method, by_category, ledgers]


def treasurer_xlsx(request: HttpRequest, pk: int) -> HttpResponse:
    t = tournament_for_commission(request, pk)
    response = HttpResponse(write_xlsx(treasurer_sheets(t)), content_type=XLSX)
    head = shorten(latin(t.name)) or f"turnir-{t.pk}"
    response["Content-Disposition"] = f'attachment; filename="{head}-{latin("взносы")}.xlsx"'
    return response
