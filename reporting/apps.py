from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReportingConfig(AppConfig):
    """The season's paperwork (issue 32 §3–4): the ЕВСК norms, the rank dossiers, the report package."""

    name = "reporting"
    verbose_name = _("Reports and ranks")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import receivers  # noqa: F401  (inner import: connects judging's finish signal once apps are loaded)
