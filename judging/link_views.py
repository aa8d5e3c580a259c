"""The private match link's page (issue 14 item 2) and the secretary's table slips with the links' QR codes.

A player opens ``/m/<token>/`` from the QR code on his slip, without an account: the winner hands in the
score, the opponent confirms or disputes it on his own link, either files a protest within the window — the
same rules as the match protocol page (``MatchProtocol.submit`` / ``answer``, ``Protest.file``). A token
opens its match for its player only; an unknown, altered or revoked one is a 404 (and counted per address,
429 past ``MATCH_LINK_BAD_RATE``); answers through one link are limited by ``MATCH_LINK_POST_RATE``.
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from draw.models import Round
from judging import links, state
from judging.errors import AlreadyFiled
from judging.models import JudgingError, MatchProtocol, Protest
from registration.permissions import tournament_for_secretary
from registration.views import rate_limited
from tournaments import qr
from tournaments.validators import sane_int

# --- the forms of the link's page ---------------------------------------------------------------------------


class ReportForm(forms.Form):
    mine = forms.IntegerField(label=gettext_lazy("My points"), min_value=0, max_value=999)
    theirs = forms.IntegerField(label=gettext_lazy("Opponent's points"), min_value=0, max_value=999)


class AnswerForm(forms.Form):
    confirm = forms.TypedChoiceField(
        choices=[("1", gettext_lazy("confirm")), ("0", gettext_lazy("dispute"))], coerce=lambda v: v == "1"
    )
    dispute = forms.CharField(
        label=gettext_lazy("What is wrong"),
        required=False,
        max_length=2000,
        widget=forms.Textarea({"rows": 2}),
    )


class LinkProtestForm(forms.Form):
    reasons = forms.CharField(
        label=gettext_lazy("Reasons"), max_length=4000, widget=forms.Textarea({"rows": 3})
    )
    arguments = forms.CharField(
        label=gettext_lazy("Arguments"), max_length=8000, widget=forms.Textarea({"rows": 4})
    )
    evidence = forms.CharField(
        label=gettext_lazy("Evidence (text)"),
        required=False,
        max_length=8000,
        widget=forms.Textarea({"rows": 2}),
    )


FORMS = {"report": ReportForm, "answer": AnswerForm, "protest": LinkProtestForm}


# --- the page -------------------------------------------------------------------------------------------


def _opened(request: HttpRequest, token: str) -> links.Opened | HttpResponse:
    opened = links.open_token(token)
    if opened is None:
        limited = rate_limited(request, "match-link-bad", settings.MATCH_LINK_BAD_RATE)
        if limited is not None:
            return limited
        raise Http404(_("This link does not open any match: it is wrong or has been replaced by a new one."))
    return opened


def link_page(request: HttpRequest, token: str) -> HttpResponse:
    opened = _opened(request, token)
    if isinstance(opened, HttpResponse):
        return opened
    if request.method == "POST":
        return _act(request, token, opened)
    return _render(request, token, opened)


def _render(request, token: str, opened: links.Opened, status: int = 200, **bound) -> HttpResponse:
    match, me = opened.match, opened.me
    now = timezone.now()
    key, seconds = state.match_state(match, now)
    protocol = MatchProtocol.objects.filter(match=match).select_related("submitted_by__person").first()
    t = match.round.tournament
    opponent = match.player2 if match.player1_id == me.pk else match.player1
    mine = (match.score1, match.score2) if match.player1_id == me.pk else (match.score2, match.score1)
    # What the page offers is what the server accepts: the one rule of the player's protocol (003).
    can_report = MatchProtocol.refusal(match, me, MatchProtocol.REPORT, now, protocol) is None
    can_answer = MatchProtocol.refusal(match, me, MatchProtocol.ANSWER, now, protocol) is None
    context = {
        "t": t,
        "match": match,
        "me": me,
        "opponent": opponent,
        "token": token,
        "state": key,
        "seconds_left": seconds,
        "state_text": state.derive_state(match, now).text,
        "mine": mine,
        "protocol": protocol,
        "can_report": can_report,
        "correcting": can_report and protocol is not None and bool(match.result_kind),
        "can_answer": can_answer,
        "can_protest": bool(match.result_kind) and key == state.PROVISIONAL and not t.read_only_reason,
        "window_end": state.window_end(match, me.pk),
        "protests": match.protests.filter(protester=me).order_by("filed_at"),
        "report_form": bound.get("report") or ReportForm(),
        "answer_form": bound.get("answer") or AnswerForm(),
        "protest_form": bound.get("protest") or LinkProtestForm(),
        "live_url": reverse("public:round", args=[t.pk, match.round.number]),
    }
    return render(request, "judging/link.html", context, status=status)


def _act(request: HttpRequest, token: str, opened: links.Opened) -> HttpResponse:
    match, me = opened.match, opened.me
    limited = rate_limited(
        request, "match-link-post", settings.MATCH_LINK_POST_RATE, key=lambda _group, _request: token
    )
    if limited is not None:
        return limited
    action = request.POST.get("action", "")
    form_class = FORMS.get(action)
    if form_class is None:
        return _render(request, token, opened, status=400)
    form = form_class(request.POST)
    if not form.is_valid():
        return _render(request, token, opened, status=400, **{action: form})
    d = form.cleaned_data
    now = timezone.now()
    try:
        if action == "report":
            # The winner hands in the protocol (003): his points and the opponent's, in the match's order.
            s1, s2 = (d["mine"], d["theirs"]) if match.player1_id == me.pk else (d["theirs"], d["mine"])
            MatchProtocol.submit(match, me, s1, s2, "", None, now)
            messages.success(request, _("Result handed in. Your opponent confirms it on his own link."))
        elif action == "answer":
            protocol = MatchProtocol.objects.filter(match=match).first()
            if protocol is None or protocol.submitted_by_id == me.pk:
                raise PermissionDenied
            protocol.answer(me, d["confirm"], d["dispute"], None, now)
            messages.success(request, _("Your answer is recorded."))
        else:
            Protest.file(match, me, None, d["reasons"], d["arguments"], d["evidence"], [], now, by_link=True)
            messages.success(request, _("Protest filed. The judging panel will consider it."))
    except AlreadyFiled:
        messages.success(request, _("Protest filed. The judging panel will consider it."))
    except JudgingError as exc:
        form.add_error(None, str(exc))
        match.refresh_from_db()
        return _render(request, token, opened, status=400, **{action: form})
    return redirect("judging:link", token=token)


# --- the secretary's table slips ----------------------------------------------------------------------


def round_slips(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """One slip per player of each table of a published round: his name, table, opponent and his private
    link as a QR code. Printed and cut, each player gets his own (his opponent's link would let him confirm
    his own result)."""
    t = tournament_for_secretary(request, pk)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    if rnd.is_draft:
        raise PermissionDenied  # a draft's pairings are nobody's yet
    slips = []
    matches = rnd.matches.filter(player2__isnull=False).select_related("player1__person", "player2__person")
    generations = {
        (row.match_id, row.participant_id): row.generation
        for row in links.MatchLink.objects.filter(match__round=rnd)
    }
    for m in matches.order_by("table"):
        for me, opponent in ((m.player1, m.player2), (m.player2, m.player1)):
            assert me is not None  # a match of two players (player2 set; player1 always is)
            url = qr.absolute(request, links.url_for(m, me, generations.get((m.pk, me.pk), 0)))
            slips.append({"match": m, "me": me, "opponent": opponent, "url": url, "qr": qr.svg(url, 150)})
    return render(request, "judging/slips.html", {"t": t, "round": rnd, "slips": slips})


@require_POST
def revoke_link(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Revoke one player's link (a slip lost or seen by someone else) and issue a new one. Logged."""
    t = tournament_for_secretary(request, pk)
    rnd = get_object_or_404(Round, tournament=t, number=number)
    match = get_object_or_404(rnd.matches, pk=sane_int(request.POST.get("match")))
    pid = sane_int(request.POST.get("participant"))
    if pid not in (match.player1_id, match.player2_id) or pid is None:
        raise Http404
    if t.read_only_reason:
        messages.error(request, t.read_only_reason)
    else:
        me = match.player1 if match.player1_id == pid else match.player2
        assert me is not None  # pid is one of the two
        links.revoke(match, me, request.user)
        messages.success(
            request, _("The old link of %(p)s opens nothing any more; print his new slip.") % {"p": me}
        )
    return redirect(reverse("judging:slips", args=[pk, number]) + f"#slip-{match.table}-{pid}")
