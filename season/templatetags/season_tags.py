from django import template

from season.documents import number

register = template.Library()


@register.filter
def points(value) -> str:
    """A series score as the pages print it: 12, 12,5; None → «—»."""
    return number(value)
