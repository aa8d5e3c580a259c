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
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
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


def link_page(request: HttpRequest, token: str) -> HttpResponse:
    opened = _opened(token)
    p = None
    if opened is not None:
        pid, gen = opened
        p = Participant.objects.select_related("person", "tournament").filter(pk=pid).first()
        if p is not None and generation(p) != gen:
            p = None  # revoked: a new slip was printed
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
    # No round open for a check-in (None): nobody is present.
    present = (
        set(
            CheckIn.objects.filter(participant__tournament=t, round_number=number).values_list(
                "participant_id", flat=True
            )
        )
        if number is not None
        else set()
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
    chosen = sane_int(request.POST.get("participant"))
    p = (
        t.participants.filter(pk=chosen, status=Participant.Status.ACTIVE).first()
        if chosen is not None
        else None
    )
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
    active = t.participants.filter(status=Participant.Status.ACTIVE)
    generations = dict(
        CheckInLink.objects.filter(participant__in=active).values_list("participant_id", "generation")
    )
    for p in active.select_related("person").order_by("person__surname", "person__name"):
        token = token_for(p, generations.get(p.pk, 0))
        url = request.build_absolute_uri(reverse("draw:checkin_link", args=[token]))
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
