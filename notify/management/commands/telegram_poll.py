"""Serve the Telegram bot by long polling (issue 33: the embedded default, no public address needed):
``python manage.py telegram_poll`` answers /start and /stop until stopped. Production uses the webhook
(``notify:webhook``); Telegram refuses getUpdates while a webhook is set."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError

from notify import bot, telegram


class Command(BaseCommand):
    help = "Serve the Telegram bot by long polling (answers /start <code> and /stop)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--once", action="store_true", help="one poll, then exit (tests, cron)")
        parser.add_argument("--timeout", type=int, default=25, help="seconds a poll waits for updates")

    def handle(self, *args, once: bool = False, timeout: int = 25, **options) -> None:
        b = telegram.bot()
        if b is None:
            raise CommandError("TELEGRAM_BOT_TOKEN is not set: there is no bot to serve.")
        if not 0 <= timeout <= 50:
            raise CommandError("--timeout must be between 0 and 50 seconds.")
        offset: int | None = None
        while True:
            try:
                offset = bot.poll_once(b, offset, timeout=timeout)
            except telegram.TelegramError as exc:
                if once:
                    raise CommandError(f"Telegram: {exc}") from exc
                self.stderr.write(f"Telegram: {exc}; again in 5 s")
                time.sleep(5)
            if once:
                return
