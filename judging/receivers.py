"""Judging's answers to the lower apps' questions (connected in ``judging.apps``)."""

from __future__ import annotations

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from judging.models import Sanction


def _day(d) -> str:
    return date_format(d, "d.m.Y")


def describe_disqualification(s: Sanction) -> str:
    until = _day(s.ends_on) if s.ends_on else _("until lifted")
    where = f", {s.tournament}" if s.tournament_id else ""
    clause = f" ({s.clause})" if s.clause else ""
    return _("disqualification from %(a)s to %(b)s%(w)s%(c)s") % {
        "a": _day(s.starts_on) if s.starts_on else "—",
        "b": until,
        "w": where,
        "c": clause,
    }


def disqualifications_in_force(sender, person, on, **kwargs) -> list[str]:
    """004 §2.3.2: the person's disqualifications in force on day ``on``, for the admission checks."""
    return [
        describe_disqualification(s) for s in Sanction.objects.disqualifying(person, on).order_by("starts_on")
    ]
