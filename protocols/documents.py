"""Which documents a tournament has, who may read them, and the round trip version → Document → data → PDF.

``protocols.tasks.request_document`` returns the last document asked for at the tournament's current
version (bumped by every change a document can show); only when the version moved (or nothing was made yet)
does it queue ``protocols.tasks.generate``, which builds the plain data once, hashes it, and renders it —
or reuses the PDF of an earlier document of the same data.

Public documents (anyone may read them, like the pages they mirror): the pairing protocol of a published
round, the schedule, the standings, the crosstable and the bracket, and the final protocol once it is signed
— "signed" meaning the tournament is finished (004 §6.2.1, §6.2.3: the chief judge and the chief secretary
sign it at the end). Every other document (match protocols, registration protocol, protest decisions,
sanctions, the chief judge's report, the diplomas), and the draft final protocol, only for the tournament's
accredited officials.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.http import Http404
from django.utils import translation
from django.utils.translation import gettext as _

from draw.models import Match, Round, Stage
from judging.models import Protest
from protocols import competition as comp
from protocols import layout
from protocols.docs import (
    board_standings,
    bracket,
    comp_registration,
    comp_schedule,
    crosstable,
    diplomas,
    final,
    pairings,
    protest,
    report,
    round_protocols,
    sanctions,
    schedule,
    standings,
    team_match,
    team_protocols,
)
from protocols.docs import match as match_protocol
from protocols.docs import registration as registration_protocol
from protocols.models import Document, Kind
from registration.permissions import is_official
from standings.ranking import crosstable_stage, elimination_stages
from tournaments.models import ELIMINATION_SYSTEMS, Tournament

DOCUMENT_LANGUAGE = settings.LANGUAGE_CODE  # documents are filed in Russian whatever the reader's UI language


@dataclass(frozen=True)
class Spec:
    kind: str
    build: Callable[[Tournament, str], object]  # raises Http404 for a key that names nothing
    render: Callable[..., bytes]
    public: Callable[[Tournament, str], bool]
    # Raises Http404 for a key that names nothing, cheaply: without building the document's data.
    exists: Callable[[Tournament, str], object] = lambda t, key: _no_key(key)


def _no_key(key: str) -> None:
    if key:
        raise Http404


def _round(t: Tournament, key: str) -> Round:
    try:
        return Round.objects.select_related("stage", "tournament").get(tournament=t, number=int(key))
    except (ValueError, Round.DoesNotExist) as exc:
        raise Http404 from exc


def _match(t: Tournament, key: str) -> Match:
    try:
        return Match.objects.select_related(
            "round__tournament",
            "round__stage",
            "player1__person",
            "player2__person",
            "winner__person",
            "protocol",
        ).get(round__tournament=t, pk=int(key), player2__isnull=False)
    except (ValueError, Match.DoesNotExist) as exc:
        raise Http404 from exc


def _stage(t: Tournament, key: str) -> Stage:
    try:
        stage = Stage.objects.select_related("tournament").get(tournament=t, number=int(key))
    except (ValueError, Stage.DoesNotExist) as exc:
        raise Http404 from exc
    if stage.system not in ELIMINATION_SYSTEMS or not stage.plan.get("players"):
        raise Http404
    return stage


def _protest(t: Tournament, key: str):
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


def _crosstable(t: Tournament) -> crosstable.CrosstableData:
    # A team event's crosstable is the teams' (004 §1.3.4: the team is the participant).
    data = crosstable.build(t)
    if data is None:
        raise Http404
    return data


def _has_crosstable(t: Tournament, key: str) -> None:
    _no_key(key)
    if crosstable_stage(t) is None:
        raise Http404


def _whole(build: Callable[[Tournament], object]) -> Callable[[Tournament, str], object]:
    def inner(t: Tournament, key: str) -> object:
        if key:
            raise Http404
        return build(t)

    return inner


def _never(t: Tournament, key: str) -> bool:
    return False


def _always(t: Tournament, key: str) -> bool:
    return True


def _published_round(t: Tournament, key: str) -> bool:
    return _round(t, key).is_public


def _published_stage(t: Tournament, key: str) -> bool:
    """A bracket is public once its stage has a published round (nothing of a draft is public)."""
    return _stage(t, key).rounds.public().exists()


def _signed(t: Tournament, key: str) -> bool:
    return t.status == Tournament.Status.FINISHED


def _team_event(t: Tournament, key: str) -> Tournament:
    _no_key(key)
    if not t.is_team_event:
        raise Http404
    return t


def _team_round(t: Tournament, key: str) -> Round:
    if not t.is_team_event:
        raise Http404
    return _round(t, key)


def _team_match(t: Tournament, key: str):
    if not t.is_team_event:
        raise Http404
    return team_match.get(t, key)


SPECS: dict[str, Spec] = {
    s.kind: s
    for s in (
        Spec(
            Kind.PAIRINGS,
            lambda t, k: pairings.build(_round(t, k)),
            pairings.render,
            _published_round,
            _round,
        ),
        Spec(
            Kind.MATCH,
            lambda t, k: match_protocol.build(_match(t, k)),
            match_protocol.render,
            _never,
            _match,
        ),
        Spec(
            Kind.ROUND_PROTOCOLS,
            lambda t, k: round_protocols.build(_round(t, k)),
            round_protocols.render,
            _never,
            _round,
        ),
        Spec(Kind.STANDINGS, _whole(standings.build), standings.render, _always),
        Spec(Kind.CROSSTABLE, _whole(_crosstable), crosstable.render, _always, _has_crosstable),
        Spec(
            Kind.BRACKET,
            lambda t, k: bracket.build(_stage(t, k)),
            bracket.render,
            _published_stage,
            _stage,
        ),
        Spec(Kind.REGISTRATION, _whole(registration_protocol.build), registration_protocol.render, _never),
        Spec(
            Kind.PROTEST,
            lambda t, k: protest.build(_protest(t, k)),
            protest.render,
            _never,
            _protest,
        ),
        Spec(Kind.SANCTIONS, _whole(sanctions.build), sanctions.render, _never),
        Spec(Kind.FINAL, _whole(final.build), final.render, _signed),
        Spec(Kind.SCHEDULE, _whole(schedule.build), schedule.render, _always),
        Spec(Kind.REPORT, _whole(report.build), report.render, _never),
        Spec(Kind.DIPLOMAS, _whole(diplomas.build), diplomas.render, _never),
        # A competition's documents, kept with its first event (404 for any other event): 004 §1.2.
        Spec(
            Kind.COMPETITION_REGISTRATION,
            _whole(lambda t: comp_registration.build(comp.of_first_event(t))),
            comp_registration.render,
            _never,
            lambda t, key: (_no_key(key), comp.of_first_event(t)),
        ),
        Spec(
            Kind.COMPETITION_SCHEDULE,
            _whole(lambda t: comp_schedule.build(comp.of_first_event(t))),
            comp_schedule.render,
            _always,
            lambda t, key: (_no_key(key), comp.of_first_event(t)),
        ),
        # Team events (004 §1.3.4): the team match protocols for officials, like the match protocols.
        Spec(
            Kind.TEAM_MATCH,
            lambda t, k: team_match.build(_team_match(t, k)),
            team_match.render,
            _never,
            _team_match,
        ),
        Spec(
            Kind.TEAM_PROTOCOLS,
            lambda t, k: team_protocols.build(_team_round(t, k)),
            team_protocols.render,
            _never,
            _team_round,
        ),
        Spec(
            Kind.BOARD_STANDINGS,
            lambda t, k: board_standings.build(_team_event(t, k)),
            board_standings.render,
            _always,
            _team_event,
        ),
    )
}

COMPETITION_KINDS = frozenset({Kind.COMPETITION_REGISTRATION, Kind.COMPETITION_SCHEDULE})


def fingerprint(data: object) -> str:
    """A stable hash of a document's plain data (sha256 of its canonical JSON)."""
    text = json.dumps(dataclasses.asdict(data), sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def current_version(t: Tournament, kind: str, version: int | None = None) -> int | None:
    """The version a current document of this kind was asked for: the tournament's (``version`` when the
    caller has just read it), or, for a competition's document, the fingerprint of all its events'."""
    if kind in COMPETITION_KINDS:
        return comp.version(comp.of_first_event(t))
    return t.version if version is None else version


def spec(kind: str) -> Spec:
    try:
        return SPECS[kind]
    except KeyError as exc:
        raise Http404 from exc


def check(t: Tournament, kind: str, key: str) -> None:
    """Http404 for an unknown kind or a key that names nothing (no document data built)."""
    spec(kind).exists(t, key)


def can_read(user, t: Tournament, kind: str, key: str) -> bool:
    """Officials read everything; others only a public document (see the module's docstring)."""
    return is_official(user, t) or spec(kind).public(t, key)


def build_data(t: Tournament, kind: str, key: str) -> object:
    with translation.override(DOCUMENT_LANGUAGE):
        return spec(kind).build(t, key)


def latest(t: Tournament, kind: str, key: str, version: int | None) -> Document | None:
    """The newest document made (or being made) for this version of the tournament's data."""
    return (
        Document.objects.filter(tournament=t, kind=kind, key=key, version=version)
        .exclude(status=Document.Status.FAILED)
        .first()
    )


def render_data(kind: str, data: object, progress: layout.Progress | None = None) -> bytes:
    """The PDF of data already built (``build_data``), in the documents' language."""
    with translation.override(DOCUMENT_LANGUAGE):
        return spec(kind).render(data, progress=progress)


def render_document(
    t: Tournament, kind: str, key: str, progress: layout.Progress | None = None
) -> tuple[bytes, str]:
    """PDF bytes and the fingerprint of the data they show, in the documents' language."""
    with translation.override(DOCUMENT_LANGUAGE):
        data = spec(kind).build(t, key)
        return spec(kind).render(data, progress=progress), fingerprint(data)


def available(t: Tournament, official: bool) -> list[tuple[str, list[tuple[str, str, str]]]]:
    """The documents to list on the tournament's documents page: [(section, [(title, kind, key)])]."""
    general: list[tuple[str, str, str]] = [
        (str(Kind.STANDINGS.label), Kind.STANDINGS, ""),
        (str(Kind.SCHEDULE.label), Kind.SCHEDULE, ""),
    ]
    stages = list(t.stages.all())
    if crosstable_stage(t) is not None:
        general.append((str(Kind.CROSSTABLE.label), Kind.CROSSTABLE, ""))
    public_stages = {s.pk for s in elimination_stages(t)}
    for s in stages:
        if s.system in ELIMINATION_SYSTEMS and s.plan.get("players") and (official or s.pk in public_stages):
            label = _("Bracket: %(s)s") % {
                "s": s.get_kind_display() if s.kind != "main" else s.get_system_display()
            }
            general.append((label, Kind.BRACKET, str(s.number)))
    if official or t.status == Tournament.Status.FINISHED:
        general.append((str(Kind.FINAL.label), Kind.FINAL, ""))
    if t.is_team_event:
        general.append((str(Kind.BOARD_STANDINGS.label), Kind.BOARD_STANDINGS, ""))
    if official:
        general.append((str(Kind.REGISTRATION.label), Kind.REGISTRATION, ""))
        general.append((str(Kind.SANCTIONS.label), Kind.SANCTIONS, ""))
        general.append((str(Kind.REPORT.label), Kind.REPORT, ""))
        general.append((str(Kind.DIPLOMAS.label), Kind.DIPLOMAS, ""))
    sections = [(_("Tournament"), general)]
    rounds = t.round_set.order_by("number")
    if not official:
        rounds = rounds.exclude(status=Round.Status.DRAFT)
    round_docs = []
    for r in rounds:
        round_docs.append((_("Round %(n)s: pairings") % {"n": r.number}, Kind.PAIRINGS, str(r.number)))
        if official:
            round_docs.append(
                (_("Round %(n)s: match protocols") % {"n": r.number}, Kind.ROUND_PROTOCOLS, str(r.number))
            )
            if t.is_team_event:
                round_docs.append(
                    (
                        _("Round %(n)s: team match protocols") % {"n": r.number},
                        Kind.TEAM_PROTOCOLS,
                        str(r.number),
                    )
                )
    if round_docs:
        sections.append((_("Rounds"), round_docs))
    if official:
        protests = [
            (_("Protest № %(n)s") % {"n": pr.number}, Kind.PROTEST, str(pr.number))
            for pr in Protest.objects.filter(tournament=t, number__isnull=False).order_by("number")
        ]
        if protests:
            sections.append((_("Protests"), protests))
    return sections
