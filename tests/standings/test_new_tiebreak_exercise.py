"""Issue 26's exercise «a new tie-break»: FIDE's Buchholz cut 2 (Handbook C.07) is one entry of
``standings.metrics.METRICS`` (its function, name and abbreviation) — plus its Russian and its test. Nothing
else changes: the regulation's vocabulary (``Tiebreak``), the settings form's order widget and check, the
standings page's and exports' columns and the API all read METRICS (004 §1.4.6 leaves the tie-breaks to the
regulation). Files: standings/metrics.py, locale/ru/LC_MESSAGES/django.po, tests/standings/test_tiebreaks.py
(its hand-computed values) and this walk-through."""

from __future__ import annotations

from django.urls import reverse

from tests.factories import make_tournament
from tests.judging.conftest import at, frozen, play
from tournaments.forms import TournamentForm
from tournaments.models import Tiebreak


def test_buchholz_cut_2_is_offered_checked_and_shown_without_another_file_1_4_6(
    client, secretary, chief_judge
):
    assert "buchholz_cut2" in Tiebreak.values
    t = make_tournament(secretary, chief_judge, players=6, system="swiss", rounds=3)
    form = TournamentForm(instance=t)
    assert "buchholz_cut2" in str(form["tiebreaks"])  # the order widget offers it
    t.tiebreaks = "buchholz_cut2,wins"
    t.save(update_fields=["tiebreaks"])
    assert t.tiebreak_keys() == ["buchholz_cut2", "wins"]
    with frozen(at(0)):
        play(t, secretary, 1)
    page = client.get(reverse("public:standings", args=[t.pk])).content.decode()
    assert "Бухгольц без двух худших" in page
