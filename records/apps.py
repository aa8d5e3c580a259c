from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from judging.signals import protocol_handed_in


class RecordsConfig(AppConfig):
    name = "records"
    verbose_name = _("Game records")

    def ready(self) -> None:
        # inner import: the receivers use the models, which can be imported only once the apps are ready
        from records import receivers

        protocol_handed_in.connect(receivers.keep_protocol_record, dispatch_uid="records.protocol")
