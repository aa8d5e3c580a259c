"""The tournament's version: every change a public page shows bumps it, in the change's own transaction, so
the pages' ETags, cached fragments and document fingerprints can be keyed by it (issues 17 and 20)."""

from __future__ import annotations

import datetime

import time_machine
from django.urls import reverse
from django.utils import timezone

from judging.tasks import finalize_results
from tournaments.models import Tournament


def _version(t: Tournament) -> int:
    return Tournament.objects.values_list("version", flat=True).get(pk=t.pk)


def test_draw_publish_result_and_finality_each_bump_the_version(client, secretary, tournament):
    client.force_login(secretary)
    seen = [_version(tournament)]
    assert client.post(reverse("draw:draw", args=[tournament.pk]), {"number": 1}).status_code == 302
    seen.append(_version(tournament))
    assert client.post(reverse("draw:publish", args=[tournament.pk, 1])).status_code == 302
    seen.append(_version(tournament))
    match = tournament.round_set.get(number=1).matches.exclude(player2=None).first()
    response = client.post(
        reverse("draw:match_result", args=[tournament.pk, match.pk]),
        {"kind": "played", "score1": 7, "score2": 3, "version": match.version},
    )
    assert response.status_code == 302
    seen.append(_version(tournament))
    later = timezone.now() + datetime.timedelta(minutes=tournament.protest_window_minutes + 1)
    with time_machine.travel(later, tick=False):
        assert finalize_results(tournament.pk) >= 1
    seen.append(_version(tournament))
    assert seen == sorted(set(seen)), seen  # strictly increasing: each step changed what the pages show


def test_a_stale_instance_saved_never_writes_an_older_version_back(tournament):
    stale = Tournament.objects.get(pk=tournament.pk)
    from tournaments.models import bump_version

    bump_version(tournament.pk)
    bump_version(tournament.pk)
    before = _version(tournament)
    stale.name = "Кубок области"
    stale.save()
    assert _version(tournament) == before + 1 == stale.version
    assert Tournament.objects.get(pk=tournament.pk).changed_at is not None
