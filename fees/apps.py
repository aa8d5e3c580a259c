from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FeesConfig(AppConfig):
    """Entry fees and prize money (issue 34): the fee schedule, a ledger per entry, the prize fund."""

    name = "fees"
    verbose_name = _("Fees and prizes")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import receivers  # noqa: F401  (inner import: connects the signals once the apps are loaded)
