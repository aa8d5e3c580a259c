"""Django's ``{# … #}`` comment is one line only: a ``{#`` closed on a later line is printed as text on the
page (base.html printed one at the top of every page). Multi-line comments take ``{% comment %}``."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_no_template_opens_a_one_line_comment_it_closes_on_another_line():
    wrong = []
    for path in sorted(ROOT.glob("**/templates/**/*.html")):
        if ".venv" in path.parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            opened = line.rfind("{#")
            if opened != -1 and "#}" not in line[opened:]:
                wrong.append(f"{path.relative_to(ROOT)}:{number}")
    assert wrong == []


def test_the_home_page_prints_no_template_comment(client, db):
    html = client.get("/").content.decode()
    assert "{#" not in html and "#}" not in html
