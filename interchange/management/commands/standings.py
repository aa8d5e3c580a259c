"""``python manage.py standings ID --json`` (issue 29 §4): place as printed, start number, name, points and
each tie-break's value, one object per participant in table order."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from interchange.manager import standings_rows
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Print a tournament's standings (--json: as JSON)."

    def add_arguments(self, parser):
        parser.add_argument("id", type=int)
        parser.add_argument("--json", action="store_true", help="print JSON (the only format so far)")

    def handle(self, *args, **options):
        t = Tournament.objects.filter(pk=options["id"]).first()
        if t is None:
            raise CommandError(f"no tournament {options['id']}")
        rows = standings_rows(t)
        if options["json"]:
            self.stdout.write(json.dumps(rows, ensure_ascii=False, indent=1))
            return
        for r in rows:
            keys = " ".join(f"{k}={v}" for k, v in r["tiebreaks"].items())
            self.stdout.write(
                f"{r['place']:>7} {r['start_number'] or '':>4} {r['name']:<40} {r['points']:>5} {keys}"
            )
