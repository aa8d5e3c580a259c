"""Issue 27 item 11 (004 §2.3.1, §5.3.1): a date of birth corrected to an age under the limit does not leave
the participant quietly admitted: the correction re-runs the admission's person checks, puts what fails
before the admission commission (his page, the participants list, the log) and the draw waits for its
decision — keep him with a reason, or withdraw him."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from registration import manager
from tests.registration.test_participant_identity import _data, _edit_url
from tests.registration.test_participant_identity import playing as playing  # the fixture
from tournaments.models import AuditEntry


def _sixteen(t) -> str:
    return t.start_date.replace(year=t.start_date.year - 16).isoformat()


def test_a_date_of_birth_corrected_to_16_goes_back_to_the_commission_2_3_1(client, playing, secretary):
    t, entry = playing
    p = t.participants.get(person=entry.person)
    client.force_login(secretary)
    response = client.post(_edit_url(t, p), _data(p, birth_date=_sixteen(t)))
    assert response.status_code == 302 and response.url == _edit_url(t, p)
    p.refresh_from_db()
    assert p.status == "active" and len(p.admission_doubts) == 1 and "2.3.1" in p.admission_doubts[0]
    assert AuditEntry.objects.filter(tournament=t, action="admission_doubt", data__participant=p.pk).exists()
    page = client.get(_edit_url(t, p)).content.decode()
    assert 'value="keep"' in page
    assert "решения комиссии" in client.get(reverse("public:participants", args=[t.pk])).content.decode()
    with pytest.raises(draw_manager.DrawError, match="5.3.1"):
        draw_manager.draw_round(t, secretary, expected_number=2, seed=1)

    # The commission keeps him, with its reason (logged); the draw pairs him again.
    assert client.post(_edit_url(t, p), {"action": "keep", "reason": ""}).status_code == 302
    p.refresh_from_db()
    assert p.admission_doubts  # no reason: nothing decided
    client.post(_edit_url(t, p), {"action": "keep", "reason": "Положение допускает с 16 лет"})
    p.refresh_from_db()
    assert p.admission_doubts == []
    kept = AuditEntry.objects.get(tournament=t, action="admission_kept")
    assert kept.reason == "Положение допускает с 16 лет" and kept.user == secretary
    assert draw_manager.draw_round(t, secretary, expected_number=2, seed=1).number == 2


def test_a_correction_that_still_passes_raises_no_doubt_2_3_1(playing, secretary):
    t, entry = playing
    p = t.participants.get(person=entry.person)
    manager.edit_participant(p, {"birth_date": datetime.date(1991, 2, 3)}, secretary)
    p.refresh_from_db()
    assert p.admission_doubts == []
    assert not AuditEntry.objects.filter(tournament=t, action="admission_doubt").exists()
