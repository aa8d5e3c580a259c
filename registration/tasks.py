"""Imports of entries in the background (issue 13 item 11): the preview and the import of a file run as
Celery tasks (in-process in the embedded default), report their progress on the ``EntryImport`` row, and keep
their outcome there for the page to show. Each is idempotent: a second delivery of the message finds the
work done and does nothing."""

from __future__ import annotations

import dataclasses
import datetime
import logging
import threading

from celery import shared_task
from django.conf import settings
from django.db import close_old_connections, connections, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from registration import imports
from registration.models import EntryImport
from tournaments.models import log

logger = logging.getLogger(__name__)


def _progress(batch_pk: int):
    def report(done: int, total: int) -> None:
        EntryImport.objects.filter(pk=batch_pk).update(progress=done, total=total)

    return report


def outcome_of(batch: EntryImport) -> imports.Outcome:
    """The stored outcome as the pages show it."""
    o = batch.outcome
    problems = tuple(
        imports.RowProblem(p["line"], p["who"], tuple(tuple(x) for x in p["problems"]))
        for p in o.get("problems", [])
    )
    plans = tuple(
        imports.RowPlan(
            **{
                **p,
                "filled": tuple(p.get("filled", ())),
                "split": tuple(p.get("split", ())),
                "problems": tuple(tuple(x) for x in p.get("problems", ())),
                "candidates": tuple(imports.Candidate(**c) for c in p.get("candidates", ())),
            }
        )
        for p in o.get("plans", [])
    )
    return imports.Outcome(
        o.get("rows", 0),
        o.get("good", 0),
        o.get("saved", 0),
        problems,
        tuple(o.get("ignored_columns", [])),
        plans,
        o.get("header_line", 1),
        o.get("encoding", ""),
        tuple(tuple(x) for x in o.get("footer", ())),
    )


@shared_task(name="registration.preview_import", acks_late=True, reject_on_worker_lost=True)
def preview_import(batch_pk: int) -> str:
    batch = EntryImport.objects.select_related("tournament", "created_by").filter(pk=batch_pk).first()
    if batch is None or batch.status != EntryImport.Status.CHECKING:
        return batch.status if batch else "missing"
    try:
        outcome = imports.preview(
            batch.tournament,
            batch.file_name,
            bytes(batch.data),
            batch.created_by,
            _progress(batch.pk),
            defaults=batch.defaults,
            names=(batch.decisions or {}).get("names"),
        )
    except imports.ImportFileError as exc:
        EntryImport.objects.filter(pk=batch.pk).update(status=EntryImport.Status.FAILED, error=str(exc))
        return EntryImport.Status.FAILED
    except Exception as exc:  # a bug: say so on the page rather than leave it checking for ever
        logger.exception("preview of import %s failed", batch.pk)
        EntryImport.objects.filter(pk=batch.pk).update(
            status=EntryImport.Status.FAILED, error=str(exc)[:2000]
        )
        return EntryImport.Status.FAILED
    EntryImport.objects.filter(pk=batch.pk, status=EntryImport.Status.CHECKING).update(
        status=EntryImport.Status.PREVIEWED,
        rows=outcome.rows,
        bad_rows=len(outcome.problems),
        outcome=dataclasses.asdict(outcome),
        progress=outcome.rows,
    )
    return EntryImport.Status.PREVIEWED


@shared_task(name="registration.confirm_import", acks_late=True, reject_on_worker_lost=True)
def confirm_import(batch_pk: int) -> str:
    with transaction.atomic():
        batch = (
            EntryImport.objects.select_for_update(of=("self",))
            .select_related("tournament", "created_by")
            .filter(pk=batch_pk)
            .first()
        )
        if batch is None or batch.status != EntryImport.Status.IMPORTING:
            return batch.status if batch else "missing"
        user = batch.created_by
        outcome = imports.confirm(
            batch.tournament,
            batch.file_name,
            bytes(batch.data),
            user,
            _progress(batch.pk),
            defaults=batch.defaults,
            decisions=batch.decisions,
        )
        lines = [p.line for p in outcome.problems]
        batch.status, batch.saved = EntryImport.Status.CONFIRMED, outcome.saved
        batch.outcome = dataclasses.asdict(outcome)
        batch.progress = outcome.rows
        batch.save(update_fields=["status", "saved", "outcome", "progress"])
        log(
            batch.tournament,
            user,
            "entries_import",
            _("Entries imported from %(f)s: %(n)s saved, %(b)s rows not saved")
            % {"f": batch.file_name, "n": outcome.saved, "b": len(lines)},
            import_batch=batch.pk,
            rows_not_saved=lines,
        )
    return EntryImport.Status.CONFIRMED


def background(rows: int) -> bool:
    """A file big enough that its rows are never checked or saved inside the web request (issue 25 item 13):
    more than IMPORT_BACKGROUND_ABOVE rows (a 5,000-row preview is seconds of CPU)."""
    return rows > settings.IMPORT_BACKGROUND_ABOVE


def _in_thread(task, batch_pk: int) -> None:
    """The embedded default's worker for a big file, as for a big field's documents (protocols.tasks): a
    thread of this process with its own database connection, started after the commit; the page polls the
    progress. A process killed meanwhile leaves the file "being checked": upload it again."""

    def run() -> None:
        close_old_connections()
        try:
            task(batch_pk)
        finally:
            connections.close_all()

    threading.Thread(target=run, name=f"import-{batch_pk}", daemon=True).start()


def enqueue(task, batch_pk: int, big: bool = False) -> None:
    """A worker after the commit (so it sees the row); in the embedded default (eager) now — or, for a ``big``
    file, in a thread after the commit. With the broker down, the task runs here, in the request (never a
    500), a big file's in a thread."""

    def send() -> None:
        try:
            task.delay(batch_pk)
        except Exception:  # noqa: BLE001 - no broker: do the work in this process
            logger.warning("broker unavailable: import %s runs in this process", batch_pk)
            if big:
                _in_thread(task, batch_pk)
            else:
                task(batch_pk)

    if settings.CELERY_TASK_ALWAYS_EAGER:
        if big:
            transaction.on_commit(lambda: _in_thread(task, batch_pk))
        else:
            send()
    else:
        transaction.on_commit(send)


def stale_previews_cleared() -> None:
    """Previews never confirmed are dropped after a day."""
    EntryImport.objects.filter(
        status__in=[EntryImport.Status.PREVIEWED, EntryImport.Status.FAILED],
        created_at__lt=timezone.now() - datetime.timedelta(days=1),
    ).delete()
