"""The tournament's officials: registered, accredited, removed (004 §5.3.2 items 1–3, §6.1, §6.2)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from registration import permissions, signals
from registration.manager.checks import _disqualifications
from registration.manager.errors import AdmissionError
from registration.manager.people import Identity, confirm_person, person_for
from registration.models import (
    Official,
    Person,
)
from tournaments.models import Tournament, log
from tournaments.rules import cite

# The roles a judging category is asked of (issue 31 §1): the judging panel and the judges, not the
# admission commission's lay members or a team's representative.
JUDGING_ROLES = {
    Official.Role.CHIEF_JUDGE,
    Official.Role.CHIEF_SECRETARY,
    Official.Role.DEPUTY_CHIEF_JUDGE,
    Official.Role.DEPUTY_CHIEF_SECRETARY,
    Official.Role.SECRETARY,
    Official.Role.JUDGE,
}


@transaction.atomic
def register_official(tournament: Tournament, data: dict, by) -> Official:
    """Register a person in a role, not yet accredited (004 §5.3.2 items 1, 3).

    ``data["person"]`` is the person found by the form (his login's, or the one with this identity); else a
    new person is made from the identity. No existing person is changed: not his date of birth, not his
    account (004 §6.1, §6.2 — who manages officials — and the README's security section).
    """
    locked = Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    if locked is not None and locked.read_only_reason:
        raise AdmissionError(locked.read_only_reason)  # 004 §6.2.1 item 6: the signed protocol's officials
    if not permissions.may_register_role(by, tournament, data["role"]):
        raise PermissionDenied(f"{by} may not register a {data['role']} in tournament {tournament.pk}")
    person = data.get("person")
    if person is not None and (refusal := official_refusal(tournament, person, data["role"])):
        raise AdmissionError(refusal)
    if person is not None and not person.confirmed:
        confirm_person(person, tournament, by, gender=data.get("gender") or None)
    if person is None:
        identity = Identity(data["surname"], data["name"], data.get("patronymic", ""), data["birth_date"])
        person = person_for(
            identity,
            gender=data.get("gender") or None,
            organisation=data.get("organisation", ""),
            region=data.get("region", ""),
            tournament=tournament,
            by=by,
        )
    team = data.get("team") if data["role"] == Official.Role.REPRESENTATIVE else None
    official = Official.objects.create(
        tournament=tournament,
        person=person,
        role=data["role"],
        team=team,
        accredited=False,
        judging_category=data.get("judging_category", ""),
        city=" ".join(data.get("city", "").split()),
    )
    if data["role"] == Official.Role.COACH:
        # 004 §2.4.3: the players he speaks for, this tournament's only.
        athletes = [p for p in data.get("athletes") or () if p.tournament_id == tournament.pk]
        if not athletes:
            raise AdmissionError(_("A coach is registered for the players he coaches: choose them."))
        official.athletes.set(athletes)
    log(
        tournament,
        by,
        "official",
        _("Official registered: %(p)s, %(r)s") % {"p": person, "r": official.role_display},
        official=official.pk,
    )
    return official


def official_refusal(tournament: Tournament, person: Person, role: str) -> str:
    """Why the person cannot take ``role`` here, or "". 004 §1.6.2: a disqualified person in no role.
    004 §2.3.5, §1.5.8: an official of a tournament cannot be its participant — in a competition of
    several events, of any of its events (one panel serves them all, 004 §1.2), as himself or as a pair's
    second player. A team's representative is not an official of the competition (§2.4: "тренеров,
    представителей команд"). Empty when he may take the role; the officials form, the registration and the
    accreditation all ask here."""
    if person.pk is None:
        return ""
    barred = _disqualifications(tournament, person)
    if barred:
        # 004 §1.6.2: a disqualified person takes part in a competition "ни в каком качестве" while it lasts.
        return _(
            "%(p)s is disqualified (%(d)s) and cannot take part in the competition in any role (%(rule)s)."
        ) % {
            "p": person,
            "d": "; ".join(barred),
            "rule": cite("004 §1.6.2"),
        }
    if role in permissions.SPEAKERS:  # a team's representative, a coach: not officials (004 §2.4)
        return ""
    playing = permissions.plays_in(person.pk, permissions.registry(tournament))
    if not playing:
        return ""
    if tournament.pk in playing:
        return _("%(p)s is a participant of this tournament and cannot be its official (%(rule)s).") % {
            "p": person,
            "rule": cite("004 §2.3.5"),
        }
    where = Tournament.objects.filter(pk__in=playing).order_by("pk").first()
    return _("%(p)s plays in «%(t)s» of this competition and cannot be its official (%(rule)s).") % {
        "p": person,
        "t": where,
        "rule": cite("004 §2.3.5"),
    }


def _lock_officials(official: Official) -> Official:
    """The tournament's row, then the official's: two changes to one tournament's officials at once are
    taken one after the other (so two withdrawals cannot leave it without its last chief judge). A finished
    tournament's officials are those its signed final protocol lists (004 §6.2.1 item 6): refused."""
    locked = Tournament.objects.select_for_update().filter(pk=official.tournament_id).first()
    if locked is not None and locked.read_only_reason:
        raise AdmissionError(locked.read_only_reason)
    return (
        Official.objects.select_for_update(of=("self",))
        .select_related("person", "tournament")
        .get(pk=official.pk)
    )


def _check_may_manage(official: Official, by, action: str) -> None:
    """Only the chief judge and the chief secretary, on roles below their own (004 §6.1, §6.2)."""
    if official.person.user_id is not None and official.person.user_id == getattr(by, "pk", None):
        raise AdmissionError(_("Nobody changes his own role."))
    if not permissions.may_manage(by, official, action):
        raise PermissionDenied(f"{by} may not {action} official {official.pk}")


def _last_chief(official: Official) -> bool:
    """The only accredited chief judge (or chief secretary) of the tournament."""
    if official.role not in permissions.RANKS or not official.accredited:
        return False
    others = Official.objects.filter(
        tournament_id=official.tournament_id, role=official.role, accredited=True
    )
    return not others.exclude(pk=official.pk).exists()


@transaction.atomic
def accredit(official: Official, accredited: bool, by, reason: str = "") -> None:
    """Accredit an official or withdraw the accreditation (004 §5.3.2 item 3). A judge whose category the
    federation's register says has lapsed by the tournament's first day is accredited only with a reason,
    logged (issue 31 §1)."""
    official = _lock_officials(official)
    _check_may_manage(official, by, "accredit" if accredited else "withdraw")
    if official.accredited == accredited:
        return
    if accredited and (refusal := official_refusal(official.tournament, official.person, official.role)):
        raise AdmissionError(refusal)
    lapsed = ""
    if accredited and official.role in JUDGING_ROLES:
        lapsed = signals.judge_category_lapsed(official.person, official.tournament.start_date)
        if lapsed and not reason.strip():
            raise AdmissionError(
                _("%(p)s: %(why)s. Give the reason for accrediting him all the same.")
                % {"p": official.person, "why": lapsed}
            )
    if not accredited and _last_chief(official):
        raise AdmissionError(
            _("%(r)s is the tournament's only one: accredit another before withdrawing this accreditation.")
            % {"r": official.get_role_display()}
        )
    official.accredited = accredited
    official.save(update_fields=["accredited"])
    summary = (
        _("Official accredited: %(p)s, %(r)s") if accredited else _("Accreditation withdrawn: %(p)s, %(r)s")
    )
    log(
        official.tournament,
        by,
        "accreditation",
        summary % {"p": official.person, "r": official.role_display},
        reason=reason.strip() if lapsed else "",
        official=official.pk,
        accredited=accredited,
        lapsed_category=lapsed,
    )


@transaction.atomic
def remove_official(official: Official, by) -> None:
    """A registration made by mistake goes, once its accreditation is withdrawn."""
    official = _lock_officials(official)
    _check_may_manage(official, by, "remove")
    if official.accredited:
        raise AdmissionError(_("Withdraw the accreditation first."))
    log(
        official.tournament,
        by,
        "official_removed",
        _("Official's registration removed: %(p)s, %(r)s")
        % {"p": official.person, "r": official.role_display},
    )
    official.delete()
