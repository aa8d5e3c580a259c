"""``{% load people %}``: ``{{ user|author }}`` names who did something by his name, not his login ("—" for
nobody: the system), as the change log does (``tournaments.audit.author``; issue 28 §6)."""

from __future__ import annotations

from django import template

from tournaments import audit

register = template.Library()


@register.filter(name="author")
def author_filter(user: object) -> str:
    return audit.author(user)
