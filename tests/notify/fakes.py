"""Local stand-ins for the outside world (issue 33 "Must be shown"): a fake Telegram Bot API server that
answers like the real one (``{"ok": true, "result": …}``; 429 with ``parameters.retry_after`` when told to;
403 for a chat that blocked the bot) and an SMTP server (aiosmtpd). Nothing reaches the internet."""

from __future__ import annotations

import json
import socket
import threading
import time
from email import message_from_bytes
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tests.reporting.smtp import Controller  # aiosmtpd's, imported past the name `public` once


class FakeBotAPI:
    """``/bot<token>/<method>``: sendMessage, getUpdates, getMe, as the Bot API answers them."""

    def __init__(self, token: str = "123:TEST", username: str = "nardy_test_bot") -> None:
        self.token, self.username = token, username
        self.sent: list[dict] = []  # {"chat_id", "text", "at"}
        self.updates: list[dict] = []
        self.flood = 0  # the next this-many sendMessage calls answer 429
        self.retry_after = 1
        self.blocked: set[str] = set()
        self.flooded: list[float] = []  # when each 429 was answered
        self.flood_on: set[int] = set()  # sendMessage calls (1, 2, …) answered 429 (the benchmark's)
        self.send_calls = 0
        self.calls = 0
        self.lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                length = int(self.headers.get("Content-Length") or 0)
                params = json.loads(self.rfile.read(length) or b"{}")
                status, body = fake.answer(self.path, params)
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> FakeBotAPI:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    def answer(self, path: str, params: dict) -> tuple[int, dict]:
        prefix = f"/bot{self.token}/"
        if not path.startswith(prefix):
            return 401, {"ok": False, "error_code": 401, "description": "Unauthorized"}
        method = path[len(prefix) :]
        with self.lock:
            self.calls += 1
            if method == "getMe":
                return 200, {"ok": True, "result": {"id": 1, "is_bot": True, "username": self.username}}
            if method == "getUpdates":
                offset = int(params.get("offset") or 0)
                out = [u for u in self.updates if u["update_id"] >= offset]
                return 200, {"ok": True, "result": out}
            if method == "sendMessage":
                chat = str(params.get("chat_id"))
                self.send_calls += 1
                if self.flood > 0 or self.send_calls in self.flood_on:
                    self.flood = max(0, self.flood - 1)
                    self.flooded.append(time.monotonic())
                    return 429, {
                        "ok": False,
                        "error_code": 429,
                        "description": f"Too Many Requests: retry after {self.retry_after}",
                        "parameters": {"retry_after": self.retry_after},
                    }
                if chat in self.blocked:
                    return 403, {
                        "ok": False,
                        "error_code": 403,
                        "description": "Forbidden: bot was blocked by the user",
                    }
                self.sent.append({"chat_id": chat, "text": params.get("text", ""), "at": time.monotonic()})
                n = len(self.sent)
                return 200, {"ok": True, "result": {"message_id": n, "chat": {"id": int(chat)}, "text": ""}}
        return 404, {"ok": False, "error_code": 404, "description": "Not Found: method not found"}

    def push(self, chat_id: int, text: str) -> None:
        """A user writes to the bot: an update for getUpdates."""
        with self.lock:
            n = len(self.updates) + 1
            self.updates.append(
                {
                    "update_id": n,
                    "message": {"message_id": n, "chat": {"id": chat_id, "type": "private"}, "text": text},
                }
            )

    def texts(self, chat_id) -> list[str]:
        return [m["text"] for m in self.sent if m["chat_id"] == str(chat_id)]


class Mailbox:
    """An aiosmtpd server that keeps what it receives; ``refuse`` addresses are answered 550."""

    def __init__(self) -> None:
        controller = Controller
        self.messages: list = []
        self.refuse: set[str] = set()
        box = self

        class Handler:
            async def handle_RCPT(self, server, session, envelope, address, rcpt_options):  # noqa: N802
                if address in box.refuse:
                    return "550 No such user"
                envelope.rcpt_tos.append(address)
                return "250 OK"

            async def handle_DATA(self, server, session, envelope):  # noqa: N802
                box.messages.append(message_from_bytes(envelope.content))
                return "250 Message accepted"

        with socket.socket() as probe:  # a free port (aiosmtpd checks its own server by connecting to it)
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.controller = controller(Handler(), hostname="127.0.0.1", port=self.port)

    def __enter__(self) -> Mailbox:
        self.controller.start()
        return self

    def __exit__(self, *exc) -> None:
        self.controller.stop()

    def to(self, address: str) -> list:
        return [m for m in self.messages if address in m["To"]]

    @staticmethod
    def body(message) -> str:
        payload = message.get_payload(decode=True)
        return payload.decode(message.get_content_charset() or "utf-8")
