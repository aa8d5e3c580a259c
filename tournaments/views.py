"""Function views that read top to bottom: fetch, check access, act, redirect or render."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from judging.state import pending_protests_warning
from registration import manager as admission_manager
from registration.models import Official, Participant, Person, accepts_participants
from tournaments import draw, results
from tournaments.forms import (
    DrawForm,
    ParticipantForm,
    ReasonForm,
    ResultForm,
    RoundLengthForm,
    TournamentForm,
)
from tournaments.models import Match, Round, System, Tournament, log
from tournaments.permissions import can_run, is_official, tournament_for_secretary
from tournaments.tables import AuditTable, PairingTable, ParticipantTable, RoundTable, TournamentTable


def tournament_list(request: HttpRequest) -> HttpResponse:
    table = TournamentTable(Tournament.objects.all())
    can_create = request.user.has_perm("tournaments.add_tournament")
    return render(request, "tournaments/list.html", {"table": table, "can_create": can_create})


def tournament_detail(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    runner = can_run(request.user, tournament)
    rounds = tournament.round_set.all() if runner else tournament.round_set.exclude(status=Round.Status.DRAFT)
    context = {
        "t": tournament,
        "rounds_table": RoundTable(rounds.select_related("stage")),
        "runner": runner,
        "official": is_official(request.user, tournament),
        "participant_count": tournament.participants.filter(status=Participant.Status.ACTIVE).count(),
        # The judging panel and the officials; a team's representative is none of them.
        "officials": tournament.officials.exclude(role=Official.Role.REPRESENTATIVE).select_related("person"),
        "next_number": draw.next_round_number(tournament),
        "finish_blocker": results.can_finish(tournament) if runner else None,
        "draw_form": DrawForm(initial={"number": draw.next_round_number(tournament)}),
        "protest_warning": pending_protests_warning(tournament) if runner else "",
    }
    if tournament.system == System.SWISS:
        context["planned_rounds"] = draw.swiss_rounds(tournament)
    if runner:
        # What the secretary's next step is: check the draft, wait for results, draw, or finish.
        last = tournament.round_set.order_by("-number").first()
        context["last_round"] = last
        context["missing_results"] = (
            last.matches.filter(result_kind="").count() if last and last.status != Round.Status.DRAFT else 0
        )
    return render(request, "tournaments/detail.html", context)


def tournament_create(request: HttpRequest) -> HttpResponse:
    if not request.user.has_perm("tournaments.add_tournament"):
        raise PermissionDenied
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            tournament = form.save(commit=False)
            tournament.created_by = request.user
            tournament.save()
            # Whoever creates the tournament is its chief secretary (004 §6.2.3).
            person = _person_for(request.user)
            Official.objects.create(tournament=tournament, person=person, role=Official.Role.CHIEF_SECRETARY)
            log(tournament, request.user, "create", _("Tournament created"))
        messages.success(request, _("Tournament created."))
        return redirect("tournaments:detail", pk=tournament.pk)
    return render(request, "tournaments/form.html", {"form": form, "title": _("New tournament")})


def _person_for(user) -> Person:
    person = Person.objects.filter(user=user).first()
    if person is None:
        person = Person.objects.create(
            user=user, surname=user.last_name or user.get_username(), name=user.first_name or ""
        )
    return person


def tournament_edit(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    if tournament.status == Tournament.Status.FINISHED:
        messages.error(request, _("The tournament is finished."))
        return redirect("tournaments:detail", pk=pk)
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            form.save()
            log(
                tournament,
                request.user,
                "settings",
                _("Settings changed: %(f)s") % {"f": ", ".join(form.changed_data)},
            )
        messages.success(request, _("Settings saved."))
        return redirect("tournaments:detail", pk=pk)
    return render(request, "tournaments/form.html", {"form": form, "t": tournament, "title": _("Settings")})


def participant_list(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    people = tournament.participants.select_related("person").order_by(
        "seed", "person__surname", "person__name"
    )
    table = ParticipantTable(people)
    runner = can_run(request.user, tournament)
    active = [p for p in people if p.status == Participant.Status.ACTIVE] if runner else []
    return render(
        request,
        "tournaments/participants.html",
        {"t": tournament, "table": table, "runner": runner, "active": active},
    )


def participant_add(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    if not accepts_participants(tournament):
        messages.error(request, _("Participants can no longer be added: the draw has started."))
        return redirect("tournaments:participants", pk=pk)
    form = ParticipantForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid() and not _barred(form, tournament):
        d = form.cleaned_data
        with transaction.atomic():
            person = d["person"] or admission_manager.person_for(
                form.identity(), gender=d["gender"], organisation=d["organisation"], region=d["region"]
            )
            participant = Participant.objects.create(tournament=tournament, person=person, seed=d.get("seed"))
            log(
                tournament,
                request.user,
                "participant",
                _("Participant added: %(p)s") % {"p": person},
                participant=participant.pk,
            )
        messages.success(request, _("%(p)s added.") % {"p": person})
        return redirect("tournaments:participant_add", pk=pk)
    return render(request, "tournaments/participant_form.html", {"t": tournament, "form": form})


def _barred(form: ParticipantForm, tournament: Tournament) -> bool:
    """The secretary's shortcut past the entries still keeps the bars of 004 §2.1, §2.2.2 and §2.3."""
    d = form.cleaned_data
    refusals = admission_manager.direct_add_refusals(
        tournament, person=d["person"], birth_date=d["birth_date"], gender=d["gender"], region=d["region"]
    )
    for refusal in refusals:
        form.add_error(None, _("Cannot be a participant: %(r)s") % {"r": refusal})
    return bool(refusals)


@require_POST
def participant_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    participant = tournament.participants.filter(pk=_int_or_none(request.POST.get("participant"))).first()
    if participant is None:
        messages.error(request, _("Choose a participant of this tournament."))
        return redirect("tournaments:participants", pk=pk)
    form = ReasonForm(request.POST)
    if not form.is_valid() or not form.cleaned_data["reason"].strip():
        messages.error(request, _("A withdrawal needs a reason."))
        return redirect("tournaments:participants", pk=pk)
    if participant.status != Participant.Status.ACTIVE:
        return redirect("tournaments:participants", pk=pk)
    with transaction.atomic():
        participant.status = Participant.Status.WITHDRAWN
        participant.save(update_fields=["status"])
        log(
            tournament,
            request.user,
            "withdraw",
            _("Participant withdrawn: %(p)s") % {"p": participant},
            reason=form.cleaned_data["reason"],
            participant=participant.pk,
        )
    messages.success(request, _("%(p)s withdrawn.") % {"p": participant})
    return redirect("tournaments:participants", pk=pk)


@require_POST
def round_draw(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    form = DrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The draw request is incomplete. Reload the page."))
        return redirect("tournaments:detail", pk=pk)
    try:
        rnd = draw.draw_round(
            tournament,
            request.user,
            expected_number=form.cleaned_data["number"],
            allow_rematches=form.cleaned_data["allow_rematches"],
        )
    except draw.AlreadyDrawn as exc:
        messages.info(request, _("Round %(n)s is already drawn.") % {"n": exc.round.number})
        return redirect("tournaments:round", pk=pk, number=exc.round.number)
    except draw.DrawError as exc:
        messages.error(request, str(exc))
        return redirect("tournaments:detail", pk=pk)
    messages.success(request, _("Round %(n)s drawn. Check it and publish it.") % {"n": rnd.number})
    warning = pending_protests_warning(tournament)
    if warning:
        messages.warning(request, warning)
    return redirect("tournaments:round", pk=pk, number=rnd.number)


def round_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    runner = can_run(request.user, tournament)
    if not rnd.is_public and not runner:
        raise PermissionDenied
    matches = rnd.matches.select_related(
        "player1__person", "player2__person", "winner__person", "round", "group"
    )
    table = PairingTable(matches, can_enter=runner and rnd.is_public)
    length_form = RoundLengthForm(initial={"match_length": rnd.effective_match_length()})
    return render(
        request,
        "tournaments/round.html",
        {"t": tournament, "round": rnd, "table": table, "runner": runner, "length_form": length_form},
    )


@require_POST
def round_publish(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    with transaction.atomic():
        rnd = get_object_or_404(Round.objects.select_for_update(), tournament=tournament, number=number)
        if rnd.status != Round.Status.DRAFT:
            return redirect("tournaments:round", pk=pk, number=number)
        rnd.status, rnd.published_at = Round.Status.PUBLISHED, timezone.now()
        rnd.save(update_fields=["status", "published_at"])
        results._update_round_status(rnd)
        log(tournament, request.user, "publish", _("Round %(n)s published") % {"n": number})
    messages.success(request, _("Round %(n)s published.") % {"n": number})
    return redirect("tournaments:round", pk=pk, number=number)


@require_POST
def round_length(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    form = RoundLengthForm(request.POST)
    with transaction.atomic():
        rnd = get_object_or_404(Round.objects.select_for_update(), tournament=tournament, number=number)
        if rnd.status != Round.Status.DRAFT:
            messages.error(request, _("The match length can be changed only before the round is published."))
        elif not form.is_valid():
            messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
        else:
            length = form.cleaned_data["match_length"]
            rnd.match_length = length
            rnd.save(update_fields=["match_length"])
            rnd.matches.update(match_length=length)
            log(
                tournament,
                request.user,
                "round_length",
                _("Round %(n)s: matches to %(l)s points") % {"n": number, "l": length},
            )
            messages.success(request, _("Round %(n)s: matches to %(l)s points.") % {"n": number, "l": length})
    return redirect("tournaments:round", pk=pk, number=number)


@require_POST
def round_start(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Record the start of the round: the time protests and corrections are measured against."""
    tournament = tournament_for_secretary(request, pk)
    with transaction.atomic():
        rnd = get_object_or_404(Round.objects.select_for_update(), tournament=tournament, number=number)
        if rnd.status == Round.Status.DRAFT or rnd.start_time:
            return redirect("tournaments:round", pk=pk, number=number)
        now = timezone.now()
        rnd.start_time = now
        rnd.save(update_fields=["start_time"])
        rnd.matches.filter(result_kind="", started_at__isnull=True).update(started_at=now)
        log(tournament, request.user, "start", _("Round %(n)s started") % {"n": number})
    messages.success(request, _("Round %(n)s started.") % {"n": number})
    return redirect("tournaments:round", pk=pk, number=number)


@require_POST
def round_drop(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    with transaction.atomic():
        rnd = get_object_or_404(Round.objects.select_for_update(), tournament=tournament, number=number)
        if rnd.status != Round.Status.DRAFT:
            messages.error(request, _("Only a draft round can be dropped."))
            return redirect("tournaments:round", pk=pk, number=number)
        stage = rnd.stage
        log(tournament, request.user, "drop", _("Draft round %(n)s dropped") % {"n": number}, seed=rnd.seed)
        rnd.delete()
        if not stage.rounds.exists():
            # A stage without rounds keeps nothing of its draw: the next draw makes it anew.
            stage.delete()
        if not tournament.round_set.exists():
            Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.DRAFT)
    messages.success(request, _("Draft round %(n)s dropped.") % {"n": number})
    return redirect("tournaments:detail", pk=pk)


def match_result(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    match = get_object_or_404(
        Match.objects.select_related("round", "player1__person", "player2__person"),
        pk=match_pk,
        round__tournament=tournament,
    )
    initial = {
        "kind": match.result_kind or "played",
        "score1": match.score1,
        "score2": match.score2,
        "winner_side": 1 if match.winner_id == match.player1_id else 2 if match.winner_id else None,
        "reason": match.result_reason,
        "version": match.version,
    }
    form = ResultForm(request.POST or None, initial=initial, match=match)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            results.record_result(match.pk, request.user, form.to_input(), form.cleaned_data["version"])
        except results.ResultError as exc:
            form.add_error(None, str(exc))
            status = 409 if isinstance(exc, results.ResultConflict) else 400
        else:
            messages.success(request, _("Result saved: table %(t)s.") % {"t": match.table})
            return redirect("tournaments:round", pk=pk, number=match.round.number)
    elif request.method == "POST":
        status = 400
    return render(
        request,
        "tournaments/result_form.html",
        {"t": tournament, "match": match, "form": form},
        status=status,
    )


@require_POST
def tournament_finish(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    try:
        results.finish(tournament, request.user)
    except results.ResultError as exc:
        messages.error(request, str(exc))
        return redirect("tournaments:detail", pk=pk)
    messages.success(request, _("The tournament is finished. Final standings are below."))
    return redirect("tournaments:standings", pk=pk)


def audit_log(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    if not is_official(request.user, tournament):
        raise PermissionDenied
    table = AuditTable(tournament.audit.select_related("user")[:500])
    return render(request, "tournaments/audit.html", {"t": tournament, "table": table})


def _int_or_none(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
