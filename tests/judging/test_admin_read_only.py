"""The admin cannot get around the rules (issue 12, item 14): the change log, tournaments, rounds, matches,
participants, rulings and sanctions are read-only there for everyone, superusers included."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from draw.models import Match
from judging.models import Sanction
from tournaments.models import AuditEntry, Tournament


@pytest.fixture
def root(client, running):
    user = User.objects.create_superuser("root", "root@example.org", "pw")
    client.force_login(user)
    return user


def _admin(model, action, *args):
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{action}", args=args)


def test_the_log_cannot_be_added_changed_or_deleted_even_by_a_superuser(client, running, root):
    entry = AuditEntry.objects.filter(tournament=running).first()
    before = list(AuditEntry.objects.values_list("pk", "user_id", "summary"))
    other = User.objects.exclude(pk=root.pk).first()
    assert (
        client.post(
            _admin(AuditEntry, "add"),
            {
                "tournament": running.pk,
                "user": other.pk,
                "action": "result",
                "summary": "подлог",
                "data": "{}",
            },
        ).status_code
        == 403
    )
    assert client.post(_admin(AuditEntry, "change", entry.pk), {"summary": "подлог"}).status_code == 403
    assert client.post(_admin(AuditEntry, "delete", entry.pk), {"post": "yes"}).status_code == 403
    assert list(AuditEntry.objects.values_list("pk", "user_id", "summary")) == before


def test_a_tournament_cannot_be_deleted_with_its_log_nor_its_matches_changed(client, running, root):
    m = Match.objects.filter(round__tournament=running).exclude(player2=None).first()
    log = AuditEntry.objects.filter(tournament=running).count()
    assert client.post(_admin(Tournament, "delete", running.pk), {"post": "yes"}).status_code == 403
    assert client.post(_admin(Tournament, "change", running.pk), {"status": "finished"}).status_code == 403
    assert client.post(_admin(Match, "change", m.pk), {"score1": 0, "score2": 7}).status_code == 403
    assert client.post(_admin(Match, "delete", m.pk), {"post": "yes"}).status_code == 403
    p = running.participants.first()
    assert client.post(_admin(type(p), "change", p.pk), {"status": "removed"}).status_code == 403
    assert Tournament.objects.filter(pk=running.pk).exists()
    assert AuditEntry.objects.filter(tournament=running).count() == log
    m2 = Match.objects.get(pk=m.pk)
    assert (m2.score1, m2.score2) == (m.score1, m.score2)


def test_sanctions_and_rulings_are_read_only_in_the_admin(client, running, root, chief_judge):
    p = running.participants.last()
    Sanction(person=p.person, tournament=running, kind="warning", clause="003", facts="x").apply(
        chief_judge, p
    )
    s = Sanction.objects.get()
    assert client.post(_admin(Sanction, "add"), {"person": p.person.pk, "kind": "warning"}).status_code == 403
    assert client.post(_admin(Sanction, "change", s.pk), {"facts": "y"}).status_code == 403
    assert client.post(_admin(Sanction, "delete", s.pk), {"post": "yes"}).status_code == 403
    assert client.get(_admin(AuditEntry, "changelist")).status_code == 200  # reading stays open


def test_deleting_an_account_cannot_rewrite_who_made_a_logged_change(running, secretary):
    from django.db.models import ProtectedError

    assert AuditEntry.objects.filter(user=secretary).exists()
    with pytest.raises(ProtectedError):
        secretary.delete()
    assert AuditEntry.objects.filter(user=secretary).exists()
