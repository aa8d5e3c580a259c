"""Absences and requested byes (issue 29 §3): one rule for every path that sets or removes one.

A participant of a personal Swiss sits out a round that is not drawn yet: *absent* (0 points) or on a
*requested bye* worth 0, ½ or 1 point as the regulation says. He is not paired in that round
(``draw.manager.swiss_competitors``), the standings count the round as unplayed under the regulation's
``unplayed_rule`` (``draw.results.load_results`` → ``standings.metrics``), the round's page and the
documents list him; from the next round on he is paired again, with no re-admission. Set and removed by the
secretary before that round's draw, logged.
"""

from __future__ import annotations

from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from draw.models import Absence, Round
from registration.models import Participant
from tournaments.models import System, Tournament, log

VALUES = (Decimal("0"), Decimal("0.5"), Decimal("1"))


class AbsenceError(Exception):
    """A user error: translated, shown to the secretary; nothing changed."""


def _check(t: Tournament, round_number: int) -> None:
    if t.read_only_reason:
        raise AbsenceError(t.read_only_reason)
    if t.system not in {System.SWISS, System.SWISS_LOSSES} or t.is_team_event:
        raise AbsenceError(_("Absences and requested byes are for personal Swiss tournaments."))
    drawn = (
        Round.objects.filter(tournament=t).order_by("-number").values_list("number", flat=True).first() or 0
    )
    if round_number <= drawn:
        raise AbsenceError(
            _("Round %(n)s is already drawn: an absence is set before the draw of its round.")
            % {"n": round_number}
        )
    if t.rounds and round_number > t.rounds:
        raise AbsenceError(_("The tournament has %(n)s rounds.") % {"n": t.rounds})


def set_absence(
    t: Tournament,
    participant: Participant,
    round_number: int,
    kind: str,
    points: Decimal,
    user,
    reason: str = "",
) -> Absence:
    """Record that ``participant`` sits out ``round_number``. Raises ``AbsenceError``."""
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        _check(t, round_number)
        if participant.tournament_id != t.pk or participant.status != Participant.Status.ACTIVE:
            raise AbsenceError(_("Only an active participant of this tournament can be absent."))
        if kind not in Absence.Kind.values:
            raise AbsenceError(_("Choose absent or a requested bye."))
        points = Decimal(points) if kind == Absence.Kind.REQUESTED_BYE else Decimal(0)
        if points not in VALUES:
            raise AbsenceError(_("A requested bye is worth 0, ½ or 1 point."))
        try:
            with transaction.atomic():
                absence = Absence.objects.create(
                    tournament=t,
                    participant=participant,
                    round_number=round_number,
                    kind=kind,
                    points=points,
                    reason=reason[:200],
                    created_by=user if getattr(user, "is_authenticated", False) else None,
                )
        except IntegrityError:
            raise AbsenceError(
                _("%(p)s is already marked for round %(n)s.") % {"p": participant, "n": round_number}
            ) from None
        log(
            t,
            user,
            "absence",
            _("%(p)s: %(k)s in round %(n)s")
            % {"p": participant, "k": absence.get_kind_display(), "n": round_number},
            reason=reason,
            participant=participant.pk,
            round=round_number,
            kind=kind,
            points=str(points),
        )
        return absence


def remove_absence(t: Tournament, absence: Absence, user) -> None:
    """Undo an absence before its round is drawn. Raises ``AbsenceError``."""
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=t.pk)
        _check(t, absence.round_number)
        log(
            t,
            user,
            "absence",
            _("%(p)s: no longer %(k)s in round %(n)s")
            % {"p": absence.participant, "k": absence.get_kind_display(), "n": absence.round_number},
            participant=absence.participant_id,
            round=absence.round_number,
            removed=True,
        )
        absence.delete()


def round_lines(t: Tournament, round_number: int) -> list[str]:
    """Who sits out ``round_number`` and how, as the round's page and its pairing protocol print it (issue 29
    §3: "the documents list him"): «Фамилия Имя — отсутствует», «… — пропуск тура по заявлению, ½ очка».
    One query; none for a tournament that is no personal Swiss."""
    if t.system not in {System.SWISS, System.SWISS_LOSSES} or t.is_team_event:
        return []
    rows = (
        Absence.objects.filter(tournament=t, round_number=round_number)
        .select_related("participant__person", "participant__partner")
        .order_by("participant__person__surname", "participant__person__name", "participant_id")
    )
    lines = []
    for a in rows:
        name = a.participant.full_name  # as this tournament prints him (a pair: both), as the pairings do
        if a.kind == Absence.Kind.REQUESTED_BYE:
            worth = {Decimal("0"): "0", Decimal("0.5"): "½", Decimal("1"): "1"}.get(a.points, str(a.points))
            what = _("requested bye, %(v)s pt.") % {"v": worth}
        else:
            what = _("absent")
        lines.append(f"{name} — {what}")
    return lines
