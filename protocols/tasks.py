"""Asking for a document, and making it in the background (eager, in-process, in the embedded default).

Made reliably (issue 13 item 4):

- the task is acknowledged only when it has finished (``acks_late``) and given back to the broker when its
  worker process dies (``reject_on_worker_lost``), so a killed pool process costs a retry, not the document;
- the worker writes a heartbeat at the start and after every page; a pending or running document whose
  worker has been silent for ``DOCUMENTS_LEASE_SECONDS`` is stuck and is queued again — when somebody asks for
  it again, and by the beat task ``protocols.requeue_stuck`` (a whole worker killed, a message lost);
- with the broker down the request does not fail: the document is made in the request itself;
- a big document (a field above ``DOCUMENTS_BACKGROUND_ABOVE`` participants) is never made inside the web
  request, not even in the embedded default (Celery eager): a thread of the web process makes it after the
  commit while the page shows its progress (issue 20 item 3); a killed process leaves it stuck, and it is
  made again when asked for after the lease.

Which document is current is decided by the tournament's version (bumped in the transaction of every change a
document can show; one indexed query), never by building the document's data: the data are built once per
generation, by the worker, which also reuses the file of an earlier document whose data were the same.
"""

from __future__ import annotations

import logging
import threading

from celery import shared_task
from django.conf import settings
from django.core.files.base import ContentFile
from django.db import close_old_connections, connections, transaction
from django.utils import timezone

from protocols import documents, signals
from protocols.models import Document
from tournaments.models import Tournament

logger = logging.getLogger(__name__)


@shared_task(name="protocols.generate", acks_late=True, reject_on_worker_lost=True)
def generate(document_id: int) -> str:
    """Make the PDF of one queued document; returns its final status. Never raises for a bad document:
    the error is stored on the row and shown on the page. Safe to run twice (a redelivered message)."""
    doc = Document.objects.select_related("tournament").filter(pk=document_id).first()
    if doc is None or doc.status in (Document.Status.READY, Document.Status.FAILED):
        return doc.status if doc else "missing"
    now = timezone.now()
    Document.objects.filter(pk=doc.pk).update(
        status=Document.Status.RUNNING, started_at=now, heartbeat_at=now, progress=0
    )

    def progress(pages: int) -> None:
        # One short UPDATE per page, so a long document shows how far it got (and its worker is alive).
        Document.objects.filter(pk=doc.pk).update(progress=pages, heartbeat_at=timezone.now())

    try:
        data = documents.build_data(doc.tournament, doc.kind, doc.key)
        data_hash = documents.fingerprint(data)
        same = (
            Document.objects.filter(
                tournament_id=doc.tournament_id,
                kind=doc.kind,
                key=doc.key,
                data_hash=data_hash,
                status=Document.Status.READY,
            )
            .exclude(pk=doc.pk)
            .first()
        )
        if same is not None and same.file and same.file.storage.exists(same.file.name):
            # The version moved on but not this document's data: the same PDF, not made again.
            Document.objects.filter(pk=doc.pk).update(
                status=Document.Status.READY,
                file=same.file.name,
                data_hash=data_hash,
                size=same.size,
                pages=same.pages,
                progress=same.pages,
                finished_at=timezone.now(),
            )
            return Document.Status.READY
        pdf = documents.render_data(doc.kind, data, progress=progress)
    except Exception as exc:  # a bug or vanished data: keep the page usable and say what happened
        logger.exception("document %s failed", doc.pk)
        Document.objects.filter(pk=doc.pk).update(
            status=Document.Status.FAILED,
            error=f"{type(exc).__name__}: {exc}"[:2000],
            finished_at=timezone.now(),
        )
        return Document.Status.FAILED
    doc.refresh_from_db()
    if doc.status == Document.Status.READY:  # another delivery of the same message finished first
        return doc.status
    doc.file.save(f"{doc.kind}.pdf", ContentFile(pdf), save=False)
    doc.data_hash = data_hash  # what was actually rendered, should the data have moved meanwhile
    doc.status, doc.finished_at = Document.Status.READY, timezone.now()
    doc.size, doc.pages = len(pdf), doc.progress
    doc.save()
    return doc.status


def big(t: Tournament) -> bool:
    """A field big enough that its documents are never made inside a web request (one COUNT query)."""
    return t.participants.count() > settings.DOCUMENTS_BACKGROUND_ABOVE


def _in_thread(document_id: int) -> None:
    """The embedded default's worker for a big document: a thread of this process, with its own database
    connection (closed at the end). Its death leaves the document stuck, to be made again when asked for."""

    def run() -> None:
        close_old_connections()
        try:
            generate(document_id)
        finally:
            connections.close_all()

    threading.Thread(target=run, name=f"document-{document_id}", daemon=True).start()


def _dispatch(document_id: int, background: bool) -> None:
    """Start making the document: a Celery worker with a broker; in the embedded default (eager) here and
    now, or in a thread after the commit for a big field. Called once the row is visible (after commit)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        if background:
            _in_thread(document_id)
        else:
            generate(document_id)
        return
    _enqueue(document_id, background)


def _start(document_id: int, background: bool) -> None:
    if settings.CELERY_TASK_ALWAYS_EAGER and not background:
        generate(document_id)  # in-process: the PDF is made now (a small field)
    else:
        # A worker (or thread) must see the row: start it after the commit (at once outside a transaction).
        transaction.on_commit(lambda: _dispatch(document_id, background))


def _enqueue(document_id: int, background: bool = False) -> None:
    """Queue the document; with the broker unreachable, make it here and now (never a 500) — or, for a big
    field, in a thread of this process."""
    try:
        generate.delay(document_id)
    except Exception:  # noqa: BLE001 - kombu/redis raise several kinds; any of them means "no broker"
        logger.warning("broker unavailable: document %s is made in this process", document_id)
        if background:
            _in_thread(document_id)
        else:
            generate(document_id)


def _requeue(doc: Document, background: bool = False) -> None:
    """A stuck document goes back to the queue, from the start."""
    Document.objects.filter(pk=doc.pk).update(
        status=Document.Status.PENDING, heartbeat_at=timezone.now(), progress=0
    )
    logger.warning("document %s was stuck (%s): queued again", doc.pk, doc.status)
    signals.document_stuck.send(sender=Document, document=doc)
    _start(doc.pk, background)


def request_document(t: Tournament, kind: str, key: str, user=None) -> Document:
    """The document for the current data (the tournament's version): the one already made, or a new one
    queued for generation. One pending or running that nobody has worked on for the lease is queued again,
    not returned as it is. Builds no document data."""
    background = big(t)
    with transaction.atomic():
        # Two requests for the same document at once make one: the second waits here, then finds it.
        version = (
            Tournament.objects.select_for_update().filter(pk=t.pk).values_list("version", flat=True).first()
        )
        version = documents.current_version(t, kind, version)  # a competition's: all its events'
        found = documents.latest(t, kind, key, version)
        if found is not None:
            if found.is_stuck(timezone.now(), settings.DOCUMENTS_LEASE_SECONDS):
                _requeue(found, background)
                found.refresh_from_db()
            return found
        doc = Document.objects.create(
            tournament=t,
            kind=kind,
            key=key,
            version=version,
            requested_by=user if getattr(user, "is_authenticated", False) else None,
        )
    _start(doc.pk, background)
    doc.refresh_from_db()
    return doc


@shared_task(name="protocols.requeue_stuck")
def requeue_stuck() -> int:
    """Queue again every document stuck past its lease (beat, every DOCUMENTS_REQUEUE_EVERY_SECONDS)."""
    now, lease = timezone.now(), settings.DOCUMENTS_LEASE_SECONDS
    candidates = Document.objects.filter(status__in=[Document.Status.PENDING, Document.Status.RUNNING])
    stuck = [doc for doc in candidates if doc.is_stuck(now, lease)]
    for doc in stuck:
        with transaction.atomic():
            _requeue(doc)  # the beat runs in a worker: no web request to keep short
    return len(stuck)
