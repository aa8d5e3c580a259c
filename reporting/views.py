"""The pages of the season's paperwork (issue 32 §3–4): the ЕВСК norms table (the federation's staff), and an
event's reporting page (its chief judge and the staff): the rank dossiers, the report package, its sending."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from federation.models import NormDocument
from federation.norms import effective_norms
from protocols.names import latin
from protocols.tasks import big
from reporting import dossier, package, tasks
from reporting.access import check_staff, tournament_for_reporting
from reporting.forms import EvskNormFormSet, NormDocumentForm
from reporting.models import Archive

# --- the ЕВСК norms (the federation's staff) ----------------------------------------------------------------


def norms(request: HttpRequest) -> HttpResponse:
    """Issue 32 §3: the documents of the ЕВСК norms, newest first, and a new one."""
    check_staff(request)
    form = NormDocumentForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            doc = form.save()
        messages.success(request, _("Saved. Now enter its norms."))
        return redirect("reporting:norm_document", pk=doc.pk)
    documents = NormDocument.objects.all()
    return render(
        request,
        "reporting/norms.html",
        {"documents": documents, "form": form},
        status=400 if request.method == "POST" else 200,
    )


def norm_document(request: HttpRequest, pk: int) -> HttpResponse:
    """Issue 32 §3: one document's table: a row per status × discipline × gender × age group × rank."""
    check_staff(request)
    doc = get_object_or_404(NormDocument, pk=pk)
    form = NormDocumentForm(request.POST or None, request.FILES or None, instance=doc, prefix="doc")
    formset = EvskNormFormSet(request.POST or None, instance=doc, prefix="norms")
    if request.method == "POST" and form.is_valid() and formset.is_valid():
        with transaction.atomic():
            form.save()
            formset.save()
        messages.success(request, _("Saved."))
        return redirect("reporting:norm_document", pk=pk)
    return render(
        request,
        "reporting/norm_document.html",
        {"doc": doc, "form": form, "formset": formset},
        status=400 if request.method == "POST" else 200,
    )


# --- an event's reporting page -----------------------------------------------------------------------------


def event(request: HttpRequest, pk: int) -> HttpResponse:
    """Issue 32 §3–4: the rank dossiers, the package's missing fields and deadline, its archives, sending."""
    t = tournament_for_reporting(request, pk)
    norms = effective_norms(t)
    archives = list(t.archives.select_related("requested_by")[:10])
    return render(
        request,
        "reporting/event.html",
        {
            "t": t,
            "norms": norms,
            # A big field's dossiers are listed from the ZIP made off the request, not computed here.
            "dossiers": [] if big(t) else dossier.dossiers(t),
            "big": big(t),
            "missing": package.missing(t),
            **package.countdown(t, timezone.localdate()),
            "season": package.season_of(t),
            "archives": archives,
            "package": next(
                (a for a in archives if a.kind == Archive.Kind.PACKAGE and a.status == Archive.Status.READY),
                None,
            ),
            "sent": t.reports_sent.select_related("sent_by")[:20],
        },
    )


def dossier_pdf(request: HttpRequest, pk: int, participant: int) -> HttpResponse:
    """One athlete's dossier (PDF); 404 for one whose place fulfilled no rank that counts."""
    t = tournament_for_reporting(request, pk)
    found = next((d for d in dossier.dossiers(t) if d.participant_id == participant), None)
    if found is None:
        raise Http404
    response = HttpResponse(dossier.render(found), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{found.file_name}"'
    return response


@require_POST
def make(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """Make the event's dossiers' ZIP or its report package (the package refuses while a field is missing)."""
    t = tournament_for_reporting(request, pk)
    if kind not in Archive.Kind.values:
        raise Http404
    if kind == Archive.Kind.PACKAGE:
        gaps = package.missing(t)
        if gaps:
            for gap in gaps:
                messages.error(request, gap)
            messages.error(request, _("The report package is not made: fill in what is missing first."))
            return redirect("reporting:event", pk=pk)
    with transaction.atomic():
        # No change-log entry: it would bump the version and the documents of a finished event with it.
        archive = tasks.start(t, kind, request.user)
    if archive.status == Archive.Status.FAILED:
        messages.error(request, archive.error)
    elif archive.status == Archive.Status.PENDING:
        messages.info(request, _("Being made: reload this page in a while."))
    else:
        messages.success(request, _("Made."))
    return redirect("reporting:event", pk=pk)


def download(request: HttpRequest, pk: int, archive: int) -> FileResponse:
    t = tournament_for_reporting(request, pk)
    found = get_object_or_404(Archive, pk=archive, tournament=t, status=Archive.Status.READY)
    name = f"{latin(t.name) or t.pk}-{found.kind}.zip"
    return FileResponse(found.file.open("rb"), as_attachment=True, filename=name)


@require_POST
def send(request: HttpRequest, pk: int) -> HttpResponse:
    """Issue 32 §4: mail the latest ready package to the season's federation address and record it."""
    t = tournament_for_reporting(request, pk)
    archive = t.archives.filter(kind=Archive.Kind.PACKAGE, status=Archive.Status.READY).first()
    gaps = package.missing(t)
    if gaps or archive is None:
        for gap in gaps:
            messages.error(request, gap)
        if archive is None:
            messages.error(request, _("The report package is not made yet."))
        return redirect("reporting:event", pk=pk)
    try:
        sent = package.send(t, archive, request.user)
    except package.PackageError as exc:
        messages.error(request, str(exc))
        return redirect("reporting:event", pk=pk)
    except OSError as exc:  # the mail server refused or is unreachable: nothing recorded
        messages.error(request, _("The mail was not sent: %(e)s") % {"e": exc})
        return redirect("reporting:event", pk=pk)
    messages.success(request, _("Sent to %(to)s.") % {"to": sent.to})
    return redirect("reporting:event", pk=pk)
