"""``{% load rules %}``: ``{{ clause|cite }}`` and ``{% cite "004 §5.10" %}`` print a clause as a reader
knows it (``tournaments.rules.cite``)."""

from __future__ import annotations

from django import template

from tournaments import rules

register = template.Library()


@register.filter(name="cite")
def cite_filter(key: object) -> str:
    return rules.cite(key)


@register.simple_tag(name="cite")
def cite_tag(key: str) -> str:
    return rules.cite(key)
