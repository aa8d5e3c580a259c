"""Documents in one click (issue 14 item 9): the link makes the PDF if needed and downloads it; the file name
carries the tournament and the round (``kubok-federacii-2026-tur-4-pary.pdf``)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from draw import results
from draw.models import ResultKind, Round
from protocols.models import Document
from protocols.names import file_name, latin
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db


def _played_rounds(t, secretary, n):
    for _i in range(n):
        rnd = draw_manager.draw_round(t, secretary)
        Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
        for m in rnd.matches.filter(result_kind=""):
            results.record_result(m.pk, secretary, results.ResultInput(ResultKind.PLAYED, 7, 2), m.version)
    return rnd


def test_one_click_downloads_the_pairings_of_round_4_named_after_the_tournament(client, secretary):
    t = make_tournament(secretary, players=16, name="Кубок Федерации 2026", rounds=5)
    _played_rounds(t, secretary, 4)
    url = reverse("protocols:pdf_key", args=[t.pk, "pairings", 4])
    response = client.get(url)  # public once published
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert 'filename="kubok-federacii-2026-tur-4-pary.pdf"' in response["Content-Disposition"]
    assert response["Content-Disposition"].startswith("attachment")
    assert b"".join(response.streaming_content).startswith(b"%PDF-")
    client.get(url)
    assert Document.objects.filter(tournament=t, kind="pairings", key="4").count() == 1  # made once


def test_officials_documents_stay_officials_in_one_click(client, secretary, stranger):
    t = make_tournament(secretary, players=4)
    _played_rounds(t, secretary, 1)
    url = reverse("protocols:pdf_key", args=[t.pk, "round_protocols", 1])
    client.force_login(stranger)
    assert client.get(url).status_code == 403
    assert not Document.objects.filter(kind="round_protocols").exists()
    client.force_login(secretary)
    response = client.get(url)
    assert response.status_code == 200
    assert "kubok-goroda-tur-1-protokoly-matchey.pdf" in response["Content-Disposition"]


def test_names_in_latin_letters():
    assert latin("Кубок Федерации 2026") == "kubok-federacii-2026"
    assert latin("Отчёт главного судьи") == "otchet-glavnogo-sudi"

    class T:
        pk, name = 7, "!!!"

    assert file_name(T, "standings") == "turnir-7-turnirnaya-tablica.pdf"
