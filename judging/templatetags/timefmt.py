import math

from django import template

register = template.Library()


@register.filter
def minutes_ceil(seconds) -> int | str:
    """Seconds left as whole minutes, rounded up (a window with 20 s left still shows 1 min)."""
    if seconds is None or seconds == "":
        return ""
    return max(0, math.ceil(float(seconds) / 60))
