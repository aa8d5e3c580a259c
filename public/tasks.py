"""The public pages' background work (Celery; autodiscovered)."""

from __future__ import annotations

from celery import shared_task

from public import workbook


@shared_task(name="public.build_workbook", acks_late=True, reject_on_worker_lost=True)
def build_workbook(pk: int, version: int, language: str) -> str:
    """The whole tournament's XLSX of a big field (issue 37), off the web request."""
    return workbook.make(pk, version, language)
