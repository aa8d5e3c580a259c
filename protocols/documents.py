"""Which documents a tournament has, who may read them, and the round trip version → Document → data → PDF.

Every kind is registered by its own module in ``protocols/docs/`` (``protocols.registry``): what it is
called, how its data are built and rendered, who reads it (``protocols.keys``: the tournament's accredited
officials read everything; anyone reads the public ones, like the pages they mirror), what the documents
page lists of it. This module asks the registry.

``protocols.tasks.request_document`` returns the last document asked for at the tournament's current
version (bumped by every change a document can show); only when the version moved (or nothing was made yet)
does it queue ``protocols.tasks.generate``, which builds the plain data once, hashes it, and renders it —
or reuses the PDF of an earlier document of the same data.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json

from django.conf import settings
from django.http import Http404
from django.utils import translation

from protocols import competition as comp
from protocols import keys, layout, registry
from protocols.models import Document
from protocols.registry import DocumentKind
from registration.permissions import is_official
from tournaments.models import Tournament

DOCUMENT_LANGUAGE = settings.LANGUAGE_CODE  # documents are filed in Russian whatever the reader's UI language


def spec(kind: str) -> DocumentKind:
    """The registration of a kind; Http404 for a kind nobody registered."""
    found = registry.get(kind)
    if found is None:
        raise Http404
    return found


def competition_kinds() -> tuple[str, ...]:
    """A competition's own documents (004 §1.2), kept with its first event, in their order."""
    return tuple(k.kind for k in sorted(registry.kinds(), key=lambda k: k.place) if k.competition)


def fingerprint(data: object) -> str:
    """A stable hash of a document's plain data (sha256 of its canonical JSON)."""
    assert dataclasses.is_dataclass(data) and not isinstance(
        data, type
    )  # every build gives a frozen dataclass
    text = json.dumps(dataclasses.asdict(data), sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def current_version(t: Tournament, kind: str, version: int | None = None) -> int | None:
    """The version a current document of this kind was asked for: the tournament's (``version`` when the
    caller has just read it), or, for a competition's document, the fingerprint of all its events'."""
    if spec(kind).competition:
        return comp.version(comp.of_first_event(t))
    return t.version if version is None else version


def check(t: Tournament, kind: str, key: str) -> None:
    """Http404 for an unknown kind or a key that names nothing (no document data built)."""
    spec(kind).exists(t, key)


def can_read(user, t: Tournament, kind: str, key: str) -> bool:
    """Officials read everything; others only a public document (the kind's ``public`` rule)."""
    return is_official(user, t) or spec(kind).public(t, key)


def build_data(t: Tournament, kind: str, key: str) -> object:
    with translation.override(DOCUMENT_LANGUAGE):
        return spec(kind).build(t, key)


def latest(t: Tournament, kind: str, key: str, version: int | None) -> Document | None:
    """The newest document made (or being made) for this version of the tournament's data."""
    return (
        Document.objects.filter(tournament=t, kind=kind, key=key, version=version)
        .exclude(status=Document.Status.FAILED)
        .first()
    )


def render_data(kind: str, data: object, progress: layout.Progress | None = None) -> bytes:
    """The PDF of data already built (``build_data``), in the documents' language."""
    with translation.override(DOCUMENT_LANGUAGE):
        return spec(kind).render(data, progress=progress)


def render_document(
    t: Tournament, kind: str, key: str, progress: layout.Progress | None = None
) -> tuple[bytes, str]:
    """PDF bytes and the fingerprint of the data they show, in the documents' language."""
    with translation.override(DOCUMENT_LANGUAGE):
        data = spec(kind).build(t, key)
        return spec(kind).render(data, progress=progress), fingerprint(data)


def available(t: Tournament, official: bool) -> list[tuple[str, list[tuple[str, str, str]]]]:
    """The documents to list on the tournament's documents page: [(section, [(title, kind, key)])], as
    every registered kind lists itself (``listed``), in the registry's sections."""
    shelf = keys.Shelf(t, official)
    lines = [(line, k, i) for k in registry.kinds() for i, line in enumerate(k.listed(shelf))]
    sections = []
    for section, heading in registry.SECTIONS.items():
        mine = sorted(
            (x for x in lines if x[0].section == section), key=lambda x: (x[0].order, x[1].place, x[2])
        )
        if mine:
            sections.append(
                (str(heading), [(str(line.title or k.title), k.kind, line.key) for line, k, _i in mine])
            )
    return sections
