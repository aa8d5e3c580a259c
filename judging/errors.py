"""The judging app's one user error."""


class JudgingError(Exception):
    """A user error: expected, translated, shown to the person who asked; nothing was changed."""


class AlreadyFiled(JudgingError):
    """The protest exists already (a double click, or filed before): ``protest`` is the one filed."""

    def __init__(self, message: str, protest):
        super().__init__(message)
        self.protest = protest


class AlreadyApplied(JudgingError):
    """The same sanction form was sent twice (a double click): ``sanction`` is the one recorded."""

    def __init__(self, message: str, sanction):
        super().__init__(message)
        self.sanction = sanction


class TeamAlreadyApplied(JudgingError):
    """The same team sanction form was sent twice: ``sanction`` is the one recorded."""

    def __init__(self, message: str, sanction):
        super().__init__(message)
        self.sanction = sanction
