"""A thin synchronous client of the Telegram Bot API (issue 33).

Why not python-telegram-bot or aiogram: both are asyncio libraries (python-telegram-bot since v20). The
delivery runs in Celery's synchronous workers and, in the embedded default, in a request's thread: each call
would need an event loop of its own, and the libraries' own rate limiter and retry machinery (which is what
they would earn their place with) live in that loop and know nothing of the outbox's leases. Three
methods (``sendMessage``, ``getUpdates``, ``getMe``) over HTTPS JSON are a few lines with the standard
library, and the outbox does the rest (rate limits, 429 with ``retry_after``, leases). See notify/README.md.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from dataclasses import dataclass

from django.conf import settings


class TelegramError(Exception):
    """The Bot API refused a call (``ok: false``), or it could not be reached (``code`` 0)."""

    def __init__(self, code: int, description: str, retry_after: int | None = None) -> None:
        super().__init__(f"{code}: {description}")
        self.code, self.description, self.retry_after = code, description, retry_after

    @property
    def permanent(self) -> bool:
        """A refusal no retry mends: a chat that blocked the bot or does not exist, a bad request."""
        return self.code in (400, 401, 403, 404)


@dataclass(frozen=True)
class Bot:
    token: str
    base_url: str = "https://api.telegram.org"
    timeout: float = 10.0

    def call(self, method: str, http_timeout: float | None = None, **params) -> object:
        """POST ``params`` as JSON to ``<base_url>/bot<token>/<method>``: the ``result``, or
        ``TelegramError``."""
        url = f"{self.base_url.rstrip('/')}/bot{self.token}/{method}"
        body = json.dumps(params).encode()
        request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=http_timeout or self.timeout) as response:  # noqa: S310
                answer = json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as exc:
            try:
                answer = json.loads(exc.read() or b"{}")
            except ValueError:
                answer = {}
            answer.setdefault("error_code", exc.code)
            answer.setdefault("description", str(exc.reason))
        except (OSError, ValueError) as exc:  # unreachable, timed out, not JSON
            raise TelegramError(0, str(exc) or type(exc).__name__) from exc
        if not answer.get("ok"):
            retry = (answer.get("parameters") or {}).get("retry_after")
            raise TelegramError(
                int(answer.get("error_code") or 0),
                str(answer.get("description") or ""),
                int(retry) if isinstance(retry, int | float) else None,
            )
        return answer.get("result")

    def send_message(self, chat_id: str, text: str) -> object:
        return self.call("sendMessage", chat_id=chat_id, text=text, disable_web_page_preview=True)


def bot() -> Bot | None:
    """The site's bot, or None without ``TELEGRAM_BOT_TOKEN`` (then Telegram is not offered)."""
    if not settings.TELEGRAM_BOT_TOKEN:
        return None
    # A call must end well within a message's lease (``NOTIFY_LEASE_SECONDS``), or another worker could
    # take the row while this one is still sending it.
    timeout = max(1.0, min(10.0, settings.NOTIFY_LEASE_SECONDS / 2))
    return Bot(settings.TELEGRAM_BOT_TOKEN, settings.TELEGRAM_API_URL, timeout)


_names: dict[str, str] = {}


def bot_name() -> str:
    """The bot's @username for the deep link: ``TELEGRAM_BOT_NAME``, else asked once with ``getMe``."""
    if settings.TELEGRAM_BOT_NAME:
        return settings.TELEGRAM_BOT_NAME
    b = bot()
    if b is None:
        return ""
    if b.token not in _names:
        try:
            me = b.call("getMe", http_timeout=5)
        except TelegramError:
            return ""
        _names[b.token] = str((me or {}).get("username", "")) if isinstance(me, dict) else ""
    return _names[b.token]


def deep_link(code: str) -> str:
    """``https://t.me/<bot>?start=<code>``: Telegram opens the bot and sends ``/start <code>``."""
    name = bot_name()
    return f"https://t.me/{name}?start={code}" if name else ""
