"""The events a person is told of (issue 33 "Events"), worded short, in his language, with his link.

Each function owes messages through the outbox (``notify.outbox``) inside the caller's transaction; the
receivers (``notify.receivers``) call them from the lower apps' signals.
"""

from __future__ import annotations

import hashlib
import json

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from draw.models import Match, Round
from judging import links as match_links
from judging import state
from judging.models import MatchLink
from notify.links import absolute
from notify.models import Message, Subscription
from notify.outbox import Owed, Text, tell, tell_desk
from standings import ranking
from standings.metrics import place_label

# --- a round's pairings published (and published again after a redraw) -------------------------------------


def _pairing(match: Match, me_id: int) -> dict:
    opponent = match.player2 if match.player1_id == me_id else match.player1
    start = match.round.start_time
    return {
        "table": match.table,
        "opponent": str(opponent) if opponent else "",
        "length": match.match_length,
        "start": timezone.localtime(start).strftime("%H:%M") if start else "",
    }


def _digest(data: dict) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:12]


def _pairing_text(rnd: Round, data: dict, link: str) -> str:
    if not data["opponent"]:
        return _("%(t)s, round %(r)s: you have a bye.") % {"t": rnd.tournament.name, "r": rnd.number}
    parts = [
        _("%(t)s, round %(r)s: table %(n)s, opponent %(o)s, match to %(l)s.")
        % {
            "t": rnd.tournament.name,
            "r": rnd.number,
            "n": data["table"],
            "o": data["opponent"],
            "l": data["length"],
        }
    ]
    if data["start"]:
        parts.append(_("Start at %(s)s.") % {"s": data["start"]})
    parts.append(_("Your match link: %(u)s") % {"u": link})
    return " ".join(parts)


def _delta_text(rnd: Round, old: dict, new: dict, link: str) -> str:
    """What changed in his pairing, and nothing else (issue 33: after a redraw)."""
    changes = []
    if old.get("table") != new["table"]:
        changes.append(_("table %(a)s → %(b)s") % {"a": old.get("table"), "b": new["table"]})
    if old.get("opponent") != new["opponent"]:
        changes.append(
            _("opponent %(a)s → %(b)s")
            % {
                "a": old.get("opponent") or pgettext("pairing", "bye"),
                "b": new["opponent"] or pgettext("pairing", "bye"),
            }
        )
    if old.get("length") != new["length"]:
        changes.append(_("match to %(a)s → %(b)s") % {"a": old.get("length"), "b": new["length"]})
    if old.get("start") != new["start"] and new["start"]:
        changes.append(_("start %(a)s → %(b)s") % {"a": old.get("start") or "—", "b": new["start"]})
    head = _("%(t)s, round %(r)s was drawn again; your pairing changed: %(c)s.") % {
        "t": rnd.tournament.name,
        "r": rnd.number,
        "c": "; ".join(changes),
    }
    return f"{head} {_('Your match link: %(u)s') % {'u': link}}"


def round_published(rnd: Round) -> int:
    """Each subscribed player of the round is told his pairing; after a redraw (the round published again)
    only those whose pairing changed, with what changed (issue 33)."""
    matches = list(
        rnd.matches.select_related("round__tournament", "player1__person", "player2__person").order_by(
            "table"
        )
    )
    prefix = f"pair:{rnd.tournament_id}:{rnd.number}:"
    # What each subscription was told of this round before (a redraw), and the links' generations: two
    # queries for the whole round, not two per player.
    before_of: dict[tuple[int, int], Message] = {}
    for msg in Message.objects.filter(key__startswith=prefix).only("pk", "key", "data", "subscription_id"):
        pid = int(msg.key[len(prefix) :].split(":")[0])
        kept = before_of.get((msg.subscription_id, pid))
        if kept is None or kept.pk < msg.pk:
            before_of[(msg.subscription_id, pid)] = msg
    gens = {
        (m_id, p_id): g
        for m_id, p_id, g in MatchLink.objects.filter(match__round=rnd).values_list(
            "match_id", "participant_id", "generation"
        )
    }
    owed: list[Owed] = []
    for m in matches:
        for me in (m.player1, m.player2):
            if me is None:
                continue
            data = _pairing(m, me.pk)
            key = f"{prefix}{me.pk}:{_digest(data)}"

            def build(sub: Subscription, m=m, me=me, data=data, key=key) -> Text | None:
                before = before_of.get((sub.pk, me.pk))
                if before is not None and before.key == key:
                    return None  # published again unchanged: he knows it
                link = absolute(match_links.url_for(m, me, gens.get((m.pk, me.pk), 0)))
                subject = _("Round %(r)s: your pairing") % {"r": rnd.number}
                if before is not None:
                    return Text(subject, _delta_text(rnd, before.data, data, link), data)
                return Text(subject, _pairing_text(rnd, data, link), data)

            owed.append(Owed(me.person_id, key, build))
    return tell(rnd.tournament, owed)


# --- a result handed in by one side -------------------------------------------------------------------------


def result_reported(protocol) -> int:
    """The opponent of the one who handed in the protocol is told the score, to confirm or dispute it in one
    tap on his match link (the same rules as the match page, 003)."""
    match = protocol.match
    by = protocol.submitted_by
    opponent = match.player2 if match.player1_id == by.pk else match.player1
    if opponent is None:
        return 0
    mine, theirs = (
        (protocol.score1, protocol.score2)
        if match.player1_id == by.pk
        else (protocol.score2, protocol.score1)
    )
    stamp = int(protocol.submitted_at.timestamp()) if protocol.submitted_at else 0
    key = f"proto:{protocol.pk}:{protocol.corrections}:{stamp}"

    def build(sub: Subscription) -> Text:
        link = absolute(match_links.url_for(match, opponent))
        body = _(
            "%(t)s, round %(r)s, table %(n)s: %(p)s handed in %(a)s:%(b)s in his favour. "
            "Confirm or dispute it in one tap: %(u)s"
        ) % {
            "t": match.round.tournament.name,
            "r": match.round.number,
            "n": match.table,
            "p": by,
            "a": mine,
            "b": theirs,
            "u": link,
        }
        return Text(_("Confirm the result"), body)

    return tell(match.round.tournament, [Owed(opponent.person_id, key, build)])


# --- the tournament finished ------------------------------------------------------------------------------


def tournament_finished(tournament) -> int:
    """Each subscribed participant is told his final place (a removed player keeps none, 004 §5.7.3)."""
    rows = ranking.final_standings(tournament)
    # A reopened and finished again tournament tells again (its places may have changed).
    stamp = int(tournament.finished_at.timestamp()) if tournament.finished_at else 0
    owed: list[Owed] = []
    for s in rows:
        p = s.participant
        place = None if s.removed else s.row.place

        def build(sub: Subscription, place=place, s=s) -> Text:
            if place is None:
                body = _("%(t)s is finished. You keep no place in it.") % {"t": tournament.name}
            else:
                body = _("%(t)s is finished: your place is %(p)s.") % {
                    "t": tournament.name,
                    "p": place_label(place, s.row.place_to),
                }
            return Text(_("Tournament finished"), body)

        owed.append(Owed(p.person_id, f"finished:{tournament.pk}:{stamp}:{p.pk}", build))
    return tell(tournament, owed)


# --- rulings on his match, sanctions ----------------------------------------------------------------------


def _players(match: Match) -> list:
    return [p for p in (match.player1, match.player2) if p is not None]


def protest_decided(protest) -> int:
    """Both players of the match are told the panel's decision (004 §5.10: final)."""
    match = protest.match
    t = match.round.tournament
    owed = []
    for p in _players(match):

        def build(sub: Subscription, p=p) -> Text:
            body = _("%(t)s, round %(r)s, table %(n)s: protest No. %(no)s — %(s)s.") % {
                "t": t.name,
                "r": match.round.number,
                "n": match.table,
                "no": protest.number,
                "s": protest.get_status_display(),
            }
            if protest.decision_reasons:
                body += " " + protest.decision_reasons[:300]
            body += " " + _("Your match link: %(u)s") % {"u": absolute(match_links.url_for(match, p))}
            return Text(_("Protest decided"), body)

        owed.append(Owed(p.person_id, f"protest:{protest.pk}:{protest.status}:{p.pk}", build))
    return tell(t, owed)


def sanction_applied(sanction) -> int:
    """The person is told the sanction: a warning, a removal, a disqualification, a technical defeat, a
    points deduction (004 §5.7)."""
    t = sanction.tournament

    def build(sub: Subscription) -> Text:
        body = _("%(t)s: %(k)s.") % {"t": t.name if t else _("League"), "k": sanction.get_kind_display()}
        if sanction.facts:
            body += " " + sanction.facts[:300]
        return Text(_("Sanction"), body)

    return tell(t, [Owed(sanction.person_id, f"sanction:{sanction.pk}", build)])


def protest_windows_closing(now=None, ahead_minutes: int = 3) -> int:
    """Each subscribed player whose protest window on a provisional result closes within ``ahead_minutes``
    is told once (004 §5.10: the window, default 10 minutes). The beat's task, every minute."""
    now = now or timezone.now()
    horizon = now + timezone.timedelta(minutes=ahead_minutes)
    recent = now - timezone.timedelta(hours=3)  # no window is longer than this in practice
    candidates = (
        Match.objects.filter(final_at__isnull=True, ended_at__gte=recent)
        .exclude(result_kind="")
        .exclude(player2=None)
        .select_related("round__tournament", "player1__person", "player2__person")
    )
    by_t: dict[int, tuple] = {}
    for m in candidates:
        if m.round.tournament.read_only_reason:
            continue
        for p in _players(m):
            end = state.window_end(m, p.pk)
            if end is None or not now < end <= horizon:
                continue

            def build(sub: Subscription, m=m, p=p, end=end) -> Text:
                body = _(
                    "%(t)s, round %(r)s, table %(n)s: the protest window closes at %(e)s. "
                    "Your match link: %(u)s"
                ) % {
                    "t": m.round.tournament.name,
                    "r": m.round.number,
                    "n": m.table,
                    "e": timezone.localtime(end).strftime("%H:%M"),
                    "u": absolute(match_links.url_for(m, p)),
                }
                return Text(_("Protest window closing"), body)

            key = f"window:{m.pk}:{p.pk}:{int(end.timestamp())}"
            by_t.setdefault(m.round.tournament_id, (m.round.tournament, []))[1].append(
                Owed(p.person_id, key, build)
            )
    return sum(tell(t, owed) for t, owed in by_t.values())


# --- the officials' desk --------------------------------------------------------------------------------


def _desk_url(t) -> str:
    return absolute(reverse("judging:desk", args=[t.pk]))


def desk_protest_filed(protest) -> int:
    """004 §5.10: the panel is told of a protest with its deadline (the end of the protester's window)."""
    t, m = protest.tournament, protest.match

    def build(sub: Subscription) -> Text:
        deadline = protest.deadline
        body = _(
            "%(t)s: protest No. %(no)s, round %(r)s, table %(n)s, by %(p)s; the window closes at %(d)s. %(u)s"
        ) % {
            "t": t.name,
            "no": protest.number,
            "r": m.round.number,
            "n": m.table,
            "p": protest.protester,
            "d": timezone.localtime(deadline).strftime("%H:%M") if deadline else "—",
            "u": _desk_url(t),
        }
        return Text(_("Protest filed"), body)

    return tell_desk(t, f"desk:protest:{protest.pk}", build)


def desk_result_disputed(protocol) -> int:
    m = protocol.match
    t = m.round.tournament
    stamp = int(protocol.answered_at.timestamp()) if protocol.answered_at else 0

    def build(sub: Subscription) -> Text:
        body = _("%(t)s: round %(r)s, table %(n)s, the result %(a)s:%(b)s is disputed: %(w)s. %(u)s") % {
            "t": t.name,
            "r": m.round.number,
            "n": m.table,
            "a": protocol.score1,
            "b": protocol.score2,
            "w": protocol.dispute[:300],
            "u": _desk_url(t),
        }
        return Text(_("Result disputed"), body)

    return tell_desk(t, f"desk:disputed:{protocol.pk}:{stamp}", build)


def desk_removal_proposed(proposal) -> int:
    t = proposal.tournament

    def build(sub: Subscription) -> Text:
        body = _("%(t)s: removal of %(p)s proposed (%(c)s); the chief judge decides. %(u)s") % {
            "t": t.name,
            "p": proposal.participant,
            "c": proposal.get_cause_display(),
            "u": _desk_url(t),
        }
        return Text(_("Removal proposed"), body)

    return tell_desk(t, f"desk:removal:{proposal.pk}", build)


def desk_document(doc, stuck: bool) -> int:
    """A document made in the background is ready, or its worker went silent and it was queued again."""
    t = doc.tournament
    url = absolute(reverse("protocols:list", args=[t.pk]))

    def build(sub: Subscription) -> Text:
        values = {"t": t.name, "d": doc.get_kind_display(), "k": doc.key, "u": url}
        if stuck:
            return Text(
                _("Document stuck"), _("%(t)s: %(d)s %(k)s was stuck and is being made again. %(u)s") % values
            )
        return Text(_("Document ready"), _("%(t)s: %(d)s %(k)s is ready. %(u)s") % values)

    # Once per document and kind of news: a document stuck again and again is told once.
    return tell_desk(t, f"desk:doc:{doc.pk}:{'stuck' if stuck else 'ready'}", build)
