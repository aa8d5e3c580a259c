"""Entries and teams: contacts, a team's entry."""

from __future__ import annotations

from registration.models import (
    Entry,
    TeamEntry,
)


def contacts_of(source) -> dict:
    """The sending organisation and the responsible person, to copy from a team entry to its members."""
    names = [
        "organisation",
        "region",
        "disciplines",
        "responsible_name",
        "responsible_phone",
        "responsible_email",
    ]
    return {name: getattr(source, name) for name in names} | {
        "source": source.source,
        "submitted_by": source.submitted_by,
    }


def team_entry_for(entry: Entry, name: str, user) -> TeamEntry | None:
    """The team an entry names, entered with the entry's contacts if it has not entered yet."""
    if not name:
        return None
    team, _created = TeamEntry.objects.get_or_create(
        tournament=entry.tournament,
        name=name,
        defaults={**contacts_of(entry), "representative": entry.responsible_name},
    )
    return team
