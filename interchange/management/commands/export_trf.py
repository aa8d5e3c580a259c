"""``python manage.py export_trf ID [-o FILE] [--trf 16|26]`` (issue 29 §4): the tournament as a FIDE
TRF-16 file, or TRF-2026 where it differs."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from interchange.manager import export_trf
from tournaments.models import System, Tournament


class Command(BaseCommand):
    help = "Write a Swiss tournament as a FIDE TRF-16 file (standard output, or -o FILE)."

    def add_arguments(self, parser):
        parser.add_argument("id", type=int)
        parser.add_argument("-o", "--output", help="the file to write (default: standard output)")
        parser.add_argument(
            "--trf",
            dest="trf_version",
            type=int,
            choices=(16, 26),
            default=16,
            help="16: TRF-16, what bbpPairings and JaVaFo read (default); 26: TRF-2026 (142, 162, 202, 240)",
        )

    def handle(self, *args, **options):
        t = Tournament.objects.filter(pk=options["id"]).first()
        if t is None:
            raise CommandError(f"no tournament {options['id']}")
        if t.system not in {System.SWISS, System.SWISS_LOSSES} or t.is_team_event:
            raise CommandError("TRF carries a personal Swiss tournament; this one is not")
        text = export_trf(t, options["trf_version"])
        if options["output"]:
            with open(options["output"], "w", encoding="utf-8", newline="") as f:
                f.write(text)
        else:
            self.stdout.write(text, ending="")
