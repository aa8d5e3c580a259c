"""Issue 28 §4: the secretary's next action is the first thing on the tournament's page — on a laptop's
800 px screen and on a phone it is on the first screen (it sat at y = 1,569 px under the regulation, the
officials, the live block and the rounds)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from draw import manager as draw_manager
from draw.models import Round
from tests.browser.entry_driver import login
from tests.factories import make_tournament, make_user

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("viewport", [(1280, 800), (390, 844)])
def test_28_4_the_next_action_is_on_the_first_screen(live_server, browser, viewport):
    secretary = make_user("sec", can_create=True)
    t = make_tournament(secretary, players=24)
    rnd = draw_manager.draw_round(t, secretary)
    Round.objects.filter(pk=rnd.pk).update(status=Round.Status.PUBLISHED)
    width, height = viewport
    context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": height})
    page = context.new_page()
    home = reverse("public:detail", args=[t.pk])
    login(page, live_server.url, "sec", "pw-sec", home)
    page.goto(live_server.url + home)
    action = page.locator("#secretary a.button", has_text="результат").first
    box = action.bounding_box()
    assert box is not None and box["y"] + box["height"] <= height, box
    assert (
        page.locator("#secretary").bounding_box()["y"]
        < page.locator("h2", has_text="Положение").bounding_box()["y"]
    )
    context.close()
