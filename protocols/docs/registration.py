"""The registration protocol (004 §5.3.2 item 4): entries received (admitted, refused, pending) and the
participants admitted with their details, the refused entries with the reason and the clauses of the checks
they failed, the officials; signed by the admission commission (004 §5.3). The protocol's content is the
registration app's (``registration.manager.registration_protocol_data``).
"""

from __future__ import annotations

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
from registration.manager import RegistrationProtocol, registration_protocol_data
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
    rows = [
        [
            str(x.number),
            p(x.full_name, CELL),
            x.birth_display or (f"{x.birth_date:%d.%m.%Y}" if x.birth_date else ""),
            p(x.qualification, CELL),
            p(x.region, CELL),
            p(x.club or x.organisation, CELL),
            p(x.coach, CELL),
            *([p(x.team, CELL)] if teams else []),
            *([p(x.agreement, CELL)] if proto.agreements else []),
            p(status_text(x.status_code) if x.status_code else x.status, CELL),
        ]
        for x in proto.participants
    ]
    widths: tuple[float, ...] = (
        (0.04, 0.2, 0.08, 0.1, 0.12, 0.15, 0.12, 0.1, 0.09)
        if teams
        else (0.04, 0.22, 0.08, 0.1, 0.14, 0.19, 0.14, 0.09)
    )
    if proto.agreements:  # 004 §5.1.5: one more column, taken from the widest ones
        widths = (*[x * 0.88 if x >= 0.1 else x for x in widths[:-1]], widths[-1])
        cut = 1 - sum(widths)
        widths = (*widths[:-1], cut, widths[-1])
    story.append(
        grid(
            [
                "№",
                _("Surname, name, patronymic"),
                _("Date of birth"),
                _("Qualification"),
                _("Region"),
                _("Club, organisation"),
                _("Coach"),
                *([_("Team")] if teams else []),
                *([_("Participation agreement")] if proto.agreements else []),
                _("Status"),
            ],
            rows,
            [w * x for x in widths],
            center=(0, 2),
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
