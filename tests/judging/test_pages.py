"""The judging pages render what the panel must see and sign (desk, protest, sanction form, match page)."""

from __future__ import annotations

from django.urls import reverse

from judging.models import MatchProtocol, Protest, RemovalProposal
from tests.judging.conftest import at, frozen, match_of


def test_the_desk_lists_open_protests_with_deadlines_warnings_removals_and_protocols(
    client, running, participant_user, chief_judge
):
    me = running.participants.get(person__user=participant_user)
    m = match_of(running, me, 1)
    Protest.file(m, me, participant_user, "причина", "доводы", "", [], at(2))
    other = running.participants.exclude(pk=me.pk).first()
    RemovalProposal.objects.create(tournament=running, participant=other)
    MatchProtocol.objects.create(match=m, submitted_by=me, score1=7, score2=1, submitted_at=at(0))
    client.force_login(chief_judge)
    with frozen(at(5)):
        response = client.get(reverse("judging:desk", args=[running.pk]))
    text = response.content.decode()
    assert response.status_code == 200
    assert "Открытые протесты" in text and str(me) in text
    assert "13:10:00" in text  # the deadline: 10:00 UTC end + 10 minutes, shown in Moscow time
    assert str(other) in text and "Подписать" in text
    assert "Протоколы для заверения" in text and "7:1" in text


def test_the_protest_page_shows_each_step_to_the_panel(client, running, participant_user, chief_judge):
    me = running.participants.get(person__user=participant_user)
    protest = Protest.file(match_of(running, me, 1), me, participant_user, "причина", "доводы", "", [], at(2))
    url = reverse("judging:protest", args=[running.pk, protest.pk])
    client.force_login(chief_judge)
    assert "Принять к рассмотрению?" in client.get(url).content.decode()
    protest.review(chief_judge, True, "", "", at(3))
    assert "Решение ГСК" in client.get(url).content.decode()
    protest.decide(chief_judge, False, "Оснований нет", now=at(4))
    text = client.get(url).content.decode()
    assert "окончательное и обжалованию не подлежит" in text and "Оснований нет" in text


def test_the_sanction_form_and_the_match_page_render_for_officials(client, running, secretary, chief_judge):
    client.force_login(chief_judge)
    assert client.get(reverse("judging:sanction_new", args=[running.pk])).status_code == 200
    m = running.round_set.get(number=1).matches.exclude(player2=None).first()
    client.force_login(secretary)
    assert client.get(reverse("judging:match", args=[running.pk, m.pk])).status_code == 200
