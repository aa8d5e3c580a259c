"""A match's record page (verdict, findings, history), attaching a record, the replay, the raw text."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from draw.models import Match
from records import access, board, manager, store, tasks
from records import findings as texts
from records.forms import AttachForm
from records.models import Record
from registration.permissions import may_handle_records


def _match(pk: int, match_pk: int) -> Match:
    return get_object_or_404(
        Match.objects.select_related("round__tournament", "player1__person", "player2__person"),
        pk=match_pk,
        round__tournament_id=pk,
    )


def _current(match: Match) -> Record | None:
    return match.records.filter(superseded_at__isnull=True).select_related("verdict", "uploaded_by").first()


def match_record(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    match = _match(pk, match_pk)
    if not access.can_see_verdict(request.user, match):
        raise PermissionDenied
    tournament = match.round.tournament
    record = _current(match)
    verdict = manager.current_verdict(record) if record else None
    findings, notes, games = texts.verdict_rows(record, verdict) if verdict is not None else ([], [], [])
    history = match.records.select_related("uploaded_by")
    if record:
        history = history.exclude(pk=record.pk)
    context = {
        "t": tournament,
        "match": match,
        "record": record,
        "verdict": verdict,
        "findings": findings,
        "notes": notes,
        "games": games,
        "agreement": manager.agreement(record, verdict) if record else None,
        "history": history,
        "can_attach": access.can_attach(request.user, match),
        "runner": may_handle_records(request.user, tournament) and not tournament.read_only_reason,
    }
    return render(request, "records/match_record.html", context)


def attach(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    match = _match(pk, match_pk)
    if not access.can_attach(request.user, match):
        raise PermissionDenied
    form = AttachForm(request.POST or None, request.FILES or None, match=match)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            d = form.cleaned_data
            try:
                store.attach(
                    match,
                    request.user,
                    d["record_text"],
                    source=d["source"],
                    filename=d["filename"],
                    player1_side=d["player1_side"],
                )
            except manager.RecordError as exc:
                form.add_error(None, str(exc))
                status = 400
            else:
                messages.success(request, _("The game record is attached."))
                return redirect("records:match_record", pk=pk, match_pk=match.pk)
        else:
            status = 400
    return render(
        request,
        "records/attach.html",
        {"t": match.round.tournament, "match": match, "form": form, "max_kb": manager.MAX_BYTES // 1024},
        status=status,
    )


def replay(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    match = _match(pk, match_pk)
    if not access.can_replay(request.user, match):
        raise PermissionDenied
    record = _current(match)
    if record is None:
        raise Http404(_("No game record is attached to this match."))
    tournament = match.round.tournament
    try:
        rows = manager.snapshots(record)
    except manager.ReplayError as exc:
        messages.error(request, _("The record cannot be replayed: %(e)s") % {"e": exc})
        return redirect("public:round", pk=pk, number=match.round.number)
    sees = access.can_see_verdict(request.user, match)
    verdict = manager.current_verdict(record) if sees else None
    marks = texts.replay_marks(record, verdict) if verdict is not None else {}
    if not sees:  # which plays broke the rules is the verdict: for the players and the officials only
        rows = [{**row, "legal": None, "checked": True} for row in rows]
    step = max(0, min(_int(request.GET.get("step"), 0), len(rows) - 1))
    names = list(texts.column_names(record))
    games = [{"game": s["game"], "step": i} for i, s in enumerate(rows) if s["kind"] == "start"]
    starts = [g["step"] for g in games]
    nav = {
        "back": max(step - 1, 0),
        "forward": min(step + 1, len(rows) - 1),
        "prev_game": max([s for s in starts if s < step] or [0]),
        "next_game": min([s for s in starts if s > step] or [len(rows) - 1]),
    }
    labels = _labels()
    context = {
        "t": tournament,
        "match": match,
        "record": record,
        "rows": rows,
        "snap": rows[step],
        "step": step,
        "names": names,
        "games": games,
        "svg": mark_safe(  # noqa: S308 - built from ints and escaped text
            board.board_svg(rows[step], tournament.game, _("Board"), rows[step - 1] if step else None)
        ),
        "geometry": board.geometry(tournament.game),
        "nav": nav,
        "labels": labels,
        "action": labels[rows[step]["kind"]],
        "cube_text": _cube_text(rows[step], names, labels),
        "can_see_verdict": sees,
        "marks": {str(k): v for k, v in marks.items()},
        "here": marks.get(step, []),
    }
    return render(request, "records/replay.html", context)


def _labels() -> dict[str, str]:
    """The words the replay script shows, translated here (the script has no catalogue of its own)."""
    return {
        "start": _("start of the game"),
        "roll": _("roll"),
        "double": _("doubles"),
        "take": _("takes"),
        "drop": _("passes"),
        "win": _("wins the game"),
        "centre": _("in the middle"),
        "owner": _("owned by %(name)s"),
        "crawford": _("Crawford game: no cube"),
        "none": "—",
        "violation": _("Rule broken"),
        "note": _("Not checked"),
        "legal": _("Legal plays"),
        "expected": _("Expected"),
        "no_play": _("no play: the roll cannot be played"),
    }


def _cube_text(snap: dict, names: list[str], labels: dict[str, str]) -> str:
    if snap["owner"] in (1, 2):
        return f"{snap['cube']}, " + labels["owner"] % {"name": names[snap["owner"] - 1]}
    return f"{snap['cube']}, {labels['centre']}"


def text(request: HttpRequest, pk: int, match_pk: int, record_pk: int) -> HttpResponse:
    match = _match(pk, match_pk)
    if not access.can_see_verdict(request.user, match):
        raise PermissionDenied
    record = get_object_or_404(Record, pk=record_pk, match=match)
    response = HttpResponse(record.text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="match-{match.pk}-record-{record.pk}.mat"'
    response["X-Content-Type-Options"] = "nosniff"
    return response


@require_POST
def revalidate(request: HttpRequest, pk: int, match_pk: int) -> HttpResponse:
    """The secretary runs the check again (a worker was down, or the verdict is wanted anew)."""
    match = _match(pk, match_pk)
    tournament = match.round.tournament
    if not may_handle_records(request.user, tournament):  # 004 §6.2.4: the technical judge too
        raise PermissionDenied
    record = _current(match)
    if record is None or not tournament.validate_records or tournament.read_only_reason:
        return redirect("records:match_record", pk=pk, match_pk=match.pk)
    tasks.queue_validation(record.pk)
    messages.success(request, _("The record is sent for checking."))
    return redirect("records:match_record", pk=pk, match_pk=match.pk)


def _int(value, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default
