"""The draw manager: the one round trip between the models and the pure pairing engine.

Read the tournament's options, load participants and results, call ``draw.pairing.handle``,
``bulk_create`` the matches and leave the round as a draft (Tabbycat's shape). Everything runs in one
transaction under a row lock on the tournament, so a double click or two secretaries at once never
make two rounds.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from django.db import IntegrityError, connections, models, router, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from draw import consequences, dependents, pairing, results, signals, systems, teams
from draw.models import Absence, Group, GroupMember, Match, ResultKind, Round, Stage
from registration.models import Participant
from standings import metrics
from tournaments.models import GroupTies, RemovedPlaces, System, Tournament, log
from tournaments.rules import cite

bracket = dependents.bracket  # the engine's view of an elimination stage (the draw, the standings, re-flow)


DrawError = systems.DrawError  # a user error: expected, translated, shown to the secretary


@dataclass
class AlreadyDrawn(Exception):
    """The round the request meant to draw exists already (double click, or another secretary)."""

    round: Round


# --- loading plain data ------------------------------------------------------------------------------


def stage_results(stage: Stage) -> list[metrics.Result]:
    return results.load_results(stage.tournament, stage=stage, published_only=False).get(stage.pk, [])


def participants_by_key(t: Tournament) -> dict[str, Participant]:
    """Every participant of the tournament by the key the pure engines know him by."""
    return {p.key: p for p in t.participants.select_related("person", "team", "partner")}


# Seeding order: by seeding number; those without one after them by rating (the highest first), then in the
# order they joined the list — never by name (issue 14 item 5: a seeded round 1 must not pair alphabetically).
SEEDING_ORDER = (F("seed").asc(nulls_last=True), F("rating").desc(nulls_last=True), "pk")


def seeding_order(tournament: Tournament) -> list[Participant]:
    """The active participants in seeding order (``SEEDING_ORDER``)."""
    active = tournament.participants.filter(status=Participant.Status.ACTIVE)
    return list(active.select_related("person").order_by(*SEEDING_ORDER))


def seeding_keys(tournament: Tournament) -> list[str]:
    """The active participants' keys in seeding order, read as plain values: what the engines need, without
    building a model per player (issue 20 item 5)."""
    active = tournament.participants.filter(status=Participant.Status.ACTIVE)
    return [str(pk) for pk in active.order_by(*SEEDING_ORDER).values_list("pk", flat=True)]


@dataclass(frozen=True)
class _Ref:
    """A participant known by his id only: enough to write a drawn match, not to print one."""

    pk: int


def _refs(keys) -> dict[str, Participant]:
    return {k: _Ref(int(k)) for k in keys}  # type: ignore[misc]  # stands in for a Participant


# --- the draw -------------------------------------------------------------------------------------------


def next_round_number(tournament: Tournament) -> int:
    last = tournament.round_set.order_by("-number").first()
    return last.number + 1 if last else 1


def draw_round(
    tournament: Tournament,
    user,
    expected_number: int | None = None,
    seed: int | None = None,
    allow_rematches: bool = False,
) -> Round:
    """Draw the next round as a draft. Raises DrawError (user error) or AlreadyDrawn."""
    try:
        with transaction.atomic():
            t = Tournament.objects.select_for_update().get(pk=tournament.pk)
            number = next_round_number(t)
            if expected_number is not None and expected_number != number:
                existing = t.round_set.filter(number=expected_number).first()
                if existing is not None:
                    raise AlreadyDrawn(existing)
                raise DrawError(_("Round %(n)s cannot be drawn now.") % {"n": expected_number})
            _check_can_draw(t)
            if t.is_team_event:
                return _draw_team_round(t, user, number, seed)
            seed = seed if seed is not None else secrets.randbelow(2**31)
            stage, pairs, flags = preview_pairings(t, number, seed, allow_rematches, light=True)
            rnd = Round.objects.create(
                tournament=t,
                stage=stage,
                number=number,
                seed=seed,
                drawn_by=user if user.is_authenticated else None,
            )
            _insert_matches(rnd, pairs)
            if t.status == Tournament.Status.DRAFT:
                t.status = Tournament.Status.RUNNING
                t.save(update_fields=["status"])
            log(
                t,
                user,
                "draw",
                _("Round %(n)s drawn (draft)") % {"n": number},
                seed=seed,
                flags=flags,
                allow_rematches=allow_rematches,
            )
            return rnd
    except IntegrityError:
        # The unique (tournament, number) constraint caught a concurrent draw: the other one won.
        existing = Round.objects.filter(
            tournament=tournament, number=next_round_number(tournament) - 1
        ).first()
        if existing is None:
            raise
        raise AlreadyDrawn(existing) from None


def _draw_team_round(t: Tournament, user, number: int, seed: int | None) -> Round:
    """004 §1.3.4: a team event pairs teams, each team match of ``boards`` board matches (``draw.teams``)."""
    try:
        return teams.draw_team_round(t, user, number, seed)
    except teams.TeamDrawError as exc:
        raise DrawError(str(exc)) from exc


def _check_can_draw(t: Tournament) -> None:
    if t.read_only_reason:  # finished or cancelled (004 §6.2.1 item 6, §6.1.2 item 3)
        raise DrawError(t.read_only_reason)
    last = t.round_set.order_by("-number").first()
    if last is not None:
        if last.status == Round.Status.DRAFT:
            raise DrawError(_("Round %(n)s is still a draft: publish or drop it first.") % {"n": last.number})
        review = list(t.round_set.exclude(review=[]).values_list("number", flat=True))
        if review:
            raise DrawError(
                _(
                    "Round %(n)s was drawn on a result corrected since: keep its pairings or draw it again "
                    "first."
                )
                % {"n": review[0]}
            )
        missing: dict[int, list[int]] = {}
        for number, table in (
            Match.objects.filter(round__tournament=t, result_kind="")
            .order_by("round__number", "table")
            .values_list("round__number", "table")
        ):
            missing.setdefault(number, []).append(table)
        if missing:
            raise DrawError(
                "; ".join(
                    _("Round %(n)s lacks results at tables %(tables)s.")
                    % {"n": number, "tables": ", ".join(map(str, tables))}
                    for number, tables in missing.items()
                )
            )
    elif t.participants.filter(status=Participant.Status.ACTIVE).count() < 2:
        raise DrawError(_("At least two admitted participants are needed for a draw."))
    unchecked = list(
        t.participants.filter(status=Participant.Status.ACTIVE, documents_checked=False).select_related(
            "person"
        )
    )
    if unchecked:
        # 004 §2.3.3, §2.5.1: nobody plays before the admission commission has seen his documents.
        raise DrawError(
            _(
                "The admission commission has not checked the documents of: %(p)s (004 §2.3.3, §2.5.1). "
                "Check them on the participant's page, or withdraw him."
            )
            % {"p": ", ".join(sorted(str(p) for p in unchecked))}
        )
    if t.participation_agreement:
        without = list(
            t.participants.filter(status=Participant.Status.ACTIVE, agreement_number="").select_related(
                "person"
            )
        )
        if without:
            # 004 §2.2.3, §5.1.5: the regulation provides for a participation agreement: nobody plays without.
            raise DrawError(
                _(
                    "The regulation provides for a participation agreement (%(rule)s): the commission has "
                    "not recorded the agreement of %(p)s. Record it on the participant's page, or withdraw "
                    "him."
                )
                % {"p": ", ".join(sorted(str(p) for p in without)), "rule": cite("004 §5.1.5")}
            )
    doubted = list(
        t.participants.filter(status=Participant.Status.ACTIVE)
        .exclude(admission_doubts=[])
        .select_related("person")
    )
    if doubted:
        # 004 §2.3.1, §5.3.1: his corrected data failed the admission's checks; the commission decides first.
        raise DrawError(
            _(
                "After a correction of their data the admission commission must decide on: %(p)s (%(rule)s). "
                "Keep him admitted with a reason on the participant's page, or withdraw him."
            )
            % {"p": ", ".join(sorted(str(p) for p in doubted)), "rule": cite("004 §5.3.1")}
        )


# --- the round's transitions: publish, start, the match length -----------------------------------------


def _lock_open(t: Tournament, number: int) -> Round:
    """Lock the tournament's row and the round's; ``DrawError`` with the reason once the tournament is
    read-only (finished, 004 §6.2.1 item 6). In the caller's transaction."""
    locked = Tournament.objects.select_for_update().get(pk=t.pk)
    if locked.read_only_reason:
        raise DrawError(locked.read_only_reason)
    return Round.objects.select_for_update().get(tournament=t, number=number)


def publish_round(t: Tournament, number: int, user) -> list[str]:
    """Publish draft round ``number``: its pairings go public and its results may be entered. Returns the
    notes for the secretary ([] when the round was not a draft: nothing to do); ``DrawError`` when refused
    (read-only, or drawn on a result corrected since). A Swiss without a number of rounds gets the recommended
    one fixed (004 §1.4.6, ``fix_swiss_rounds``)."""
    with transaction.atomic():
        rnd = _lock_open(t, number)
        if rnd.status != Round.Status.DRAFT:
            return []
        if rnd.needs_review:
            raise DrawError(
                _(
                    "A result this draft was drawn on has been corrected: keep its pairings or draw it "
                    "again first."
                )
            )
        rnd.status, rnd.published_at = Round.Status.PUBLISHED, timezone.now()
        rnd.save(update_fields=["status", "published_at"])
        results.update_round_status(rnd)
        log(t, user, "publish", _("Round %(n)s published") % {"n": number})
        fixed = fix_swiss_rounds(t, user)
        signals.round_published.send(sender=Round, round=rnd, user=user)
    return [_("Round %(n)s published.") % {"n": number}, *([fixed] if fixed else [])]


def start_round(t: Tournament, number: int, user) -> str:
    """Record the start of published round ``number``: the time protests and corrections are measured
    against; its matches without a result start now. Returns the note ("" when it is a draft or started
    already: nothing to do); ``DrawError`` when read-only."""
    with transaction.atomic():
        rnd = _lock_open(t, number)
        if rnd.status == Round.Status.DRAFT or rnd.start_time:
            return ""
        now = timezone.now()
        rnd.start_time = now
        rnd.save(update_fields=["start_time"])
        rnd.matches.filter(result_kind="", started_at__isnull=True).update(started_at=now)
        log(t, user, "start", _("Round %(n)s started") % {"n": number})
    return _("Round %(n)s started.") % {"n": number}


def set_round_length(t: Tournament, number: int, length: int | None, user) -> str:
    """Change the match length of draft round ``number`` and of its matches (``length`` validated by the
    caller's form; None when the form refused it: the round is only checked). Returns the note ("" for None);
    ``DrawError`` once published or read-only — said before the form's own errors."""
    with transaction.atomic():
        rnd = _lock_open(t, number)
        if rnd.status != Round.Status.DRAFT:
            raise DrawError(_("The match length can be changed only before the round is published."))
        if length is None:
            return ""
        rnd.match_length = length
        rnd.save(update_fields=["match_length"])
        rnd.matches.update(match_length=length)
        text = ngettext("Round %(n)s: matches to %(l)s point", "Round %(n)s: matches to %(l)s points", length)
        log(t, user, "round_length", text % {"n": number, "l": length})
    return ngettext(
        "Round %(n)s: matches to %(l)s point.", "Round %(n)s: matches to %(l)s points.", length
    ) % {
        "n": number,
        "l": length,
    }


# --- a drawn round changed after the draw ---------------------------------------------------------------


def drop_round(rnd: Round) -> None:
    """Delete a drawn round; a stage left without rounds keeps nothing of its draw (the next draw makes it
    anew: the plan, the groups, a playoff's seeding). In the caller's transaction."""
    stage, t = rnd.stage, rnd.tournament
    rnd.delete()
    if not stage.rounds.exists():
        stage.delete()
    if not t.round_set.exists():
        Tournament.objects.filter(pk=t.pk).update(status=Tournament.Status.DRAFT)


def drop_draft(t: Tournament, number: int, user) -> bool:
    """The secretary drops draft round ``number`` (``drop_round``), logged with its seed. Returns whether its
    pairings allowed rematches (a «drop and draw again» keeps that); ``DrawError`` when it is published or
    the tournament is read-only."""
    with transaction.atomic():
        rnd = _lock_open(t, number)
        if rnd.status != Round.Status.DRAFT:
            raise DrawError(_("Only a draft round can be dropped."))
        log(t, user, "drop", _("Draft round %(n)s dropped") % {"n": number}, seed=rnd.seed)
        allow = any("rematch" in m.flags for m in rnd.matches.all())
        drop_round(rnd)
    return allow


def round_started(rnd: Round) -> bool:
    """A match of the round has started or has a result played over the board."""
    played = {ResultKind.PLAYED, ResultKind.TIME}
    return rnd.matches.filter(Q(started_at__isnull=False) | Q(result_kind__in=played)).exists()


def clear_review(rnd: Round) -> None:
    if rnd.review:
        rnd.review = []
        rnd.save(update_fields=["review"])


def redraw_round(rnd: Round, user) -> str:
    """Draw an unplayed round again with its own seed and options; returns the note for the secretary.

    Refused (``DrawError``) once a match of it has started or a later round exists. In the caller's
    transaction; if the results do not allow a draw now, the round is dropped and the note says why.
    """
    t = rnd.tournament
    if round_started(rnd) or t.round_set.filter(number__gt=rnd.number).exists():
        raise DrawError(
            _("Round %(n)s has already started: it cannot be drawn again; keep its pairings.")
            % {"n": rnd.number}
        )
    number, seed = rnd.number, rnd.seed
    allow = any("rematch" in m.flags for m in rnd.matches.all())
    drop_round(rnd)
    log(t, user, "drop", _("Round %(n)s dropped to be drawn again") % {"n": number}, seed=seed)
    try:
        draw_round(t, user, expected_number=number, seed=seed, allow_rematches=allow)
    except (DrawError, pairing.PairingError) as exc:
        return _("Round %(n)s was dropped; it can be drawn when the results allow: %(e)s") % {
            "n": number,
            "e": exc,
        }
    return _("Round %(n)s was drawn again as a draft: the secretary checks and publishes it.") % {"n": number}


def resolve_review(t: Tournament, number: int, user, keep: bool) -> str:
    """The secretary's answer to a round flagged by a correction: keep its pairings, or draw it again."""
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=t.pk)
        rnd = Round.objects.select_for_update().get(tournament=t, number=number)
        if not rnd.review:
            return ""
        if keep:
            clear_review(rnd)
            log(t, user, "review_keep", _("Round %(n)s: pairings kept after a correction") % {"n": number})
            return _("The pairings of round %(n)s are kept.") % {"n": number}
        return redraw_round(rnd, user)


def player_left(t: Tournament, participant: Participant, user) -> str:
    """A participant withdrawn, removed or disqualified: the draft round that pairs him is drawn again.

    One behaviour for every system (004 §5.7.3): the draft is dropped and drawn again with its seed. Swiss
    pairs the others without him; a round robin or a bracket gives his opponent the walk-over (or, removed
    with his results annulled, annuls the match); before the first round is published the plan itself is made
    again without him. Returns the note for the secretary ("" when no draft pairs him). In the caller's
    transaction."""
    draft = t.round_set.filter(status=Round.Status.DRAFT).first()
    if draft is None:
        return ""
    pairs_him = Q(player1=participant) | Q(player2=participant)
    if not draft.matches.filter(pairs_him).exists():
        return ""
    number, seed = draft.number, draft.seed
    allow = any("rematch" in m.flags for m in draft.matches.all())
    drop_round(draft)
    log(
        t,
        user,
        "drop",
        _("Draft round %(n)s dropped: %(p)s left") % {"n": number, "p": participant},
        seed=seed,
    )
    try:
        rnd = draw_round(t, user, expected_number=number, seed=seed, allow_rematches=allow)
    except (DrawError, pairing.PairingError) as exc:
        return _("Draft round %(n)s was dropped; draw it again when the results allow: %(e)s") % {
            "n": number,
            "e": exc,
        }
    m = rnd.matches.filter(pairs_him).first()
    if m is None:
        return _("Draft round %(n)s was drawn again without %(p)s: check it and publish it.") % {
            "n": number,
            "p": participant,
        }
    if m.result_kind == ResultKind.ANNULLED:
        return _(
            "Draft round %(n)s was drawn again: the match of %(p)s at table %(t)s is annulled (004 §5.7.3)."
        ) % {
            "n": number,
            "p": participant,
            "t": m.table,
        }
    return _("Draft round %(n)s was drawn again: %(p)s loses his match at table %(t)s by walk-over.") % {
        "n": number,
        "p": participant,
        "t": m.table,
    }


@dataclass
class Pairing:
    player1: Participant | None
    player2: Participant | None
    kind: str = ""  # "" = to be played, or a decided ResultKind (bye, technical walk-over)
    winner: Participant | None = None
    group: Group | None = None
    code: str = ""
    flags: tuple[str, ...] = ()
    reason: str = ""


# The columns the draw writes; the others keep their defaults (NULL, or the model's default below).
_MATCH_COLUMNS = (
    "round",
    "group",
    "table",
    "player1",
    "player2",
    "match_length",
    "result_kind",
    "winner",
    "result_reason",
    "bracket_code",
    "flags",
    "score1",
    "score2",
    "ended_at",
    "final_at",
    "reopened_for",
    "version",
)


def _insert_matches(rnd: Round, pairs: list[Pairing]) -> None:
    """Write the round's matches: ``bulk_create``'s INSERT without its per-object work (issue 20 item 5).

    A Swiss round of 10,000 players is 5,000 rows; building a ``Match`` per row and preparing each of its
    values through its field cost more than the pairing itself. Here the few distinct values that need a
    field's conversion (the time, the flags, the empty list) are converted once, the rest are plain ints and
    strings; the rows go in one INSERT of a column array each on PostgreSQL, and through one prepared
    statement on SQLite (10,000 players: 0.07 s instead of 87 INSERTs of 58 rows, 0.15–0.2 s). No signal is
    sent (neither does ``bulk_create``); every NOT NULL column without a database default is written.
    """
    if not pairs:
        return
    connection = connections[router.db_for_write(Match)]
    # The columns are Match's own concrete fields, never a relation's reverse side: the stubs cannot know.
    fields = [cast(models.Field, Match._meta.get_field(name)) for name in _MATCH_COLUMNS]
    by_name = {f.name: f for f in fields}
    length = rnd.effective_match_length()
    now = by_name["ended_at"].get_db_prep_save(timezone.now(), connection)
    empty = by_name["reopened_for"].get_db_prep_save([], connection)
    flags_value: dict[tuple[str, ...], object] = {}
    rows: list[tuple[Any, ...]] = []
    for table, p in enumerate(pairs, start=1):
        flags = flags_value.get(p.flags)
        if flags is None:
            flags = flags_value[p.flags] = by_name["flags"].get_db_prep_save(list(p.flags), connection)
        decided = now if p.kind else None
        rows.append(
            (
                rnd.pk,
                p.group.pk if p.group else None,
                table,
                p.player1.pk if p.player1 else None,
                p.player2.pk if p.player2 else None,
                length,
                p.kind,
                p.winner.pk if p.winner else None,
                p.reason,
                p.code,
                flags,
                _technical_score(p, p.player1, length),
                _technical_score(p, p.player2, length),
                decided,
                # A bye, a rest, a walk-over or an annulment the draw writes is nobody's to protest: final at
                # once.
                decided,
                empty,
                0,
            )
        )
    quote = connection.ops.quote_name
    columns = ", ".join(quote(f.column or f.attname) for f in fields)
    into = f"INSERT INTO {quote(Match._meta.db_table)} ({columns})"
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # One array per column (as Django's own bulk insert on PostgreSQL): one statement, a handful of
            # parameters, nothing for the driver to parse per row.
            arrays = ", ".join(f"(%s)::{(f.db_type(connection) or '').split('(')[0]}[]" for f in fields)
            cursor.execute(f"{into} SELECT * FROM UNNEST({arrays})", [list(c) for c in zip(*rows)])
            return
        # SQLite (and any other backend): one statement prepared once, the rows bound in the driver's loop.
        cursor.executemany(f"{into} VALUES ({', '.join(['%s'] * len(fields))})", rows)


def _technical_score(p: Pairing, player: Participant | None, length: int) -> int | None:
    # 004 §5.7.3: a technical defeat scores 0 for the loser, the winner is given the match.
    if p.kind != ResultKind.TECHNICAL:
        return None
    return length if p.winner == player else 0


def preview_pairings(t: Tournament, number: int, seed: int, allow_rematches: bool, light: bool = False):
    """(stage, pairings, flags) for round ``number`` as the draw would make them now; nothing of the round is
    saved (a new stage plan is, inside the caller's transaction). The judging panel's redraw preview calls it
    inside a savepoint it rolls back. ``light``: a Swiss round's players are known by their ids only (the draw
    writes matches, it prints no names): no model loaded per player."""
    if t.is_team_event:
        # 004 §1.3.4: team rounds are drawn whole by ``draw.teams``; a team draft is dropped and drawn again.
        raise DrawError(_("A team round is not redrawn in place: drop the draft and draw it again."))
    if t.system in {System.SWISS, System.SWISS_LOSSES}:
        stage = _main_stage(t)
        return (stage, *_swiss(t, stage, number, seed, allow_rematches, light))
    if t.system == System.ROUND_ROBIN:
        stage = _main_stage(t)
        return (stage, *_round_robin(t, stage, number, seed))
    if t.system in {System.SINGLE_ELIMINATION, System.DOUBLE_ELIMINATION}:
        stage = _main_stage(t)
        if "players" not in stage.plan:
            stage.plan = systems.elimination_plan(t, seeding_keys(t), t.system, seed)
            stage.save(update_fields=["plan"])
        if stage.rounds.exists() and bracket(stage)["finished"]:
            return _places_round(t, stage, seed)  # 004 §5.7.3: extra matches for places, if any
        return (stage, *_elimination(stage, seed))
    if t.system == System.MIXED:
        return _mixed(t, number, seed)
    raise DrawError(_("Unknown system."))


def _main_stage(t: Tournament) -> Stage:
    stage, _created = Stage.objects.get_or_create(
        tournament=t, number=1, defaults={"kind": Stage.Kind.MAIN, "system": t.system}
    )
    return stage


# Swiss (004 §1.4.6) and Swiss until N losses ---------------------------------------------------------


def swiss_rounds(t: Tournament) -> int:
    """The Swiss number of rounds: the stored one (fixed at the latest when round 1 is published), else the
    recommended number for the active field, which only a draft may use (004 §1.4.6)."""
    return t.rounds or pairing.recommended_swiss_rounds(
        t.participants.filter(status=Participant.Status.ACTIVE).count()
    )


def fix_swiss_rounds(t: Tournament, user) -> str:
    """004 §1.4.6: a Swiss (personal or team) left without a number of rounds gets the recommended number for
    its field (its active participants, or its teams) when round 1 is published, stored, so that later
    withdrawals and removals cannot shorten it. Only the chief judge changes it
    then, with a reason (``judging.lifecycle.change_swiss_rounds``). Returns the note, "" when nothing was
    fixed."""
    if t.system != System.SWISS or t.rounds:
        return ""
    if t.is_team_event:
        # 004 §1.4.6, §1.3.4: in a team event the field is the teams (issue 27 item 7).
        active = len(teams.active_teams(t))
        text = ngettext(
            "The number of rounds is fixed at %(n)s, recommended for %(p)s team (004 §1.4.6).",
            "The number of rounds is fixed at %(n)s, recommended for %(p)s teams (004 §1.4.6).",
            active,
        )
    else:
        active = t.participants.filter(status=Participant.Status.ACTIVE).count()
        text = ngettext(
            "The number of rounds is fixed at %(n)s, recommended for %(p)s participant (004 §1.4.6).",
            "The number of rounds is fixed at %(n)s, recommended for %(p)s participants (004 §1.4.6).",
            active,
        )
    n = pairing.recommended_swiss_rounds(active)
    Tournament.objects.filter(pk=t.pk, rounds__isnull=True).update(rounds=n)
    t.rounds = n
    note = text % {"n": n, "p": active}
    log(t, user, "rounds", note, rounds=n, clause="004 §1.4.6")
    return note


def club_of(t: Tournament, p: Participant) -> str | None:
    """What the Swiss keeps apart when the regulation asks (``Tournament.avoid_same``, 004 §1.3.3): the team,
    the club or the region; None when nothing (or the player has none)."""
    if t.avoid_same == "team":
        return f"team:{p.team_id}" if p.team_id else None
    if t.avoid_same == "club":
        return f"club:{p.club.strip().casefold()}" if p.club.strip() else None
    if t.avoid_same == "region":
        region = p.data.region.strip().casefold()
        return f"region:{region}" if region else None
    return None


def absent_keys(t: Tournament, round_number: int | None) -> set[str]:
    """Issue 29 §3: the participants absent (or on a requested bye) in ``round_number``: not paired in it."""
    if round_number is None:
        return set()
    return {
        str(pk)
        for pk in Absence.objects.filter(tournament=t, round_number=round_number).values_list(
            "participant_id", flat=True
        )
    }


def swiss_competitors(
    t: Tournament, results: list[metrics.Result], round_number: int | None = None
) -> list[systems.Competitor]:
    """The Swiss competitors (points, opponents, byes; losses for "until N losses") from the results of the
    rounds before: what a draw and a check of a draft both send (``draw.systems.swiss``). Those absent in
    ``round_number`` (issue 29 §3) are left out: not paired, and no bye of the pairing for them."""
    away = absent_keys(t, round_number)
    active = [k for k in seeding_keys(t) if k not in away]
    rows = metrics.scores(active, results, Fraction(t.bye_points))
    # 004 §1.3.3: what the regulation keeps apart; the models are loaded only when it asks for it.
    clubs = {p.key: club_of(t, p) for p in seeding_order(t)} if t.avoid_same else {}
    met: dict[str, list[str]] = {k: [] for k in active}
    for r in results:
        if r.player2 is None:
            continue
        for a, b in ((r.player1, r.player2), (r.player2, r.player1)):
            if a in met:
                met[a].append(b)
    return [
        systems.Competitor(
            key, rows[key].points, tuple(met[key]), rows[key].byes, rows[key].losses, clubs.get(key)
        )
        for key in active
    ]


def _swiss(t: Tournament, stage: Stage, number: int, seed: int, allow_rematches: bool, light: bool = False):
    competitors = swiss_competitors(t, stage_results(stage), number)
    rounds = swiss_rounds(t) if t.system == System.SWISS else None
    drawn = systems.swiss(t, competitors, number, rounds, seed, allow_rematches)
    by_key = _refs(c.key for c in competitors) if light else participants_by_key(t)
    pairs = [Pairing(by_key[p.a], by_key[p.b], flags=p.flags) for p in drawn.pairs]
    if drawn.bye:
        bye = by_key[drawn.bye]
        pairs.append(Pairing(bye, None, kind=ResultKind.BYE, winner=bye, flags=("bye",)))
    return pairs, {"rematches": drawn.rematches, "eliminated": drawn.eliminated}


# Round robin (004 §1.4.3) ---------------------------------------------------------------------------


def _round_robin(t: Tournament, stage: Stage, number: int, seed: int):
    if "rounds" not in stage.plan:
        stage.plan = systems.round_robin_plan(t, seeding_keys(t), seed)
        stage.save(update_fields=["plan"])
    return _schedule_pairings(t, systems.scheduled_round(stage.plan["rounds"], number), None), {}


def _schedule_pairings(t: Tournament, scheduled: dict, group: Group | None) -> list[Pairing]:
    by_key = participants_by_key(t)
    annulled = consequences.load(t).annulled
    out = []
    for a, b in scheduled["pairs"]:
        pa, pb = by_key[a], by_key[b]
        out.append(_walkover_if_out(pa, pb, group, annulled=annulled))
    if scheduled.get("bye"):
        # In round robin the dummy's partner simply rests: a bye that scores nothing (no points).
        p = by_key[scheduled["bye"]]
        out.append(Pairing(p, None, kind=ResultKind.BYE, winner=None, group=group, flags=("rest",)))
    return out


def _walkover_if_out(
    pa: Participant,
    pb: Participant,
    group: Group | None,
    code: str = "",
    annulled: frozenset | set = frozenset(),
) -> Pairing:
    """A scheduled match with a player no longer in the event is a technical defeat for him.

    004 §5.7.3: a player removed after playing not more than half of his round-robin matches has all his
    results in the stage annulled; his future pairings then do not count either (annulled, not walked over).
    ``annulled``: the keys of those players (``draw.consequences``).
    """
    for p in (pa, pb):
        if p.status == Participant.Status.REMOVED and p.key in annulled:
            reason = _("%(p)s removed: results in the stage annulled (%(rule)s)") % {
                "p": p,
                "rule": cite("004 §5.7.3"),
            }
            return Pairing(pa, pb, ResultKind.ANNULLED, None, group, code, ("removed",), reason)
    out_a = pa.status != Participant.Status.ACTIVE
    out_b = pb.status != Participant.Status.ACTIVE
    if out_a and not out_b:
        return Pairing(pa, pb, ResultKind.TECHNICAL, pb, group, code, ("walkover",), _("opponent withdrew"))
    if out_b and not out_a:
        return Pairing(pa, pb, ResultKind.TECHNICAL, pa, group, code, ("walkover",), _("opponent withdrew"))
    return Pairing(pa, pb, group=group, code=code)


# Elimination (004 §1.4.4, §1.4.5) -------------------------------------------------------------------


def _elimination(stage: Stage, seed: int):
    local = stage.rounds.count() + 1
    by_key = participants_by_key(stage.tournament)
    pairs = []
    for e in systems.bracket_round(bracket(stage), local):
        pa = by_key.get(e.a) if e.a else None
        pb = by_key.get(e.b) if e.b else None
        if e.kind == "bye":
            present = by_key[e.winner]  # type: ignore[index]
            pairs.append(Pairing(present, None, ResultKind.BYE, present, code=e.code, flags=("bye",)))
        elif e.kind == "walkover":
            winner = by_key[e.winner]  # type: ignore[index]
            reason = _("opponent withdrew")
            pairs.append(
                Pairing(pa, pb, ResultKind.TECHNICAL, winner, code=e.code, flags=("walkover",), reason=reason)
            )
        elif e.kind == "undecided":
            raise DrawError(_("The previous round lacks results."))
        else:
            pairs.append(Pairing(pa, pb, code=e.code, flags=(e.flag,)))
    # Matches to play first, byes last.
    pairs.sort(key=lambda p: p.kind == ResultKind.BYE)
    return pairs, {"bracket_round": local}


# Mixed: groups, then playoff (004 §1.4.7, §6.1.2 item 5) ---------------------------------------------


def _mixed(t: Tournament, number: int, seed: int):
    groups_stage = Stage.objects.filter(tournament=t, kind=Stage.Kind.GROUPS).first()
    if groups_stage is None:
        groups_stage = Stage.objects.create(
            tournament=t, number=1, kind=Stage.Kind.GROUPS, system=System.ROUND_ROBIN
        )
        _make_groups(t, groups_stage, seed)
    playoff = Stage.objects.filter(tournament=t, kind=Stage.Kind.PLAYOFF).first()
    if playoff is None:
        length = max(len(g) for g in groups_stage.plan["schedules"])
        local = groups_stage.rounds.count() + 1
        if local <= length:
            pairs = []
            for group in groups_stage.groups.all():
                schedule = groups_stage.plan["schedules"][group.number - 1]
                if local <= len(schedule):
                    pairs.extend(_schedule_pairings(t, schedule[local - 1], group))
            return groups_stage, pairs, {"stage": "groups"}
        # The seeding reads the group tables the public sees, before the playoff stage exists; a tie the
        # tie-breaks leave for a qualifying place is broken first, by lot with this draw's seed (004 §1.4.7).
        decide_group_ties(t, seed, None)
        order = playoff_seeding(t)
        groups_stage.refresh_from_db(fields=["plan"])  # the lots just stored
        groups_stage.plan = {**groups_stage.plan, "qualification": qualification(t, order)}
        groups_stage.save(update_fields=["plan"])
        plan = systems.elimination_plan(t, order, t.playoff_system, seed, seeded=True)
        playoff = Stage.objects.create(
            tournament=t,
            number=2,
            kind=Stage.Kind.PLAYOFF,
            system=t.playoff_system,
            match_length=t.playoff_match_length,
            plan=plan,
        )
    if playoff.rounds.exists() and bracket(playoff)["finished"]:
        return _places_round(t, playoff, seed)  # 004 §5.7.3: extra matches for places, if any
    return (playoff, *_elimination(playoff, seed))


# Extra matches for places after a removal (004 §5.7.3) -------------------------------------------------


def vacated_places(stage: Stage) -> list[tuple[int, int]]:
    """The places the removed competitors of an elimination stage held: the bracket as it would stand had
    they not been removed (their matches counted as played and walked over), their places in it."""
    players = set(stage.plan.get("players", []))
    removed = {
        str(pk)
        for pk in stage.tournament.participants.filter(status=Participant.Status.REMOVED).values_list(
            "pk", flat=True
        )
    } & players
    if not removed:
        return []
    answer = dependents.bracket_as_if_present(stage, removed)
    if answer is None:
        return []
    return [(p["place"], p["place_to"]) for p in answer["places"] if p["player"] in removed and p["place"]]


def places_to_play(stage: Stage) -> list[list[str]]:
    """004 §5.7.3: the groups of players who play extra matches for a place a removed competitor held alone
    in this finished bracket, when the regulation chooses extra matches (``removed_places``); each group best
    seeded first. Empty when the others simply close up."""
    t = stage.tournament
    if t.removed_places != RemovedPlaces.EXTRA_MATCHES or not stage.is_elimination:
        return []
    answer = bracket(stage)
    if not answer["finished"]:
        return []
    placed = [(p["player"], p["place"], p["place_to"]) for p in answer["places"] if p["place"] is not None]
    return metrics.groups_to_play_off(placed, vacated_places(stage))


def places_stages(t: Tournament) -> list[Stage]:
    """The stages of extra matches for places (004 §5.7.3), in the order they were drawn."""
    return list(t.stages.filter(kind=Stage.Kind.PLACES).order_by("number"))


def places_left(t: Tournament, main: Stage) -> bool:
    """Whether extra matches for places are still to be drawn or played after the finished bracket."""
    extras = places_stages(t)
    if any(not bracket(extra)["finished"] for extra in extras):
        return True
    drawn = [extra.plan.get("players", []) for extra in extras]
    return any(group not in drawn for group in places_to_play(main))


def _places_round(t: Tournament, main: Stage, seed: int):
    """The next round of extra matches for places (004 §5.7.3): the unfinished one's next round, or a new
    knockout among the next group that must play for a place; ``DrawError`` when none is left."""
    extras = places_stages(t)
    for extra in extras:
        if not bracket(extra)["finished"]:
            return (extra, *_elimination(extra, seed))
    drawn = [extra.plan.get("players", []) for extra in extras]
    for group in places_to_play(main):
        if group in drawn:
            continue
        number = (t.stages.aggregate(n=models.Max("number"))["n"] or 0) + 1
        plan = {
            "system": System.SINGLE_ELIMINATION,
            "players": group,
            "draw": "seeded",
            "seed": seed,
            "third_place": False,
            "classification": len(group) > 2,  # every place of the group decided
        }
        extra = Stage.objects.create(
            tournament=t,
            number=number,
            kind=Stage.Kind.PLACES,
            system=System.SINGLE_ELIMINATION,
            match_length=main.match_length,
            plan=plan,
        )
        return (extra, *_elimination(extra, seed))
    raise DrawError(_("The bracket is complete: finish the tournament."))


# The order of round-robin rounds (004 §1.4.3) ---------------------------------------------------------


def ordered_schedules(t: Tournament) -> tuple[Stage, list[list[dict]]] | None:
    """The round-robin stage whose rounds may be put in another order and its schedules (one for a round
    robin, one per group for a mixed event's group stage), or None when there is none yet (the schedule is
    made when round 1 is drawn)."""
    if t.system == System.ROUND_ROBIN:
        stage = t.stages.filter(number=1).first()
        if stage is not None and stage.plan.get("rounds"):
            return stage, [stage.plan["rounds"]]
    if t.system == System.MIXED:
        stage = t.stages.filter(kind=Stage.Kind.GROUPS).first()
        if stage is not None and stage.plan.get("schedules") and not t.stages.filter(kind=Stage.Kind.PLAYOFF):
            return stage, stage.plan["schedules"]
    return None


def swap_scheduled_rounds(t: Tournament, first: int, second: int, reason: str, user) -> str:
    """004 §1.4.3: exchange two rounds of the round-robin schedule not drawn yet, by the reasoned decision of
    the chief judge or his deputy (the caller checked the power: ``may_reorder_rounds``); logged with the
    reason. Returns the note; ``DrawError`` and nothing changed when refused."""
    reason = " ".join((reason or "").split())
    if not reason:
        raise DrawError(_("Give the reason of the decision (004 §1.4.3)."))
    with transaction.atomic():
        locked = Tournament.objects.select_for_update().get(pk=t.pk)
        if locked.read_only_reason:
            raise DrawError(locked.read_only_reason)
        found = ordered_schedules(locked)
        if found is None:
            raise DrawError(_("The schedule of the rounds is made when round 1 is drawn."))
        stage, schedules = found
        total = max(len(schedule) for schedule in schedules)
        if first == second or not (1 <= first <= total and 1 <= second <= total):
            raise DrawError(_("Choose two different rounds from 1 to %(n)s.") % {"n": total})
        drawn = set(locked.round_set.filter(stage=stage).values_list("number", flat=True))
        if drawn & {first, second}:
            raise DrawError(
                _("Round %(n)s is already drawn: only rounds not drawn yet change their order (004 §1.4.3).")
                % {"n": min(drawn & {first, second})}
            )
        if any(len(schedule) < max(first, second) for schedule in schedules):
            raise DrawError(_("A group does not play both rounds: choose rounds every group plays."))
        for schedule in schedules:
            schedule[first - 1], schedule[second - 1] = schedule[second - 1], schedule[first - 1]
        stage.save(update_fields=["plan"])
        note = _("Rounds %(a)s and %(b)s exchanged (004 §1.4.3).") % {"a": first, "b": second}
        log(locked, user, "round_order", note, reason=reason, rounds=[first, second], clause="004 §1.4.3")
    return note


def _make_groups(t: Tournament, stage: Stage, seed: int) -> None:
    drawn = systems.groups(t, seeding_keys(t), seed)
    schedules = []
    by_key = participants_by_key(t)
    for index, members in enumerate(drawn, start=1):
        group = Group.objects.create(stage=stage, number=index)
        plan = systems.berger_plan(members, t.cycles, "seeded", seed)
        GroupMember.objects.bulk_create(
            GroupMember(group=group, participant=by_key[k], position=i)
            for i, k in enumerate(plan["order"], 1)
        )
        schedules.append(plan["rounds"])
    stage.plan = {"seed": seed, "groups": drawn, "schedules": schedules}
    stage.save(update_fields=["plan"])


def group_tables(t: Tournament) -> list[tuple[Group, list[metrics.Row]]]:
    """The group tables of a mixed event's group stage (004 §1.4.7), from its published rounds.

    The one ranking that the standings pages show and the playoff seeding reads: the tournament's tie-breaks
    with the virtual opponent for unplayed rounds; removed players keep no place, the others close up (004
    §5.7.3). A tie the tie-breaks leave for a qualifying place is broken by the decision stored when the
    playoff was drawn (a lot with its seed, or a play-off match: ``decide_group_ties``); until then those rows
    share their place. Each row says how its place was decided (``Row.decided``)."""
    stage = t.stages.filter(kind=Stage.Kind.GROUPS).first()
    if stage is None:
        return []
    keys = t.tiebreak_keys()
    bye = Fraction(t.bye_points)
    played = results.load_results(t, stage=stage).get(stage.pk, [])
    removed = {
        str(pk)
        for pk in t.participants.filter(status=Participant.Status.REMOVED).values_list("pk", flat=True)
    }
    members: dict[int, list[str]] = {}
    for group_id, participant_id in GroupMember.objects.filter(group__stage=stage).values_list(
        "group_id", "participant_id"
    ):
        members.setdefault(group_id, []).append(str(participant_id))
    decisions = stage.plan.get("ties", {})
    out = []
    for group in stage.groups.all():
        member_set = set(members.get(group.pk, []))
        own = [r for r in played if r.player1 in member_set]
        rows = metrics.table(members.get(group.pk, []), own, bye, keys, virtual_opponents=True)
        rows = metrics.close_up(rows, removed, keys)
        how = metrics.decided_by([r for r in rows if r.place is not None], keys)
        for r in rows:
            r.decided = how.get(r.player, "")
        for block in metrics.tied_blocks(rows):
            decision = decisions.get(tie_key(group, block))
            if decision is not None:
                _break_tie(rows, block, decision)
        out.append((group, rows))
    return out


def tie_key(group: Group, block: list[metrics.Row]) -> str:
    return f"{group.number}:{','.join(sorted(r.player for r in block))}"


def _break_tie(rows: list[metrics.Row], block: list[metrics.Row], decision: dict) -> None:
    """Order a tied block as the stored decision says and give each its own place (004 §1.4.7)."""
    first = min(r.place for r in block if r.place is not None)  # a tied block's rows all have a place
    order = {player: i for i, player in enumerate(decision["order"])}
    ranked = sorted(block, key=lambda r: order.get(r.player, len(order)))
    for i, r in enumerate(ranked):
        r.place = r.place_to = first + i
        r.decided = decision["method"]
    rows.sort(key=lambda r: (r.place is None, r.place or 0))


def qualifying_ties(t: Tournament) -> list[tuple[Group, list[metrics.Row]]]:
    """The ties the tie-breaks leave for a qualifying place (or for the seeding among the qualifiers) that no
    stored decision breaks yet: (group, the tied rows)."""
    k = t.qualifiers_per_group
    return [
        (group, block)
        for group, rows in group_tables(t)
        for block in metrics.tied_blocks(rows)
        if block[0].place is not None and block[0].place <= k
    ]


def decide_group_ties(t: Tournament, seed: int, user) -> list[str]:
    """004 §1.4.7: break the qualifying ties the tie-breaks left, before the playoff is seeded.

    By lot (the default): the order is drawn with ``seed`` and stored with it in the group stage's plan, so it
    can be re-checked and stays the same if the playoff is drawn again. By a play-off match (the regulation's
    choice): the draw is refused until the panel has recorded the match's outcome (``record_group_tie``).
    Returns the notes (each logged). In the draw's transaction.
    """
    pending = qualifying_ties(t)
    if not pending:
        return []
    stage = t.stages.get(kind=Stage.Kind.GROUPS)
    if t.group_ties == GroupTies.MATCH:
        raise DrawError(
            _(
                "A play-off match decides the tie for a qualifying place (004 §1.4.7): %(w)s. The judging "
                "panel records its outcome on the desk; then draw the playoff."
            )
            % {"w": "; ".join(_tie_text(t, group, block) for group, block in pending)}
        )
    ties = dict(stage.plan.get("ties", {}))
    notes = []
    for group, block in pending:
        order = metrics.lot_order([r.player for r in block], seed)
        ties[tie_key(group, block)] = {"method": "lot", "order": order, "seed": seed}
        by_key = participants_by_key(t)
        note = _("Group %(g)s: the tie between %(p)s is broken by lot (seed %(s)s): %(o)s (004 §1.4.7)") % {
            "g": group.name,
            "p": ", ".join(str(by_key[r.player]) for r in block),
            "s": seed,
            "o": ", ".join(str(by_key[p]) for p in order),
        }
        log(t, user, "group_tie", note, seed=seed, order=order, group=group.number, clause="004 §1.4.7")
        notes.append(note)
    stage.plan = {**stage.plan, "ties": ties}
    stage.save(update_fields=["plan"])
    return notes


def record_group_tie(t: Tournament, group_number: int, order: list[str], note: str, user) -> str:
    """The panel records the outcome of a play-off match that breaks a qualifying tie (004 §1.4.7)."""
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=t.pk)
        if t.read_only_reason:
            raise DrawError(t.read_only_reason)
        stage = t.stages.get(kind=Stage.Kind.GROUPS)
        for group, block in qualifying_ties(t):
            if group.number == group_number and sorted(order) == sorted(r.player for r in block):
                ties = dict(stage.plan.get("ties", {}))
                ties[tie_key(group, block)] = {"method": "match", "order": order, "note": note.strip()}
                stage.plan = {**stage.plan, "ties": ties}
                stage.save(update_fields=["plan"])
                text = _("Group %(g)s: the tie is broken by a play-off match: %(n)s (004 §1.4.7)") % {
                    "g": group.name,
                    "n": note.strip(),
                }
                log(t, user, "group_tie", text, order=order, group=group_number, clause="004 §1.4.7")
                return text
    raise DrawError(_("There is no such tie to decide (the tables may have changed): reload the page."))


def qualification(t: Tournament, order: list[str]) -> list[dict]:
    """How each qualifier reached the playoff (004 §1.4.7): his group, place and what decided it ("points", a
    tie-break key, "lot" with its seed, "match"), in the playoff's seeding order. Stored with the group stage
    when the playoff is drawn; the group tables, the round and the final protocol say it."""
    ties = t.stages.get(kind=Stage.Kind.GROUPS).plan.get("ties", {})
    found = {}
    for group, rows in group_tables(t):
        for r in rows:
            how = r.decided if (r.place or 0) <= t.qualifiers_per_group else "best_of_rest"
            found[r.player] = {"player": r.player, "group": group.name, "place": r.place, "how": how}
            if how in ("lot", "match"):
                decision: dict = next(
                    (
                        d
                        for key, d in ties.items()
                        if key.startswith(f"{group.number}:") and r.player in d["order"]
                    ),
                    {},
                )
                found[r.player].update(seed=decision.get("seed"), note=decision.get("note", ""))
    return [found[p] for p in order if p in found]


def _tie_text(t: Tournament, group: Group, block: list[metrics.Row]) -> str:
    by_key = participants_by_key(t)
    return _("group %(g)s: %(p)s") % {"g": group.name, "p": ", ".join(str(by_key[r.player]) for r in block)}


def playoff_seeding(t: Tournament) -> list[str]:
    """The playoff order from the final group tables (004 §1.4.7, §6.1.2 item 5).

    The tables are the ones the standings pages show (``group_tables``), so the seeding can be checked against
    them; removed players keep no place and do not qualify (004 §5.7.3). The qualifying ties must have been
    decided first (``decide_group_ties``).
    """
    tables = [[row for row in rows if row.place is not None] for _group, rows in group_tables(t)]
    k = t.qualifiers_per_group
    if any(len(rows) < k for rows in tables):
        raise DrawError(_("A group has fewer players than the qualifiers per group."))
    rest_order = None
    if t.best_of_rest:
        keys = t.tiebreak_keys()
        rest = [row for rows in tables for row in rows[k:]]
        rest.sort(key=lambda r: (r.place, -r.points, *metrics.tiebreak_values(r, keys), r.player))
        rest_order = [r.player for r in rest]
    groups = [[row.player for row in rows] for rows in tables]
    return systems.playoff_seeding(t, groups, rest_order)


def rounds_left(t: Tournament) -> bool:
    """Whether the event still has a round to draw (all drawn rounds are assumed complete)."""
    if t.is_team_event:
        return teams.rounds_left(t)  # team events (004 §1.3.4): the team draw's own module
    drawn = t.round_set.count()
    if t.system == System.SWISS:
        return drawn < swiss_rounds(t)
    if t.system == System.SWISS_LOSSES:
        stage = t.stages.first()
        active = seeding_keys(t)
        rows = metrics.table(active, stage_results(stage) if stage else [], Fraction(t.bye_points), ())
        return not systems.losses_finished(t, [r.losses for r in rows])  # the engine's end rule
    if t.system == System.ROUND_ROBIN:
        stage = t.stages.first()
        return stage is None or drawn < len(stage.plan.get("rounds", []))
    if t.system in {System.SINGLE_ELIMINATION, System.DOUBLE_ELIMINATION}:
        stage = t.stages.filter(number=1).first()
        if stage is None or not bracket(stage)["finished"]:
            return True
        return places_left(t, stage)  # 004 §5.7.3: extra matches for places
    playoff = t.stages.filter(kind=Stage.Kind.PLAYOFF).first()
    if playoff is None or not bracket(playoff)["finished"]:
        return True
    return places_left(t, playoff)


# The Swiss draft checked and edited by the secretary (issue 14 item 6) ------------------------------------


def _draft_pairs(rnd: Round) -> tuple[list[tuple[str, str]], str | None]:
    pairs, bye = [], None
    for m in rnd.matches.order_by("table"):
        if m.player2_id is None:
            bye = str(m.player1_id)
        else:
            pairs.append((str(m.player1_id), str(m.player2_id)))
    return pairs, bye


def check_swiss_draft(rnd: Round, pairs=None, bye: str | None | bool = False) -> dict:
    """The pairing engine's ``swiss_check`` of a Swiss draft (the round's own pairings, or ``pairs``/``bye``
    as edited): per pair the points, the score group, floats up and down, a rematch; the objective
    Σ (points difference)² against the engine's optimum; problems that refuse it and warnings that do not."""
    t = rnd.tournament
    if pairs is None:
        pairs, own_bye = _draft_pairs(rnd)
        bye = own_bye if bye is False else bye
    results_before = [
        r
        for r in results.load_results(t, stage=rnd.stage, published_only=False).get(rnd.stage_id, [])
        if r.round is not None and r.round < rnd.number  # the loader numbers every result's round
    ]
    competitors = swiss_competitors(t, results_before, rnd.number)
    allow = any("rematch" in m.flags for m in rnd.matches.all())
    return systems.swiss_check(t, competitors, pairs, None if bye is False else bye, allow)


def problem_text(problem: dict, by_key: dict[str, Participant]) -> str:
    """A problem of ``swiss_check`` in the secretary's words, with the players' names (004 §1.4.6)."""
    names = ", ".join(str(by_key[k]) if k in by_key else k for k in problem.get("players", []))
    texts = {
        "rematch": _("%(p)s have already met (004 §1.4.6: nobody meets the same opponent twice)."),
        "avoidable_rematch": _("%(p)s have already met, and a pairing with fewer rematches exists."),
        "second_bye": _("%(p)s already had a bye, while another player had none."),
        "bye_not_lowest_group": _(
            "The bye must go to a player of the lowest score group that allows it: %(p)s."
        ),
        "player_twice": _("%(p)s would play twice."),
        "player_missing": _("%(p)s would not be paired."),
        "paired_with_self": _("%(p)s cannot play himself."),
        "inactive_player": _("%(p)s no longer takes part."),
        "bye_missing": _("An odd number of players needs a bye."),
        "bye_not_needed": _("An even number of players needs no bye."),
    }
    return texts.get(problem.get("code", ""), _("The pairing breaks a rule: %(p)s.")) % {"p": names}


def swap_players(rnd: Round, a: Participant, b: Participant, user) -> dict:
    """Swap two players between the tables of a Swiss draft, when the pairing engine's check allows the
    result (``DrawError`` with the reasons otherwise; nothing changes). The matches' flags follow the check;
    logged with the objective before and after. Returns the check of the new pairings."""
    with transaction.atomic():
        t = Tournament.objects.select_for_update().get(pk=rnd.tournament_id)
        rnd = Round.objects.select_for_update().get(pk=rnd.pk)
        if not rnd.is_draft or not t.is_swiss or t.is_team_event:
            # A team event's boards come from the line-ups (004 §1.3.4): the captains change them, not a swap.
            raise DrawError(_("Players are swapped only in a Swiss round that is still a draft."))
        if a.pk == b.pk:
            raise DrawError(_("Choose two different players."))
        matches = list(rnd.matches.select_for_update().order_by("table"))
        where = {}
        for m in matches:
            for side, pid in ((1, m.player1_id), (2, m.player2_id)):
                if pid is not None:
                    where[pid] = (m, side)
        if a.pk not in where or b.pk not in where:
            raise DrawError(_("Both players must be in this draft."))
        (ma, sa), (mb, sb) = where[a.pk], where[b.pk]
        if ma.pk == mb.pk:
            raise DrawError(_("The two players already play each other."))
        before = check_swiss_draft(rnd)

        def _set(m, side, pid):
            setattr(m, "player1_id" if side == 1 else "player2_id", pid)

        _set(ma, sa, b.pk)
        _set(mb, sb, a.pk)
        pairs, bye = [], None
        for m in matches:
            if m.player2_id is None:
                bye = str(m.player1_id)
            else:
                pairs.append((str(m.player1_id), str(m.player2_id)))
        answer = check_swiss_draft(rnd, pairs, bye)
        if not answer["valid"]:
            by_key = participants_by_key(t)
            raise DrawError(
                _("The swap is refused: %(why)s")
                % {"why": " ".join(problem_text(p, by_key) for p in answer["problems"])}
            )
        checked = {tuple(p["players"]): p for p in answer["pairs"]}
        for m in (ma, mb):
            flags = [f for f in m.flags if not f.startswith("float_") and f != "rematch"]
            info = checked.get((str(m.player1_id), str(m.player2_id))) if m.player2_id else None
            if info is not None:
                flags += sorted({f"float_{v}" for v in info["float"].values()})
                if info["rematch"]:
                    flags.append("rematch")
            if m.player2_id is None:
                m.winner_id, m.flags = m.player1_id, ["bye"]
            else:
                m.flags = flags
            m.save(update_fields=["player1", "player2", "winner", "flags"])
        log(
            t,
            user,
            "swap",
            _("Draft round %(n)s: %(a)s (table %(ta)s) and %(b)s (table %(tb)s) swapped")
            % {"n": rnd.number, "a": a, "ta": ma.table, "b": b, "tb": mb.table},
            cost_before=str(before["cost"]),
            cost_after=str(answer["cost"]),
            optimum=str(answer["optimum"]),
            warnings=[w.get("code") for w in answer["warnings"]],
        )
        return answer
