"""The officials' payments page (issue 34): every entry's fee, what was paid and refunded; search, the unpaid
filter and «paid» in one key (type a name, Enter on the one row left); a person's ledger with the payment and
refund forms; the fee schedule and prize fund.

Who: the commission's desk (``registration.permissions.can_decide``: the secretaries and the admission
commission) reads and keeps the ledgers — one rule for every view here, checked on the server; anybody else
gets 403. A finished or cancelled tournament is read-only: the pages show, every POST is refused.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from fees import manager
from fees.forms import PayForm, RefundForm, ScheduleForm
from fees.models import FeeSchedule, Payment
from registration.permissions import tournament_for_commission
from tournaments.validators import sane_int

SHOWS = ("unpaid", "paid", "refund")


def _folded(text: str) -> str:
    return " ".join(text.lower().replace("ё", "е").split())


def _shown(x: manager.Line, show: str) -> bool:
    if show == "unpaid":
        return x.state in ("unpaid", "part")
    if show == "paid":
        return x.state == "paid"
    if show == "refund":
        return x.state == "refund_due"
    return True


def payments(request: HttpRequest, pk: int) -> HttpResponse:
    """``?q=`` a part of the name, ``?show=unpaid|paid|refund``."""
    t = tournament_for_commission(request, pk)
    q = request.GET.get("q", "").strip()[:100]
    show = request.GET.get("show", "")
    show = show if show in SHOWS else ""
    every = manager.lines(t)
    rows = [x for x in every if (not q or _folded(q) in _folded(x.name)) and _shown(x, show)]
    context = {
        "t": t,
        "rows": rows,
        "q": q,
        "typed": q or request.GET.get("last", "").strip()[:100],
        "show": show,
        "schedule": manager.schedule(t),
        "read_only": t.read_only_reason,
        "due": sum(x.balance.due for x in every),
        "paid": sum(x.balance.held for x in every),
        "unpaid": sum(1 for x in every if x.state in ("unpaid", "part")),
        "methods": Payment.Method.choices[:2],
    }
    return render(request, "fees/payments.html", context)


def _back(t, person_id: int | None = None, q: str = "", show: str = "") -> HttpResponse:
    if person_id is not None:
        return redirect("fees:ledger", pk=t.pk, person_pk=person_id)
    url = reverse("fees:payments", args=[t.pk])
    # «last»: the name just searched, put back in the search box (and selected) but not filtered on the
    # server — the page's script filters as the next name is typed, over the whole list.
    params = urlencode([(k, v) for k, v in (("last", q), ("show", show)) if v])
    return redirect(url + (f"?{params}" if params else ""))


@require_POST
def mark_paid(request: HttpRequest, pk: int) -> HttpResponse:
    """«Paid»: what he still owes, received now by the official, in cash or by transfer."""
    t = tournament_for_commission(request, pk)
    person = sane_int(request.POST.get("person"))
    method = request.POST.get("method", Payment.Method.CASH)
    q, show = request.POST.get("q", "")[:100], request.POST.get("show", "")
    show = show if show in SHOWS else ""
    if person is None:
        messages.error(request, _("This person has no entry in the tournament."))
        return _back(t, q=q, show=show)
    try:
        row = manager.pay(t, person, None, method, request.user)
    except manager.FeeError as e:
        messages.error(request, str(e))
    else:
        messages.success(
            request,
            _("Paid: %(a)s, receipt %(r)s.") % {"a": manager.rub(row.amount), "r": row.receipt_number},
        )
    return _back(t, q=q, show=show)


def ledger(request: HttpRequest, pk: int, person_pk: int) -> HttpResponse:
    """One person's ledger: due (and why), each payment and refund with its receipt; the forms."""
    t = tournament_for_commission(request, pk)
    line = manager.line(t, person_pk)
    if line is None:
        raise Http404
    refundable = line.refundable
    context = {
        "t": t,
        "line": line,
        "refundable": refundable,
        "pay_form": PayForm(initial={"amount": manager.rub(line.balance.owed).replace("\u00a0₽", "")}),
        "refund_form": RefundForm(),
        "read_only": t.read_only_reason,
    }
    return render(request, "fees/ledger.html", context)


@require_POST
def ledger_pay(request: HttpRequest, pk: int, person_pk: int) -> HttpResponse:
    t = tournament_for_commission(request, pk)
    form = PayForm(request.POST)
    if form.is_valid():
        try:
            row = manager.pay(
                t,
                person_pk,
                form.cleaned_data["amount"],
                form.cleaned_data["method"],
                request.user,
                receipt_number=form.cleaned_data["receipt_number"],
            )
        except manager.FeeError as e:
            messages.error(request, str(e))
        else:
            messages.success(
                request,
                _("Paid: %(a)s, receipt %(r)s.") % {"a": manager.rub(row.amount), "r": row.receipt_number},
            )
    else:
        messages.error(request, " ".join(str(m) for errs in form.errors.values() for m in errs))
    return _back(t, person_pk)


@require_POST
def ledger_refund(request: HttpRequest, pk: int, person_pk: int) -> HttpResponse:
    t = tournament_for_commission(request, pk)
    form = RefundForm(request.POST)
    if form.is_valid():
        try:
            manager.refund(
                t,
                person_pk,
                form.cleaned_data["amount"],
                form.cleaned_data["method"],
                request.user,
                form.cleaned_data["reason"],
            )
        except manager.FeeError as e:
            messages.error(request, str(e))
        else:
            messages.success(request, _("The refund is recorded."))
    else:
        messages.error(request, " ".join(str(m) for errs in form.errors.values() for m in errs))
    return _back(t, person_pk)


@require_POST
def ledger_member(request: HttpRequest, pk: int, person_pk: int) -> HttpResponse:
    t = tournament_for_commission(request, pk)
    try:
        manager.set_member(t, person_pk, request.POST.get("member") == "1", request.user)
    except manager.FeeError as e:
        messages.error(request, str(e))
    return _back(t, person_pk)


def schedule_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """The regulation's fees, the money rules and the prize fund."""
    t = tournament_for_commission(request, pk)
    instance = manager.schedule(t) or FeeSchedule(tournament=t)
    if request.method == "POST":
        if t.read_only_reason:
            messages.error(request, t.read_only_reason)
            return redirect("fees:schedule", pk=pk)
        form = ScheduleForm(request.POST, instance=instance)
        if form.is_valid():
            form.save_all(t, request.user)
            messages.success(request, _("The fees and prizes are saved."))
            return redirect("fees:payments", pk=pk)
    else:
        form = ScheduleForm(instance=instance)
    return render(request, "fees/schedule.html", {"t": t, "form": form, "read_only": t.read_only_reason})
