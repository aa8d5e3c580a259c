"""The federation's rating in the read-only API (issue 31 §2): a list's whole history, so anybody can
recompute the published list with ``python -m federation.rating recompute`` (federation/rating/README.md)."""

from __future__ import annotations

from django.http import Http404
from ninja import Field, Path, Router, Schema

from api import schemas
from federation import manager

router = Router()


class RatingFormula(Schema):
    name: str = Field(description='"fibs" or "skill" (S(N) = 1 + C(N-1)/2).')
    c: float | None = Field(None, description="The skill function's C (only for skill).")
    start: float = Field(description="A newcomer's rating.")
    count_current: bool = Field(
        description="K counts the match being played (the MacFIBS glossary's reading)."
    )


class RatingStartRow(Schema):
    player: str = Field(description="The person's federation ID.")
    rating: float = Field(description="His rating in the imported list.")
    experience: int = Field(description="His experience (the sum of his matches' lengths) in that list.")


class RatingExport(Schema):
    discipline: str = Field(description="The list: long, short, long_blitz, short_blitz.")
    formula: RatingFormula = Field(description="The formula the list is computed with.")
    start: list[RatingStartRow] = Field(
        description="The imported starting list (empty: everybody starts at 1500)."
    )
    matches: list[tuple[str, str, str, int, int]] = Field(
        description="Every rated match, oldest first: [match id, player 1, player 2 (federation IDs), "
        "winner (1 or 2), length in points]."
    )


@router.get(
    "/rating/{key}/export",
    response={200: RatingExport, 404: schemas.Error, 422: schemas.Error},
    tags=["rating"],
    summary="A rating list's whole history, for python -m federation.rating",
    operation_id="exportRatingHistory",
)
def export(request, key: str = Path(..., description="The list: long, short, long_blitz, short_blitz.")):
    if key not in manager.lists():
        raise Http404("no such list")
    return manager.export(key)
