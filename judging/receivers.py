"""Judging's answers to the lower apps' questions (connected in ``judging.apps``)."""

from __future__ import annotations

from django.db.models import Q
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from judging import disqualification
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


def disqualifications_in_force(sender, person, on, tournament=None, **kwargs) -> list[str]:
    """004 §2.3.2: the person's disqualifications in force on day ``on`` that reach ``tournament``
    (``disqualification.reaches``; every one when None), for the admission checks."""
    return [
        describe_disqualification(s)
        for s in Sanction.objects.disqualifying(person, on).order_by("starts_on")
        if tournament is None or disqualification.reaches(s, tournament)
    ]


def maybe_disqualified(sender, people, on, **kwargs) -> set[int]:
    """Of ``people`` (person ids), those with a disqualification that may be in force on ``on``: its dates
    cover the day and it is not lifted (the counts of tournaments or matches are then checked per person)."""
    return set(
        Sanction.objects.filter(
            person_id__in=people,
            kind=Sanction.Kind.DISQUALIFICATION,
            lifted_at__isnull=True,
            starts_on__lte=on,
        )
        .filter(Q(ends_on__isnull=True) | Q(ends_on__gte=on))
        .values_list("person_id", flat=True)
    )
