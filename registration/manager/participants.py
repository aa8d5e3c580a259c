"""A participant's own data: identity fixes keep the participant and his results; seeding; documents."""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils.translation import gettext as _

from registration import permissions
from registration.manager.checks import direct_add_refusals
from registration.manager.errors import AdmissionError, _lock_open
from registration.models import (
    Entry,
    Participant,
    Person,
)
from tournaments.models import AuditEntry, Tournament, log

IDENTITY_FIELDS = ("surname", "name", "patronymic", "birth_date", "gender")
# The person's data the participant's page corrects: his identity, and this tournament's organisation and
# region (``Participant.organisation``, ``.region``).
PERSON_FIELDS = (*IDENTITY_FIELDS, "organisation", "region")
# What the federation's protocols print about him in this tournament (issue 15).
PARTICIPANT_FIELDS = ("qualification", "club", "coach")


def seed_locked_reason(participant: Participant) -> str:
    """Why the seeding number can no longer change: the first draw has used it; "" while it can."""
    return _seeds_locked_reason(participant.tournament)


def _seeds_locked_reason(tournament: Tournament) -> str:
    if tournament.round_set.exists():
        return _(
            "The first round has been drawn: the seeding numbers were used by the draw and stay as they are."
        )
    return ""


def corrects_the_record(participant: Participant, by) -> bool:
    """Whether a correction on this participant's page changes his shared record (issue 25 item 3): only
    when ``permissions.may_rewrite`` lets ``by`` (the person is in no tournament outside his powers, or he
    is a league official); else it is this tournament's data of him (``Participant.corrections``)."""
    person = participant.person
    theirs = permissions.tournaments_of_people([person.pk])[person.pk]
    return permissions.may_rewrite(permissions.Reach.of_user(by, permissions.DECIDERS), person, theirs)


@transaction.atomic
def edit_participant(participant: Participant, data: dict, by) -> list[str]:
    """Correct a participant's data (a name misspelt, a wrong date of birth, the sending organisation) and his
    seeding number, keeping the same participant and person, so his pairings and results stay his. Logged
    with what changed. Returns the names of the changed fields (empty: nothing to do).

    The identity (names, date of birth, gender) goes to the shared ``Person`` only when the official may
    rewrite it (``corrects_the_record``); otherwise, and always for the organisation and region, it is this
    tournament's data of the participant, printed by this tournament's pages, documents and API and nowhere
    else (issue 25 item 3). Refused when the corrected identity is another person's record (merging two
    people is not done here), when the seeding number has been used by a draw, and once the tournament is
    finished.
    """
    _lock_open(participant.tournament_id)
    participant = Participant.objects.select_for_update().select_related("person").get(pk=participant.pk)
    person, shown = participant.person, participant.data
    changed = [f for f in PERSON_FIELDS if f in data and getattr(shown, f) != data[f]]
    seed = data.get("seed", participant.seed)
    if seed != participant.seed:
        locked = seed_locked_reason(participant)
        if locked:
            raise AdmissionError(locked)
    values = {f: data.get(f, getattr(shown, f)) for f in IDENTITY_FIELDS}
    identity = {f: values[f] for f in ("surname", "name", "patronymic", "birth_date")}
    twin = Person.objects.filter(**identity).exclude(pk=person.pk).first()
    if twin is not None:
        raise AdmissionError(
            _("Another person is already registered with these name and date of birth (No. %(n)s): %(p)s.")
            % {"n": twin.pk, "p": twin.full_name}
        )
    before = {f: str(getattr(shown, f) or "") for f in changed}
    # A date typed by the secretary is a full date (the year-only flag of an imported file goes).
    year_only = shown.birth_year_only and "birth_date" not in changed
    record = "person"
    if any(f in IDENTITY_FIELDS for f in changed):
        if corrects_the_record(participant, by):
            for f in IDENTITY_FIELDS:
                setattr(person, f, values[f])
            person.birth_year_only = year_only
            person.save(update_fields=[*IDENTITY_FIELDS, "birth_year_only"])
            participant.corrections = {}
        else:
            record = "participant"
            theirs = {**values, "birth_year_only": year_only}
            participant.corrections = {
                f: (v.isoformat() if isinstance(v, datetime.date) else v)
                for f, v in theirs.items()
                if getattr(person, f) != v
            }
        participant.save(update_fields=["corrections"])
    fields = list(changed)
    own: list[str] = [f for f in ("organisation", "region") if f in changed]
    own += [f for f in PARTICIPANT_FIELDS if f in data and getattr(participant, f) != data[f]]
    for f in own:
        before.setdefault(f, str(getattr(participant, f) or ""))
        setattr(participant, f, data[f])
    if own:
        participant.save(update_fields=own)
        fields += [f for f in own if f not in fields]
    if seed != participant.seed:
        before["seed"] = str(participant.seed or "")
        participant.seed = seed
        participant.save(update_fields=["seed"])
        fields.append("seed")
    if any(f in ADMISSION_FIELDS for f in fields):
        _recheck_admission(participant, by)
    if fields:
        log(
            participant.tournament,
            by,
            "participant_edit",
            _("Participant's data corrected: %(p)s (%(f)s)") % {"p": participant, "f": ", ".join(fields)},
            participant=participant.pk,
            before=before,
            record=record,
        )
    return fields


# The data the admission's person checks read (004 §2.1, §2.2.2, §2.3.1): a correction of one re-runs them.
ADMISSION_FIELDS = ("birth_date", "gender", "region")


def _recheck_admission(participant: Participant, by) -> None:
    """004 §2.3.1, §5.3.1: a correction re-runs the admission's person checks on the corrected data; what
    fails now is put before the admission commission (``Participant.admission_doubts``, the log, the
    participants page) and the draw waits for its decision (``keep_admitted`` or a withdrawal)."""
    shown = participant.data
    doubts = direct_add_refusals(
        participant.tournament,
        person=participant.person,
        birth_date=shown.birth_date,
        gender=shown.gender or "",
        region=participant.region or shown.region,
    )
    if doubts == participant.admission_doubts:
        return
    participant.admission_doubts = doubts
    participant.save(update_fields=["admission_doubts"])
    if doubts:
        log(
            participant.tournament,
            by,
            "admission_doubt",
            _("After a correction %(p)s no longer passes the admission: %(d)s. The commission decides.")
            % {"p": participant, "d": "; ".join(doubts)},
            participant=participant.pk,
            clause="004 §2.3.1, §5.3.1",
        )


@transaction.atomic
def keep_admitted(participant: Participant, reason: str, by) -> None:
    """The admission commission (004 §5.3.1) decides that a participant whose corrected data failed a check
    plays on, with its reason (logged); the draw pairs him again. Withdrawing him is the other answer."""
    tournament = _lock_open(participant.tournament_id)
    permissions.check_admits(by, tournament)  # 004 §5.3.1
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    reason = " ".join((reason or "").split())
    if not reason:
        raise AdmissionError(_("Give the commission's reason for keeping him admitted."))
    if not participant.admission_doubts:
        return
    doubts, participant.admission_doubts = participant.admission_doubts, []
    participant.save(update_fields=["admission_doubts"])
    log(
        tournament,
        by,
        "admission_kept",
        _("%(p)s kept admitted by the commission despite: %(d)s")
        % {"p": participant, "d": "; ".join(doubts)},
        participant=participant.pk,
        reason=reason,
        clause="004 §5.3.1",
    )


@transaction.atomic
def record_agreement(participant: Participant, number: str, date, by) -> None:
    """The admission commission records a participant's participation agreement (004 §2.2.3, §5.1.5): its
    number and date; logged. Refused (nothing changed) without both, or where the regulation provides for
    none."""
    tournament = _lock_open(participant.tournament_id)
    permissions.check_admits(by, tournament)  # 004 §5.3.1: the commission's
    number = " ".join((number or "").split())
    if not tournament.participation_agreement:
        raise AdmissionError(_("The regulation provides for no participation agreement (004 §5.1.5)."))
    if not number or date is None:
        raise AdmissionError(_("Give the agreement's number and date."))
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    participant.agreement_number, participant.agreement_date = number, date
    participant.save(update_fields=["agreement_number", "agreement_date"])
    log(
        tournament,
        by,
        "agreement",
        _("Participation agreement of %(p)s: No. %(n)s of %(d)s")
        % {"p": participant, "n": number, "d": f"{date:%d.%m.%Y}"},
        participant=participant.pk,
        clause="004 §2.2.3, §5.1.5",
    )


SEED_ORDERS = ("rating", "list")


@transaction.atomic
def seed_participants(tournament: Tournament, order: str, by) -> int:
    """Number the active participants 1…N at once (issue 14 item 5): ``rating`` — the highest rating first
    (those without one after them, in list order); ``list`` — the order of the list: entries by their
    number, then the participants added without an entry in the order they were added. Refused once a draw
    has used the seeding numbers. Logged. Returns how many were numbered."""
    if order not in SEED_ORDERS:
        raise AdmissionError(_("Choose how to seed."))
    t = _lock_open(tournament.pk)
    if t.round_set.exists():
        raise AdmissionError(_seeds_locked_reason(t))
    numbers = dict(t.entries.values_list("person_id", "number"))
    active = list(t.participants.filter(status=Participant.Status.ACTIVE).select_related("person"))

    def list_key(p: Participant):
        number = numbers.get(p.person_id)
        return (number is None, number or 0, p.pk)

    if order == "rating":
        active.sort(key=lambda p: (p.rating is None, -(p.rating or 0), list_key(p)))
    else:
        active.sort(key=list_key)
    for i, p in enumerate(active, start=1):
        p.seed = i
    Participant.objects.bulk_update(active, ["seed"])
    label = _("by rating") if order == "rating" else _("by list order")
    log(t, by, "seeding", _("Seeding numbers 1–%(n)s given %(how)s") % {"n": len(active), "how": label})
    return len(active)


@transaction.atomic
def check_documents(participant: Participant, by, *, identity: bool, medical: bool, insurance: bool) -> None:
    """The admission commission has seen the documents of a participant added without an entry (004 §2.3.3,
    §2.5.1). All three are needed; until then the draw refuses to pair him."""
    permissions.check_admits(by, _lock_open(participant.tournament_id))  # 004 §5.3.1
    participant = Participant.objects.select_for_update().get(pk=participant.pk)
    if not (identity and medical and insurance):
        raise AdmissionError(
            _(
                "Tick all three: identity document, medical clearance and insurance policy "
                "(004 §2.3.3, §2.5.1)."
            )
        )
    if participant.documents_checked:
        return
    participant.documents_checked = True
    participant.save(update_fields=["documents_checked"])
    log(
        participant.tournament,
        by,
        "participant_documents",
        _("Documents of %(p)s checked by the admission commission") % {"p": participant},
        participant=participant.pk,
        clause="004 §2.3.3, §2.5.1",
    )


def history(entry: Entry):
    """What the change log holds about this entry, newest first."""
    return AuditEntry.objects.filter(tournament_id=entry.tournament_id, data__entry=entry.pk).select_related(
        "user__person"
    )
