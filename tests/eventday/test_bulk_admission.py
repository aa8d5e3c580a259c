"""Bulk admission (issue 14 item 4): 100 entries imported from a file with the documents and a rating
column, admitted in one action; each entry still judged by every check, the refused ones listed with their
clauses (004 §2.1, §2.3.1, §2.3.3, §2.5.1); and the seeding by rating or list order (item 5)."""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from draw import manager as draw_manager
from registration.models import Entry, EntryImport, Participant
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db

HEADER = ["Фамилия", "Имя", "Дата рождения", "Пол", "Организация", "Регион", "Ответственное лицо", "Телефон",
          "Документ предъявлен", "Медицинский допуск", "Страховка предъявлена", "Рейтинг"]  # fmt: skip
MINORS = {7, 41}  # born too late: under 18 on the first day (004 §2.1, §2.3.1)
NO_INSURANCE = {13, 77, 90}  # no policy shown (004 §2.5.1)


def _file(n: int = 100) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";")
    writer.writerow(HEADER)
    for i in range(n):
        born = (
            datetime.date(2010, 5, 1)
            if i in MINORS
            else datetime.date(1970, 1, 1) + datetime.timedelta(days=i)
        )
        insurance = "" if i in NO_INSURANCE else "да"
        rating = 1000 + (i * 37) % 500
        cells = [f"Допущенов{i:03d}", "Пётр", born.strftime("%d.%m.%Y"), "М", "Клуб", "Москва", "Тренеров"]
        writer.writerow([*cells, "+7 900 000-00-00", "да", "+", insurance, rating])
    return out.getvalue().encode("utf-8")


def _import(client, t) -> None:
    upload = SimpleUploadedFile("entries.csv", _file(), content_type="text/csv")
    assert client.post(reverse("registration:import", args=[t.pk]), {"file": upload}).status_code == 200
    batch = EntryImport.objects.get(tournament=t)
    assert batch.status == EntryImport.Status.PREVIEWED, batch.outcome
    client.post(reverse("registration:import_confirm", args=[t.pk, batch.pk]))
    batch.refresh_from_db()
    assert batch.status == EntryImport.Status.CONFIRMED and batch.saved == 100


def test_a_hundred_imported_entries_admitted_in_one_action_the_refused_listed_by_clause(client, secretary):
    t = make_tournament(secretary)
    client.force_login(secretary)
    _import(client, t)
    entries = Entry.objects.filter(tournament=t)
    assert entries.filter(has_identity_document=True, has_medical_clearance=True).count() == 100
    assert entries.filter(has_insurance=False).count() == len(NO_INSURANCE)
    page = client.get(reverse("registration:entries", args=[t.pk])).content.decode()
    assert page.count('name="entries"') == 100
    ids = list(entries.values_list("pk", flat=True))
    response = client.post(
        reverse("registration:entries_bulk", args=[t.pk]), {"entries": ids, "status": "admitted"}
    )
    assert response.status_code == 200
    html = response.content.decode()
    refused = MINORS | NO_INSURANCE
    assert entries.filter(status=Entry.Status.ADMITTED).count() == 100 - len(refused)
    assert Participant.objects.filter(tournament=t, status="active").count() == 100 - len(refused)
    for i in refused:
        entry = entries.get(person__surname=f"Допущенов{i:03d}")
        assert entry.status == Entry.Status.PENDING
        row = html[html.index(f">{entry.person.full_name}<") :].split("</tr>")[0]
        if i in MINORS:
            assert "п. 2.1" in row or "п. 2.3.1" in row
        else:
            assert "п. 2.5.1" in row
    assert "004 §" not in html
    # The rating came with the entry and seeds the draw after the seeding numbers.
    top = max(Participant.objects.filter(tournament=t, status="active"), key=lambda p: p.rating)
    assert draw_manager.seeding_order(t)[0] == top


def test_the_documents_ticked_in_the_bulk_form_are_recorded_then_each_entry_judged(client, secretary):
    t = make_tournament(secretary)
    client.force_login(secretary)
    form = {"surname": "Новиков", "name": "Ян", "birth_date": "1990-01-01", "gender": "male"}
    form |= {"organisation": "Клуб", "region": "Москва", "responsible_name": "Тренер"}
    form |= {"responsible_phone": "+7 900 1", "disciplines": ["long"]}
    client.post(reverse("registration:entry_add", args=[t.pk]), form)
    entry = Entry.objects.get(tournament=t)
    data = {
        "entries": [entry.pk],
        "status": "admitted",
        "has_identity_document": "on",
        "has_medical_clearance": "on",
    }
    html = client.post(reverse("registration:entries_bulk", args=[t.pk]), data).content.decode()
    entry.refresh_from_db()
    assert entry.has_identity_document and entry.has_medical_clearance and not entry.has_insurance
    assert entry.status == Entry.Status.PENDING and "п. 2.5.1" in html
    data["has_insurance"] = "on"
    client.post(reverse("registration:entries_bulk", args=[t.pk]), data)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ADMITTED


def test_a_bulk_refusal_needs_a_reason_and_strangers_get_403(client, secretary, stranger):
    t = make_tournament(secretary)
    url = reverse("registration:entries_bulk", args=[t.pk])
    client.force_login(stranger)
    assert client.post(url, {"entries": [1], "status": "refused", "reason": "x"}).status_code == 403
    client.force_login(secretary)
    assert client.post(url, {"entries": [1], "status": "refused", "reason": ""}).status_code == 302


def test_seeding_by_rating_and_by_list_order_5(client, secretary):
    t = make_tournament(secretary)
    client.force_login(secretary)
    _import(client, t)
    Entry.objects.filter(tournament=t).update(has_insurance=True)
    ids = list(
        Entry.objects.filter(tournament=t)
        .exclude(person__surname__in=[f"Допущенов{i:03d}" for i in MINORS])
        .values_list("pk", flat=True)
    )
    client.post(reverse("registration:entries_bulk", args=[t.pk]), {"entries": ids, "status": "admitted"})
    url = reverse("registration:seed", args=[t.pk])
    assert client.post(url, {"order": "rating"}).status_code == 302
    active = list(Participant.objects.filter(tournament=t, status="active").order_by("seed"))
    assert [p.seed for p in active] == list(range(1, len(active) + 1))
    assert [p.rating for p in active] == sorted((p.rating for p in active), reverse=True)
    client.post(url, {"order": "list"})
    numbers = dict(Entry.objects.filter(tournament=t).values_list("person_id", "number"))
    active = list(Participant.objects.filter(tournament=t, status="active").order_by("seed"))
    assert [numbers[p.person_id] for p in active] == sorted(numbers[p.person_id] for p in active)
    assert t.audit.filter(action="seeding").count() == 2
    draw_manager.draw_round(t, secretary)
    assert client.post(url, {"order": "rating"}).status_code == 302
    assert [
        p.seed for p in Participant.objects.filter(tournament=t, status="active").order_by("seed")
    ] == list(range(1, len(active) + 1))
    assert t.audit.filter(action="seeding").count() == 2  # refused after the draw


def test_unnumbered_players_are_never_placed_alphabetically_5(secretary):
    t = make_tournament(secretary, system="round_robin")
    from tests.factories import add_players

    players = add_players(t, 6)
    Participant.objects.filter(tournament=t).update(seed=None)
    # Admitted in an order that is not the alphabet's: the list order (and the rating) decide.
    for p, rating in zip(players, [1200, 1500, None, 1100, None, 1300], strict=True):
        Participant.objects.filter(pk=p.pk).update(rating=rating)
    order = [p.pk for p in draw_manager.seeding_order(t)]
    assert order == [players[i].pk for i in (1, 5, 0, 3, 2, 4)]
