"""Template helpers of the public pages."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext

from public.tables import fraction_text
from standings import metrics

register = template.Library()


@register.filter
def tiebreak_names(tournament) -> str:
    """The regulation's tie-break order in words: "Бухгольц, победы"."""
    return ", ".join(gettext(metrics.METRICS[k].name) for k in tournament.tiebreak_keys())


@register.filter
def fraction(value) -> str:
    """An exact score as people write it: 3, 3½, 0.3."""
    return fraction_text(value)
