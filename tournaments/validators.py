"""Sane ranges for every date a person types (issue 13 item 5) and every id a request sends (issue 25,
item 10).

A deadline typed as «01.01.0001» is a valid Python date, but PostgreSQL hands it back shifted into year 0 when
read in UTC and every page that reads it fails. Forms (model forms take these from the model fields), the
imports (through the same forms) and the admin refuse dates outside 1900–2100 with a clear message.

An id of 10^30 is a valid Python integer, but SQLite cannot bind it (``OverflowError``) and PostgreSQL's
bigint cannot hold it: the views read the ids and numbers a request sends (a form field, a row of a JSON
submit) through ``sane_int``, which gives None for anything a database column could not hold.
"""

from __future__ import annotations

import datetime

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

FIRST_YEAR = 1900
LAST_YEAR = 2100


def sane_date(value: datetime.date | datetime.datetime | None) -> None:
    """A date or a date and time between 1900 and 2100 (the years the system has any use for)."""
    if value is not None and not FIRST_YEAR <= value.year <= LAST_YEAR:
        raise ValidationError(
            _("Check the date: it must be between %(a)s and %(b)s."),
            code="date_range",
            params={"a": FIRST_YEAR, "b": LAST_YEAR},
        )


# The widest integer column (BigAutoField; SQLite's INTEGER is the same signed 64 bits).
DB_INT_MIN, DB_INT_MAX = -(2**63), 2**63 - 1


def sane_int(value: object) -> int | None:
    """The integer a request sent (a field's text, a JSON number), or None when it is not one a database
    column can hold: not a whole number (a bool, a float, a list, "7a") or outside the signed 64-bit range.
    The callers treat None as "no such id": a 404 or a clear message, never a 500 (issue 25 item 10)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        text = value.strip()
        if len(text) > 20:  # no 64-bit number is longer (and int() of 5,000 digits raises on its own)
            return None
        try:
            value = int(text)
        except ValueError:
            return None
    if not isinstance(value, int):
        return None
    return value if DB_INT_MIN <= value <= DB_INT_MAX else None
