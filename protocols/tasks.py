"""Generating a document in the background (eager, in-process, in the embedded default)."""

from __future__ import annotations

import logging

from celery import shared_task
from django.core.files.base import ContentFile
from django.utils import timezone

from protocols.models import Document

logger = logging.getLogger(__name__)


@shared_task(name="protocols.generate")
def generate(document_id: int) -> str:
    """Make the PDF of one queued document; returns its final status. Never raises for a bad document:
    the error is stored on the row and shown on the page."""
    from protocols.documents import render_document

    doc = Document.objects.select_related("tournament").filter(pk=document_id).first()
    if doc is None or doc.status == Document.Status.READY:
        return doc.status if doc else "missing"
    Document.objects.filter(pk=doc.pk).update(status=Document.Status.RUNNING, started_at=timezone.now())

    def progress(pages: int) -> None:
        # One short UPDATE per page, so a long document shows how far it got.
        Document.objects.filter(pk=doc.pk).update(progress=pages)

    try:
        pdf, data_hash = render_document(doc.tournament, doc.kind, doc.key, progress=progress)
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
