"""``python -m draw.pairing``: one JSON request on stdin, one JSON answer on stdout.

Exit 0: the answer on stdout. Exit 1: no valid pairing, ``{"error": ..., "kind": "no_valid_pairing"}``
on stdout. Exit 2: a malformed or too large request (invalid UTF-8 or JSON, NaN, a number, string,
nesting or size over the limits, or a :class:`BadRequest`), ``{"error": ..., "kind": "bad_request"}``
on stdout and the message on stderr. Exit 3: an internal error (a bug), ``{"error": ...,
"kind": "internal"}``. Never a traceback. The limits are in ``README.md`` ("Limits").
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any

from .api import handle
from .errors import BadRequest, NoValidPairing

# Read before parsing: the raw request (a 20,000-player Swiss round after 20 rounds is about 6 MiB).
MAX_REQUEST_BYTES = 16 * 2**20
# "{" and "[" in the raw text (inside strings too): 16 MiB of "{}," would be 5.6 million objects
# and 430 MiB once parsed; a 20,000-player Swiss request has about 40,000.
MAX_CONTAINERS = 100_000
# Parsed: nesting depth (a Swiss request is 4 deep), string length, integer and float magnitude
# (seeds are 64-bit; the engines set tighter limits on points, counts and ids).
MAX_DEPTH = 16
MAX_STRING = 1_000
MAX_INTEGER = 2**63 - 1
MAX_FLOAT = 1e15


def _reject_constant(name: str) -> Any:
    raise BadRequest(f"{name} is not a JSON number")


def _check_unicode(text: str) -> None:
    """JSON's "\\ud800" escape gives a lone surrogate: no Unicode text, it could be neither compared nor
    written back (it ended in a traceback)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        code = f"U+{ord(text[e.start]):04X}"
        raise BadRequest(f"a string holds a lone surrogate ({code}): not Unicode text") from None


def check_json_value(value: Any) -> None:
    """Bound a parsed request: depth, string length, finite numbers of bounded magnitude.

    Raises :class:`BadRequest` naming the first offending value. Iterative (no recursion).
    """
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BadRequest(f"the request is nested more than {MAX_DEPTH} levels deep")
        if isinstance(v, dict):
            for k, x in v.items():
                if len(k) > MAX_STRING:
                    raise BadRequest(f"a key is longer than {MAX_STRING} characters")
                _check_unicode(k)
                stack.append((x, depth + 1))
        elif isinstance(v, list):
            stack.extend((x, depth + 1) for x in v)
        elif isinstance(v, str):
            if len(v) > MAX_STRING:
                raise BadRequest(f"a string is longer than {MAX_STRING} characters")
            _check_unicode(v)
        elif isinstance(v, bool) or v is None:
            continue
        elif isinstance(v, int):
            if abs(v) > MAX_INTEGER:
                raise BadRequest(f"an integer is larger than 2^63 - 1 in magnitude: {str(v)[:20]}...")
        elif isinstance(v, float):
            if not math.isfinite(v) or abs(v) > MAX_FLOAT:
                raise BadRequest(f"a number is not finite or larger than {MAX_FLOAT:g}: {v!r}")


def read_request(raw: bytes) -> Any:
    """Decode, parse and bound one request (:class:`BadRequest` on any problem)."""
    if len(raw) > MAX_REQUEST_BYTES:
        raise BadRequest(f"the request is larger than {MAX_REQUEST_BYTES // 2**20} MiB")
    if raw.count(b"{") + raw.count(b"[") > MAX_CONTAINERS:
        raise BadRequest(f"the request has more than {MAX_CONTAINERS} objects and lists")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadRequest(f"the request is not valid UTF-8 (byte {e.start})") from None
    try:
        request = json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise BadRequest(f"the request is nested more than {MAX_DEPTH} levels deep") from None
    except json.JSONDecodeError as e:
        raise BadRequest(f"invalid JSON: {e}") from None
    except ValueError as e:  # e.g. an integer of more than 4300 digits
        raise BadRequest(f"invalid JSON: {e}") from None
    check_json_value(request)
    return request


def _emit(answer: dict, code: int, message: str | None = None) -> int:
    try:
        text = json.dumps(answer, ensure_ascii=False)
        text.encode("utf-8")
    except UnicodeEncodeError:  # never a traceback: whatever reached the answer is written escaped
        text = json.dumps(answer, ensure_ascii=True)
        message = message and message.encode("utf-8", "backslashreplace").decode("utf-8")
    sys.stdout.write(text)
    sys.stdout.write("\n")
    if message:
        print(message, file=sys.stderr)
    return code


def main(argv: list[str] | None = None) -> int:
    try:
        raw = sys.stdin.buffer.read(MAX_REQUEST_BYTES + 1)
        answer = handle(read_request(raw))
    except BadRequest as e:
        return _emit({"error": f"bad request: {e}", "kind": "bad_request"}, 2, f"bad request: {e}")
    except NoValidPairing as e:
        return _emit({"error": str(e), "kind": "no_valid_pairing"}, 1)
    except (MemoryError, RecursionError):
        message = "bad request: too large to answer within the limits"
        return _emit({"error": message, "kind": "bad_request"}, 2, message)
    except Exception as e:  # a bug: say so, without a traceback
        message = f"internal error: {type(e).__name__}: {e}"
        return _emit({"error": message, "kind": "internal"}, 3, message)
    return _emit(answer, 0)


if __name__ == "__main__":
    sys.exit(main())
