"""Asking for a document, and making it in the background (eager, in-process, in the embedded default)."""

from __future__ import annotations

import logging

from celery import shared_task
from django.conf import settings
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from protocols import data as d
from protocols import documents
from protocols.models import Document
from tournaments.models import Tournament

logger = logging.getLogger(__name__)


@shared_task(name="protocols.generate")
def generate(document_id: int) -> str:
    """Make the PDF of one queued document; returns its final status. Never raises for a bad document:
    the error is stored on the row and shown on the page."""
    doc = Document.objects.select_related("tournament").filter(pk=document_id).first()
    if doc is None or doc.status == Document.Status.READY:
        return doc.status if doc else "missing"
    Document.objects.filter(pk=doc.pk).update(status=Document.Status.RUNNING, started_at=timezone.now())

    def progress(pages: int) -> None:
        # One short UPDATE per page, so a long document shows how far it got.
        Document.objects.filter(pk=doc.pk).update(progress=pages)

    try:
        pdf, data_hash = documents.render_document(doc.tournament, doc.kind, doc.key, progress=progress)
    except Exception as exc:  # a bug or vanished data: keep the page usable and say what happened
        logger.exception("document %s failed", doc.pk)
        Document.objects.filter(pk=doc.pk).update(
            status=Document.Status.FAILED,
            error=f"{type(exc).__name__}: {exc}"[:2000],
            finished_at=timezone.now(),
        )
        return Document.Status.FAILED
    doc.refresh_from_db()
    doc.file.save(f"{doc.kind}.pdf", ContentFile(pdf), save=False)
    doc.data_hash = data_hash  # what was actually rendered, should the data have moved meanwhile
    doc.status, doc.finished_at = Document.Status.READY, timezone.now()
    doc.size, doc.pages = len(pdf), doc.progress
    doc.save()
    return doc.status


def request_document(t: Tournament, kind: str, key: str, user=None) -> Document:
    """The document for the current data: the one already made, or a new one queued for generation."""
    data_hash = d.fingerprint(documents.build_data(t, kind, key))
    with transaction.atomic():
        # Two requests for the same document at once make one: the second waits here, then finds it.
        Tournament.objects.select_for_update().filter(pk=t.pk).first()
        found = documents.latest(t, kind, key, data_hash)
        if found is not None:
            return found
        doc = Document.objects.create(
            tournament=t,
            kind=kind,
            key=key,
            data_hash=data_hash,
            requested_by=user if getattr(user, "is_authenticated", False) else None,
        )
    if settings.CELERY_TASK_ALWAYS_EAGER:
        generate.delay(doc.pk)  # in-process: the PDF is made now
    else:
        # A worker must see the row: queue after the commit (at once when no transaction is open).
        transaction.on_commit(lambda: generate.delay(doc.pk))
    doc.refresh_from_db()
    return doc
