"""Who may do what with entries and officials (004 §5.3): checked on the server for every request."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from registration.models import Entry, Official
from tournaments.models import Tournament
from tournaments.permissions import RUNNERS, roles_of

# 004 §5.3.1–5.3.3: the admission commission, formed by the chief judge from the judging panel, decides;
# the chief judge and the secretaries decide with it.
DECIDERS = RUNNERS | {Official.Role.ADMISSION}


def can_decide(user, tournament: Tournament) -> bool:
    return bool(getattr(user, "is_superuser", False) or roles_of(user, tournament) & DECIDERS)


def tournament_for_commission(request, pk: int) -> Tournament:
    tournament = get_object_or_404(Tournament, pk=pk)
    if not can_decide(request.user, tournament):
        raise PermissionDenied
    return tournament


def is_own_entry(user, entry: Entry) -> bool:
    """The person himself sees his entry and its personal data."""
    return bool(getattr(user, "is_authenticated", False) and entry.person.user_id == user.pk)
