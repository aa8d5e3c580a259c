"""The one converter between the fee models and the pure ``fees.money``: what each entry owes and has paid,
the ledger's operations (each in a transaction under the tournament's row lock, refused on a read-only
tournament, logged), the payment provider's callback interface, and the prizes over the final standings.

Who keeps the ledgers: the commission's desk (``registration.permissions.can_decide``: the secretaries and the
admission commission) — the views check it; the functions here trust their caller.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from fees import money
from fees.models import Account, FeeSchedule, Payment, Prize
from registration.admission import age_on
from registration.models import Entry, Gender, Participant, Person
from standings import ranking
from tournaments.models import Tournament, log


def category_words(code: str) -> str:
    """A fee's schedule line as the pages and the workbook say it."""
    words = {
        "base": _("the base fee"),
        "youth": _("youth"),
        "women": _("women"),
        "members": _("members of the federation"),
        "early": _("early entry"),
        "exempt": _("exempt"),
        "refused": _("entry refused"),
        "withdrawn": _("out of the tournament"),
    }
    return words.get(code, code)


class FeeError(Exception):
    """A user error of the ledger (translated, shown to the official); nothing was changed."""


def schedule(t: Tournament) -> FeeSchedule | None:
    return FeeSchedule.objects.filter(tournament=t).first()


def rub(kopecks: int) -> str:
    """«5 000,00 ₽» as printed (a narrow no-break space between thousands)."""
    sign = "−" if kopecks < 0 else ""
    rubles, kop = divmod(abs(kopecks), 100)
    return f"{sign}{rubles:,}".replace(",", "\u202f") + f",{kop:02d}\u00a0₽"


def parse_rubles(text: str) -> int | None:
    """«5000», «5 000», «5000,50», «5000.5» → kopecks; None for anything else (or more than 10⁹ ₽)."""
    cleaned = text.strip().replace("\u202f", "").replace("\u00a0", "").replace(" ", "").replace(",", ".")
    cleaned = cleaned.removesuffix("₽").removesuffix("руб.").strip()
    whole, _dot, frac = cleaned.partition(".")
    if not whole.isdigit() or (frac and not (frac.isdigit() and len(frac) <= 2)) or len(whole) > 10:
        return None
    return int(whole) * 100 + int((frac or "0").ljust(2, "0"))


# --- what each entry owes -----


def categories(t: Tournament, s: FeeSchedule, person: Person, entry: Entry | None, account) -> list[str]:
    """The schedule's categories the entry qualifies for: youth (younger than ``youth_under`` on the first
    day), women, members of the federation (ticked on his ledger), early entry (made on or before
    ``early_until``)."""
    out = []
    if person.birth_date and age_on(person.birth_date, t.start_date) < s.youth_under:
        out.append("youth")
    if person.gender == Gender.FEMALE:
        out.append("women")
    if account is not None and account.member:
        out.append("members")
    if entry is not None and s.early_until and timezone.localdate(entry.created_at) <= s.early_until:
        out.append("early")
    return out


@dataclass
class Line:
    """One row of the payments page: the person, his entry and participation, his ledger summed."""

    person: Person
    entry: Entry | None
    participant: Participant | None
    account: Account | None
    fee: money.Fee
    balance: money.Balance
    payments: list[Payment]
    refundable: int = 0

    @property
    def key(self) -> int:
        return self.person.pk

    @property
    def name(self) -> str:
        return self.participant.full_name if self.participant else self.person.full_name

    @property
    def refused(self) -> bool:
        return self.entry is not None and self.entry.status == Entry.Status.REFUSED

    @property
    def withdrawn(self) -> bool:
        return self.participant is not None and self.participant.status != Participant.Status.ACTIVE

    @property
    def refund_reason(self) -> str:
        if self.refused:
            return "refused"
        if self.withdrawn:
            return "withdrawn"
        return "over"

    @property
    def state(self) -> str:
        """ "paid", "unpaid", "part", "refund_due" (a refused or withdrawn entry holding money) or "free"."""
        b = self.balance
        if self.refundable > 0 and (self.refused or self.withdrawn):
            return "refund_due"
        if b.due == 0:
            return "free"
        if b.settled:
            return "paid"
        return "part" if b.paid > b.refunded else "unpaid"


def lines(t: Tournament) -> list[Line]:
    """Everybody with an entry or a participation, by name, with his ledger: five queries whatever the
    field."""
    s = schedule(t) or FeeSchedule(tournament=t)
    started = t.round_set.exclude(status="draft").exists()
    entries = {e.person_id: e for e in Entry.objects.filter(tournament=t).select_related("person")}
    participants = {
        p.person_id: p for p in Participant.objects.filter(tournament=t).select_related("person", "partner")
    }
    accounts = {a.person_id: a for a in Account.objects.filter(tournament=t)}
    payments: dict[int, list[Payment]] = {}
    for pay in Payment.objects.filter(account__tournament=t).select_related("account", "by"):
        payments.setdefault(pay.account.person_id, []).append(pay)
    people: dict[int, Person] = {e.person_id: e.person for e in entries.values()}
    people.update({p.person_id: p.person for p in participants.values()})
    out = []
    for pid, person in people.items():
        entry, account, participant = entries.get(pid), accounts.get(pid), participants.get(pid)
        if account is not None and account.exempt:
            fee = money.Fee(0, "exempt")
        elif entry is not None and entry.status == Entry.Status.REFUSED and participant is None:
            fee = money.Fee(0, "refused")  # a refused entry owes nothing; what it paid is refundable
        elif participant is not None and participant.status != Participant.Status.ACTIVE:
            fee = money.Fee(0, "withdrawn")  # nobody is chased for a fee once he is out
        else:
            fee = money.fee_due(s.base, s.concessions(), categories(t, s, person, entry, account))
        rows = [("due", fee.amount)] + [(p.kind, p.amount) for p in payments.get(pid, [])]
        x = Line(person, entry, participant, account, fee, money.balance(rows), payments.get(pid, []))
        x.refundable = money.refundable(x.balance, x.refund_reason, s.withdrawal_refund, started)
        out.append(x)
    out.sort(key=lambda x: (x.person.surname.lower(), x.person.name.lower(), x.person.pk))
    return out


def line(t: Tournament, person_id: int) -> Line | None:
    return next((x for x in lines(t) if x.person.pk == person_id), None)


def unpaid_people(t: Tournament) -> set[int]:
    """The people whose fee is not paid in full (for the admission list's «не оплачено»)."""
    if schedule(t) is None:
        return set()
    return {x.person.pk for x in lines(t) if x.balance.owed > 0}


def fee_text(t: Tournament) -> str:
    """The fee as the entry form prints it: «Заявочный взнос 5 000,00 ₽; женщины 3 000,00 ₽; …», "" when
    the tournament charges none (004 §5.2.1: the League's own events charge no fee; a fee is another
    regulation's)."""
    s = schedule(t)
    if s is None:
        return ""
    parts = [(category_words(k), v) for k, v in s.concessions().items() if v is not None]
    if not s.base and not any(v for _k, v in parts):
        return ""
    text = _("Entry fee %(f)s") % {"f": rub(s.base)}
    for words, amount in parts:
        if words == category_words("early") and s.early_until:
            words = _("entries until %(d)s") % {"d": f"{s.early_until:%d.%m.%Y}"}
        text += f"; {words} {rub(amount)}"
    return text + "."


# --- the ledger's operations -----


def _locked(t: Tournament) -> Tournament:
    locked = Tournament.objects.select_for_update().get(pk=t.pk)
    if locked.read_only_reason:
        # 004 §6.2.1 item 6: a finished tournament is read-only everywhere, its money too.
        raise FeeError(locked.read_only_reason)
    return locked


def _next_receipt(t: Tournament) -> str:
    """The tournament's next receipt number: «<tournament>-<n>», n counting every row, under the lock."""
    return f"{t.pk}-{Payment.objects.filter(account__tournament=t).count() + 1}"


def _account(t: Tournament, person_id: int) -> Account:
    if not (
        Entry.objects.filter(tournament=t, person_id=person_id).exists()
        or Participant.objects.filter(tournament=t, person_id=person_id).exists()
    ):
        raise FeeError(_("This person has no entry in the tournament."))
    account, _created = Account.objects.get_or_create(tournament=t, person_id=person_id)
    return account


def pay(
    t: Tournament,
    person_id: int,
    amount: int | None,
    method: str,
    by,
    at: datetime.datetime | None = None,
    receipt_number: str = "",
    provider_ref: str = "",
) -> Payment:
    """Record a payment received (``amount`` None: what he still owes). A receipt number is given when none
    is typed. Logged."""
    if method not in Payment.Method.values:
        raise FeeError(_("Choose how it was paid: cash or transfer."))
    with transaction.atomic():
        locked = _locked(t)
        current = line(locked, person_id)
        if current is None:
            raise FeeError(_("This person has no entry in the tournament."))
        amount = current.balance.owed if amount is None else amount
        if amount <= 0:
            raise FeeError(_("Nothing to pay: the fee is paid in full."))
        account = _account(locked, person_id)
        row = Payment.objects.create(
            account=account,
            kind=Payment.Kind.PAID,
            amount=amount,
            method=method,
            at=at or timezone.now(),
            by=by if getattr(by, "is_authenticated", False) else None,
            receipt_number=receipt_number.strip()[:50] or _next_receipt(locked),
            provider_ref=provider_ref,
        )
        log(
            locked,
            by,
            "fee_paid",
            _("Fee paid by %(p)s: %(a)s (%(m)s, receipt %(r)s)")
            % {"p": current.name, "a": rub(amount), "m": row.get_method_display(), "r": row.receipt_number},
            person=person_id,
            amount=amount,
        )
    return row


def refund(t: Tournament, person_id: int, amount: int | None, method: str, by, reason: str = "") -> Payment:
    """Refund (``amount`` None: all that may be refunded): a refused entry's whole payment, a withdrawal's by
    the regulation's rule, or an overpayment; never more (``money.refundable``). Logged."""
    if method not in Payment.Method.values:
        raise FeeError(_("Choose how it was paid: cash or transfer."))
    with transaction.atomic():
        locked = _locked(t)
        current = line(locked, person_id)
        if current is None:
            raise FeeError(_("This person has no entry in the tournament."))
        allowed = current.refundable
        amount = allowed if amount is None else amount
        if amount <= 0 or amount > allowed:
            raise FeeError(
                _("At most %(a)s may be refunded to him (the regulation's rule).") % {"a": rub(allowed)}
            )
        account = _account(locked, person_id)
        row = Payment.objects.create(
            account=account,
            kind=Payment.Kind.REFUND,
            amount=amount,
            method=method,
            at=timezone.now(),
            by=by if getattr(by, "is_authenticated", False) else None,
            receipt_number=_next_receipt(locked),
            reason=reason[:200],
        )
        log(
            locked,
            by,
            "fee_refund",
            _("Fee refunded to %(p)s: %(a)s") % {"p": current.name, "a": rub(amount)},
            reason=reason,
            person=person_id,
            amount=amount,
        )
    return row


def provider_callback(
    t: Tournament, person_id: int, amount: int, reference: str, at: datetime.datetime
) -> tuple[Payment, bool]:
    """THE interface for an online payment provider (none is wired in yet; issue 34 keeps the shape ready).

    A provider's webhook view, once written, verifies the provider's signature itself, maps the provider's
    order to ``(t, person_id)`` and calls this with the amount in kopecks, the provider's own id of the
    operation (``reference``: non-empty) and the moment the provider says the money was taken.

    Returns ``(payment, created)``. Idempotent: a callback delivered twice (providers retry) finds the row of
    the first by ``(account, reference)`` and records nothing (``created`` False). The row is an ordinary
    ledger row (method «online», ``by`` empty, the receipt number the tournament's next), so the payments
    page, the receipts, the payers' list and the treasurer's workbook show it like any other. Raises
    ``FeeError`` on a read-only tournament, a person without an entry, or an amount not above 0 — the view
    answers those with a 4xx for the provider to see.
    """
    if not reference:
        raise FeeError("a provider's callback without its reference")
    existing = Payment.objects.filter(
        account__tournament=t, account__person_id=person_id, provider_ref=reference
    ).first()
    if existing is not None:
        return existing, False
    return pay(t, person_id, amount, Payment.Method.ONLINE, None, at=at, provider_ref=reference), True


def set_member(t: Tournament, person_id: int, member: bool, by) -> None:
    """Tick (or untick) him as a member of the federation: the members' fee applies. Logged."""
    with transaction.atomic():
        locked = _locked(t)
        account = _account(locked, person_id)
        if account.member == member:
            return
        account.member = member
        account.save(update_fields=["member"])
        log(
            locked,
            by,
            "fee_member",
            (_("%(p)s: a member of the federation") if member else _("%(p)s: not a member of the federation"))
            % {"p": account.person.full_name},
            person=person_id,
        )


# --- the treasurer's totals -----


@dataclass(frozen=True)
class Totals:
    by_day: tuple[tuple[datetime.date, int, int], ...]  # day, paid, refunded
    by_method: tuple[tuple[str, int, int], ...]
    by_category: tuple[tuple[str, int, int, int], ...]  # category, entries, due, paid
    due: int
    paid: int
    refunded: int


def totals(t: Tournament) -> Totals:
    all_lines = lines(t)
    days: dict[datetime.date, list[int]] = {}
    methods: dict[str, list[int]] = {}
    cats: dict[str, list[int]] = {}
    for x in all_lines:
        c = cats.setdefault(x.fee.category, [0, 0, 0])
        c[0] += 1
        c[1] += x.balance.due
        c[2] += x.balance.paid - x.balance.refunded
        for p in x.payments:
            col = 0 if p.kind == Payment.Kind.PAID else 1
            days.setdefault(timezone.localdate(p.at), [0, 0])[col] += p.amount
            methods.setdefault(p.method, [0, 0])[col] += p.amount
    return Totals(
        by_day=tuple((d, v[0], v[1]) for d, v in sorted(days.items())),
        by_method=tuple((m, v[0], v[1]) for m, v in sorted(methods.items())),
        by_category=tuple((k, v[0], v[1], v[2]) for k, v in sorted(cats.items())),
        due=sum(x.balance.due for x in all_lines),
        paid=sum(x.balance.paid for x in all_lines),
        refunded=sum(x.balance.refunded for x in all_lines),
    )


# --- prizes -----


@dataclass(frozen=True)
class PrizeLine:
    participant: int
    place: str  # «1», «5–8»
    name: str
    prize: str  # «1 место», «лучшая женщина»
    amount: int
    how: str


@dataclass(frozen=True)
class PrizeTable:
    lines: tuple[PrizeLine, ...]
    fund: int
    unawarded: int
    rule: str  # the sharing rule and the remainder rule in words


def prize_table(t: Tournament, computed: ranking.Standings | None = None) -> PrizeTable | None:
    """The prize fund paid over the final standings (None: the tournament has no prizes). A removed player
    keeps no place (004 §5.7.3) and takes no prize; ranges are the standings' shared places."""
    prizes = list(Prize.objects.filter(tournament=t))
    if not prizes:
        return None
    s = schedule(t) or FeeSchedule(tournament=t)
    computed = computed if computed is not None else ranking.compute(t)
    rows = [r for r in computed.rows if not r.removed and r.row.place is not None]
    finishers = [
        money.Finisher(str(r.participant.pk), r.row.place or 0, r.row.place_to or r.row.place or 0)
        for r in rows
    ]
    by_key = {str(r.participant.pk): r for r in rows}
    places = {p.place: p.amount for p in prizes if p.kind == Prize.Kind.PLACE and p.place}
    amounts = [places.get(i, 0) for i in range(1, max(places, default=0) + 1)]
    specials = []
    for p in prizes:
        if p.kind == Prize.Kind.PLACE:
            continue
        specials.append(money.Special(f"{p.kind}:{p.pk}", p.amount, tuple(_eligible(t, p, rows))))
    try:
        d = money.award(amounts, finishers, specials, s.prize_sharing, s.one_prize_each)
    except money.MoneyError as e:
        raise FeeError(_("The prize fund cannot be paid out: %(e)s") % {"e": e}) from e
    names = {f"{p.kind}:{p.pk}": _special_name(p) for p in prizes if p.kind != Prize.Kind.PLACE}
    out = []
    for pay_ in d.payouts:
        r = by_key[pay_.key]
        label = r.row.place_label
        prize = _("place %(p)s") % {"p": label} if pay_.prize == "place" else names[pay_.prize]
        out.append(
            PrizeLine(r.participant.pk, label, r.participant.full_name, prize, pay_.amount, _how(pay_))
        )
    rule = sharing_words(s.prize_sharing)
    if s.one_prize_each:
        rule += " " + _("One person takes only his best prize.")
    return PrizeTable(tuple(out), money.fund(amounts, specials), d.unawarded, rule)


def _how(p: money.Payout) -> str:
    """How a payout was computed, in the annex's words."""
    if p.shared_by == 1:
        return ""
    if p.kept:
        return _("½ of his place's prize %(k)s + %(pot)s / %(n)s") % {
            "k": rub(p.kept),
            "pot": rub(p.pot),
            "n": p.shared_by,
        }
    return _("%(pot)s / %(n)s") % {"pot": rub(p.pot), "n": p.shared_by}


def diploma_prizes(t: Tournament) -> dict[int, str]:
    """Participant id → «денежный приз 1 500,00 ₽» for the diplomas, when the regulation wants the prize
    money on them (``prizes_on_diplomas``); {} otherwise or when the fund cannot be paid out."""
    s = schedule(t)
    if s is None or not s.prizes_on_diplomas:
        return {}
    try:
        table = prize_table(t)
    except FeeError:
        return {}
    if table is None:
        return {}
    return {x.participant: _("prize money %(a)s") % {"a": rub(x.amount)} for x in table.lines}


def sharing_words(rule: str) -> str:
    """The declared rule and the remainder rule in the words the annex prints."""
    if rule == money.SHARE_HORT:
        return _(
            "Shared places by the Hort system: each keeps half of his own place's prize, the other halves "
            "are shared equally; the leftover kopecks go one each to the tied players in the standings' "
            "order."
        )
    return _(
        "Shared places share the sum of their prizes equally; the leftover kopecks go one each to the tied "
        "players in the standings' order."
    )


def _eligible(t: Tournament, p: Prize, rows: list[ranking.StandingRow]) -> list[str]:
    out = []
    for r in rows:
        data = r.participant.data
        if p.kind == Prize.Kind.WOMAN and data.gender != Gender.FEMALE:
            continue
        if p.kind == Prize.Kind.JUNIOR:
            s = schedule(t)
            limit = s.youth_under if s else 18
            if not data.birth_date or age_on(data.birth_date, t.start_date) >= limit:
                continue
        if p.kind == Prize.Kind.REGION and data.region.strip().lower() != p.region.strip().lower():
            continue
        out.append(str(r.participant.pk))
    return out


def _special_name(p: Prize) -> str:
    if p.kind == Prize.Kind.REGION:
        return _("best of the region %(r)s") % {"r": p.region}
    return str(p.get_kind_display())
