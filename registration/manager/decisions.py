"""The commission's decisions: documents, admission, invalidity, a disqualification's bar."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from registration import admission, permissions, signals
from registration.manager.checks import FAILURES, Checker, verdicts_for
from registration.manager.errors import AdmissionError, _lock_open
from registration.manager.participants import seed_locked_reason
from registration.manager.people import confirm_person
from registration.models import (
    Entry,
    Participant,
    Person,
    Team,
    accepts_participants,
)
from tournaments.models import AuditEntry, Tournament, bump_version, log
from tournaments.rules import cite


def _locked(entry: Entry) -> Entry:
    """The entry re-read under a row lock, after the tournament's: admitting takes the same lock as the draw,
    so a participant is never added half-way through one."""
    _lock_open(entry.tournament_id)
    return (
        Entry.objects.select_for_update(of=("self",))
        .select_related("person", "tournament", "team_entry")
        .get(pk=entry.pk)
    )


class Note(Protocol):
    """Where a change is written: ``tournaments.models.log`` (each line saved at once), or a bulk decision's
    ``_Lines`` (saved together, the version bumped once)."""

    def __call__(self, tournament: Tournament, user, action: str, summary: str, reason: str = "", **data): ...


@transaction.atomic
def record_documents(entry: Entry, by, **ticks: bool) -> Entry:
    """The commission ticks the documents it has seen (004 §2.3.3, §2.5.1); the doctor of the competition the
    medical clearance (004 §5.3.3, ``permissions.may_tick_document``)."""
    entry = _locked(entry)
    return _tick(entry, by, ticks, log)


def _tick(entry: Entry, by, ticks: dict[str, bool], note: Note, allowed: set[str] | None = None) -> Entry:
    """``record_documents`` on an entry locked and a commission member checked by the caller; ``allowed``: the
    names ``permissions.may_tick_document`` gave this user in this tournament, asked once by a bulk caller."""
    changed = [name for name, value in ticks.items() if getattr(entry, name) != value]
    names = changed or list(ticks)
    if allowed is None or not set(names) <= allowed:
        permissions.check_documents(by, entry.tournament, names)  # 004 §5.3.1, §5.3.3
    if not changed:
        return entry
    if entry.status == Entry.Status.ADMITTED:
        raise AdmissionError(_("The entry is admitted: set it to pending before changing its documents."))
    for name in changed:
        setattr(entry, name, ticks[name])
    entry.save(update_fields=changed)
    # The ticks are Entry's own fields, never a relation: the stubs cannot know which name is which.
    shown = [str(Entry._meta.get_field(n).verbose_name) for n in ticks if ticks[n]]  # type: ignore[union-attr]
    note(
        entry.tournament,
        by,
        "entry_documents",
        _("Documents of %(p)s: %(d)s") % {"p": entry.person, "d": ", ".join(shown) or _("none")},
        entry=entry.pk,
    )
    return entry


@transaction.atomic
def decide(entry: Entry, status: str, reason: str, by) -> Entry:
    """The commission's decision: admitted (every check passed), refused (with a reason) or pending again.

    Admission makes the person an active participant; any other decision takes an active participant out
    (withdrawn, logged).
    """
    reason = reason.strip()
    entry = _locked(entry)
    permissions.check_admits(by, entry.tournament)  # 004 §5.3.1, §5.3.3: the commission decides
    _check_decision(status, reason)
    if status == entry.status and reason == entry.decision_reason:
        return entry
    if status == Entry.Status.ADMITTED:
        bad = admission.failed(verdicts_for(entry))
        if bad:
            raise AdmissionError(
                _("The entry cannot be admitted: %(c)s.")
                % {"c": "; ".join(f"{FAILURES[v.key]} ({cite(f'004 {v.clause}')})" for v in bad)}
            )
        unpaid, bars = signals.unpaid(entry.tournament)
        if bars and entry.person_id in unpaid:
            raise AdmissionError(unpaid_refusal())
    return _apply(entry, status, reason, by, log)


def unpaid_refusal() -> str:
    # Issue 34: the regulation's «unpaid_admission» = "refuse" (the fees app's setting).
    return _("The entry fee is not paid: the regulation admits only entries that have paid it.")


def _check_decision(status: str, reason: str) -> None:
    if status not in Entry.Status.values:
        raise AdmissionError(_("Choose a decision."))
    if status == Entry.Status.REFUSED and not reason.strip():
        raise AdmissionError(_("A refusal needs a reason."))


def _apply(entry: Entry, status: str, reason: str, by, note: Note, field: _Field | None = None) -> Entry:
    """The decision on an entry locked, checked and judged by the caller: the participant in or out, the
    decision saved, the change log."""
    if status == Entry.Status.ADMITTED:
        _activate(entry, by, note, field)
    else:
        _take_out(entry, by, reason or _("entry set to pending"), note)
    _save_decision(entry, status, reason, by)
    note(
        entry.tournament,
        by,
        "entry_decision",
        _("Entry of %(p)s: %(s)s") % {"p": entry.person, "s": entry.get_status_display()},
        reason=reason,
        entry=entry.pk,
        status=status,
    )
    return entry


@dataclass(frozen=True)
class BulkRefusal:
    """An entry a bulk decision could not take, and why: each failed check with its clause."""

    entry: Entry
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class BulkOutcome:
    decided: tuple[Entry, ...]
    refused: tuple[BulkRefusal, ...]


def decide_many(
    tournament: Tournament, entry_ids, status: str, reason: str, by, documents: dict[str, bool] | None = None
) -> BulkOutcome:
    """The commission's decision on many entries at once (issue 14 item 4): the documents ticked for all of
    them first (when given), then the decision for each — every check with its clause — so one entry that
    cannot be admitted refuses only itself (its savepoint). The refused ones come back with the failed
    checks (each with its clause) or the decision's own message.

    One transaction under the tournament's row lock (issue 28 §4: 120 entries took 15 s as 240 commits of
    ~27 queries each): the commission member and the tournament checked once, the entries locked and their
    people's disqualifications asked in one query each, the participants they have read at once, and the
    change log's lines written together with one bump of the version."""
    permissions.check_admits(by, tournament)  # 004 §5.3.1, §5.3.3
    _check_decision(status, reason)
    reason = reason.strip()
    decided: list[Entry] = []
    refused: list[BulkRefusal] = []
    with transaction.atomic():
        locked = _lock_open(tournament.pk)  # 004 §6.2.1: a finished tournament decides nothing
        entries = list(
            Entry.objects.select_for_update(of=("self",))
            .filter(tournament=locked, pk__in=list(entry_ids))
            .select_related("person", "partner", "team_entry")
        )
        for entry in entries:
            entry.tournament = locked
        checker = Checker(locked)
        checker.prefetch(entries)
        field = _Field(locked, entries)
        lines = _Lines()
        # 004 §5.3.1, §5.3.3: who may tick which document, asked once for the whole list
        allowed = {n for n in documents or () if permissions.may_tick_document(by, locked, n)}
        # Issue 34: the unpaid entries, asked once, when the regulation bars them (``unpaid_refusal``).
        unpaid, bars = signals.unpaid(locked) if status == Entry.Status.ADMITTED else (set(), False)
        for entry in sorted(entries, key=lambda e: e.number or 0):
            if documents and entry.status != Entry.Status.ADMITTED:
                # The documents seen are recorded whatever the decision then does (as one by one).
                entry = _tick(entry, by, documents, lines, allowed)
            if status == Entry.Status.ADMITTED:
                bad = admission.failed(checker.verdicts(entry))
                if bad:
                    reasons = tuple(f"{FAILURES[v.key]} ({cite(f'004 {v.clause}')})" for v in bad)
                    refused.append(BulkRefusal(entry, reasons))
                    continue
                if bars and entry.person_id in unpaid:
                    refused.append(BulkRefusal(entry, (unpaid_refusal(),)))
                    continue
            mine = _Lines()
            try:
                with transaction.atomic():  # a savepoint: a decision that fails leaves its entry as it was
                    if status != entry.status or reason != entry.decision_reason:
                        entry = _apply(entry, status, reason, by, mine, field)
            except AdmissionError as exc:
                refused.append(BulkRefusal(entry, (str(exc),)))
            else:
                decided.append(entry)
                lines.extend(mine)
        lines.save()
    return BulkOutcome(tuple(decided), tuple(refused))


class _Lines(list):
    """A bulk decision's change log: the lines of each entry kept until its savepoint holds, then written in
    one INSERT with one bump of the tournament's version (``log`` bumps it for every line)."""

    def __call__(self, tournament: Tournament, user, action: str, summary: str, reason: str = "", **data):
        self.append(
            AuditEntry(
                tournament=tournament,
                user=user if getattr(user, "is_authenticated", False) else None,
                action=action,
                summary=summary,
                reason=reason,
                data=data,
            )
        )

    def save(self) -> None:
        if self:
            AuditEntry.objects.bulk_create(self)
            bump_version(self[0].tournament_id)


class _Field:
    """What admitting many entries of one tournament reads once: whether it still takes participants, whether
    a draw has used the seeding numbers, and the participants its people already are."""

    def __init__(self, tournament: Tournament, entries: list[Entry]):
        self.accepts = accepts_participants(tournament)
        self.seeds_locked = bool(seed_locked_reason(Participant(tournament=tournament)))
        people = [e.person_id for e in entries]
        self.participants = {
            p.person_id: p for p in Participant.objects.filter(tournament=tournament, person_id__in=people)
        }


@transaction.atomic
def declare_invalid(entry: Entry, reason: str, by) -> Entry:
    """004 §5.1.4: an entry with false data is invalid, and the organiser refuses it."""
    reason = reason.strip()
    if not reason:
        raise AdmissionError(_("Say what is false in the entry."))
    entry = _locked(entry)
    permissions.check_admits(by, entry.tournament)  # 004 §5.3.1
    if entry.invalid:
        return entry
    _take_out(entry, by, reason)
    entry.invalid, entry.invalid_reason = True, reason
    refusal = _("invalid entry (%(rule)s): %(r)s") % {"r": reason, "rule": cite("004 §5.1.4")}
    _save_decision(entry, Entry.Status.REFUSED, refusal, by, "invalid", "invalid_reason")
    log(
        entry.tournament,
        by,
        "entry_invalid",
        _("Entry of %(p)s declared invalid (%(rule)s)") % {"p": entry.person, "rule": cite("004 §5.1.4")},
        reason=reason,
        entry=entry.pk,
    )
    return entry


@transaction.atomic
def declare_valid(entry: Entry, reason: str, by) -> Entry:
    """Lift a declaration of invalidity made in error; the entry is pending again, to be examined anew."""
    reason = reason.strip()
    if not reason:
        raise AdmissionError(_("A reason is required."))
    entry = _locked(entry)
    permissions.check_admits(by, entry.tournament)  # 004 §5.3.1
    if not entry.invalid:
        return entry
    entry.invalid, entry.invalid_reason = False, ""
    _save_decision(entry, Entry.Status.PENDING, "", by, "invalid", "invalid_reason")
    log(
        entry.tournament,
        by,
        "entry_valid",
        _("Entry of %(p)s is valid again; pending") % {"p": entry.person},
        reason=reason,
        entry=entry.pk,
    )
    return entry


def _save_decision(entry: Entry, status: str, reason: str, by, *also: str) -> None:
    """The decision with who took it and when; ``also`` names other fields the caller has changed."""
    entry.status, entry.decision_reason = status, reason
    entry.decided_by = by if getattr(by, "is_authenticated", False) else None
    entry.decided_at = timezone.now()
    entry.save(update_fields=["status", "decision_reason", "decided_by", "decided_at", *also])


def _activate(entry: Entry, by, note: Note = log, field: _Field | None = None) -> None:
    tournament, person = entry.tournament, entry.person
    if field is not None:
        participant = field.participants.get(person.pk)
    else:
        participant = Participant.objects.filter(tournament=tournament, person=person).first()
    if participant is not None and participant.status == Participant.Status.REMOVED:
        raise AdmissionError(
            _("%(p)s was removed from this tournament (%(rule)s).")
            % {
                "p": person,
                "rule": cite("004 §5.7.3"),
            }
        )
    joins = participant is None or participant.status != Participant.Status.ACTIVE
    accepts = field.accepts if field is not None else accepts_participants(tournament)
    if joins and not accepts:
        raise AdmissionError(_("Participants can no longer be added: the draw has started."))
    team = (
        Team.objects.get_or_create(tournament=tournament, name=entry.team_entry.name)[0]
        if entry.team_entry is not None
        else None
    )
    # What the protocols print about him comes from the entry the commission checked: this tournament's
    # data, never the shared record's (issue 25 item 3: an admission here changes no other tournament's
    # pages).
    coach = entry.coach or (entry.team_entry.representative if entry.team_entry is not None else "")
    sport: dict[str, object] = {
        "qualification": entry.qualification,
        "club": entry.club,
        "coach": coach,
        "organisation": entry.organisation,
        "region": entry.region,
    }
    # An imported seeding number or rating, while no draw has used the seeding numbers (issue 14 item 5).
    if entry.rating is not None:
        sport["rating"] = entry.rating
    if entry.seed is not None and not _seeds_locked(tournament, field):
        sport["seed"] = entry.seed
    if participant is None:
        participant = Participant.objects.create(
            tournament=tournament, person=person, team=team, partner=entry.partner, **sport
        )
        if field is not None:
            field.participants[person.pk] = participant
    else:
        if (
            joins
            or participant.team_id != getattr(team, "pk", None)
            or participant.partner_id != entry.partner_id
        ):
            participant.status, participant.team = Participant.Status.ACTIVE, team
            participant.partner = entry.partner  # 003 «Пары»
            participant.save(update_fields=["status", "team", "partner"])
        if any(getattr(participant, k) != v for k, v in sport.items()):
            for k, v in sport.items():
                setattr(participant, k, v)
            participant.save(update_fields=list(sport))
    # The commission has seen his documents and admits him: a record made by a public form is confirmed
    # with the data it has shown (issue 25 item 8).
    for someone in (person, entry.partner) if entry.partner is not None else (person,):
        confirm_person(someone, tournament, by)
    if joins:
        note(
            tournament,
            by,
            "participant",
            _("Participant admitted: %(p)s") % {"p": person},
            participant=participant.pk,
            entry=entry.pk,
        )


def _seeds_locked(tournament: Tournament, field: _Field | None) -> bool:
    if field is not None:
        return field.seeds_locked
    return bool(seed_locked_reason(Participant(tournament=tournament)))


def is_playing(participant: Participant) -> bool:
    """Drawn in a round of his tournament (a draft included): he has pairings, maybe results, to keep."""
    from_matches = participant.tournament.round_set.filter(
        models.Q(matches__player1=participant) | models.Q(matches__player2=participant)
    )
    return from_matches.exists()


def _take_out(entry: Entry, by, reason: str, note: Note = log) -> None:
    participant = Participant.objects.filter(
        tournament=entry.tournament, person=entry.person, status=Participant.Status.ACTIVE
    ).first()
    if participant is None:
        return
    if is_playing(participant):
        # Sending him back to review would take a playing participant out of his pairings and results: his
        # data are corrected on the participant's page, keeping him (and his results) the same participant.
        raise AdmissionError(
            _(
                "%(p)s is already playing in this tournament: his entry cannot go back to review. Correct "
                "his data on the participant's page, or withdraw him with a reason."
            )
            % {"p": participant}
        )
    participant.status = Participant.Status.WITHDRAWN
    participant.save(update_fields=["status"])
    note(
        entry.tournament,
        by,
        "withdraw",
        _("Participant withdrawn: %(p)s") % {"p": participant},
        reason=reason,
        participant=participant.pk,
        entry=entry.pk,
    )


@transaction.atomic
def bar_disqualified(
    tournament: Tournament, person: Person, reason: str, by, sanction: int | None = None
) -> list[str]:
    """004 §2.3.2: a disqualification in force on the first day of a tournament not yet started: the person is
    withdrawn from it and his entry is refused, with the clause. Returns what was done, for the judge's notes.
    (A draft round that pairs him is the caller's: the draw is above this app.) ``sanction``: its pk, kept in
    the log so that lifting it finds what it did (``reopen_barred``, 004 §5.7.4)."""
    _lock_open(tournament.pk)
    done: list[str] = []
    refusal = _("not admitted: %(r)s") % {"r": reason}
    # 003 «Пары»: a pair one of whose players is disqualified is barred as a whole.
    participant = Participant.objects.filter(
        models.Q(person=person) | models.Q(partner=person),
        tournament=tournament,
        status=Participant.Status.ACTIVE,
    ).first()
    if participant is not None:
        participant.status = Participant.Status.WITHDRAWN
        participant.save(update_fields=["status"])
        log(
            tournament,
            by,
            "withdraw",
            _("Participant withdrawn: %(p)s") % {"p": participant},
            reason=refusal,
            participant=participant.pk,
            clause="004 §2.3.2",
            sanction=sanction,
        )
        done.append(_("%(p)s withdrawn: %(r)s") % {"p": person, "r": reason})
    for entry in (
        Entry.objects.select_for_update()
        .filter(models.Q(person=person) | models.Q(partner=person), tournament=tournament)
        .exclude(status=Entry.Status.REFUSED)
    ):
        _save_decision(entry, Entry.Status.REFUSED, refusal, by)
        log(
            tournament,
            by,
            "entry_decision",
            _("Entry of %(p)s: %(s)s") % {"p": person, "s": entry.get_status_display()},
            reason=refusal,
            entry=entry.pk,
            status=Entry.Status.REFUSED,
            clause="004 §2.3.2",
            sanction=sanction,
        )
        done.append(_("entry of %(p)s refused: %(r)s") % {"p": person, "r": reason})
    return done


@transaction.atomic
def reopen_barred(tournament: Tournament, sanction: int, reason: str, by) -> list[str]:
    """004 §5.7.4: the disqualification ``sanction`` (its pk) is lifted: the entries ``bar_disqualified``
    refused because of it here go back to pending, for the commission to examine anew — those still refused
    with that refusal (one the commission has decided on since is left as it is). The caller says whether
    the tournament may still take them (not started, not finished). Returns the notes."""
    _lock_open(tournament.pk)
    notes: list[str] = []
    barred = tournament.audit.filter(
        action="entry_decision", data__sanction=sanction, data__status=Entry.Status.REFUSED
    )
    for row in barred.order_by("pk"):
        entry = (
            Entry.objects.select_for_update(of=("self",))
            .select_related("person")
            .filter(pk=row.data.get("entry"), tournament=tournament)
            .first()
        )
        if entry is None or entry.status != Entry.Status.REFUSED or entry.decision_reason != row.reason:
            continue
        _save_decision(entry, Entry.Status.PENDING, "", by)
        log(
            tournament,
            by,
            "entry_decision",
            _("Entry of %(p)s: %(s)s") % {"p": entry.person, "s": entry.get_status_display()},
            reason=reason,
            entry=entry.pk,
            status=Entry.Status.PENDING,
            clause="004 §5.7.4",
            sanction=sanction,
        )
        notes.append(_("entry of %(p)s pending again, for the commission") % {"p": entry.person})
    return notes
