from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotifyConfig(AppConfig):
    """Players and officials told where and when (issue 33): Telegram and e-mail, opt-in, an outbox."""

    name = "notify"
    verbose_name = _("Notifications")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import receivers  # noqa: F401  (inner import: connects the signals once the apps are loaded)
