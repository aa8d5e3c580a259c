"""The report package (issue 32 §4): one ZIP per event for the federation — the final protocol, the chief
judge's report, the registration protocol, the rank dossiers, the whole-tournament workbook, the list of fee
payers where the event has fees, and a manifest — mailed to the season's federation address, due a number of
days after the finish (``season.Season.report_deadline_days``).

It refuses to build while a mandatory field is missing (``missing``): the ЕКП number, the discipline's ВРВС
code, the panel's signatures as names and categories (the chief judge and the chief secretary, each with a
judging category); the tournament must be finished (the final protocol signed).

The documents are protocols' own (``protocols.documents.render_document``: the same data and layout as the
documents page), the workbook public's (``public.export_views.tournament_sheets``), the dossiers this app's
(``reporting.dossier``).
"""

from __future__ import annotations

import datetime
import hashlib
import io
import zipfile
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.mail import EmailMessage
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from fees.manager import schedule
from protocols import documents
from protocols.documents import DOCUMENT_LANGUAGE
from protocols.facts import official
from protocols.layout import capfirst
from public.export_views import tournament_sheets
from public.exports import write_xlsx
from registration.models import Official
from reporting import dossier
from reporting.models import Archive, ReportSent
from season.models import Season
from tournaments.models import Tournament

MANIFEST = "manifest.txt"


class PackageError(Exception):
    """A user error (translated, shown as it is): a mandatory field missing, or nowhere to send it."""


@dataclass(frozen=True)
class Part:
    name: str  # its path in the ZIP
    content: bytes
    what: str  # what it is, for the manifest


def missing(t: Tournament) -> list[str]:
    """Issue 32 §4: what the package still needs, each in a sentence (empty: it may be built)."""
    out = []
    if t.status != Tournament.Status.FINISHED:
        out.append(_("The tournament is not finished: the final protocol is not signed yet."))
    event = dossier.calendar_of(t)
    if event is None:
        out.append(_("The competition is not in a season's calendar: the ЕКП number is missing."))
    elif not event.ekp_number.strip():
        out.append(_("The ЕКП number is missing in the season's calendar."))
    if not dossier.discipline_code(t):
        out.append(
            _("The ВРВС code of the discipline «%(d)s» is missing.") % {"d": t.get_discipline_display()}
        )
    # The panel's signatures as names and categories: the chief judge and the chief secretary sign.
    unnamed = {
        Official.Role.CHIEF_JUDGE: _("The chief judge is not named: the signature needs his name."),
        Official.Role.CHIEF_SECRETARY: _("The chief secretary is not named: the signature needs his name."),
    }
    uncategorised = {
        Official.Role.CHIEF_JUDGE: _("The chief judge %(name)s has no judging category."),
        Official.Role.CHIEF_SECRETARY: _("The chief secretary %(name)s has no judging category."),
    }
    for role, text in unnamed.items():
        o = official(t, role)
        if o is None:
            out.append(text)
        elif not o.judging_category:
            out.append(uncategorised[role] % {"name": o.person.short_name})
    return out


def season_of(t: Tournament) -> Season | None:
    event = dossier.calendar_of(t)
    return event.season if event is not None else None


def deadline(t: Tournament) -> datetime.date | None:
    """The day the package is due: the season's number of days after the finish (None: no season, or the
    tournament is not finished)."""
    season = season_of(t)
    if season is None or t.finished_at is None:
        return None
    return timezone.localdate(t.finished_at) + datetime.timedelta(days=season.report_deadline_days)


def countdown(t: Tournament, today: datetime.date) -> dict:
    """Issue 32 §4: the deadline as the chief judge's desk counts it down: the day due, the days left (or
    overdue), and when the package was sent (then no countdown)."""
    due = deadline(t)
    sent = t.reports_sent.order_by("-sent_at").values_list("sent_at", flat=True).first()
    left = (due - today).days if due else None
    return {
        "due": due,
        "days_left": left,
        "overdue": -left if left is not None and left < 0 else 0,
        "sent_at": sent,
    }


def parts(t: Tournament, progress: Callable[[int], None] | None = None) -> list[Part]:
    """The package's files, the manifest last. Raises PackageError while a mandatory field is missing."""
    gaps = missing(t)
    if gaps:
        raise PackageError(" ".join(gaps))
    out: list[Part] = []

    def add(name: str, content: bytes, what: str) -> None:
        out.append(Part(name, content, what))
        if progress is not None:
            progress(len(out))

    add("01_final_protocol.pdf", documents.render_document(t, "final", "")[0], _("final protocol"))
    add(
        "02_chief_judge_report.pdf",
        documents.render_document(t, "report", "")[0],
        _("the chief judge's report"),
    )
    add(
        "03_registration_protocol.pdf",
        documents.render_document(t, "registration", "")[0],
        _("registration protocol"),
    )
    add("04_tournament.xlsx", write_xlsx(tournament_sheets(t)), _("the whole tournament's workbook"))
    if schedule(t) is not None:  # where the event has fees
        add("05_fee_payers.pdf", documents.render_document(t, "payers", "")[0], _("list of entry fee payers"))
    for d in dossier.dossiers(t):
        add(f"dossiers/{d.file_name}", dossier.render(d), _("rank dossier: %(n)s") % {"n": d.name})
    out.append(Part(MANIFEST, manifest(t, out), _("manifest")))
    return out


def manifest(t: Tournament, files: list[Part]) -> bytes:
    """What the package is and holds: the event's facts, then each file with its size and SHA-256."""
    event = dossier.calendar_of(t)
    lines = [
        _("Report package"),
        f"{_('Tournament')}: {t.name}",
        f"{_('Competition')}: {t.competition.name if t.competition else '—'}",
        f"{capfirst(_('ЕКП number'))}: {event.ekp_number if event else '—'}",
        f"{_('ВРВС code of the discipline')}: {dossier.discipline_code(t)}",
        f"{_('Status of the competition')}: {dossier.status_of(t, event)}",
        f"{_('Dates')}: {t.start_date:%d.%m.%Y}–{t.end_date:%d.%m.%Y}",
        f"{_('Made at')}: {timezone.localtime():%d.%m.%Y %H:%M}",
        "",
    ]
    for f in files:
        lines.append(f"{f.name}\t{len(f.content)}\t{hashlib.sha256(f.content).hexdigest()}\t{f.what}")
    return ("\n".join(lines) + "\n").encode()


def build(t: Tournament, progress: Callable[[int], None] | None = None) -> tuple[bytes, int]:
    """The package's ZIP and the number of files in it (in the documents' language, as they are filed)."""
    with translation.override(DOCUMENT_LANGUAGE):
        files = parts(t, progress)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for f in files:
            z.writestr(f.name, f.content)
    return buffer.getvalue(), len(files)


def send(t: Tournament, archive: Archive, user) -> ReportSent:
    """Mail the package (a ready archive) to the season's federation address and record it (issue 32 §4)."""
    season = season_of(t)
    if season is None or not season.federation_email:
        raise PackageError(_("The season has no federation e-mail for reports: there is nowhere to send it."))
    if archive.kind != Archive.Kind.PACKAGE or archive.status != Archive.Status.READY or not archive.file:
        raise PackageError(_("The report package is not made yet."))
    with archive.file.open("rb") as f:
        content = f.read()
    event = dossier.calendar_of(t)
    subject = _("Report: %(t)s (ЕКП %(n)s)") % {"t": t.name, "n": event.ekp_number if event else "—"}
    body = _("The report package of «%(t)s» (%(d)s), %(n)s files; the manifest lists them.") % {
        "t": t.name,
        "d": f"{t.start_date:%d.%m.%Y}–{t.end_date:%d.%m.%Y}",
        "n": archive.files,
    }
    message = EmailMessage(subject, body, settings.DEFAULT_FROM_EMAIL, [season.federation_email])
    message.attach(f"report-{t.pk}.zip", content, "application/zip")
    message.send()
    with transaction.atomic():
        return ReportSent.objects.create(
            tournament=t, archive=archive, sent_at=timezone.now(), sent_by=user, to=season.federation_email
        )
