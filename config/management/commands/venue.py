"""``manage.py venue`` (``make venue``): serve the site on the venue's LAN for the players' phones (issue 28
§2; README, "The venue"). Finds the laptop's LAN address (or takes ``--host``), keeps a secret key on disk,
migrates the embedded SQLite, collects the static files, prints the address and its QR code, then becomes
gunicorn on every interface with the venue's settings (``config.settings``, VENUE_URL)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from config import venue
from tournaments import qr


class Command(BaseCommand):
    help = "Serve the site on the venue's LAN (gunicorn, SQLite, debug off) for the players' phones."

    def add_arguments(self, parser):
        parser.add_argument(
            "--host", default="", help="the address or name phones use (default: the LAN address)"
        )
        parser.add_argument("--port", default="8000", help="the port (default 8000; 80 needs root)")
        parser.add_argument("--cert", default="", help="a TLS certificate (PEM): serve HTTPS")
        parser.add_argument("--key", default="", help="the certificate's private key (PEM)")
        parser.add_argument("--threads", type=int, default=8, help="gunicorn's threads (default 8)")
        parser.add_argument("--dir", default=str(venue.DEFAULT_DIR), help="where the secret key is kept")
        parser.add_argument(
            "--check", action="store_true", help="prepare and print the address, then exit without serving"
        )

    def handle(self, *args, **options):
        try:
            self._serve(options)
        except venue.VenueError as exc:
            raise CommandError(str(exc)) from None

    def _serve(self, options) -> None:
        port = venue.check_port(options["port"])
        interfaces, device = venue.lan_interfaces()
        if options["host"]:
            host = venue.check_host(options["host"])
        else:
            host = venue.choose_address(interfaces, device)
            if not host:
                raise venue.VenueError(
                    "No LAN address found: connect the laptop to the venue's Wi-Fi (or network), "
                    "or give the address or name phones use: make venue HOST=…"
                )
        cert, key = options["cert"], options["key"]
        if bool(cert) != bool(key):
            raise venue.VenueError("HTTPS needs both CERT (the certificate) and KEY (its private key)")
        for path in (cert, key):
            if path and not Path(path).is_file():
                raise venue.VenueError(f"No such file: {path}")
        https = bool(cert)
        url = venue.site_url(host, port, https)
        env = venue.environment(
            dict(os.environ),
            url=url,
            key=venue.secret_key(Path(options["dir"])),
            hosts=[host, *(i.address for i in interfaces)],
        )
        manage = str(Path(settings.BASE_DIR) / "manage.py")
        for step in (["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]):
            done = subprocess.run(
                [sys.executable, manage, *step], env=env, cwd=settings.BASE_DIR, check=False
            )
            if done.returncode:
                raise venue.VenueError(f"manage.py {step[0]} failed (exit {done.returncode}); see above")
        others = [i.address for i in interfaces if i.address != host]
        self.stdout.write(venue.banner(url, qr.terminal(url + "/"), https=https, others=others))
        self.stdout.flush()
        if options["check"]:
            return
        args = venue.gunicorn_args(port, threads=options["threads"], certfile=cert, keyfile=key)
        os.chdir(settings.BASE_DIR)
        os.execve(sys.executable, [sys.executable, "-m", "gunicorn", *args], env)
