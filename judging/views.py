"""Judging views: fetch, check access on the server, act in a transaction, redirect or render.

Forbidden paths raise PermissionDenied (403) before anything changes; user errors come back as a message or a
form error with HTTP 400 and nothing saved.
"""

from __future__ import annotations

import uuid
from collections import Counter

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from draw import manager as draw_manager
from draw.models import Match, Round
from judging import disqualification, lifecycle, redraw, state, team_sanctions
from judging.errors import AlreadyApplied, AlreadyFiled
from judging.forms import (
    AnswerForm,
    DecisionForm,
    DiceReplacementForm,
    EquipmentNoteForm,
    GroupTieForm,
    LateArrivalForm,
    LeagueDisqualificationForm,
    MatchNoteForm,
    OfficialSanctionForm,
    ProposalForm,
    ProtestForm,
    ProtocolForm,
    ReasonForm,
    ReviewForm,
    RoundsForm,
    SanctionForm,
    TeamSanctionForm,
)
from judging.models import (
    DiceReplacement,
    EquipmentNote,
    JudgingError,
    LateArrival,
    MatchNote,
    MatchProtocol,
    Protest,
    RemovalProposal,
    Sanction,
    TeamSanction,
)
from judging.permissions import may_protest_for, player_in, represented_in
from judging.tasks import finalize_results
from registration.models import Official, Team
from registration.permissions import (
    DICE_DECIDERS,
    can_run,
    decider_role,
    is_chief_judge,
    is_league_official,
    is_official,
    is_panel,
    may_keep_equipment,
    may_record_late_arrival,
    may_replace_dice,
    may_sanction_official,
    tournament_for_chief_judge,
    tournament_for_panel,
    tournament_for_secretary,
)
from tournaments.models import Competition, GroupTies, Tournament
from tournaments.rules import cite
from tournaments.validators import sane_int

# --- the match: state, protocol ------------------------------------------------------------------------


def _match_of(tournament: Tournament, match_pk: int) -> Match:
    return get_object_or_404(
        Match.objects.select_related("round__tournament", "player1__person", "player2__person"),
        pk=match_pk,
        round__tournament=tournament,
        round__status__in=[Round.Status.PUBLISHED, Round.Status.FINISHED],
    )


def match_page(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    match = _match_of(tournament, match_pk)
    me = player_in(request.user, match)
    if me is None and not represented_in(request.user, match) and not is_official(request.user, tournament):
        raise PermissionDenied  # a team's representative sees the matches of his team's players
    return _render_match(request, tournament, match, me)


def _render_match(request, tournament, match, me, status=200, **forms) -> HttpResponse:
    now = timezone.now()
    match_state, seconds_left = state.match_state(match, now)
    protocol = MatchProtocol.objects.filter(match=match).first()
    protests = match.protests.select_related("protester__person")
    represented = represented_in(request.user, match)
    if not is_panel(request.user, tournament):
        # The player sees his protests; a representative those he filed for players he still represents.
        mine = Q(protester=me) if me else Q(pk__in=[])
        if represented:
            mine |= Q(filed_by=request.user, protester__in=represented)
        protests = protests.filter(mine)
    context = {
        "t": tournament,
        "match": match,
        "me": me,
        "state": match_state,
        "seconds_left": seconds_left,
        "window_end": state.window_end(match),
        "protocol": protocol,
        "protests": protests,
        "runner": can_run(request.user, tournament),
        "can_protest": (me is not None or bool(represented))
        and match.result_kind
        and match_state == state.PROVISIONAL,
        # The forms offered are what the server accepts: the one rule of the player's protocol (003).
        "can_report": me is not None
        and MatchProtocol.refusal(match, me, MatchProtocol.REPORT, now, protocol) is None,
        "can_answer": me is not None
        and MatchProtocol.refusal(match, me, MatchProtocol.ANSWER, now, protocol) is None,
        "correcting": protocol is not None and bool(match.result_kind),
        "protocol_form": forms.get("protocol_form") or ProtocolForm(),
        "answer_form": forms.get("answer_form") or AnswerForm(),
    }
    if is_panel(request.user, tournament):
        note = MatchNote.objects.filter(match=match).first()
        context["note"] = note
        context["note_form"] = forms.get("note_form") or MatchNoteForm(
            tournament=tournament, initial={"judge": note.judge_id} if note else None
        )
    if is_official(request.user, tournament):
        # 003 «Игральные кости»: the replacements, as the match protocol prints them.
        context["dice"] = match.dice_replacements.select_related("requested_by__person", "decided_by__person")
    if may_replace_dice(request.user, tournament) and not tournament.read_only_reason:
        context["dice_form"] = forms.get("dice_form") or DiceReplacementForm(match=match)
    if is_official(request.user, tournament):
        # 004 §6.2.4: the equipment's checks and faults, recorded by the technical judge.
        context["equipment"] = match.equipment_notes.all()
    if is_official(request.user, tournament):
        # 003 «Начало турнира»: who was late, and what it cost him.
        context["late"] = match.late_arrivals.select_related("participant__person", "participant__partner")
    if may_record_late_arrival(request.user, tournament) and not tournament.read_only_reason:
        context["late_form"] = forms.get("late_form") or LateArrivalForm(match=match)
    if may_keep_equipment(request.user, tournament) and not tournament.read_only_reason:
        context["equipment_form"] = forms.get("equipment_form") or EquipmentNoteForm()
    return render(request, "judging/match.html", context, status=status)


@require_POST
def protocol_submit(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    match = _match_of(tournament, match_pk)
    me = player_in(request.user, match)
    if me is None:
        raise PermissionDenied
    form = ProtocolForm(request.POST)
    if not form.is_valid():
        return _render_match(request, tournament, match, me, status=400, protocol_form=form)
    d = form.cleaned_data
    try:
        MatchProtocol.submit(match, me, d["score1"], d["score2"], d["record"], request.user, timezone.now())
    except JudgingError as exc:
        form.add_error(None, str(exc))
        return _render_match(request, tournament, match, me, status=400, protocol_form=form)
    messages.success(
        request, _("Protocol handed in. The result is provisional until the protest window closes.")
    )
    return redirect("judging:match", pk=pk, match_pk=match_pk)


@require_POST
def protocol_answer(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    match = _match_of(tournament, match_pk)
    me = player_in(request.user, match)
    protocol = MatchProtocol.objects.filter(match=match).first()
    if me is None or protocol is None or protocol.submitted_by_id == me.pk:
        raise PermissionDenied
    form = AnswerForm(request.POST)
    if not form.is_valid():
        return _render_match(request, tournament, match, me, status=400, answer_form=form)
    try:
        protocol.answer(
            me, form.cleaned_data["confirm"], form.cleaned_data["dispute"], request.user, timezone.now()
        )
    except JudgingError as exc:
        form.add_error(None, str(exc))
        return _render_match(request, tournament, match, me, status=400, answer_form=form)
    messages.success(request, _("Your answer is recorded."))
    return redirect("judging:match", pk=pk, match_pk=match_pk)


@require_POST
def protocol_certify(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    tournament = tournament_for_secretary(request, pk)
    match = _match_of(tournament, match_pk)
    protocol = get_object_or_404(MatchProtocol, match=match)
    try:
        protocol.certify(request.user, timezone.now())
    except JudgingError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Protocol certified."))
    return redirect("judging:match", pk=pk, match_pk=match_pk)


@require_POST
def match_note(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    """The judging panel writes the match judge and the dice replacement on the match protocol (003)."""
    tournament = tournament_for_panel(request, pk)
    match = _match_of(tournament, match_pk)
    if tournament.read_only_reason:
        messages.error(request, tournament.read_only_reason)
        return redirect("judging:match", pk=pk, match_pk=match_pk)
    form = MatchNoteForm(request.POST, tournament=tournament)
    if not form.is_valid():
        return _render_match(request, tournament, match, player_in(request.user, match), 400, note_form=form)
    try:
        MatchNote.write(match, request.user, form.cleaned_data["judge"])
    except JudgingError as exc:
        form.add_error(None, str(exc))
        return _render_match(request, tournament, match, player_in(request.user, match), 400, note_form=form)
    messages.success(request, _("Saved."))
    return redirect("judging:match", pk=pk, match_pk=match_pk)


@require_POST
def dice_replacement(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    """The chief judge or his deputy records a replacement of the dice (003 «Игральные кости»)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    if not may_replace_dice(request.user, tournament):
        raise PermissionDenied
    match = _match_of(tournament, match_pk)
    me = player_in(request.user, match)
    form = DiceReplacementForm(request.POST, match=match)
    if not form.is_valid():
        return _render_match(request, tournament, match, me, 400, dice_form=form)
    d = form.cleaned_data
    role = decider_role(request.user, tournament, DICE_DECIDERS)
    try:
        DiceReplacement.record(
            match, d["requested_by"], d["game"], d["during_game"], d["reason"], request.user, role
        )
    except JudgingError as exc:
        form.add_error(None, str(exc))
        return _render_match(request, tournament, match, me, 400, dice_form=form)
    messages.success(request, _("The replacement of the dice is recorded."))
    return redirect("judging:match", pk=pk, match_pk=match_pk)


@require_POST
def equipment(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    """The technical judge records a check or a fault of the equipment on a match (004 §6.2.4)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    if not may_keep_equipment(request.user, tournament):
        raise PermissionDenied
    match = _match_of(tournament, match_pk)
    me = player_in(request.user, match)
    form = EquipmentNoteForm(request.POST)
    if not form.is_valid():
        return _render_match(request, tournament, match, me, 400, equipment_form=form)
    try:
        EquipmentNote.record(match, form.cleaned_data["moment"], form.cleaned_data["text"], request.user)
    except JudgingError as exc:
        form.add_error(None, str(exc))
        return _render_match(request, tournament, match, me, 400, equipment_form=form)
    messages.success(request, _("Saved."))
    return redirect("judging:match", pk=pk, match_pk=match_pk)


@require_POST
def late_arrival(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    """The judging panel records a player's late arrival and its consequence (003 «Начало турнира»)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    if not may_record_late_arrival(request.user, tournament):
        raise PermissionDenied
    match = _match_of(tournament, match_pk)
    me = player_in(request.user, match)
    form = LateArrivalForm(request.POST, match=match)
    if not form.is_valid():
        return _render_match(request, tournament, match, me, 400, late_form=form)
    try:
        row = LateArrival.record(
            match, form.cleaned_data["participant"], form.cleaned_data["arrived"], request.user
        )
    except JudgingError as exc:
        form.add_error(None, str(exc))
        return _render_match(request, tournament, match, me, 400, late_form=form)
    messages.success(request, row.text())
    return redirect("judging:match", pk=pk, match_pk=match_pk)


# --- protests ---------------------------------------------------------------------------------------------


def protest_new(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    match = _match_of(tournament, match_pk)
    me = player_in(request.user, match)
    players = may_protest_for(request.user, match)
    if not players:
        # 004 §5.10: a player of the match protests, or his team's accredited representative; nobody else.
        raise PermissionDenied
    deposit = tournament.protest_deposit or None
    form = ProtestForm(request.POST or None, request.FILES or None, deposit=deposit, players=players, me=me)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            try:
                protest = Protest.file(
                    match,
                    d["player"],
                    request.user,
                    d["reasons"],
                    d["arguments"],
                    d["evidence"],
                    d["files"],
                    timezone.now(),
                )
            except AlreadyFiled as exc:
                if exc.protest.filed_by_id != request.user.pk:
                    form.add_error(None, str(exc))
                else:  # a second click answers as the first did
                    messages.success(request, _("Protest filed. The judging panel will consider it."))
                    return redirect("judging:protest", pk=pk, protest_pk=exc.protest.pk)
            except JudgingError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, _("Protest filed. The judging panel will consider it."))
                return redirect("judging:protest", pk=pk, protest_pk=protest.pk)
        status = 400
    return render(
        request,
        "judging/protest_form.html",
        {
            "t": tournament,
            "match": match,
            "form": form,
            "window_end": state.window_end(match),
            "on_behalf": [p for p in players if p != me],
            "me": me,
        },
        status=status,
    )


def _protest_for_viewer(request, pk: int, protest_pk: int) -> tuple[Tournament, Protest, bool]:
    tournament = get_object_or_404(Tournament, pk=pk)
    protest = get_object_or_404(
        Protest.objects.select_related("match__round", "protester__person", "match__player1__person"),
        pk=protest_pk,
        tournament=tournament,
    )
    panel = is_panel(request.user, tournament)
    user_pk = getattr(request.user, "pk", None)
    own = user_pk is not None and protest.protester.person.user_id == user_pk
    # A representative reads what he filed, while he still represents the player's team.
    filed = (
        user_pk is not None
        and protest.filed_by_id == user_pk
        and Protest.representative_for(protest.protester, request.user) is not None
    )
    if not (panel or own or filed):
        raise PermissionDenied
    return tournament, protest, panel


def protest_detail(request: HttpRequest, pk: int, protest_pk: int) -> HttpResponse:
    tournament, protest, panel = _protest_for_viewer(request, pk, protest_pk)
    return _render_protest(request, tournament, protest, panel)


def _render_protest(request, tournament, protest, panel, status=200, **extra) -> HttpResponse:
    context = {
        "t": tournament,
        "protest": protest,
        "panel": panel,
        "review_form": extra.get("review_form") or ReviewForm(),
        "decision_form": extra.get("decision_form") or DecisionForm(match=protest.match),
        "preview": extra.get("preview"),
        "next_round": protest.following_round(),
        "bracket": protest.match.round.stage.is_elimination,
    }
    return render(request, "judging/protest.html", context, status=status)


@require_POST
def protest_review(request: HttpRequest, pk: int, protest_pk: int) -> HttpResponse:
    tournament = tournament_for_panel(request, pk)
    protest = get_object_or_404(Protest, pk=protest_pk, tournament=tournament)
    form = ReviewForm(request.POST)
    if not form.is_valid():
        return _render_protest(request, tournament, protest, True, status=400, review_form=form)
    d = form.cleaned_data
    try:
        protest.review(request.user, d["accept"], d["rejection"], d["reasons"], timezone.now())
    except JudgingError as exc:
        form.add_error(None, str(exc))
        protest.refresh_from_db()
        return _render_protest(request, tournament, protest, True, status=400, review_form=form)
    messages.success(
        request, _("Protest #%(n)s: %(s)s.") % {"n": protest.number, "s": protest.get_status_display()}
    )
    return redirect("judging:protest", pk=pk, protest_pk=protest.pk)


@require_POST
def protest_decide(request: HttpRequest, pk: int, protest_pk: int) -> HttpResponse:
    tournament = tournament_for_panel(request, pk)
    protest = get_object_or_404(Protest, pk=protest_pk, tournament=tournament)
    form = DecisionForm(request.POST, match=protest.match)
    if not form.is_valid():
        return _render_protest(request, tournament, protest, True, status=400, decision_form=form)
    d = form.cleaned_data
    consequence = d["consequence"] if d["upheld"] else ""
    if request.POST.get("action") == "preview":
        # The panel sees which pairings of the drawn next round the decision would change; nothing is saved.
        preview = redraw.preview(protest, consequence, d["score1"], d["score2"], d["winner_side"])
        return _render_protest(request, tournament, protest, True, decision_form=form, preview=preview or {})
    try:
        notes = protest.decide(
            request.user,
            d["upheld"],
            d["reasons"],
            consequence,
            d["score1"],
            d["score2"],
            d["winner_side"],
            d["next_round"],
        )
    except JudgingError as exc:
        form.add_error(None, str(exc))
        protest.refresh_from_db()
        preview = redraw.preview(protest, consequence, d["score1"], d["score2"], d["winner_side"])
        return _render_protest(
            request, tournament, protest, True, status=400, decision_form=form, preview=preview
        )
    messages.success(
        request, _("Protest #%(n)s: %(s)s.") % {"n": protest.number, "s": protest.get_status_display()}
    )
    for note in notes:
        messages.info(request, note)
    return redirect("judging:protest", pk=pk, protest_pk=protest.pk)


def protest_attachment(request: HttpRequest, pk: int, protest_pk: int, attachment_pk: int) -> FileResponse:
    _tournament, protest, _panel = _protest_for_viewer(request, pk, protest_pk)
    attachment = get_object_or_404(protest.attachments, pk=attachment_pk)
    response = FileResponse(attachment.file.open("rb"), content_type=attachment.content_type)
    response["Content-Disposition"] = f'inline; filename="{attachment.file.name.rsplit("/", 1)[-1]}"'
    response["X-Content-Type-Options"] = "nosniff"
    return response


@require_POST
def finalize_now(request: HttpRequest, pk: int) -> HttpResponse:
    tournament_for_panel(request, pk)
    count = finalize_results(pk)  # this tournament's results only
    messages.success(request, _("Results of this tournament made final: %(n)s.") % {"n": count})
    return redirect("judging:desk", pk=pk)


# --- the chief judge's desk and sanctions -------------------------------------------------------------------


DESK_SHOWN = 100  # results not final yet listed on the desk; the rest are counted


def desk(request: HttpRequest, pk: int) -> HttpResponse:
    """Open protests with their deadlines, warnings per player, pending removals: what the panel must sign."""
    tournament = tournament_for_panel(request, pk)
    now = timezone.now()
    open_protests = (
        tournament.protests.filter(status__in=Protest.OPEN)
        .select_related("match__round__tournament", "protester__person")
        .order_by("filed_at")
    )
    # Warnings per participant: a pair's are those of either of its two players (003 «Пары»).
    counts = Counter(
        Sanction.objects.filter(tournament=tournament, kind=Sanction.Kind.WARNING).values_list(
            "person_id", flat=True
        )
    )
    warnings = list(
        tournament.participants.filter(Q(person_id__in=counts) | Q(partner_id__in=counts)).select_related(
            "person", "partner"
        )
    )
    for p in warnings:
        p.warnings = counts[p.person_id] + (counts[p.partner_id] if p.partner_id else 0)  # type: ignore[attr-defined]
    pending = RemovalProposal.objects.filter(
        tournament=tournament, status=RemovalProposal.Status.PENDING
    ).select_related("participant__person", "participant__partner", "team", "disqualification__tournament")
    protocols = (
        MatchProtocol.objects.filter(match__round__tournament=tournament)
        .exclude(status=MatchProtocol.Status.CERTIFIED)
        .select_related("match__round", "submitted_by__person")
    )
    # The results not final yet: counted by the database, the first DESK_SHOWN listed (issue 36), each
    # judged in constant time; never every result of the tournament read.
    not_final = Match.objects.filter(state.state_q("open", tournament, now))
    entered = list(
        not_final.select_related("round__tournament", "player1__person", "player2__person").order_by(
            "round__number", "table"
        )[:DESK_SHOWN]
    )
    states = state.match_states(entered, now)  # the open protests of all of them in one query
    provisional = [(m, states[m.pk].key, states[m.pk].seconds_left) for m in entered]
    not_final_count = len(entered) if len(entered) < DESK_SHOWN else not_final.count()
    sanctions = list(
        Sanction.objects.filter(tournament=tournament).select_related(
            "person", "issued_by", "lifted_by", "tournament", "official"
        )[:200]
    )
    context = {
        "t": tournament,
        "open_protests": open_protests,
        "warnings": warnings,
        "pending": pending,
        "protocols": protocols,
        "provisional": provisional,
        "provisional_more": not_final_count - len(provisional),
        "provisional_count": not_final_count,
        "chief_judge": is_chief_judge(request.user, tournament),
        "proposal_form": ProposalForm(),
        "sanctions": sanctions,
        # 004 §5.7.4: the disqualifications the reader may lift (``disqualification.may_lift``).
        "liftable": {s.pk for s in sanctions if disqualification.may_lift(request.user, s)},
        # 004 §5.7.1, §1.3.4: a team's own sanctions (warnings, removal) beside its players'.
        "team_sanctions": TeamSanction.objects.filter(tournament=tournament).select_related(
            "team", "issued_by", "team_match__round"
        )[:200],
        # What rulings did to later bracket matches (004 §5.10): annulled, replayed, players changed.
        "reflows": tournament.audit.filter(action="reflow").select_related("user")[:100],
        "review": tournament.round_set.exclude(review=[]).order_by("number"),
        "group_ties": _group_ties(tournament),
    }
    return render(request, "judging/desk.html", context)


def _group_ties(tournament: Tournament) -> list:
    """Qualifying ties a play-off match must break before the playoff is drawn (004 §1.4.7)."""
    if tournament.group_ties != GroupTies.MATCH or tournament.stages.filter(kind="playoff").exists():
        return []
    groups = tournament.stages.filter(kind="groups").first()
    if groups is None or groups.rounds.count() < max(
        (len(x) for x in groups.plan.get("schedules", [[]])), default=0
    ):
        return []
    by_key = draw_manager.participants_by_key(tournament)
    return [(g, [by_key[r.player] for r in block]) for g, block in draw_manager.qualifying_ties(tournament)]


@require_POST
def sanction_lift(request: HttpRequest, sanction_pk: int) -> HttpResponse:
    """Lift a disqualification with a reason (004 §5.7.4): from the chief judge's desk or the league's list;
    who may is ``disqualification.may_lift`` (checked again by ``lift``)."""
    sanction = get_object_or_404(Sanction.objects.select_related("tournament", "person"), pk=sanction_pk)
    if not disqualification.may_lift(request.user, sanction):
        raise PermissionDenied
    try:
        notes = disqualification.lift(sanction, request.POST.get("reason", ""), request.user)
    except JudgingError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Disqualification of %(p)s lifted.") % {"p": sanction.person})
        for note in notes:
            messages.info(request, note)
    at_desk = request.POST.get("back") == "desk" and sanction.tournament_id
    if at_desk and is_panel(request.user, sanction.tournament):
        return redirect("judging:desk", pk=sanction.tournament_id)
    if is_league_official(request.user):
        return redirect("judging:disqualifications")
    return redirect("judging:desk", pk=sanction.tournament_id)


def league_disqualify(request: HttpRequest) -> HttpResponse:
    """004 §5.7.4: a league official disqualifies a person outside any tournament; it acts like a tournament's
    (his entries in tournaments not started refused, the running ones' desks told, every later entry
    refused by the admission checks)."""
    if not is_league_official(request.user):
        raise PermissionDenied
    form = LeagueDisqualificationForm(request.POST or None, initial={"token": uuid.uuid4().hex})
    status = 200
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            sanction = Sanction(
                person=d["person"],
                tournament=None,
                kind=Sanction.Kind.DISQUALIFICATION,
                clause=d["clause"].strip(),
                facts=d["facts"].strip(),
                starts_on=d["starts_on"],
                ends_on=d["ends_on"],
                matches_count=d["matches_count"],
                tournaments_count=d["tournaments_count"],
                form_token=d["token"],
            )
            try:
                sanction.apply(request.user)
            except AlreadyApplied:
                return redirect("judging:disqualifications")
            except JudgingError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(
                    request,
                    _("%(kind)s recorded: %(p)s.") % {"kind": sanction.get_kind_display(), "p": d["person"]},
                )
                for note in sanction.notes:
                    messages.info(request, note)
                return redirect("judging:disqualifications")
        status = 400
    return render(request, "judging/league_disqualify.html", {"form": form}, status=status)


def disqualifications(request: HttpRequest) -> HttpResponse:
    """The league's disqualifications, in force or lifted (004 §5.7.4): a league official lifts any."""
    if not is_league_official(request.user):
        raise PermissionDenied
    rows = list(
        Sanction.objects.filter(kind=Sanction.Kind.DISQUALIFICATION).select_related(
            "person", "tournament", "issued_by", "lifted_by"
        )[:500]
    )
    liftable = {s.pk for s in rows if disqualification.may_lift(request.user, s)}
    return render(request, "judging/disqualifications.html", {"sanctions": rows, "liftable": liftable})


def sanction_new(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_for_chief_judge(request, pk)
    if tournament.read_only_reason:
        messages.error(request, tournament.read_only_reason)
        return render(request, "judging/sanction_form.html", {"t": tournament, "form": None}, status=400)
    # The chosen player (the filter above the form, or the form sent): only his matches are offered.
    picked = request.POST.get("participant") if request.method == "POST" else request.GET.get("participant")
    picked_pk = sane_int(picked)
    chosen = tournament.participants.filter(pk=picked_pk).first() if picked_pk is not None else None
    # The team round page links each board's player here with his match chosen (``match``).
    form = SanctionForm(
        request.POST or None,
        tournament=tournament,
        participant=chosen,
        initial={"token": uuid.uuid4().hex, "match": sane_int(request.GET.get("match"))},
    )
    status = 200
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            participant = d["participant"]
            sanction = Sanction(
                person=d["person"],  # of a pair, the player who broke the rule (003 «Пары»)
                tournament=tournament,
                kind=d["kind"],
                violation=d["violation"],
                clause=d["clause"].strip(),
                facts=d["facts"].strip(),
                match=d["match"],
                ends_on=d["ends_on"],
                matches_count=d["matches_count"],
                tournaments_count=d["tournaments_count"],
                points=d["points"] if d["kind"] == Sanction.Kind.POINTS_DEDUCTION else None,
                form_token=d["token"],
            )
            try:
                proposal = sanction.apply(request.user, participant)
            except AlreadyApplied as exc:  # a second click answers as the first
                messages.success(
                    request,
                    _("%(kind)s recorded: %(p)s.")
                    % {"kind": exc.sanction.get_kind_display(), "p": participant},
                )
                return redirect("judging:desk", pk=pk)
            except JudgingError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(
                    request,
                    _("%(kind)s recorded: %(p)s.") % {"kind": sanction.get_kind_display(), "p": participant},
                )
                for note in sanction.notes:
                    messages.info(request, note)
                if proposal is not None and proposal.status == RemovalProposal.Status.APPLIED:
                    messages.warning(
                        request,
                        _("Second warning: %(p)s is removed at once, as the regulation says (004 §5.7.2).")
                        % {"p": participant},
                    )
                elif proposal is not None:
                    messages.warning(
                        request,
                        _("Second warning: removal of %(p)s is proposed to the chief judge (%(rule)s).")
                        % {"p": participant, "rule": cite("004 §5.7.2")},
                    )
                return redirect("judging:desk", pk=pk)
        status = 400
    return render(
        request,
        "judging/sanction_form.html",
        {"t": tournament, "form": form, "chosen": chosen},
        status=status,
    )


def official_sanction(request: HttpRequest, pk: int, official_pk: int) -> HttpResponse:
    """004 §2.4.5, §6.2.2 items 3–4: the chief judge warns, removes or disqualifies a coach, a representative
    or an official below him (``registration.permissions.may_sanction_official``)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    official = get_object_or_404(
        Official.objects.select_related("person", "tournament"), pk=official_pk, tournament=tournament
    )
    if not may_sanction_official(request.user, official):
        raise PermissionDenied
    if tournament.read_only_reason:
        messages.error(request, tournament.read_only_reason)
        return render(
            request,
            "judging/official_sanction_form.html",
            {"t": tournament, "official": official},
            status=400,
        )
    form = OfficialSanctionForm(request.POST or None, initial={"token": uuid.uuid4().hex})
    status = 200
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            sanction = Sanction(
                person=official.person,
                official=official,
                tournament=tournament,
                kind=d["kind"],
                clause=d["clause"].strip(),
                facts=d["facts"],
                ends_on=d["ends_on"],
                matches_count=d["matches_count"],
                tournaments_count=d["tournaments_count"],
                form_token=d["token"],
            )
            try:
                sanction.apply(request.user)
            except AlreadyApplied:  # a second click answers as the first
                return redirect("judging:desk", pk=pk)
            except JudgingError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(
                    request,
                    _("%(kind)s recorded: %(p)s.")
                    % {"kind": sanction.get_kind_display(), "p": official.person},
                )
                for note in sanction.notes:
                    messages.info(request, note)
                return redirect("judging:desk", pk=pk)
        status = 400
    context: dict[str, object] = {"t": tournament, "official": official, "form": form}
    return render(request, "judging/official_sanction_form.html", context, status=status)


def team_sanction_new(request: HttpRequest, pk: int, team_pk: int) -> HttpResponse:
    """004 §5.7.1, §1.3.4: the chief judge warns or removes a team as a whole (``judging.team_sanctions``)."""
    tournament = tournament_for_chief_judge(request, pk)
    team = get_object_or_404(Team, pk=team_pk, tournament=tournament)
    if tournament.read_only_reason:
        messages.error(request, tournament.read_only_reason)
        context = {"t": tournament, "team": team, "form": None}
        return render(request, "judging/team_sanction_form.html", context, status=400)
    form = TeamSanctionForm(
        request.POST or None,
        team=team,
        initial={"token": uuid.uuid4().hex, "team_match": sane_int(request.GET.get("team_match"))},
    )
    status = 200
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            try:
                sanction, notes = team_sanctions.apply(
                    team, d["kind"], d["clause"], d["facts"], request.user, d["token"], d["team_match"]
                )
            except team_sanctions.TeamAlreadyApplied as exc:  # a second click answers as the first
                sanction, notes = exc.sanction, []
            except JudgingError as exc:
                form.add_error(None, str(exc))
                sanction = None
            if sanction is not None:
                messages.success(
                    request,
                    _("%(kind)s recorded: team %(team)s.")
                    % {"kind": sanction.get_kind_display(), "team": team.name},
                )
                for note in notes:
                    messages.info(request, note)
                return redirect("public:team", pk=pk, team_pk=team.pk)
        status = 400
    return render(
        request,
        "judging/team_sanction_form.html",
        {"t": tournament, "team": team, "form": form, "warnings": team_sanctions.warnings_of(team)},
        status=status,
    )


@require_POST
def proposal_decide(request: HttpRequest, pk: int, proposal_pk: int) -> HttpResponse:
    tournament = tournament_for_chief_judge(request, pk)
    proposal = get_object_or_404(RemovalProposal, pk=proposal_pk, tournament=tournament)
    form = ProposalForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose the decision and give the reason."))
        return redirect("judging:desk", pk=pk)
    try:
        proposal.decide(request.user, form.cleaned_data["apply"], form.cleaned_data["reason"])
    except JudgingError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            _("Removal proposal for %(p)s: %(s)s.")
            % {
                "p": proposal.competitor,
                "s": proposal.get_status_display(),
            },
        )
    return redirect("judging:desk", pk=pk)


# --- the tournament's lifecycle ---------------------------------------------------------------------------


def tournament_finish(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: what finishing means and what still blocks it. POST with ``confirm``: finish (004 §6.2.1)."""
    tournament = tournament_for_secretary(request, pk)
    status = 200
    error = ""
    if request.method == "POST":
        try:
            lifecycle.finish(
                tournament,
                request.user,
                confirmed=request.POST.get("confirm") == "1",
                confirm_early=request.POST.get("confirm_early") == "1",
            )
        except JudgingError as exc:
            error, status = str(exc), 400
        else:
            messages.success(request, _("The tournament is finished. Final standings are below."))
            return redirect("public:standings", pk=pk)
    tournament.refresh_from_db()
    context = {
        "t": tournament,
        "blockers": lifecycle.blockers(tournament),
        "error": error,
        "chief_judge": is_chief_judge(request.user, tournament),
        "reopenings": lifecycle.reopenings(tournament),
        "finishes_early": lifecycle.finishes_early(tournament),
    }
    return render(request, "judging/finish.html", context, status=status)


def tournament_cancel(request: HttpRequest, pk: int) -> HttpResponse:
    """004 §6.1.2 item 3: the judging panel cancels the event, with a reason."""
    tournament = tournament_for_panel(request, pk)
    form = ReasonForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                lifecycle.cancel(tournament, request.user, form.cleaned_data["reason"])
            except JudgingError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, _("The tournament is cancelled: the change is in the log."))
                return redirect("public:detail", pk=pk)
        status = 400
    return render(request, "judging/cancel.html", {"t": tournament, "form": form}, status=status)


def competition_cancel(request: HttpRequest, cpk: int) -> HttpResponse:
    """004 §6.1.2 item 3 for a competition: its one panel (§1.2) cancels every event of it."""
    competition = get_object_or_404(Competition, pk=cpk)
    events = list(competition.events.order_by("pk"))
    if not events or not is_panel(request.user, events[0]):
        raise PermissionDenied
    form = ReasonForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                notes = lifecycle.cancel_competition(events, request.user, form.cleaned_data["reason"])
            except JudgingError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(
                    request, _("The competition is cancelled: the change is in each event's log.")
                )
                for note in notes:
                    messages.info(request, note)
                return redirect("public:competition", cpk=cpk)
        status = 400
    context = {"competition": competition, "events": events, "form": form}
    return render(request, "judging/cancel.html", context, status=status)


def tournament_reopen(request: HttpRequest, pk: int) -> HttpResponse:
    """The chief judge reopens a finished tournament with a reason (004 §6.2.1 item 6); logged."""
    tournament = tournament_for_chief_judge(request, pk)
    form = ReasonForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                lifecycle.reopen(tournament, request.user, form.cleaned_data["reason"])
            except JudgingError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, _("The tournament is reopened: the change is in the log."))
                return redirect("public:detail", pk=pk)
        status = 400
    return render(request, "judging/reopen.html", {"t": tournament, "form": form}, status=status)


def swiss_rounds(request: HttpRequest, pk: int) -> HttpResponse:
    """The chief judge changes the Swiss number of rounds fixed at the start, with a reason (004 §1.4.6)."""
    tournament = tournament_for_chief_judge(request, pk)
    form = RoundsForm(request.POST or None, initial={"rounds": tournament.rounds})
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                lifecycle.change_swiss_rounds(
                    tournament, request.user, form.cleaned_data["rounds"], form.cleaned_data["reason"]
                )
            except JudgingError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, _("The number of rounds is changed: the change is in the log."))
                return redirect("public:detail", pk=pk)
        status = 400
    return render(request, "judging/rounds.html", {"t": tournament, "form": form}, status=status)


def group_tie(request: HttpRequest, pk: int, group_number: int) -> HttpResponse:
    """The panel records the outcome of a play-off match breaking a qualifying tie in a group (004 §1.4.7)."""
    tournament = tournament_for_panel(request, pk)
    tie = next(
        (block for g, block in draw_manager.qualifying_ties(tournament) if g.number == group_number), None
    )
    if tie is None:
        messages.info(request, _("There is no tie to decide in this group."))
        return redirect("judging:desk", pk=pk)
    by_key = draw_manager.participants_by_key(tournament)
    form = GroupTieForm(request.POST or None, players=[(r.player, str(by_key[r.player])) for r in tie])
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                text = draw_manager.record_group_tie(
                    tournament, group_number, form.order(), form.cleaned_data["note"], request.user
                )
            except draw_manager.DrawError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(request, text)
                return redirect("judging:desk", pk=pk)
        status = 400
    return render(
        request,
        "judging/group_tie.html",
        {"t": tournament, "form": form, "group": group_number},
        status=status,
    )
