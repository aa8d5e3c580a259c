"""The public pages: standings, crosstable, brackets, a participant's page, the venue screen, live fragments.

Anybody may read them (draft rounds stay hidden); nothing private (dates of birth, documents, contacts) is
shown. Parts that change during a round are served again as fragments (``?fragment=1`` or the ``…/live/``
routes) that ``static/js/live.js`` polls every few seconds and swaps in without a reload.
"""

from __future__ import annotations

from django.conf import settings
from django.db.models import Exists, OuterRef
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from draw import manager as draw_manager
from draw import teams as team_draw
from draw.models import TABLES_PER_PAGE, Match, Round, Stage
from judging.models import Protest, Sanction
from judging.state import participant_matches, round_states
from protocols.models import ScheduledRound
from public import export_views
from public.access import own_participant, visible_round
from public.live import conditional
from public.tables import (
    CrosstableTable,
    PairingTable,
    StandingsData,
    StandingsTable,
    TeamStandingsTable,
    team_records,
)
from registration.models import Participant
from registration.permissions import can_run
from standings import brackets, metrics, ranking
from tournaments.models import ELIMINATION_SYSTEMS, Character, System, Tournament

PER_PAGE = 100
LIVE_SECONDS = 3  # how often live parts poll: a result shows within a few seconds


# --- helpers ---------------------------------------------------------------------------------------------


def _tournament(pk: int) -> Tournament:
    return get_object_or_404(Tournament, pk=pk)


def _is_fragment(request: HttpRequest) -> bool:
    """Whether only the live part is asked for.

    The marker is dropped from the query so that the table's sorting links point at the page itself.
    """
    if request.GET.get("fragment") != "1":
        return False
    query = request.GET.copy()
    query.pop("fragment")
    request.GET = query  # type: ignore[assignment]  # the stubs allow only an immutable QueryDict here
    return True


def live_url(request: HttpRequest) -> str:
    query = request.GET.copy()
    query["fragment"] = "1"
    return f"{request.path}?{query.urlencode()}"


def current_round(t: Tournament) -> Round | None:
    return t.round_set.public().select_related("stage").order_by("-number").first()


def round_matches(rnd: Round):
    """The round's matches in table order; the players come from ``with_players`` (the kept roster)."""
    return rnd.matches.select_related("group").order_by("table", "pk")


def with_players(matches: list[Match], rnd: Round) -> list[Match]:
    """Give each match its round, tournament and players from the roster the standings keep (issue 17: a
    500-table round built a participant, a person, a round and a tournament per table on every changed
    fragment; now one query of plain values checks the kept roster)."""
    t = rnd.tournament
    by_key = ranking.participants_by_key(t)
    for m in matches:
        Match.round.field.set_cached_value(m, rnd)
        for field, pk in ((Match.player1.field, m.player1_id), (Match.player2.field, m.player2_id)):
            field.set_cached_value(m, by_key.get(str(pk)) if pk is not None else None)
    return matches


def round_page(request: HttpRequest, matches) -> tuple[list, list[dict]]:
    """One page of a round's tables and the links to every page (issue 20: the page of a 5,000-player round
    renders 100 tables, not 2,500). Two queries whatever the field: the tables' numbers, then the page's rows.
    The links are empty when the round fits one page."""
    tables = list(matches.values_list("table", flat=True))
    pages = max(1, -(-len(tables) // TABLES_PER_PAGE))
    try:
        page = min(max(int(request.GET.get("page", "1")), 1), pages)
    except ValueError:
        page = 1
    start = (page - 1) * TABLES_PER_PAGE
    shown = list(matches[start : start + TABLES_PER_PAGE])
    if pages == 1:
        return shown, []
    links = []
    for n in range(1, pages + 1):
        chunk = tables[(n - 1) * TABLES_PER_PAGE : n * TABLES_PER_PAGE]
        links.append({"number": n, "label": f"{chunk[0]}–{chunk[-1]}", "current": n == page})
    return shown, links


def shown_tables(request: HttpRequest, rnd: Round, matches) -> tuple[list, list[dict], str]:
    """The round's matches a page shows, its page links and the search: "find my table" (``?q=``) looks in
    every page; otherwise one page of 100 tables — the round page, its live part and the venue screen alike
    (issue 36: the screen's every-table fragment of a 5,000-table round cost 0.7–1.3 s of CPU a version; the
    screen now walks the pages itself, ``static/js/live.js``)."""
    q = request.GET.get("q", "").strip()[:100]
    if q:
        return find_players(with_players(list(matches), rnd), q), [], q
    shown, links = round_page(request, matches)
    return page_players(shown, rnd), links, q


def page_players(matches: list[Match], rnd: Round) -> list[Match]:
    """``with_players`` for one page of tables: its players in one query, whatever the size of the field
    (issue 36: the kept roster is the whole field, 20,000 participants read and, in a fresh worker, built as
    models for a page showing 200 of them)."""
    ids = {pk for m in matches for pk in (m.player1_id, m.player2_id) if pk is not None}
    found = Participant.objects.filter(pk__in=ids).select_related("person", "team", "partner").in_bulk()
    for m in matches:
        Match.round.field.set_cached_value(m, rnd)
        for field, pk in ((Match.player1.field, m.player1_id), (Match.player2.field, m.player2_id)):
            field.set_cached_value(m, found.get(pk) if pk is not None else None)
    return matches


# --- standings -------------------------------------------------------------------------------------------


@conditional()
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    if request.GET.get("_export"):  # the old export links: public/export_views.py answers them
        return export_views.legacy(request, pk, "standings")
    t = _tournament(pk)
    data = ranking.compute_once(t)
    table = StandingsTable(
        StandingsData(data.rows),
        keys=data.keys,
        team=t.character != Character.PERSONAL,
        group=t.system == System.MIXED,
    )
    # Pages of 100 keep a 1,000-player field fast on a phone and on the server; exports hold every row.
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    teams = TeamStandingsTable(team_records(data.teams)) if data.teams else None
    context = {
        "t": t,
        "table": table,
        "teams": teams,
        "adjustments": data.adjustments,
        "live_url": live_url(request),
    }
    if _is_fragment(request):
        return render(request, "public/_standings_live.html", context)
    context["me"] = own_participant(request, t)  # his row first (issue 28 §5)
    return render(request, "public/standings.html", context)


@conditional()
def crosstable(request: HttpRequest, pk: int) -> HttpResponse:
    if request.GET.get("_export"):  # the old export links: public/export_views.py answers them
        return export_views.legacy(request, pk, "crosstable")
    t = _tournament(pk)
    if t.is_team_event:  # 004 §1.3.4: the team is the participant; its crosstable is the teams'
        return redirect(reverse("public:team_standings", args=[pk]) + "#team-crosstable")
    stage = ranking.crosstable_stage(t)  # a round-robin stage with a published round (drafts are nobody's)
    if stage is None:
        raise Http404(_("A crosstable is drawn for round-robin stages only."))
    data = ranking.compute_once(t)
    sections = []
    if data.groups:
        for g in data.groups:
            rows = ranking.crosstable(t, stage, g.rows, g.group)
            sections.append((_("Group %(g)s") % {"g": g.group.name}, CrosstableTable(rows), g.qualifiers))
    else:
        sections.append(("", CrosstableTable(ranking.crosstable(t, stage, data.rows)), []))
    context = {"t": t, "sections": sections, "live_url": live_url(request)}
    if _is_fragment(request):
        return render(request, "public/_crosstable_live.html", context)
    return render(request, "public/crosstable.html", context)


# --- brackets --------------------------------------------------------------------------------------------


@conditional()
def bracket_view(request: HttpRequest, pk: int) -> HttpResponse:
    t = _tournament(pk)
    stages = ranking.elimination_stages(t)
    if not stages and t.system not in ELIMINATION_SYSTEMS and t.system != System.MIXED:
        raise Http404(_("This tournament has no elimination stage."))
    by_key = draw_manager.participants_by_key(t) if stages else {}
    drawings = []
    for stage in stages:
        data = ranking.stage_bracket(stage, by_key)
        title = _("Playoff") if stage.kind == Stage.Kind.PLAYOFF else stage.get_system_display()
        if stage.kind == Stage.Kind.PLACES:  # 004 §5.7.3: extra matches for a place a removal left
            title = str(stage.get_kind_display())
        drawings.append((title, brackets.svg(data["matches"], brackets.default_titles(), title=title)))
    for stage in team_draw.bracket_stages(t) if t.is_team_event else []:
        # 004 §1.3.4: a team bracket (double elimination, a mixed event's playoff) on team keys.
        title = _("Playoff") if stage.kind == Stage.Kind.PLAYOFF else stage.get_system_display()
        matches = team_draw.bracket_drawing(stage)
        drawings.append((title, brackets.svg(matches, brackets.default_titles(), title=title)))
    context = {"t": t, "drawings": drawings, "live_url": live_url(request)}
    if _is_fragment(request):
        return render(request, "public/_bracket_live.html", context)
    return render(request, "public/bracket.html", context)


# --- rounds ----------------------------------------------------------------------------------------------


def _public_round(number: int) -> Exists:
    # A draft is the runners' (issue 13 item 7): its fragment is never a 304 nor a cached copy (issue 25).
    return Exists(Round.objects.public().filter(tournament=OuterRef("pk"), number=number))


def _own_participant(participant_pk: int) -> Exists:
    return Exists(Participant.objects.filter(tournament=OuterRef("pk"), pk=participant_pk))


@conditional(timed=True, fragment=True, visible=_public_round)
def round_live(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The pairings of a round as a fragment, for the round page and the venue screen to poll."""
    t = _tournament(pk)
    rnd, runner = visible_round(request, t, number)
    # One page of 100 tables (issue 36), the round page's and the venue screen's: the screen reads how many
    # pages there are and which this is from the fragment, and asks for the next when it has shown this one.
    matches, links, q = shown_tables(request, rnd, round_matches(rnd))
    table = PairingTable(matches, can_enter=runner and rnd.is_public and not t.is_closed)
    current = next((link["number"] for link in links if link["current"]), 1)
    context = {"t": t, "round": rnd, "table": table, "q": q, "page": current, "pages": len(links) or 1}
    return render(request, "public/_pairings_live.html", context)


# --- a participant's page --------------------------------------------------------------------------------


@conditional(timed=True, visible=_own_participant)
def participant(request: HttpRequest, pk: int, participant_pk: int) -> HttpResponse:
    t = _tournament(pk)
    p = get_object_or_404(
        Participant.objects.select_related("person", "team"), pk=participant_pk, tournament=t
    )
    played = participant_matches(p, timezone.now())
    rows = [
        {
            "match": m,
            "opponent": m.player2 if m.player1_id == p.pk else m.player1,
            "own": m.score1 if m.player1_id == p.pk else m.score2,
            "their": m.score2 if m.player1_id == p.pk else m.score1,
            "won": m.winner_id == p.pk and bool(m.result_kind),
            "lost": bool(m.winner_id) and m.winner_id != p.pk,
            "state": state,
        }
        for m, state in played
    ]
    data = ranking.compute_once(t)
    mine = next((s for s in data.rows if s.participant.pk == p.pk), None)
    context = {
        "t": t,
        "p": p,
        "next": _next_match(t, p, rows),
        "rows": rows,
        "standing": mine,
        "keys": data.keys,
        "metrics": [(metrics.METRICS[k], mine.row.metrics.get(k)) for k in data.keys] if mine else [],
        # Public: what and when and the clause; the facts may name others and stay with the panel.
        "sanctions": list(Sanction.objects.filter(tournament=t, person=p.person).order_by("issued_at")),
        # Protests about his matches (filed by him or against them).
        "protests": list(
            Protest.objects.filter(tournament=t, match__in=[m for m, _state in played])
            .select_related("match__round", "protester__person")
            .order_by("filed_at")
        ),
        "live_url": live_url(request),
        "runner": can_run(request.user, t),
    }
    if _is_fragment(request):
        return render(request, "public/_participant_live.html", context)
    return render(request, "public/participant.html", context)


def _next_match(t: Tournament, p: Participant, rows: list[dict]) -> dict | None:
    """His match still to play in the latest published round: table, opponent, start (issue 14)."""
    waiting = [r for r in rows if not r["match"].result_kind and r["opponent"] is not None]
    if not waiting:
        return None
    row = waiting[-1]
    rnd = row["match"].round
    start = row["match"].started_at or rnd.start_time
    if start is None:
        planned = ScheduledRound.objects.filter(tournament=t, number=rnd.number).first()
        start = planned.starts_at if planned else None
    return {
        "match": row["match"],
        "opponent": row["opponent"],
        "start": start,
        "started": bool(rnd.start_time),
    }


def _hits(q: str):
    """Whether a participant's name contains every word of ``q`` (any case, ё as е)."""
    words = q.casefold().replace("ё", "е").split()

    def hit(p) -> bool:
        name = p.full_name.casefold().replace("ё", "е") if p is not None else ""
        return all(w in name for w in words)

    return hit


def find_players(matches, q: str) -> list:
    """The matches of a round whose player's name contains ``q`` (any case, ё as е): "find my table"."""
    if not q.split():
        return list(matches)
    hit = _hits(q)
    return [m for m in matches if hit(m.player1) or hit(m.player2)]


def found_players(matches, q: str) -> list:
    """The players of ``matches`` whose name contains ``q``: one is the player who looked for his table."""
    if not q.split():
        return []
    hit = _hits(q)
    return [p for m in matches for p in (m.player1, m.player2) if p is not None and hit(p)]


# --- the venue screen and the home page's live block -------------------------------------------------------


def screen(request: HttpRequest, pk: int) -> HttpResponse:
    """A page for a screen at the venue: it cycles through the pairings and the standings by itself."""
    t = _tournament(pk)
    seconds = _int(request.GET.get("cycle"), 20)
    if not 5 <= seconds <= 600:
        return HttpResponse(
            _("The cycle must be from 5 to 600 seconds."), status=400, content_type="text/plain"
        )
    now = timezone.now()
    return render(
        request,
        "public/screen.html",
        {
            "t": t,
            "round": current_round(t),
            "cycle": seconds,
            "live_seconds": LIVE_SECONDS,
            # The screen shows the server's clock (issue 14), not the browser's.
            "server_now": now,
            "server_ms": int(now.timestamp() * 1000),
            "time_zone": settings.TIME_ZONE,
        },
    )


@conditional(timed=True, fragment=True)
def home_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The tournament home's live block: the current round's progress and the leaders."""
    t = _tournament(pk)
    rnd = current_round(t)
    progress = None
    if rnd is not None:
        kinds = list(rnd.matches.values_list("result_kind", flat=True))
        progress = {"done": sum(1 for k in kinds if k), "total": len(kinds)}
    leaders = ranking.compute_once(t).rows[:5] if rnd is not None else []
    context: dict[str, object] = {"t": t, "round": rnd, "progress": progress, "leaders": leaders}
    if rnd is not None:
        context["round_state"] = round_states([rnd], timezone.now())[rnd.pk]
    return render(request, "public/_home_live.html", context)


def _int(value, default: int) -> int:
    if value in (None, ""):
        return default
    try:
        return int(value)
    except (TypeError, ValueError):
        return -1
