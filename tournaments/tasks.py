"""Background work. Eager (in-process) in the embedded default, a real worker in deployment."""

from __future__ import annotations

from celery import shared_task

from draw import pairing


@shared_task(name="tournaments.pair")
def pair(request: dict) -> dict:
    """Run the pure pairing engine on a worker: big Swiss fields, or re-checking a stored draw."""
    try:
        return pairing.handle(request)
    except pairing.NoValidPairing as exc:
        return {"error": str(exc)}
