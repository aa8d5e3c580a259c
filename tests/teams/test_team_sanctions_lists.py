"""A team's own sanctions (004 §5.7.1, §1.3.4: ``TeamSanction``, a warning or a removal of the team) are
where the chief judge sees the players' ones: the judging desk, the sanctions list and the final protocol
(read back with pypdf); officials only, as the players' sanctions are."""

from __future__ import annotations

from django.urls import reverse

from draw.models import TeamMatch
from protocols.documents import render_document
from tests.factories import make_user
from tests.protocols.conftest import pdf_text
from tests.teams.test_team_judging import _event, _sanction


def test_team_sanctions_are_on_the_desk_the_sanctions_list_and_the_final_protocol_004_5_7_1(
    client, secretary, chief_judge
):
    t, teams = _event(client, secretary, chief_judge)
    tm = TeamMatch.objects.filter(round__tournament=t, team1=teams[0]).first() or TeamMatch.objects.get(
        round__tournament=t, team2=teams[0]
    )
    client.force_login(chief_judge)
    # A warning ("Шум в игровой зоне") in a team match, and a removal.
    assert _sanction(client, t, teams[0], team_match=tm.pk).status_code == 302
    assert _sanction(client, t, teams[2], kind="removal", clause="", facts="Сговор").status_code == 302

    desk = client.get(reverse("judging:desk", args=[t.pk])).content.decode()
    assert "Команда 01 (команда)" in desk and "Шум в игровой зоне" in desk
    assert f"тур 1, стол {tm.table}" in desk
    assert "Команда 03 (команда)" in desk and "Сговор" in desk

    text = " ".join(pdf_text(render_document(t, "sanctions", "")[0]))
    assert "Список санкций" in text
    assert "Команда 01 (команда)" in text and "Шум в игровой зоне" in text and "предупреждение" in text
    # 004 §5.7.3 (Swiss): its remaining boards are lost technically.
    assert "Команда 03 (команда)" in text and "Сговор" in text
    assert "техническое поражение в оставшихся матчах" in text
    final = " ".join(pdf_text(render_document(t, "final", "")[0]))
    assert "Команда 01 (команда)" in final and "Команда 03 (команда)" in final

    # Officials only: a stranger and the public get neither the desk nor the sanctions list.
    for who in (make_user("stranger"), None):
        client.logout()
        if who is not None:
            client.force_login(who)
        desk = client.get(reverse("judging:desk", args=[t.pk]))
        assert desk.status_code in (302, 403) and "Шум в игровой зоне" not in desk.content.decode()
        assert client.get(reverse("protocols:document", args=[t.pk, "sanctions"])).status_code in (302, 403)
