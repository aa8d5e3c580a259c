"""A local SMTP server for the mail tests (aiosmtpd), in this process.

aiosmtpd imports ``from public import public`` (the ``atpublic`` package), and the project's own app is
named ``public`` too: the project's wins on the path. So atpublic's module is loaded from its file and
stands in for ``public`` only while aiosmtpd is imported, then the project's is put back.
"""

from __future__ import annotations

import importlib.util
import socket
import sys
from importlib.metadata import distribution


def _atpublic():
    dist = distribution("atpublic")
    init = next(f for f in dist.files or () if str(f).replace("\\", "/") == "public/__init__.py")
    path = dist.locate_file(init)
    spec = importlib.util.spec_from_file_location(
        "atpublic_public", path, submodule_search_locations=[str(path.parent)]
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules["atpublic_public"] = module  # its own relative imports resolve under this name
    spec.loader.exec_module(module)
    return module


def _import_controller():
    ours = sys.modules.get("public")
    sys.modules["public"] = _atpublic()
    try:
        from aiosmtpd.controller import Controller  # noqa: PLC0415 - only with atpublic standing in
    finally:
        if ours is not None:
            sys.modules["public"] = ours
        else:
            sys.modules.pop("public", None)
    return Controller


Controller = _import_controller()


class Sink:
    """Keeps every message it receives: (recipients, raw bytes)."""

    def __init__(self) -> None:
        self.messages: list[tuple[list[str], bytes]] = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's hook name
        self.messages.append((list(envelope.rcpt_tos), envelope.content))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
