"""Content-Security-Policy (issue 25 item 12): every answer says scripts and styles come from the site's own
files only, and no template (nor HTML built in Python) carries what that policy would block — an inline
<script> with code, an on…= handler, a javascript: URL, a style attribute or a <style> element."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse

from tests.factories import make_tournament

ROOT = Path(__file__).resolve().parents[1]
PROJECT = [p for p in ROOT.iterdir() if p.is_dir() and (p / "__init__.py").exists() and p.name != "tests"]
TEMPLATES = sorted(
    [*ROOT.glob("templates/**/*.html"), *(t for app in PROJECT for t in app.glob("templates/**/*.html"))]
)
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S | re.I)
HANDLER = re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.I)
STYLE_ATTRIBUTE = re.compile(r"<[a-z][^>]*\sstyle\s*=", re.I)


def _blocked(text: str) -> list[str]:
    found = []
    for attrs, body in SCRIPT.findall(text):
        data_only = re.search(r"type\s*=\s*[\"']application/(ld\+)?json", attrs)
        if body.strip() and not data_only:
            found.append(f"inline <script>: {body.strip()[:60]!r}")
    found += [f"handler: {m.group(0)[-40:]!r}" for m in HANDLER.finditer(text)]
    found += ["a javascript: URL"] * text.lower().count("javascript:")
    found += [f"style attribute: {m.group(0)[-40:]!r}" for m in STYLE_ATTRIBUTE.finditer(text)]
    found += ["a <style> element"] * len(re.findall(r"<style\b", text, re.I))
    return found


def test_the_scan_sees_what_it_looks_for():
    assert len(TEMPLATES) > 80
    assert len(_blocked('<script>\nvar x = 1;\n</script><a onclick="go()" style="color:red">')) == 3
    assert not _blocked('<script src="/static/js/live.js" defer></script>')
    assert not _blocked('<script type="application/json" id="s">{"a": 1}</script>')


def test_no_template_carries_an_inline_script_handler_or_style_25_12():
    wrong = [f"{t.relative_to(ROOT)}: {what}" for t in TEMPLATES for what in _blocked(t.read_text())]
    assert not wrong, "\n".join(wrong)


def test_no_html_built_in_python_carries_one_either_25_12():
    sources = [p for app in PROJECT for p in app.rglob("*.py") if "/migrations/" not in p.as_posix()]
    wrong = [f"{p.relative_to(ROOT)}: {what}" for p in sources for what in _blocked(p.read_text())]
    assert not wrong, "\n".join(wrong)


@pytest.mark.django_db
def test_every_answer_carries_the_policy_scripts_from_the_sites_files_only_25_12(client, secretary):
    t = make_tournament(secretary)
    for url in ("/", reverse("public:detail", args=[t.pk]), "/api/tournaments", "/accounts/login/"):
        policy = client.get(url)["Content-Security-Policy"]
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
        assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'", url
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        assert directives["object-src"] == "'none'" and directives["frame-ancestors"] == "'none'"
