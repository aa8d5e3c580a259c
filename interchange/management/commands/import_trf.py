"""``python manage.py import_trf FILE [--tiebreaks KEYS] [--unplayed RULE]`` (issue 29 §4): a tournament
from a FIDE TRF file; prints its id, then what was mapped."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from interchange.manager import ImportError_, import_trf
from standings.metrics import METRICS
from tournaments.models import UnplayedRule


class Command(BaseCommand):
    help = "Create a tournament from a FIDE TRF (TRF-16) file and print its id."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the TRF file (UTF-8; Latin-1 is accepted)")
        parser.add_argument(
            "--tiebreaks",
            help=f"tie-break keys, comma-separated, in order (default: Swiss default): {', '.join(METRICS)}",
        )
        parser.add_argument(
            "--unplayed",
            help=f"unplayed games in the tie-breaks (default fide2009): {', '.join(UnplayedRule.values)}",
        )

    def handle(self, *args, **options):
        path = Path(options["file"])
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc.strerror}") from exc
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        try:
            report = import_trf(
                text, filename=path.name, tiebreaks=options["tiebreaks"], unplayed=options["unplayed"]
            )
        except ImportError_ as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(str(report.tournament.pk))
        for line in report.lines():
            self.stderr.write(line)
