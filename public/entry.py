"""The secretary's whole-round result entry (issue 14 item 1): every table of a round on one page, two score
fields per row, each row saved on its own.

A row is saved through the same path as the single result form (``draw.forms.ResultForm`` for the
validation, ``draw.results.record_result`` for the optimistic lock, the 409 and the log), and the answer to a
row is that row's HTML only: nothing of the rest of the round is read or rendered. Without JavaScript the
row's form posts as a plain form and the page comes back with the cursor's anchor on the next table.
Technical results, losses on time and annulments stay with the judging panel (004 §6.1.2 items 1–2): such a
row is read-only here and links to the result's own page.

The rows typed and not saved yet can also go in one submit (``save_all``, issue 20 item 6): saved together
in one transaction (``draw.results.record_results``), or refused together with every refused row named.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from draw import results
from draw.forms import ResultForm
from draw.models import Match, ResultKind, Round
from judging import state
from judging.models import MatchProtocol
from registration.permissions import is_panel, tournament_for_secretary
from tournaments.models import Tournament
from tournaments.validators import sane_int


@dataclass
class Row:
    """One table of the round as the entry page shows it."""

    match: Match
    state: state.MatchState
    lock: str  # why the row is read-only; "" while it can be entered
    protocol: MatchProtocol | None
    form: ResultForm | None = None
    error: str = ""
    status: int = 200
    saved: bool = False

    @property
    def editable(self) -> bool:
        return not self.lock

    @property
    def report(self) -> str:
        """What the players' protocol says: reported by the winner, confirmed or disputed by the opponent."""
        if self.protocol is None:
            return ""
        return self.protocol.status


def _matches(rnd: Round):
    return rnd.matches.select_related("round__tournament", "player1__person", "player2__person")


def lock_reason(m: Match, key: str, t: Tournament, started_next: bool) -> str:
    """Why a row of the whole-round entry is read-only, or "" when a played score may be entered in it.

    The same reasons the server refuses the row for (``save_row``): the tournament is finished, a bye, a
    bracket match waiting for the replay before it, a ruling of the judging panel (004 §6.1.2 items 1–2),
    a result under protest (the panel decides, 004 §5.10), a result a player's next match has made final
    (003 «Протоколы»), and a final result (a correction goes through the result's own page, logged).
    """
    if t.read_only_reason:
        return t.read_only_reason
    if m.is_bye:
        return _("A bye: no result to enter.")
    if m.awaits_reflow:
        return _("Waits for the replay of the match before it in the bracket.")
    if m.result_kind and m.result_kind != ResultKind.PLAYED:
        return _("A ruling of the judging panel: only the panel changes it, on the result's page.")
    if key == state.UNDER_PROTEST:
        return _("Under protest: the judging panel decides.")
    if m.result_kind and started_next:
        return _("A player has started his next match: the result can no longer be corrected (003).")
    if key == state.FINAL and m.result_kind:
        return _("The result is final: a correction is made on the result's page.")
    return ""


def _rows(t: Tournament, matches: list[Match], now) -> list[Row]:
    states = state.match_states(matches, now)
    with_result = [m for m in matches if m.result_kind and not m.is_bye]
    protocols = {p.match_id: p for p in MatchProtocol.objects.filter(match__in=with_result or [0])}
    started = state.started_next_of(with_result, now)
    rows = []
    for m in matches:
        key = states[m.pk].key
        lock = lock_reason(m, key, t, bool(started.get(m.pk)))
        rows.append(Row(m, states[m.pk], lock, protocols.get(m.pk)))
    return rows


def _round_for_entry(request: HttpRequest, pk: int, number: int) -> tuple[Tournament, Round]:
    t = tournament_for_secretary(request, pk)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    return t, rnd


def round_entry(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The page: every table of the round in order; ``?todo=1`` only the tables without a result."""
    t, rnd = _round_for_entry(request, pk, number)
    if rnd.is_draft:
        return redirect("public:round", pk=pk, number=number)
    return _page(request, t, rnd)


def _page(
    request: HttpRequest,
    t: Tournament,
    rnd: Round,
    replaced: Row | None = None,
    typed: dict[int, ResultForm] | None = None,
    refused: dict[int, str] | None = None,
    status: int = 200,
) -> HttpResponse:
    """The page: ``replaced`` a row saved (or refused) on its own; ``typed`` the rows of a refused submit
    with their scores as typed, ``refused`` the reasons of the rows refused."""
    todo = request.GET.get("todo") == "1"
    matches = list(_matches(rnd))
    rows = _rows(t, matches, timezone.now())
    if replaced is not None:
        rows = [replaced if r.match.pk == replaced.match.pk else r for r in rows]
        status = replaced.status
    for row in rows:
        if typed and row.match.pk in typed:
            row.form = typed[row.match.pk]
            row.error = (refused or {}).get(row.match.pk, "")
    shown = [r for r in rows if not todo or not r.match.result_kind or r is replaced or r.form is not None]
    context = {
        "t": t,
        "round": rnd,
        "rows": shown,
        "todo": todo,
        "missing": sum(1 for r in rows if not r.match.result_kind),
        "total": len(rows),
        "panel": is_panel(request.user, t),
    }
    return render(request, "public/entry.html", context, status=status)


def _row_of(t: Tournament, m: Match) -> Row:
    """One row read on its own: a handful of queries whatever the size of the round."""
    now = timezone.now()
    st = state.match_states([m], now)[m.pk]
    started = state.started_next_of([m], now) if m.result_kind else {}
    protocol = MatchProtocol.objects.filter(match=m).first() if m.result_kind else None
    return Row(m, st, lock_reason(m, st.key, t, bool(started.get(m.pk))), protocol)


def _wants_row(request: HttpRequest) -> bool:
    return request.headers.get("X-Entry-Row") == "1"


@require_POST
def save_row(request: HttpRequest, pk: int, number: int, match_pk: int) -> HttpResponse:
    """Save one row: a played score, validated as the single form does, under the optimistic lock.

    Answers the row's HTML only (200; 400 with the error; 409 when somebody changed the result since the page
    was opened, with the stored result shown) to the page's script, or the page itself to a plain form.
    """
    t, rnd = _round_for_entry(request, pk, number)
    m = get_object_or_404(_matches(rnd), pk=match_pk)
    if rnd.is_draft:
        raise PermissionDenied
    data = request.POST.copy()
    data["kind"] = ResultKind.PLAYED  # this page enters played scores only; rulings are the panel's
    form = ResultForm(data, initial={}, match=m, panel=False)
    row: Row
    with transaction.atomic():
        # The tournament's row lock first, as record_result takes it: the row's lock is judged on the state
        # the save will see (a protest filed a moment ago, the next match started).
        Tournament.objects.select_for_update().filter(pk=t.pk).first()
        current = _row_of(t, m)
        if current.lock:
            row = current
            row.error, row.status = current.lock, 409 if m.version != sane_int(data.get("version")) else 400
        elif not form.is_valid():
            row = current
            row.form, row.status = form, 400
            row.error = " ".join(str(e) for errors in form.errors.values() for e in errors)
        else:
            try:
                results.record_result(m.pk, request.user, form.to_input(), form.cleaned_data["version"])
            except results.ResultConflict as exc:
                m.refresh_from_db()
                row = _row_of(t, m)
                row.error, row.status = str(exc), 409
            except results.ResultError as exc:
                row = current
                row.form, row.error, row.status = form, str(exc), 400
            else:
                m = _matches(rnd).get(pk=m.pk)
                row = _row_of(t, m)
                row.saved = True
    if _wants_row(request):
        return render(
            request,
            "public/_entry_row.html",
            {"t": t, "round": rnd, "row": row, "panel": is_panel(request.user, t)},
            status=row.status,
        )
    if row.saved:
        following = rnd.matches.filter(table__gt=m.table).order_by("table").values_list("table", flat=True)
        anchor = f"#t{following.first()}" if following.exists() else ""
        query = "?todo=1" if request.GET.get("todo") == "1" else ""
        return redirect(reverse("public:round_entry", args=[pk, number]) + query + anchor)
    return _page(request, t, rnd, replaced=row)


MAX_ROWS = 10_000  # more tables than a round of the largest field has


def _rows_posted(raw: str) -> dict[int, dict[str, str]] | None:
    """The rows of a submit: ``rows`` is a JSON list of ``[match, score1, score2, version]`` (one field, not
    three a row: Django refuses a POST of more than 1,000 fields, a round of 400 tables). None when it is not
    that: not JSON, nested too deep, or a match id no database column holds (``sane_int``)."""
    try:
        posted = json.loads(raw)
    except (ValueError, RecursionError):  # 100,000 nested brackets recurse past Python's limit
        return None
    if not isinstance(posted, list) or len(posted) > MAX_ROWS:
        return None
    out: dict[int, dict[str, str]] = {}
    for item in posted:
        if not isinstance(item, list) or len(item) != 4 or not all(isinstance(x, int | str) for x in item):
            return None
        match_pk, score1, score2, version = item
        if isinstance(match_pk, str) or sane_int(match_pk) is None:
            return None  # a match id is a JSON number a database can hold (10^30 overflowed SQLite: a 500)
        out[match_pk] = {
            "score1": str(score1).strip(),
            "score2": str(score2).strip(),
            "version": str(version),
        }
    return out


@require_POST
def save_all(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Save every row typed on the page with one submit, together or not at all (issue 20 item 6).

    The rows come in ``rows`` (``_rows_posted``); a row whose scores are the stored result is left alone.
    Each row is refused for what refuses it alone (``lock_reason``, the form, ``results.record_results``);
    one refused row refuses the submit: the page comes back with every refused row named and red and the
    typed scores kept, and nothing is saved. Else one transaction saves them all.
    """
    t, rnd = _round_for_entry(request, pk, number)
    if rnd.is_draft:
        raise PermissionDenied
    posted = _rows_posted(request.POST.get("rows", "[]"))
    if posted is None:
        messages.error(request, _("The rows sent could not be read: nothing was saved. Reload the page."))
        return _page(request, t, rnd, status=400)
    matches = {m.pk: m for m in _matches(rnd).filter(pk__in=list(posted))} if posted else {}
    typed: dict[int, ResultForm] = {}
    for match_pk, scores in posted.items():
        m = matches.get(match_pk)
        if m is None or not (scores["score1"] or scores["score2"]):
            continue  # not a table of this round, or nothing typed in the row
        stored = (str(m.score1), str(m.score2)) if m.result_kind == ResultKind.PLAYED else None
        if stored == (scores["score1"], scores["score2"]):
            continue  # the stored result: nothing to save
        # This page enters played scores only; rulings are the panel's.
        typed[match_pk] = ResultForm({"kind": ResultKind.PLAYED, **scores}, initial={}, match=m, panel=False)
    if not typed:
        messages.info(request, _("No row was typed: nothing to save."))
        return redirect(_entry_url(request, pk, number))
    refused: list[results.RowError] = []
    entries = []
    with transaction.atomic():
        # The tournament's row lock first, as record_results takes it: the rows' locks are judged on the state
        # the save will see.
        Tournament.objects.select_for_update().filter(pk=t.pk).first()
        rows = {row.match.pk: row for row in _rows(t, [matches[k] for k in typed], timezone.now())}
        for match_pk, form in typed.items():
            m, row = matches[match_pk], rows[match_pk]
            if row.lock:
                refused.append(results.RowError(m.table, m.pk, row.lock))
            elif not form.is_valid():
                message = " ".join(str(e) for errors in form.errors.values() for e in errors)
                refused.append(results.RowError(m.table, m.pk, message))
            else:
                entries.append((m.pk, form.to_input(), form.cleaned_data["version"]))
        try:
            saved = results.record_results(t, request.user, entries, refused)
        except results.BatchRefused as exc:
            return _refused_page(request, t, rnd, typed, exc.rows)
        except results.ResultError as exc:  # the tournament is finished: nothing can be saved
            messages.error(request, str(exc))
            return _page(request, t, rnd, typed=typed, status=400)
    messages.success(
        request,
        ngettext("%(n)s result saved.", "%(n)s results saved.", len(saved)) % {"n": len(saved)},
    )
    for m in saved:
        for note in m.notes:
            messages.info(request, note)
    return redirect(_entry_url(request, pk, number))


def _entry_url(request: HttpRequest, pk: int, number: int) -> str:
    query = "?todo=1" if request.GET.get("todo") == "1" else ""
    return reverse("public:round_entry", args=[pk, number]) + query


def _refused_page(
    request: HttpRequest, t: Tournament, rnd: Round, typed: dict[int, ResultForm], refused: list
) -> HttpResponse:
    """The page again after a refused submit: every typed row keeps its scores, the refused ones are red with
    their reason, and the message above names them (nothing was saved)."""
    messages.error(
        request,
        _("Nothing was saved: %(rows)s. Correct the rows in red and save again.")
        % {"rows": "; ".join(_("table %(t)s: %(e)s") % {"t": r.table, "e": r.message} for r in refused)},
    )
    status = 409 if any(r.conflict for r in refused) else 400
    reasons = {r.match_id: r.message for r in refused}
    return _page(request, t, rnd, typed=typed, refused=reasons, status=status)
