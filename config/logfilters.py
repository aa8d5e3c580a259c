"""Log filters: a refused request is one line, not a traceback (issue 13, low)."""

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
