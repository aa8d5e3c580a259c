"""Storing a match's game record: a new current record (the previous one kept as history), from an upload, a
pasted text or the record a player hands in with the match protocol (003); then its check is queued."""

from __future__ import annotations

import re

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from draw.models import Match
from records import manager, tasks
from records.models import Record, SidesBy
from tournaments.models import log


def _words(name: str) -> set[str]:
    return {w for w in re.split(r"[\W_]+", name.casefold().replace("ё", "е")) if len(w) > 1}


def _fits(record_name: str, participant) -> bool:
    """A record name names a participant when it shares his surname (any order of words, any case)."""
    if participant is None:
        return False
    person = participant.person
    surname = _words(person.surname)
    return bool(surname) and surname <= _words(record_name)


def guess_sides(players: tuple[str, str], match: Match) -> tuple[int, str]:
    """Which record column is the match's player 1: by surnames when they decide, else the left column."""
    straight = _fits(players[0], match.player1) or _fits(players[1], match.player2)
    crossed = _fits(players[1], match.player1) or _fits(players[0], match.player2)
    if straight and not crossed:
        return 1, SidesBy.NAMES
    if crossed and not straight:
        return 2, SidesBy.NAMES
    return 1, SidesBy.DEFAULT


def attach(
    match: Match, user, text: str, *, source: str, filename: str = "", player1_side: int | None = None
) -> Record:
    """Store a new current record for the match (the previous one is kept, superseded); then validate it."""
    parsed = manager.read(text)
    sides_by: str
    if player1_side in (1, 2):
        side, sides_by = player1_side, SidesBy.UPLOADER
    else:
        side, sides_by = guess_sides(parsed.players, match)
    now = timezone.now()
    with transaction.atomic():
        # The row lock makes two uploads at once supersede each other in order, never both stay current.
        locked = Match.objects.select_for_update().select_related("round__tournament").get(pk=match.pk)
        if locked.round.tournament.read_only_reason:
            # 004 §6.2.1 item 6: the record feeds the signed match protocol (``records.access.can_attach``).
            raise manager.RecordError(locked.round.tournament.read_only_reason)
        Record.objects.filter(match=locked, superseded_at__isnull=True).update(superseded_at=now)
        record = Record.objects.create(
            match=locked,
            text=text,
            source=source,
            filename=filename[:200],
            player1_side=side,
            sides_by=sides_by,
            record_players=list(parsed.players),
            record_length=parsed.length,
            game_count=len(parsed.games),
            uploaded_by=user if getattr(user, "is_authenticated", False) else None,
            uploaded_at=now,
        )
        tournament = match.round.tournament
        log(
            tournament,
            user,
            "record",
            _("Game record attached: round %(r)s, table %(t)s") % {"r": match.round.number, "t": match.table},
            match=match.pk,
            record=record.pk,
        )
        if tournament.validate_records:
            transaction.on_commit(lambda: tasks.queue_validation(record.pk))
    return record


def attach_from_protocol(match: Match, text: str, user) -> Record | None:
    """The record a player hands in with the match protocol (003) becomes the match's record: the one source
    of the protocol's game lines, the replay and the score check.

    Blank text: nothing (None). The same text as the current record: that record (no new version). Otherwise
    a new current record (the previous one kept as history), validated like an uploaded one. Raises
    :class:`RecordError` (Russian, with the line) for an unreadable record, and stores nothing: call
    :func:`records.manager.read` first to refuse it before anything else is saved."""
    text = (text or "").replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        return None
    current = match.records.filter(superseded_at__isnull=True).first()
    if current is not None and current.text.strip() == text.strip():
        return current
    return attach(match, user, text, source=Record.Source.PROTOCOL)
