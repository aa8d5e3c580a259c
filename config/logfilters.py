"""Log filters: a refused request is one line, not a traceback (issue 13, low; issue 25 item 14)."""

from __future__ import annotations

import logging


class OneLineForbidden(logging.Filter):
    """Django logs every PermissionDenied with its traceback; a 403 is expected, so keep the one line
    ("Forbidden (Permission denied): /t/1/officials/") and drop the traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) == 403:
            record.exc_info = None
            record.exc_text = None
        return True


class OneLineRefusedHost(logging.Filter):
    """Django logs a request with a Host not in ``ALLOWED_HOSTS`` (``django.security.DisallowedHost``,
    answered 400) with its traceback: every scanner's wrong Host filled the log. Keep the one line ("Invalid
    HTTP_HOST header: 'evil.example.org'. …", the host quoted with repr, so no newline from it) and drop
    the traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info = None
        record.exc_text = None
        record.stack_info = None
        return True
