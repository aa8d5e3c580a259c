"""The norms a tournament's places are judged by (issue 32 §3): the ЕВСК table where it has rows for the
event, else the tournament's own norms (``registration.RankNorm``).

One function, ``effective_norms``, is asked by every reader of the rank fulfilled — the final protocol and the
chief judge's report (protocols), the places written at the finish (``federation.manager.write_places``) and
the rank dossiers (reporting) — so they cannot disagree.

Which ЕВСК rows apply: those of the document in force on the event's first day (the latest ``valid_from`` on
or before it) with the competition's status (``Competition.category``, else the tournament's own
``category``), its discipline, its gender group and an age group that holds the event's ages (the rows with
the highest ``age_from`` that still fits: the narrowest group). An event with no such row keeps its own norms.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from federation.models import EvskNorm, NormDocument
from registration.models import Qualification, RegistrationSettings, rank_counts
from tournaments.models import Tournament

EVSK = "evsk"
OWN = "tournament"


@dataclass(frozen=True)
class NormLine:
    qualification: str
    place_to: int
    min_field: int | None  # None: any field
    by_regions: bool  # the field counted in regions, not participants
    confirmation: bool  # a place meeting it confirms the rank held


@dataclass(frozen=True)
class Norms:
    lines: tuple[NormLine, ...]
    source: str  # EVSK, OWN or "" (no norms)
    document: str = ""  # the ЕВСК document's title and date

    def __bool__(self) -> bool:
        return bool(self.lines)

    def fulfilled(self, place: int | None, participants: int, regions: int) -> str:
        """The code of the highest rank ``place`` (a shared range's worst place) fulfils, or ""."""
        if place is None:
            return ""
        order = list(Qualification.values)
        met = [
            n.qualification
            for n in self.lines
            if place <= n.place_to
            and (n.min_field is None or (regions if n.by_regions else participants) >= n.min_field)
        ]
        return max(met, key=order.index, default="")

    def confirms(self, code: str) -> bool:
        """Whether a place meeting ``code``'s norm confirms that rank when it is the one held."""
        return any(n.confirmation for n in self.lines if n.qualification == code)

    def counts(self, code: str, held: str) -> str:
        """ "new", "confirmed" or "" for one holding ``held`` (``registration.models.rank_counts``)."""
        return rank_counts(code, held, self.confirms(code))


def field_of(regions: Iterable[str]) -> tuple[int, int]:
    """The field the norms count: participants (those not removed) and their distinct regions."""
    seen = [r.strip().casefold() for r in regions]
    return len(seen), len({r for r in seen if r})


def _status(t: Tournament) -> str:
    competition = t.competition
    return (competition.category if competition is not None else "") or t.category


def _max_age(t: Tournament) -> int | None:
    try:
        return t.registration_settings.max_age
    except RegistrationSettings.DoesNotExist:
        return None


def evsk_rows(t: Tournament) -> tuple[NormDocument | None, list[EvskNorm]]:
    """The ЕВСК document in force on the event's first day and its rows that apply to the event."""
    status = _status(t)
    if not status:
        return None, []
    in_force = NormDocument.objects.filter(valid_from__lte=t.start_date)
    document = in_force.order_by("-valid_from", "-id").first()
    if document is None:
        return None, []
    oldest = _max_age(t)
    rows = [
        n
        for n in document.norms.filter(
            status=status,
            discipline=t.discipline,
            gender_group=t.gender_group,
            applies_to=EvskNorm.AppliesTo.EVENT,
        )
        if n.age_from <= t.min_age and (n.age_to is None or (oldest is not None and oldest <= n.age_to))
    ]
    if not rows:
        return document, []
    narrowest = max(n.age_from for n in rows)
    return document, [n for n in rows if n.age_from == narrowest]


def effective_norms(t: Tournament) -> Norms:
    """Issue 32 §3: the ЕВСК table's rows for the event where it has them, else the tournament's own norms
    (their confirmation is the regulation's ``rank_confirmation``)."""
    document, rows = evsk_rows(t)
    if rows:
        return Norms(
            tuple(
                NormLine(
                    n.qualification,
                    n.place_to,
                    n.min_field,
                    n.field_kind == EvskNorm.FieldKind.REGIONS,
                    n.confirmation,
                )
                for n in rows
            ),
            EVSK,
            str(document),
        )
    own = tuple(
        NormLine(n.qualification, n.place_to, n.min_participants, False, t.rank_confirmation)
        for n in t.rank_norms.all()
    )
    return Norms(own, OWN if own else "")


def series_norms(status: str, discipline: str, gender_group: str, on: datetime.date) -> Norms:
    """How a series counts (issue 32 §3): the ЕВСК rows that judge a series' final standings (a cup, a grand
    prix) of this status, discipline and gender group, in the document in force on ``on`` (the series' last
    day); the open age group's (no upper age). No row: the series fulfils no rank."""
    if not status or not discipline:
        return Norms((), "")
    document = NormDocument.objects.filter(valid_from__lte=on).order_by("-valid_from", "-id").first()
    if document is None:
        return Norms((), "")
    rows = list(
        document.norms.filter(
            status=status,
            discipline=discipline,
            gender_group=gender_group,
            applies_to=EvskNorm.AppliesTo.SERIES,
            age_to__isnull=True,
        )
    )
    if not rows:
        return Norms((), "")
    narrowest = max(n.age_from for n in rows)
    lines = tuple(
        NormLine(
            n.qualification,
            n.place_to,
            n.min_field,
            n.field_kind == EvskNorm.FieldKind.REGIONS,
            n.confirmation,
        )
        for n in rows
        if n.age_from == narrowest
    )
    return Norms(lines, EVSK, str(document))
