"""Sane ranges for every date a person types (issue 13 item 5).

A deadline typed as «01.01.0001» is a valid Python date, but PostgreSQL hands it back shifted into year 0 when
read in UTC and every page that reads it fails. Forms (model forms take these from the model fields), the
imports (through the same forms) and the admin refuse dates outside 1900–2100 with a clear message.
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
