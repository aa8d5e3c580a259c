"""The judging app's one user error."""


class JudgingError(Exception):
    """A user error: expected, translated, shown to the person who asked; nothing was changed."""
