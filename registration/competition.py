"""One registry for a competition of several events (004 §1.2, §5.1.3 item 2): one entry naming the events,
one admission per person.

The entry form is the personal one (``EntryForm``) filled once: an entry is made in every event chosen, each
naming all the chosen disciplines (§5.1.3 item 2). The admission commission sees the person's documents once
(``admit_person``): the ticks go to every entry of his, then each event decides by its own checks (gender
group, age limits, discipline criteria); an event whose check fails refuses with the reason, the others
admit. Team and pairs events keep their own forms (they need a team or a partner).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from registration import manager
from registration.forms import EntryForm, log_entry_received
from registration.models import Entry, Person, RegistrationSettings, Source
from registration.permissions import is_panel, may_manage_competition
from tournaments.models import Competition, Tournament
from tournaments.rules import cite


def entry_events(competition: Competition) -> list[Tournament]:
    """The events one personal entry form can enter: the competition's personal and personal-team events
    that still take entries (not pairs: a pair enters on its event's own form)."""
    return [
        t
        for t in competition.events.order_by("discipline", "gender_group", "pk")
        if t.takes_personal_entries and not t.is_pairs and t.status == Tournament.Status.DRAFT
    ]


def open_events(competition: Competition) -> list[Tournament]:
    """The events of the one entry form that take entries on the site now (issue 28 §3): each by its own
    registration settings (opened on the site, before its deadline, still taking participants)."""
    now = timezone.now()
    return [t for t in entry_events(competition) if RegistrationSettings.of(t).accepts_self_registration(now)]


class CompetitionEntryError(Exception):
    """A user error: translated, shown on the form."""


def enter_events(
    competition: Competition, data: dict, events: list[Tournament], user, *, public: bool = False
) -> list[Entry]:
    """One person's entry in each of ``events`` from one form's ``data`` (all or nothing). ``public``: sent
    on the site by anybody (the events' public forms' rules: an unconfirmed person, a second entry for a
    person not saved and told to nobody but the commission, issue 13 item 2)."""
    if not events:
        raise CompetitionEntryError(_("Choose at least one event."))
    codes = sorted({t.discipline for t in events})
    errors: list[str] = []
    forms = []
    for t in events:
        form = EntryForm({**data, "disciplines": codes}, tournament=t, public=public)
        if not form.is_valid():
            for field, messages in form.errors.items():
                label = form.fields[field].label if field in form.fields else ""
                errors += [f"{t.name}: {label + ': ' if label else ''}{m}" for m in messages]
        forms.append(form)
    if errors:
        raise CompetitionEntryError(" ".join(dict.fromkeys(errors)))
    with transaction.atomic():
        saved = [form.save(source=Source.SELF if public else Source.SECRETARY, user=user) for form in forms]
        if public:
            for entry in saved:
                if entry is not None:
                    log_entry_received(entry, user)
    # Only a public form's save answers None (a duplicate it logs); the secretary's saves every entry.
    return [entry for entry in saved if entry is not None]


def move_refusal(user, tournament: Tournament, competition: Competition | None) -> str:
    """THE rule for putting an event into a competition, taking it out or moving it (issue 28 §3), called by
    every path that does (the tournament form's «competition» when creating or changing an event, the
    competition's page): "" when allowed, else the reason. One panel serves all the events of a competition
    and its entries are one registry (004 §1.2): so the event's panel (``is_panel``) and the competition's
    (``may_manage_competition``) must both be his, and the event must not have started — its officials,
    entries and sanctions are then fixed where they are. A new event (no pk yet) has no panel but its
    creator, who becomes its chief secretary."""
    old = tournament.competition if tournament.competition_id else None
    if old == competition:
        return ""
    rule = cite("004 §1.2")
    if tournament.pk is not None:
        if not is_panel(user, tournament):
            return _(
                "Only the event's judging panel (the chief judge, the chief secretary and their deputies) "
                "puts it into a competition or takes it out (%(rule)s)."
            ) % {"rule": rule}
        if tournament.status != Tournament.Status.DRAFT:
            started = _("The event has started: its competition can no longer change (%(rule)s).")
            return started % {"rule": rule}
    for c in (old, competition):
        if c is not None and not may_manage_competition(user, c):
            return _("Only the judging panel of «%(c)s» adds events to it or takes them out (%(rule)s).") % {
                "c": c.name,
                "rule": rule,
            }
    if competition is not None and competition.is_finished:
        return _("The competition «%(c)s» is finished.") % {"c": competition.name}
    return ""


@dataclass(frozen=True)
class Outcome:
    event: Tournament
    entry: Entry
    admitted: bool
    reason: str = ""


def admit_person(
    competition: Competition, person: Person, by, *, identity: bool, medical: bool, insurance: bool
) -> list[Outcome]:
    """004 §5.3.2 once per person: the documents seen once count in every event; each event then admits by
    its own checks or refuses with their reasons."""
    out = []
    entries = Entry.objects.filter(tournament__competition=competition, person=person).select_related(
        "tournament"
    )
    for entry in entries.exclude(status=Entry.Status.REFUSED):
        entry = manager.record_documents(
            entry, by, has_identity_document=identity, has_medical_clearance=medical, has_insurance=insurance
        )
        if entry.status == Entry.Status.ADMITTED:
            out.append(Outcome(entry.tournament, entry, True))
            continue
        failed = [row for row in manager.check_rows(entry) if not row.passed]
        if failed:
            reason = "; ".join(
                f"{row.title} ({row.clause})" + (f": {row.detail}" if row.detail else "") for row in failed
            )
            if any(row.kind == "document" for row in failed):
                out.append(Outcome(entry.tournament, entry, False, reason))  # pending until the documents
                continue
            entry = manager.decide(entry, Entry.Status.REFUSED, reason, by)
            out.append(Outcome(entry.tournament, entry, False, reason))
            continue
        # The decided entry (its status now): the page says «допущен», not the status it had before.
        entry = manager.decide(entry, Entry.Status.ADMITTED, "", by)
        out.append(Outcome(entry.tournament, entry, True))
    return out
