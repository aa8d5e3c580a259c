"""Team events' pages (004 §1.3.4): a round's team pairings with their boards, the team standings and
crosstable, a team's page with its roster, board order and line-ups (the captain's, representative's or
secretary's line-up form), the team standings PDF, the personal standings by board, and the extra decisive
match of a drawn knockout match.

Anybody may read them (draft rounds stay hidden from everyone but the secretary); nothing private is shown.
"""

from __future__ import annotations

from fractions import Fraction

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from draw import teams
from draw.models import Group, Lineup, Round, Stage, TeamMatch
from judging import team_sanctions
from judging.errors import JudgingError
from judging.models import TeamSanction
from protocols.docs import board_standings as board_standings_doc
from protocols.docs import team_standings as team_standings_doc
from public.access import visible_round
from registration.models import Official, Participant, Team
from registration.permissions import can_run, is_chief_judge, is_official, is_panel
from standings import team_metrics
from standings.ranking import decided_text
from tournaments.models import System, Tournament
from tournaments.validators import sane_int


def _team_event(pk: int) -> Tournament:
    t = get_object_or_404(Tournament, pk=pk)
    if not t.is_team_event:
        raise Http404
    return t


def may_submit_lineup(user, team: Team) -> bool:
    """004 §1.3.4, §2.4.3: the captain, the team's accredited representative, or a runner of the tournament
    (a representative registered but not accredited, or withdrawn, speaks for nobody)."""
    if not getattr(user, "is_authenticated", False):
        return False
    if can_run(user, team.tournament):
        return True
    person = getattr(user, "person", None)
    if person is None:
        return False
    if team.captain is not None and team.captain.person_id == person.pk:
        return True
    return Official.objects.filter(
        tournament=team.tournament,
        team=team,
        person=person,
        role=Official.Role.REPRESENTATIVE,
        accredited=True,
    ).exists()


def _names(t: Tournament) -> dict[str, str]:
    return {str(tm.pk): tm.name for tm in t.teams.all()}


def judging_links(user, t: Tournament) -> dict:
    """What the judging links on the team pages offer this user (the server checks each action again):
    officials open each board's match page (protocol, protests, the panel's rulings); the panel sees the open
    protests; the chief judge gets the sanction of each board's player and of each team, while the tournament
    is not finished (004 §5.7, §5.10, §6.2.1 item 8)."""
    official = is_official(user, t)
    return {
        "official": official,
        "panel": official and is_panel(user, t),
        "sanctions": official and is_chief_judge(user, t) and not t.read_only_reason,
    }


def team_match_rows(rnd: Round, t: Tournament, protests: bool = False) -> list[dict]:
    """Each team match of the round with its boards and the team score so far (``protests``: with each
    board's protests, for the judging panel)."""
    results = {
        (r.team1, r.team2): r for r in teams.team_results(t, published_only=False) if r.round == rnd.number
    }
    rows = []
    tms = rnd.team_matches.select_related("team1", "team2").prefetch_related(
        "boards__player1__person", "boards__player2__person", "boards__winner__person"
    )
    if protests:
        tms = tms.prefetch_related("boards__protests")
    for tm in tms:
        r = results.get((str(tm.team1_id), str(tm.team2_id) if tm.team2_id else None))
        bp = team_metrics.board_points(r, Fraction(t.bye_points), t.boards) if r else (0, 0)
        boards = sorted(tm.boards.all(), key=lambda m: (m.board == 0, m.board))
        rows.append(
            {
                "tm": tm,
                "boards": boards,
                # 004 §5.7.3: the boards a team short of players lost: (board, the team that lost it).
                "lost": [
                    (board, {1: tm.team1, 2: tm.team2}.get(side))
                    for board, side in sorted(teams.lost_boards(tm).items())
                ],
                "score1": bp[0],
                "score2": bp[1],
                "complete": bool(r and r.complete),
                "decided": team_metrics.decide(r, t.team_draw_rule) if r and tm.team2_id else None,
            }
        )
    return rows


def _num(x) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def team_round(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    t = _team_event(pk)
    rnd, runner = visible_round(request, t, number)
    links = judging_links(request.user, t) if not rnd.is_draft else {}
    context = {
        "t": t,
        "round": rnd,
        "rows": team_match_rows(rnd, t, protests=bool(links.get("panel"))),
        "links": links,
        "runner": runner,
        "time_control": t.time_control_for(rnd.stage.kind),
        "knockout": teams.is_knockout_round(rnd),
    }
    return render(request, "public/teams/round.html", context)


def qualifying_sections(t: Tournament) -> list[dict]:
    """004 §1.4.7: the qualifying stage of a team mixed event once one of its rounds is published, one table
    per group (a Swiss of the whole field: one), each with who goes to the playoff and how. Once the playoff
    is drawn its teams are the qualifiers; before, the teams placed to qualify (``qualifiers_per_group``).
    Removed teams keep no place there (004 §5.7.3, ``teams.qualifying_tables``)."""
    if t.system != System.MIXED:
        return []
    stage = t.stages.filter(kind=Stage.Kind.GROUPS).first()
    if stage is None or not stage.rounds.exclude(status=Round.Status.DRAFT).exists():
        return []  # a drafted qualifying stage is the secretary's
    names = _names(t)
    k = t.qualifiers_per_group
    playoff = t.stages.filter(kind=Stage.Kind.PLAYOFF).first()
    drawn = None
    if playoff is not None and playoff.rounds.exclude(status=Round.Status.DRAFT).exists():
        drawn = set(playoff.plan.get("team_bracket", {}).get("players", []))
    ties = stage.plan.get("ties", {})
    keys = teams.ranking_keys(t)
    sections = []
    for index, rows in enumerate(teams.qualifying_tables(t, stage), start=1):
        qualifiers = []
        for r in rows:
            goes = r.team in drawn if drawn is not None else (r.place or k + 1) <= k
            if goes:
                qualifiers.append((r, names.get(r.team, r.team), _how(t, r, rows, index, ties, keys)))
        title = (
            capfirst(stage.get_system_display())
            if stage.system == System.SWISS
            else _("Group %(g)s") % {"g": Group(number=index).name}
        )
        sections.append(
            {
                "title": title,
                "rows": [{"row": r, "name": names.get(r.team, r.team), "pk": r.team} for r in rows],
                "qualifiers": qualifiers,
            }
        )
    return sections


def _how(t: Tournament, r: team_metrics.TeamRow, rows, group: int, ties: dict, keys: list[str]) -> str:
    """How a qualifying team got its place (004 §1.4.7): by the primary score, by the first tie-break that
    set it apart, by the lot stored at the playoff draw, or as the best of the rest."""
    if (r.place or 0) > t.qualifiers_per_group:
        return decided_text("best_of_rest", t)
    for key, decision in ties.items():
        if key.startswith(f"{group}:") and r.team in decision["order"]:
            return decided_text(decision["method"], t, decision.get("seed"), decision.get("note", ""))
    if r.place != r.place_to:
        return decided_text("", t)  # tied: the lot decides at the playoff draw
    peers = [o for o in rows if o is not r]
    for key in keys:
        peers = [o for o in peers if o.metrics.get(key) == r.metrics.get(key)]
        if not peers:
            if key == keys[0]:
                return decided_text("points", t)
            return _("by the tie-break: %(k)s") % {"k": _(team_metrics.NAMES[key])}
    return decided_text("", t)


def team_standings(request: HttpRequest, pk: int) -> HttpResponse:
    t = _team_event(pk)
    names = _names(t)
    # The rows the API, the exports and the protocols show too: they cannot disagree (004 §1.3.4).
    standing = teams.standing_rows(t)
    rows = [r for r, _team in standing]
    results = teams.team_results(t)
    cross: dict[tuple[str, str], str] = {}
    for r in results:
        # 004 §5.7.3: an annulled team match counts for nobody.
        if r.team2 is None or not r.complete or r.annulled:
            continue
        a, b = (_num(x) for x in team_metrics.board_points(r))
        cross[(r.team1, r.team2)] = f"{a}:{b}"
        cross[(r.team2, r.team1)] = f"{b}:{a}"
    order = [r.team for r in rows]
    crosstable = [
        {"name": names.get(a, a), "cells": [cross.get((a, b), "×" if a == b else "") for b in order]}
        for a in order
    ]
    context = {
        "t": t,
        "rows": [
            {"row": r, "name": team.name, "pk": r.team, "removed": team.removed} for r, team in standing
        ],
        "primary": t.get_team_scoring_display(),
        "crosstable": crosstable if t.system == "round_robin" else None,
        "qualifying": qualifying_sections(t),
        "crosstable_pdf": t.system == "round_robin" and t.round_set.exclude(status="draft").exists(),
        "order": [names.get(a, a) for a in order],
    }
    return render(request, "public/teams/standings.html", context)


def team_page(request: HttpRequest, pk: int, team_pk: int) -> HttpResponse:
    t = _team_event(pk)
    team = get_object_or_404(Team.objects.select_related("captain__person"), pk=team_pk, tournament=t)
    runner = can_run(request.user, t)
    rounds = list(t.round_set.order_by("number")) if runner else list(t.round_set.exclude(status="draft"))
    next_number = (max((r.number for r in t.round_set.all()), default=0)) + 1
    draft = t.round_set.filter(status=Round.Status.DRAFT).first()
    lineup_round = draft.number if draft else next_number
    lineups = []
    for rnd in rounds:
        players, own = teams.lineup_for(team, rnd.number, t.boards)
        tm = (
            TeamMatch.objects.filter(round=rnd)
            .filter(teams.models_q_team(team))
            .prefetch_related("boards__player1__person", "boards__player2__person")
            .first()
        )
        played = []
        if tm is not None:
            # A team match's boards are all numbered.
            for m in sorted(tm.boards.all(), key=lambda m: m.board or 0):
                mine = m.player1 if m.player1 and m.player1.team_id == team.pk else m.player2
                played.append((m.board, mine, m))
        lineups.append({"round": rnd, "own": own, "boards": played, "tm": tm})
    roster = teams.roster(team)
    links = judging_links(request.user, t)
    context = {
        "t": t,
        "team": team,
        "roster": roster,
        "main": roster[: t.boards],
        "reserves": roster[t.boards :],
        "representatives": Official.objects.filter(
            tournament=t, team=team, role=Official.Role.REPRESENTATIVE
        ).select_related("person"),
        "lineups": lineups,
        "can_submit": may_submit_lineup(request.user, team) and not t.is_closed,
        "lineup_round": lineup_round,
        # 004 §5.7.3: a team short of players fields those it has, boards 1 on.
        "board_range": range(1, min(t.boards, len(roster)) + 1),
        "current": Lineup.objects.filter(team=team, round_number=lineup_round).first(),
        "order_open": can_run(request.user, t) and not t.round_set.exclude(status="draft").exists(),
        "chief_judge": is_chief_judge(request.user, t) and not t.is_closed and not team.removed,
        "links": links,
        # 004 §5.7: the team's sanctions, for the officials; a second warning proposes the removal (§5.7.2).
        "team_sanctions": TeamSanction.objects.filter(team=team).select_related("team_match__round")
        if links["official"]
        else [],
        "removal_proposed": links["sanctions"] and team_sanctions.removal_proposed(team),
    }
    return render(request, "public/teams/team.html", context)


@require_POST
def lineup_submit(request: HttpRequest, pk: int, team_pk: int) -> HttpResponse:
    t = _team_event(pk)
    team = get_object_or_404(Team, pk=team_pk, tournament=t)
    if not may_submit_lineup(request.user, team):
        raise PermissionDenied
    number = sane_int(request.POST.get("round"))
    # 004 §5.7.3: a team short of players fields those it has.
    fielded = min(t.boards, len(teams.roster(team)))
    chosen = [sane_int(request.POST.get(f"board{i}")) for i in range(1, fielded + 1)]
    ids = [i for i in chosen if i is not None]
    if number is None or len(ids) != len(chosen):
        messages.error(request, _("Choose a player for every board."))
        return redirect("public:team", pk=pk, team_pk=team_pk)
    try:
        messages.success(request, teams.submit_lineup(team, number, ids, request.user))
    except teams.TeamDrawError as exc:
        messages.error(request, str(exc))
    return redirect("public:team", pk=pk, team_pk=team_pk)


@require_POST
def decider_add(request: HttpRequest, pk: int, tm_pk: int) -> HttpResponse:
    """The secretary sets the extra decisive match of a drawn knockout team match (the regulation's rule)."""
    t = _team_event(pk)
    if not can_run(request.user, t):
        raise PermissionDenied
    tm = get_object_or_404(TeamMatch, pk=tm_pk, round__tournament=t)
    pk1, pk2 = sane_int(request.POST.get("player1")), sane_int(request.POST.get("player2"))
    try:
        if pk1 is None or pk2 is None:
            raise Participant.DoesNotExist
        p1 = Participant.objects.get(pk=pk1, tournament=t)
        p2 = Participant.objects.get(pk=pk2, tournament=t)
    except Participant.DoesNotExist:
        messages.error(request, _("Choose a player of each team."))
        return redirect("public:team_round", pk=pk, number=tm.round.number)
    try:
        with transaction.atomic():
            if Tournament.objects.select_for_update().get(pk=t.pk).read_only_reason:
                raise teams.TeamDrawError(t.read_only_reason)
            teams.add_decider(tm, p1, p2, request.user)
        messages.success(request, _("The decisive match is set."))
    except teams.TeamDrawError as exc:
        messages.error(request, str(exc))
    return redirect("public:team_round", pk=pk, number=tm.round.number)


def team_standings_pdf(request: HttpRequest, pk: int) -> HttpResponse:

    t = _team_event(pk)
    pdf = team_standings_doc.render(team_standings_doc.build(t))
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="team-standings-{t.pk}.pdf"'
    return response


@require_POST
def team_remove(request: HttpRequest, pk: int, team_pk: int) -> HttpResponse:
    """004 §5.7.3, §6.2.1 item 8: the chief judge removes a team, with a reason; its team matches follow. The
    removal is recorded as a team sanction (``judging.team_sanctions``)."""
    t = _team_event(pk)
    if not is_chief_judge(request.user, t):
        raise PermissionDenied
    team = get_object_or_404(Team, pk=team_pk, tournament=t)
    reason = request.POST.get("reason", "")
    try:
        if not reason.strip():
            raise JudgingError(_("A removal needs a reason."))
        _sanction, notes = team_sanctions.apply(
            team, TeamSanction.Kind.REMOVAL, "004 §5.7.3", reason, request.user
        )
    except JudgingError as exc:
        messages.error(request, str(exc))
        return redirect("public:team", pk=pk, team_pk=team_pk)
    messages.success(request, _("%(team)s is removed.") % {"team": team.name})
    for note in notes:
        messages.info(request, note)
    return redirect("public:team", pk=pk, team_pk=team_pk)


@require_POST
def board_order_submit(request: HttpRequest, pk: int, team_pk: int) -> HttpResponse:
    """The secretary fixes a team's board order and captain before the start (004 §1.3.4)."""
    t = _team_event(pk)
    if not can_run(request.user, t):
        raise PermissionDenied
    team = get_object_or_404(Team, pk=team_pk, tournament=t)
    places = {}
    for p in teams.roster(team):
        place = sane_int(request.POST.get(f"place{p.pk}"))
        if place is None:
            messages.error(request, _("Give every player of the team a place in the board order, each once."))
            return redirect("public:team", pk=pk, team_pk=team_pk)
        places[p.pk] = place
    ordered = sorted(places, key=lambda k: places[k])
    if len(set(places.values())) != len(places):
        messages.error(request, _("Give every player of the team a place in the board order, each once."))
        return redirect("public:team", pk=pk, team_pk=team_pk)
    captain = request.POST.get("captain", "")
    try:
        text = teams.set_board_order(team, ordered, sane_int(captain), request.user)
    except teams.TeamDrawError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, text)
    return redirect("public:team", pk=pk, team_pk=team_pk)


def board_standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The personal standings by board (004 §1.3.4, §1.3.3): for each board the players who played on it, by
    the points they scored there, then the percentage (``protocols.docs.board_standings.build``)."""
    t = _team_event(pk)
    context = {"t": t, "data": board_standings_doc.build(t)}
    return render(request, "public/teams/boards.html", context)
