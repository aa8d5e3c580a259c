"""Check-in before the draw (issue 14 item 3): players confirm they are present — by their own check-in
link (a QR code on the slip the secretary prints) or at the desk — and the secretary withdraws the no-shows in
one step before the draw, through the same withdrawal as one by one (``manager.player_left`` draws a draft
that pairs them again).

Per tournament (``Tournament.checkin``): none, before round 1 (the default), or before every round. A
check-in is for the round about to be drawn. The link is ``/c/<participant>[-<generation>].<signature>``
(Django's ``Signer`` under ``SECRET_KEY``, its own salt): it only checks its player in, nothing else, and only
while a check-in is open for him (issue 25 item 14): a closed check-in (a draft out, round 1 drawn under
"before round 1", the tournament finished), a player no longer active, and a revoked link (the generation
moved on, ``revoke``; logged) are a 404. A slip printed with generation 0 names none.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core import signing
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from draw import manager as draw_manager
from draw.models import CheckInLink
from registration.models import CheckIn, Participant
from registration.permissions import tournament_for_secretary
from registration.views import rate_limited
from tournaments import qr
from tournaments.models import CheckInRule, Tournament, bump_version, log
from tournaments.validators import sane_int

SALT = "nardy.draw.check-in"


def _signer() -> signing.Signer:
    return signing.Signer(salt=SALT, sep=".", algorithm="sha256")


def generation(participant: Participant) -> int:
    row = CheckInLink.objects.filter(participant=participant).first()
    return row.generation if row else 0


def token_for(participant: Participant, gen: int | None = None) -> str:
    gen = generation(participant) if gen is None else gen
    # Generation 0 is the bare id: the slips printed before links could be revoked keep working until then.
    return _signer().sign(str(participant.pk) if gen == 0 else f"{participant.pk}-{gen}")


def _opened(token: str) -> tuple[int, int] | None:
    """The participant's id and the generation a token names, or None when it is tampered with."""
    try:
        value = _signer().unsign(token)
    except signing.BadSignature:
        return None
    pid, _sep, gen = value.partition("-")
    participant_id, number = sane_int(pid), sane_int(gen or "0")
    if participant_id is None or number is None:
        return None
    return participant_id, number


def revoke(participant: Participant, by) -> str:
    """Revoke the player's check-in link (a slip lost or seen by someone else); returns the new token.
    Logged."""
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=participant.tournament_id)
        if t.read_only_reason:
            raise CheckInError(t.read_only_reason)
        row, _created = CheckInLink.objects.select_for_update().get_or_create(participant=participant)
        row.generation += 1
        row.revoked_by = by if getattr(by, "is_authenticated", False) else None
        row.revoked_at = timezone.now()
        row.save()
        log(
            t,
            by,
            "checkin_link_revoked",
            _("The check-in link of %(p)s revoked, a new one issued") % {"p": participant},
            participant=participant.pk,
        )
    return token_for(participant, row.generation)


class CheckInError(Exception):
    """A user error of the check-in desk: translated, shown to the secretary; nothing was changed."""


def open_for(t: Tournament) -> int | None:
    """The round whose check-in is open now (the next to draw), or None: no check-in for it, a draft is out,
    or the tournament is finished."""
    if t.is_closed or t.checkin == CheckInRule.NONE:
        return None
    number = draw_manager.next_round_number(t)
    if t.checkin == CheckInRule.FIRST and number != 1:
        return None
    if t.round_set.filter(status="draft").exists():
        return None
    return number


def check_in(participant: Participant, number: int, via: str, by=None) -> bool:
    """Record him present for round ``number``; False when he already was (a second scan changes nothing)."""
    try:
        with transaction.atomic():
            CheckIn.objects.create(
                participant=participant,
                round_number=number,
                via=via,
                by=by if getattr(by, "is_authenticated", False) else None,
            )
            # The desk's list and the draw's field follow it (issue 17: every change a page shows bumps).
            bump_version(participant.tournament_id)
    except IntegrityError:
        return False
    return True


# --- the player's link ----------------------------------------------------------------------------------


def open_link(token: str) -> Participant | None:
    """The participant a check-in token names, or None: tampered with, or revoked (a new slip printed)."""
    opened = _opened(token)
    if opened is None:
        return None
    pid, gen = opened
    p = Participant.objects.select_related("person", "tournament").filter(pk=pid).first()
    if p is None or generation(p) != gen:
        return None
    return p


def link_page(request: HttpRequest, token: str) -> HttpResponse:
    p = open_link(token)
    if p is None:
        limited = rate_limited(request, "match-link-bad", settings.MATCH_LINK_BAD_RATE)
        if limited is not None:
            return limited
        raise Http404(_("This link does not check anybody in."))
    t = p.tournament
    number = open_for(t) if p.status == Participant.Status.ACTIVE else None
    if number is None:
        # The check-in this link serves is closed (or he left): it opens nothing until one opens for him.
        return render(request, "draw/checkin_closed.html", {"t": t}, status=404)
    if request.method == "POST":
        check_in(p, number, CheckIn.Via.LINK)
        return redirect("draw:checkin_link", token=token)
    present = CheckIn.objects.filter(participant=p, round_number=number).exists()
    context = {"t": t, "p": p, "number": number, "present": present, "token": token}
    return render(request, "draw/checkin_link.html", context)


# --- the desk ---------------------------------------------------------------------------------------------
# Check-in for 120 at the desk (issue 28 §4): the list searched by name and filtered absent / present, a
# player checked in (or his check-in cancelled) with one click and no page load, "all present" but the ones
# ticked. Without the page's script (static/js/checkin.js) every form posts and the page comes back.

SHOWS = ("absent", "present")


def _folded(text: str) -> str:
    """A name as the search compares it: case and ё/е do not matter (a federation's file writes either)."""
    return " ".join(text.lower().replace("ё", "е").split())


def _field(t: Tournament, number: int | None) -> tuple[list[Participant], set[int]]:
    """The active participants by name, and who of them is present for round ``number`` (none when no
    check-in is open)."""
    active = list(
        t.participants.filter(status=Participant.Status.ACTIVE)
        .select_related("person")
        .order_by("person__surname", "person__name", "pk")
    )
    if number is None:
        return active, set()
    present = set(
        CheckIn.objects.filter(participant__tournament=t, round_number=number).values_list(
            "participant_id", flat=True
        )
    )
    return active, present & {p.pk for p in active}


def _row(p: Participant, present: set[int]) -> dict:
    return {"p": p, "here": p.pk in present, "name": _folded(p.full_name)}


def _summary(t: Tournament, active: list[Participant], present: set[int]) -> dict:
    return {"t": t, "present": len(present), "absent": [p for p in active if p.pk not in present]}


def desk(request: HttpRequest, pk: int) -> HttpResponse:
    """Who is present for the round about to be drawn; check in at the desk; withdraw the no-shows.
    ``?q=`` a part of the name, ``?show=absent|present`` (the script does both on the page as one types)."""
    t = tournament_for_secretary(request, pk)
    number = open_for(t)
    active, present = _field(t, number)
    q = request.GET.get("q", "").strip()[:100]
    show = request.GET.get("show", "")
    show = show if show in SHOWS else ""
    rows = [
        _row(p, present)
        for p in active
        if (not q or _folded(q) in _folded(p.full_name))
        and (not show or (p.pk in present) == (show == "present"))
    ]
    context = {**_summary(t, active, present), "number": number, "rows": rows, "q": q, "show": show}
    return render(request, "draw/checkin.html", context)


def _desk_answer(request: HttpRequest, t: Tournament, number: int | None, changed: list[int]) -> HttpResponse:
    """To the page's script: the rows changed and the counts, as HTML to put in place (no page load); to a
    plain form: the page again, at the row."""
    if request.headers.get("X-Checkin") != "1":
        anchor = f"#p{changed[0]}" if len(changed) == 1 else ""
        return redirect(reverse("draw:checkin", args=[t.pk]) + anchor)
    active, present = _field(t, number)
    by_pk = {p.pk: p for p in active}
    rows = {
        str(p_pk): render_to_string(
            "draw/_checkin_row.html", {"t": t, "r": _row(by_pk[p_pk], present)}, request
        )
        for p_pk in changed
        if p_pk in by_pk
    }
    summary = render_to_string("draw/_checkin_summary.html", _summary(t, active, present), request)
    return JsonResponse({"rows": rows, "summary": summary})


def _desk_refusal(request: HttpRequest, t: Tournament, text: str = "") -> HttpResponse:
    """Nothing changed: a finished tournament says so (004 §6.2.1 item 6), else no check-in is open."""
    text = text or t.read_only_reason or _("No check-in is open now.")
    if request.headers.get("X-Checkin") == "1":
        return JsonResponse({"error": text}, status=400)
    messages.error(request, text)
    return redirect("draw:checkin", pk=t.pk)


@require_POST
def desk_check_in(request: HttpRequest, pk: int) -> HttpResponse:
    t = tournament_for_secretary(request, pk)
    number = open_for(t)
    chosen = sane_int(request.POST.get("participant"))
    p = (
        t.participants.filter(pk=chosen, status=Participant.Status.ACTIVE).first()
        if chosen is not None
        else None
    )
    if number is None or p is None:
        return _desk_refusal(request, t)
    check_in(p, number, CheckIn.Via.DESK, request.user)
    return _desk_answer(request, t, number, [p.pk])


@require_POST
def desk_check_out(request: HttpRequest, pk: int) -> HttpResponse:
    """A check-in recorded by mistake (at the desk or by his link) is cancelled: he counts as absent again.
    Logged: the no-shows' withdrawal follows from it."""
    t = tournament_for_secretary(request, pk)
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=t.pk)
        number = open_for(locked)
        chosen = sane_int(request.POST.get("participant"))
        p = t.participants.filter(pk=chosen).select_related("person").first() if chosen is not None else None
        if number is None or p is None:
            return _desk_refusal(request, t)
        deleted, _rows = CheckIn.objects.filter(participant=p, round_number=number).delete()
        if deleted:
            bump_version(t.pk)
            log(
                t,
                request.user,
                "checkin_cancelled",
                _("Check-in of %(p)s before round %(n)s cancelled") % {"p": p, "n": number},
                participant=p.pk,
            )
    return _desk_answer(request, t, number, [p.pk])


@require_POST
def desk_all_present(request: HttpRequest, pk: int) -> HttpResponse:
    """Everybody present but the participants ticked as exceptions: one click for the hall, then the few
    absent. Each check-in as at the desk; one line in the change log with the exceptions named."""
    t = tournament_for_secretary(request, pk)
    number = open_for(t)
    if number is None:
        return _desk_refusal(request, t)
    exceptions = {n for n in (sane_int(v) for v in request.POST.getlist("except")) if n is not None}
    active, present = _field(t, number)
    chosen = [p for p in active if p.pk not in present and p.pk not in exceptions]
    by = request.user if request.user.is_authenticated else None
    with transaction.atomic():
        CheckIn.objects.bulk_create(
            [CheckIn(participant=p, round_number=number, via=CheckIn.Via.DESK, by=by) for p in chosen],
            ignore_conflicts=True,  # one checked in by his link meanwhile stays as he is
        )
        if chosen:
            bump_version(t.pk)
            left = [p for p in active if p.pk in exceptions]
            log(
                t,
                request.user,
                "checkin_all",
                _("Checked in at the desk before round %(n)s: %(k)s; not: %(x)s")
                % {"n": number, "k": len(chosen), "x": ", ".join(str(p) for p in left) or "—"},
                participants=[p.pk for p in chosen],
            )
    if request.headers.get("X-Checkin") != "1":
        messages.success(request, _("Checked in as present: %(n)s.") % {"n": len(chosen)})
    return _desk_answer(request, t, number, [p.pk for p in chosen])


@require_POST
def withdraw_absent(request: HttpRequest, pk: int) -> HttpResponse:
    """Withdraw every active participant not checked in, in one step, before the draw (logged each)."""
    t = tournament_for_secretary(request, pk)
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=t.pk)
        number = open_for(locked)
        if number is None:
            messages.error(request, _("No check-in is open now."))
            return redirect("draw:checkin", pk=pk)
        present = CheckIn.objects.filter(participant__tournament=t, round_number=number).values(
            "participant_id"
        )
        absent = list(
            t.participants.filter(status=Participant.Status.ACTIVE)
            .exclude(pk__in=present)
            .select_related("person")
        )
        reason = _("did not check in before round %(n)s") % {"n": number}
        notes = []
        for p in absent:
            p.status = Participant.Status.WITHDRAWN
            p.save(update_fields=["status"])
            log(
                t,
                request.user,
                "withdraw",
                _("Participant withdrawn: %(p)s") % {"p": p},
                reason=reason,
                participant=p.pk,
            )
            note = draw_manager.player_left(t, p, request.user)
            if note:
                notes.append(note)
    messages.success(
        request,
        _("Withdrawn as absent: %(n)s.") % {"n": len(absent)} + (" " + " ".join(notes) if notes else ""),
    )
    return redirect("draw:checkin", pk=pk)


def slips(request: HttpRequest, pk: int) -> HttpResponse:
    """A check-in slip per active participant: his name and his link as a QR code (print, cut, hand out)."""
    t = tournament_for_secretary(request, pk)
    rows = []
    active = t.participants.filter(status=Participant.Status.ACTIVE)
    generations = dict(
        CheckInLink.objects.filter(participant__in=active).values_list("participant_id", "generation")
    )
    for p in active.select_related("person").order_by("person__surname", "person__name"):
        token = token_for(p, generations.get(p.pk, 0))
        url = qr.absolute(request, reverse("draw:checkin_link", args=[token]))
        rows.append({"p": p, "url": url, "qr": qr.svg(url, 120)})
    return render(request, "draw/checkin_slips.html", {"t": t, "rows": rows})


@require_POST
def revoke_link(request: HttpRequest, pk: int) -> HttpResponse:
    """Revoke one player's check-in link and issue a new one (as ``judging.link_views.revoke_link`` does for
    match links). Logged."""
    t = tournament_for_secretary(request, pk)
    p = get_object_or_404(t.participants, pk=sane_int(request.POST.get("participant")))
    try:
        revoke(p, request.user)
    except CheckInError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            _("The old check-in link of %(p)s opens nothing any more; print his new slip.") % {"p": p},
        )
    return redirect(reverse("draw:checkin_slips", args=[pk]) + f"#slip-{p.pk}")
