"""What each document says, as plain frozen data built from the models: no reportlab here.

Every ``*_data`` function reads the database once, returns frozen dataclasses of strings, numbers and tuples,
and translates labels into the language active at the call (``protocols.tasks`` activates the tournament's
language, Russian). ``fingerprint(data)`` hashes the data: a document is generated again only when its
fingerprint changed since the last one (``protocols.models.Document``).

The renderers in ``protocols.render`` only lay this data out; the tests check the data here and read each
rendered PDF back once.
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import json
from dataclasses import dataclass
from fractions import Fraction

from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from draw import manager as draw_manager
from draw.models import Match, Round, Stage
from judging.models import Protest, Sanction
from records.manager import GameLine
from records.manager import match_games as record_games
from registration.manager import RegistrationProtocol, registration_protocol_data
from registration.models import Official, Participant
from standings import brackets, metrics, ranking
from standings.ranking import stage_bracket
from tournaments.models import ELIMINATION_SYSTEMS, System, Tournament
from tournaments.rules import cite

# --- shared pieces --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Heading:
    """What every page of every document of a tournament carries."""

    name: str
    dates: str
    venue: str
    discipline: str
    system: str


def heading(t: Tournament) -> Heading:
    return Heading(
        name=t.name,
        dates=date_range(t.start_date, t.end_date),
        venue=t.venue,
        discipline=str(t.get_discipline_display()),
        system=str(t.get_system_display()),
    )


def date_range(start: datetime.date, end: datetime.date) -> str:
    if start == end:
        return f"{start:%d.%m.%Y}"
    return f"{start:%d.%m.%Y}–{end:%d.%m.%Y}"


def local_time(value: datetime.datetime | None) -> str:
    if value is None:
        return ""
    return f"{timezone.localtime(value):%d.%m.%Y %H:%M}"


def number_text(value: Fraction | int | None) -> str:
    """Points and tie-breaks as printed: 3, 2½, 1.33."""
    if value is None:
        return "—"
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2:
        whole = value.numerator // 2
        return f"{whole}½" if whole else "½"
    return f"{float(value):.2f}".rstrip("0").replace(".", ",")


def fingerprint(data: object) -> str:
    """A stable hash of a document's plain data (sha256 of its canonical JSON)."""
    text = json.dumps(dataclasses.asdict(data), sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class Signature:
    role: str  # the printed role, e.g. "Главный судья"
    name: str  # may be empty: a line to write the name by hand


def _official_name(t: Tournament, role: str) -> str:
    o = t.officials.filter(role=role, accredited=True).select_related("person").first()
    return o.person.short_name if o else ""


def panel_signatures(t: Tournament) -> tuple[Signature, ...]:
    return (
        Signature(_("Chief judge"), _official_name(t, Official.Role.CHIEF_JUDGE)),
        Signature(_("Chief secretary"), _official_name(t, Official.Role.CHIEF_SECRETARY)),
    )


def _name(p: Participant | None) -> str:
    return p.person.full_name if p is not None else ""


# --- round pairing protocol (003: posted 5 minutes before the round) -------------------------------------


@dataclass(frozen=True)
class PairingRow:
    table: int
    player1: str
    player2: str  # "" for a bye
    match_length: int
    note: str  # bye, walk-over


@dataclass(frozen=True)
class PairingsData:
    heading: Heading
    round: int
    stage: str
    start_time: str
    match_length: int
    rows: tuple[PairingRow, ...]
    signatures: tuple[Signature, ...]


def pairings_data(rnd: Round) -> PairingsData:
    t = rnd.tournament
    matches = rnd.matches.select_related("player1__person", "player2__person", "group").order_by("table")
    rows = []
    for m in matches:
        note = ""
        if m.is_bye:
            note = _("bye")
        elif "walkover" in m.flags:
            note = _("walk-over")
        elif m.group_id:
            note = _("group %(g)s") % {"g": m.group.name}
        rows.append(PairingRow(m.table, _name(m.player1), _name(m.player2), m.match_length, note))
    stage = "" if rnd.stage.kind == Stage.Kind.MAIN else str(rnd.stage.get_kind_display())
    return PairingsData(
        heading=heading(t),
        round=rnd.number,
        stage=stage,
        start_time=local_time(rnd.start_time),
        match_length=rnd.effective_match_length(),
        rows=tuple(rows),
        signatures=(Signature(_("Chief secretary"), _official_name(t, Official.Role.CHIEF_SECRETARY)),),
    )


# --- match protocol (003) -------------------------------------------------------------------------------


def breaks_allowed(match_length: int, blitz: bool = False) -> int:
    """Breaks per player in a match (003 "Перерывы").

    To 7 or 9 points: 1; to 11 or 13: 2; to 15 or more: 3; to 5 or less and blitz: none. Lengths the rule
    does not name fall in the band of the next shorter named length: 6, 8 and 10 give 1; 12 and 14 give 2.
    """
    if blitz or match_length <= 5:
        return 0
    if match_length < 11:
        return 1
    if match_length < 15:
        return 2
    return 3


@dataclass(frozen=True)
class MatchProtocolData:
    heading: Heading
    round: int
    table: int
    player1: str
    player2: str
    match_length: int
    breaks: int
    start_time: str
    filled: bool  # the result is in
    score1: int | None
    score2: int | None
    winner: str
    result: str  # the kind of result, e.g. "technical defeat", with its reason
    games: tuple[GameLine, ...]  # from the match's record (records.manager.match_games)
    blank_games: int  # empty grid lines to print
    protocol_status: str
    note: str
    signatures: tuple[Signature, ...]


def match_protocol_data(match: Match) -> MatchProtocolData:
    rnd = match.round
    t = rnd.tournament
    length = match.match_length
    filled = bool(match.result_kind)
    games: tuple[GameLine, ...] = ()
    protocol_status = note = ""
    protocol = getattr(match, "protocol", None) if filled else None
    if protocol is not None:
        protocol_status = str(protocol.get_status_display())
    if filled:
        # The match's one record (records): game lines in the match's player order, checked by the rules.
        games = record_games(match) or ()
        if any(not g.checked for g in games):
            note = _("Games marked * could not be checked by the rules; their results are the record's own.")
    result = ""
    if filled:
        result = str(match.get_result_kind_display())
        if match.result_reason:
            result = f"{result}: {match.result_reason}"
    # A grid long enough for a match of one-point games, capped to fit the page.
    blank = 0 if games else min(max(2 * length - 1, 9), 25)
    return MatchProtocolData(
        heading=heading(t),
        round=rnd.number,
        table=match.table,
        player1=_name(match.player1),
        player2=_name(match.player2) or _("bye"),
        match_length=length,
        breaks=breaks_allowed(length),
        start_time=local_time(match.started_at or rnd.start_time),
        filled=filled,
        score1=match.score1 if filled else None,
        score2=match.score2 if filled else None,
        winner=_name(match.winner) if filled else "",
        result=result,
        games=games,
        blank_games=blank,
        protocol_status=protocol_status,
        note=note,
        signatures=(
            Signature(_("Player 1"), match.player1.person.short_name if match.player1 else ""),
            Signature(_("Player 2"), match.player2.person.short_name if match.player2 else ""),
            Signature(_("Secretary"), ""),
        ),
    )


# --- standings ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    key: str
    abbr: str
    name: str


@dataclass(frozen=True)
class StandingLine:
    place: str
    name: str
    organisation: str
    group: str
    points: str
    played: int
    wins: int
    losses: int
    metrics: tuple[str, ...]
    removed: bool


@dataclass(frozen=True)
class TeamLine:
    """004 §1.3: in team and personal-team events the players' results also count for their team."""

    place: str
    team: str
    members: int
    points: str
    wins: int
    game_difference: int


@dataclass(frozen=True)
class StandingsData:
    heading: Heading
    as_of: str  # "after round 5"
    columns: tuple[Column, ...]  # the tie-break columns, in the tournament's order
    rows: tuple[StandingLine, ...]
    with_groups: bool
    teams: tuple[TeamLine, ...] = ()


def _team_lines(computed: ranking.Standings) -> tuple[TeamLine, ...]:
    return tuple(
        TeamLine(t.place_label, t.team, len(t.members), number_text(t.points), t.wins, t.game_difference)
        for t in computed.teams
    )


def _organisation(p: Participant) -> str:
    return ", ".join(x for x in (p.person.organisation, p.person.region) if x)


def _standing_lines(rows: list[ranking.StandingRow], keys: list[str]) -> tuple[StandingLine, ...]:
    return tuple(
        StandingLine(
            place=s.row.place_label,
            name=s.participant.person.full_name,
            organisation=_organisation(s.participant),
            group=s.group,
            points=number_text(s.row.points),
            played=s.row.played + s.row.byes,
            wins=s.row.wins,
            losses=s.row.losses,
            metrics=tuple(number_text(s.row.metrics.get(k)) for k in keys),
            removed=s.removed,
        )
        for s in rows
    )


def _columns(keys: list[str]) -> tuple[Column, ...]:
    return tuple(Column(k, _(metrics.METRICS[k].abbr), _(metrics.METRICS[k].name)) for k in keys)


def _as_of(t: Tournament) -> str:
    last = t.round_set.filter(status=Round.Status.FINISHED).order_by("-number").first()
    if t.status == Tournament.Status.FINISHED:
        return _("final standings")
    if last is None:
        return _("before the first round")
    return _("after round %(n)s") % {"n": last.number}


def _shown_keys(t: Tournament, computed: ranking.Standings) -> list[str]:
    # Elimination places come from the bracket alone: tie-break columns would only mislead there.
    return [] if t.system in ELIMINATION_SYSTEMS else computed.keys


def standings_data(t: Tournament) -> StandingsData:
    computed = ranking.compute(t)
    keys = _shown_keys(t, computed)
    return StandingsData(
        heading=heading(t),
        as_of=_as_of(t),
        columns=_columns(keys),
        rows=_standing_lines(computed.rows, keys),
        with_groups=t.system == System.MIXED,
        teams=_team_lines(computed),
    )


# --- the round-robin crosstable (турнирная таблица) -----------------------------------------------------


@dataclass(frozen=True)
class CrossLine:
    number: int
    name: str
    cells: tuple[str, ...]  # "" not played, "■" the diagonal, "1 7:3", "0 2:7", "+", "−", "×"
    points: str
    place: str


@dataclass(frozen=True)
class CrossSection:
    title: str
    rows: tuple[CrossLine, ...]


@dataclass(frozen=True)
class CrosstableData:
    heading: Heading
    as_of: str
    sections: tuple[CrossSection, ...]


def _cell_text(cells: list[ranking.Cell]) -> str:
    return " / ".join(" ".join(x for x in (c.text, c.detail) if x) for c in cells)


def crosstable_data(t: Tournament) -> CrosstableData | None:
    """None when the tournament has no round-robin stage."""
    stage = t.stages.exclude(system__in=ELIMINATION_SYSTEMS).first()
    if stage is None or stage.system != System.ROUND_ROBIN:
        return None
    computed = ranking.compute(t)
    parts = (
        [(_("Group %(g)s") % {"g": g.group.name}, g.rows, g.group) for g in computed.groups]
        if computed.groups
        else [("", computed.rows, None)]
    )
    sections = []
    for title, rows, group in parts:
        lines = []
        for cr in ranking.crosstable(t, stage, rows, group):
            cells = tuple(
                "■" if j == cr.number - 1 else _cell_text(column) for j, column in enumerate(cr.cells)
            )
            lines.append(
                CrossLine(
                    cr.number,
                    cr.standing.participant.person.full_name,
                    cells,
                    number_text(cr.standing.row.points),
                    cr.standing.row.place_label,
                )
            )
        sections.append(CrossSection(title, tuple(lines)))
    return CrosstableData(heading(t), _as_of(t), tuple(sections))


# --- the bracket of an elimination stage ----------------------------------------------------------------


@dataclass(frozen=True)
class BracketBox:
    id: str
    round: int
    bracket: str
    sources: tuple[str, ...]  # ids of the matches whose winners come here (for the lines)
    names: tuple[str, str]
    scores: tuple[str, str]
    winner: int  # 0 none yet, 1 or 2


@dataclass(frozen=True)
class BracketData:
    heading: Heading
    stage: int
    title: str
    band_titles: tuple[tuple[str, str], ...]  # (band key, printed title)
    boxes: tuple[BracketBox, ...]
    places: tuple[tuple[str, str], ...]  # (place, name) once decided


def _slot_label(slot: object, titles: dict[str, str]) -> str:
    if not isinstance(slot, dict):
        return ""
    if slot.get("bye"):
        return titles["bye"]
    if "winner_of" in slot:
        return titles["winner_of"] % {"m": slot["winner_of"]}
    if "loser_of" in slot:
        return titles["loser_of"] % {"m": slot["loser_of"]}
    if "seed" in slot:
        return titles["seed"] % {"s": slot["seed"]}
    return ""


def bracket_data(stage: Stage) -> BracketData:
    t = stage.tournament
    by_key = draw_manager.participants_by_key(t)
    drawn = stage_bracket(stage, by_key)
    titles = brackets.default_titles()
    boxes = []
    for m in drawn["matches"]:
        slots = m.get("slots") or [None, None]
        names = tuple(
            (by_key[k].person.short_name if k in by_key else "") or _slot_label(slots[i], titles)
            for i, k in enumerate(m["players"])
        )
        scores = tuple("" if s is None else str(s) for s in m["scores"])
        winner = 0
        if m.get("winner"):
            winner = 1 if m["players"][0] == m["winner"] else 2
        sources = tuple(s["winner_of"] for s in slots if isinstance(s, dict) and "winner_of" in s)
        boxes.append(
            BracketBox(m["id"], m["round"], m.get("bracket") or "main", sources, names, scores, winner)
        )
    places = tuple(
        (
            f"{p['place']}" if p["place"] == p["place_to"] else f"{p['place']}–{p['place_to']}",
            by_key[p["player"]].person.full_name if p["player"] in by_key else p["player"],
        )
        for p in sorted(drawn["places"], key=lambda p: (p.get("place") is None, p.get("place") or 0))
        if p.get("place") is not None
    )
    bands = sorted({b.bracket for b in boxes})
    title = _("Playoff") if stage.kind == Stage.Kind.PLAYOFF else ""  # a main stage: the heading names it
    return BracketData(
        heading=heading(t),
        stage=stage.number,
        title=title,
        band_titles=tuple((b, titles.get(b, b)) for b in bands),
        boxes=tuple(boxes),
        places=places,
    )


# --- sanctions (004 §5.7) -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SanctionLine:
    number: int
    date: str
    person: str
    kind: str
    violation: str
    clause: str
    facts: str
    match: str
    consequence: str
    term: str
    lifted: str


@dataclass(frozen=True)
class SanctionsData:
    heading: Heading
    rows: tuple[SanctionLine, ...]
    signatures: tuple[Signature, ...]


def _sanction_term(s) -> str:
    parts = []
    if s.starts_on or s.ends_on:
        start = f"{s.starts_on:%d.%m.%Y}" if s.starts_on else "…"
        end = f"{s.ends_on:%d.%m.%Y}" if s.ends_on else "…"
        parts.append(f"{start}–{end}")
    if s.matches_count:
        parts.append(_("%(n)s matches") % {"n": s.matches_count})
    if s.tournaments_count:
        parts.append(_("%(n)s tournaments") % {"n": s.tournaments_count})
    return ", ".join(parts)


def _match_label(m: Match | None) -> str:
    if m is None:
        return ""
    return _("round %(r)s, table %(t)s") % {"r": m.round.number, "t": m.table}


def sanction_lines(t: Tournament) -> tuple[SanctionLine, ...]:
    rows = (
        Sanction.objects.filter(tournament=t)
        .select_related("person", "match__round")
        .order_by("issued_at", "id")
    )
    return tuple(
        SanctionLine(
            number=i,
            date=local_time(s.issued_at),
            person=s.person.full_name,
            kind=str(s.get_kind_display()),
            violation=str(s.get_violation_display()) if s.violation else "",
            clause=cite(s.clause),
            facts=s.facts,
            match=_match_label(s.match),
            consequence=str(s.get_outcome_display()) if s.outcome else "",
            term=_sanction_term(s),
            lifted=local_time(s.lifted_at),
        )
        for i, s in enumerate(rows, start=1)
    )


def sanctions_data(t: Tournament) -> SanctionsData:
    return SanctionsData(heading(t), sanction_lines(t), panel_signatures(t))


# --- protest decision (004 §5.10, §5.11) ----------------------------------------------------------------


@dataclass(frozen=True)
class ProtestData:
    heading: Heading
    number: int
    filed_at: str
    protester: str
    match: str  # round, table, the two players
    result_then: str
    reasons: str
    arguments: str
    evidence: str
    attachments: tuple[str, ...]
    deposit: str
    status: str
    reviewed_at: str
    rejection: str
    decided_at: str
    decision: str  # the panel's reasons
    consequence: str
    deposit_fate: str
    signatures: tuple[Signature, ...]


def protest_decision_data(protest) -> ProtestData:
    """The protest, its evidence, the panel's decision and reasons (004 §5.10: the decision is final)."""
    m = protest.match
    t = protest.tournament
    players = f"{_name(m.player1)} — {_name(m.player2)}"
    consequence = ""
    if protest.decided_at is not None:
        consequence = str(protest.get_consequence_display())
        if protest.consequence == "score" and protest.new_score1 is not None:
            consequence = f"{consequence}: {protest.new_score1}:{protest.new_score2}"
        if protest.consequence == Protest.Consequence.TECHNICAL and protest.winner_side in (1, 2):
            loser = m.player2 if protest.winner_side == 1 else m.player1
            consequence = f"{consequence}: {_name(loser)}"
    deposit = ""
    deposit_fate = ""
    if protest.deposit:
        deposit = f"{protest.deposit:.2f}".replace(".", ",")
        if protest.deposit_returned_at:
            deposit_fate = _("returned %(d)s") % {"d": local_time(protest.deposit_returned_at)}
        elif protest.decided_at is not None or protest.status == "rejected":
            deposit_fate = _("not returned")
    return ProtestData(
        heading=heading(t),
        number=protest.pk,
        filed_at=local_time(protest.filed_at),
        protester=_name(protest.protester),
        match=_("round %(r)s, table %(t)s: %(p)s") % {"r": m.round.number, "t": m.table, "p": players},
        result_then=(f"{m.score1}:{m.score2}" if m.score1 is not None and m.score2 is not None else "—"),
        reasons=protest.reasons,
        arguments=protest.arguments,
        evidence=protest.evidence,
        attachments=tuple(a.original_name for a in protest.attachments.all()),
        deposit=deposit,
        status=str(protest.get_status_display()),
        reviewed_at=local_time(protest.reviewed_at),
        rejection=str(protest.get_rejection_display()) if protest.rejection else "",
        decided_at=local_time(protest.decided_at),
        decision=protest.decision_reasons,
        consequence=consequence,
        deposit_fate=deposit_fate,
        signatures=panel_signatures(t),
    )


# --- final protocol (итоговый протокол, 004 §6.2.1, §6.2.3) ---------------------------------------------


@dataclass(frozen=True)
class Fact:
    label: str
    value: str


@dataclass(frozen=True)
class RemovedLine:
    name: str
    when: str
    clause: str
    consequence: str


@dataclass(frozen=True)
class ProtestLine:
    number: int
    filed_at: str
    protester: str
    match: str
    status: str
    consequence: str


@dataclass(frozen=True)
class FinalProtocolData:
    heading: Heading
    signed: bool  # the tournament is finished: the protocol is final, not a draft
    finished_at: str
    details: tuple[Fact, ...]
    officials: tuple[Fact, ...]
    columns: tuple[Column, ...]
    rows: tuple[StandingLine, ...]
    teams: tuple[TeamLine, ...]
    removed: tuple[RemovedLine, ...]
    protests: tuple[ProtestLine, ...]
    sanctions: tuple[SanctionLine, ...]
    signatures: tuple[Signature, ...]


def _yes(value: bool) -> str:
    return _("yes") if value else _("no")


def regulation_facts(t: Tournament) -> tuple[Fact, ...]:
    facts = [
        Fact(_("Discipline"), str(t.get_discipline_display())),
        Fact(_("System"), str(t.get_system_display())),
        Fact(_("Character"), str(t.get_character_display())),
        Fact(_("Group"), str(t.get_gender_group_display())),
        Fact(_("Dates"), date_range(t.start_date, t.end_date)),
        Fact(_("Venue"), t.venue or "—"),
        Fact(_("Match length, points"), str(t.match_length)),
    ]
    if t.system in {System.SWISS, System.SWISS_LOSSES}:
        facts.append(Fact(_("Rounds"), str(t.round_set.count())))
    if t.system == System.SWISS_LOSSES:
        facts.append(Fact(_("Losses that eliminate"), str(t.max_losses)))
    if t.system == System.ROUND_ROBIN:
        facts.append(Fact(_("Cycles"), str(t.cycles)))
    if t.system == System.MIXED:
        facts.append(Fact(_("Groups"), str(t.group_count)))
        facts.append(Fact(_("Qualifiers per group"), str(t.qualifiers_per_group)))
        facts.append(Fact(_("Playoff system"), str(System(t.playoff_system).label)))
    if t.system == System.SINGLE_ELIMINATION or (
        t.system == System.MIXED and t.playoff_system == "single_elimination"
    ):
        facts.append(Fact(_("Third-place match"), _yes(t.third_place)))
    if t.system == System.DOUBLE_ELIMINATION or (
        t.system == System.MIXED and t.playoff_system == "double_elimination"
    ):
        facts.append(Fact(_("Grand final reset match"), _yes(t.grand_final_reset)))
    keys = t.tiebreak_keys()
    if t.system not in ELIMINATION_SYSTEMS:
        facts.append(Fact(_("Points for a bye"), number_text(Fraction(t.bye_points))))
        facts.append(Fact(_("Tie-break order"), ", ".join(_(metrics.METRICS[k].name) for k in keys) or "—"))
    facts.append(Fact(_("Protest window, minutes"), str(t.protest_window_minutes)))
    if t.protest_deposit:
        facts.append(Fact(_("Protest deposit"), f"{t.protest_deposit:.2f}".replace(".", ",")))
    facts.append(Fact(_("Participants"), str(t.participants.count())))
    return tuple(facts)


def _removed_lines(t: Tournament) -> tuple[RemovedLine, ...]:
    removals = {
        s.person_id: s
        for s in Sanction.objects.filter(tournament=t, kind=Sanction.Kind.REMOVAL).order_by("issued_at")
    }
    out = []
    for p in t.participants.filter(status=Participant.Status.REMOVED).select_related("person"):
        s = removals.get(p.person_id)
        out.append(
            RemovedLine(
                name=p.person.full_name,
                when=local_time(s.issued_at) if s else "",
                clause=cite((s.clause or "004 §5.7.3") if s else "004 §5.7.3"),
                consequence=str(s.get_outcome_display()) if s and s.outcome else "",
            )
        )
    return tuple(out)


def _protest_lines(t: Tournament) -> tuple[ProtestLine, ...]:
    rows = (
        Protest.objects.filter(tournament=t)
        .select_related("match__round", "protester__person")
        .order_by("filed_at", "id")
    )
    return tuple(
        ProtestLine(
            number=p.pk,
            filed_at=local_time(p.filed_at),
            protester=p.protester.person.full_name,
            match=_match_label(p.match),
            status=str(p.get_status_display()),
            consequence=str(p.get_consequence_display()) if p.decided_at else "",
        )
        for p in rows
    )


def final_protocol_data(t: Tournament) -> FinalProtocolData:
    computed = ranking.compute(t)
    officials = tuple(
        Fact(capfirst(str(o.get_role_display())), o.person.full_name)
        for o in t.officials.filter(accredited=True)
        .exclude(role=Official.Role.REPRESENTATIVE)  # a team's representative is not an official of the event
        .select_related("person")
        .order_by("role", "person__surname")
    )
    return FinalProtocolData(
        heading=heading(t),
        signed=t.status == Tournament.Status.FINISHED,
        finished_at=local_time(t.finished_at),
        details=regulation_facts(t),
        officials=officials,
        columns=_columns(_shown_keys(t, computed)),
        rows=_standing_lines(computed.rows, _shown_keys(t, computed)),
        teams=_team_lines(computed),
        removed=_removed_lines(t),
        protests=_protest_lines(t),
        sanctions=sanction_lines(t),
        signatures=panel_signatures(t),
    )


# --- registration protocol (004 §5.3.2 item 4) ---------------------------------------------------------


@dataclass(frozen=True)
class RegistrationData:
    heading: Heading
    protocol: RegistrationProtocol
    signatures: tuple[Signature, ...]


def registration_data(t: Tournament) -> RegistrationData:
    """The registration app's protocol (``registration_protocol_data``) with the signature lines."""
    return RegistrationData(heading(t), registration_protocol_data(t), panel_signatures(t))


# --- every match protocol of a round, to print in one go ------------------------------------------------


@dataclass(frozen=True)
class RoundProtocolsData:
    heading: Heading
    round: int
    matches: tuple[MatchProtocolData, ...]


def round_protocols_data(rnd: Round) -> RoundProtocolsData:
    matches = (
        rnd.matches.filter(player2__isnull=False)
        .select_related(
            "round__tournament",
            "round__stage",
            "player1__person",
            "player2__person",
            "winner__person",
            "protocol",
        )
        .order_by("table")
    )
    return RoundProtocolsData(
        heading(rnd.tournament), rnd.number, tuple(match_protocol_data(m) for m in matches)
    )
