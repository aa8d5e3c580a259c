"""The rules several kinds of document share, for their registrations (``protocols.registry``): what a key
names, who may read a document besides the tournament's officials, and what the documents page lists.

Who reads (004 §6.2.1, §6.2.3): the officials of the tournament read every document; anyone reads the
pairings of a published round, the schedule, the standings, the crosstable, a bracket with a published
round, a team event's standings by board, and the final protocol once it is signed — "signed" meaning the
tournament is finished (the chief judge and the chief secretary sign it at the end). Each kind's module
says which rule is its own (``public=``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cached_property
from typing import TYPE_CHECKING

from django.http import Http404

from draw.models import Round
from protocols.registry import ROUNDS, Listed
from tournaments.models import Tournament

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# --- what a key names -----------------------------------------------------------------------------------


def no_key(t: Tournament, key: str) -> None:
    """The whole tournament's document: a key names nothing."""
    if key:
        raise Http404


def whole(build: Callable[[Tournament], object]) -> Callable[[Tournament, str], object]:
    """``build(t)`` as a registration's ``build(t, key)``: the whole tournament's document, no key."""

    def inner(t: Tournament, key: str) -> object:
        no_key(t, key)
        return build(t)

    return inner


def round_by_number(t: Tournament, key: str) -> Round:
    """The round of the tournament by its number (Http404 for none)."""
    try:
        return Round.objects.select_related("stage", "tournament").get(tournament=t, number=int(key))
    except (ValueError, Round.DoesNotExist) as exc:
        raise Http404 from exc


def team_event(t: Tournament, key: str) -> Tournament:
    """A team event's document of the whole event (004 §1.3.4); Http404 in any other event."""
    no_key(t, key)
    if not t.is_team_event:
        raise Http404
    return t


# --- who reads besides the tournament's officials -------------------------------------------------------


def officials_only(t: Tournament, key: str) -> bool:
    return False


def anyone(t: Tournament, key: str) -> bool:
    return True


def published_round(t: Tournament, key: str) -> bool:
    """Anyone, once the round is published (nothing of a draft is public)."""
    return round_by_number(t, key).is_public


def once_finished(t: Tournament, key: str) -> bool:
    """Anyone, once the tournament is finished: the document is signed (004 §6.2.1)."""
    return t.status == Tournament.Status.FINISHED


# --- what the documents page lists ----------------------------------------------------------------------


class Shelf:
    """What the documents page asks each kind: the tournament, whether the reader is one of its officials,
    and what several kinds list by, read once (the rounds the reader may see)."""

    def __init__(self, t: Tournament, official: bool) -> None:
        self.t, self.official = t, official

    @cached_property
    def rounds(self) -> list[Round]:
        """The rounds in order; an official sees the drafts too."""
        rounds = self.t.round_set.order_by("number")
        if not self.official:
            rounds = rounds.exclude(status=Round.Status.DRAFT)
        return list(rounds)


def listed_always(shelf: Shelf) -> Iterable[Listed]:
    """The tournament's document, for every reader."""
    return [Listed()]


def listed_for_officials(shelf: Shelf) -> Iterable[Listed]:
    """The tournament's document, for its officials only."""
    return [Listed()] if shelf.official else []


def each_round(title: StrOrPromise, officials: bool = False, team_events: bool = False) -> Callable:
    """One line per round the reader sees (``title`` % {"n": number}), in the rounds' section; only for the
    officials, only in a team event, if asked."""

    def listed(shelf: Shelf) -> Iterable[Listed]:
        if (officials and not shelf.official) or (team_events and not shelf.t.is_team_event):
            return []
        return [Listed(ROUNDS, str(r.number), title % {"n": r.number}, (r.number,)) for r in shelf.rounds]

    return listed
