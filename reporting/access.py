"""Who may make and send an event's reporting papers (issue 32 §3–4): one rule, called by every view."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from registration.permissions import is_chief_judge, is_staff
from tournaments.models import Tournament


def may_report(user, t: Tournament) -> bool:
    """The chief judge of the event — he signs its documents (``registration.permissions.is_chief_judge``,
    004 §6.2.1 item 6) — and the federation's staff."""
    return is_staff(user) or is_chief_judge(user, t)


def tournament_for_reporting(request, pk: int) -> Tournament:
    t = get_object_or_404(Tournament.objects.select_related("competition"), pk=pk)
    if not may_report(request.user, t):
        raise PermissionDenied
    return t


def check_staff(request) -> None:
    """The ЕВСК norms table is the federation's: its staff only."""
    if not is_staff(request.user):
        raise PermissionDenied
