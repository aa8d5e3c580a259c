"""The secretary's actions on the draw and the results (004 §6.2.3): draw, publish, change the match length,
start, drop a draft, enter a result, withdraw a participant. Function views that read top to bottom: fetch,
check access, act, redirect or render."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from draw import manager as draw_manager
from draw import results
from draw.forms import DrawForm, ReasonForm, ResultForm, RoundLengthForm
from draw.models import Match, ResultKind, Round
from registration.models import Participant
from registration.permissions import tournament_for_secretary
from tournaments.models import Tournament, log


@require_POST
def round_draw(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    form = DrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The draw request is incomplete. Reload the page."))
        return redirect("public:detail", pk=pk)
    try:
        rnd = draw_manager.draw_round(
            tournament,
            request.user,
            expected_number=form.cleaned_data["number"],
            allow_rematches=form.cleaned_data["allow_rematches"],
        )
    except draw_manager.AlreadyDrawn as exc:
        messages.info(request, _("Round %(n)s is already drawn.") % {"n": exc.round.number})
        return redirect("public:round", pk=pk, number=exc.round.number)
    except draw_manager.DrawError as exc:
        messages.error(request, str(exc))
        return redirect("public:detail", pk=pk)
    # The round page warns about protests still pending while the round is a draft.
    messages.success(request, _("Round %(n)s drawn. Check it and publish it.") % {"n": rnd.number})
    return redirect("public:round", pk=pk, number=rnd.number)


@require_POST
def round_publish(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    with transaction.atomic():
        rnd = get_object_or_404(Round.objects.select_for_update(), tournament=tournament, number=number)
        if rnd.status != Round.Status.DRAFT:
            return redirect("public:round", pk=pk, number=number)
        rnd.status, rnd.published_at = Round.Status.PUBLISHED, timezone.now()
        rnd.save(update_fields=["status", "published_at"])
        results.update_round_status(rnd)
        log(tournament, request.user, "publish", _("Round %(n)s published") % {"n": number})
    messages.success(request, _("Round %(n)s published.") % {"n": number})
    return redirect("public:round", pk=pk, number=number)


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
    return redirect("public:round", pk=pk, number=number)


@require_POST
def round_start(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Record the start of the round: the time protests and corrections are measured against."""
    tournament = tournament_for_secretary(request, pk)
    with transaction.atomic():
        rnd = get_object_or_404(Round.objects.select_for_update(), tournament=tournament, number=number)
        if rnd.status == Round.Status.DRAFT or rnd.start_time:
            return redirect("public:round", pk=pk, number=number)
        now = timezone.now()
        rnd.start_time = now
        rnd.save(update_fields=["start_time"])
        rnd.matches.filter(result_kind="", started_at__isnull=True).update(started_at=now)
        log(tournament, request.user, "start", _("Round %(n)s started") % {"n": number})
    messages.success(request, _("Round %(n)s started.") % {"n": number})
    return redirect("public:round", pk=pk, number=number)


@require_POST
def round_drop(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    with transaction.atomic():
        rnd = get_object_or_404(Round.objects.select_for_update(), tournament=tournament, number=number)
        if rnd.status != Round.Status.DRAFT:
            messages.error(request, _("Only a draft round can be dropped."))
            return redirect("public:round", pk=pk, number=number)
        stage = rnd.stage
        log(tournament, request.user, "drop", _("Draft round %(n)s dropped") % {"n": number}, seed=rnd.seed)
        rnd.delete()
        if not stage.rounds.exists():
            # A stage without rounds keeps nothing of its draw: the next draw makes it anew.
            stage.delete()
        if not tournament.round_set.exists():
            Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.DRAFT)
    messages.success(request, _("Draft round %(n)s dropped.") % {"n": number})
    return redirect("public:detail", pk=pk)


def match_result(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    match = get_object_or_404(
        Match.objects.select_related("round", "player1__person", "player2__person"),
        pk=match_pk,
        round__tournament=tournament,
    )
    initial = {
        "kind": match.result_kind or ResultKind.PLAYED,
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
            return redirect("public:round", pk=pk, number=match.round.number)
    elif request.method == "POST":
        status = 400
    return render(
        request,
        "draw/result_form.html",
        {"t": tournament, "match": match, "form": form},
        status=status,
    )


@require_POST
def participant_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    participant = tournament.participants.filter(pk=_int_or_none(request.POST.get("participant"))).first()
    if participant is None:
        messages.error(request, _("Choose a participant of this tournament."))
        return redirect("public:participants", pk=pk)
    form = ReasonForm(request.POST)
    if not form.is_valid() or not form.cleaned_data["reason"].strip():
        messages.error(request, _("A withdrawal needs a reason."))
        return redirect("public:participants", pk=pk)
    if participant.status != Participant.Status.ACTIVE:
        return redirect("public:participants", pk=pk)
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
    return redirect("public:participants", pk=pk)


def _int_or_none(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
