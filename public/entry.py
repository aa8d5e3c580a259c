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

A typed score that replaces a stored result, or one no slip is likely to carry (``warnings``), is saved only
when the same score comes a second time with ``confirm`` (issue 28 §4: a confirmed 7:3 became 77:1 by one
keystroke): the row comes back to be confirmed, on every path (the script's row, the plain form, the one
submit). The page shows 100 tables at a time like the round page (issue 37: 3 s of CPU for a 10,000-player
round's page), ``?table=N`` opens the page of table N (the «стол №» field), ``?part=rows`` answers a page's
rows only (the script adds them to the page it has, so nothing typed is lost by paging).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from draw import results
from draw.forms import ResultForm
from draw.models import TABLES_PER_PAGE, Match, ResultKind, Round
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
    confirm: str = ""  # the score typed that a second Enter confirms ("7:1"), while warnings are shown
    page: int | None = None  # the page of the entry the row is on (None: answered on its own)

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
    protocols = {
        p.match_id: p
        for p in MatchProtocol.objects.filter(match__in=with_result or [0]).select_related(
            "submitted_by__person"
        )
    }
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


def implausible_from(length: int) -> int:
    """The winner's score from which a typed result is asked again (issue 28 §4): twice the match length
    (at least the length + 3: a 1-point match won with a koks is 3). Reachable with the cube (003 «Куб
    удвоения»), but a slip rarely says so and a key pressed twice often does (7 → 77, 17)."""
    return max(2 * length, length + 3)


def warnings(m: Match, protocol: MatchProtocol | None, score1: int, score2: int) -> list[str]:
    """What a second Enter must confirm before ``score1``:``score2`` is saved on ``m`` (issue 28 §4): it
    replaces a stored result — the players' reported or confirmed one, or one entered before — or its
    winner's score is past ``implausible_from``. One rule for the row, the plain form and the one submit."""
    out = []
    if m.result_kind == ResultKind.PLAYED and (m.score1, m.score2) != (score1, score2):
        old = f"{m.score1}:{m.score2}"
        status = protocol.status if protocol is not None else ""
        if status in (MatchProtocol.Status.CONFIRMED, MatchProtocol.Status.CERTIFIED):
            out.append(_("It replaces %(old)s, confirmed by both players.") % {"old": old})
        elif protocol is not None and status == MatchProtocol.Status.SUBMITTED:
            out.append(
                _("It replaces %(old)s, reported by %(p)s.") % {"old": old, "p": protocol.submitted_by}
            )
        elif status == MatchProtocol.Status.DISPUTED:
            out.append(_("It replaces %(old)s, reported and disputed by the players.") % {"old": old})
        else:
            out.append(_("It replaces the result %(old)s entered before.") % {"old": old})
    length = m.match_length
    winner = max(score1, score2)
    if winner >= implausible_from(length):
        out.append(
            _("%(w)s points in a match to %(n)s: the last game alone brought at least %(g)s. Check the slip.")
            % {"w": winner, "n": length, "g": winner - (length - 1)}
        )
    return out


def _unconfirmed(m: Match, protocol: MatchProtocol | None, form: ResultForm, confirm: str) -> list[str]:
    """The ``warnings`` of a valid form's score that ``confirm`` (the row's field: the score warned of) has
    not confirmed. None for a stale version: that is a conflict (409), whatever the score."""
    d = form.cleaned_data
    if d["version"] != m.version or confirm.strip() == f"{d['score1']}:{d['score2']}":
        return []
    return warnings(m, protocol, d["score1"], d["score2"])


def _listing(rnd: Round, todo: bool):
    matches = _matches(rnd).order_by("table", "pk")
    return matches.filter(result_kind="") if todo else matches


def _pages(tables: list[int]) -> int:
    return max(1, -(-len(tables) // TABLES_PER_PAGE))


def _page_number(request: HttpRequest, pages: int) -> int:
    number = sane_int(request.GET.get("page")) or 1
    return min(max(number, 1), pages)


def _page_links(tables: list[int], page: int) -> list[dict]:
    """The links to every page, labelled by their tables (as the round page's); empty for one page."""
    pages = _pages(tables)
    if pages == 1:
        return []
    links = []
    for n in range(1, pages + 1):
        chunk = tables[(n - 1) * TABLES_PER_PAGE : n * TABLES_PER_PAGE]
        links.append({"number": n, "label": f"{chunk[0]}–{chunk[-1]}", "current": n == page})
    return links


def _entry_url(request: HttpRequest, pk: int, number: int, page: int = 1, table: int | None = None) -> str:
    query = []
    if request.GET.get("todo") == "1":
        query.append("todo=1")
    if page > 1:
        query.append(f"page={page}")
    url = reverse("public:round_entry", args=[pk, number]) + ("?" + "&".join(query) if query else "")
    return url + (f"#t{table}" if table is not None else "")


def round_entry(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The page: the round's tables in order, 100 a page; ``?todo=1`` only the tables without a result;
    ``?table=N`` the page holding table N (the «стол №» field); ``?part=rows`` a page's rows only."""
    t, rnd = _round_for_entry(request, pk, number)
    if rnd.is_draft:
        return redirect("public:round", pk=pk, number=number)
    if request.GET.get("table", "").strip():
        return _jump(request, t, rnd)
    if request.GET.get("part") == "rows":
        tables = list(_listing(rnd, request.GET.get("todo") == "1").values_list("table", flat=True))
        return _rows_part(request, t, rnd, tables, _page_number(request, _pages(tables)))
    return _page(request, t, rnd)


def _jump(request: HttpRequest, t: Tournament, rnd: Round) -> HttpResponse:
    """The «стол №» field: the page holding the table, at its row. With ``part=rows`` that page's rows (or,
    when ``todo`` hides the table because it has a result, its row alone); an unknown table: 404 to the
    script, the page with the message to a plain form."""
    todo = request.GET.get("todo") == "1"
    table = sane_int(request.GET.get("table", "").strip())
    tables = list(_listing(rnd, todo).values_list("table", flat=True))
    part = request.GET.get("part") == "rows"
    if table is not None and table in tables:
        page = tables.index(table) // TABLES_PER_PAGE + 1
        if part:
            return _rows_part(request, t, rnd, tables, page, table)
        return redirect(_entry_url(request, t.pk, rnd.number, page, table))
    found = _matches(rnd).filter(table=table).first() if table is not None else None
    if found is not None:
        # Hidden by "only tables without a result": it has one. Its row alone, or every table's page.
        if part:
            row = _rows(t, [found], timezone.now())[0]
            return _render_rows(request, t, rnd, [row], page=None, pages=None, target=found.table)
        everything = list(_listing(rnd, False).values_list("table", flat=True))
        page = everything.index(found.table) // TABLES_PER_PAGE + 1
        url = reverse("public:round_entry", args=[t.pk, rnd.number])
        return redirect(url + (f"?page={page}" if page > 1 else "") + f"#t{found.table}")
    text = _("There is no table %(n)s in this round.") % {"n": request.GET.get("table", "").strip()[:10]}
    if part:
        return HttpResponse(text, status=404, content_type="text/plain; charset=utf-8")
    messages.error(request, text)
    return _page(request, t, rnd, status=404)


def _rows_part(
    request: HttpRequest, t: Tournament, rnd: Round, tables: list[int], page: int, target: int | None = None
) -> HttpResponse:
    chunk = tables[(page - 1) * TABLES_PER_PAGE : page * TABLES_PER_PAGE]
    matches = list(_matches(rnd).filter(table__in=chunk).order_by("table", "pk"))
    rows = _rows(t, matches, timezone.now())
    return _render_rows(request, t, rnd, rows, page=page, pages=_pages(tables), target=target)


def _render_rows(request, t, rnd, rows, *, page, pages, target) -> HttpResponse:
    for row in rows:
        row.page = page
    context = {
        "t": t,
        "round": rnd,
        "rows": rows,
        "page": page,
        "pages": pages,
        "target": target,
        "todo": request.GET.get("todo") == "1",
        "panel": is_panel(request.user, t),
    }
    return render(request, "public/_entry_rows.html", context)


def _page(
    request: HttpRequest,
    t: Tournament,
    rnd: Round,
    replaced: Row | None = None,
    typed: dict[int, ResultForm] | None = None,
    refused: dict[int, str] | None = None,
    confirm: dict[int, str] | None = None,
    status: int = 200,
) -> HttpResponse:
    """One page of the round's tables (100): ``replaced`` a row saved (or refused) on its own — its page is
    shown; ``typed`` the rows of a refused submit with their scores as typed (every page holding one),
    ``refused`` the reasons of the rows refused, ``confirm`` the scores a second submit confirms."""
    todo = request.GET.get("todo") == "1"
    listing = _listing(rnd, todo)
    tables = list(listing.values_list("table", flat=True))
    pages = _pages(tables)
    page = _page_number(request, pages)
    if replaced is not None and replaced.match.table in tables:
        page = tables.index(replaced.match.table) // TABLES_PER_PAGE + 1
    chunk = set(tables[(page - 1) * TABLES_PER_PAGE : page * TABLES_PER_PAGE])
    wanted = Q(table__in=chunk)
    if replaced is not None:
        wanted |= Q(pk=replaced.match.pk)
    if typed:
        wanted |= Q(pk__in=list(typed))  # a refused submit: every row typed stays on the page, as typed
    matches = list(_matches(rnd).filter(wanted).order_by("table", "pk"))
    rows = _rows(t, matches, timezone.now())
    if replaced is not None:
        rows = [replaced if r.match.pk == replaced.match.pk else r for r in rows]
        status = replaced.status
    position = {table: i for i, table in enumerate(tables)}
    for row in rows:
        # A typed row of a refused submit may be of another page: its own page (the script's next table).
        at = position.get(row.match.table)
        row.page = at // TABLES_PER_PAGE + 1 if at is not None else None
        if typed and row.match.pk in typed:
            row.form = typed[row.match.pk]
            row.error = (refused or {}).get(row.match.pk, "")
            row.confirm = (confirm or {}).get(row.match.pk, "")
    context = {
        "t": t,
        "round": rnd,
        "rows": rows,
        "todo": todo,
        "missing": rnd.matches.filter(result_kind="").count(),
        "total": rnd.matches.count(),
        "panel": is_panel(request.user, t),
        "page": page,
        "pages": pages,
        "page_links": _page_links(tables, page),
        "problems": [r for r in rows if r.error],
    }
    return render(request, "public/entry.html", context, status=status)


def _row_of(t: Tournament, m: Match) -> Row:
    """One row read on its own: a handful of queries whatever the size of the round."""
    now = timezone.now()
    st = state.match_states([m], now)[m.pk]
    started = state.started_next_of([m], now) if m.result_kind else {}
    protocol = (
        MatchProtocol.objects.filter(match=m).select_related("submitted_by__person").first()
        if m.result_kind
        else None
    )
    return Row(m, st, lock_reason(m, st.key, t, bool(started.get(m.pk))), protocol)


def _wants_row(request: HttpRequest) -> bool:
    return request.headers.get("X-Entry-Row") == "1"


@require_POST
def save_row(request: HttpRequest, pk: int, number: int, match_pk: int) -> HttpResponse:
    """Save one row: a played score, validated as the single form does, under the optimistic lock.

    Answers the row's HTML only (200; 400 with the error, or with the warnings a second Enter confirms; 409
    when somebody changed the result since the page was opened, with the stored result shown) to the page's
    script, or the page itself to a plain form.
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
        elif said := _unconfirmed(m, current.protocol, form, data.get("confirm", "")):
            # Issue 28 §4: replacing a stored result, or an unlikely score, takes a second Enter.
            row = current
            row.form, row.status = form, 400
            row.error = " ".join([*said, _("Press Enter in the row again to save it.")])
            row.confirm = f"{form.cleaned_data['score1']}:{form.cleaned_data['score2']}"
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
        # The next table of the listing, on its page (the plain form's cursor).
        todo = request.GET.get("todo") == "1"
        tables = list(_listing(rnd, todo).values_list("table", flat=True))
        following = [n for n in tables if n > m.table]
        if not following:
            return redirect(_entry_url(request, pk, number))
        page = tables.index(following[0]) // TABLES_PER_PAGE + 1
        return redirect(_entry_url(request, pk, number, page, following[0]))
    return _page(request, t, rnd, replaced=row)


MAX_ROWS = 10_000  # more tables than a round of the largest field has


def _rows_posted(raw: str) -> dict[int, dict[str, str]] | None:
    """The rows of a submit: ``rows`` is a JSON list of ``[match, score1, score2, version]``, with a fifth
    item ``confirm`` when the row's warnings were confirmed (one field, not three a row: Django refuses a
    POST of more than 1,000 fields, a round of 400 tables). None when it is not that: not JSON, nested too
    deep, or a match id no database column holds (``sane_int``)."""
    try:
        posted = json.loads(raw)
    except (ValueError, RecursionError):  # 100,000 nested brackets recurse past Python's limit
        return None
    if not isinstance(posted, list) or len(posted) > MAX_ROWS:
        return None
    out: dict[int, dict[str, str]] = {}
    for item in posted:
        if (
            not isinstance(item, list)
            or len(item) not in (4, 5)
            or not all(isinstance(x, int | str) for x in item)
        ):
            return None
        match_pk, score1, score2, version = item[:4]
        if isinstance(match_pk, str) or sane_int(match_pk) is None:
            return None  # a match id is a JSON number a database can hold (10^30 overflowed SQLite: a 500)
        out[match_pk] = {
            "score1": str(score1).strip(),
            "score2": str(score2).strip(),
            "version": str(version),
            "confirm": str(item[4]) if len(item) == 5 else "",
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
    asked: dict[int, str] = {}  # the score each row's warnings were confirmed for
    for match_pk, scores in posted.items():
        m = matches.get(match_pk)
        if m is None or not (scores["score1"] or scores["score2"]):
            continue  # not a table of this round, or nothing typed in the row
        stored = (str(m.score1), str(m.score2)) if m.result_kind == ResultKind.PLAYED else None
        if stored == (scores["score1"], scores["score2"]):
            continue  # the stored result: nothing to save
        # This page enters played scores only; rulings are the panel's.
        typed[match_pk] = ResultForm({"kind": ResultKind.PLAYED, **scores}, initial={}, match=m, panel=False)
        asked[match_pk] = scores["confirm"]
    if not typed:
        messages.info(request, _("No row was typed: nothing to save."))
        return redirect(_entry_url(request, pk, number))
    refused: list[results.RowError] = []
    confirm: dict[int, str] = {}  # the rows refused for their warnings: the score a second submit confirms
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
            elif said := _unconfirmed(m, row.protocol, form, asked[match_pk]):
                # Issue 28 §4: a stored result replaced, or an unlikely score: confirmed by a second submit.
                message = " ".join([*said, _("Save again to confirm it.")])
                refused.append(results.RowError(m.table, m.pk, message))
                confirm[m.pk] = f"{form.cleaned_data['score1']}:{form.cleaned_data['score2']}"
            else:
                entries.append((m.pk, form.to_input(), form.cleaned_data["version"]))
        try:
            saved = results.record_results(t, request.user, entries, refused)
        except results.BatchRefused as exc:
            return _refused_page(request, t, rnd, typed, exc.rows, confirm)
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


def _refused_page(
    request: HttpRequest,
    t: Tournament,
    rnd: Round,
    typed: dict[int, ResultForm],
    refused: list,
    confirm: dict[int, str],
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
    return _page(request, t, rnd, typed=typed, refused=reasons, confirm=confirm, status=status)
