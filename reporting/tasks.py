"""Making an event's archives (its rank dossiers, its report package): in the request for a small field, off
it for a big one (``protocols.tasks.big``, the documents' one threshold) — a Celery worker, or in the
embedded default (eager) a thread of the web process after the commit, as protocols' documents are made.
A failure is stored on the row and shown on the page, never a 500."""

from __future__ import annotations

import logging
import threading

from celery import shared_task
from django.conf import settings
from django.core.files.base import ContentFile
from django.db import close_old_connections, connections, transaction
from django.utils import timezone

from protocols.tasks import big
from reporting import dossier, package
from reporting.models import Archive
from tournaments.models import Tournament

logger = logging.getLogger(__name__)


def content(t: Tournament, kind: str) -> tuple[bytes, int]:
    if kind == Archive.Kind.PACKAGE:
        return package.build(t)
    items = dossier.dossiers(t)
    return dossier.archive(items), len(items)


@shared_task(name="reporting.make_archive", acks_late=True, reject_on_worker_lost=True)
def make_archive(archive_id: int) -> str:
    archive = Archive.objects.select_related("tournament").filter(pk=archive_id).first()
    if archive is None or archive.status != Archive.Status.PENDING:
        return archive.status if archive else "missing"
    try:
        data, files = content(archive.tournament, archive.kind)
    except package.PackageError as exc:  # a field went missing meanwhile: said on the page
        Archive.objects.filter(pk=archive.pk).update(
            status=Archive.Status.FAILED, error=str(exc), finished_at=timezone.now()
        )
        return Archive.Status.FAILED
    except Exception as exc:  # a bug: keep the page usable and say what happened
        logger.exception("archive %s failed", archive.pk)
        Archive.objects.filter(pk=archive.pk).update(
            status=Archive.Status.FAILED,
            error=f"{type(exc).__name__}: {exc}"[:2000],
            finished_at=timezone.now(),
        )
        return Archive.Status.FAILED
    archive.file.save(f"{archive.kind}-{archive.tournament_id}.zip", ContentFile(data), save=False)
    archive.status, archive.size, archive.files = Archive.Status.READY, len(data), files
    archive.finished_at = timezone.now()
    archive.save(update_fields=["file", "status", "size", "files", "finished_at"])
    return archive.status


def _in_thread(archive_id: int) -> None:
    def run() -> None:
        close_old_connections()
        try:
            make_archive(archive_id)
        finally:
            connections.close_all()

    threading.Thread(target=run, name=f"archive-{archive_id}", daemon=True).start()


def dispatch(archive_id: int) -> None:
    """Off the request: a Celery worker, or (eager, or no broker) a thread of this process."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        _in_thread(archive_id)
        return
    try:
        make_archive.delay(archive_id)
    except Exception:  # noqa: BLE001 - any broker error means "no broker": made here, off the request
        logger.warning("broker unavailable: archive %s is made in this process", archive_id)
        _in_thread(archive_id)


def start(t: Tournament, kind: str, user) -> Archive:
    """Ask for an archive of the event as it is now: made at once for a small field, else off the request."""
    archive = Archive.objects.create(tournament=t, kind=kind, version=t.version, requested_by=user)
    if big(t):
        transaction.on_commit(lambda: dispatch(archive.pk))
    else:
        make_archive(archive.pk)
        archive.refresh_from_db()
    return archive
