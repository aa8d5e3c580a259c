"""What the documents tell the apps above them (they connect in their ``AppConfig.ready``).

``document_stuck``: sender=Document; document. A document whose worker went silent past its lease, queued
again (``protocols.tasks.requeue_stuck``): the notifications tell the tournament's officials (issue 33).
"""

from __future__ import annotations

from django.dispatch import Signal

document_stuck = Signal()
