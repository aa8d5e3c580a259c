"""Entries, admission, officials and the registration protocol (004 §2, §5.1, §5.3).

Function views that read top to bottom: fetch, check access, act, redirect or render. Every change goes
through ``registration.manager`` (one transaction, logged); a user error changes nothing.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_ratelimit.core import is_ratelimited

from registration import imports, manager, permissions, signals, tasks
from registration.forms import (
    AgreementForm,
    BulkDecisionForm,
    DecisionForm,
    DocumentsForm,
    EntryForm,
    ImportForm,
    MemberFormSet,
    OfficialForm,
    ParticipantDocumentsForm,
    ParticipantEditForm,
    ParticipantForm,
    RankNormFormSet,
    ReasonForm,
    RegistrationSettingsForm,
    TeamEntryForm,
    log_entry_received,
    save_team_entry,
)
from registration.models import (
    Entry,
    EntryImport,
    Official,
    Participant,
    Person,
    RegistrationSettings,
    Source,
    TeamEntry,
    accepts_participants,
)
from registration.permissions import (
    can_decide,
    can_manage_officials,
    can_run,
    is_official,
    is_own_entry,
    may_admit,
    may_manage,
    may_sanction_official,
    may_tick_document,
    tournament_for_admission,
    tournament_for_commission,
    tournament_for_officials,
    tournament_for_secretary,
)
from registration.tables import EntryTable
from tournaments.models import Character, Tournament, log
from tournaments.validators import sane_int

# --- self-registration --------------------------------------------------------------------------------------


def _signed_in(request: HttpRequest) -> User:
    """The official who asks: ``tournament_for_commission`` has let him in, so he is never anonymous."""
    if isinstance(request.user, AnonymousUser):
        raise PermissionDenied
    return request.user


def _rate_limited(request: HttpRequest) -> HttpResponse | None:
    """The public forms take at most PUBLIC_FORMS_RATE submissions per address (django-ratelimit on the
    cache; issue 13 item 6): past that, a Russian page, HTTP 429, nothing saved."""
    if request.method != "POST":
        return None
    return rate_limited(request, "public-entry", settings.PUBLIC_FORMS_RATE)


def rate_limited(request: HttpRequest, group: str, rate: str, key="ip") -> HttpResponse | None:
    """One counted request of ``group`` (django-ratelimit on the cache, by ``key``): the Russian 429 page
    once past ``rate``, else None. Shared by every form anybody may send without an account (the public
    entry forms; the private match links, issue 14 item 2)."""
    if is_ratelimited(request, group=group, key=key, rate=rate, increment=True):
        return render(request, "accounts/rate_limited.html", status=429)
    return None


def register(request: HttpRequest, pk: int) -> HttpResponse:
    """The public entry form, while the tournament has opened it and before its deadline."""
    tournament = get_object_or_404(Tournament, pk=pk)
    limited = _rate_limited(request)
    if limited:
        return limited
    closed = _closed(request, tournament)
    if closed:
        return closed
    if tournament.character == Character.TEAM:
        return redirect("registration:register_team", pk=pk)
    form = EntryForm(request.POST or None, tournament=tournament, initial=own_data(request.user), public=True)
    if request.method == "POST" and form.is_valid():
        try:
            entry = form.save(source=Source.SELF, user=request.user)
        except manager.AdmissionError as exc:  # finished a moment ago (004 §6.2.1 item 6)
            form.add_error(None, str(exc))
            return render(
                request,
                "registration/register.html",
                {"t": tournament, "form": form, "reg": RegistrationSettings.of(tournament)},
                status=400,
            )
        if entry is not None:
            log_entry_received(entry, request.user)
        # One answer whether the entry was new or a second one for a person (issue 13 item 2): the form
        # tells nobody who is entered; the commission sees a second entry in the change log.
        messages.success(
            request,
            _(
                "Entry received. The admission commission will examine it; bring your identity document, "
                "medical clearance and insurance policy."
            ),
        )
        return redirect("public:detail", pk=pk)
    return render(
        request,
        "registration/register.html",
        {
            "t": tournament,
            "form": form,
            "reg": RegistrationSettings.of(tournament),
            "fee_line": signals.fee_text(tournament),  # issue 34: the regulation's fee, if any
        },
        status=400 if request.method == "POST" else 200,
    )


def register_team(request: HttpRequest, pk: int) -> HttpResponse:
    """The public team entry (the model form at the end of 004): the team and its members."""
    tournament = get_object_or_404(Tournament, pk=pk)
    limited = _rate_limited(request)
    if limited:
        return limited
    closed = _closed(request, tournament)
    if closed:
        return closed
    if tournament.character == Character.PERSONAL:
        return redirect("registration:register", pk=pk)
    return _team_form(request, tournament, Source.SELF)


def _closed(request: HttpRequest, tournament: Tournament) -> HttpResponse | None:
    reg = RegistrationSettings.of(tournament)
    if reg.accepts_self_registration(timezone.now()):
        return None
    # Refused before the form is even read: nothing is saved.
    return render(request, "registration/register_closed.html", {"t": tournament, "reg": reg}, status=403)


def own_data(user) -> dict:
    """What a public entry form starts with for a signed-in person: his own record."""
    person = Person.objects.filter(user=user).first() if user.is_authenticated else None
    if person is None:
        return {}
    return {
        "surname": person.surname,
        "name": person.name,
        "patronymic": person.patronymic,
        "birth_date": person.birth_date,
        "gender": person.gender,
        "organisation": person.organisation,
        "region": person.region,
        "responsible_name": person.full_name,
        "responsible_email": user.email,
    }


def _team_form(request: HttpRequest, tournament: Tournament, source: str) -> HttpResponse:
    data = request.POST if request.method == "POST" else None
    team_form = TeamEntryForm(data, tournament=tournament)
    public = source == Source.SELF
    members = MemberFormSet(data, tournament=tournament, prefix="m", public=public)
    if data is not None and team_form.is_valid() and members.is_valid():
        try:
            team = save_team_entry(team_form, members, source=source, user=request.user)
        except manager.AdmissionError as exc:
            team_form.add_error(None, str(exc))
        else:
            # On the public form the count is of the members sent, not of those saved (a second entry for a
            # person is not saved and not told: issue 13 item 2).
            count = team.members.count() if not public else sum(f.has_changed() for f in members.forms)
            log(
                tournament,
                request.user,
                "entry",
                _("Team entry received: %(t)s, %(n)s members") % {"t": team.name, "n": team.members.count()},
                team_entry=team.pk,
            )
            messages.success(
                request, _("Team entry «%(t)s» received: %(n)s members.") % {"t": team.name, "n": count}
            )
            if source == Source.SELF:
                return redirect("public:detail", pk=tournament.pk)
            return redirect("registration:team_entry", pk=tournament.pk, team_pk=team.pk)
    return render(
        request,
        "registration/team_form.html",
        {"t": tournament, "form": team_form, "members": members, "public": source == Source.SELF},
        status=400 if data is not None else 200,
    )


# --- the commission's list and forms ------------------------------------------------------------------------


def entry_list(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    if not is_official(request.user, tournament):
        raise PermissionDenied  # personal data: the tournament's officials only
    entries = tournament.entries.select_related("person", "team_entry", "decided_by")
    status = request.GET.get("status", "")
    if status in Entry.Status.values:
        entries = entries.filter(status=status)
    checker = manager.Checker(tournament)
    unpaid, _bars = signals.unpaid(tournament)  # issue 34: «не оплачено» for the commission to see
    rows = [
        {"entry": entry, "verdicts": checker.verdicts(entry), "unpaid": entry.person_id in unpaid}
        for entry in checker.prefetch(entries)
    ]
    counts = dict.fromkeys(Entry.Status.values, 0)
    for value in tournament.entries.values_list("status", flat=True):
        counts[value] += 1
    decider = can_decide(request.user, tournament)
    admits = may_admit(request.user, tournament)  # 004 §5.3.1: the bulk decision is the commission's
    hidden = ["team"] if tournament.character == Character.PERSONAL else []
    if not admits or tournament.read_only_reason:
        hidden.append("select")
    table = EntryTable(rows, exclude=tuple(hidden))
    return render(
        request,
        "registration/list.html",
        {
            "t": tournament,
            "table": table,
            "status": status,
            "statuses": [(value, label, counts[value]) for value, label in Entry.Status.choices],
            "decider": decider,
            "bulk": admits and not tournament.read_only_reason,
            "bulk_form": BulkDecisionForm(),
            "runner": can_run(request.user, tournament),
            "teams": tournament.team_entries.all() if tournament.character != Character.PERSONAL else None,
        },
    )


def entry_add(request: HttpRequest, pk: int) -> HttpResponse:
    """The secretary enters one entry (received on paper, by mail...)."""
    tournament = tournament_for_commission(request, pk)
    form = EntryForm(
        request.POST or None, tournament=tournament, initial={"team_name": request.GET.get("team", "")}
    )
    if request.method == "POST" and form.is_valid():
        try:
            entry = form.save(source=Source.SECRETARY, user=request.user)
        except manager.AdmissionError as exc:
            form.add_error(None, str(exc))
        else:
            assert entry is not None  # only a public form's save answers None (a duplicate)
            log(
                tournament,
                request.user,
                "entry",
                _("Entry entered: %(p)s") % {"p": entry.person},
                entry=entry.pk,
            )
            messages.success(request, _("Entry of %(p)s saved.") % {"p": entry.person})
            return redirect("registration:entry", pk=pk, entry_pk=entry.pk)
    return render(
        request,
        "registration/form.html",
        {"t": tournament, "form": form, "title": _("New entry")},
        status=400 if request.method == "POST" else 200,
    )


def team_entry_add(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_for_commission(request, pk)
    if tournament.character == Character.PERSONAL:
        messages.error(request, _("This tournament is personal: it takes no team entries."))
        return redirect("registration:entries", pk=pk)
    return _team_form(request, tournament, Source.SECRETARY)


def team_entry(request: HttpRequest, pk: int, team_pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    if not is_official(request.user, tournament):
        raise PermissionDenied
    team = get_object_or_404(TeamEntry, pk=team_pk, tournament=tournament)
    decider = can_decide(request.user, tournament)
    form = TeamEntryForm(request.POST or None, instance=team, tournament=tournament)
    if request.method == "POST":
        if not decider:
            raise PermissionDenied
        if form.is_valid():
            form.save()
            log(
                tournament,
                request.user,
                "team_entry",
                _("Team entry changed: %(t)s (%(f)s)") % {"t": team.name, "f": ", ".join(form.changed_data)},
                team_entry=team.pk,
            )
            messages.success(request, _("Team entry saved."))
            return redirect("registration:team_entry", pk=pk, team_pk=team.pk)
    members = team.members.select_related("person")
    return render(
        request,
        "registration/team_detail.html",
        {"t": tournament, "team": team, "form": form, "members": members, "decider": decider},
        status=400 if request.method == "POST" else 200,
    )


def entry_detail(request: HttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    entry = get_object_or_404(
        Entry.objects.select_related("person", "team_entry", "decided_by", "submitted_by"),
        pk=entry_pk,
        tournament=tournament,
    )
    official = is_official(request.user, tournament)
    if not official and not is_own_entry(request.user, entry):
        raise PermissionDenied
    checks = manager.check_rows(entry)
    decider = can_decide(request.user, tournament)
    return render(
        request,
        "registration/detail.html",
        {
            "t": tournament,
            "entry": entry,
            "person": entry.person,
            "automatic": [c for c in checks if c.kind == "automatic"],
            "documents": [c for c in checks if c.kind == "document"],
            "admissible": all(c.passed for c in checks),
            "decider": decider,
            "admits": may_admit(request.user, tournament),  # 004 §5.3.1
            # 004 §5.3.3: the doctor ticks the medical clearance (the commission ticks every document).
            "ticks_medical": may_tick_document(request.user, tournament, "has_medical_clearance"),
            "official": official,
            "participant": tournament.participants.filter(person=entry.person).first(),
            "history": manager.history(entry) if official else (),
            "documents_form": DocumentsForm(instance=entry),
            "decision_form": DecisionForm(initial={"status": entry.status}),
            "reason_form": ReasonForm(),
        },
    )


def entry_edit(request: HttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    tournament = tournament_for_commission(request, pk)
    entry = get_object_or_404(Entry.objects.select_related("person"), pk=entry_pk, tournament=tournament)
    if entry.status == Entry.Status.ADMITTED:
        messages.error(request, _("The entry is admitted: set it to pending before changing it."))
        return redirect("registration:entry", pk=pk, entry_pk=entry.pk)
    form = EntryForm(request.POST or None, instance=entry, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                saved = form.save(user=request.user)
                assert saved is not None  # only a public form's save answers None (a duplicate)
                entry = saved
                log(
                    tournament,
                    request.user,
                    "entry_changed",
                    _("Entry changed: %(p)s (%(f)s)")
                    % {"p": entry.person, "f": ", ".join(form.changed_data)},
                    entry=entry.pk,
                )
        except manager.AdmissionError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Entry saved."))
            return redirect("registration:entry", pk=pk, entry_pk=entry.pk)
    return render(
        request,
        "registration/form.html",
        {"t": tournament, "form": form, "entry": entry, "title": _("Entry of %(p)s") % {"p": entry.person}},
        status=400 if request.method == "POST" else 200,
    )


def _entry_for_commission(request: HttpRequest, pk: int, entry_pk: int) -> tuple[Tournament, Entry]:
    tournament = tournament_for_admission(request, pk)  # 004 §5.3.1: a decision on the entry
    return tournament, get_object_or_404(Entry, pk=entry_pk, tournament=tournament)


def _act(request: HttpRequest, pk: int, entry: Entry, action, success: str) -> HttpResponse:
    try:
        entry = action()
    except manager.AdmissionError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, success % {"p": entry.person, "s": entry.get_status_display()})
    return redirect("registration:entry", pk=pk, entry_pk=entry.pk)


@require_POST
def entry_documents(request: HttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    # 004 §5.3.1, §5.3.3: the commission ticks any document, the doctor the medical clearance.
    mine = [n for n in DocumentsForm.Meta.fields if may_tick_document(request.user, tournament, n)]
    if not mine:
        raise PermissionDenied
    entry = get_object_or_404(Entry, pk=entry_pk, tournament=tournament)
    form = DocumentsForm(request.POST)
    form.is_valid()  # booleans: an unticked box is simply False
    ticks = {name: bool(form.cleaned_data.get(name)) for name in mine}
    return _act(
        request,
        pk,
        entry,
        lambda: manager.record_documents(entry, request.user, **ticks),
        _("Documents of %(p)s saved."),
    )


@require_POST
def entry_decide(request: HttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    _tournament, entry = _entry_for_commission(request, pk, entry_pk)
    form = DecisionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a decision."))
        return redirect("registration:entry", pk=pk, entry_pk=entry.pk)
    d = form.cleaned_data
    return _act(
        request,
        pk,
        entry,
        lambda: manager.decide(entry, d["status"], d["reason"], request.user),
        _("Entry of %(p)s: %(s)s."),
    )


@require_POST
def entries_bulk(request: HttpRequest, pk: int) -> HttpResponse:
    """Admit or refuse many entries in one action, with the documents ticked for them all (issue 14 item 4).

    Each entry is still judged by every check with its clause; the page lists the refused ones with why."""
    tournament = tournament_for_admission(request, pk)  # 004 §5.3.1
    form = BulkDecisionForm(request.POST)
    ids = [int(v) for v in request.POST.getlist("entries") if str(v).isdigit()]
    if not ids:
        messages.error(request, _("Tick the entries to decide on."))
        return redirect("registration:entries", pk=pk)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
        return redirect("registration:entries", pk=pk)
    d = form.cleaned_data
    ticks = {name: True for name in DocumentsForm.Meta.fields if d.get(name)} or None
    try:
        outcome = manager.decide_many(tournament, ids, d["status"], d["reason"], request.user, ticks)
    except manager.AdmissionError as exc:
        messages.error(request, str(exc))
        return redirect("registration:entries", pk=pk)
    return render(
        request,
        "registration/bulk_result.html",
        {"t": tournament, "outcome": outcome, "status": Entry.Status(d["status"]).label},
    )


@require_POST
def entry_invalid(request: HttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    return _with_reason(request, pk, entry_pk, manager.declare_invalid, _("Entry of %(p)s declared invalid."))


@require_POST
def entry_valid(request: HttpRequest, pk: int, entry_pk: int) -> HttpResponse:
    return _with_reason(
        request, pk, entry_pk, manager.declare_valid, _("Entry of %(p)s is valid again and pending.")
    )


def _with_reason(request: HttpRequest, pk: int, entry_pk: int, change, success: str) -> HttpResponse:
    _tournament, entry = _entry_for_commission(request, pk, entry_pk)
    reason = request.POST.get("reason", "")
    return _act(request, pk, entry, lambda: change(entry, reason, request.user), success)


# --- import -------------------------------------------------------------------------------------------------


def entries_import(request: HttpRequest, pk: int) -> HttpResponse:
    """Upload a CSV or XLSX file; the preview (a Celery task with progress) shows every row's problems
    before anything is saved. The file is read here within its bounds, so a file that is not one of entries
    is told at once; the rows are checked by the task."""
    tournament = tournament_for_commission(request, pk)
    if tournament.read_only_reason and request.method == "POST":  # 004 §6.2.1 item 6: no file is read
        messages.error(request, tournament.read_only_reason)
        return redirect("registration:entries", pk=pk)
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        data = upload.read(imports.MAX_BYTES + 1)
        defaults = form.defaults()
        try:
            file_format, dataset, _ignored = imports.read_file(
                upload.name, data, defaults, imports.event_gender(tournament)
            )
        except imports.ImportFileError as exc:
            form.add_error("file", str(exc))
        else:
            tasks.stale_previews_cleared()
            with transaction.atomic():
                batch = EntryImport.objects.create(
                    tournament=tournament,
                    file_name=upload.name[:255],
                    file_format=file_format,
                    data=data,
                    status=EntryImport.Status.CHECKING,
                    total=len(dataset),
                    defaults=defaults,
                    created_by=_signed_in(request),
                )
                tasks.enqueue(tasks.preview_import, batch.pk, big=tasks.background(batch.total))
            batch.refresh_from_db()
            return _batch_page(request, tournament, batch)
    return render(
        request,
        "registration/import.html",
        {"t": tournament, "form": form, "columns": imports.COLUMNS, "required": imports.REQUIRED},
        status=400 if request.method == "POST" else 200,
    )


def _batch_page(request: HttpRequest, tournament: Tournament, batch: EntryImport) -> HttpResponse:
    """The file's page: its progress while a task works on it, then the preview or what was saved."""
    context = {"t": tournament, "batch": batch, "outcome": tasks.outcome_of(batch)}
    working = batch.status in (EntryImport.Status.CHECKING, EntryImport.Status.IMPORTING)
    template = "registration/import_progress.html" if working else "registration/import_preview.html"
    return render(
        request, template, context, status=400 if batch.status == EntryImport.Status.FAILED else 200
    )


def entries_import_batch(request: HttpRequest, pk: int, batch_pk: int) -> HttpResponse:
    tournament = tournament_for_commission(request, pk)
    batch = get_object_or_404(EntryImport, pk=batch_pk, tournament=tournament)
    return _batch_page(request, tournament, batch)


def entries_import_status(request: HttpRequest, pk: int, batch_pk: int) -> JsonResponse:
    tournament = tournament_for_commission(request, pk)
    batch = get_object_or_404(EntryImport, pk=batch_pk, tournament=tournament)
    working = batch.status in (EntryImport.Status.CHECKING, EntryImport.Status.IMPORTING)
    return JsonResponse(
        {"status": batch.status, "progress": batch.progress, "total": batch.total, "done": not working}
    )


def _decisions(request: HttpRequest, outcome: imports.Outcome) -> tuple[dict, list[int]]:
    """The secretary's answer to each "maybe the same person" proposal: a proposed person (one not entered
    here, and his own to join: ``imports.Candidate.own``), a new person (not for a row naming him by
    initials) or "skip"; the rows left unanswered."""
    decisions, missing = {}, []
    for plan in outcome.twins:
        value = request.POST.get(f"person-{plan.line}", "")
        allowed = {str(c.person) for c in plan.candidates if c.entry is None and c.own} | {"skip"}
        if plan.may_be_new:
            allowed.add("new")
        if value in allowed:
            decisions[str(plan.line)] = value
        else:
            missing.append(plan.line)
    return decisions, missing


def _names(request: HttpRequest, outcome: imports.Outcome) -> tuple[dict, bool]:
    """The split of each «ФИО» cell as the secretary left it in the preview ({line: [surname, name,
    patronymic]}) and whether he changed any of them there."""
    names, changed = {}, False
    for plan in outcome.plans:
        if not plan.split:
            continue
        posted = [
            " ".join(request.POST.get(f"{part}-{plan.line}", shown).split())[:100]
            for part, shown in zip(("surname", "name", "patronymic"), plan.split, strict=True)
        ]
        names[str(plan.line)] = posted
        changed = changed or tuple(posted) != tuple(plan.split)
    return names, changed


def _recheck(request: HttpRequest, tournament: Tournament, batch: EntryImport, names: dict) -> HttpResponse:
    """The preview made again with the secretary's names (in the same transaction as the batch's lock)."""
    batch.status, batch.progress = EntryImport.Status.CHECKING, 0
    batch.decisions = {"names": names}
    batch.save(update_fields=["status", "progress", "decisions"])
    tasks.enqueue(tasks.preview_import, batch.pk, big=tasks.background(batch.total))
    return redirect("registration:import_batch", pk=tournament.pk, batch_pk=batch.pk)


@require_POST
def entries_import_recheck(request: HttpRequest, pk: int, batch_pk: int) -> HttpResponse:
    """Check the file again with the names as the secretary corrected them in the preview (the rows, the
    proposals and the problems follow the new names); nothing is saved."""
    tournament = tournament_for_commission(request, pk)
    with transaction.atomic():
        batch = get_object_or_404(EntryImport.objects.select_for_update(), pk=batch_pk, tournament=tournament)
        if batch.status != EntryImport.Status.PREVIEWED:
            return redirect("registration:import_batch", pk=pk, batch_pk=batch.pk)
        names, _changed = _names(request, tasks.outcome_of(batch))
        return _recheck(request, tournament, batch, names)


@require_POST
def entries_import_confirm(request: HttpRequest, pk: int, batch_pk: int) -> HttpResponse:
    """Save the good rows of a previewed file (a Celery task with progress) with the secretary's choice for
    every proposed twin; a second click saves nothing, a choice left out saves nothing and says which."""
    tournament = tournament_for_commission(request, pk)
    if tournament.read_only_reason:  # 004 §6.2.1 item 6 (each row's save refuses it too)
        messages.error(request, tournament.read_only_reason)
        return redirect("registration:import_batch", pk=pk, batch_pk=batch_pk)
    with transaction.atomic():
        batch = get_object_or_404(EntryImport.objects.select_for_update(), pk=batch_pk, tournament=tournament)
        if batch.status != EntryImport.Status.PREVIEWED:
            if batch.status in (EntryImport.Status.IMPORTING, EntryImport.Status.CONFIRMED):
                messages.info(request, _("This file has already been imported."))
            return redirect("registration:import_batch", pk=pk, batch_pk=batch.pk)
        outcome = tasks.outcome_of(batch)
        names, changed = _names(request, outcome)
        if changed:
            # The proposals and problems were made for the names as they were split: check them again first.
            messages.info(request, _("The names were corrected: the rows are checked again before saving."))
            return _recheck(request, tournament, batch, names)
        decisions, missing = _decisions(request, outcome)
        if missing:
            context = {
                "t": tournament,
                "batch": batch,
                "outcome": tasks.outcome_of(batch),
                "missing": missing,
            }
            messages.error(
                request,
                _("Choose the person in rows %(l)s: the one proposed, a new person, or do not save the row.")
                % {"l": ", ".join(map(str, missing))},
            )
            return render(request, "registration/import_preview.html", context, status=400)
        batch.status, batch.progress = EntryImport.Status.IMPORTING, 0
        batch.confirmed_by, batch.confirmed_at = _signed_in(request), timezone.now()
        batch.decisions = {**decisions, "names": names}
        batch.save(update_fields=["status", "progress", "confirmed_by", "confirmed_at", "decisions"])
        tasks.enqueue(tasks.confirm_import, batch.pk, big=tasks.background(batch.total))
    return redirect("registration:import_batch", pk=pk, batch_pk=batch.pk)


def entries_import_template(request: HttpRequest, pk: int) -> HttpResponse:
    tournament_for_commission(request, pk)
    response = HttpResponse(
        imports.template_csv().encode("utf-8-sig"), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = 'attachment; filename="entries.csv"'
    return response


# --- twins: one human, two records -------------------------------------------------------------------------


def _tournament_for_merging(request: HttpRequest, pk: int) -> Tournament:
    tournament = get_object_or_404(Tournament, pk=pk)
    if not permissions.can_merge_persons(request.user, tournament):
        raise PermissionDenied
    return tournament


def persons_twins(request: HttpRequest, pk: int) -> HttpResponse:
    """People of this tournament who may be one human with another record (ё/е, case, initials, the same
    date of birth): the commission merges them so that sanctions and history follow the one person."""
    tournament = _tournament_for_merging(request, pk)
    pairs = manager.twin_pairs(tournament, request.user)
    return render(request, "registration/twins.html", {"t": tournament, "pairs": pairs})


@require_POST
def persons_merge(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_for_merging(request, pk)
    keep, remove = sane_int(request.POST.get("keep", "")), sane_int(request.POST.get("remove", ""))
    if keep is None or remove is None:
        messages.error(request, _("Choose two different people."))
        return redirect("registration:twins", pk=pk)
    try:
        manager.merge_persons(tournament, keep, remove, request.user)
    except manager.AdmissionError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("The two records are one person now."))
    return redirect("registration:twins", pk=pk)


# --- settings, officials, protocol --------------------------------------------------------------------------


def registration_settings(request: HttpRequest, pk: int) -> HttpResponse:
    """The regulation's admission settings: self-registration, its deadline, women in the men's event, extra
    criteria (004 §2.1, §2.2.2, §5.1.2)."""
    tournament = tournament_for_secretary(request, pk)
    reg = RegistrationSettings.of(tournament)
    form = RegistrationSettingsForm(request.POST or None, instance=reg)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            form.save()
            log(
                tournament,
                request.user,
                "registration_settings",
                _("Registration settings changed: %(f)s") % {"f": ", ".join(form.changed_data) or "—"},
            )
        messages.success(request, _("Settings saved."))
        return redirect("registration:entries", pk=pk)
    return render(
        request,
        "registration/settings.html",
        {"t": tournament, "form": form},
        status=400 if request.method == "POST" else 200,
    )


def officials(request: HttpRequest, pk: int) -> HttpResponse:
    """Register officials and accredit them (004 §5.3.2 items 1–3). The commission sees the list; only the
    chief judge and the chief secretary change it (004 §6.1, §6.2; ``permissions.may_manage``)."""
    tournament = tournament_for_commission(request, pk)
    manages = can_manage_officials(request.user, tournament)
    if request.method == "POST" and not manages:
        raise PermissionDenied
    # 004 §6.2.1 item 6: the signed final protocol lists the officials; finished, nothing is offered here
    # (and ``manager.register_official``/``accredit``/``remove_official`` refuse it on the server).
    read_only = tournament.read_only_reason
    if request.method == "POST" and read_only:
        messages.error(request, read_only)
        return redirect("registration:officials", pk=pk)
    manages = manages and not read_only
    form = OfficialForm(request.POST or None, tournament=tournament, by=request.user) if manages else None
    if form is not None and request.method == "POST" and form.is_valid():
        try:
            official = manager.register_official(tournament, form.cleaned_data, request.user)
        except manager.AdmissionError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(
                request,
                _("Official registered: %(p)s, %(r)s. Accredit once the documents are checked.")
                % {"p": official.person, "r": official.role_display},
            )
            return redirect("registration:officials", pk=pk)
    return render(
        request,
        "registration/officials.html",
        {
            "t": tournament,
            "form": form,
            "officials": [
                (
                    o,
                    {
                        **{
                            a: manages and may_manage(request.user, o, a)
                            for a in ("accredit", "withdraw", "remove")
                        },
                        # 004 §2.4.5, §6.2.2: the chief judge's sanctions on officials and coaches.
                        "sanction": not read_only and may_sanction_official(request.user, o),
                    },
                )
                for o in tournament.officials.select_related("person", "person__user", "team", "tournament")
            ],
        },
        status=400 if request.method == "POST" else 200,
    )


@require_POST
def official_accredit(request: HttpRequest, pk: int, official_pk: int) -> HttpResponse:
    tournament = tournament_for_officials(request, pk)
    official = get_object_or_404(Official, pk=official_pk, tournament=tournament)
    try:
        manager.accredit(
            official,
            request.POST.get("accredited") == "1",
            request.user,
            request.POST.get("reason", "")[:500],
        )
    except manager.AdmissionError as exc:
        messages.error(request, str(exc))
    return redirect("registration:officials", pk=pk)


@require_POST
def official_remove(request: HttpRequest, pk: int, official_pk: int) -> HttpResponse:
    tournament = tournament_for_officials(request, pk)
    official = get_object_or_404(Official, pk=official_pk, tournament=tournament)
    try:
        manager.remove_official(official, request.user)
    except manager.AdmissionError as exc:
        messages.error(request, str(exc))
    return redirect("registration:officials", pk=pk)


def registration_protocol(request: HttpRequest, pk: int) -> HttpResponse:
    """Admitted participants and accredited officials; dates of birth for the tournament's officials only."""
    tournament = get_object_or_404(Tournament, pk=pk)
    return render(
        request,
        "registration/protocol.html",
        {
            "t": tournament,
            "protocol": manager.registration_protocol_data(tournament),
            "official": is_official(request.user, tournament),
        },
    )


# --- the secretary's shortcut: a participant without an entry ------------------------------------------


def participant_add(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    if not accepts_participants(tournament):
        messages.error(request, _("Participants can no longer be added: the draw has started."))
        return redirect("public:participants", pk=pk)
    form = ParticipantForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid() and not _barred(form, tournament):
        d = form.cleaned_data
        try:
            with transaction.atomic():
                # The record with this identity (confirmed now if a public form made it, issue 25 item 8),
                # else a new one; what the secretary typed is this tournament's data of him (item 3).
                person = manager.person_for(
                    form.identity(),
                    gender=d["gender"],
                    organisation=d["organisation"],
                    region=d["region"],
                    tournament=tournament,
                    by=request.user,
                )
                # 004 §2.3.3, §2.5.1: the shortcut has seen no document; the draw waits for the commission.
                participant = Participant.objects.create(
                    tournament=tournament,
                    person=person,
                    seed=d.get("seed"),
                    documents_checked=False,
                    qualification=d.get("qualification", ""),
                    club=" ".join(d.get("club", "").split()),
                    coach=" ".join(d.get("coach", "").split()),
                    organisation=" ".join(d.get("organisation", "").split()),
                    region=" ".join(d.get("region", "").split()),
                    corrections={"gender": d["gender"]} if person.gender != d["gender"] else {},
                )
                log(
                    tournament,
                    request.user,
                    "participant",
                    _("Participant added: %(p)s (documents to be checked by the admission commission)")
                    % {"p": person},
                    participant=participant.pk,
                )
        except IntegrityError:
            pass  # a second click: the first request added him a moment ago; answer as it did
        messages.success(
            request,
            _(
                "%(p)s added. The admission commission checks his documents before the draw "
                "(004 §2.3.3, §2.5.1)."
            )
            % {"p": person},
        )
        return redirect("registration:participant_add", pk=pk)
    return render(request, "registration/participant_form.html", {"t": tournament, "form": form})


def _barred(form: ParticipantForm, tournament: Tournament) -> bool:
    """The secretary's shortcut past the entries still keeps the bars of 004 §2.1, §2.2.2 and §2.3."""
    d = form.cleaned_data
    refusals = manager.direct_add_refusals(
        tournament, person=d["person"], birth_date=d["birth_date"], gender=d["gender"], region=d["region"]
    )
    for refusal in refusals:
        form.add_error(None, _("Cannot be a participant: %(r)s") % {"r": refusal})
    return bool(refusals)


# --- a participant's data and documents (officials; the same participant, his results kept) ---------------


def participant_edit(request: HttpRequest, pk: int, participant_pk: int) -> HttpResponse:
    """Correct a participant's data and seeding number, keeping him the same participant (results included);
    and, for one added without an entry, record that the commission has seen his documents (004 §2.3.3)."""
    tournament = tournament_for_commission(request, pk)
    participant = get_object_or_404(
        Participant.objects.select_related("person"), pk=participant_pk, tournament=tournament
    )
    form = ParticipantEditForm(request.POST or None, participant=participant)
    admits = may_admit(
        request.user, tournament
    )  # 004 §5.3.1: the documents and keeping him are the commission's
    documents = (
        ParticipantDocumentsForm(request.POST or None)
        if admits and not participant.documents_checked
        else None
    )
    status = 200
    if request.method == "POST":
        if request.POST.get("action") == "keep":
            try:
                manager.keep_admitted(participant, request.POST.get("reason", ""), request.user)
            except manager.AdmissionError as exc:
                messages.error(request, str(exc))
            else:
                messages.success(
                    request,
                    _("%(p)s stays admitted: the commission's decision is logged.") % {"p": participant},
                )
            return redirect("registration:participant_edit", pk=pk, participant_pk=participant.pk)
        if request.POST.get("action") == "documents" and documents is not None:
            form = ParticipantEditForm(participant=participant)
            if documents.is_valid():
                try:
                    manager.check_documents(participant, request.user, **documents.cleaned_data)
                except manager.AdmissionError as exc:
                    documents.add_error(None, str(exc))
                else:
                    messages.success(request, _("Documents of %(p)s checked.") % {"p": participant})
                    return redirect("registration:participant_edit", pk=pk, participant_pk=participant.pk)
            status = 400
        else:
            documents = ParticipantDocumentsForm() if documents is not None else None
            if form.is_valid():
                try:
                    changed = manager.edit_participant(participant, form.cleaned_data, request.user)
                except manager.AdmissionError as exc:
                    form.add_error(None, str(exc))
                else:
                    if changed:
                        messages.success(request, _("Data of %(p)s saved.") % {"p": participant.person})
                    participant.refresh_from_db(fields=["admission_doubts"])
                    if participant.admission_doubts:
                        # 004 §2.3.1: the commission sees what the corrected data fails, on his page.
                        messages.warning(request, "; ".join(participant.admission_doubts))
                        return redirect("registration:participant_edit", pk=pk, participant_pk=participant.pk)
                    return redirect("public:participants", pk=pk)
            status = 400
    return _participant_page(request, tournament, participant, form, documents, admits, status)


def _participant_page(
    request, tournament, participant, form, documents, admits: bool, status: int = 200, agreement_form=None
) -> HttpResponse:
    # 004 §2.2.3, §5.1.5: the agreement's form, for the commission, when the regulation provides for one.
    if agreement_form is None and admits and tournament.participation_agreement:
        agreement_form = AgreementForm(
            initial={
                "agreement_number": participant.agreement_number,
                "agreement_date": participant.agreement_date,
            }
        )
    return render(
        request,
        "registration/participant_edit.html",
        {
            "t": tournament,
            "participant": participant,
            "form": form,
            "documents": documents,
            "seed_locked": manager.seed_locked_reason(participant),
            "shared_record": manager.corrects_the_record(participant, request.user),
            "read_only": tournament.read_only_reason,
            "decides": admits,
            "agreement_form": agreement_form,
        },
        status=status,
    )


@require_POST
def participants_seed(request: HttpRequest, pk: int) -> HttpResponse:
    """Number the field at once: by rating, or by list order (issue 14 item 5); until a draw used them."""
    tournament = tournament_for_commission(request, pk)
    try:
        n = manager.seed_participants(tournament, request.POST.get("order", ""), request.user)
    except manager.AdmissionError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Seeding numbers 1–%(n)s given.") % {"n": n})
    return redirect("public:participants", pk=pk)


def rank_norms(request: HttpRequest, pk: int) -> HttpResponse:
    """The regulation's norms for sports ranks: which places fulfil which rank (the final protocol prints
    the rank each place fulfils; a tournament without norms prints none)."""
    tournament = tournament_for_secretary(request, pk)
    locked = tournament.is_closed
    formset = RankNormFormSet(request.POST or None, instance=tournament, prefix="norms")
    if locked:
        for form in formset.forms:
            for field in form.fields.values():
                field.disabled = True
    if request.method == "POST":
        if locked:
            messages.error(request, _("The tournament is finished: its data can no longer be changed."))
            return redirect("registration:rank_norms", pk=pk)
        if formset.is_valid():
            with transaction.atomic():
                formset.save()
                norms = ", ".join(str(n) for n in tournament.rank_norms.all()) or "—"
                log(tournament, request.user, "rank_norms", _("Rank norms: %(n)s") % {"n": norms})
            messages.success(request, _("Saved."))
            return redirect("registration:rank_norms", pk=pk)
    return render(
        request,
        "registration/rank_norms.html",
        {"t": tournament, "formset": formset, "locked": locked},
        status=400 if request.method == "POST" else 200,
    )


@require_POST
def participant_agreement(request: HttpRequest, pk: int, participant_pk: int) -> HttpResponse:
    """The commission records a participant's participation agreement (004 §2.2.3, §5.1.5)."""
    tournament = tournament_for_admission(request, pk)  # 004 §5.3.1
    participant = get_object_or_404(Participant, pk=participant_pk, tournament=tournament)
    form = AgreementForm(request.POST)
    if form.is_valid():
        try:
            manager.record_agreement(
                participant,
                form.cleaned_data["agreement_number"],
                form.cleaned_data["agreement_date"],
                request.user,
            )
        except manager.AdmissionError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("Participation agreement of %(p)s recorded.") % {"p": participant})
            return redirect("registration:participant_edit", pk=pk, participant_pk=participant.pk)
    edit = ParticipantEditForm(participant=participant)
    return _participant_page(request, tournament, participant, edit, None, True, 400, agreement_form=form)
