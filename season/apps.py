from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonConfig(AppConfig):
    """The federation's season (issue 32): its calendar, its series (cups, grand prix, qualifiers)."""

    name = "season"
    verbose_name = _("Season")
    default_auto_field = "django.db.models.BigAutoField"
