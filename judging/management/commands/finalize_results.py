"""Make due results final now (004 §5.10): the beat task, on demand from the shell or cron."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from judging.tasks import finalize_results


class Command(BaseCommand):
    help = "Make final every result whose protest window has passed with no open protest (idempotent)."

    def handle(self, *args, **options) -> None:
        count = finalize_results()
        self.stdout.write(f"{count} result(s) made final")
