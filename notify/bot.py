"""What the bot answers (issue 33): ``/start <code>`` confirms the subscription the code was made for (the
deep link from the match link's page), ``/stop`` ends every subscription of the chat. The same function
serves the webhook (production) and long polling (``manage.py telegram_poll``, the embedded default)."""

from __future__ import annotations

import datetime
import logging

from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from notify import telegram
from notify.models import Channel, Subscription
from notify.outbox import Text, tell_one

logger = logging.getLogger(__name__)

# A deep link's code is good for two days (the player subscribes the evening before or at the venue).
CODE_DAYS = 2


def _reply(chat_id: str, text: str) -> None:
    bot = telegram.bot()
    if bot is None:
        return
    try:
        bot.send_message(chat_id, text)
    except telegram.TelegramError as exc:
        logger.warning("telegram reply to %s failed: %s", chat_id, exc)


def handle_update(update: dict) -> str:
    """Act on one update from the Bot API; returns what was done ("subscribed", "stopped", "" …)."""
    message = update.get("message") or {}
    chat = (message.get("chat") or {}).get("id")
    text = str(message.get("text") or "").strip()
    if chat is None or not text.startswith("/"):
        return ""
    chat_id = str(chat)
    command, _sep, arg = text.partition(" ")
    command = command.split("@")[0]
    if command == "/start":
        return _start(chat_id, arg.strip())
    if command == "/stop":
        with transaction.atomic():
            gone, _kinds = Subscription.objects.filter(channel=Channel.TELEGRAM, address=chat_id).delete()
        _reply(chat_id, _("You will not be sent anything more. To subscribe again, open your match link."))
        return "stopped" if gone else "nothing"
    return ""


def _start(chat_id: str, code: str) -> str:
    since = timezone.now() - datetime.timedelta(days=CODE_DAYS)
    with transaction.atomic():
        sub = (
            Subscription.objects.select_for_update()
            .filter(channel=Channel.TELEGRAM, code=code, confirmed=False, created__gte=since)
            .first()
            if code
            else None
        )
        if sub is None:
            _reply(chat_id, _("This link has expired or was used already. Open your match link again."))
            return "refused"
        # One subscription per person, chat and kind: a second deep link to the same chat replaces the first.
        Subscription.objects.filter(
            person=sub.person, channel=Channel.TELEGRAM, address=chat_id, desk=sub.desk, confirmed=True
        ).exclude(pk=sub.pk).delete()
        sub.address, sub.confirmed, sub.code, sub.confirmed_at = chat_id, True, None, timezone.now()
        sub.save(update_fields=["address", "confirmed", "code", "confirmed_at"])
        with translation.override(sub.language):
            if sub.desk_id:
                body = _("Subscribed: the desk events of %(t)s. Send /stop to unsubscribe.") % {"t": sub.desk}
            else:
                body = _(
                    "Subscribed, %(name)s: you will be told of your pairings, results and rulings. "
                    "Send /stop to unsubscribe."
                ) % {"name": sub.person}
            tell_one(sub, f"welcome:{sub.pk}", Text(_("Subscribed"), body))
    return "subscribed"


def poll_once(bot: telegram.Bot, offset: int | None, timeout: int = 25) -> int | None:
    """One long poll (``getUpdates``): handles what came; returns the next offset."""
    params: dict = {"timeout": timeout, "allowed_updates": ["message"]}
    if offset is not None:
        params["offset"] = offset
    updates = bot.call("getUpdates", http_timeout=timeout + 10, **params)
    for update in updates if isinstance(updates, list) else []:
        try:
            handle_update(update)
        except Exception:  # noqa: BLE001 - one bad update must not stop the bot
            logger.exception("telegram update %s failed", update.get("update_id"))
        offset = int(update.get("update_id", 0)) + 1
    return offset
