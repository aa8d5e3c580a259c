from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

from registration.signals import disqualifications_asked, disqualified_people_asked


class JudgingConfig(AppConfig):
    name = "judging"
    verbose_name = _("Judging")

    def ready(self) -> None:
        # inner import: the receivers use the models, which can be imported only once the apps are ready
        from judging import receivers

        disqualifications_asked.connect(receivers.disqualifications_in_force, dispatch_uid="judging.dq")
        disqualified_people_asked.connect(receivers.maybe_disqualified, dispatch_uid="judging.dq_many")
