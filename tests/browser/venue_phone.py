"""A player's phone at the venue (issue 28 §2), run by ``test_venue_lan.py`` inside a second network namespace
(``ip netns exec``): it knows only the link its camera read from the slip. Chromium at 390 px opens the link,
hands in 7:3 and reports what it saw as JSON on stdout.

    python tests/browser/venue_phone.py URL
"""

from __future__ import annotations

import json
import sys

from playwright.sync_api import sync_playwright

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
]


def main(url: str) -> dict:
    seen: dict = {"static": {}}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        context = browser.new_context(
            locale="ru-RU",
            viewport={"width": 390, "height": 844},
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
        )
        context.set_default_timeout(40_000)
        page = context.new_page()
        page.on(
            "response",
            lambda r: seen["static"].__setitem__(r.url, r.status) if "/static/" in r.url else None,
        )
        response = page.goto(url)
        seen["status"] = response.status if response else 0
        seen["title"] = page.title()
        seen["text"] = page.inner_text("main")
        seen["width"] = page.evaluate("document.documentElement.scrollWidth")
        if page.locator("form#report").count():
            page.fill("#id_mine", "7")
            page.fill("#id_theirs", "3")
            with page.expect_navigation():
                page.click("form#report button[type=submit]")
            seen["after"] = page.inner_text("main")
            seen["after_url"] = page.url
        browser.close()
    return seen


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1]), ensure_ascii=False))
