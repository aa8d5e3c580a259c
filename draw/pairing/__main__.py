"""``python -m draw.pairing``: one JSON request on stdin, one JSON answer on stdout.

Exit 0: answer on stdout. Exit 1: no valid pairing, ``{"error": "..."}`` on stdout. Exit 2: malformed
request (or invalid JSON), the message on stderr.
"""

from __future__ import annotations

import json
import sys

from .api import handle
from .errors import BadRequest, NoValidPairing


def main(argv: list[str] | None = None) -> int:
    try:
        request = json.load(sys.stdin)
    except json.JSONDecodeError as e:
        print(f"bad request: invalid JSON: {e}", file=sys.stderr)
        return 2
    try:
        answer = handle(request)
    except BadRequest as e:
        print(f"bad request: {e}", file=sys.stderr)
        return 2
    except NoValidPairing as e:
        json.dump({"error": str(e)}, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return 1
    json.dump(answer, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
