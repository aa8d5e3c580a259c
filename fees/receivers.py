"""What the fees app answers the apps below it (connected in ``FeesConfig.ready``)."""

from __future__ import annotations

from fees import manager
from fees.models import UnpaidAdmission
from registration.signals import fee_asked, unpaid_asked


def _unpaid(sender, tournament, **kwargs) -> tuple[set[int], bool]:
    s = manager.schedule(tournament)
    if s is None:
        return set(), False
    return manager.unpaid_people(tournament), s.unpaid_admission == UnpaidAdmission.REFUSE


unpaid_asked.connect(_unpaid, dispatch_uid="fees.unpaid")


def _fee(sender, tournament, **kwargs) -> str:
    return manager.fee_text(tournament)


fee_asked.connect(_fee, dispatch_uid="fees.fee")
