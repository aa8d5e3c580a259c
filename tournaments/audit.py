"""The change log in words (issue 28 §6): what each action code means, and who a change's author is.

The log stores a short code per change (``log(t, user, "result", …)``); its pages and the admin show these
words instead, and the author by his name, not his login. A code missing here shows as itself with its
underscores as spaces; ``tests/tournaments/test_audit_words.py`` finds every code the code base logs and
fails on one without its words.
"""

from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist
from django.utils.translation import pgettext_lazy

ACTIONS = {
    "absence": pgettext_lazy("change log", "absence from a round"),
    "accreditation": pgettext_lazy("change log", "accreditation of an official"),
    "admission_doubt": pgettext_lazy("change log", "admission in doubt"),
    "admission_kept": pgettext_lazy("change log", "admission kept"),
    "agreement": pgettext_lazy("change log", "participation agreement"),
    "board_order": pgettext_lazy("change log", "board order"),
    "cancel": pgettext_lazy("change log", "tournament cancelled"),
    "checkin_all": pgettext_lazy("change log", "everyone checked in"),
    "checkin_cancelled": pgettext_lazy("change log", "check-in cancelled"),
    "checkin_link_revoked": pgettext_lazy("change log", "check-in link revoked"),
    "competition": pgettext_lazy("change log", "competition"),
    "create": pgettext_lazy("change log", "tournament created"),
    "fee_member": pgettext_lazy("change log", "federation membership for the fee"),
    "fee_paid": pgettext_lazy("change log", "entry fee paid"),
    "fee_refund": pgettext_lazy("change log", "entry fee refunded"),
    "fee_schedule": pgettext_lazy("change log", "fees and prizes set"),
    "decider": pgettext_lazy("change log", "decisive match"),
    "dice_replacement": pgettext_lazy("change log", "dice replaced"),
    "disqualified_elsewhere": pgettext_lazy("change log", "disqualified in another event"),
    "draw": pgettext_lazy("change log", "draw"),
    "drop": pgettext_lazy("change log", "draft dropped"),
    "entries_import": pgettext_lazy("change log", "entries imported"),
    "entry": pgettext_lazy("change log", "entry"),
    "entry_changed": pgettext_lazy("change log", "entry corrected"),
    "entry_decision": pgettext_lazy("change log", "admission decision"),
    "entry_documents": pgettext_lazy("change log", "entry's documents"),
    "entry_duplicate": pgettext_lazy("change log", "repeated entry"),
    "entry_invalid": pgettext_lazy("change log", "entry declared invalid"),
    "entry_valid": pgettext_lazy("change log", "entry declared valid"),
    "equipment": pgettext_lazy("change log", "equipment"),
    "finish": pgettext_lazy("change log", "tournament finished"),
    "group_tie": pgettext_lazy("change log", "tie in a group"),
    "import": pgettext_lazy("change log", "tournament imported"),
    "judges_evaluation": pgettext_lazy("change log", "evaluation of the judges"),
    "late_arrival": pgettext_lazy("change log", "late arrival"),
    "lineup": pgettext_lazy("change log", "line-up"),
    "link_revoked": pgettext_lazy("change log", "match link revoked"),
    "match_note": pgettext_lazy("change log", "note on a match protocol"),
    "official": pgettext_lazy("change log", "official"),
    "official_removed": pgettext_lazy("change log", "official removed"),
    "participant": pgettext_lazy("change log", "participant"),
    "participant_documents": pgettext_lazy("change log", "participant's documents"),
    "participant_edit": pgettext_lazy("change log", "participant's data"),
    "person_confirmed": pgettext_lazy("change log", "person confirmed"),
    "persons_merged": pgettext_lazy("change log", "persons merged"),
    "protest": pgettext_lazy("change log", "protest"),
    "protest_decision": pgettext_lazy("change log", "decision on a protest"),
    "protest_review": pgettext_lazy("change log", "protest accepted or refused"),
    "protocol": pgettext_lazy("change log", "match protocol"),
    "publish": pgettext_lazy("change log", "round published"),
    "rank_norms": pgettext_lazy("change log", "rank norms"),
    "record": pgettext_lazy("change log", "game record"),
    "record_verdict": pgettext_lazy("change log", "game record checked"),
    "reflow": pgettext_lazy("change log", "bracket re-flowed"),
    "registration_settings": pgettext_lazy("change log", "registration settings"),
    "removal_proposal": pgettext_lazy("change log", "decision on a proposed removal"),
    "removal_proposed": pgettext_lazy("change log", "removal proposed"),
    "reopen": pgettext_lazy("change log", "tournament reopened"),
    "report": pgettext_lazy("change log", "chief judge's report"),
    "result": pgettext_lazy("change log", "result"),
    "review_keep": pgettext_lazy("change log", "pairings kept"),
    "round_length": pgettext_lazy("change log", "match length of a round"),
    "round_order": pgettext_lazy("change log", "order of rounds"),
    "rounds": pgettext_lazy("change log", "number of rounds"),
    "ruling": pgettext_lazy("change log", "judges' ruling"),
    "sanction": pgettext_lazy("change log", "sanction"),
    "sanction_lifted": pgettext_lazy("change log", "sanction lifted"),
    "schedule": pgettext_lazy("change log", "schedule"),
    "seed_by_rating_list": pgettext_lazy("change log", "seeded by the rating list"),
    "seeding": pgettext_lazy("change log", "seeding numbers"),
    "settings": pgettext_lazy("change log", "settings"),
    "start": pgettext_lazy("change log", "round started"),
    "swap": pgettext_lazy("change log", "players swapped"),
    "team_entry": pgettext_lazy("change log", "team entry"),
    "team_removed": pgettext_lazy("change log", "team removed"),
    "team_sanction": pgettext_lazy("change log", "sanction on a team"),
    "withdraw": pgettext_lazy("change log", "withdrawal"),
}


def action_label(code: str) -> str:
    """The words for an action code of the change log."""
    return str(ACTIONS.get(code, code.replace("_", " ")))


def author(user) -> str:
    """Who made a change, as people call him: the person the account belongs to (surname, name), else the
    account's full name, else its login; "—" for the system (the finality task, an anonymous form)."""
    if user is None:
        return "—"
    try:
        person = user.person  # registration's Person (a lower app may not import it: read by name)
    except ObjectDoesNotExist:
        person = None
    if person is not None:
        return person.full_name
    return user.get_full_name() or user.get_username()
