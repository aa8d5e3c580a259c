"""The documents page of a tournament, one page per document (make it, watch it, download it), the file."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from protocols import documents, tasks
from protocols.data import fingerprint
from protocols.models import Document, Kind
from registration.permissions import is_official
from tournaments.models import Tournament


def _readable(request: HttpRequest, t: Tournament, kind: str, key: str) -> None:
    documents.spec(kind)  # 404 for an unknown kind
    if not documents.can_read(request.user, t, kind, key):
        raise PermissionDenied


def _document_url(doc: Document) -> str:
    if doc.key:
        return reverse("protocols:document_key", args=[doc.tournament_id, doc.kind, doc.key])
    return reverse("protocols:document", args=[doc.tournament_id, doc.kind])


@require_GET
def document_list(request: HttpRequest, pk: int) -> HttpResponse:
    t = get_object_or_404(Tournament, pk=pk)
    official = is_official(request.user, t)
    context = {"t": t, "sections": documents.available(t, official), "official": official}
    return render(request, "protocols/list.html", context)


@require_http_methods(["GET", "POST"])
def document(request: HttpRequest, pk: int, kind: str, key: int | str = "") -> HttpResponse:
    t = get_object_or_404(Tournament, pk=pk)
    key = str(key)
    _readable(request, t, kind, key)
    if request.method == "POST":
        doc = tasks.request_document(t, kind, key, request.user)
        return redirect(_document_url(doc))
    data_hash = fingerprint(documents.build_data(t, kind, key))
    current = documents.latest(t, kind, key, data_hash)
    previous = (
        Document.objects.filter(tournament=t, kind=kind, key=key, status=Document.Status.READY)
        .exclude(pk=current.pk if current else None)
        .first()
    )
    failed = None
    if current is None:
        failed = Document.objects.filter(
            tournament=t, kind=kind, key=key, status=Document.Status.FAILED
        ).first()
    context = {
        "t": t,
        "kind": kind,
        "title": Kind(kind).label,
        "key": key,
        "subtitle": _subtitle(kind, key),
        "doc": current,
        "previous": previous,
        "failed": failed if failed and is_official(request.user, t) else None,
        "failed_any": failed is not None,
    }
    return render(request, "protocols/document.html", context)


def _subtitle(kind: str, key: str) -> str:
    if not key:
        return ""
    if kind in (Kind.PAIRINGS, Kind.ROUND_PROTOCOLS):
        return _("Round %(n)s") % {"n": key}
    if kind == Kind.PROTEST:
        return _("Protest № %(n)s") % {"n": key}
    if kind == Kind.BRACKET:
        return _("stage %(n)s") % {"n": key}
    return _("match %(n)s") % {"n": key}


def _readable_document(request: HttpRequest, doc_pk: int) -> Document:
    doc = get_object_or_404(Document.objects.select_related("tournament"), pk=doc_pk)
    try:
        _readable(request, doc.tournament, doc.kind, doc.key)
    except Http404:
        # The object the document was about is gone (a dropped round): officials may still read it.
        if not is_official(request.user, doc.tournament):
            raise
    return doc


@require_GET
def document_status(request: HttpRequest, doc_pk: int) -> JsonResponse:
    doc = _readable_document(request, doc_pk)
    return JsonResponse(
        {
            "status": doc.status,
            "label": str(doc.get_status_display()),
            "pages": doc.progress,
            "ready": doc.is_ready,
            "url": reverse("protocols:download", args=[doc.pk]) if doc.is_ready else None,
            "error": doc.error if doc.status == Document.Status.FAILED else "",
        }
    )


@require_GET
def download(request: HttpRequest, doc_pk: int) -> FileResponse:
    doc = _readable_document(request, doc_pk)
    if not doc.is_ready:
        raise Http404
    name = f"{doc.kind}-{doc.key}.pdf" if doc.key else f"{doc.kind}.pdf"
    return FileResponse(doc.file.open("rb"), content_type="application/pdf", filename=name)
