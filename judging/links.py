"""Private match links (issue 14 item 2): each player of a match gets his own link, printed as a QR code on
the round's table slips and the match protocol, through which he hands in the result, confirms or disputes
his opponent's, and files a protest — without an account.

The token is ``<match>-<player>-<generation>.<signature>``: an HMAC-SHA256 of the rest under the site's
``SECRET_KEY`` (Django's ``Signer`` with this module's salt), so it cannot be guessed or altered, and it is
not stored: it can be printed again at any time. A link opens that match for that player only; it is refused
(404) when tampered with, revoked (the generation moved on, ``revoke``), or when the player is no longer in
the match (a bracket re-flowed). Nothing else is reachable through it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core import signing
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from draw.models import Match
from judging.models import MatchLink
from registration.models import Participant
from tournaments.models import log

SALT = "nardy.judging.match-link"


def _signer() -> signing.Signer:
    return signing.Signer(salt=SALT, sep=".", algorithm="sha256")


def generation(match: Match, participant: Participant) -> int:
    row = MatchLink.objects.filter(match=match, participant=participant).first()
    return row.generation if row else 0


def token_for(match: Match, participant: Participant, gen: int | None = None) -> str:
    gen = generation(match, participant) if gen is None else gen
    return _signer().sign(f"{match.pk}-{participant.pk}-{gen}")


def url_for(match: Match, participant: Participant, gen: int | None = None) -> str:
    return reverse("judging:link", args=[token_for(match, participant, gen)])


@dataclass(frozen=True)
class Opened:
    match: Match
    me: Participant


def open_token(token: str) -> Opened | None:
    """The match and the player a token opens, or None: tampered, revoked, or no longer his match."""
    try:
        value = _signer().unsign(token)
    except signing.BadSignature:
        return None
    try:
        match_id, participant_id, gen = (int(x) for x in value.split("-"))
    except ValueError:
        return None
    match = (
        Match.objects.select_related("round__tournament", "player1__person", "player2__person")
        .filter(pk=match_id)
        .first()
    )
    if match is None or participant_id not in (match.player1_id, match.player2_id):
        return None
    if match.round.is_draft:
        return None
    me = match.player1 if match.player1_id == participant_id else match.player2
    assert me is not None  # participant_id is one of the two
    if generation(match, me) != gen:
        return None
    return Opened(match, me)


def revoke(match: Match, participant: Participant, by) -> str:
    """Revoke the player's link to the match; returns the new link's token. Logged."""
    with transaction.atomic():
        row, _created = MatchLink.objects.select_for_update().get_or_create(
            match=match, participant=participant
        )
        row.generation += 1
        row.revoked_by = by if getattr(by, "is_authenticated", False) else None
        row.revoked_at = timezone.now()
        row.save()
        log(
            match.round.tournament,
            by,
            "link_revoked",
            _("Round %(r)s, table %(t)s: the private link of %(p)s revoked, a new one issued")
            % {"r": match.round.number, "t": match.table, "p": participant},
            match=match.pk,
            participant=participant.pk,
        )
    return token_for(match, participant, row.generation)
