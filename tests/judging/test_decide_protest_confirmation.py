"""Issue 28 §4: the judging panel's final ruling on a protest (004 §5.11) asks before it is sent — the
"Decide" button carries the sentence of what happens (printed beside it too), "Preview the pairings" does
not ask."""

from __future__ import annotations

from django.urls import reverse

from judging.models import Protest
from tests.judging.conftest import at, frozen, match_of


def test_004_5_11_the_final_ruling_asks_for_a_confirmation_the_preview_does_not(
    client, running, participant_user, chief_judge
):
    me = running.participants.get(person__user=participant_user)
    m = match_of(running, me, 1)
    with frozen(at(2)):
        p = Protest.file(m, me, participant_user, "счёт неверен", "партия 5", "", [], at(2))
    Protest.objects.filter(pk=p.pk).update(status="accepted")
    client.force_login(chief_judge)
    html = client.get(reverse("judging:protest", args=[running.pk, p.pk])).content.decode()
    decide = html[html.index('value="decide"') - 200 : html.index('value="decide"') + 400]
    assert "data-confirm=" in decide and "окончательное" in decide
    assert html.count("окончательное") >= 2  # on the button and beside it
    if 'value="preview"' in html:
        preview = html[html.index('value="preview"') - 120 : html.index('value="preview"')]
        assert "data-confirm" not in preview
