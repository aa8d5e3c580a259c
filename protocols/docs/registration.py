"""The registration protocol (004 §5.3.2 item 4): entries received (admitted, refused, pending) and the
participants admitted with their details, the refused entries with the reason and the clauses of the checks
they failed, the officials; signed by the admission commission (004 §5.3). The protocol's content is the
registration app's (``registration.manager.registration_protocol_data``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from protocols import keys
from protocols.facts import (
    Heading,
    Signature,
    commission_signatures,
    heading,
    judging_category_short,
    status_text,
)
from protocols.layout import (
    BODY,
    CELL,
    WIDE,
    WIDE_W,
    Progress,
    end_with,
    grid,
    p,
    pdf,
    section,
    signature_block,
    title_block,
)
from protocols.registry import register
from registration.manager import ProtocolParticipant, RegistrationProtocol, registration_protocol_data
from tournaments.models import Tournament

# --- data ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RegistrationData:
    heading: Heading
    protocol: RegistrationProtocol
    signatures: tuple[Signature, ...]


def build(t: Tournament) -> RegistrationData:
    """The registration app's protocol (``registration_protocol_data``) with the signature lines."""
    return RegistrationData(heading(t), registration_protocol_data(t), commission_signatures(t))


# --- PDF -------------------------------------------------------------------------------------------------


def render(data: RegistrationData, progress: Progress | None = None) -> bytes:
    title = _("Registration protocol")
    proto = data.protocol
    w = WIDE_W
    story = title_block(data.heading, title, proto.gender_group)
    admitted = len(proto.participants)
    summary = _(
        "Entries received: %(r)s (admitted %(a)s, refused %(f)s, pending %(p)s). Participants admitted: "
        "%(n)s, of them added by the secretary without an entry: %(d)s. Regions: %(g)s."
    ) % {
        "r": proto.entries_received,
        "a": proto.entries_admitted,
        "f": proto.entries_refused,
        "p": proto.entries_pending,
        "n": admitted,
        "d": proto.added_directly,
        "g": proto.regions,
    }
    story.append(p(summary, BODY))
    story += section(_("Admitted participants"))
    teams = any(x.team for x in proto.participants)
    rated = any(x.rating is not None for x in proto.participants)
    # (heading, share of the width, the cell); the shares are scaled to the page's width.
    columns: list[tuple[str, float, Callable[[ProtocolParticipant], object]]] = [
        ("№", 0.04, lambda x: str(x.number)),
        # The federation's register ID (issue 31 §1): the person's one number across every event.
        (_("ID"), 0.06, lambda x: str(x.federation_id or "")),
        (_("Surname, name, patronymic"), 0.2, lambda x: p(x.full_name, CELL)),
        (
            _("Date of birth"),
            0.08,
            lambda x: x.birth_display or (f"{x.birth_date:%d.%m.%Y}" if x.birth_date else ""),
        ),
        (_("Qualification"), 0.1, lambda x: p(x.qualification, CELL)),
        *([(_("Rating"), 0.06, lambda x: "" if x.rating is None else str(x.rating))] if rated else []),
        (_("Region"), 0.12, lambda x: p(x.region, CELL)),
        (_("Club, organisation"), 0.16, lambda x: p(x.club or x.organisation, CELL)),
        (_("Coach"), 0.12, lambda x: p(x.coach, CELL)),
        *([(_("Team"), 0.1, lambda x: p(x.team, CELL))] if teams else []),
        # 004 §5.1.5: the participation agreement, when the regulation provides for one
        *([(_("Participation agreement"), 0.1, lambda x: p(x.agreement, CELL))] if proto.agreements else []),
        (
            _("Status"),
            0.09,
            lambda x: p(status_text(x.status_code) if x.status_code else x.status, CELL),
        ),
    ]
    total = sum(share for _h, share, _c in columns)
    story.append(
        grid(
            [h for h, _s, _c in columns],
            [[make(x) for _h, _s, make in columns] for x in proto.participants],
            [w * share / total for _h, share, _c in columns],
            center=[
                i
                for i, (h, _s, _c) in enumerate(columns)
                if h in ("№", _("ID"), _("Date of birth"), _("Rating"))
            ],
        )
    )
    story += section(_("Refused entries"))
    if proto.refused:
        story.append(
            grid(
                [
                    "№",
                    _("Surname, name, patronymic"),
                    _("Date of birth"),
                    _("Region"),
                    _("Reason"),
                    _("Rule"),
                ],
                [
                    [
                        str(r.number),
                        p(r.full_name, CELL),
                        r.birth_display or (f"{r.birth_date:%d.%m.%Y}" if r.birth_date else ""),
                        p(r.region, CELL),
                        p(r.reason, CELL),
                        p(r.clauses or "—", CELL),
                    ]
                    for r in proto.refused
                ],
                [w * x for x in (0.05, 0.2, 0.08, 0.13, 0.3, 0.24)],
                center=(0, 2),
            )
        )
    else:
        story.append(p(_("None."), BODY))
    story += section(_("Accredited officials"))
    if proto.officials:
        story.append(
            grid(
                [
                    _("Surname, name, patronymic"),
                    _("Role"),
                    _("Judging category"),
                    _("City"),
                    _("Organisation"),
                ],
                [
                    [
                        p(o.full_name, CELL),
                        p(o.role_label, CELL),
                        p(judging_category_short(o.category) or o.judging_category, CELL),
                        p(o.city or o.region, CELL),
                        p(o.organisation, CELL),
                    ]
                    for o in proto.officials
                ],
                [w * 0.27, w * 0.2, w * 0.18, w * 0.15, w * 0.2],
            )
        )
    else:
        story.append(p(_("None."), BODY))
    story = end_with(story, signature_block(data.signatures, w, dated=True))
    return pdf(data.heading, title, story, size=WIDE, progress=progress)


# --- the registration ------------------------------------------------------------------------------------


DOCUMENT = register(
    kind="registration",
    title=gettext_lazy("registration protocol"),
    build=keys.whole(build),
    render=render,
    public=keys.officials_only,
    listed=keys.listed_for_officials,
    place=70,
    file_name="протокол регистрации",
)
