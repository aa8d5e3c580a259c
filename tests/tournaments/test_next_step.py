"""The tournament page tells the secretary his next step: check the draft, enter results, draw, finish."""

from django.urls import reverse

from draw import manager as draw_manager
from draw import results
from draw.models import Round
from tests.factories import make_tournament


def _page(client, t) -> str:
    return client.get(reverse("public:detail", args=[t.pk])).content.decode()


def test_the_next_step_follows_the_round(client, secretary):
    t = make_tournament(secretary, players=4, system="swiss", rounds=1)
    client.force_login(secretary)
    assert "Провести жеребьёвку тура 1" in _page(client, t)
    rnd = draw_manager.draw_round(t, secretary, expected_number=1, seed=1)
    page = _page(client, t)
    assert "Тур 1 — черновик: проверьте и опубликуйте" in page and "Провести жеребьёвку" not in page
    Round.objects.filter(pk=rnd.pk).update(status="published")
    assert "Тур 1: осталось внести 2 результата" in _page(client, t)
    for m in rnd.matches.all():
        results.record_result(m.pk, secretary, results.ResultInput("played", 7, 3), m.version)
    page = _page(client, t)
    assert "Завершить турнир" in page and "Провести жеребьёвку" not in page


def test_the_public_sees_no_secretary_actions(client, secretary):
    t = make_tournament(secretary, players=4)
    page = _page(client, t)
    assert "Провести жеребьёвку" not in page and "Журнал изменений" not in page
