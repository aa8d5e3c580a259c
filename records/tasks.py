"""Background validation of game records (eager in the embedded default, a worker in deployment)."""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import transaction
from django.utils.translation import gettext as _

from records import manager
from records.models import Record
from tournaments.models import log

logger = logging.getLogger(__name__)


@shared_task(name="records.validate_record")
def validate_record(record_id: int) -> dict:
    """Replay the record against the rules and store its one verdict. Idempotent: a second run (a retried
    message, two workers) rewrites the same verdict; a record deleted meanwhile is skipped."""
    with transaction.atomic():
        record = (
            Record.objects.select_for_update(of=("self",))
            .select_related("match__round__tournament", "match__player1__person", "match__player2__person")
            .filter(pk=record_id)
            .first()
        )
        if record is None:
            return {"record": record_id, "skipped": True}
        had_verdict = manager.current_verdict(record) is not None
        verdict = manager.judge(record)
        agreement = manager.agreement(record, verdict)
        if not had_verdict:
            match = record.match
            log(
                match.round.tournament,
                None,
                "record_verdict",
                _("Game record checked: round %(r)s, table %(t)s: %(v)s")
                % {
                    "r": match.round.number,
                    "t": match.table,
                    "v": _("legal") if verdict.valid else _("%(n)s findings") % {"n": len(verdict.findings)},
                },
                match=match.pk,
                record=record.pk,
                valid=verdict.valid,
                score=verdict.score,
                agrees=agreement.state,
            )
    return {"record": record_id, "valid": verdict.valid, "score": verdict.score, "agreement": agreement.state}


def queue_validation(record_id: int) -> None:
    """Hand the record to Celery. A broker that is down or a bug in a check must not lose the stored record:
    the page then says the check is pending, and the secretary can run it again."""
    try:
        validate_record.delay(record_id)
    except Exception:  # noqa: BLE001 - logged; the record itself is safely stored
        logger.exception("validation of record %s could not run", record_id)
