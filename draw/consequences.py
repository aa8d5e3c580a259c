"""The consequences of rulings as rows of the draw (``Consequence``, issue 26 part 3): recorded and read here.

A ruling of the judging panel (a removal, 004 §5.7.3; a points deduction) is carried out by recording a row
per competitor (a participant or a team) with the ruling as its source. The draw's converters (who is walked
over, whose pairings are annulled) and the standings (points adjustments) read these rows through ``load``,
never the ruling itself, never a flag on the participant or a key in a stage's plan.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.contrib.contenttypes.models import ContentType

from draw.models import Consequence, Stage
from registration.models import Participant, Team
from tournaments.models import Tournament

Competitor = Participant | Team


def signed(points: Fraction | Decimal) -> str:
    """Points with their sign, as the standings print them: "−1", "+0.5"."""
    value = Fraction(points)
    text = f"{abs(float(value)):g}"
    return ("−" if value < 0 else "+") + text


@dataclass(frozen=True)
class Adjustment:
    """Match points added to (> 0) or taken from (< 0) a competitor's total, with where they come from."""

    points: Fraction
    clause: str
    reason: str
    source: str  # the ruling it carries out, as it reads ("points deduction: Ivanov I."), or ""

    @property
    def signed(self) -> str:
        return signed(self.points)


@dataclass
class Consequences:
    """Every consequence recorded in a tournament, by competitor key: a participant's pk, and apart (the keys
    of two kinds of row may be the same number) a team's pk."""

    technical: set[str] = field(default_factory=set)  # 004 §5.7.3: removed, the rest lost technically
    annulled: set[str] = field(default_factory=set)  # 004 §5.7.3: removed, his results annulled
    adjustments: dict[str, list[Adjustment]] = field(default_factory=dict)
    team_technical: set[str] = field(default_factory=set)  # the same for the teams of a team event
    team_annulled: set[str] = field(default_factory=set)
    team_adjustments: dict[str, list[Adjustment]] = field(default_factory=dict)

    def points(self, key: str) -> Fraction:
        """The sum of the competitor's points adjustments (0 without any)."""
        return sum((a.points for a in self.adjustments.get(key, ())), Fraction(0))

    def points_by_key(self) -> dict[str, Fraction]:
        return {key: self.points(key) for key in self.adjustments}


def load(t: Tournament) -> Consequences:
    """The tournament's consequences in one query (and one per source kind, only when there are points)."""
    out = Consequences()
    rows = list(Consequence.objects.filter(tournament=t).order_by("created_at", "id"))
    for c in rows:
        team = c.team_id is not None
        if c.kind == Consequence.Kind.TECHNICAL:
            (out.team_technical if team else out.technical).add(c.key)
        elif c.kind == Consequence.Kind.ANNULLED:
            (out.team_annulled if team else out.annulled).add(c.key)
        else:
            source = c.source if c.source_type_id else None
            points = c.points or 0  # an adjustment always has its points
            (out.team_adjustments if team else out.adjustments).setdefault(c.key, []).append(
                Adjustment(Fraction(points), c.clause, c.reason, str(source) if source is not None else "")
            )
    return out


def record(
    kind: str,
    competitor: Competitor,
    stage: Stage | None,
    *,
    source=None,
    points: Decimal | int | None = None,
    clause: str = "",
    reason: str = "",
) -> Consequence:
    """Record one consequence of a ruling (``source``: the ruling's row, saved) for a participant or team."""
    team = competitor if isinstance(competitor, Team) else None
    participant = None if isinstance(competitor, Team) else competitor
    return Consequence.objects.create(
        tournament_id=competitor.tournament_id,
        stage=stage,
        kind=kind,
        participant=participant,
        team=team,
        points=None if points is None else Decimal(points),
        clause=clause,
        reason=reason,
        source_type=ContentType.objects.get_for_model(source) if source is not None else None,
        source_id=source.pk if source is not None else None,
    )
