"""``manage.py rating``: recompute the lists, freeze an official list, import a starting list, seed a
tournament by the list valid at its start, make the calibration report (issue 31 §2)."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from federation import manager
from federation.models import CalibrationReport, RatingList
from federation.rating.__main__ import calibrate
from tournaments.models import Tournament


def _day(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise CommandError(f"not a date (YYYY-MM-DD): {text!r}") from None


class Command(BaseCommand):
    help = (
        "The rating lists: --recompute, --freeze DAY, --import FILE, --seed ID, --places, --calibrate, "
        "--export FILE"
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--list", help="one list (long, short, long_blitz, short_blitz); default: every list"
        )
        parser.add_argument("--recompute", action="store_true", help="replay the whole history from scratch")
        parser.add_argument("--freeze", metavar="DAY", help="freeze the official list as of DAY (YYYY-MM-DD)")
        parser.add_argument(
            "--import", dest="import_file", metavar="FILE", help="import a starting list (CSV)"
        )
        parser.add_argument("--as-of", metavar="DAY", help="the date of the imported list")
        parser.add_argument(
            "--seed", type=int, metavar="TOURNAMENT", help="seed a tournament by the valid list"
        )
        parser.add_argument("--calibrate", action="store_true", help="store the calibration report")
        parser.add_argument(
            "--places",
            action="store_true",
            help="write every finished event's places and ranks fulfilled again (the person pages')",
        )
        parser.add_argument(
            "--export", metavar="FILE", help="write the list's history for python -m federation.rating"
        )

    def handle(self, *args, **o) -> None:
        keys = manager.lists()
        if o["list"]:
            if o["list"] not in keys:
                raise CommandError(f"no such list: {o['list']} (lists: {', '.join(keys)})")
            keys = [o["list"]]
        did = False
        if o["import_file"]:
            if not o["list"] or not o["as_of"]:
                raise CommandError("--import needs --list and --as-of")
            try:
                text = Path(o["import_file"]).read_text(encoding="utf-8-sig")
                n = manager.import_list(o["list"], text, _day(o["as_of"]), source=Path(o["import_file"]).name)
            except (OSError, UnicodeDecodeError, manager.RatingFileError) as e:
                raise CommandError(f"not imported: {e}") from None
            self.stdout.write(f"{o['list']}: {n} ratings imported as of {o['as_of']}")
            did = True
        if o["recompute"]:
            for key in keys:
                self.stdout.write(f"{key}: {manager.rerate(key)} matches rated")
            did = True
        if o["freeze"]:
            day = _day(o["freeze"])
            for key in keys:
                if RatingList.objects.filter(discipline=key, as_of=day).exists():
                    raise CommandError(f"{key}: the list as of {day} is frozen already")
                rl = manager.freeze(key, day)
                self.stdout.write(f"{key}: list as of {day} frozen, {rl.rows.count()} rows")
            did = True
        if o["seed"]:
            t = Tournament.objects.filter(pk=o["seed"]).first()
            if t is None:
                raise CommandError(f"no tournament {o['seed']}")
            try:
                with translation.override("en"):  # the CLI speaks English (the page Russian)
                    n = manager.seed_from_list(t, None)
            except manager.RatingFileError as e:
                raise CommandError(str(e)) from None
            self.stdout.write(f"{t}: {n} participants rated from the official list")
            did = True
        if o["places"]:
            n = manager.write_all_places()
            self.stdout.write(f"places and ranks fulfilled written for {n} finished events")
            did = True
        if o["calibrate"]:
            for key in keys:
                data = manager.export(key)
                report = calibrate(data)
                CalibrationReport.objects.create(discipline=key, matches=report["matches"], report=report)
                self.stdout.write(
                    f"{key}: {report['matches']} matches, "
                    + ", ".join(
                        f"{f['formula']['name']} log-loss {f['log_loss']}" for f in report["formulas"]
                    )
                    + f", C = {report['fitted_c']}"
                )
            did = True
        if o["export"]:
            if len(keys) != 1:
                raise CommandError("--export needs --list")
            Path(o["export"]).write_text(json.dumps(manager.export(keys[0])))
            did = True
        if not did:
            raise CommandError(
                "say what to do: --recompute, --freeze, --import, --seed, --places, --calibrate or --export"
            )
