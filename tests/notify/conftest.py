from __future__ import annotations

import pytest

from tests.notify.fakes import FakeBotAPI, Mailbox


@pytest.fixture
def bot_api():
    with FakeBotAPI() as fake:
        yield fake


@pytest.fixture
def mailbox():
    with Mailbox() as box:
        yield box


@pytest.fixture(autouse=True)
def _notify_settings(settings, bot_api, mailbox):
    """Deliveries run in the test's thread after the commit; the site's links absolute; the fake servers."""
    from notify import delivery, telegram

    settings.NOTIFY_DELIVER_IN_THREAD = False
    settings.SITE_URL = "http://testserver"
    settings.TELEGRAM_BOT_TOKEN = bot_api.token
    settings.TELEGRAM_BOT_NAME = ""
    settings.TELEGRAM_API_URL = bot_api.url
    settings.TELEGRAM_RATE_PER_SECOND = 1000.0
    settings.TELEGRAM_CHAT_INTERVAL_SECONDS = 0.0
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", mailbox.port
    settings.EMAIL_USE_TLS = False
    delivery._chat_last.clear()
    delivery._pace.update(next=0.0, paused_until=0.0)
    telegram._names.clear()
