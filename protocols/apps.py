from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ProtocolsConfig(AppConfig):
    name = "protocols"
    verbose_name = _("Protocols")

    def ready(self) -> None:
        from protocols import registry  # inner import: apps are loaded before their modules are imported

        registry.load()  # every module of protocols/docs registers its kind of document
