"""The exports of the public tables (issue 17): standings, each round's pairings, the crosstable, the
participants' public list, and the whole tournament as one workbook for the federation's archive.

Each table is built here as a plain ``public.exports.Sheet`` from the same derived data the pages show
(``standings.ranking``: nothing stored twice) and written by ``public.exports`` as CSV (``?dialect=ru``, the
default, for a Russian Excel; ``?dialect=intl`` for programs) or XLSX. Anybody may download them: they hold
what the public pages show and nothing else — no date of birth, document or contact, and nothing of a draft
round (issue 13 item 7: a draft round's export is a 404, and a draft never reaches the standings or the
crosstable). A constant number of queries whatever the field: participants once, matches once.

| URL (under ``/t/<id>/export/``) | what |
|---|---|
| ``standings.csv`` / ``.xlsx`` | standings (with the team standings as a second sheet in the XLSX) |
| ``rounds/<n>/pairings.csv`` / ``.xlsx`` | one round's pairings and results |
| ``pairings.csv`` / ``.xlsx`` | every published round: a round column (CSV), one sheet per round (XLSX) |
| ``crosstable.csv`` / ``.xlsx`` | the round-robin crosstable; CSV: ``?section=<i>`` picks the group |
| ``participants.csv`` / ``.xlsx`` | the participants' public list |
| ``tournament.xlsx`` | all of them, one sheet per table |
"""

from __future__ import annotations

from fractions import Fraction

from django.conf import settings
from django.db.models import Count
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, render
from django.utils.http import content_disposition_header
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _
from django.views.decorators.http import condition

from draw import teams as team_draw
from draw.models import Match, ResultKind, Round
from protocols.facts import as_of, date_range
from public import workbook
from public.exports import (
    DEFAULT_DIALECT,
    DIALECTS,
    INT,
    NUMBER,
    PLACE,
    Column,
    Sheet,
    write_csv,
    write_xlsx,
)
from registration.models import Participant
from standings import metrics, ranking
from tournaments.models import ELIMINATION_SYSTEMS, System, Tournament

FORMATS = ("csv", "xlsx")
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


# --- what every sheet says above its table ---------------------------------------------------------------


def public_rounds(t: Tournament) -> list[Round]:
    rounds = list(Round.objects.filter(tournament=t).public().select_related("stage").order_by("number"))
    for r in rounds:
        r.tournament = t  # a round's match length may be the tournament's: no query per round
    return rounds


def title(t: Tournament, subject: str) -> tuple[str, str, str]:
    """The lines above every table: the tournament; dates, venue, discipline, system; what and when."""
    about = [
        date_range(t.start_date, t.end_date),
        t.venue,
        t.get_discipline_display(),
        t.get_system_display(),
    ]
    return (t.name, " · ".join(str(x) for x in about if x), subject)


# --- the tables ------------------------------------------------------------------------------------------


def _status_text(p: Participant) -> str:
    if p.status == Participant.Status.REMOVED:
        return _("removed")  # 004 §5.7.3: he keeps no place
    if p.status == Participant.Status.WITHDRAWN:
        return _("withdrew")
    return ""


def participants_sheet(t: Tournament, people: list[Participant] | None = None) -> Sheet:
    """The public list: what the participants page shows (no date of birth, document or contact)."""
    if people is None:
        people = list(t.participants.select_related("person", "team"))
    people = sorted(
        people, key=lambda p: (p.seed is None, p.seed or 0, p.person.surname, p.person.name, p.pk)
    )
    teams = t.has_teams
    rated = any(p.rating is not None for p in people)
    columns = [
        Column(_("No."), INT),
        Column(_("participant")),
        # The federation's register ID (issue 31 §1: ``Person.pk``; a pair's second player's after a comma).
        Column(_("Federation ID")),
        Column(_("organisation")),
        Column(_("region")),
        *([Column(_("team"))] if teams else []),
        # The rating the field is seeded by (the federation's official list once seeded, issue 31 §2).
        *([Column(_("rating"), INT)] if rated else []),
        Column(_("status")),
    ]
    rows = [
        (
            p.seed,
            p.data.full_name,
            ", ".join(str(pk) for pk in (p.person_id, p.partner_id) if pk),
            p.data.organisation,
            p.data.region,
            *([p.team.name if p.team is not None else ""] if teams else []),
            *([p.rating] if rated else []),
            p.get_status_display(),
        )
        for p in people
    ]
    return Sheet(_("Participants"), title(t, _("Participants")), columns, rows)


def standings_sheets(
    t: Tournament, rounds: list[Round], data: ranking.Standings | None = None
) -> list[Sheet]:
    """The standings, and the team standings when teams are ranked (004 §1.3)."""
    data = data or ranking.compute_once(t)
    # Elimination places come from the bracket alone: tie-break columns would only mislead there.
    keys = [] if t.system in ELIMINATION_SYSTEMS else [k for k in data.keys if k != "wins"]
    group, team = t.system == System.MIXED, t.has_teams
    columns = [
        Column(_("place"), PLACE),  # a number; a shared place "1–3" is text
        Column(_("participant")),
        Column(_("organisation")),
        Column(_("region")),
        *([Column(_("group"))] if group else []),
        *([Column(_("team"))] if team else []),
        Column(_("points"), NUMBER),
        Column(_("matches"), INT),
        Column(_("wins"), INT),
        Column(_("losses"), INT),
        *[Column(_(metrics.METRICS[k].name), NUMBER) for k in keys],
        Column(_("status")),
    ]
    rows = []
    for s in data.rows:
        p, row = s.participant, s.row
        rows.append(
            (
                _("in play") if s.in_play else row.place_label,
                p.data.full_name,
                p.data.organisation,
                p.data.region,
                *([s.group] if group else []),
                *([p.team.name if p.team is not None else ""] if team else []),
                Fraction(row.points),
                row.played + row.byes,
                row.wins,
                row.losses,
                *[row.metrics.get(k) for k in keys],
                _status_text(p),
            )
        )
    when = as_of(t, rounds)
    subject = _("Final standings") if t.is_finished else f"{_('Standings')} — {when}"
    sheets = [Sheet(_("Standings"), title(t, subject), columns, rows)]
    if t.is_team_event:
        sheets.append(_team_event_sheet(t, when))
    elif data.teams:
        team_columns = [
            Column(_("place"), PLACE),
            Column(_("team")),
            Column(_("players"), INT),
            Column(_("points"), NUMBER),
            Column(_("wins"), INT),
            Column(_("game-point difference"), INT),
        ]
        team_rows = [
            (x.place_label, x.team, len(x.members), Fraction(x.points), x.wins, x.game_difference)
            for x in data.teams
        ]
        sheets.append(
            Sheet(_("Team standings"), title(t, f"{_('Team standings')} — {when}"), team_columns, team_rows)
        )
    return sheets


def _team_event_sheet(t: Tournament, when: str) -> Sheet:
    """004 §1.3.4: in a team event the team is the participant: its sheet is the team standings page's own
    table (match points, board points), a removed team last without a place (004 §5.7.3)."""
    columns = [
        Column(_("place"), PLACE),
        Column(_("team")),
        Column(_("match points"), INT),
        Column(_("board points"), NUMBER),
        Column(_("W-D-L")),
        Column(_("Sonneborn-Berger (match points)"), NUMBER),
        Column(_("status")),
    ]
    rows = [
        (
            r.place_label,
            team.name,
            r.match_points,
            Fraction(r.board_points),
            f"{r.won}-{r.drawn}-{r.lost}",
            r.metrics.get("sonneborn_berger", Fraction(0)),
            pgettext("a removed team", "removed") if team.removed else "",
        )
        for r, team in team_draw.standing_rows(t)
    ]
    return Sheet(_("Team standings"), title(t, f"{_('Team standings')} — {when}"), columns, rows)


def crosstable_sheets(
    t: Tournament, rounds: list[Round], data: ranking.Standings | None = None
) -> list[Sheet]:
    """The round-robin crosstable, one sheet per group in a mixed event; [] without a published round-robin
    stage. Rows in standings order, column j is the player of row j, as on the page."""
    stage = ranking.crosstable_stage(t)
    if stage is None:
        return []
    data = data or ranking.compute_once(t)
    keys = [k for k in data.keys if k != "wins"]
    parts = [(g.group.name, g.rows, g.group) for g in data.groups] if data.groups else [("", data.rows, None)]
    when = as_of(t, rounds)
    sheets = []
    for name, rows, group in parts:
        cross = ranking.crosstable(t, stage, rows, group)
        columns = [
            Column(_("No."), INT),
            Column(_("participant")),
            *[Column(str(j)) for j in range(1, len(cross) + 1)],
            Column(_("points"), NUMBER),
            *[Column(_(metrics.METRICS[k].name), NUMBER) for k in keys],
            Column(_("place"), PLACE),
        ]
        out = []
        for r in cross:
            cells = [
                "■"
                if j == r.number
                else " / ".join((c.text or "·") + (f" ({c.detail})" if c.detail else "") for c in column)
                for j, column in enumerate(r.cells, start=1)
            ]
            row = r.standing.row
            out.append(
                (
                    r.number,
                    r.standing.participant.data.full_name,
                    *cells,
                    Fraction(row.points),
                    *[row.metrics.get(k) for k in keys],
                    row.place_label,
                )
            )
        heading = _("Crosstable") + (f", {_('Group %(g)s') % {'g': name}}" if name else "")
        sheet = _("Crosstable") + (f" {name}" if name else "")
        sheets.append(Sheet(sheet, title(t, f"{heading} — {when}"), columns, out))
    return sheets


def _result_text(kind: str, reason: str, flags: list) -> str:
    if "reflow_wait" in flags:
        return _("waits for the replay of the match before it")
    if not kind:
        return _("replay ordered") if "replay" in flags else _("not played yet")
    text = str(ResultKind(kind).label)
    return f"{text}: {reason}" if reason else text


def pairing_sheets(
    t: Tournament,
    rounds: list[Round],
    by_key: dict[str, Participant] | None = None,
    *,
    with_round: bool = False,
) -> list[Sheet]:
    """One sheet per round, or (``with_round``) one sheet of every round with a round column. Only the given
    rounds: the caller passes public ones (a draft is nobody's). One query for all their matches."""
    if by_key is None:
        by_key = {p.key: p for p in t.participants.select_related("person")}
    names = {int(k): p.data.full_name for k, p in by_key.items()}
    matches = (
        Match.objects.filter(round__in=rounds)
        .order_by("round__number", "table")
        .values_list(
            "round_id",
            "table",
            "group__number",
            "player1_id",
            "score1",
            "score2",
            "player2_id",
            "winner_id",
            "result_kind",
            "result_reason",
            "flags",
        )
    )
    by_round: dict[int, list[tuple]] = {r.pk: [] for r in rounds}
    for rid, table, group, p1, s1, s2, p2, winner, kind, reason, flags in matches:
        group_name = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[group - 1] if group and group <= 26 else str(group or "")
        by_round[rid].append(
            (
                table,
                group_name,
                names.get(p1, ""),
                s1,
                s2,
                names.get(p2, "") if p2 else "",
                names.get(winner, "") if winner and kind != ResultKind.ANNULLED else "",
                _result_text(kind, reason, flags or []),
            )
        )
    groups = any(row[1] for rows in by_round.values() for row in rows)

    def columns(first: list[Column]) -> list[Column]:
        return [
            *first,
            Column(_("table"), INT),
            *([Column(_("group"))] if groups else []),
            Column(_("first player")),
            Column(_("first player's score"), INT),
            Column(_("second player's score"), INT),
            Column(_("second player")),
            Column(_("winner")),
            Column(_("result")),
        ]

    def shape(row: tuple) -> tuple:
        return row if groups else (row[0], *row[2:])

    if with_round:
        rows = [(r.number, *shape(row)) for r in rounds for row in by_round[r.pk]]
        subject = _("Pairings and results") + f" — {as_of(t, rounds)}"
        return [Sheet(_("Pairings"), title(t, subject), columns([Column(_("round"), INT)]), rows)]
    sheets = []
    for r in rounds:
        subject = _("Round %(n)s: pairings and results") % {"n": r.number}
        length = r.effective_match_length()
        subject += " — " + ngettext("matches to %(n)s point", "matches to %(n)s points", length) % {
            "n": length
        }
        rows = [shape(row) for row in by_round[r.pk]]
        sheets.append(Sheet(_("Round %(n)s") % {"n": r.number}, title(t, subject), columns([]), rows))
    return sheets


def tournament_sheets(t: Tournament) -> list[Sheet]:
    """The whole tournament for the federation's archive: participants, every published round's pairings,
    the standings (and the teams'), the crosstable. A constant number of queries."""
    rounds = public_rounds(t)
    data = ranking.compute_once(t)
    people = list(data.by_key.values())
    return [
        participants_sheet(t, people),
        *pairing_sheets(t, rounds, data.by_key),
        *standings_sheets(t, rounds, data),
        *crosstable_sheets(t, rounds, data),
    ]


# --- the views -------------------------------------------------------------------------------------------


def _version_etag(request: HttpRequest, pk: int, *args, **kwargs) -> str | None:
    """What an export shows changes only with the tournament's version (bumped in the transaction of every
    change a public page shows): the same version and language, the same file. One indexed query."""
    version = Tournament.objects.filter(pk=pk).values_list("version", flat=True).first()
    return None if version is None else f"export-{pk}-{version}-{get_language()}"


# A download unchanged since the browser's copy is a 304 before anything is computed.
conditional = condition(etag_func=_version_etag)


def _tournament(pk: int) -> Tournament:
    return get_object_or_404(Tournament, pk=pk)


def _check_format(fmt: str) -> None:
    if fmt not in FORMATS:
        raise Http404(_("Unknown export format: choose csv or xlsx."))


def _bad(message: str) -> HttpResponse:
    return HttpResponse(message, status=400, content_type="text/plain; charset=utf-8")


def _answer(
    request: HttpRequest, sheets: list[Sheet], fmt: str, filename: str, section: int = 0
) -> HttpResponse:
    if fmt == "xlsx":
        response = HttpResponse(write_xlsx(sheets), content_type=XLSX_TYPE)
    else:
        key = request.GET.get("dialect") or DEFAULT_DIALECT
        dialect = DIALECTS.get(key)
        if dialect is None:
            return _bad(_("Unknown CSV dialect: choose ru (Russian Excel) or intl (international)."))
        if not 0 <= section < len(sheets):
            return _bad(_("No such group."))
        response = HttpResponse(write_csv(sheets[section], dialect), content_type="text/csv; charset=utf-8")
    disposition = content_disposition_header(True, f"{filename}.{fmt}")
    if disposition is not None:  # None only for an empty file name
        response["Content-Disposition"] = disposition
    return response


def _section(request: HttpRequest) -> int:
    value = request.GET.get("section", "0")
    return int(value) if value.isdigit() and len(value) < 6 else -1


@conditional
def standings(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    _check_format(fmt)
    t = _tournament(pk)
    sheets = standings_sheets(t, public_rounds(t))
    return _answer(request, sheets, fmt, f"standings-{t.pk}")


@conditional
def crosstable(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    _check_format(fmt)
    t = _tournament(pk)
    sheets = crosstable_sheets(t, public_rounds(t))
    if not sheets:
        raise Http404(_("A crosstable is drawn for round-robin stages only."))
    section = _section(request) if fmt == "csv" else 0
    suffix = f"-{section + 1}" if len(sheets) > 1 and fmt == "csv" else ""
    return _answer(request, sheets, fmt, f"crosstable-{t.pk}{suffix}", section)


@conditional
def participants(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    _check_format(fmt)
    t = _tournament(pk)
    return _answer(request, [participants_sheet(t)], fmt, f"participants-{t.pk}")


@conditional
def round_pairings(request: HttpRequest, pk: int, number: int, fmt: str) -> HttpResponse:
    """One round's pairings. A draft is a 404 for everybody, the secretary too: a draft is never exported."""
    _check_format(fmt)
    t = _tournament(pk)
    rnd = get_object_or_404(Round.objects.public().select_related("stage"), tournament=t, number=number)
    rnd.tournament = t
    sheets = pairing_sheets(t, [rnd])
    return _answer(request, sheets, fmt, f"pairings-{t.pk}-round-{rnd.number}")


@conditional
def all_pairings(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    _check_format(fmt)
    t = _tournament(pk)
    rounds = public_rounds(t)
    sheets = pairing_sheets(t, rounds, with_round=fmt == "csv")
    if fmt == "xlsx" and not sheets:
        sheets = pairing_sheets(t, rounds, with_round=True)  # no round yet: an empty table, not an empty book
    return _answer(request, sheets, fmt, f"pairings-{t.pk}")


def _workbook_etag(request: HttpRequest, pk: int) -> str | None:
    """The version's ETag once the answer is the file; none for the page that says it is being made (a
    304 of that page would keep the browser on it)."""
    row = (
        Tournament.objects.filter(pk=pk).annotate(n=Count("participants")).values_list("version", "n").first()
    )
    if row is None:
        return None  # one query, as every export's ETag
    version, participants = row
    if (
        participants > settings.DOCUMENTS_BACKGROUND_ABOVE
        and not workbook.path(pk, version, get_language()).exists()
    ):
        return None
    return f"export-{pk}-{version}-{get_language()}"


@condition(etag_func=_workbook_etag)
def tournament(request: HttpRequest, pk: int) -> HttpResponseBase:
    t = _tournament(pk)
    if not workbook.big(t):
        return _answer(request, tournament_sheets(t), "xlsx", f"tournament-{t.pk}")
    # A big field (issue 37): never made inside the request; the made file, or a page that waits for it.
    language = get_language()
    made = workbook.ready(t, language)
    if made is not None:
        return FileResponse(
            made.open("rb"), as_attachment=True, filename=f"tournament-{t.pk}.xlsx", content_type=XLSX_TYPE
        )
    workbook.start(t, language)
    response = render(request, "public/workbook_wait.html", {"t": t}, status=202)
    response["Cache-Control"] = "no-store"
    response["Refresh"] = "3"
    return response


def legacy(request: HttpRequest, pk: int, kind: str) -> HttpResponse:
    """The pages' old ``?_export=csv|xlsx`` links (bookmarks, scripts): answered by the exports above."""
    fmt = request.GET.get("_export")
    if fmt not in FORMATS:
        return _bad(_("Unknown export format: choose csv or xlsx."))
    if kind == "crosstable":
        return crosstable(request, pk, fmt)
    return standings(request, pk, fmt)
