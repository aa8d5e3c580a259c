"""The participation agreement (004 §2.2.3: «и/или заключить Соглашение об участии в соревновании по форме,
установленной Лигой»; §5.1.5: «Положением ... может быть предусмотрено заключение Соглашения»). When the
regulation provides for it (``participation_agreement``), the commission records each participant's agreement
(its number and date); the draw waits for it; the registration protocol prints it. Issue 27, «Missing»."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from protocols.docs import registration as registration_doc
from registration.models import Official
from tests.factories import make_tournament, make_user


@pytest.fixture
def with_agreement(secretary, chief_judge):
    return make_tournament(secretary, chief_judge, players=4, participation_agreement=True)


def _record(client, t, p, number="С-17", date="2026-11-20"):
    url = reverse("registration:participant_agreement", args=[t.pk, p.pk])
    return client.post(url, {"agreement_number": number, "agreement_date": date})


def test_the_draw_waits_for_every_agreement_the_regulation_asks_for_2_2_3_5_1_5(
    client, with_agreement, secretary, chief_judge
):
    t = with_agreement
    with pytest.raises(draw_manager.DrawError) as refused:
        draw_manager.draw_round(t, secretary)
    assert "Игрок000" in str(refused.value)
    client.force_login(chief_judge)  # the commission (the judging panel) records them
    for i, p in enumerate(t.participants.order_by("seed")):
        assert _record(client, t, p, number=f"С-{i}").status_code == 302
    p = t.participants.get(seed=1)
    assert (p.agreement_number, p.agreement_date) == ("С-0", datetime.date(2026, 11, 20))
    assert t.audit.filter(action="agreement", user=chief_judge).count() == 4
    assert draw_manager.draw_round(t, secretary).number == 1


def test_the_registration_protocol_prints_the_agreements_5_1_5(client, with_agreement, chief_judge):
    t = with_agreement
    client.force_login(chief_judge)
    _record(client, t, t.participants.get(seed=1), number="С-77")
    data = registration_doc.build(t)
    assert data.protocol.agreements
    assert {x.agreement for x in data.protocol.participants} >= {"№ С-77 от 20.11.2026", ""}
    pdf = registration_doc.render(data)
    assert pdf.startswith(b"%PDF")


def test_without_the_regulations_agreement_nothing_is_asked_nor_printed_2_2_3(secretary, chief_judge):
    t = make_tournament(secretary, chief_judge, players=4)
    assert draw_manager.draw_round(t, secretary).number == 1
    assert not registration_doc.build(t).protocol.agreements


@pytest.mark.parametrize("who", ["plainsec", "stranger", "anonymous"])
def test_only_the_commission_records_an_agreement_5_3_1(client, with_agreement, who, request):
    t = with_agreement
    if who == "plainsec":
        user = make_user("plainsec2")
        Official.objects.create(tournament=t, person=user.person, role=Official.Role.SECRETARY)
        client.force_login(user)
    elif who == "stranger":
        client.force_login(request.getfixturevalue("stranger"))
    p = t.participants.get(seed=1)
    response = _record(client, t, p)
    assert response.status_code in (302, 403)
    if response.status_code == 302:
        assert "login" in response.url
    p.refresh_from_db()
    assert p.agreement_number == ""


def test_bad_input_changes_nothing_2_2_3(client, with_agreement, chief_judge):
    t = with_agreement
    p = t.participants.get(seed=1)
    client.force_login(chief_judge)
    assert _record(client, t, p, number="  ").status_code == 400
    assert _record(client, t, p, date="1800-01-01").status_code == 400
    p.refresh_from_db()
    assert p.agreement_number == "" and p.agreement_date is None
