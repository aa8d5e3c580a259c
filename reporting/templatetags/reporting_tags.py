"""The report's deadline on the chief judge's desk (issue 32 §4): judging's template loads this tag; judging's
code does not import reporting (the layers)."""

from __future__ import annotations

from django import template
from django.utils import timezone

from reporting import package
from reporting.access import may_report

register = template.Library()


@register.inclusion_tag("reporting/_deadline.html", takes_context=True)
def report_deadline(context, t) -> dict:
    request = context.get("request")
    user = getattr(request, "user", None)
    return {"t": t, "link": may_report(user, t), **package.countdown(t, timezone.localdate())}
