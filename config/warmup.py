"""A web worker's start (issue 35 §3): what its first requests would pay, paid before it takes one.

A fresh gunicorn worker (no ``preload_app``: each worker loads the site itself, and one is replaced every
``max_requests``) imported the URLconf with every app's views and the API's schemas, compiled each template
and loaded the translation catalogs inside its first requests: the round page of a 10,000-player event took
0.33 s of CPU first and 0.03 s after (bench/bench_ranking.py ``--fresh``). ``run`` does that work once the
application is loaded, before the worker accepts a request and before ``config.collector`` freezes what is
loaded (the warmed objects are then never scanned by the collector). Nothing here reads a tournament: the
first ranking of an event is paid by the first page that needs it, as every later version's is.

``WARM_AT_START=0`` skips it (a process that serves no page).
"""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path

from django.conf import settings
from django.template import TemplateDoesNotExist, TemplateSyntaxError, engines
from django.urls import get_resolver
from django.utils import translation

logger = logging.getLogger(__name__)


def enabled() -> bool:
    return os.environ.get("WARM_AT_START", "1").strip() != "0"


def template_names() -> list[str]:
    """The project's own templates (``templates/`` and each project app's), by the names pages load them."""
    base = Path(settings.BASE_DIR)
    found: set[str] = set()
    engine = engines["django"].engine  # type: ignore[attr-defined]
    folders = [Path(d) for d in engine.dirs]
    folders += [p for p in base.glob("*/templates") if p.is_dir()]
    for folder in folders:
        found.update(p.relative_to(folder).as_posix() for p in folder.rglob("*.html"))
    return sorted(found)


def run() -> dict[str, float]:
    """Import the URLconf (every view), fill each language's URL reverse table, load the catalogs and compile
    the templates into the cached loader. Returns the seconds each step took; never raises for a template (a
    broken one is logged and left to its page)."""
    took: dict[str, float] = {}
    began = time.perf_counter()
    resolver = get_resolver()
    resolver.url_patterns  # noqa: B018 - importing every app's URLs and views is the point
    took["urls"] = time.perf_counter() - began
    began = time.perf_counter()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Standings")  # the catalogs of this language, merged once per process
            resolver.reverse_dict  # noqa: B018 - the reverse table is built once per language
    took["translations"] = time.perf_counter() - began
    began = time.perf_counter()
    engine = engines["django"]
    for name in template_names():
        try:
            engine.get_template(name)
        except (TemplateDoesNotExist, TemplateSyntaxError) as error:
            logger.warning("template %s not compiled at start: %s", name, error)
    took["templates"] = time.perf_counter() - began
    return took
