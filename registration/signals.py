"""What registration asks the apps above it (they connect in their ``AppConfig.ready``; registration imports
none of them).

``disqualifications_asked``: the disqualifications of a person in force on a day (004 §2.3.2). The judging app
records them as sanctions and answers with one line of text each (what, from when to when, the clause); the
admission checks refuse the entry while any is in force.
"""

from __future__ import annotations

import datetime

from django.dispatch import Signal

# sender=Person; person, on (a date). Each receiver returns a list of descriptions (str).
disqualifications_asked = Signal()


def disqualifications(person, on: datetime.date) -> tuple[str, ...]:
    """Every description the receivers give, in their order."""
    out: list[str] = []
    for _receiver, answer in disqualifications_asked.send(sender=type(person), person=person, on=on):
        out.extend(answer or ())
    return tuple(out)
