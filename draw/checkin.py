"""Check-in before the draw (issue 14 item 3): players confirm they are present — by their own check-in
link (a QR code on the slip the secretary prints) or at the desk — and the secretary withdraws the no-shows in
one step before the draw, through the same withdrawal as one by one (``manager.player_left`` draws a draft
that pairs them again).

Per tournament (``Tournament.checkin``): none, before round 1 (the default), or before every round. A
check-in is for the round about to be drawn. The link is ``/c/<participant>.<signature>`` (Django's ``Signer``
under ``SECRET_KEY``, its own salt): it only checks its player in, nothing else.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core import signing
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from draw import manager as draw_manager
from registration.models import CheckIn, Participant
from registration.permissions import tournament_for_secretary
from registration.views import rate_limited
from tournaments import qr
from tournaments.models import CheckInRule, Tournament, bump_version, log
from tournaments.validators import sane_int

SALT = "nardy.draw.check-in"


def _signer() -> signing.Signer:
    return signing.Signer(salt=SALT, sep=".", algorithm="sha256")


def token_for(participant: Participant) -> str:
    return _signer().sign(str(participant.pk))


def open_for(t: Tournament) -> int | None:
    """The round whose check-in is open now (the next to draw), or None: no check-in for it, a draft is out,
    or the tournament is finished."""
    if t.is_finished or t.checkin == CheckInRule.NONE:
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


def link_page(request: HttpRequest, token: str) -> HttpResponse:
    try:
        pid = int(_signer().unsign(token))
    except (signing.BadSignature, ValueError):
        limited = rate_limited(request, "match-link-bad", settings.MATCH_LINK_BAD_RATE)
        if limited is not None:
            return limited
        raise Http404(_("This link does not check anybody in.")) from None
    p = get_object_or_404(Participant.objects.select_related("person", "tournament"), pk=pid)
    t = p.tournament
    number = open_for(t) if p.status == Participant.Status.ACTIVE else None
    if request.method == "POST" and number is not None:
        check_in(p, number, CheckIn.Via.LINK)
        return redirect("draw:checkin_link", token=token)
    present = number is not None and CheckIn.objects.filter(participant=p, round_number=number).exists()
    return render(request, "draw/checkin_link.html", {"t": t, "p": p, "number": number, "present": present})


# --- the desk ---------------------------------------------------------------------------------------------


def desk(request: HttpRequest, pk: int) -> HttpResponse:
    """Who is present for the round about to be drawn; check in at the desk; withdraw the no-shows."""
    t = tournament_for_secretary(request, pk)
    number = open_for(t)
    active = list(
        t.participants.filter(status=Participant.Status.ACTIVE)
        .select_related("person")
        .order_by("person__surname", "person__name")
    )
    present = set(
        CheckIn.objects.filter(participant__tournament=t, round_number=number).values_list(
            "participant_id", flat=True
        )
    )
    context = {
        "t": t,
        "number": number,
        "rows": [(p, p.pk in present) for p in active],
        "present": len(present & {p.pk for p in active}),
        "absent": [p for p in active if p.pk not in present],
    }
    return render(request, "draw/checkin.html", context)


@require_POST
def desk_check_in(request: HttpRequest, pk: int) -> HttpResponse:
    t = tournament_for_secretary(request, pk)
    number = open_for(t)
    p = t.participants.filter(
        pk=sane_int(request.POST.get("participant")), status=Participant.Status.ACTIVE
    ).first()
    if number is None or p is None:
        messages.error(request, _("No check-in is open now."))
    else:
        check_in(p, number, CheckIn.Via.DESK, request.user)
    return redirect(reverse("draw:checkin", args=[pk]) + (f"#p{p.pk}" if p else ""))


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
    for p in (
        t.participants.filter(status=Participant.Status.ACTIVE)
        .select_related("person")
        .order_by("person__surname", "person__name")
    ):
        url = request.build_absolute_uri(reverse("draw:checkin_link", args=[token_for(p)]))
        rows.append({"p": p, "url": url, "qr": qr.svg(url, 120)})
    return render(request, "draw/checkin_slips.html", {"t": t, "rows": rows})
