"""The entries' ledgers and the payments page (issue 34): fees by category, «paid» in one step, refunds by the
regulation's rule, the provider's callback, who may, and a finished tournament's read-only money."""

from __future__ import annotations

import datetime
from urllib.parse import unquote

import pytest
from django.urls import reverse
from django.utils import timezone

from fees import manager
from fees.models import Account, FeeSchedule, Payment
from registration.models import Entry, Participant
from tests.registration.helpers import make_entry
from tournaments.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def fees(tournament):
    return FeeSchedule.objects.create(
        tournament=tournament, base=500_000, youth=200_000, women=300_000, members=400_000
    )


def person_of(t: Tournament, n: int = 0) -> int:
    return list(t.participants.order_by("seed"))[n].person_id


def test_the_base_fee_is_due_from_a_participant_without_a_concession(tournament, fees):
    x = manager.line(tournament, person_of(tournament))
    assert x is not None
    assert (x.fee.amount, x.fee.category, x.state) == (500_000, "base", "unpaid")


def test_a_woman_a_junior_and_a_member_owe_their_categorys_fee(tournament, fees):
    woman = make_entry(tournament, surname="Петрова", gender="female")
    junior = make_entry(tournament, surname="Юнин", birth_date=tournament.start_date.replace(year=2012))
    member = person_of(tournament, 1)
    manager.set_member(tournament, member, True, None)
    assert manager.line(tournament, woman.person_id).fee.category == "women"
    assert manager.line(tournament, junior.person_id).fee.amount == 200_000
    assert manager.line(tournament, member).fee.amount == 400_000


def test_an_early_entry_owes_the_early_fee_until_its_day(tournament, fees):
    fees.early, fees.early_until = 100_000, timezone.localdate()
    fees.save()
    early = make_entry(tournament, surname="Ранний")
    assert manager.line(tournament, early.person_id).fee.category == "early"
    fees.early_until = timezone.localdate() - datetime.timedelta(days=1)
    fees.save()
    assert manager.line(tournament, early.person_id).fee.category == "base"


def test_paid_in_one_step_records_what_he_owes_with_the_next_receipt_number(
    client, tournament, fees, secretary
):
    client.force_login(secretary)
    pid = person_of(tournament)
    page = client.post(
        reverse("fees:mark_paid", args=[tournament.pk]),
        {"person": pid, "method": "transfer", "q": "Игрок000"},
    )
    assert page.status_code == 302 and "last=Игрок000" in unquote(page.url)
    row = Payment.objects.get()
    assert (row.amount, row.method, row.by, row.receipt_number) == (
        500_000,
        "transfer",
        secretary,
        f"{tournament.pk}-1",
    )
    assert manager.line(tournament, pid).state == "paid"
    assert AuditEntry.objects.filter(tournament=tournament, action="fee_paid").count() == 1
    # A second «paid» has nothing left to pay: refused with a message, nothing recorded.
    page = client.post(reverse("fees:mark_paid", args=[tournament.pk]), {"person": pid}, follow=True)
    assert "оплачен полностью" in page.content.decode()
    assert Payment.objects.count() == 1


def test_the_page_searches_and_filters_the_unpaid(client, tournament, fees, secretary):
    manager.pay(tournament, person_of(tournament), None, "cash", secretary)
    client.force_login(secretary)
    url = reverse("fees:payments", args=[tournament.pk])
    unpaid = client.get(url, {"show": "unpaid"}).content.decode()
    assert "Игрок000" not in unpaid and "Игрок001" in unpaid
    found = client.get(url, {"q": "игрок00 5"}).content.decode()
    assert "Nobody found" not in found or "Никто не найден" not in found
    one = client.get(url, {"q": "Игрок005"}).content.decode()
    assert "Игрок005" in one and "Игрок006" not in one
    assert "не оплачено" in unpaid


def test_a_part_payment_leaves_him_owing_the_rest(tournament, fees, secretary):
    pid = person_of(tournament)
    manager.pay(tournament, pid, 200_000, "cash", secretary, receipt_number="A-17")
    x = manager.line(tournament, pid)
    assert (x.state, x.balance.owed, x.payments[0].receipt_number) == ("part", 300_000, "A-17")


def test_a_refused_entrys_fee_becomes_refundable_in_full(tournament, fees, secretary, chief_judge):
    entry = make_entry(tournament, surname="Отказов")
    manager.pay(tournament, entry.person_id, None, "cash", secretary)
    Entry.objects.filter(pk=entry.pk).update(status=Entry.Status.REFUSED)
    x = manager.line(tournament, entry.person_id)
    assert x.state == "refund_due"
    with pytest.raises(manager.FeeError):
        manager.refund(tournament, entry.person_id, 500_001, "cash", secretary, "отказ")
    manager.refund(tournament, entry.person_id, None, "cash", secretary, "отказ в допуске")
    x = manager.line(tournament, entry.person_id)
    assert (x.balance.refunded, x.state, x.refundable) == (500_000, "free", 0)
    assert AuditEntry.objects.filter(action="fee_refund").count() == 1


def test_a_withdrawal_after_the_start_gets_nothing_back_by_the_default_rule(tournament, fees, secretary):
    pid = person_of(tournament)
    manager.pay(tournament, pid, None, "cash", secretary)
    Participant.objects.filter(tournament=tournament, person_id=pid).update(
        status=Participant.Status.WITHDRAWN
    )
    # before the start: all of it (the default rule, «before_start»)
    assert (
        manager.money.refundable(manager.line(tournament, pid).balance, "withdrawn", fees.withdrawal_refund)
        == 500_000
    )
    started = manager.money.refundable(
        manager.line(tournament, pid).balance, "withdrawn", fees.withdrawal_refund, started=True
    )
    assert started == 0
    fees.withdrawal_refund = "half"
    fees.save()
    manager.refund(tournament, pid, None, "cash", secretary, "выбыл")
    assert manager.line(tournament, pid).balance.refunded == 250_000


def test_a_providers_callback_delivered_twice_records_one_payment(tournament, fees):
    pid = person_of(tournament)
    at = timezone.now()
    first, created = manager.provider_callback(tournament, pid, 500_000, "op-42", at)
    again, created_again = manager.provider_callback(tournament, pid, 500_000, "op-42", at)
    assert (created, created_again, first.pk) == (True, False, again.pk)
    assert first.method == "online" and first.by is None
    assert Payment.objects.count() == 1


def test_bad_input_gets_a_message_and_changes_nothing(client, tournament, fees, secretary):
    client.force_login(secretary)
    pid = person_of(tournament)
    for data in (
        {"amount": "пять", "method": "cash"},
        {"amount": "-5", "method": "cash"},
        {"amount": "1", "method": "gold"},
    ):
        page = client.post(reverse("fees:ledger_pay", args=[tournament.pk, pid]), data, follow=True)
        assert page.status_code == 200
    assert client.post(reverse("fees:mark_paid", args=[tournament.pk]), {"person": "x"}).status_code == 302
    assert client.post(reverse("fees:mark_paid", args=[tournament.pk]), {"person": 999999}).status_code == 302
    assert client.get(reverse("fees:ledger", args=[tournament.pk, 999999])).status_code == 404
    assert Payment.objects.count() == 0 and Account.objects.count() == 0


@pytest.mark.parametrize("who", ["stranger", "participant_user", "other_secretary", None])
def test_nobody_but_the_commissions_desk_sees_or_keeps_the_money(client, request, tournament, fees, who):
    if who:
        client.force_login(request.getfixturevalue(who))
    pid = person_of(tournament)
    for url in (
        reverse("fees:payments", args=[tournament.pk]),
        reverse("fees:ledger", args=[tournament.pk, pid]),
        reverse("fees:schedule", args=[tournament.pk]),
        reverse("public:treasurer_xlsx", args=[tournament.pk]),
    ):
        assert client.get(url).status_code in (302, 403)
    answer = client.post(reverse("fees:mark_paid", args=[tournament.pk]), {"person": pid})
    assert answer.status_code in (302, 403) and (who is None or answer.status_code == 403)
    client.post(reverse("fees:schedule", args=[tournament.pk]), {"base": "1"})
    assert Payment.objects.count() == 0
    assert FeeSchedule.objects.get(tournament=tournament).base == 500_000


def test_a_finished_tournaments_money_is_read_only(client, tournament, fees, secretary):
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    client.force_login(secretary)
    pid = person_of(tournament)
    page = client.post(reverse("fees:mark_paid", args=[tournament.pk]), {"person": pid}, follow=True)
    assert "завершён" in page.content.decode()
    client.post(reverse("fees:ledger_pay", args=[tournament.pk, pid]), {"amount": "5000", "method": "cash"})
    client.post(reverse("fees:schedule", args=[tournament.pk]), {"base": "1"})
    assert Payment.objects.count() == 0
    assert FeeSchedule.objects.get(tournament=tournament).base == 500_000
    page = client.get(reverse("fees:payments", args=[tournament.pk])).content.decode()
    assert "fee-pay" not in page  # no «paid» buttons


def test_the_schedule_form_takes_rubles_and_the_prize_lines(client, tournament, secretary):
    client.force_login(secretary)
    data = {
        "base": "5 000",
        "women": "3000,50",
        "youth_under": "18",
        "unpaid_admission": "commission",
        "withdrawal_refund": "before_start",
        "prize_sharing": "hort",
        "one_prize_each": "on",
        "prizes": "1: 1500\n2: 500\nженщины: 1000\nрегион Тверская область: 300",
    }
    assert client.post(reverse("fees:schedule", args=[tournament.pk]), data).status_code == 302
    s = FeeSchedule.objects.get(tournament=tournament)
    assert (s.base, s.women, s.prize_sharing) == (500_000, 300_050, "hort")
    assert sorted(tournament.prizes.values_list("kind", "amount")) == [
        ("place", 50_000),
        ("place", 150_000),
        ("region", 30_000),
        ("woman", 100_000),
    ]
    bad = client.post(reverse("fees:schedule", args=[tournament.pk]), {**data, "prizes": "1: 500\n2: 1500"})
    assert bad.status_code == 200 and "выше" in bad.content.decode() or "higher" in bad.content.decode()
    assert tournament.prizes.count() == 4


def test_the_entry_form_shows_the_fee_or_that_there_is_none_5_2_1(client, tournament):
    from registration.models import RegistrationSettings

    RegistrationSettings.objects.update_or_create(tournament=tournament, defaults={"self_registration": True})
    url = reverse("registration:register", args=[tournament.pk])
    assert "Заявочный взнос не взимается" in client.get(url).content.decode()  # 004 §5.2.1: the League's
    FeeSchedule.objects.create(tournament=tournament, base=500_000, women=300_000)
    page = client.get(url).content.decode().replace("\u202f", " ").replace("\u00a0", " ")
    assert "Заявочный взнос 5 000,00 ₽; женщины 3 000,00 ₽." in page
    assert "не взимается" not in page


def test_the_entries_list_leads_the_commissions_desk_to_the_payments_page(client, tournament, secretary):
    client.force_login(secretary)
    page = client.get(reverse("registration:entries", args=[tournament.pk])).content.decode()
    assert reverse("fees:payments", args=[tournament.pk]) in page
