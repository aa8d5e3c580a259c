from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FederationConfig(AppConfig):
    """The federation's layer above the tournaments: the register of people, judges' categories, the public
    sanctions register and the rating (issue 31)."""

    name = "federation"
    verbose_name = _("Federation")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import receivers  # noqa: F401  (inner import: connects the signals once the apps are loaded)
