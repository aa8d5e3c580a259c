"""The tournament's lifecycle: what blocks finishing it, finishing it, and reopening it (004 §6.2.1 item 6).

running → finished: by a runner (the secretaries and the panel), confirmed, and only when nothing can change
the final protocol any more: no draft round, no round whose pairings wait for a review, no unplayed match,
every result final (004 §5.10), no open protest, no removal proposal waiting for the chief judge (§5.7.2), no
round left to play. Finished, every result, protest, sanction and participant is read-only for everyone
(``Tournament.read_only_reason``, checked under the tournament's row lock by each change).

finished → running: only by the chief judge, who signs the final protocol (§6.2.1 item 6), with a reason; the
reopening is logged and the final protocol lists it.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from draw import manager as draw_manager
from draw.models import Match, Round
from judging import signals, state
from judging.errors import JudgingError
from judging.models import Protest, RemovalProposal
from registration.models import Official
from registration.permissions import registry
from tournaments.models import AuditEntry, System, Tournament, log

SHOWN = 20  # items listed per blocker; the rest are counted


@dataclass(frozen=True)
class Blocker:
    """One reason the tournament cannot be finished, with what exactly blocks it."""

    key: str
    title: str
    items: tuple[str, ...] = ()
    more: int = 0  # items not listed


def _where(m: Match) -> str:
    return _("round %(r)s, table %(t)s") % {"r": m.round.number, "t": m.table}


def _blocker(key: str, title: str, items: list[str]) -> Blocker:
    return Blocker(key, title, tuple(items[:SHOWN]), max(0, len(items) - SHOWN))


def _counted(key: str, title: str, shown: list[str], total: int) -> Blocker:
    return Blocker(key, title, tuple(shown), max(0, total - len(shown)))


def blockers(t: Tournament, now: datetime.datetime | None = None) -> list[Blocker]:
    """Everything that stands between the tournament and its final protocol; empty when it can be finished."""
    now = now or timezone.now()
    if t.status == Tournament.Status.FINISHED:
        return [Blocker("finished", _("The tournament is already finished."))]
    if t.status == Tournament.Status.CANCELLED:
        return [Blocker("cancelled", _("The tournament is cancelled."))]
    rounds = list(t.round_set.order_by("number"))
    if not rounds:
        return [Blocker("no_rounds", _("No round has been played."))]
    out: list[Blocker] = []
    drafts = [r for r in rounds if r.status == Round.Status.DRAFT]
    if drafts:
        out.append(
            _blocker("draft", _("Rounds still drafts"), [_("round %(n)s") % {"n": r.number} for r in drafts])
        )
    review = [r for r in rounds if r.needs_review]
    if review:
        out.append(
            _blocker(
                "review",
                _("Rounds drawn on results changed since (keep or draw again)"),
                [_("round %(n)s") % {"n": r.number} for r in review],
            )
        )
    # Counted by the database, the first SHOWN of each read (issue 36): never every match of the tournament.
    played = (
        Match.objects.filter(round__tournament=t)
        .exclude(round__status=Round.Status.DRAFT)
        .select_related("round__tournament")
        .order_by("round__number", "table")
    )
    unplayed = played.filter(result_kind="")
    in_window = state.state_q(state.PROVISIONAL, t, now)
    counts = played.aggregate(
        unplayed=Count("pk", filter=Q(result_kind="")), provisional=Count("pk", filter=in_window)
    )
    if counts["unplayed"]:
        out.append(
            _counted(
                "unplayed", _("Unplayed matches"), [_where(m) for m in unplayed[:SHOWN]], counts["unplayed"]
            )
        )
    if counts["provisional"]:
        shown = list(played.filter(in_window)[:SHOWN])
        states = state.match_states(shown, now)
        out.append(
            _counted(
                "provisional",
                _("Results not final (the protest window is open)"),
                [f"{_where(m)}: {states[m.pk].text}" for m in shown],
                counts["provisional"],
            )
        )
    protests = list(
        Protest.objects.filter(tournament=t, status__in=Protest.OPEN)
        .select_related("match__round")
        .order_by("filed_at")
    )
    if protests:
        out.append(
            _blocker(
                "protests",
                _("Open protests"),
                [f"#{p.pk}: {_where(p.match)}" for p in protests],
            )
        )
    proposals = list(
        RemovalProposal.objects.filter(tournament=t, status=RemovalProposal.Status.PENDING).select_related(
            "participant__person", "participant__partner", "team"
        )
    )
    if proposals:
        # A player's or a team's second warning (004 §5.7.2), a player disqualified elsewhere (§2.3.2).
        out.append(
            _blocker(
                "removals",
                _("Removal proposals waiting for the chief judge (004 §5.7.2)"),
                [str(p.competitor) for p in proposals],
            )
        )
    chiefs = Official.objects.filter(
        tournament_id__in=registry(t), role=Official.Role.CHIEF_JUDGE, accredited=True
    )
    if not chiefs.exists():
        # 004 §6.1.1, §6.2.1 item 6: the chief judge (of the one panel, §1.2) signs the protocol.
        out.append(
            Blocker("chief_judge", _("No accredited chief judge to sign the final protocol (004 §6.1.1)"))
        )
    if not drafts and not unplayed and draw_manager.rounds_left(t):
        out.append(Blocker("rounds_left", _("The tournament has rounds left to play.")))
    return out


def can_finish(t: Tournament) -> str | None:
    """Why the tournament cannot be finished yet (the first reason), or None."""
    found = blockers(t)
    return found[0].title if found else None


def finishes_early(t: Tournament, today=None) -> bool:
    """Finishing before the tournament's last day: the secretary confirms it (the protocol prints the day
    it was really finished)."""
    return (today or timezone.localdate()) < t.end_date


def finish(t: Tournament, user, *, confirmed: bool, confirm_early: bool = False) -> None:
    """Finish the tournament: refused with the list of blockers, or unconfirmed (and, before its last day,
    without the second confirmation). All or nothing."""
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        now = timezone.now()
        found = blockers(t, now)
        if found:
            raise JudgingError(
                _("The tournament cannot be finished: %(b)s.") % {"b": "; ".join(b.title for b in found)}
            )
        if not confirmed:
            raise JudgingError(_("Confirm that the tournament is finished: its results become read-only."))
        if finishes_early(t) and not confirm_early:
            raise JudgingError(
                _("The tournament's last day is %(d)s: confirm that it is finished before it.")
                % {"d": f"{t.end_date:%d.%m.%Y}"}
            )
        # Store the finality the state rules already see, so the final protocol reads stored values.
        for m in Match.objects.filter(round__tournament=t, final_at__isnull=True).exclude(result_kind=""):
            state.finalize_match(m, now)
        t.status, t.finished_at = Tournament.Status.FINISHED, now
        t.save(update_fields=["status", "finished_at"])
        log(t, user, "finish", _("Tournament finished"))
        signals.tournament_finished.send(sender=Tournament, tournament=t, user=user)


def reopen(t: Tournament, user, reason: str) -> None:
    """The chief judge reopens a finished tournament, with a reason (the caller has checked who he is)."""
    reason = reason.strip()
    if not reason:
        raise JudgingError(_("Give the reason for reopening the tournament."))
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        if t.status != Tournament.Status.FINISHED:
            raise JudgingError(_("The tournament is not finished."))
        t.status, t.finished_at = Tournament.Status.RUNNING, None
        t.save(update_fields=["status", "finished_at"])
        log(
            t, user, "reopen", _("Tournament reopened by the chief judge"), reason=reason, clause="004 §6.2.1"
        )
        signals.tournament_reopened.send(sender=Tournament, tournament=t, user=user)


def cancel(t: Tournament, user, reason: str) -> None:
    """004 §6.1.2 item 3: the judging panel cancels the event (the caller checked the power: ``is_panel``),
    with a reason; logged. Nothing is deleted: its entries, results and documents stay as they were, read-only
    (``Tournament.read_only_reason``), marked cancelled on every page and document. A finished event is not
    cancelled."""
    reason = " ".join((reason or "").split())
    if not reason:
        raise JudgingError(_("Give the reason for cancelling the competition."))
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        if t.status == Tournament.Status.FINISHED:
            raise JudgingError(_("The tournament is finished: a finished competition is not cancelled."))
        if t.status == Tournament.Status.CANCELLED:
            return
        t.status, t.cancelled_at, t.cancel_reason = Tournament.Status.CANCELLED, timezone.now(), reason
        t.save(update_fields=["status", "cancelled_at", "cancel_reason"])
        log(
            t,
            user,
            "cancel",
            _("Tournament cancelled by the judging panel"),
            reason=reason,
            clause="004 §6.1.2",
        )


def cancel_competition(events, user, reason: str) -> list[str]:
    """004 §6.1.2 item 3 for a competition of several events (one panel, §1.2): each event not finished is
    cancelled as ``cancel`` says; all or nothing. Returns the notes (the finished ones stay)."""
    notes: list[str] = []
    with transaction.atomic():
        for t in events:
            if t.status == Tournament.Status.FINISHED:
                notes.append(_("%(t)s is finished: it stays as it is.") % {"t": t})
                continue
            cancel(t, user, reason)
    return notes


def reopenings(t: Tournament):
    """Every reopening of the tournament, oldest first: the final protocol lists them."""
    return (
        AuditEntry.objects.filter(tournament=t, action="reopen").select_related("user").order_by("at", "id")
    )


MAX_SWISS_ROUNDS = 30


def change_swiss_rounds(t: Tournament, user, rounds: int, reason: str) -> None:
    """The chief judge changes the Swiss number of rounds fixed at the start, with a reason (004 §1.4.6); the
    caller has checked who he is. Never below the rounds already drawn."""
    reason = reason.strip()
    if not reason:
        raise JudgingError(_("Give the reason for the change."))
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        if t.read_only_reason:
            raise JudgingError(t.read_only_reason)
        if t.system != System.SWISS:
            raise JudgingError(_("Only a Swiss tournament has a fixed number of rounds."))
        drawn = t.round_set.count()
        if not max(1, drawn) <= rounds <= MAX_SWISS_ROUNDS:
            raise JudgingError(
                _("The number of rounds must be from %(a)s (rounds drawn) to %(b)s.")
                % {"a": max(1, drawn), "b": MAX_SWISS_ROUNDS}
            )
        before = t.rounds
        t.rounds = rounds
        t.save(update_fields=["rounds"])
        log(
            t,
            user,
            "rounds",
            _("Number of rounds changed by the chief judge: %(a)s → %(b)s")
            % {"a": before or "—", "b": rounds},
            reason=reason,
            rounds=rounds,
            clause="004 §1.4.6",
        )
