"""The TRF upload and download for officials (issue 29 §4): the same converter as the commands."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from interchange.manager import ImportError_, export_trf, import_trf
from registration.permissions import tournament_for_secretary
from tournaments.models import UnplayedRule

MAX_TRF_BYTES = 2 * 1024 * 1024  # a 1,000-player, 15-round TRF is about 250 KB


class TrfUploadForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("TRF file"))
    unplayed = forms.ChoiceField(
        label=gettext_lazy("unplayed games in tie-breaks"),
        choices=UnplayedRule.choices,
        initial=UnplayedRule.FIDE2009,
    )
    tiebreaks = forms.CharField(
        label=gettext_lazy("tie-break order"),
        required=False,
        help_text=gettext_lazy("Keys separated by commas; empty: the Swiss default."),
    )


def trf_upload(request: HttpRequest) -> HttpResponse:
    """A tournament from a TRF file: whoever may create tournaments; he becomes its chief secretary."""
    if not request.user.has_perm("tournaments.add_tournament"):
        raise PermissionDenied
    form = TrfUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MAX_TRF_BYTES:
            form.add_error("file", _("The file is larger than 2 MB: not a TRF of one tournament."))
        else:
            raw = upload.read()
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = raw.decode("latin-1")
            try:
                report = import_trf(
                    text,
                    filename=upload.name,
                    user=request.user,
                    tiebreaks=form.cleaned_data["tiebreaks"] or None,
                    unplayed=form.cleaned_data["unplayed"],
                )
            except ImportError_ as exc:
                form.add_error("file", _("The file was not imported: %(e)s") % {"e": exc})
            else:
                messages.success(
                    request,
                    _(
                        "Imported: %(p)s participants, %(m)s matches (%(d)s draws of another sport, %(f)s "
                        "forfeits, %(a)s absences, %(b)s requested byes). Its results are read-only."
                    )
                    % {
                        "p": report.players,
                        "m": report.matches,
                        "d": len(report.draws),
                        "f": len(report.forfeits),
                        "a": len(report.absences),
                        "b": len(report.requested_byes),
                    },
                )
                return redirect("public:standings", pk=report.tournament.pk)
    return render(request, "interchange/upload.html", {"form": form})


def trf_download(request: HttpRequest, pk: int) -> HttpResponse:
    """The tournament as TRF-16 (``?version=26``: TRF-2026), for its officials (a personal Swiss only)."""
    tournament = tournament_for_secretary(request, pk)
    if not tournament.is_swiss or tournament.is_team_event:
        raise PermissionDenied
    version = 26 if request.GET.get("version") == "26" else 16
    response = HttpResponse(export_trf(tournament, version), content_type="text/plain; charset=utf-8")
    suffix = "-trf26" if version == 26 else ""
    response["Content-Disposition"] = f'attachment; filename="tournament-{pk}{suffix}.trf"'
    return response
