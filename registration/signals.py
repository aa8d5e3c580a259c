"""What registration asks the apps above it (they connect in their ``AppConfig.ready``; registration imports
none of them).

``disqualifications_asked``: the disqualifications of a person in force on a day (004 §2.3.2) that reach a
tournament. The judging app records them as sanctions and answers with one line of text each (what, from
when to when, the clause); the admission checks refuse the entry while any is in force. Which reach the
tournament is judging's one rule (``judging.disqualification.reaches``, issue 25 item 3).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import cast

from django.dispatch import Signal

# sender=Person; person, on (a date), tournament (the one asking, or None: wherever given). Each receiver
# returns a list of descriptions (str).
disqualifications_asked = Signal()


def disqualifications(person, on: datetime.date, tournament=None) -> tuple[str, ...]:
    """Every description the receivers give, in their order."""
    out: list[str] = []
    for _receiver, answer in disqualifications_asked.send(
        sender=type(person), person=person, on=on, tournament=tournament
    ):
        out.extend(answer or ())
    return tuple(out)


# sender=Person; people (person ids), on (a date). Each receiver returns the ids among them who MAY have a
# disqualification in force that day (one query for a whole list; ``disqualifications`` then asks for those).
disqualified_people_asked = Signal()


def maybe_disqualified(people: list[int], on: datetime.date) -> set[int]:
    """The people of the list any receiver says may be disqualified on ``on``: one question for a whole list
    (issue 17: the entries list asked once per entry)."""
    out: set[int] = set()
    for _receiver, answer in disqualified_people_asked.send(sender=None, people=people, on=on):
        # The stubs type every receiver's answer as str; these receivers answer with person ids.
        out.update(cast(Iterable[int], answer or ()))
    return out


# sender=Person; person, on (a date). The federation's register answers with why the person's judging
# category does not hold on that day (lapsed on …, or none registered), or nothing when it holds or the
# register knows nothing of him (issue 31 §1): accrediting such an official asks for a reason, logged.
judge_category_asked = Signal()


def judge_category_lapsed(person, on: datetime.date) -> str:
    """The register's word that the person's judging category has lapsed on ``on`` ("" when it holds)."""
    for _receiver, answer in judge_category_asked.send(sender=type(person), person=person, on=on):
        if answer:
            return str(answer)
    return ""


# sender=Tournament; tournament. The fees app (issue 34) answers with the people whose entry fee is not paid
# in full and whether the regulation bars them from admission (``unpaid_admission`` = "refuse"); by default
# the commission sees «не оплачено» on the entries list and decides.
unpaid_asked = Signal()


def unpaid(tournament) -> tuple[set[int], bool]:
    """(the people of the tournament whose fee is unpaid, whether an unpaid entry may not be admitted)."""
    people: set[int] = set()
    bars = False
    for _receiver, answer in unpaid_asked.send(sender=type(tournament), tournament=tournament):
        if answer:
            found, refuse = cast(tuple[set[int], bool], answer)
            people |= found
            bars = bars or refuse
    return people, bars


# sender=Tournament; tournament. The fees app (issue 34) answers with the entry fee as the entry form prints
# it ("" when the tournament charges none: 004 §5.2.1, the League's own events charge no fee).
fee_asked = Signal()


def fee_text(tournament) -> str:
    for _receiver, answer in fee_asked.send(sender=type(tournament), tournament=tournament):
        if answer:
            return str(answer)
    return ""
