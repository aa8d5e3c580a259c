"""The whole-round result entry by keyboard: a 100-player Swiss round (50 tables) typed in by a scripted
secretary in Chromium — score, Tab, score, Enter per table. Prints the seconds and the keystrokes it took.

    .venv/bin/python bench/bench_round_entry.py [--repeat 3]

Builds a throw-away SQLite database (or uses ``DATABASE_URL``'s), serves the app on a local port from this
process (Django's live server thread, static files included), drives Debian's /usr/bin/chromium with
Playwright, and times from the entry page shown to the 50th row saved by the server (the keystrokes are
typed as fast as the page takes them; every row is answered by the server before the time stops). Each
repeat draws a new tournament.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL"):
        os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    import django

    django.setup()
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.core.management import call_command
    from django.test.testcases import LiveServerThread
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import ARGS, chromium_path
    from tests.browser.entry_driver import enter_round, hundred_player_swiss, login
    from tests.factories import make_user

    call_command("migrate", verbosity=0)
    call_command("compilemessages", "--ignore=.venv", verbosity=0)
    server = LiveServerThread("127.0.0.1", StaticFilesHandler)
    server.daemon = True
    server.start()
    server.is_ready.wait()
    if server.error:
        raise server.error
    base = f"http://127.0.0.1:{server.port}"
    figures = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=ARGS)
        for i in range(args.repeat):
            secretary = make_user(f"bench{i}", can_create=True)
            rnd = hundred_player_swiss(secretary)
            context = browser.new_context(locale="ru-RU", viewport={"width": 1280, "height": 900})
            page = context.new_page()
            login(page, base, secretary.username, f"pw-{secretary.username}", "/")
            done = enter_round(page, base, rnd, seed=i)
            stored = sum(1 for m in rnd.matches.exclude(result_kind="") if m.player2_id)
            assert stored == done.results, (stored, done.results)
            figures.append(done)
            print(
                f"run {i + 1}: {done.results} results in {done.seconds:.1f} s, "
                f"{done.keystrokes} keystrokes ({done.keystrokes / done.results:.1f} per result)"
            )
            context.close()
        browser.close()
    server.terminate()
    best = min(f.seconds for f in figures)
    worst = max(f.seconds for f in figures)
    print(
        f"100 players, 50 tables: {sorted(f.seconds for f in figures)[len(figures) // 2]:.1f} s median "
        f"({best:.1f}–{worst:.1f}), {figures[0].keystrokes / figures[0].results:.0f} keystrokes per result; "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
