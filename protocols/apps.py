from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ProtocolsConfig(AppConfig):
    name = "protocols"
    verbose_name = _("Protocols")
