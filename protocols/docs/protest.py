"""The decision on a protest (004 §5.10, §5.11): the protest, the result as it stood when filed, the evidence,
the panel's decision and reasons (final, §5.10), the deposit's fate.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from draw.models import ResultKind
from judging.models import Protest
from protocols import keys
from protocols.facts import Heading, Signature, clock, heading, local_time, panel_signatures, person_name
from protocols.layout import (
    FRAME_W,
    SMALL,
    Progress,
    end_with,
    facts_table,
    p,
    pdf,
    section,
    signature_block,
    title_block,
)
from protocols.registry import PROTESTS, Listed, register
from tournaments.models import Tournament
from tournaments.rules import cite

# --- data ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ProtestData:
    heading: Heading
    number: int
    filed_at: str
    protester: str
    match: str  # round, table, the two players
    result_then: str
    reasons: str
    arguments: str
    evidence: str
    attachments: tuple[str, ...]
    deposit: str
    status: str
    reviewed_at: str
    rejection: str
    decided_at: str
    decision: str  # the panel's reasons
    consequence: str
    deposit_fate: str
    signatures: tuple[Signature, ...]
    final_rule: str = ""
    # 004 §5.10: the timeliness, checkable on paper (issue 30 item 13): the match's end (the result handed
    # in or entered) and the window the protester had when he filed, from its start.
    match_end: str = ""
    window: str = ""


def _result_text(kind: str, s1: int | None, s2: int | None) -> str:
    if not kind:
        return "—"
    score = f"{s1}:{s2}" if s1 is not None and s2 is not None else ""
    if kind == ResultKind.PLAYED:
        return score or "—"
    label = str(ResultKind(kind).label) if kind in ResultKind.values else kind
    return f"{score} ({label})" if score else label


def build(protest) -> ProtestData:
    """The protest, its evidence, the panel's decision and reasons (004 §5.10: the decision is final)."""
    m = protest.match
    t = protest.tournament
    players = f"{person_name(m.player1)} — {person_name(m.player2)}"
    consequence = ""
    if protest.decided_at is not None:
        consequence = str(protest.get_consequence_display())
        if protest.consequence == "score" and protest.new_score1 is not None:
            consequence = f"{consequence}: {protest.new_score1}:{protest.new_score2}"
        if protest.consequence == Protest.Consequence.TECHNICAL and protest.winner_side in (1, 2):
            loser = m.player2 if protest.winner_side == 1 else m.player1
            consequence = f"{consequence}: {person_name(loser)}"
    deposit = ""
    deposit_fate = ""
    if protest.deposit:
        deposit = f"{protest.deposit:.2f}".replace(".", ",")
        if protest.deposit_returned_at:
            deposit_fate = _("returned %(d)s") % {"d": local_time(protest.deposit_returned_at)}
        elif protest.decided_at is not None or protest.status == "rejected":
            deposit_fate = _("not returned")
    start = m.ended_at
    if (
        m.changed_at is not None
        and protest.protester_id in (m.reopened_for or [])
        and protest.filed_at is not None
        and m.changed_at <= protest.filed_at
    ):
        start = m.changed_at  # a change of the result opened him a new window (judging.state.window_end)
    window = ""
    if start is not None:
        end = start + datetime.timedelta(minutes=t.protest_window_minutes)
        window = _("%(a)s – %(b)s (%(n)s min, %(rule)s)") % {
            "a": local_time(start),
            "b": clock(end) if timezone.localdate(end) == timezone.localdate(start) else local_time(end),
            "n": t.protest_window_minutes,
            "rule": cite("004 §5.10"),
        }
    return ProtestData(
        heading=heading(t),
        number=protest.number or 0,
        filed_at=local_time(protest.filed_at),
        protester=person_name(protest.protester),
        match=_("round %(r)s, table %(t)s: %(p)s") % {"r": m.round.number, "t": m.table, "p": players},
        # What the protest was about: the result as it stood when filed, not as the decision left it.
        result_then=_result_text(protest.filed_kind, protest.filed_score1, protest.filed_score2),
        reasons=protest.reasons,
        arguments=protest.arguments,
        evidence=protest.evidence,
        attachments=tuple(a.original_name for a in protest.attachments.all()),
        deposit=deposit,
        status=str(protest.get_status_display()),
        reviewed_at=local_time(protest.reviewed_at),
        rejection=str(protest.get_rejection_display()) if protest.rejection else "",
        decided_at=local_time(protest.decided_at),
        decision=protest.decision_reasons,
        consequence=consequence,
        deposit_fate=deposit_fate,
        signatures=panel_signatures(t),
        final_rule=cite("004 §5.10"),
        match_end=local_time(m.ended_at),
        window=window,
    )


# --- PDF -------------------------------------------------------------------------------------------------


def render(data: ProtestData, progress: Progress | None = None) -> bytes:
    title = _("Protest decision")
    w = FRAME_W
    story = title_block(data.heading, title, _("Protest № %(n)s") % {"n": data.number})
    story += section(_("The protest"))
    facts = [
        (_("Filed"), data.filed_at),
        (_("Protester"), data.protester),
        (_("Match"), data.match),
        (_("Match ended"), data.match_end or "—"),
        (_("Protest window"), data.window or "—"),
        (_("Result when filed"), data.result_then),
        (_("Reasons"), data.reasons),
        (_("Arguments"), data.arguments),
        (_("Evidence"), data.evidence or "—"),
    ]
    if data.attachments:
        facts.append((_("Attached files"), "\n".join(data.attachments)))
    if data.deposit:
        facts.append((_("Deposit"), data.deposit))
    story.append(facts_table(facts, w))
    story += section(_("Decision of the judging panel"))
    decision = [(_("Status"), data.status)]
    if data.reviewed_at:
        decision.append((_("Reviewed"), data.reviewed_at))
    if data.rejection:
        decision.append((_("Not accepted as"), data.rejection))
    if data.decided_at:
        decision.append((_("Decided"), data.decided_at))
    decision.append((_("Reasons of the panel"), data.decision or "—"))
    if data.consequence:
        decision.append((_("Consequence"), data.consequence))
    if data.deposit_fate:
        decision.append((_("Deposit"), data.deposit_fate))
    story.append(facts_table(decision, w))
    story.append(Spacer(1, 2 * mm))
    story.append(
        p(_("The decision of the judging panel is final (%(rule)s).") % {"rule": data.final_rule}, SMALL)
    )
    story = end_with(story, signature_block(data.signatures, w))
    return pdf(data.heading, title, story, progress=progress)


# --- the registration ------------------------------------------------------------------------------------


def get(t: Tournament, key: str) -> Protest:
    """The protest by its number in the tournament (the number it is known by: «Протест № 1»)."""
    try:
        return Protest.objects.select_related(
            "tournament",
            "match__round",
            "match__player1__person",
            "match__player2__person",
            "protester__person",
        ).get(tournament=t, number=int(key))
    except (ValueError, Protest.DoesNotExist) as exc:
        raise Http404 from exc


def _listed(shelf: keys.Shelf) -> list[Listed]:
    if not shelf.official:
        return []
    numbers = Protest.objects.filter(tournament=shelf.t, number__isnull=False).order_by("number")
    return [
        Listed(PROTESTS, str(n), _("Protest № %(n)s") % {"n": n}, (n,))
        for n in numbers.values_list("number", flat=True)
    ]


def _subtitle(key: str) -> str:
    return _("Protest № %(n)s") % {"n": key}


DOCUMENT = register(
    kind="protest",
    title=gettext_lazy("protest decision"),
    build=lambda t, key: build(get(t, key)),
    render=render,
    public=keys.officials_only,
    exists=get,
    listed=_listed,
    file_name="протест {key}",
    subtitle=_subtitle,
)
