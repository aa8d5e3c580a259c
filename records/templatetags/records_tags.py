"""The records' part of the tournament pages: the round page's list and notice, the result page's link."""

from __future__ import annotations

from django import template
from django.db.models import Q

from draw.models import Match, Round
from records import access, manager
from records.models import Record
from registration.permissions import can_run, is_official
from tournaments.models import Tournament

register = template.Library()


@register.inclusion_tag("records/_round_records.html", takes_context=True)
def round_records(context, tournament: Tournament, rnd: Round) -> dict:
    """Matches of the round with a record (replay for whoever may see it, the verdict for officials and the
    players), a notice for officials on records that break the rules or disagree with the entered result, and
    the attach link for a player of a match in this round."""
    user = context["request"].user
    # Roles are read once for the whole round, not per match (the round page lists every table).
    official, runner = is_official(user, tournament), can_run(user, tournament)
    players_may_attach = not tournament.is_closed and rnd.is_public
    records = {
        r.match_id: r
        for r in Record.objects.filter(match__round=rnd, superseded_at__isnull=True).select_related("verdict")
    }
    rows: list[dict[str, object]] = []
    flagged = 0
    # Only the matches that can give a row: those with a record and the user's own (a 2,500-table round is
    # not read whole for the few rows this list has; issue 20).
    relevant = Q(pk__in=list(records))
    if getattr(user, "is_authenticated", False):
        relevant |= Q(player1__person__user=user) | Q(player2__person__user=user)
    matches = rnd.matches.filter(relevant).select_related("player1__person", "player2__person")
    for match in matches:
        match.round = rnd
        player = access.is_player(user, match)
        attach = rnd.is_public and not match.is_bye and (runner or (player and players_may_attach))
        record = records.get(match.pk)
        if record is None:
            if player and attach:
                rows.append({"match": match, "record": None, "attach": True})
            continue
        record.match = match
        sees = official or (player and rnd.is_public)
        if not sees and not (rnd.is_public and access.is_final(match)):
            continue
        verdict = manager.current_verdict(record)
        agreement = manager.agreement(record, verdict)
        bad = verdict is not None and (not verdict.valid or agreement.flagged)
        flagged += bool(official and bad)
        rows.append(
            {
                "match": match,
                "record": record,
                "verdict": verdict if sees else None,
                "agreement": agreement if sees else None,
                "sees": sees,
                "attach": attach and sees,
            }
        )
    return {"t": tournament, "rows": rows, "flagged": flagged, "official": official}


@register.inclusion_tag("records/_match_link.html", takes_context=True)
def match_record_link(context, tournament: Tournament, match: Match) -> dict:
    user = context["request"].user
    record = match.records.filter(superseded_at__isnull=True).select_related("verdict").first()
    verdict = manager.current_verdict(record) if record else None
    return {
        "t": tournament,
        "match": match,
        "record": record,
        "verdict": verdict,
        "agreement": manager.agreement(record, verdict) if record else None,
        "sees": access.can_see_verdict(user, match),
        "attach": access.can_attach(user, match),
    }
