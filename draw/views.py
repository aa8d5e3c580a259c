"""The secretary's actions on the draw and the results (004 §6.2.3): draw, publish, change the match length,
start, drop a draft, enter a result, withdraw a participant. Function views that read top to bottom: fetch,
check access, act, redirect or render. The round's transitions (draw, publish, start, the match length, drop)
are the draw manager's (``draw.manager``); a view only calls it and says what it answered."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from draw import absences as absence_rules
from draw import manager as draw_manager
from draw import results
from draw.forms import AbsenceForm, DrawForm, ReasonForm, ResultForm, RoundLengthForm, RoundOrderForm
from draw.models import Absence, Match, ResultKind, Round, page_of_table
from registration.models import Participant
from registration.permissions import is_panel, may_reorder_rounds, tournament_for_secretary
from tournaments.models import System, Tournament, log
from tournaments.validators import sane_int


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


def _open(request: HttpRequest, tournament: Tournament) -> bool:
    """Lock the tournament's row; False (and the reason shown) once it is finished (004 §6.2.1 item 6)."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.read_only_reason:
        messages.error(request, locked.read_only_reason)
        return False
    return True


@require_POST
def round_publish(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    get_object_or_404(Round, tournament=tournament, number=number)
    try:
        notes = draw_manager.publish_round(tournament, number, request.user)
    except draw_manager.DrawError as exc:
        messages.error(request, str(exc))
        return redirect("public:round", pk=pk, number=number)
    if notes:
        messages.success(request, notes[0])
    for note in notes[1:]:
        messages.info(request, note)
    return redirect("public:round", pk=pk, number=number)


@require_POST
def round_review(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Keep the pairings of a round drawn on a result corrected since, or draw it again (003 «Протоколы»)."""
    tournament = tournament_for_secretary(request, pk)
    action = request.POST.get("action")
    if action not in ("keep", "redraw"):
        messages.error(request, _("Choose to keep the pairings or to draw the round again."))
        return redirect("public:round", pk=pk, number=number)
    with transaction.atomic():
        if not _open(request, tournament):
            return redirect("public:round", pk=pk, number=number)
        get_object_or_404(Round, tournament=tournament, number=number)
        try:
            note = draw_manager.resolve_review(tournament, number, request.user, keep=action == "keep")
        except draw_manager.DrawError as exc:
            messages.error(request, str(exc))
            return redirect("public:round", pk=pk, number=number)
    if note:
        messages.success(request, note)
    return redirect("public:round", pk=pk, number=number)


@require_POST
def round_length(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    get_object_or_404(Round, tournament=tournament, number=number)
    form = RoundLengthForm(request.POST)
    length = form.cleaned_data["match_length"] if form.is_valid() else None
    try:
        note = draw_manager.set_round_length(tournament, number, length, request.user)
    except draw_manager.DrawError as exc:
        messages.error(request, str(exc))
    else:
        if note:
            messages.success(request, note)
        else:
            messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
    return redirect("public:round", pk=pk, number=number)


@require_POST
def round_start(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Record the start of the round: the time protests and corrections are measured against."""
    tournament = tournament_for_secretary(request, pk)
    get_object_or_404(Round, tournament=tournament, number=number)
    try:
        note = draw_manager.start_round(tournament, number, request.user)
    except draw_manager.DrawError as exc:
        messages.error(request, str(exc))
    else:
        if note:
            messages.success(request, note)
    return redirect("public:round", pk=pk, number=number)


@require_POST
def round_drop(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    get_object_or_404(Round, tournament=tournament, number=number)
    try:
        allow = draw_manager.drop_draft(tournament, number, request.user)
    except draw_manager.DrawError as exc:
        messages.error(request, str(exc))
        return redirect("public:round", pk=pk, number=number)
    if request.POST.get("redraw") != "1":
        messages.success(request, _("Draft round %(n)s dropped.") % {"n": number})
        return redirect("public:detail", pk=pk)
    # "Drop and draw again" does both (issue 14 item 7): a new lot for the same round.
    try:
        draw_manager.draw_round(tournament, request.user, expected_number=number, allow_rematches=allow)
    except draw_manager.AlreadyDrawn:
        pass
    except draw_manager.DrawError as exc:
        messages.error(
            request, _("Draft round %(n)s dropped, but not drawn again: %(e)s") % {"n": number, "e": exc}
        )
        return redirect("public:detail", pk=pk)
    messages.success(request, _("Round %(n)s drawn again. Check it and publish it.") % {"n": number})
    return redirect("public:round", pk=pk, number=number)


@require_POST
def round_swap(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Swap two players between the tables of a Swiss draft, checked by the pairing engine (issue 14
    item 6): refused with the reason when it breaks a rule, logged otherwise."""
    tournament = tournament_for_secretary(request, pk)
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    a_pk, b_pk = sane_int(request.POST.get("a")), sane_int(request.POST.get("b"))
    a = tournament.participants.filter(pk=a_pk).first() if a_pk is not None else None
    b = tournament.participants.filter(pk=b_pk).first() if b_pk is not None else None
    if a is None or b is None:
        messages.error(request, _("Choose two players of the draft."))
        return redirect("public:round", pk=pk, number=number)
    if tournament.read_only_reason:
        messages.error(request, tournament.read_only_reason)
        return redirect("public:round", pk=pk, number=number)
    try:
        answer = draw_manager.swap_players(rnd, a, b, request.user)
    except draw_manager.DrawError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("%(a)s and %(b)s swapped.") % {"a": a, "b": b})
        if answer["warnings"]:
            messages.warning(
                request,
                _("The pairing is valid, but Σ (points difference)² is %(c)s where the draw reached %(o)s.")
                % {"c": answer["cost"], "o": answer["optimum"]},
            )
    return redirect("public:round", pk=pk, number=number)


def match_result(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    """Enter or correct a result. A secretary enters played scores; the judging panel also awards technical
    defeats and losses on time and annuls results (004 §6.1.2 items 1–2). Read-only once the tournament is
    finished, or once either player has started his next match (003 «Протоколы»)."""
    tournament = tournament_for_secretary(request, pk)
    match = get_object_or_404(
        Match.objects.select_related("round__tournament", "player1__person", "player2__person"),
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
    panel = is_panel(request.user, tournament)
    form = ResultForm(request.POST or None, initial=initial, match=match, panel=panel)
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            changed = results.record_result(
                match.pk, request.user, form.to_input(), form.cleaned_data["version"]
            )
        except results.PanelOnly:
            raise PermissionDenied from None
        except results.ResultError as exc:
            form.add_error(None, str(exc))
            status = 409 if isinstance(exc, results.ResultConflict) else 400
        else:
            messages.success(request, _("Result saved: table %(t)s.") % {"t": match.table})
            for note in changed.notes:
                messages.info(request, note)
            to = reverse("public:round", args=[pk, match.round.number])
            # Back to the page of 100 tables showing this one, at its row (issue 20 item 2): the next request
            # renders that page, not the whole round.
            page = page_of_table(match)
            return redirect(f"{to}?page={page}#t{match.table}" if page > 1 else f"{to}#t{match.table}")
    elif request.method == "POST":
        if form.panel_only_asked():
            raise PermissionDenied
        status = 400
    now = timezone.now()
    lock = results.correction_lock(tournament, match, request.user, now)
    locked = tournament.read_only_reason or (str(lock) if lock else "")
    # 003: after a player's next match the panel corrects a transcription typed wrong, with a reason.
    needs_reason = bool(not locked and match.result_kind and results.either_started_next(match, now))
    return render(
        request,
        "draw/result_form.html",
        {
            "t": tournament,
            "match": match,
            "form": form,
            "locked": locked,
            "panel": panel,
            "needs_reason": needs_reason,
        },
        status=status,
    )


@require_POST
def participant_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    chosen = sane_int(request.POST.get("participant"))
    participant = tournament.participants.filter(pk=chosen).first() if chosen is not None else None
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
        if not _open(request, tournament):
            return redirect("public:participants", pk=pk)
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
        # A draft that pairs him is drawn again (Swiss) or gives his opponent the walk-over (004 §5.7.3).
        note = draw_manager.player_left(tournament, participant, request.user)
    messages.success(request, _("%(p)s withdrawn.") % {"p": participant})
    if note:
        messages.info(request, note)
    return redirect("public:participants", pk=pk)


def absences(request: HttpRequest, pk: int) -> HttpResponse:
    """Issue 29 §3: who sits out which round (absent, or a requested bye), set before that round's draw."""
    tournament = tournament_for_secretary(request, pk)
    if request.method == "POST":
        form = AbsenceForm(tournament, request.POST)
        if form.is_valid():
            try:
                absence_rules.set_absence(
                    tournament,
                    form.cleaned_data["participant"],
                    form.cleaned_data["round_number"],
                    form.cleaned_data["kind"],
                    form.cleaned_data["points"],
                    request.user,
                    form.cleaned_data["reason"],
                )
            except absence_rules.AbsenceError as exc:
                messages.error(request, str(exc))
            else:
                messages.success(request, _("Saved: the participant is not paired in that round."))
                return redirect("draw:absences", pk=pk)
    else:
        form = AbsenceForm(tournament)
    rows = Absence.objects.filter(tournament=tournament).select_related("participant__person")
    drawn = tournament.round_set.order_by("-number").values_list("number", flat=True).first() or 0
    return render(
        request,
        "draw/absences.html",
        {"t": tournament, "form": form, "rows": rows, "drawn": drawn, "locked": tournament.read_only_reason},
    )


@require_POST
def absence_remove(request: HttpRequest, pk: int, absence_pk: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    absence = get_object_or_404(Absence, pk=absence_pk, tournament=tournament)
    try:
        absence_rules.remove_absence(tournament, absence, request.user)
    except absence_rules.AbsenceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Removed."))
    return redirect("draw:absences", pk=pk)


def round_order(request: HttpRequest, pk: int) -> HttpResponse:
    """004 §1.4.3: the chief judge or his deputy changes the order of round-robin rounds, with a reason."""
    tournament = get_object_or_404(Tournament, pk=pk)
    if not may_reorder_rounds(request.user, tournament):
        raise PermissionDenied
    if tournament.system not in (System.ROUND_ROBIN, System.MIXED):
        raise Http404(_("Only a round robin has an order of rounds to change."))
    form = RoundOrderForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            try:
                note = draw_manager.swap_scheduled_rounds(
                    tournament, d["first"], d["second"], d["reason"], request.user
                )
            except draw_manager.DrawError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, note)
                return redirect("public:detail", pk=pk)
        status = 400
    found = draw_manager.ordered_schedules(tournament)
    drawn = set(tournament.round_set.values_list("number", flat=True))
    rounds = []
    if found is not None:
        stage, schedules = found
        by_key = draw_manager.participants_by_key(tournament)
        for i in range(max(len(x) for x in schedules)):
            pairs = [
                by_key[a].short_name + " — " + by_key[b].short_name
                for x in schedules
                if i < len(x)
                for a, b in x[i]["pairs"]
                if a in by_key and b in by_key
            ]
            rounds.append((i + 1, i + 1 in drawn, pairs))
    context = {"t": tournament, "form": form, "rounds": rounds, "scheduled": found is not None}
    return render(request, "draw/round_order.html", context, status=status)
