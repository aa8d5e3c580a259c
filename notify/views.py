"""The notifications' pages (issue 33): subscribe from the private match link, confirm an e-mail, stop, the
Telegram webhook, and the officials' page of what was not delivered."""

from __future__ import annotations

import hmac
import json
from dataclasses import dataclass

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from draw import checkin
from judging import links as match_links
from notify import bot, links, telegram
from notify.models import Channel, Message, Subscription, new_code
from notify.outbox import Text, tell_one
from registration.models import Participant
from registration.permissions import is_official
from registration.views import rate_limited
from tournaments.models import Tournament


class EmailForm(forms.Form):
    email = forms.EmailField(label=gettext_lazy("E-mail"), max_length=254)


@dataclass(frozen=True)
class Entrance:
    """Where a player subscribes from: his match link or his check-in link (both his alone)."""

    tournament: Tournament
    me: Participant
    token: str
    page: str  # this page's URL (where a POST comes back to)
    back: str  # the link he came from


def _from_match(token: str) -> Entrance:
    opened = match_links.open_token(token)
    if opened is None:
        raise Http404(_("This link does not open any match: it is wrong or has been replaced by a new one."))
    t = opened.match.round.tournament
    page = reverse("notify:match", args=[token])
    return Entrance(t, opened.me, token, page, match_links.url_for(opened.match, opened.me))


def _from_checkin(token: str) -> Entrance:
    me = checkin.open_link(token)
    if me is None:
        raise Http404(_("This link does not check anybody in."))
    page = reverse("notify:checkin", args=[token])
    return Entrance(me.tournament, me, token, page, reverse("draw:checkin_link", args=[token]))


def _language() -> str:
    return "en" if (translation.get_language() or "ru").startswith("en") else "ru"


def match_page(request: HttpRequest, token: str) -> HttpResponse:
    """Subscribe from the match link (issue 33): a Telegram deep link, or an e-mail confirmed by a link. The
    page shows his own subscriptions (his address to him alone: the link is his)."""
    return _entrance_page(request, _from_match(token))


def checkin_page(request: HttpRequest, token: str) -> HttpResponse:
    """The same from his check-in link (issue 33), before his first match is drawn."""
    return _entrance_page(request, _from_checkin(token))


def _entrance_page(request: HttpRequest, entrance: Entrance) -> HttpResponse:
    if request.method == "POST":
        if entrance.tournament.read_only_reason:
            # A finished tournament is read-only everywhere: its links subscribe nobody (stopping works).
            raise PermissionDenied(entrance.tournament.read_only_reason)
        return _subscribe(request, entrance)
    return _render(request, entrance, EmailForm())


def _render(request, entrance: Entrance, form: EmailForm, status: int = 200) -> HttpResponse:
    me = entrance.me
    subs = Subscription.objects.filter(person_id=me.person_id, desk__isnull=True).order_by("created")
    context = {
        "t": entrance.tournament,
        "me": me,
        "telegram": telegram.bot() is not None,
        "form": form,
        "subs": [(s, links.stop_token(s)) for s in subs if s.confirmed or s.channel == Channel.EMAIL],
        "back": entrance.back,
        "can_subscribe": not entrance.tournament.read_only_reason,
    }
    return render(request, "notify/match.html", context, status=status)


def _subscribe(request: HttpRequest, entrance: Entrance) -> HttpResponse:
    limited = rate_limited(
        request,
        "notify-subscribe",
        settings.MATCH_LINK_POST_RATE,
        key=lambda _group, _request: entrance.token,
    )
    if limited is not None:
        return limited
    me = entrance.me
    action = request.POST.get("action", "")
    if action == "telegram":
        if telegram.bot() is None:
            return _render(request, entrance, EmailForm(), status=400)
        with transaction.atomic():
            sub = Subscription.objects.create(
                person_id=me.person_id, participant=me, channel=Channel.TELEGRAM, language=_language()
            )
        url = telegram.deep_link(sub.code or "")
        if not url:
            messages.error(request, _("Telegram cannot be reached now; try again later or use e-mail."))
            return redirect(entrance.page)
        return _deep_link_page(request, url, links_back=entrance.page)
    if action == "email":
        form = EmailForm(request.POST)
        if not form.is_valid():
            return _render(request, entrance, form, status=400)
        address = form.cleaned_data["email"].strip().lower()
        with transaction.atomic():
            sub, _created = Subscription.objects.get_or_create(
                person_id=me.person_id,
                channel=Channel.EMAIL,
                address=address,
                desk=None,
                defaults={"participant": me, "language": _language()},
            )
            if not sub.confirmed:
                # Asked again (a mail lost): a new code, a new mail; the old link stops working.
                sub.code = new_code()
                sub.save(update_fields=["code"])
                _confirmation(sub)
        messages.success(request, _("We sent a link to %(e)s: open it to confirm.") % {"e": address})
        return redirect(entrance.page)
    return _render(request, entrance, EmailForm(), status=400)


def _deep_link_page(request: HttpRequest, url: str, links_back: str) -> HttpResponse:
    """The bot's deep link as a link to follow (not a redirect: the site's Content-Security-Policy allows
    forms to post only to itself, redirects included)."""
    return render(request, "notify/telegram.html", {"url": url, "back": links_back})


def reverse_failures(t: Tournament) -> str:
    return reverse("notify:failures", args=[t.pk])


def _confirmation(sub: Subscription) -> None:
    url = links.absolute(reverse_confirm(sub.code or ""))
    with translation.override(sub.language):
        body = _("Open this link to be told of your pairings, results and rulings by e-mail: %(u)s") % {
            "u": url
        }
        # The key names the code: each code's mail once.
        tell_one(sub, f"confirm:{sub.pk}:{sub.code}", Text(_("Confirm your e-mail"), body))


def reverse_confirm(code: str) -> str:
    return reverse("notify:confirm", args=[code])


def confirm(request: HttpRequest, code: str) -> HttpResponse:
    """The e-mail's confirmation link: the subscription counts from now; a used or unknown code is a 404."""
    with transaction.atomic():
        sub = (
            Subscription.objects.select_for_update()
            .filter(channel=Channel.EMAIL, code=code, confirmed=False)
            .select_related("person")
            .first()
        )
        if sub is None:
            raise Http404(_("This link has expired or was used already."))
        sub.confirmed, sub.code, sub.confirmed_at = True, None, timezone.now()
        sub.save(update_fields=["confirmed", "code", "confirmed_at"])
    return render(request, "notify/done.html", {"text": _("Your e-mail is confirmed: you will be told.")})


def stop(request: HttpRequest, token: str) -> HttpResponse:
    """The unsubscribe link (every mail carries it): a page with one button; a POST ends the subscription.
    A GET changes nothing (mail scanners open links)."""
    pk = links.open_stop(token)
    sub = Subscription.objects.filter(pk=pk).first() if pk is not None else None
    if sub is None:
        if request.method == "POST":
            return render(request, "notify/done.html", {"text": _("You are not subscribed.")})
        raise Http404(_("This link does not name any subscription."))
    if request.method == "POST":
        with transaction.atomic():
            sub.delete()
        return render(
            request, "notify/done.html", {"text": _("Unsubscribed: you will not be sent anything more.")}
        )
    return render(request, "notify/stop.html", {"sub": sub})


# --- Telegram's webhook (production) ----------------------------------------------------------------------


@csrf_exempt
@require_POST
def webhook(request: HttpRequest, secret: str) -> HttpResponse:
    """The Bot API posts updates here (``setWebhook`` with this URL and ``secret_token``): the secret must be
    both in the URL and in Telegram's header; otherwise 404 (nothing tells a prober the URL exists)."""
    expected = settings.TELEGRAM_WEBHOOK_SECRET
    header = request.headers.get("X-Telegram-Bot-Api-Secret-Token", "")
    if not expected or not hmac.compare_digest(secret, expected) or not hmac.compare_digest(header, expected):
        raise Http404
    try:
        update = json.loads(request.body or b"{}")
    except ValueError:
        return JsonResponse({"ok": False}, status=400)
    if isinstance(update, dict):
        bot.handle_update(update)
    return JsonResponse({"ok": True})


# --- the officials: who was not reached, and why ---------------------------------------------------------


def _tournament_for_official(request: HttpRequest, pk: int) -> Tournament:
    tournament = get_object_or_404(Tournament, pk=pk)
    if not is_official(request.user, tournament):
        raise PermissionDenied
    return tournament


def failures(request: HttpRequest, pk: int) -> HttpResponse:
    """The officials' notifications page (issue 33): subscribe to the tournament's desk events (Telegram or
    e-mail), and what was not delivered to whom and why, with the counts by state. No address is shown but
    the official's own (the person is named; his contacts stay his)."""
    t = _tournament_for_official(request, pk)
    person = getattr(request.user, "person", None)
    form = EmailForm()
    if request.method == "POST":
        if person is None or t.read_only_reason:
            raise PermissionDenied
        response = _subscribe_desk(request, t, person)
        if response is not None:
            return response
        form = EmailForm(request.POST)
        status = 400
    else:
        status = 200
    rows = (
        Message.objects.filter(tournament=t, state=Message.State.FAILED)
        .select_related("subscription__person")
        .order_by("-created")[:200]
    )
    counts = dict.fromkeys(Message.State.values, 0)
    for state, n in (
        Message.objects.filter(tournament=t).values_list("state").annotate(n=Count("pk")).order_by()
    ):
        counts[state] = n
    mine = Subscription.objects.filter(desk=t, person=person).order_by("created") if person else []
    context = {
        "t": t,
        "rows": rows,
        "counts": counts,
        "form": form,
        "telegram": telegram.bot() is not None,
        "can_subscribe": person is not None and not t.read_only_reason,
        "subs": [(s, links.stop_token(s)) for s in mine if s.confirmed or s.channel == Channel.EMAIL],
    }
    return render(request, "notify/failures.html", context, status=status)


def _subscribe_desk(request: HttpRequest, t: Tournament, person) -> HttpResponse | None:
    """An official subscribes to his tournament's desk events; None when the e-mail form is wrong."""
    action = request.POST.get("action", "")
    if action == "telegram" and telegram.bot() is not None:
        with transaction.atomic():
            sub = Subscription.objects.create(
                person=person, desk=t, channel=Channel.TELEGRAM, language=_language()
            )
        url = telegram.deep_link(sub.code or "")
        if url:
            return _deep_link_page(request, url, links_back=reverse_failures(t))
        messages.error(request, _("Telegram cannot be reached now; try again later or use e-mail."))
        return redirect("notify:failures", pk=t.pk)
    if action != "email":
        raise PermissionDenied
    form = EmailForm(request.POST)
    if not form.is_valid():
        return None
    address = form.cleaned_data["email"].strip().lower()
    with transaction.atomic():
        sub, _created = Subscription.objects.get_or_create(
            person=person, channel=Channel.EMAIL, address=address, desk=t, defaults={"language": _language()}
        )
        if not sub.confirmed:
            sub.code = new_code()
            sub.save(update_fields=["code"])
            _confirmation(sub)
    messages.success(request, _("We sent a link to %(e)s: open it to confirm.") % {"e": address})
    return redirect("notify:failures", pk=t.pk)
