"""Template helpers: who sits on the panel, and the state of a match (see judging.state)."""

from __future__ import annotations

from django import template

from judging import state
from registration.permissions import is_panel

register = template.Library()


@register.filter
def panel_of(user, tournament) -> bool:
    return is_panel(user, tournament)


@register.inclusion_tag("judging/_state.html")
def match_state(match) -> dict:
    current, seconds_left = state.match_state(match)
    return {"state": current, "seconds_left": seconds_left}
