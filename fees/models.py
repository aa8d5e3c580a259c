"""Entry fees and prize money (issue 34): the regulation's fee schedule, a ledger per entry, the prize fund.

Money is stored in whole kopecks (``BigIntegerField``); the pure maths are ``fees.money``'s. What an entry
owes is derived from the schedule every time (``fees.manager.due``), never stored: a change of the schedule
shows at once on every entry's ledger; what was paid and refunded are ledger rows (``Payment``), never edited
(a mistake is corrected by a refund row with its reason).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from fees import money
from registration.models import Person
from tournaments.models import Tournament


class UnpaidAdmission(models.TextChoices):
    # Default: the admission list shows «не оплачено» and the commission decides (issue 34).
    COMMISSION = "commission", _("the commission sees it and decides")
    REFUSE = "refuse", _("an unpaid entry is not admitted")


class WithdrawalRefund(models.TextChoices):
    FULL = money.REFUND_FULL, _("the whole fee")
    BEFORE_START = money.REFUND_BEFORE_START, _("the whole fee before the start, nothing after")
    HALF = money.REFUND_HALF, _("half of the fee")
    NONE = money.REFUND_NONE, _("nothing")


class PrizeSharing(models.TextChoices):
    EQUAL = money.SHARE_EQUAL, _("equal shares of the tied places' sum")
    HORT = money.SHARE_HORT, _("the Hort system")


class FeeSchedule(models.Model):
    """The regulation's fees and money rules for one tournament (one row; none: no fee, no prizes)."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="fee_schedule")
    base = models.BigIntegerField(_("entry fee, kopecks"), default=0)
    youth = models.BigIntegerField(_("youth fee, kopecks"), null=True, blank=True)
    youth_under = models.PositiveSmallIntegerField(
        _("youth: younger than (years, on the first day)"), default=18
    )
    women = models.BigIntegerField(_("women's fee, kopecks"), null=True, blank=True)
    members = models.BigIntegerField(_("federation members' fee, kopecks"), null=True, blank=True)
    early = models.BigIntegerField(_("early entry fee, kopecks"), null=True, blank=True)
    early_until = models.DateField(_("early entry until (inclusive)"), null=True, blank=True)
    unpaid_admission = models.CharField(
        _("an unpaid entry at admission"),
        max_length=12,
        choices=UnpaidAdmission.choices,
        default=UnpaidAdmission.COMMISSION,
    )
    withdrawal_refund = models.CharField(
        _("refund on a withdrawal"),
        max_length=12,
        choices=WithdrawalRefund.choices,
        default=WithdrawalRefund.BEFORE_START,
    )
    prize_sharing = models.CharField(
        _("prizes over shared places"), max_length=8, choices=PrizeSharing.choices, default=PrizeSharing.EQUAL
    )
    one_prize_each = models.BooleanField(_("one person takes only his best prize"), default=True)
    prizes_on_diplomas = models.BooleanField(_("the prize money printed on the diplomas"), default=False)

    class Meta:
        verbose_name = _("fee schedule")
        verbose_name_plural = _("fee schedules")
        constraints = [
            models.CheckConstraint(condition=models.Q(base__gte=0), name="fee_base_not_negative"),
        ]

    def __str__(self) -> str:
        return str(self.tournament)

    def concessions(self) -> dict[str, int | None]:
        return {"youth": self.youth, "women": self.women, "members": self.members, "early": self.early}


class Account(models.Model):
    """The ledger of one person's entry to one tournament (его «лицевой счёт»): the header the payment rows
    hang on, and what the schedule needs to know that the entry does not say (a member of the federation)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="fee_accounts")
    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="fee_accounts")
    member = models.BooleanField(_("member of the federation"), default=False)
    exempt = models.BooleanField(_("exempt from the fee"), default=False)
    note = models.CharField(_("note"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("entry's ledger")
        verbose_name_plural = _("entries' ledgers")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "person"], name="fee_account_once_per_tournament")
        ]

    def __str__(self) -> str:
        return f"{self.person} — {self.tournament}"


class Payment(models.Model):
    """One ledger row: a payment received or a refund made; never edited or deleted (a mistake is undone by
    a refund with its reason). ``provider_ref`` is a payment provider's own id of the operation: a callback
    delivered twice records one row (``fees.manager.provider_callback``)."""

    class Kind(models.TextChoices):
        PAID = "paid", _("paid")
        REFUND = "refund", _("refunded")

    class Method(models.TextChoices):
        CASH = "cash", _("cash")
        TRANSFER = "transfer", _("bank transfer")
        ONLINE = "online", _("online payment")

    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="payments")
    kind = models.CharField(_("operation"), max_length=8, choices=Kind.choices)
    amount = models.BigIntegerField(_("amount, kopecks"))
    method = models.CharField(_("method"), max_length=10, choices=Method.choices)
    at = models.DateTimeField(_("when"))
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("received by"),
    )
    receipt_number = models.CharField(_("receipt No."), max_length=50)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    provider_ref = models.CharField(_("payment provider's reference"), max_length=100, blank=True)

    class Meta:
        verbose_name = _("payment")
        verbose_name_plural = _("payments")
        ordering = ["at", "pk"]
        constraints = [
            models.CheckConstraint(condition=models.Q(amount__gt=0), name="payment_amount_positive"),
            models.UniqueConstraint(
                fields=["account", "provider_ref"],
                condition=~models.Q(provider_ref=""),
                name="payment_provider_ref_once",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount / 100:.2f} — {self.account}"


class Prize(models.Model):
    """A prize of the fund: a place's (``place``) or a special prize (best woman, best junior, best of a
    region). Amounts in kopecks."""

    class Kind(models.TextChoices):
        PLACE = "place", _("place")
        WOMAN = "woman", _("best woman")
        JUNIOR = "junior", _("best junior")
        REGION = "region", _("best of a region")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="prizes")
    kind = models.CharField(_("prize"), max_length=8, choices=Kind.choices, default=Kind.PLACE)
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    region = models.CharField(_("region"), max_length=200, blank=True)
    amount = models.BigIntegerField(_("amount, kopecks"))

    class Meta:
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")
        ordering = ["kind", "place", "region", "pk"]
        constraints = [
            models.CheckConstraint(condition=models.Q(amount__gte=0), name="prize_amount_not_negative"),
            models.UniqueConstraint(
                fields=["tournament", "place"], condition=models.Q(kind="place"), name="prize_place_once"
            ),
        ]

    def __str__(self) -> str:
        if self.kind == self.Kind.PLACE:
            return f"{self.place}: {self.amount / 100:.2f}"
        return f"{self.get_kind_display()} {self.region}: {self.amount / 100:.2f}"
