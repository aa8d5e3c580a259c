"""Template helpers of the public pages."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext

from tournaments import ranking, standings

register = template.Library()


@register.filter
def tiebreak_names(tournament) -> str:
    """The regulation's tie-break order in words: "Бухгольц, победы"."""
    return ", ".join(gettext(standings.METRICS[k].name) for k in ranking.tiebreak_keys(tournament))


@register.filter
def fraction(value) -> str:
    """An exact score as people write it: 3, 3½, 0.3."""
    from tournaments.tables import fraction_text

    return fraction_text(value)
