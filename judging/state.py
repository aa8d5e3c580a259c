"""Where a match stands: not started, playing, provisional, under protest, final (004 §5.10).

``match_state(match, now)`` is the one function pages call to show a result's state and the time left; the
finality task (``judging.tasks``) writes ``Match.final_at`` with ``finalize_match`` from the same rules.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.apps import apps
from django.db import transaction
from django.db.models import Count, F, IntegerField, Max, Q, Value
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast, Coalesce
from django.db.models.lookups import Exact
from django.utils import timezone
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from draw.models import Match, Round

# The draw enforces the same next-match rule for corrections (003 «Протоколы»); re-exported for judging.
from draw.results import either_started_next as either_started_next
from draw.results import next_match_started as next_match_started
from tournaments.models import Tournament, bump_version

NOT_STARTED = "not_started"
PLAYING = "playing"
PROVISIONAL = "provisional"
UNDER_PROTEST = "under_protest"
FINAL = "final"

OPEN_STATUSES = ("filed", "accepted")
DECIDED_STATUSES = ("upheld", "dismissed")  # the panel examined the result: its decision is final (§5.10)


def _window(match: Match) -> datetime.timedelta:
    return datetime.timedelta(minutes=match.round.tournament.protest_window_minutes)


def window_end(match: Match, participant_id: int | None = None) -> datetime.datetime | None:
    """The end of the protest window (004 §5.10, default 10 minutes) for ``participant_id``, or the latest of
    the players' when None.

    A window runs from the end of the match. A change of the result (a correction, a disputed protocol
    certified) opens a new one, from the change, for the players it harms (``Match.reopened_for``).
    """
    if match.ended_at is None:
        return None
    end = match.ended_at + _window(match)
    if match.changed_at is not None and match.reopened_for:
        if participant_id is None or participant_id in match.reopened_for:
            end = max(end, match.changed_at + _window(match))
    return end


def has_open_protest(match: Match) -> bool:
    return match.protests.filter(status__in=OPEN_STATUSES).exists()


def _players(match: Match) -> list[int]:
    return [pid for pid in (match.player1_id, match.player2_id) if pid]


def match_state(
    match: Match,
    now: datetime.datetime | None = None,
    protested: bool | None = None,
    started_next: set[int] | None = None,
) -> tuple[str, int | None]:
    """``(state, seconds_left)``; ``seconds_left`` is the protest window left for a provisional result.

    A bye or a round-robin rest is final at once (nobody can protest it). A result is provisional while one of
    its players may still protest: his window (``window_end``) is open and he has not started his next match
    (004 §2.4.2 item 5); under protest while a protest is open; final otherwise (even before the finality task
    has stored ``final_at``). ``protested`` and ``started_next`` (the players of the match who have started a
    later match): when the caller read them for many matches at once; None asks the database.
    """
    now = now or timezone.now()
    if not match.result_kind:
        if match.awaits_reflow:
            return NOT_STARTED, None
        return (PLAYING, None) if match.started_at and match.started_at <= now else (NOT_STARTED, None)
    if match.is_bye or match.final_at is not None:
        return FINAL, None
    if has_open_protest(match) if protested is None else protested:
        return UNDER_PROTEST, None
    if match.ended_at is None:
        return FINAL, None
    if started_next is None:
        started_next = {pid for pid in _players(match) if next_match_started(match, pid, now)}
    ends = [_window_end_of_ended(match, pid) for pid in _players(match) if pid not in started_next]
    left = [end - now for end in ends if now < end]
    if not left:
        return FINAL, None
    return PROVISIONAL, int(max(left).total_seconds())


def _window_end_of_ended(match: Match, participant_id: int) -> datetime.datetime:
    """``window_end`` of a match that has ended (its window has an end)."""
    end = window_end(match, participant_id)
    assert end is not None
    return end


def _next_started_at(match: Match, pid: int) -> datetime.datetime | None:
    return (
        Match.objects.filter(
            round__tournament_id=match.round.tournament_id,
            round__number__gt=match.round.number,
            started_at__isnull=False,
        )
        .filter(Q(player1_id=pid) | Q(player2_id=pid))
        .order_by("started_at")
        .values_list("started_at", flat=True)
        .first()
    )


def finalize_match(match: Match, now: datetime.datetime) -> bool:
    """Store the finality of one result when it is due; True when it was written now. Idempotent.

    Due: a bye at once; a result whose protest was decided (upheld or dismissed) at the decision; any other
    when no protest is open and no player may still protest (his window closed or his next match started),
    at the moment the last of them could no longer protest.

    Serialised with protest filing on the match's row lock (``Protest.file`` takes the same lock): either the
    protest is committed first and the result stays provisional, or the finality is, and the protest is
    refused — never a protest on a result already stored as final (issue 13 item 8).
    """
    if not match.result_kind or match.final_at is not None or match.ended_at is None:
        return False
    with transaction.atomic():
        # The tournament's row first, as every other change of a result takes it (``lock_open``): the version
        # bump below then never waits on it while holding the match's row (a deadlock with a protest filed).
        ids = Match.objects.filter(pk=match.pk).values_list("round__tournament_id", flat=True)
        tournament_id = ids.first()  # None: the match was deleted meanwhile (a redraw); nothing to write
        if tournament_id is not None:
            list(Tournament.objects.select_for_update().filter(pk=tournament_id).values_list("pk", flat=True))
        locked = (
            Match.objects.select_for_update(of=("self",))
            .select_related("round__tournament")
            .filter(pk=match.pk)
            .first()
        )
        if locked is None or locked.final_at is not None or locked.version != match.version:
            return False
        moment = _final_moment(locked, now)
        if moment is None:
            return False
        # Only the row still not final is written: a second run, or a run racing this one, does nothing.
        written = bool(
            Match.objects.filter(pk=match.pk, final_at__isnull=True, version=match.version).update(
                final_at=min(moment, now)
            )
        )
        if written:
            bump_version(locked.round.tournament_id)  # "provisional" → "final" shows on the public pages
        return written


def _final_moment(match: Match, now: datetime.datetime) -> datetime.datetime | None:
    """When the result became final, or None while it is not final yet."""
    if match.is_bye:
        return match.ended_at
    decided = match.protests.filter(status__in=DECIDED_STATUSES)
    if match.changed_at is not None:
        decided = decided.filter(decided_at__gte=match.changed_at)
    decided_at = decided.order_by("-decided_at").values_list("decided_at", flat=True).first()
    if decided_at is not None:
        return decided_at
    if has_open_protest(match):
        return None
    closes = []
    for pid in _players(match):
        end = _window_end_of_ended(match, pid)
        started = _next_started_at(match, pid)
        closes.append(min(end, started) if started is not None else end)
    moment = max(closes)
    if now < moment:
        return None
    reviewed = match.protests.exclude(reviewed_at__isnull=True).order_by("-reviewed_at").first()
    if reviewed is not None and reviewed.reviewed_at is not None and reviewed.reviewed_at > moment:
        moment = reviewed.reviewed_at
    return moment


def pending_protests(tournament) -> list:
    """Open protests whose decision could still change a result, hence a score group, before the next draw."""
    return list(
        tournament.protests.filter(status__in=OPEN_STATUSES).select_related(
            "match__round", "protester__person"
        )
    )


def pending_protests_warning(tournament) -> str:
    """The warning the secretary sees when drawing while a protest is pending; empty when none is."""
    pending = pending_protests(tournament)
    if not pending:
        return ""
    where = ", ".join(
        _("round %(r)s, table %(t)s") % {"r": p.match.round.number, "t": p.match.table} for p in pending
    )
    return _(
        "A protest is pending (%(where)s): its decision may change a result and the score groups of the draw."
    ) % {"where": where}


# --- the states of many matches at once, with their words ----------------------------------------------


@dataclass(frozen=True)
class MatchState:
    key: str  # not_started, playing, provisional, under_protest, final (the words above)
    text: str
    seconds_left: int | None = None


def match_states(matches: list[Match], now: datetime.datetime) -> dict[int, MatchState]:
    """The state of each match: not started, playing, provisional (protest time left), under protest, final.

    The rules are ``match_state``'s (004 §5.10); the open protests of all the matches are read
    here in one query, so a page or an API answer costs the same number of queries for 10 tables or 500.
    """
    protested = _open_protests([m.pk for m in matches if m.result_kind])
    started = _started_next([m for m in matches if _window_may_be_open(m, now)], now)
    return {m.pk: derive_state(m, now, m.pk in protested, started.get(m.pk, set())) for m in matches}


def _window_may_be_open(m: Match, now: datetime.datetime) -> bool:
    if not m.result_kind or m.is_bye or m.final_at is not None or m.ended_at is None:
        return False
    end = window_end(m)
    return end is not None and now < end


def _started_next(matches: list[Match], now: datetime.datetime) -> dict[int, set[int]]:
    """For each match, its players who have started a later match by ``now``: one query for them all."""
    if not matches:
        return {}
    pids = {pid for m in matches for pid in _players(m)}
    latest: dict[tuple[int, int], int] = {}  # (tournament, player) → the latest round he started
    rows = (
        Match.objects.filter(
            round__tournament_id__in={m.round.tournament_id for m in matches},
            round__number__gt=min(m.round.number for m in matches),
            started_at__isnull=False,
            started_at__lte=now,
        )
        .filter(Q(player1_id__in=pids) | Q(player2_id__in=pids))
        .values_list("round__tournament_id", "round__number", "player1_id", "player2_id")
    )
    for tid, number, p1, p2 in rows:
        for pid in (p1, p2):
            if pid in pids and number > latest.get((tid, pid), 0):
                latest[(tid, pid)] = number
    return {
        m.pk: {pid for pid in _players(m) if latest.get((m.round.tournament_id, pid), 0) > m.round.number}
        for m in matches
    }


def started_next_of(matches: list[Match], now: datetime.datetime) -> dict[int, set[int]]:
    """For each match, its players who have started a later match by ``now`` (003 «Протоколы»: its result
    can no longer be corrected): one query for them all, whatever the number of matches."""
    return _started_next(list(matches), now)


def _open_protests(match_ids: list[int]) -> set[int]:
    if not match_ids:
        return set()
    return set(
        Match.objects.filter(pk__in=match_ids, protests__status__in=OPEN_STATUSES).values_list(
            "pk", flat=True
        )
    )


# The words of a state, per (state, minutes left, language): a venue screen's fragment writes one for each of
# 5,000 tables, and a round in play has thousands of them provisional (issue 36).
_TEXTS: dict[tuple[str, int | None, str | None], str] = {}


def _state_text(key: str, seconds: int | None) -> str:
    minutes = max(1, -(-seconds // 60)) if key == PROVISIONAL and seconds is not None else None
    memo = (key, minutes, get_language())
    found = _TEXTS.get(memo)
    if found is None:
        found = _TEXTS[memo] = _words(key, seconds)
    return found


def _words(key: str, seconds: int | None) -> str:
    if key == NOT_STARTED:
        return _("not started")
    if key == PLAYING:
        return _("playing")
    if key == UNDER_PROTEST:
        return _("under protest")
    if key == PROVISIONAL:
        if seconds is None:
            return _("provisional")
        minutes = max(1, -(-seconds // 60))
        return ngettext(
            "provisional: %(n)s min left for a protest", "provisional: %(n)s min left for a protest", minutes
        ) % {"n": minutes}
    return _("final")


def derive_state(
    m: Match, now: datetime.datetime, protested: bool = False, started_next: set[int] | None = None
) -> MatchState:
    key, seconds = match_state(m, now, protested=protested, started_next=started_next or set())
    return MatchState(key, _state_text(key, seconds), seconds)


@dataclass(frozen=True)
class RoundState:
    key: str  # draft, published (matches to play), provisional (all entered, some not final), completed
    text: str


def round_states(rounds, now: datetime.datetime) -> dict[int, RoundState]:
    """What each round's badge says, the state the server enforces: a round is *completed* only when every
    result in it is final (004 §5.10); with every result entered but some still open to a protest it says so.

    One aggregate query whatever the number of rounds or matches (issue 36): the results not final yet are
    counted per round by the database (``not_final_q``), none of them is read.
    """
    rounds = list(rounds)
    entered = [r for r in rounds if r.status == "finished"]
    open_in = open_counts_by_round(entered, now)
    out = {}
    for r in rounds:
        if r.status == "draft":
            out[r.pk] = RoundState("draft", _("draft"))
        elif r.status != "finished":
            out[r.pk] = RoundState("published", _("in play"))
        elif open_in.get(r.pk):
            n = open_in[r.pk]
            text = ngettext(
                "results entered, %(n)s not final yet", "results entered, %(n)s not final yet", n
            ) % {"n": n}
            out[r.pk] = RoundState("provisional", text)
        else:
            out[r.pk] = RoundState("finished", _("completed"))
    return out


def participant_matches(participant, now: datetime.datetime) -> list[tuple[Match, MatchState]]:
    """A participant's matches in the published rounds, in round order, each with its state.

    The one loader for his page and the API: three queries whatever the field or the number of rounds.
    """
    matches = list(
        Match.objects.filter(round__tournament_id=participant.tournament_id)
        .exclude(round__status="draft")
        .filter(Q(player1=participant) | Q(player2=participant))
        .select_related(
            "round__tournament",
            "player1__person",
            "player1__team",
            "player2__person",
            "player2__team",
            "winner__person",
        )
        .order_by("round__number")
    )
    states = match_states(matches, now)
    return [(m, states[m.pk]) for m in matches]


# --- the same rules in SQL: counts and filters over any number of results (issue 36) ----------------------
#
# ``match_state`` judges the matches a page shows, in constant time each. What a page counts ("58 still in
# the window") or filters (the API's ``?state=``) over a whole tournament is the database's work: the Q
# objects below say in SQL exactly what ``match_state`` says in Python, so no page reads every result that
# is not stored as final — and a result whose window has passed with no open protest is final for them too,
# whether or not the finality task has stored it yet.


def _protested(tournament: Tournament) -> Q:
    """A protest on the match is filed or accepted (open): the tournament's open protests, read once."""
    protest = apps.get_model("judging", "Protest")
    return Q(
        pk__in=protest.objects.filter(tournament_id=tournament.pk, status__in=OPEN_STATUSES).values(
            "match_id"
        )
    )


def _reopened_for(player: str) -> Q:
    """``player`` (a column of the match) is in ``reopened_for`` (a list of at most the two players' ids)."""
    found = Q()
    for index in ("0", "1"):
        item = Coalesce(Cast(KeyTextTransform(index, "reopened_for"), IntegerField()), Value(0))
        found |= Q(Exact(item, F(player)))
    return found


def _may_protest(
    tournament: Tournament, number: int, player: str, since, now: datetime.datetime, later_started: bool
) -> Q:
    """``player`` (``player1_id`` or ``player2_id``) of a result of round ``number`` may still protest it: his
    window (``window_end``) is open and he has not started a later match (004 §5.10, §2.4.2 item 5).

    The players who have started a match of a later round are a set read once for the round (a hashed
    subquery), not a lookup per result."""
    window_open = Q(ended_at__gt=since) | (Q(changed_at__gt=since) & _reopened_for(player))
    if not later_started:  # no match of a later round has started: nobody has started his next one
        return Q(**{f"{player}__isnull": False}) & window_open
    later = Match.objects.filter(
        round__tournament_id=tournament.pk, round__number__gt=number, started_at__lte=now
    )
    return (
        Q(**{f"{player}__isnull": False})
        & window_open
        & ~Q(**{f"{player}__in": later.filter(player1__isnull=False).values("player1_id")})
        & ~Q(**{f"{player}__in": later.filter(player2__isnull=False).values("player2_id")})
    )


def _judged(tournament: Tournament, now: datetime.datetime) -> tuple[Q, Q, Q]:
    """(results not stored as final, open to a protest) as ``match_state`` sees them: a result, not a bye,
    no ``final_at``; then the open protest, and a player who may still protest.

    A window is open only for a result that ended or changed less than the window ago: the rounds holding
    such results are found first (one small query: typically the round in play), and only theirs are
    judged for the players' next matches."""
    window = datetime.timedelta(minutes=tournament.protest_window_minutes)
    since = now - window
    base = Q(final_at__isnull=True, player2__isnull=False) & ~Q(result_kind="")
    recent = list(
        Match.objects.filter(base, round__tournament_id=tournament.pk, ended_at__isnull=False)
        .filter(Q(ended_at__gt=since) | Q(changed_at__gt=since))
        .values_list("round_id", "round__number")
        .distinct()
        .order_by()
    )
    # The latest round in which a match has started: no player of a result of that round or a later one
    # has started his next match (one more small query, only while some window is open).
    started = None
    if recent:
        started = Match.objects.filter(round__tournament_id=tournament.pk, started_at__lte=now).aggregate(
            n=Max("round__number")
        )["n"]
    may = Q(pk__in=[])
    for round_id, number in recent:
        later = started is not None and started > number
        may |= Q(round_id=round_id, ended_at__isnull=False) & (
            _may_protest(tournament, number, "player1_id", since, now, later)
            | _may_protest(tournament, number, "player2_id", since, now, later)
        )
    return base, _protested(tournament), may


def state_q(key: str, tournament: Tournament, now: datetime.datetime) -> Q:
    """The matches of ``tournament`` whose result is in state ``key`` (``PROVISIONAL``, ``UNDER_PROTEST``,
    ``FINAL``, or ``"open"``: provisional or under protest) at ``now``: ``match_state``'s rules in SQL.

    Building it reads which rounds hold results inside their window (one small query, ``_judged``)."""
    base, protested, may = _judged(tournament, now)
    own = Q(round__tournament_id=tournament.pk)
    if key == UNDER_PROTEST:
        return own & base & protested
    if key == PROVISIONAL:
        return own & base & ~protested & may
    if key == "open":
        return own & base & (protested | may)
    if key == FINAL:
        # Not open: every condition above is two-valued (no NULL escapes the negation).
        return own & ~Q(result_kind="") & ~(base & (protested | may))
    raise ValueError(key)


def not_final_q(tournaments, now: datetime.datetime) -> Q:
    """The results of any of ``tournaments`` still provisional or under protest at ``now``."""
    out = Q(pk__in=[])
    for t in {t.pk: t for t in tournaments}.values():
        out |= state_q("open", t, now)
    return out


def open_counts_by_round(rounds, now: datetime.datetime) -> dict[int, int]:
    """For each of ``rounds``, how many of its results are not final yet: one aggregate query."""
    rounds = list(rounds)
    if not rounds:
        return {}
    rows = (
        Match.objects.filter(round_id__in=[r.pk for r in rounds])
        .filter(not_final_q(_tournaments_of(rounds), now))
        .values("round_id")
        .annotate(n=Count("pk"))
        .order_by()
    )
    return {row["round_id"]: row["n"] for row in rows}


def _tournaments_of(rounds: list) -> list[Tournament]:
    """The rounds' tournaments (their protest windows): those already loaded with them, the rest in one
    query."""
    known = {r.tournament_id: r.tournament for r in rounds if Round.tournament.is_cached(r)}
    missing = {r.tournament_id for r in rounds} - set(known)
    if missing:
        known.update(Tournament.objects.in_bulk(missing))
    return list(known.values())
