"""The qualifiers enter the final with their seeds (issue 32 §2): the federation's «seed the final» gives
the qualifiers admitted to the final the seeding numbers of their series seeds; refused once the final's
first round is drawn or when it is finished; a 403 for anybody but the federation, nothing changed."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from draw.models import Round, Stage
from registration.models import Participant
from season.manager import series_standings
from season.models import SeriesStage
from tests.season.builders import creator, cup
from tournaments.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(django_user_model):
    series, events, who = cup(stages=2, qualify_from="series", qualify_top=3)
    final = Tournament.objects.create(
        created_by=creator(), name="Финал кубка", discipline="long", system="swiss",
        start_date=datetime.date(2026, 11, 1), end_date=datetime.date(2026, 11, 2),
    )  # fmt: skip
    SeriesStage.objects.create(series=series, number=3, tournament=final, is_final=True)
    q = [int(x.person) for x in series_standings(series).qualifiers]
    outsider = next(p for p in who if p.pk not in q)
    # Qualifiers 3 and 1 are admitted (seeded the other way round), qualifier 2 is not; an outsider is.
    for i, pid in enumerate([q[2], outsider.pk, q[0]], start=1):
        Participant.objects.create(tournament=final, person_id=pid, seed=i)
    staff = django_user_model.objects.create_user("fed", password="pw-fed-12345", is_staff=True)
    return series, final, q, outsider, staff


def _seeds(final) -> dict[int, int]:
    return dict(final.participants.values_list("person_id", "seed"))


def test_issue_32_2_the_qualifiers_enter_the_final_with_their_series_seeds(client, world):
    series, final, q, outsider, staff = world
    client.force_login(staff)
    page = client.get(reverse("season:series", args=[series.pk])).content.decode()
    assert 'id="seed-final"' in page
    response = client.post(reverse("season:seed_final", args=[series.pk]))
    assert response.status_code == 302
    assert _seeds(final) == {q[0]: 1, q[2]: 2, outsider.pk: 3}
    said = " ".join(str(m) for m in get_messages(response.wsgi_request))
    assert "1–2" in said and "Финал кубка" in said
    assert AuditEntry.objects.filter(tournament=final, action="seeding").count() == 1


def test_issue_32_2_seeding_the_final_is_the_federations_alone(client, world, django_user_model):
    series, final, q, outsider, staff = world
    before = _seeds(final)
    url = reverse("season:seed_final", args=[series.pk])
    assert client.post(url).status_code == 403
    client.force_login(django_user_model.objects.create_user("fan", password="pw-fan-12345"))
    assert client.post(url).status_code == 403
    assert 'id="seed-final"' not in client.get(reverse("season:series", args=[series.pk])).content.decode()
    client.force_login(staff)
    assert client.get(url).status_code == 405
    assert _seeds(final) == before
    assert not AuditEntry.objects.filter(tournament=final, action="seeding").exists()


def test_issue_32_2_seeds_stay_once_the_final_is_drawn_or_finished(client, world):
    series, final, q, outsider, staff = world
    before = _seeds(final)
    client.force_login(staff)
    stage = Stage.objects.create(tournament=final, number=1, kind=Stage.Kind.MAIN, system="swiss")
    Round.objects.create(tournament=final, stage=stage, number=1, seed=1)
    response = client.post(reverse("season:seed_final", args=[series.pk]), follow=True)
    assert "Жеребьёвка первого тура финала проведена" in response.content.decode()
    assert _seeds(final) == before
    Round.objects.filter(tournament=final).delete()
    Tournament.objects.filter(pk=final.pk).update(status=Tournament.Status.FINISHED)
    client.post(reverse("season:seed_final", args=[series.pk]))
    assert _seeds(final) == before
