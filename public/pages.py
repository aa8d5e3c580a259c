"""The tournament's own pages: the list, the home page with the secretary's next step, creating and setting
up a tournament, the participants, a round's pairings and the change log. They read several apps (the draw,
judging, registration), so they live at the top with the other public pages."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from draw import absences as absence_rules
from draw import manager as draw_manager
from draw.forms import DrawForm, RoundLengthForm
from draw.models import Round
from federation import manager as federation_manager
from judging import redraw
from judging.state import match_states, pending_protests_warning, round_states
from protocols.facts import qualification_lines
from public import competition_manage
from public.access import own_participant, visible_round
from public.tables import PairingTable, RoundTable
from public.views import found_players, round_matches, shown_tables
from registration.competition import move_refusal, open_events
from registration.models import Official, Participant, Person, accepts_participants
from registration.permissions import (
    SPEAKERS,
    can_decide,
    can_run,
    is_chief_judge,
    is_league_official,
    is_official,
    is_panel,
    may_create_competition,
    may_reorder_rounds,
    tournament_for_secretary,
)
from registration.tables import ParticipantTable
from tournaments import regulation
from tournaments.forms import TournamentForm
from tournaments.models import Competition, System, Tournament, log
from tournaments.tables import AuditTable, TournamentTable
from tournaments.validators import sane_int


def tournament_list(request: HttpRequest) -> HttpResponse:
    table = TournamentTable(Tournament.objects.all())
    can_create = request.user.has_perm("tournaments.add_tournament")
    # 004 §5.7.4: a league official's list of disqualifications, where he lifts one.
    league = is_league_official(request.user)
    # Competitions of several events (issue 28 §3): those not finished, each with its one entry form while
    # any of its events takes entries on the site.
    competitions = [c for c in Competition.objects.prefetch_related("events")[:50] if not c.is_finished]
    context = {
        "table": table,
        "can_create": can_create,
        "league": league,
        "competitions": competitions,
        "open_competitions": {c.pk for c in competitions if open_events(c)},
        "can_create_competition": may_create_competition(request.user),
    }
    return render(request, "public/list.html", context)


def _regulation_lines(t: Tournament, context: dict) -> list[tuple]:
    """The «Regulation» card of the tournament's page: each setting's line from its row of the regulation's
    table (``tournaments.regulation``, placed by ``Shown.at``) among the page's own (the status, the
    participants)."""
    page = {**context, "swiss_rounds_url": reverse("judging:swiss_rounds", args=[t.pk])}
    placed = [(s.at, s.label, s.value(t, page)) for s in regulation.shown(t)]
    placed += [
        (0, _("Status"), t.get_status_display()),
        (80, _("Participants"), context["participant_count"]),
    ]
    return [(label, value) for _at, label, value in sorted(placed, key=lambda p: p[0]) if value is not None]


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
        "officials": tournament.officials.exclude(role__in=SPEAKERS).select_related("person"),
        "next_number": draw_manager.next_round_number(tournament),
        "chief_judge": is_chief_judge(request.user, tournament),
        "panel": is_panel(request.user, tournament),  # 004 §6.1.2 item 3: may cancel
        "draw_form": DrawForm(initial={"number": draw_manager.next_round_number(tournament)}),
        "protest_warning": pending_protests_warning(tournament) if runner else "",
        "accepts": accepts_participants(tournament) if runner else False,
        "current_round": tournament.round_set.public().order_by("-number").first(),
        # 004 §1.4.3: the chief judge or his deputy changes the order of round-robin rounds.
        "reorder_rounds": tournament.system in (System.ROUND_ROBIN, System.MIXED)
        and may_reorder_rounds(request.user, tournament),
    }
    if tournament.system == System.SWISS:
        context["planned_rounds"] = draw_manager.swiss_rounds(tournament)
    context["regulation_lines"] = _regulation_lines(tournament, context)
    if runner:
        # What the secretary's next step is: check the draft, wait for results, draw, or finish.
        last = tournament.round_set.order_by("-number").first()
        context["last_round"] = last
        context["missing_results"] = (
            last.matches.filter(result_kind="").count() if last and last.status != Round.Status.DRAFT else 0
        )
        if not tournament.is_closed and (
            last is None or (not last.is_draft and not context["missing_results"])
        ):
            context["rounds_left"] = last is None or draw_manager.rounds_left(tournament)
    return render(request, "public/detail.html", context)


def _competition_choice(request: HttpRequest, tournament: Tournament) -> dict:
    """The tournament form's «competition» (issue 28 §3): the competitions the user may put the event into,
    and the one rule asked again for whatever is posted (``registration.competition.move_refusal``)."""
    return {
        "competitions": competition_manage.managed_competitions(request.user),
        "competition_refusal": lambda c: move_refusal(request.user, tournament, c),
    }


def _in_competition(request: HttpRequest) -> dict:
    """A new event made from a competition's page (``?competition=<id>``) starts with its competition, dates,
    venue, organiser and status (what its documents print)."""
    cpk = sane_int(request.GET.get("competition"))
    c = Competition.objects.filter(pk=cpk).first() if cpk is not None else None
    if c is None:
        return {}
    return {
        "competition": c.pk,
        "start_date": c.start_date,
        "end_date": c.end_date,
        "venue": c.venue,
        "organiser": c.organiser,
        "category": c.category,
    }


def tournament_create(request: HttpRequest) -> HttpResponse:
    if not request.user.has_perm("tournaments.add_tournament"):
        raise PermissionDenied
    new = Tournament()
    form = TournamentForm(
        request.POST or None, initial=_in_competition(request), **_competition_choice(request, new)
    )
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            tournament = form.save(commit=False)
            tournament.created_by = request.user
            tournament.save()
            # Whoever creates the tournament is its chief secretary (004 §6.2.3).
            person = _person_for(request.user)
            Official.objects.create(tournament=tournament, person=person, role=Official.Role.CHIEF_SECRETARY)
            log(tournament, request.user, "create", _("Tournament created"))
            if tournament.competition_id:
                c = tournament.competition
                log(
                    tournament,
                    request.user,
                    "competition",
                    _("Event added to the competition «%(c)s»") % {"c": c},
                )
        messages.success(request, _("Tournament created."))
        return redirect("public:detail", pk=tournament.pk)
    return render(request, "public/form.html", {"form": form, "title": _("New tournament")})


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
        return redirect("public:detail", pk=pk)
    form = TournamentForm(
        request.POST or None,
        instance=tournament,
        may_set_admission=is_chief_judge(request.user, tournament),
        **_competition_choice(request, Tournament.objects.get(pk=pk)),  # the rule reads the stored one
    )
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
        return redirect("public:detail", pk=pk)
    return render(request, "public/form.html", {"form": form, "t": tournament, "title": _("Settings")})


def participant_list(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    people = tournament.participants.select_related("person").order_by(
        "seed", "person__surname", "person__name"
    )
    runner = can_run(request.user, tournament)
    table = ParticipantTable(people, editable=can_decide(request.user, tournament))
    active = (
        [p for p in people if p.status == Participant.Status.ACTIVE]
        if runner and not tournament.is_closed
        else []
    )
    decider = can_decide(request.user, tournament)
    locked = _(
        "The first round has been drawn: the seeding numbers were used by the draw and stay as they are."
    )
    return render(
        request,
        "public/participants.html",
        {
            "t": tournament,
            "table": table,
            "runner": runner,
            "active": active,
            "decider": decider,
            "seed_locked": locked if decider and tournament.round_set.exists() else "",
            # The federation's official list valid on the first day (issue 31 §2), for the seeding card.
            "rating_list": (
                federation_manager.list_valid_on(list_key, tournament.start_date)
                if decider
                and not tournament.is_closed
                and (list_key := federation_manager.list_of(tournament.discipline))
                else None
            ),
        },
    )


def round_detail(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    # The round's tournament with every match (its protest window decides each state): no query per match.
    rnd, runner = visible_round(request, tournament, number)
    matches = round_matches(rnd)
    shown, page_links, q = shown_tables(request, rnd, matches)  # 100 tables a page (issue 20)
    table = PairingTable(shown, can_enter=runner and rnd.is_public and not tournament.is_closed)
    official = is_official(request.user, tournament)
    mine = set()
    if request.user.is_authenticated and not official:
        mine = set(tournament.participants.filter(person__user=request.user).values_list("pk", flat=True))
    # Whose row goes first (issue 28 §5): the logged-in player, else the one player "find my table" found —
    # kept in this browser for the next visits.
    me, remember = own_participant(request, tournament), False
    if me is None and q:
        hits = found_players(shown, q)
        me, remember = (hits[0], True) if len(hits) == 1 else (None, False)
    # The officials' links for the tables shown; a player's for his own match wherever it is.
    if official:
        linked = [m for m in shown if m.player2_id] if rnd.is_public else []
    else:
        own = matches.filter(Q(player1_id__in=mine) | Q(player2_id__in=mine)) if mine else []
        linked = [m for m in own if m.player2_id] if rnd.is_public else []
    # Their states read once for all (the table's when it shows every match): no query per match.
    states = table.states if official else match_states(linked, timezone.now())
    context = {
        "t": tournament,
        "round": rnd,
        "round_state": round_states([rnd], timezone.now())[rnd.pk],
        "absences": absence_rules.round_lines(tournament, rnd.number),  # issue 29 §3
        "table": table,
        "q": q,
        "page_links": page_links,
        "page": next((link["number"] for link in page_links if link["current"]), None),
        # The match pages open to the officials and to the players of the match: nobody else sees the links.
        "protocol_rows": [(m, states[m.pk].key, states[m.pk].seconds_left) for m in linked],
        "runner": runner,
        "me": me,
        "remember": remember,
        "length_form": RoundLengthForm(initial={"match_length": rnd.effective_match_length()}),
        # A decision on a pending protest may change a result and the score groups this draft was drawn on.
        "protest_warning": pending_protests_warning(tournament) if runner and not rnd.is_public else "",
    }
    if runner and rnd.is_draft and tournament.is_swiss and not tournament.is_closed:
        context["draft_check"] = _draft_check(tournament, rnd, matches)
    if rnd.stage.kind == "playoff" and not rnd.stage.rounds.filter(number__lt=rnd.number).exists():
        # 004 §1.4.7: the first playoff round says how each qualifier was decided.
        context["qualification"] = qualification_lines(tournament)
    if runner and rnd.needs_review and not tournament.is_closed:
        # 003 «Протоколы»: a result it was drawn on was corrected; what a new draw would change, computed and
        # thrown away (nothing saved).
        found = redraw.changes(rnd)
        context["review"] = {
            "notes": rnd.review,
            "error": found if isinstance(found, str) else "",
            "gone": [] if isinstance(found, str) else found[0],
            "come": [] if isinstance(found, str) else found[1],
            "unplayed": redraw.round_is_unplayed(rnd)
            and not tournament.round_set.filter(number__gt=rnd.number).exists(),
        }
    return render(request, "public/round.html", context)


def _draft_check(t: Tournament, rnd: Round, matches) -> dict:
    """The Swiss draft as the pairing engine's check sees it (issue 14 item 6): each pairing's points, score
    group, floats and rematch; the objective against the optimum; the players the secretary may swap."""
    try:
        answer = draw_manager.check_swiss_draft(rnd)
    except draw_manager.pairing.PairingError as exc:
        return {"error": str(exc)}
    by_key = draw_manager.participants_by_key(t)
    checked = {tuple(p["players"]): p for p in answer["pairs"]}
    rows = []
    for m in matches:
        if m.player2_id is None:
            rows.append({"match": m, "bye": True})
            continue
        info = checked.get((str(m.player1_id), str(m.player2_id)), {})
        floats = info.get("float", {})
        rows.append(
            {
                "match": m,
                "points": info.get("points", ["", ""]),
                "group": info.get("score_group", ""),
                "float1": floats.get(str(m.player1_id), ""),
                "float2": floats.get(str(m.player2_id), ""),
                "rematch": info.get("rematch", False),
            }
        )
    return {
        "rows": rows,
        "cost": answer["cost"],
        "optimum": answer["optimum"],
        "problems": [draw_manager.problem_text(p, by_key) for p in answer["problems"]],
        "players": sorted(
            ((m.table, p) for m in matches for p in (m.player1, m.player2) if p is not None),
            key=lambda x: (x[0], str(x[1])),
        ),
    }


def audit_log(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = get_object_or_404(Tournament, pk=pk)
    if not is_official(request.user, tournament):
        raise PermissionDenied
    table = AuditTable(tournament.audit.select_related("user__person")[:500])
    return render(request, "public/audit.html", {"t": tournament, "table": table})
