"""A password validator that knows the person behind an account (issue 13, low): no password made of the
user's own date of birth, nor of the words anybody would try first on this site."""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from registration.models import Person

GUESSABLE = {"nardy", "нарды", "backgammon", "шешбеш", "sheshbesh", "tournament", "турнир", "demo"}


def _date_forms(day) -> set[str]:
    d, m, y = f"{day.day:02d}", f"{day.month:02d}", f"{day.year:04d}"
    return {d + m + y, y + m + d, d + m + y[2:], m + d + y, y[2:] + m + d}


class PersonalDataValidator:
    """Refuses a password that holds the user's own date of birth (in any usual order, with or without
    separators), or is a guessable word of this site with at most a few digits around it."""

    def validate(self, password: str, user=None) -> None:
        digits = re.sub(r"\D", "", password)
        person = Person.objects.filter(user=user).first() if getattr(user, "pk", None) else None
        if person is not None and person.birth_date is not None:
            if any(form in digits for form in _date_forms(person.birth_date)):
                raise ValidationError(
                    _("The password must not contain your date of birth."), code="birth_date"
                )
        bare = re.sub(r"[\d\W_]+", "", password.casefold())
        if bare in GUESSABLE and len(password) - len(bare) <= 6:
            raise ValidationError(_("This password is too easy to guess."), code="guessable")

    def get_help_text(self) -> str:
        return _("Your password must not contain your date of birth or be a word of this site.")
