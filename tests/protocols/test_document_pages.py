"""The documents pages: who may read what, generation only when the data changed, the file itself."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw.models import Round
from protocols.models import Document
from registration.models import Participant
from tournaments.models import bump_version


def _url(t, kind: str, key: str = "") -> str:
    if key:
        return reverse("protocols:document_key", args=[t.pk, kind, key])
    return reverse("protocols:document", args=[t.pk, kind])


def _login(client, who: str, request, t):
    if who == "anonymous":
        return
    user = request.getfixturevalue(who)
    if who == "participant_user":
        Participant.objects.get_or_create(tournament=t, person=user.person)
    client.force_login(user)


OUTSIDERS = ["anonymous", "participant_user", "stranger", "other_secretary"]


def _private_documents(t):
    from django.utils import timezone

    from judging.models import Protest

    m = Round.objects.get(tournament=t, number=1).matches.exclude(player2=None).first()
    protest = Protest.objects.create(
        tournament=t, match=m, protester=m.player1, filed_at=timezone.now(), reasons="r", arguments="a"
    )
    return [
        ("match", str(m.pk)),
        ("round_protocols", "1"),
        ("registration", ""),
        ("protest", str(protest.number)),
        ("sanctions", ""),
    ]


@pytest.mark.parametrize("who", OUTSIDERS)
def test_private_documents_are_refused_to_outsiders(client, swiss, who, request):
    documents = _private_documents(swiss)
    _login(client, who, request, swiss)
    for kind, key in documents:
        assert client.get(_url(swiss, kind, key)).status_code == 403, kind
        assert client.post(_url(swiss, kind, key)).status_code == 403, kind
    assert not Document.objects.exists()


@pytest.mark.parametrize("who", OUTSIDERS)
def test_outsiders_cannot_download_a_private_document_made_for_the_judges(
    client, swiss, who, request, chief_judge
):
    client.force_login(chief_judge)
    client.post(_url(swiss, "sanctions"))
    doc = Document.objects.get(kind="sanctions")
    client.logout()
    _login(client, who, request, swiss)
    assert client.get(reverse("protocols:download", args=[doc.pk])).status_code == 403
    assert client.get(reverse("protocols:status", args=[doc.pk])).status_code == 403


@pytest.mark.parametrize("who", ["secretary", "chief_judge"])
def test_officials_make_and_download_every_document(client, swiss, who, request):
    documents = _private_documents(swiss) + [
        ("pairings", "2"),
        ("standings", ""),
        ("final", ""),
    ]
    client.force_login(request.getfixturevalue(who))
    for kind, key in documents:
        assert client.get(_url(swiss, kind, key)).status_code == 200, kind
        response = client.post(_url(swiss, kind, key))
        assert response.status_code == 302
        doc = Document.objects.get(kind=kind, key=key)
        assert doc.status == "ready" and doc.pages >= 1 and doc.size > 1000, (kind, doc.error)
        page = client.get(response.url)
        assert reverse("protocols:download", args=[doc.pk]) in page.content.decode()
        pdf = client.get(reverse("protocols:download", args=[doc.pk]))
        assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
        assert b"".join(pdf.streaming_content).startswith(b"%PDF")


def test_public_documents_open_to_everyone(client, swiss):
    for kind, key in [("pairings", "1"), ("standings", ""), ("final", "")]:
        response = client.post(_url(swiss, kind, key))
        assert response.status_code == 302, kind
        doc = Document.objects.get(kind=kind, key=key)
        assert client.get(reverse("protocols:download", args=[doc.pk])).status_code == 200
    listing = client.get(reverse("protocols:list", args=[swiss.pk])).content.decode()
    assert _url(swiss, "final") in listing
    assert _url(swiss, "registration") not in listing


def test_the_final_protocol_is_public_only_once_signed(client, tournament):
    assert client.get(_url(tournament, "final")).status_code == 403
    assert (
        _url(tournament, "final")
        not in client.get(reverse("protocols:list", args=[tournament.pk])).content.decode()
    )


def test_a_draft_round_pairing_protocol_is_for_officials_only(client, tournament, secretary):
    client.force_login(secretary)
    client.post(reverse("draw:draw", args=[tournament.pk]), {"number": 1})
    assert client.get(_url(tournament, "pairings", "1")).status_code == 200
    client.logout()
    assert client.get(_url(tournament, "pairings", "1")).status_code == 403
    client.force_login(secretary)
    client.post(reverse("draw:publish", args=[tournament.pk, 1]))
    client.logout()
    assert client.get(_url(tournament, "pairings", "1")).status_code == 200


def test_a_document_is_made_again_only_when_its_data_changed(client, swiss, secretary):
    client.force_login(secretary)
    client.post(_url(swiss, "standings"))
    client.post(_url(swiss, "standings"))
    assert Document.objects.filter(kind="standings").count() == 1
    first = Document.objects.get(kind="standings")
    # A result changes: the standings' data change, and so does the document.
    m = Round.objects.get(tournament=swiss, number=1).matches.exclude(player2=None).first()
    m.score1, m.score2 = m.score2, m.score1
    m.winner = m.player2 if m.winner_id == m.player1_id else m.player1
    m.save()
    bump_version(swiss.pk)  # as every change through the app does, in its transaction
    page = client.get(_url(swiss, "standings")).content.decode()
    assert "Данные изменились" in page
    client.post(_url(swiss, "standings"))
    assert Document.objects.filter(kind="standings").count() == 2
    second = Document.objects.exclude(pk=first.pk).get(kind="standings")
    assert second.data_hash != first.data_hash and second.status == "ready"


def test_a_queued_document_shows_its_progress_and_is_polled(client, swiss, secretary, settings):
    # With a real broker the task runs elsewhere: the page shows the queued document and polls its status.
    settings.CELERY_TASK_ALWAYS_EAGER = False
    from unittest import mock

    client.force_login(secretary)
    with mock.patch("protocols.tasks.generate.delay") as delay:
        response = client.post(_url(swiss, "final"))
    doc = Document.objects.get(kind="final")
    assert doc.status == "pending" and not delay.called  # queued after the commit, not inside it
    page = client.get(response.url).content.decode()
    assert reverse("protocols:status", args=[doc.pk]) in page
    status = client.get(reverse("protocols:status", args=[doc.pk])).json()
    assert status == {
        "status": "pending",
        "label": "в очереди",
        "pages": 0,
        "ready": False,
        "url": None,
        "error": "",
    }
    from protocols.tasks import generate

    assert generate(doc.pk) == "ready"
    status = client.get(reverse("protocols:status", args=[doc.pk])).json()
    assert status["ready"] and status["pages"] >= 1
    assert status["url"] == reverse("protocols:download", args=[doc.pk])


def test_a_failing_document_is_reported_not_a_500(client, swiss, secretary):
    import dataclasses
    from unittest import mock

    from protocols import registry

    client.force_login(secretary)
    broken = dataclasses.replace(
        registry.get("standings"), render=mock.Mock(side_effect=RuntimeError("boom"))
    )
    with registry.overridden(broken):
        response = client.post(_url(swiss, "standings"))
    assert response.status_code == 302
    doc = Document.objects.get(kind="standings")
    assert doc.status == "failed" and "boom" in doc.error
    page = client.get(_url(swiss, "standings"))
    assert page.status_code == 200 and "boom" in page.content.decode()
    assert client.get(reverse("protocols:download", args=[doc.pk])).status_code == 404


@pytest.mark.parametrize(
    ("kind", "key"),
    [
        ("nonsense", ""),
        ("pairings", "99"),
        ("match", "999999"),
        ("bracket", "1"),
        ("crosstable", ""),
        ("protest", "12345"),
        ("standings", "5"),
    ],
)
def test_documents_that_do_not_exist_are_404(client, swiss, secretary, kind, key):
    client.force_login(secretary)
    assert (
        client.get(
            _url(swiss, kind, key) if kind != "nonsense" else f"/t/{swiss.pk}/documents/nonsense/"
        ).status_code
        == 404
    )
    assert (
        client.post(
            _url(swiss, kind, key) if kind != "nonsense" else f"/t/{swiss.pk}/documents/nonsense/"
        ).status_code
        == 404
    )


def test_the_documents_page_lists_what_officials_need(client, swiss, secretary):
    client.force_login(secretary)
    page = client.get(reverse("protocols:list", args=[swiss.pk])).content.decode()
    for kind, key in [
        ("final", ""),
        ("registration", ""),
        ("sanctions", ""),
        ("pairings", "1"),
        ("round_protocols", "1"),
        ("standings", ""),
    ]:
        assert _url(swiss, kind, key) in page, kind


def test_brackets_and_crosstables_are_listed_where_they_exist(client, single, round_robin):
    page = client.get(reverse("protocols:list", args=[single.pk])).content.decode()
    assert _url(single, "bracket", "1") in page and _url(single, "crosstable") not in page
    page = client.get(reverse("protocols:list", args=[round_robin.pk])).content.decode()
    assert _url(round_robin, "crosstable") in page
    assert client.post(_url(single, "bracket", "1")).status_code == 302
    assert client.post(_url(round_robin, "crosstable")).status_code == 302
    assert Document.objects.filter(status="ready").count() == 2


def test_the_tournament_and_round_pages_lead_to_the_documents(client, swiss, secretary):
    client.force_login(secretary)
    detail = client.get(reverse("public:detail", args=[swiss.pk])).content.decode()
    assert reverse("protocols:list", args=[swiss.pk]) in detail
    page = client.get(reverse("public:round", args=[swiss.pk, 1])).content.decode()
    assert _url(swiss, "pairings", "1") in page and _url(swiss, "round_protocols", "1") in page
    client.logout()
    page = client.get(reverse("public:round", args=[swiss.pk, 1])).content.decode()
    assert _url(swiss, "pairings", "1") in page and _url(swiss, "round_protocols", "1") not in page
