"""The documents page of a tournament, one page per document (make it, watch it, download it), the file."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from federation import register
from protocols import documents, names, register_docs, tasks
from protocols.docs import schedule
from protocols.forms import EvaluationForm, ReportForm, ScheduleForm
from protocols.models import ChiefJudgeReport, Document, JudgeEvaluation
from registration.models import Person
from registration.permissions import (
    EVALUATED_JUDGES,
    can_run,
    is_chief_judge,
    is_official,
    tournament_for_chief_judge,
    tournament_for_secretary,
)
from tournaments.models import Tournament, log


def _readable(request: HttpRequest, t: Tournament, kind: str, key: str) -> None:
    documents.check(t, kind, key)  # 404 for an unknown kind or a key naming nothing
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
    context = {
        "t": t,
        "sections": documents.available(t, official),
        "official": official,
        "runner": can_run(request.user, t),
        "chief_judge": is_chief_judge(request.user, t),
        # An event of a competition: its officials find the competition's own documents there (004 §1.2).
        "competition": t.competition if official and t.competition_id else None,
    }
    return render(request, "protocols/list.html", context)


@require_http_methods(["GET", "POST"])
def document(request: HttpRequest, pk: int, kind: str, key: int | str = "") -> HttpResponse:
    t = get_object_or_404(Tournament, pk=pk)
    key = str(key)
    _readable(request, t, kind, key)
    if request.method == "POST":
        doc = tasks.request_document(t, kind, key, request.user)
        return redirect(_document_url(doc))
    # Which document is current comes from the tournament's version: the page builds no document data.
    current = documents.latest(t, kind, key, documents.current_version(t, kind))
    older = Document.objects.filter(tournament=t, kind=kind, key=key, status=Document.Status.READY)
    previous = (older.exclude(pk=current.pk) if current else older).first()
    failed = None
    if current is None:
        failed = Document.objects.filter(
            tournament=t, kind=kind, key=key, status=Document.Status.FAILED
        ).first()
    # A competition's document (kept with its first event) belongs to the competition, not to that event
    # (004 §1.2): its page leads back to the competition and its documents, not to the event's tabs.
    spec = documents.spec(kind)
    competition = t.competition if spec.competition else None
    context = {
        "t": t,
        "competition": competition,
        "competition_official": competition is not None and is_official(request.user, t),
        "kind": kind,
        "title": spec.title,
        "key": key,
        "subtitle": spec.subtitle(key) if key and spec.subtitle else "",
        "doc": current,
        # Its worker (or the embedded default's thread) died: the page offers to make it again.
        "stuck": current is not None and current.is_stuck(timezone.now(), settings.DOCUMENTS_LEASE_SECONDS),
        "previous": previous,
        "failed": failed if failed and is_official(request.user, t) else None,
        "failed_any": failed is not None,
    }
    return render(request, "protocols/document.html", context)


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
    name = names.file_name(doc.tournament, doc.kind, doc.key)
    return FileResponse(
        doc.file.open("rb"), content_type="application/pdf", filename=name, as_attachment=True
    )


@require_GET
def document_pdf(request: HttpRequest, pk: int, kind: str, key: int | str = "") -> HttpResponseBase:
    """Documents in one click (issue 14 item 9): the PDF of the current data — made now if needed — is
    downloaded at once; while a worker is still making it, the document's page shows the progress and starts
    the download by itself when it is ready."""
    t = get_object_or_404(Tournament, pk=pk)
    key = str(key)
    _readable(request, t, kind, key)
    doc = tasks.request_document(t, kind, key, request.user)
    if doc.is_ready:
        return download(request, doc.pk)
    return redirect(_document_url(doc) + "?download=1")


@require_http_methods(["GET", "POST"])
def schedule_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """The secretary plans the start of each round (004 §6.2.3 item 3); the schedule and the pairings print
    it. A finished tournament's plan is read-only."""
    t = tournament_for_secretary(request, pk)
    locked = t.is_closed
    form = ScheduleForm(request.POST or None, tournament=t, count=schedule.planned_round_count(t))
    if locked:
        for field in form.fields.values():
            field.disabled = True
    if request.method == "POST":
        if locked:
            messages.error(request, _("The tournament is finished: its data can no longer be changed."))
            return redirect("protocols:schedule_edit", pk=pk)
        if form.is_valid():
            with transaction.atomic():
                changed = form.save()
                if changed:
                    log(t, request.user, "schedule", _("Schedule: %(c)s") % {"c": "; ".join(changed)})
            messages.success(request, _("Saved."))
            return redirect("protocols:document", pk=pk, kind="schedule")
    status = 400 if request.method == "POST" else 200
    return render(
        request, "protocols/schedule_form.html", {"t": t, "form": form, "locked": locked}, status=status
    )


@require_http_methods(["GET", "POST"])
def report_edit(request: HttpRequest, pk: int) -> HttpResponse:
    """The chief judge types the notes of his written report (004 §6.2.1 item 6). The report is written when
    the competition is over, so it stays editable after the tournament is finished; every change is logged."""
    t = tournament_for_chief_judge(request, pk)
    report = ChiefJudgeReport.objects.filter(tournament=t).first() or ChiefJudgeReport(tournament=t)
    form = ReportForm(request.POST or None, instance=report)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            saved = form.save(commit=False)
            saved.updated_by = request.user
            saved.save()
            log(
                t,
                request.user,
                "report",
                _("Chief judge's report: %(f)s") % {"f": ", ".join(form.changed_data) or "—"},
                clause="004 §6.2.1 item 6",
            )
        messages.success(request, _("Saved."))
        return redirect("protocols:document", pk=pk, kind="report")
    status = 400 if request.method == "POST" else 200
    return render(request, "protocols/report_form.html", {"t": t, "form": form}, status=status)


def judges_evaluation(request: HttpRequest, pk: int) -> HttpResponse:
    """004 §6.2.1 item 7: the chief judge evaluates the work of the judges who served the competition — a mark
    and a comment each, printed in his report; editable after the finish like the report; logged."""
    t = tournament_for_chief_judge(request, pk)
    officials = list(
        t.officials.filter(role__in=EVALUATED_JUDGES)
        .select_related("person", "evaluation")
        .order_by("role", "pk")
    )
    initial: dict[str, object] = {}
    for o in officials:
        try:
            given = o.evaluation  # type: ignore[attr-defined]  # the reverse one-to-one of JudgeEvaluation
        except JudgeEvaluation.DoesNotExist:
            continue
        initial[f"mark_{o.pk}"], initial[f"comment_{o.pk}"] = given.mark, given.comment
    form = EvaluationForm(request.POST or None, officials=officials, initial=initial)
    if request.method == "POST" and form.is_valid():
        marks = form.marks()
        with transaction.atomic():
            for o, mark, comment in marks:
                JudgeEvaluation.objects.update_or_create(
                    official=o, defaults={"mark": mark, "comment": comment, "updated_by": request.user}
                )
            log(
                t,
                request.user,
                "judges_evaluation",
                _("Judges evaluated: %(j)s")
                % {"j": ", ".join(f"{o.person.short_name} {m}" for o, m, _c in marks) or "—"},
                clause="004 §6.2.1 item 7",
            )
        messages.success(request, _("Saved."))
        return redirect("protocols:document", pk=pk, kind="report")
    status = 400 if request.method == "POST" else 200
    return render(
        request,
        "protocols/judges_evaluation.html",
        {"t": t, "form": form, "officials": officials},
        status=status,
    )


# --- the federation register's documents (issue 31 §1): public, made on each request ---------------------


def _pdf(content: bytes, name: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(as_attachment=False, filename=name) or ""
    return response


@require_GET
def judge_practice_pdf(request: HttpRequest, person_pk: int) -> HttpResponse:
    """A judge's «справка о судейской практике»: 404 for a person with no category and no practice."""
    person = get_object_or_404(Person, pk=person_pk)
    data = register.practice_certificate(person, timezone.localdate())
    if not data.categories and not data.events:
        raise Http404
    return _pdf(register_docs.render_practice(data), f"справка о судейской практике {person.pk}.pdf")


@require_GET
def season_judges_pdf(request: HttpRequest, year: int) -> HttpResponse:
    """The season's judges' list (a year from 2000 to next year; another is a 404)."""
    today = timezone.localdate()
    if not 2000 <= year <= today.year + 1:
        raise Http404
    data = register.season_judges(year, today)
    return _pdf(register_docs.render_season(data), f"судьи сезона {year}.pdf")
