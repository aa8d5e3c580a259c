"""The records app's answers to the lower apps (connected in ``records.apps``)."""

from __future__ import annotations

from judging.errors import JudgingError
from records import manager, store


def keep_protocol_record(sender, protocol, record: str, user, **kwargs) -> None:
    """003: the record handed in with the match protocol becomes the match's record (one record per match).

    An unreadable record refuses the whole hand-in: ``JudgingError`` (Russian, with the line) rolls back the
    protocol's transaction."""
    if not (record or "").strip():
        return
    try:
        manager.read(record)
        store.attach_from_protocol(protocol.match, record, user)
    except manager.RecordError as exc:
        raise JudgingError(str(exc)) from exc
