"""The whole tournament's workbook off the request for a big field (issue 37: 17 s in the request at 20,000
players), as the PDFs are (``protocols.tasks``).

Above ``DOCUMENTS_BACKGROUND_ABOVE`` participants ``/t/<id>/export/tournament.xlsx`` answers at once: the
file of the tournament's current version when it is made, else a page that says it is being made and
reloads itself (202) while a Celery worker — in the embedded default a thread of the web process — makes it.
The files live in ``MEDIA_ROOT/exports/`` (every web process and the worker see them; never served by
nginx: the view sends them), one per tournament, version and language; a new one removes the older ones of
its tournament. Who makes it holds a marker file; a marker older than ``DOCUMENTS_LEASE_SECONDS`` (a killed
worker or thread) is taken over by the next request.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from pathlib import Path

from django.conf import settings
from django.db import close_old_connections, connections
from django.utils import translation

from protocols import tasks as protocol_tasks
from tournaments.models import Tournament

logger = logging.getLogger(__name__)


# A field whose workbook is never made inside a web request: the documents' one threshold (one COUNT query).
big = protocol_tasks.big


def folder() -> Path:
    return Path(settings.MEDIA_ROOT) / "exports"


def path(pk: int, version: int, language: str) -> Path:
    return folder() / f"tournament-{pk}-v{version}-{language}.xlsx"


def ready(t: Tournament, language: str) -> Path | None:
    """The file of the tournament's current version in ``language``, if it is made."""
    target = path(t.pk, t.version, language)
    return target if target.exists() else None


def _marker(target: Path) -> Path:
    return target.with_suffix(".making")


def start(t: Tournament, language: str) -> bool:
    """Have the current version's workbook made unless somebody is making it: True when this call started
    it. The marker is created atomically (O_EXCL), so two requests at once start one maker."""
    target = path(t.pk, t.version, language)
    folder().mkdir(parents=True, exist_ok=True)
    marker = _marker(target)
    try:
        fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        try:
            stale = time.time() - marker.stat().st_mtime > settings.DOCUMENTS_LEASE_SECONDS
        except FileNotFoundError:  # finished meanwhile
            return False
        if not stale:
            return False
        logger.warning("workbook %s: its maker stopped; made again", target.name)
        marker.touch()
    else:
        os.close(fd)
    _dispatch(t.pk, t.version, language)
    return True


def make(pk: int, version: int, language: str) -> str:
    """Make the workbook (the Celery task's body): the sheets of the tournament as it is now, written under
    the version asked for (a later change asks for its own), then the older files of the tournament go."""
    # inner import: the export view starts this maker, and the maker writes that view's sheets
    from public.export_views import tournament_sheets
    from public.exports import write_xlsx  # inner import: with the sheets above, only where a file is made

    target = path(pk, version, language)
    marker = _marker(target)
    try:
        t = Tournament.objects.filter(pk=pk).first()
        if t is None:
            return "missing"
        with translation.override(language):
            data = write_xlsx(tournament_sheets(t))
        part = target.with_suffix(".part")
        part.write_bytes(data)
        os.replace(part, target)  # whole or absent: a reader never gets half a file
        for old in folder().glob(f"tournament-{pk}-v*.xlsx"):
            if not old.name.startswith(f"tournament-{pk}-v{version}-"):  # older versions, any language
                old.unlink(missing_ok=True)
        return "ready"
    finally:
        marker.unlink(missing_ok=True)


def _in_thread(pk: int, version: int, language: str) -> None:
    """The embedded default's worker: a thread with its own database connection, closed at the end."""

    def run() -> None:
        close_old_connections()
        try:
            make(pk, version, language)
        except Exception:  # a bug: logged; the marker is gone, the next request starts again
            logger.exception("workbook of tournament %s failed", pk)
        finally:
            connections.close_all()

    threading.Thread(target=run, name=f"workbook-{pk}", daemon=True).start()


def _dispatch(pk: int, version: int, language: str) -> None:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        _in_thread(pk, version, language)
        return
    from public.tasks import build_workbook  # inner import: the task module imports this one

    try:
        build_workbook.delay(pk, version, language)
    except Exception:  # noqa: BLE001 - no broker: made by a thread of this process, never a 500
        logger.warning("broker unavailable: workbook of tournament %s made in this process", pk)
        _in_thread(pk, version, language)
