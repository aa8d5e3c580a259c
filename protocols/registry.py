"""The registry of documents: every kind is registered by its own module in ``protocols/docs/``.

A module registers its kind once, at import (``register(...)``), with everything the app needs to offer,
make, name and guard that kind: its title, how to build its data from a key and render them, who may read
it, which keys name something, what the documents page lists of it and where, the words of its file name.
The kinds the app knows (``Document.kind``'s choices are this registry's, a callable: a new kind needs no
migration), the documents page (``protocols.documents.available``), the document's page and the file
names (``protocols.names``) are all derived from here. ``load()`` imports every module of
``protocols.docs`` (the app's ``ready`` calls it): a new document is a new module there.

This module imports nothing of the project: the model imports it for the choices.
"""

from __future__ import annotations

import importlib
import pkgutil
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.http import Http404
from django.utils.translation import gettext_lazy as _

PACKAGE = "protocols.docs"
MAX_KIND = 20  # Document.kind's max_length

# The documents page's sections, in this order.
TOURNAMENT, ROUNDS, PROTESTS = "tournament", "rounds", "protests"
SECTIONS = {TOURNAMENT: _("Tournament"), ROUNDS: _("Rounds"), PROTESTS: _("Protests")}


@dataclass(frozen=True)
class Listed:
    """One line of the documents page: the document of ``key`` in ``section`` ("" key: the whole
    tournament's), titled ``title`` (None: the kind's title). Within a section lines go by ``order`` (a
    round's documents by the round's number), then by the kind's ``place``, then as the kind listed them."""

    section: str = TOURNAMENT
    key: str = ""
    title: str | None = None
    order: tuple = ()


def _no_key(t: Any, key: str) -> None:
    """The default ``exists``: the document is the whole tournament's, no key names anything else."""
    if key:
        raise Http404


def _nobody(t: Any, key: str) -> bool:
    return False


def _nothing(shelf: Any) -> Iterable[Listed]:
    return ()


@dataclass(frozen=True)
class DocumentKind:
    """Everything about one kind of document but its data and layout (which are its module's)."""

    kind: str  # the stored value (Document.kind) and the word in the document's URL
    title: Any  # what it is called (a lazy translation): the documents page, the document's page
    build: Callable[[Any, str], object]  # (tournament, key) → the plain data; Http404: the key names nothing
    render: Callable[..., bytes]  # (data, progress=…) → the PDF
    # Who may read it besides the tournament's officials (who read everything): (tournament, key) → bool.
    public: Callable[[Any, str], bool] = _nobody
    # Http404 for a key that names nothing, cheaply: without building the document's data.
    exists: Callable[[Any, str], object] = _no_key
    # What the documents page lists of it: (shelf) → Listed lines (see ``protocols.keys.Shelf``).
    listed: Callable[[Any], Iterable[Listed]] = _nothing
    place: int = 0  # its place among the kinds of a section of the documents page
    # What the file name says after the tournament's name, in Russian (written in Latin letters by
    # ``protocols.names``): a text with ``{key}``, or (tournament, key) → the text.
    file_name: str | Callable[[Any, str], str] = ""
    subtitle: Callable[[str], str] | None = None  # the document's page's subtitle for a key
    # A competition's document (004 §1.2), kept with its first event: named by the competition, current by
    # all its events' versions, its page leads back to the competition.
    competition: bool = False

    def file_words(self, t: Any, key: str) -> str:
        if callable(self.file_name):
            return self.file_name(t, key)
        return (self.file_name or self.kind).format(key=key)


_kinds: dict[str, DocumentKind] = {}
_lock = threading.RLock()
_loaded = False


def register(**fields: Any) -> DocumentKind:
    """Register a kind of document (called once by its module, at import); returns the registration."""
    spec = DocumentKind(**fields)
    if not spec.kind or len(spec.kind) > MAX_KIND or not spec.kind.replace("_", "").isalnum():
        raise ImproperlyConfigured(f"document kind {spec.kind!r}: 1–{MAX_KIND} letters, digits or _")
    with _lock:
        if spec.kind in _kinds and _kinds[spec.kind].build is not spec.build:
            raise ImproperlyConfigured(f"document kind {spec.kind!r} is registered twice")
        _kinds[spec.kind] = spec
    return spec


@contextmanager
def overridden(spec: DocumentKind) -> Iterator[DocumentKind]:
    """``spec`` registered for the duration, then whatever was registered under its kind before (the tests'
    stand-ins and example documents)."""
    load()
    with _lock:
        before = _kinds.get(spec.kind)
        _kinds[spec.kind] = spec
    try:
        yield spec
    finally:
        with _lock:
            if before is None:
                _kinds.pop(spec.kind, None)
            else:
                _kinds[spec.kind] = before


def load() -> None:
    """Import every module of ``protocols.docs``: each registers its kind (once, safe from several
    threads)."""
    global _loaded
    if _loaded:
        return
    with _lock:
        if _loaded:
            return
        package = importlib.import_module(PACKAGE)
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
            importlib.import_module(f"{PACKAGE}.{info.name}")
        _loaded = True


def kinds() -> list[DocumentKind]:
    """Every registered kind, by its name."""
    load()
    return sorted(_kinds.values(), key=lambda k: k.kind)


def get(kind: str) -> DocumentKind | None:
    load()
    return _kinds.get(kind)


def choices() -> list[tuple[str, Any]]:
    """``Document.kind``'s choices: the registered kinds (a callable, so the migrations name this function
    and a new kind needs none)."""
    return [(k.kind, k.title) for k in kinds()]
