"""Attaching a record: the players of the match and the runners may; anybody else gets 403 and nothing is
saved; a new record supersedes the previous one, which stays in the history."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from records.models import Record
from tests.records.conftest import legal_text


def attach_url(match) -> str:
    return reverse("records:attach", args=[match.round.tournament_id, match.pk])


def test_a_player_of_the_match_attaches_a_file(
    client, match, participant_user, django_capture_on_commit_callbacks
):
    client.force_login(participant_user)
    upload = SimpleUploadedFile("match.mat", legal_text().encode("utf-8"), content_type="text/plain")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(attach_url(match), {"file": upload, "text": "", "player1_side": ""})
    assert response.status_code == 302
    assert response.url == reverse("records:match_record", args=[match.round.tournament_id, match.pk])
    record = Record.objects.get(match=match)
    assert record.uploaded_by == participant_user
    assert record.source == "upload" and record.filename == "match.mat"
    assert record.record_players == ["Player", "Игрок000"] and record.game_count == 3
    assert record.uploaded_at is not None and record.is_current
    assert match.round.tournament.audit.filter(action="record").count() == 1


def test_the_secretary_pastes_a_record(client, match, secretary):
    client.force_login(secretary)
    response = client.post(attach_url(match), {"text": legal_text(), "player1_side": "1"})
    assert response.status_code == 302
    record = Record.objects.get(match=match)
    assert record.source == "paste" and record.uploaded_by == secretary
    assert record.player1_side == 1 and record.sides_by == "uploader"


def test_the_chief_judge_may_attach(client, match, chief_judge):
    client.force_login(chief_judge)
    assert client.post(attach_url(match), {"text": legal_text()}).status_code == 302
    assert Record.objects.filter(match=match).count() == 1


@pytest.mark.parametrize("who", ["stranger", "other_secretary", "anonymous", "other_player"])
def test_anybody_else_is_refused_and_nothing_is_saved(client, match, who, request):
    from registration.models import Person

    if who == "other_player":
        # A participant of the same round, but of another match.
        user = request.getfixturevalue("stranger")
        other = match.round.matches.get(table=2).player1
        Person.objects.filter(pk=other.person_id).update(user=None)
        Person.objects.filter(user=user).delete()
        Person.objects.filter(pk=other.person_id).update(user=user)
        client.force_login(user)
    elif who != "anonymous":
        client.force_login(request.getfixturevalue(who))
    assert client.get(attach_url(match)).status_code == 403
    response = client.post(attach_url(match), {"text": legal_text()})
    assert response.status_code == 403
    assert not Record.objects.exists()
    assert not match.round.tournament.audit.filter(action="record").exists()


def test_nobody_attaches_to_a_draft_round(client, match, secretary):
    match.round.status = "draft"
    match.round.save(update_fields=["status"])
    client.force_login(secretary)
    assert client.post(attach_url(match), {"text": legal_text()}).status_code == 403
    assert not Record.objects.exists()


def test_a_player_cannot_attach_once_the_tournament_is_finished(client, match, participant_user):
    tournament = match.round.tournament
    tournament.status = "finished"
    tournament.save(update_fields=["status"])
    client.force_login(participant_user)
    assert client.post(attach_url(match), {"text": legal_text()}).status_code == 403
    assert not Record.objects.exists()


def test_a_new_record_supersedes_the_previous_one_and_keeps_the_history(
    client, match, participant_user, secretary
):
    client.force_login(participant_user)
    client.post(attach_url(match), {"text": legal_text(seed=7)})
    client.force_login(secretary)
    client.post(attach_url(match), {"text": legal_text(seed=8)})
    records = list(Record.objects.filter(match=match).order_by("uploaded_at", "id"))
    assert len(records) == 2
    first, second = records
    assert first.superseded_at is not None and second.superseded_at is None
    assert first.uploaded_by == participant_user and second.uploaded_by == secretary
    page = client.get(reverse("records:match_record", args=[match.round.tournament_id, match.pk]))
    assert (
        reverse("records:text", args=[match.round.tournament_id, match.pk, first.pk]) in page.content.decode()
    )
    text = client.get(reverse("records:text", args=[match.round.tournament_id, match.pk, first.pk]))
    assert text.status_code == 200 and text.content.decode() == legal_text(seed=7)


def test_nobody_attaches_a_record_to_a_finished_tournament_6_2_1(client, match, secretary, chief_judge):
    """Issue 27 item 10 (004 §6.2.1 item 6): the record feeds the signed match protocol — not the runners
    either, on the page or on the server (``records.store.attach``), reopening aside."""
    from records import manager, store

    tournament = match.round.tournament
    tournament.status = "finished"
    tournament.save(update_fields=["status"])
    for user in (secretary, chief_judge):
        client.force_login(user)
        assert client.post(attach_url(match), {"text": legal_text()}).status_code == 403
        page = client.get(reverse("records:match_record", args=[tournament.pk, match.pk])).content.decode()
        assert attach_url(match) not in page
    with pytest.raises(manager.RecordError):
        store.attach(match, secretary, legal_text(), source=Record.Source.PASTE)
    assert not Record.objects.exists()
