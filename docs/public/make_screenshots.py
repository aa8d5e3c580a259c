"""Screenshots of the public pages, made from the demo: ``make screenshots`` or

    .venv/bin/python docs/public/make_screenshots.py

Builds a throw-away SQLite database with the demo tournament (round 4 published and started, a few results
entered so that the states show), a round robin, a single and a double elimination played out; serves it
with ``runserver`` and photographs the pages with Playwright and Debian's chromium into docs/public/.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
OUT = ROOT / "docs" / "public"
sys.path.insert(0, str(ROOT))
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def build(db: Path) -> dict[str, int]:
    os.environ["SQLITE_PATH"] = str(db)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client

    from tests.factories import make_tournament, play_out
    from tournaments.models import Tournament

    call_command("migrate", verbosity=0)
    call_command("load_demo", verbosity=0)
    from public.management.commands.load_demo import DEMO_NAME, TEAM_NAME

    demo = Tournament.objects.get(name=DEMO_NAME)
    client = Client()
    client.force_login(User.objects.get(username="secretary"))  # axes wants a request for a password login
    client.post(f"/t/{demo.pk}/rounds/4/publish/")
    client.post(f"/t/{demo.pk}/rounds/4/start/")
    for m in demo.round_set.get(number=4).matches.order_by("table")[:4]:
        client.post(
            f"/t/{demo.pk}/matches/{m.pk}/result/",
            {"kind": "played", "score1": 7, "score2": m.table + 1, "version": m.version},
        )
    secretary = User.objects.get(username="secretary")
    ids = {"demo": demo.pk, "player": demo.participants.order_by("seed").first().pk}
    ids["team"] = Tournament.objects.get(name=TEAM_NAME).pk
    for key, settings in {
        "rr": {"system": "round_robin", "players": 6, "name": "Круговой турнир (демо)"},
        "se": {"system": "single_elimination", "players": 8, "name": "Олимпийская система (демо)"},
        "de": {"system": "double_elimination", "players": 6, "name": "Двойное выбывание (демо)"},
    }.items():
        t = make_tournament(secretary, **settings)
        play_out(client, t, seed=7)
        ids[key] = t.pk
    return ids


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    db = Path(tempfile.mkdtemp()) / "screens.sqlite3"
    ids = build(db)
    port = free_port()
    env = dict(os.environ, SQLITE_PATH=str(db), DEBUG="1")
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        from playwright.sync_api import sync_playwright

        d, rr, se, de, player, team = ids["demo"], ids["rr"], ids["se"], ids["de"], ids["player"], ids["team"]
        shots = [
            ("home", f"/t/{d}/", "desktop"),
            ("standings", f"/t/{d}/standings/", "desktop"),
            ("round", f"/t/{d}/rounds/4/", "desktop"),
            ("participant", f"/t/{d}/p/{player}/", "desktop"),
            ("crosstable", f"/t/{rr}/crosstable/", "desktop"),
            ("bracket-single", f"/t/{se}/bracket/", "desktop"),
            ("bracket-double", f"/t/{de}/bracket/", "desktop"),
            ("screen", f"/t/{d}/screen/", "desktop"),
            ("phone-standings", f"/t/{d}/standings/", "phone"),
            ("phone-participant", f"/t/{d}/p/{player}/", "phone"),
            ("phone-round", f"/t/{d}/rounds/4/", "phone"),
            # Team events (004 §1.3.4): the team round page with its boards and the team standings.
            ("team-round", f"/t/{team}/rounds/3/teams/", "desktop"),
            ("team-standings", f"/t/{team}/teams/", "desktop"),
            ("phone-team-round", f"/t/{team}/rounds/3/teams/", "phone"),
        ]
        only = set(sys.argv[1:])  # names to make (all by default)
        shots = [s for s in shots if not only or s[0] in only]
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            contexts = {
                "desktop": browser.new_context(locale="ru-RU", viewport={"width": 1200, "height": 900}),
                "phone": browser.new_context(
                    locale="ru-RU",
                    viewport={"width": 390, "height": 844},
                    device_scale_factor=2,
                    is_mobile=True,
                ),
            }
            for name, path, kind in shots:
                page = contexts[kind].new_page()
                page.goto(base + path)
                page.wait_for_load_state("networkidle")
                page.screenshot(path=str(OUT / f"{name}.png"), full_page=kind == "phone" or name != "screen")
                page.close()
                print(f"docs/public/{name}.png")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
