"""A disqualification takes effect at once (004 §2.3.2, §5.7.4).

* In the tournament it is given in, a disqualified participant who still plays is removed: §5.7.3's
  consequences by the system of play (``judging.removal``, the rule in ``draw.removal``).
* In his other tournaments that have not started (no round published) and whose first day falls in the ban,
  he is withdrawn with the reason, a draft that pairs him is drawn again, and his entries there are refused
  with the clause (``registration.manager.bar_disqualified``). For a ban counted in matches the rounds still
  to come cannot be known, so only the first such tournament is barred now; the admission checks of the later
  ones read the ban on their first day as usual.
* In a tournament already running (outside its registry) he is put on its chief judge's desk at once: removed
  by §5.7.3 or kept with a reason (``RemovalProposal.notify_running``, issue 27).

Beyond its registry (the tournament and the other events of its competition: one panel, 004 §1.2) a
disqualification reaches a tournament — its effects above and the admission checks there — only through the
person's own admitted entry in the tournament it was given in: his commission examined his entry and saw his
identity document (004 §2.3.3, §5.3.2) — or, given to an accredited official or coach, through his
accreditation (the commission checked his documents, §5.3.2 items 2–3), or when a league official gave it,
or it was given outside any tournament (the league's). A participant the secretary typed in by name (the
shortcut), or a record made to look like somebody, carries it nowhere else: another tournament's officials
cannot bar a person entered elsewhere by adding him here and disqualifying him, and a look-alike record
cannot be merged into him (``registration.permissions.may_rewrite``). One rule: ``reaches`` (issue 25 item 3).
"""

from __future__ import annotations

import copy
import logging

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from draw import manager as draw_manager
from draw.models import Round
from judging import removal
from judging.errors import JudgingError
from registration import manager as registration_manager
from registration import permissions
from registration.models import Entry, Participant
from tournaments.models import Tournament, log

CLAUSE = "004 §2.3.2, §5.7.4"
logger = logging.getLogger(__name__)


def reaches_everywhere(sanction) -> bool:
    """Whether a disqualification acts beyond its registry (see the module's notes): given outside any
    tournament or by a league official, or through the person's own admitted entry where it was given."""
    if sanction.tournament_id is None or permissions.is_league_official(sanction.issued_by):
        return True
    if sanction.official_id is not None and sanction.official_accredited:
        return True  # an accredited official: the commission checked his documents (004 §5.3.2 items 2–3)
    return Entry.objects.filter(
        Q(person_id=sanction.person_id) | Q(partner_id=sanction.person_id),
        tournament_id=sanction.tournament_id,
        status=Entry.Status.ADMITTED,
    ).exists()


def reaches(sanction, tournament: Tournament) -> bool:
    """THE rule: whether a disqualification acts in ``tournament`` — its registry always (004 §1.2),
    elsewhere when ``reaches_everywhere``."""
    if sanction.tournament_id == tournament.pk:
        return True
    if tournament.competition_id and sanction.tournament_id:
        same = Tournament.objects.filter(pk=sanction.tournament_id, competition_id=tournament.competition_id)
        if same.exists():
            return True
    return reaches_everywhere(sanction)


def registry_of(sanction) -> frozenset[int]:
    """The registry of the tournament it was given in (its competition's events, 004 §1.2); none for the
    league's own."""
    return permissions.registry(sanction.tournament) if sanction.tournament_id else frozenset()


def in_force_on(sanction, day) -> bool:
    return type(sanction).objects.disqualifying(sanction.person, day).filter(pk=sanction.pk).exists()


def carry_out(sanction, participant: Participant | None, user) -> list[str]:
    """Apply the disqualification's effects; returns the notes for the chief judge. In his transaction."""
    notes: list[str] = []
    here = participant
    if here is None and sanction.tournament_id:
        here = Participant.objects.filter(
            Q(person=sanction.person) | Q(partner=sanction.person), tournament_id=sanction.tournament_id
        ).first()
    if (
        here is not None
        and here.status == Participant.Status.ACTIVE
        and here.tournament_id == sanction.tournament_id
    ):
        notes += removal.apply_removal(sanction, here, user)
        notes.append(_("%(p)s is removed from this tournament (004 §5.7.3).") % {"p": here})
    reason = _("disqualification from %(d)s (%(c)s)") % {
        "d": date_format(sanction.starts_on, "d.m.Y"),
        "c": CLAUSE,
    }
    others = (
        Tournament.objects.filter(start_date__gte=sanction.starts_on)
        .exclude(pk=sanction.tournament_id)
        .exclude(status__in=[Tournament.Status.FINISHED, Tournament.Status.CANCELLED])
        .exclude(pk__in=Round.objects.exclude(status=Round.Status.DRAFT).values("tournament_id"))
        .order_by("start_date", "pk")
    )
    # 003 «Пары»: his pairs too, where he is the second player (issue 27 item 8).
    his = Q(person=sanction.person) | Q(partner=sanction.person)
    involved = [t for t in others if t.entries.filter(his).exists() or t.participants.filter(his).exists()]
    if not reaches_everywhere(sanction):
        # Said whether or not he is entered elsewhere: the notes tell this tournament nothing of others.
        notes.append(
            _(
                "It acts in this tournament (and the events of its competition) only: %(p)s has no admitted "
                "entry of his own here (a participant added by name); one given by a league official acts in "
                "every tournament (%(c)s)."
            )
            % {"p": sanction.person, "c": CLAUSE}
        )
    for t in involved:
        if not reaches(sanction, t):
            continue
        if not in_force_on(sanction, t.start_date):
            continue
        barred = registration_manager.bar_disqualified(t, sanction.person, reason, user, sanction.pk)
        left = Participant.objects.filter(his, tournament=t).first()
        if left is not None:
            note = draw_manager.player_left(t, left, user)
            if note:
                barred.append(note)
        notes += [f"{t}: {line}" for line in barred]
        if sanction.matches_count:
            break  # the rounds to come are not known yet: the first tournament only (see the module notes)
    notes += _competition_siblings(sanction, here, user)
    return notes


def _competition_siblings(sanction, here: Participant | None, user) -> list[str]:
    """004 §1.2: a disqualification in one event of a competition applies to all its events: in the running
    ones he is removed as in the event it was given in (§5.7.3 by each event's system)."""
    event = Tournament.objects.filter(pk=sanction.tournament_id).first() if sanction.tournament_id else None
    if event is None or not event.competition_id:
        return []
    notes = []
    for t in event.siblings().exclude(status__in=[Tournament.Status.FINISHED, Tournament.Status.CANCELLED]):
        there = Participant.objects.filter(
            Q(person=sanction.person) | Q(partner=sanction.person),
            tournament=t,
            status=Participant.Status.ACTIVE,
        ).first()
        if there is None:
            continue
        # A copy: the removal notes its stage and outcome on the sanction, which are the home event's.
        notes += [f"{t}: {line}" for line in removal.apply_removal(copy.copy(sanction), there, user)]
        notes.append(_("%(p)s is removed from %(t)s (004 §5.7.3).") % {"p": there, "t": t})
    return notes


# --- lifting a disqualification (004 §5.7.4; issue 27 item 6) -----------------------------------------------


def may_lift(user, sanction) -> bool:
    """THE rule for lifting a disqualification (004 §5.7.4): a league official always; the chief judge of
    the tournament it was given in while that tournament is not finished. Only one not lifted yet."""
    if sanction.kind != type(sanction).Kind.DISQUALIFICATION or sanction.lifted_at is not None:
        return False
    if permissions.is_league_official(user):
        return True
    t = sanction.tournament
    return t is not None and not t.is_finished and permissions.is_chief_judge(user, t)


def lift(sanction, reason: str, user) -> list[str]:
    """Lift a disqualification (004 §5.7.4): who and why recorded on it and in the tournament's log (the one
    it was given in, if any). Its effects: the entries refused because of it (``bar_disqualified`` logged
    the sanction with them) go back to pending for the commission in the tournaments not started and not
    finished, unless another disqualification in force still bars him there; a removal already carried out
    in a running tournament stays (its results follow §5.7.3 and are not undone). Returns the notes: what
    was reopened and what stays."""
    reason = " ".join((reason or "").split())
    if not reason:
        raise JudgingError(_("Say why the disqualification is lifted."))
    Sanction = type(sanction)
    with transaction.atomic():
        rows = Sanction.objects.select_for_update(of=("self",)).select_related("tournament", "person")
        sanction = rows.get(pk=sanction.pk)
        if sanction.kind != Sanction.Kind.DISQUALIFICATION:
            raise JudgingError(_("Only a disqualification is lifted."))
        if sanction.lifted_at is not None:
            raise JudgingError(_("This disqualification has already been lifted."))
        if not may_lift(user, sanction):
            raise PermissionDenied(f"{user} may not lift sanction {sanction.pk} (004 §5.7.4)")
        sanction.lifted_at = timezone.now()
        sanction.lifted_by = user if getattr(user, "is_authenticated", False) else None
        sanction.lift_reason = reason
        sanction.save(update_fields=["lifted_at", "lifted_by", "lift_reason"])
        notes = _reopen(sanction, reason, user) + _removals_stay(sanction)
        summary = _("Disqualification of %(p)s lifted") % {"p": sanction.person}
        if sanction.tournament is not None:
            log(
                sanction.tournament,
                user,
                "sanction_lifted",
                summary,
                reason=reason,
                sanction=sanction.pk,
                clause="004 §5.7.4",
                notes=notes,
            )
    logger.info("Disqualification %s of person %s lifted by %s", sanction.pk, sanction.person_id, user)
    return notes


def _reopen(sanction, reason: str, user) -> list[str]:
    notes: list[str] = []
    barred = (
        Tournament.objects.filter(
            audit__action="entry_decision", audit__data__sanction=sanction.pk, audit__data__status="refused"
        )
        .distinct()
        .order_by("start_date", "pk")
    )
    for t in barred:
        if t.is_closed:
            notes.append(_("%(t)s is finished: his entry there stays refused.") % {"t": t})
            continue
        if Round.objects.filter(tournament=t).exclude(status=Round.Status.DRAFT).exists():
            notes.append(
                _("%(t)s has started: his entry there stays refused (participants can no longer be added).")
                % {"t": t}
            )
            continue
        still = type(sanction).objects.disqualifying(sanction.person, t.start_date).exclude(pk=sanction.pk)
        if any(reaches(other, t) for other in still):
            notes.append(
                _("%(t)s: his entry stays refused: another disqualification is in force there (%(c)s).")
                % {"t": t, "c": CLAUSE}
            )
            continue
        notes += [f"{t}: {line}" for line in registration_manager.reopen_barred(t, sanction.pk, reason, user)]
    return notes


def _removals_stay(sanction) -> list[str]:
    """004 §5.7.3: a removal carried out (in the tournament it was given in and the events of its
    competition) stays; lifting says so."""
    if sanction.tournament_id is None:
        return []
    removed = Participant.objects.filter(
        Q(person_id=sanction.person_id) | Q(partner_id=sanction.person_id),
        tournament_id__in=permissions.registry(sanction.tournament),
        status=Participant.Status.REMOVED,
    ).select_related("tournament")
    return [
        _("%(p)s stays removed from %(t)s: a removal carried out is not undone (004 §5.7.3).")
        % {"p": p, "t": p.tournament}
        for p in removed
    ]
