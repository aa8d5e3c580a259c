"""Between the models and the pure admission checks, and the commission's decisions.

Reads a tournament's regulation and an entry into ``admission.Regulation`` / ``admission.Applicant``, turns
the verdicts into rows a page can show, and changes entries: documents, decisions, invalidity. Every change
is one transaction, logged in the tournament's change log, and keeps one rule: the person of an admitted
entry is an active ``Participant`` (the draw's input), the person of any other entry is not.

One module per concern (issue 26 part 4); this package's names are the app's API: ``from registration
import manager`` then ``manager.decide(...)``.
"""

from registration.manager.checks import (  # noqa: F401
    DIRECT_ADD_CHECKS,
    FAILURES,
    Checker,
    CheckRow,
    applicant_of,
    check_rows,
    describe,
    direct_add_refusals,
    regulation_of,
    verdicts_for,
)
from registration.manager.decisions import (  # noqa: F401
    BulkOutcome,
    BulkRefusal,
    bar_disqualified,
    decide,
    decide_many,
    declare_invalid,
    declare_valid,
    is_playing,
    record_documents,
    reopen_barred,
)
from registration.manager.entries import (  # noqa: F401
    contacts_of,
    team_entry_for,
)
from registration.manager.errors import AdmissionError, lock_open  # noqa: F401
from registration.manager.officials import (  # noqa: F401
    accredit,
    official_refusal,
    register_official,
    remove_official,
)
from registration.manager.participants import (  # noqa: F401
    ADMISSION_FIELDS,
    IDENTITY_FIELDS,
    PARTICIPANT_FIELDS,
    PERSON_FIELDS,
    SEED_ORDERS,
    check_documents,
    corrects_the_record,
    edit_participant,
    history,
    keep_admitted,
    record_agreement,
    seed_locked_reason,
    seed_participants,
)
from registration.manager.people import (  # noqa: F401
    Identity,
    PeopleLookup,
    account_person,
    clean_name,
    confirm_person,
    find_person,
    may_be_same,
    person_for,
)
from registration.manager.protocol import (  # noqa: F401
    ProtocolOfficial,
    ProtocolParticipant,
    ProtocolRefusal,
    RegistrationProtocol,
    registration_protocol_data,
)
from registration.manager.twins import (  # noqa: F401
    PersonCard,
    TwinPair,
    merge_persons,
    person_cards,
    twin_pairs,
    twins_of,
)
