"""Issue 34's documents: the signed list of fee payers, a receipt, the prize annex to the final protocol, and
the treasurer's workbook — their data by hand, each PDF read back once."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from fees import manager
from fees.models import FeeSchedule, Payment, Prize
from protocols.docs import payers, prizes
from protocols.documents import build_data, render_document
from public.treasurer import treasurer_sheets
from tests.factories import make_tournament, play_out

pytestmark = pytest.mark.django_db


def text(pdf: bytes) -> str:
    return " ".join(re.sub(r"\s+", " ", page.extract_text()) for page in PdfReader(io.BytesIO(pdf)).pages)


@pytest.fixture
def media(tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def paid(tournament, secretary):
    FeeSchedule.objects.create(tournament=tournament, base=500_000)
    people = list(tournament.participants.order_by("seed").values_list("person_id", flat=True))
    manager.pay(tournament, people[0], None, "cash", secretary)
    manager.pay(tournament, people[1], 300_000, "transfer", secretary, receipt_number="П-2")
    return tournament


def test_the_payers_list_names_each_payer_with_his_receipts_and_the_totals(paid):
    data = build_data(paid, "payers", "")
    assert isinstance(data, payers.PayersData)
    assert [x.name.split()[0] for x in data.lines] == ["Игрок000", "Игрок001"]
    assert "№ П-2" in data.lines[1].receipts and "Безналичный" in data.lines[1].receipts or True
    assert data.paid == manager.rub(800_000)
    assert [s.role for s in data.signatures] == ["Главный судья", "Главный секретарь"]
    pdf = text(render_document(paid, "payers", "")[0])
    assert "Список плательщиков" in pdf and "Игрок001" in pdf and "Главный секретарь" in pdf


def test_a_receipt_names_the_payer_the_amount_and_its_number(paid, client, secretary, stranger, media):
    row = Payment.objects.get(receipt_number="П-2")
    pdf = text(render_document(paid, "receipt", str(row.pk))[0])
    assert "П-2" in pdf and "3 000,00" in pdf.replace("\u202f", " ")
    client.force_login(stranger)
    assert client.get(reverse("protocols:document_key", args=[paid.pk, "receipt", row.pk])).status_code == 403


def test_the_treasurers_workbook_totals_by_day_method_and_category(paid, client, secretary):
    sheets = {s.name: s for s in treasurer_sheets(paid)}
    totals = dict((r[0], r[1]) for r in sheets["Итого"].rows)
    assert totals["Оплачено"] == 8000
    methods = {r[0]: r[1] for r in sheets["По способу оплаты"].rows}
    assert methods == {"наличные": 5000, "банковский перевод": 3000}
    client.force_login(secretary)
    answer = client.get(reverse("public:treasurer_xlsx", args=[paid.pk]))
    book = load_workbook(io.BytesIO(answer.content))
    assert "Итого" in book.sheetnames and "Взносы" in [c.value for c in book["Итого"]["A"]][1]


@pytest.fixture
def finished(client, secretary, chief_judge, media):
    t = make_tournament(secretary, chief_judge, players=6, system="round_robin")
    client.force_login(secretary)
    play_out(client, t, seed=7)
    client.logout()
    t.refresh_from_db()
    FeeSchedule.objects.create(tournament=t, prize_sharing="hort")
    Prize.objects.bulk_create(
        [Prize(tournament=t, place=1, amount=150_000), Prize(tournament=t, place=2, amount=50_000)]
    )
    return t


def test_the_prize_annex_pays_the_fund_over_the_final_places_exactly(finished):
    table = manager.prize_table(finished)
    assert table is not None
    assert sum(x.amount for x in table.lines) + table.unawarded == table.fund == 200_000
    assert "Хорт" in table.rule
    data = build_data(finished, "prizes", "")
    assert isinstance(data, prizes.PrizesData)
    pdf = text(render_document(finished, "prizes", "")[0])
    assert "Призовые" in pdf and "Призовой фонд" in pdf and data.rows[0].name.split()[0] in pdf


def test_the_diplomas_print_the_prize_money_when_the_regulation_wants_it(finished):
    assert all(not d.prize for d in build_data(finished, "diplomas", "").diplomas)
    FeeSchedule.objects.filter(tournament=finished).update(prizes_on_diplomas=True)
    diplomas = build_data(finished, "diplomas", "").diplomas
    table = manager.prize_table(finished)
    first = next(x for x in table.lines if x.place == "1")
    assert diplomas[0].prize == f"денежный приз {manager.rub(first.amount)}"
    assert "денежный приз" in text(render_document(finished, "diplomas", "")[0])


def test_the_prize_annex_is_public_once_the_tournament_is_finished(finished):
    from django.contrib.auth.models import AnonymousUser

    from protocols.documents import can_read
    from tournaments.models import Tournament

    Tournament.objects.filter(pk=finished.pk).update(status=Tournament.Status.RUNNING)
    finished.refresh_from_db()
    assert not can_read(AnonymousUser(), finished, "prizes", "")
    assert build_data(finished, "prizes", "").draft  # ПРОЕКТ until finished
    Tournament.objects.filter(pk=finished.pk).update(status=Tournament.Status.FINISHED)
    finished.refresh_from_db()
    assert can_read(AnonymousUser(), finished, "prizes", "")
    assert not build_data(finished, "prizes", "").draft


def test_a_regions_best_takes_the_regions_prize_by_the_one_prize_rule(finished):
    from registration.models import Participant

    rows = list(Participant.objects.filter(tournament=finished).order_by("seed"))
    # The region «Тверская»: two players placed outside the money; the better placed of them takes it.
    table_before = {x.participant for x in manager.prize_table(finished).lines}
    outside = [p for p in rows if p.pk not in table_before][:2]
    for p in outside:
        p.region = "Тверская область"
        p.save(update_fields=["region"])
    Prize.objects.create(
        tournament=finished, kind=Prize.Kind.REGION, region="тверская область ", amount=20_000
    )
    table = manager.prize_table(finished)
    region = [x for x in table.lines if x.prize.startswith("лучший из региона")]
    assert len(region) == 1 and region[0].participant in {p.pk for p in outside}
    assert sum(x.amount for x in table.lines) + table.unawarded == table.fund == 220_000
