"""Powers come from an accredited role in one tournament (004 §5.3, §6), checked on the server for every
action.

One module for every app: the secretaries who run the event, the judging panel, the chief judge, the admission
commission, and the tournament's officials who see personal data and the change log.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404

from registration.models import Entry, Official, Participant, Person
from tournaments.models import AdmissionBy, Tournament

# The judging panel (ГСК): the chief judge and the chief secretary (004 §6.1.1) and their deputies. It rules
# on protests (004 §5.11, §6.1.2 item 4) and alone awards a technical defeat or a loss on time and annuls a
# result (004 §6.1.2 items 1–2); a plain secretary enters played scores only.
PANEL: set[str] = {
    Official.Role.CHIEF_JUDGE,
    Official.Role.CHIEF_SECRETARY,
    Official.Role.DEPUTY_CHIEF_JUDGE,
    Official.Role.DEPUTY_CHIEF_SECRETARY,
}
# The secretaries and the panel draw, publish and enter results (004 §6.2.1, §6.2.3).
RUNNERS = PANEL | {Official.Role.SECRETARY}
# Who speaks for players without being an official of the competition (004 §2.4, §2.4.3): a team's
# representative for his team's players, a coach for the players he coaches. Registered and accredited like
# the officials, never one of them.
SPEAKERS: set[str] = {Official.Role.REPRESENTATIVE, Official.Role.COACH}
# The tournament's officials: whoever sees personal data, the change log, documents for officials.
OFFICIALS = set(Official.Role.values) - SPEAKERS
# The commission's desk: who sees and keeps the entries — types an entry from paper, imports a file, corrects
# data, seeds the field (the secretaries and the commission). Deciding on an entry is ``may_admit``'s.
DECIDERS = RUNNERS | {Official.Role.ADMISSION}
# 004 §5.3.1, §5.3.3: the admission commission, formed by the chief judge from the judging panel (the chief
# judge, the chief secretary, their deputies) and the organiser's representatives, decides on entries.
COMMISSION = PANEL | {Official.Role.ADMISSION}


def plays_in(person_id: int | None, tournaments) -> set[int]:
    """Of ``tournaments`` (ids), those in which the person plays: a participant himself or the second player
    of a pair, whatever his status now (withdrawn or removed, he was a participant there)."""
    if person_id is None:
        return set()
    rows = Participant.objects.filter(tournament_id__in=tournaments).filter(
        Q(person_id=person_id) | Q(partner_id=person_id)
    )
    return set(rows.values_list("tournament_id", flat=True))


def _plays_where_he_acts(user, tournaments) -> set[int]:
    """``plays_in`` for the user's person, in one query."""
    rows = Participant.objects.filter(tournament_id__in=tournaments).filter(
        Q(person__user=user) | Q(partner__user=user)
    )
    return set(rows.values_list("tournament_id", flat=True))


def roles_of(user, tournament: Tournament) -> set[str]:
    """His accredited roles in the tournament; in a competition of several events one panel of officials
    serves them all (004 §1.2): a role in any event of it counts (a team's representative excepted).

    004 §2.3.5, §1.5.8: no power reaches an event in which he plays, whatever path made him an official
    (the officials form refuses it, an older registration or the admin may still hold one): there he keeps
    only a team representative's or a coach's role (§2.4.3)."""
    roles = _accredited_roles(user, tournament)
    if roles - SPEAKERS and _plays_where_he_acts(user, {tournament.pk}):
        roles &= SPEAKERS
    return roles


def _accredited_roles(user, tournament: Tournament) -> set[str]:
    if not getattr(user, "is_authenticated", False):
        return set()
    officials = Official.objects.filter(person__user=user, accredited=True)
    if tournament.competition_id:
        officials = officials.filter(
            Q(tournament=tournament)
            | (Q(tournament__competition_id=tournament.competition_id) & ~Q(role__in=SPEAKERS))
        )
    else:
        officials = officials.filter(tournament=tournament)
    return set(officials.values_list("role", flat=True))


def _holds(user, tournament: Tournament, roles: set[str]) -> bool:
    return bool(getattr(user, "is_superuser", False) or roles_of(user, tournament) & roles)


def can_run(user, tournament: Tournament) -> bool:
    """The secretary (and the chief judge) draw, publish and enter results (004 §6.2.1, §6.2.3)."""
    return _holds(user, tournament, RUNNERS)


def is_official(user, tournament: Tournament) -> bool:
    return _holds(user, tournament, OFFICIALS)


def is_panel(user, tournament: Tournament) -> bool:
    """The judging panel (ГСК): the chief judge, the chief secretary and their deputies (004 §6.1, §5.11)."""
    return _holds(user, tournament, PANEL)


def is_chief_judge(user, tournament: Tournament) -> bool:
    """Only the chief judge applies sanctions (004 §6.2.1 item 8, §6.2.2 item 4) and reopens a finished
    tournament (he signs the final protocol, §6.2.1 item 6)."""
    return _holds(user, tournament, {Official.Role.CHIEF_JUDGE})


# 003 «Игральные кости» п. 2: the dice are replaced by a reasoned decision of the chief judge or his deputy.
DICE_DECIDERS: set[str] = {Official.Role.CHIEF_JUDGE, Official.Role.DEPUTY_CHIEF_JUDGE}
# 004 §1.4.3: «по мотивированному решению Главного судьи соревнований или лица его замещающего».
ROUND_ORDER_DECIDERS: set[str] = {Official.Role.CHIEF_JUDGE, Official.Role.DEPUTY_CHIEF_JUDGE}


def may_reorder_rounds(user, tournament: Tournament) -> bool:
    """THE rule for changing the order of round-robin rounds (004 §1.4.3): the chief judge or the person
    acting for him, his deputy; not the secretaries who run the draw."""
    return _holds(user, tournament, ROUND_ORDER_DECIDERS)


def may_replace_dice(user, tournament: Tournament) -> bool:
    """THE rule for replacing the dice of a match (003 «Игральные кости» п. 2): the chief judge or his
    deputy; the chief secretary, though on the panel, is not named."""
    return _holds(user, tournament, DICE_DECIDERS)


def decider_role(user, tournament: Tournament, roles: set[str]) -> str:
    """The highest of ``roles`` the user holds here (the order of ``roles`` as listed in ``Official.Role``),
    "" for none; a superuser acts as the first of them."""
    held = roles_of(user, tournament) & roles
    for role in Official.Role.values:
        if role in held or (getattr(user, "is_superuser", False) and role in roles):
            return role
    return ""


def can_decide(user, tournament: Tournament) -> bool:
    return _holds(user, tournament, DECIDERS)


def may_admit(user, tournament: Tournament) -> bool:
    """THE rule for deciding on entries (004 §5.3.1, §5.3.3): admitting, refusing, setting pending again (one
    entry or many), declaring an entry invalid or valid, ticking the documents the commission has seen,
    keeping a participant admitted after a correction. The admission commission (``COMMISSION``) by default;
    with the regulation's ``admission_by`` = "officials" the secretaries too (``DECIDERS``)."""
    roles = DECIDERS if tournament.admission_by == AdmissionBy.OFFICIALS else COMMISSION
    return _holds(user, tournament, roles)


def check_admits(user, tournament: Tournament) -> None:
    """``may_admit`` on the server, for every path that changes a decision: PermissionDenied, nothing
    changed."""
    if not may_admit(user, tournament):
        raise PermissionDenied(f"{user} may not decide on entries of tournament {tournament.pk} (004 §5.3.1)")


# 004 §2.3.3: the documents an entry needs; 004 §5.3.3: the doctor of the competition takes part in the
# admission commission's work — the medical clearance is his to tick (and the commission's).
MEDICAL_CLEARANCE = "has_medical_clearance"


def may_tick_document(user, tournament: Tournament, name: str) -> bool:
    """THE rule for ticking a document an entry shows (004 §2.3.3, §2.5.1): who decides on entries
    (``may_admit``) ticks any; the doctor of the competition the medical clearance (004 §5.3.3)."""
    if may_admit(user, tournament):
        return True
    return name == MEDICAL_CLEARANCE and _holds(user, tournament, {Official.Role.DOCTOR})


def check_documents(user, tournament: Tournament, names) -> None:
    """``may_tick_document`` for each of ``names`` on the server: PermissionDenied, nothing changed."""
    refused = [name for name in names if not may_tick_document(user, tournament, name)]
    if refused:
        raise PermissionDenied(f"{user} may not tick {refused} in tournament {tournament.pk} (004 §5.3.3)")


# 004 §6.2.4: the technical judge answers for the equipment and the technical means, puts their faults
# right and checks them before, during and after a match; the chief judge controls them too (§6.2.1 item 4).
EQUIPMENT_KEEPERS: set[str] = {Official.Role.TECHNICAL_JUDGE, Official.Role.CHIEF_JUDGE}


def may_record_late_arrival(user, tournament: Tournament) -> bool:
    """THE rule for recording a late arrival (003 «Начало турнира»): the judging panel, whose ruling a loss on
    time is (004 §6.1.2 item 1)."""
    return _holds(user, tournament, PANEL)


# 004 §6.2.1 item 7: the judges who serve the competition, whose work the chief judge evaluates (the doctor,
# the commission's other members, representatives and coaches are no judges).
EVALUATED_JUDGES: set[str] = {
    Official.Role.DEPUTY_CHIEF_JUDGE,
    Official.Role.CHIEF_SECRETARY,
    Official.Role.DEPUTY_CHIEF_SECRETARY,
    Official.Role.SECRETARY,
    Official.Role.JUDGE,
    Official.Role.TECHNICAL_JUDGE,
}


def may_keep_equipment(user, tournament: Tournament) -> bool:
    """THE rule for recording the equipment's checks and faults on a match (004 §6.2.4)."""
    return _holds(user, tournament, EQUIPMENT_KEEPERS)


def may_handle_records(user, tournament: Tournament) -> bool:
    """Who attaches, replaces and has checked again a match's game record besides its players: the runners
    and the technical judge (004 §6.2.4: the technical means and their software)."""
    return _holds(user, tournament, RUNNERS | {Official.Role.TECHNICAL_JUDGE})


def can_merge_persons(user, tournament: Tournament) -> bool:
    """Who opens the twins page and asks for a merge (issue 17): a league official, and the tournament's
    admission commission and runners (``DECIDERS``). Which two records a merge may join is
    ``may_rewrite``'s (``registration.manager.merge_persons``)."""
    return is_league_official(user) or can_decide(user, tournament)


# --- who makes and manages a competition of several events (004 §1.2, §6.1; issue 28 §3) --------------------


def may_create_competition(user) -> bool:
    """Whoever may create tournaments (``tournaments.add_tournament``) creates a competition — it exists to
    hold events —, and a league official (``tournaments.add_competition`` alone does too)."""
    if not getattr(user, "is_active", False):
        return False
    return bool(
        user.has_perm("tournaments.add_tournament")
        or user.has_perm("tournaments.add_competition")
        or is_league_official(user)
    )


def may_manage_competition(user, competition) -> bool:
    """THE rule for changing a competition — its name, status, dates, venue and organiser, and which events
    it holds — called by every path that changes one (its settings page, its events, the tournament form's
    «competition»; the admin is read-only, the API reads only). One judging panel serves all its events (004
    §1.2; §6.1.1: the chief judge and the chief secretary, with their deputies — ``PANEL``), and §6.1.2 item
    3 gives the panel the competition's dates: a member of the panel of any of its events manages it (never
    where he plays, ``roles_of``), and a league official. Its creator manages it while none of its events has
    an accredited panel member yet: somebody forms the first event; once there is a panel it decides."""
    if is_league_official(user):
        return True
    if not getattr(user, "is_authenticated", False):
        return False
    if competition.pk is None:
        return may_create_competition(user)
    events = list(competition.events.all())
    if any(is_panel(user, t) for t in events):
        return True
    panel = Official.objects.filter(tournament__competition=competition, role__in=PANEL, accredited=True)
    return competition.created_by_id == user.pk and not panel.exists()


def is_staff(user) -> bool:
    return bool(getattr(user, "is_active", False) and (user.is_staff or user.is_superuser))


def _tournament_for(request, pk: int, allowed) -> Tournament:
    tournament = get_object_or_404(Tournament, pk=pk)
    if not allowed(request.user, tournament):
        raise PermissionDenied
    return tournament


def tournament_for_secretary(request, pk: int) -> Tournament:
    return _tournament_for(request, pk, can_run)


def tournament_for_panel(request, pk: int) -> Tournament:
    return _tournament_for(request, pk, is_panel)


def tournament_for_chief_judge(request, pk: int) -> Tournament:
    return _tournament_for(request, pk, is_chief_judge)


def tournament_for_commission(request, pk: int) -> Tournament:
    return _tournament_for(request, pk, can_decide)


def tournament_for_admission(request, pk: int) -> Tournament:
    return _tournament_for(request, pk, may_admit)


def is_own_entry(user, entry: Entry) -> bool:
    """The person himself sees his entry and its personal data."""
    return bool(getattr(user, "is_authenticated", False) and entry.person.user_id == user.pk)


# --- who manages officials (004 §6.1, §6.2) ------------------------------------------------------------
# Only the chief judge and the chief secretary form the tournament's officials. Each acts only on roles below
# his own (the chief judge above the chief secretary, both above everybody else): nobody changes, withdraws or
# removes his own role or a higher one, and nobody registers anybody into a role as high as his own. A
# superuser stands above every role. The one exception: while a tournament has no accredited chief judge,
# its chief secretary registers and accredits one (a tournament must get a chief judge from somebody).
MANAGERS = PANEL
_TOP = 100
RANKS: dict[str, int] = {Official.Role.CHIEF_JUDGE: 3, Official.Role.CHIEF_SECRETARY: 2}


def rank_of_role(role: str) -> int:
    """Every role other than the two chiefs ranks 1 (roles added later do too)."""
    return RANKS.get(role, 1)


def officials_rank(user, tournament: Tournament) -> int:
    """The user's highest rank among his accredited managing roles here; 0 when he manages nobody."""
    if getattr(user, "is_superuser", False):
        return _TOP
    return max((rank_of_role(r) for r in roles_of(user, tournament) & MANAGERS), default=0)


def can_manage_officials(user, tournament: Tournament) -> bool:
    return officials_rank(user, tournament) > 0


def tournament_for_officials(request, pk: int) -> Tournament:
    return _tournament_for(request, pk, can_manage_officials)


def _no_chief_judge(tournament: Tournament) -> bool:
    return not Official.objects.filter(
        tournament=tournament, role=Official.Role.CHIEF_JUDGE, accredited=True
    ).exists()


def may_register_role(user, tournament: Tournament, role: str) -> bool:
    """Whether the user may register a new official in ``role`` (below his own rank)."""
    rank = officials_rank(user, tournament)
    if rank > rank_of_role(role):
        return True
    return (
        role == Official.Role.CHIEF_JUDGE
        and Official.Role.CHIEF_SECRETARY in roles_of(user, tournament)
        and _no_chief_judge(tournament)
    )


def may_manage(user, official: Official, action: str) -> bool:
    """Whether the user may ``accredit``, ``withdraw`` or ``remove`` this official's registration: never his
    own, only a role below his own (the chief secretary accredits the first chief judge, see above)."""
    tournament = official.tournament
    own = official.person.user_id is not None and official.person.user_id == getattr(user, "pk", None)
    if own and not getattr(user, "is_superuser", False):
        return False
    if officials_rank(user, tournament) > rank_of_role(official.role):
        return True
    return (
        action in {"accredit", "remove"}
        and not official.accredited
        and may_register_role(user, tournament, official.role)
    )


def may_sanction_official(user, official: Official) -> bool:
    """THE rule for a sanction on a coach, a team's representative or an official (004 §2.4.5, §2.4.6;
    §6.2.2 items 3–4): the chief judge of the tournament, on anybody below him — never on himself, nor on a
    chief judge."""
    tournament = official.tournament
    if not is_chief_judge(user, tournament):
        return False
    own = official.person.user_id is not None and official.person.user_id == getattr(user, "pk", None)
    if own and not getattr(user, "is_superuser", False):
        return False
    return rank_of_role(official.role) < RANKS[Official.Role.CHIEF_JUDGE]


# --- people of other tournaments (issue 25 items 2, 3) ---------------------------------------------------
# ``Person`` is one record across tournaments, but a tournament's officials hold powers in their tournament
# only. Two rules, each in one function and called by every path: what an official may SEE of a person
# (``may_see_in_full``) and whether he may CHANGE the shared record — correct his identity, confirm him,
# merge him with another record (``may_rewrite``). A competition of several events is one registry with one
# panel (004 §1.2): its events count as one tournament here, as in ``roles_of``.

# The league-level role: a superuser, or a user with this permission (the group «Официалы лиги», made by
# registration's migration 0007). He sees and changes every person's record and merges any two records;
# the federation's register builds on it.
LEAGUE_OFFICIAL = "registration.league_official"


def is_league_official(user) -> bool:
    if not getattr(user, "is_active", False):
        return False
    return bool(user.is_superuser or user.has_perm(LEAGUE_OFFICIAL))


def registry(tournament: Tournament) -> frozenset[int]:
    """The tournament and the other events of its competition: one registry (004 §1.2)."""
    if not tournament.competition_id:
        return frozenset({tournament.pk})
    ids = Tournament.objects.filter(competition_id=tournament.competition_id).values_list("pk", flat=True)
    return frozenset({tournament.pk, *ids})


def tournaments_with(user, roles: set[str]) -> frozenset[int]:
    """Where the user holds an accredited role of ``roles``, and every event of the competitions those are
    events of (one panel, 004 §1.2; a team's representative holds no power anywhere but his own team's)."""
    if not getattr(user, "is_authenticated", False):
        return frozenset()
    rows = Official.objects.filter(person__user=user, accredited=True, role__in=roles).values_list(
        "tournament_id", "tournament__competition_id"
    )
    own, competitions = set(), set()
    for tournament_id, competition_id in rows:
        own.add(tournament_id)
        if competition_id:
            competitions.add(competition_id)
    if competitions:
        own |= set(Tournament.objects.filter(competition_id__in=competitions).values_list("pk", flat=True))
    if roles - SPEAKERS:
        own -= _plays_where_he_acts(user, own)  # 004 §2.3.5: never an event he plays in (``roles_of``)
    return frozenset(own)


def tournaments_of_people(people, *, roles: bool = True, entries: bool = True) -> dict[int, set[int]]:
    """Each person's tournaments: where he has an entry or a participation (himself or as a pair's partner)
    and, with ``roles``, where he holds a role (``entries`` False: the roles alone). One query each, for any
    number of people: ``people`` is ids, or a queryset of people (read as a subquery; a person with no
    tournament is then missing from the answer, which gives an empty set for him).
    ``may_see_in_full`` counts his entries and participations (a role registered for him by his login
    tells an official nothing of his date of birth); ``may_rewrite`` counts his roles too."""
    where: QuerySet | set[int]
    out: defaultdict[int, set[int]]
    if isinstance(people, QuerySet):
        where, out = people.values("pk"), defaultdict(set)
    else:
        where = set(people)
        out = defaultdict(set, {pk: set() for pk in where})
    if entries:
        for model in (Entry, Participant):
            rows = model.objects.filter(Q(person_id__in=where) | Q(partner_id__in=where)).values_list(
                "person_id", "partner_id", "tournament_id"
            )
            for person_id, partner_id, tournament_id in rows:
                out[person_id].add(tournament_id)
                if partner_id is not None:
                    out[partner_id].add(tournament_id)
    if roles:
        for person_id, tournament_id in Official.objects.filter(person_id__in=where).values_list(
            "person_id", "tournament_id"
        ):
            out[person_id].add(tournament_id)
    return out


@dataclass(frozen=True)
class Reach:
    """Whose people somebody reaches: the tournaments where he holds powers (``tournaments``), every person
    (``league``), and his own record (``person``: the person himself)."""

    tournaments: frozenset[int] = frozenset()
    league: bool = False
    person: int | None = None

    @classmethod
    def of_user(cls, user, roles: set[str] | None = None) -> Reach:
        """A user's reach: as an official (``OFFICIALS``: seeing) or a decider (``DECIDERS``: changing)."""
        if is_league_official(user):
            return cls(league=True)
        if not getattr(user, "is_authenticated", False):
            return cls()
        own = Person.objects.filter(user=user).values_list("pk", flat=True).first()
        return cls(tournaments_with(user, roles or OFFICIALS), person=own)

    @classmethod
    def of_tournament(cls, tournament: Tournament) -> Reach:
        """What every official of this tournament reaches, whoever he is: its registry. For what is made
        once and shown to all of them (an import's preview)."""
        return cls(registry(tournament))


def may_see_in_full(reach: Reach, person: Person, theirs: set[int]) -> bool:
    """THE rule for what an official sees of a person (issue 25 item 2): his full date of birth, his
    organisation and the rest of his record — when the person is in one of the official's tournaments
    (``theirs``: where he has an entry or a participation, ``tournaments_of_people(..., roles=False)``),
    or he is the person himself, or a league official. Anybody else sees his name, year of birth and region
    only (``registration.manager.person_cards``)."""
    return reach.league or person.pk == reach.person or bool(theirs & reach.tournaments)


def may_rewrite(reach: Reach, person: Person, theirs: set[int]) -> bool:
    """THE rule for changing the shared record (issue 25 item 3): his identity, his confirmation, a merge
    with another record, a row of a file joined to him. A league official, the person himself, or an
    official of every tournament the person is in (his record is the official's own: no other tournament's
    pages change). A record in no tournament is the official's to use unless it has an account (then it is
    the person's own)."""
    if reach.league or person.pk == reach.person:
        return True
    if not theirs:
        return person.user_id is None
    return theirs <= reach.tournaments
