"""What each document says, as plain frozen data built from the models: no reportlab here.

Every ``*_data`` function reads the database once, returns frozen dataclasses of strings, numbers and tuples,
and translates labels into the language active at the call (``protocols.tasks`` activates the tournament's
language, Russian). ``fingerprint(data)`` hashes the data: a document is generated again only when its
fingerprint changed since the last one (``protocols.models.Document``).

Rules are cited as a reader knows them (``tournaments.rules.cite``); the code's clause keys stay in comments.
A document that is not final yet (a draft round's pairings and match protocols, the final protocol, the
chief judge's report and the diplomas of a tournament not finished) carries ``draft``: the renderer prints it
on every page.

The renderers in ``protocols.render`` only lay this data out; the tests check the data here and read each
rendered PDF back once.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db.models import Max, Min
from django.utils.translation import gettext as _

from draw import manager as draw_manager
from draw import pairing
from draw.models import GroupMember, Match, ResultKind, Round, Stage
from judging.models import Protest
from protocols.docs.sanctions import RemovedLine, SanctionLine, removed_lines, sanction_lines
from protocols.facts import (
    Column,
    Fact,
    Heading,
    Signature,
    clock,
    commission_signatures,
    current_as_of,
    draft_mark,
    heading,
    local_time,
    number_text,
    official,
    officials_facts,
    panel_signatures,
    person_name,
    planned_starts,
    regulation_facts,
    seats_note,
    signature,
    tiebreak_columns,
)
from protocols.models import ChiefJudgeReport
from registration.manager import RegistrationProtocol, registration_protocol_data
from registration.models import Gender, Official, Participant
from standings import ranking
from standings.ranking import stage_bracket
from tournaments.models import (
    ELIMINATION_SYSTEMS,
    System,
    Tournament,
)
from tournaments.rules import cite

# --- shared pieces --------------------------------------------------------------------------------------


# --- round pairing protocol (003: posted 5 minutes before the round) -------------------------------------


# --- match protocol (003) -------------------------------------------------------------------------------


# --- standings ------------------------------------------------------------------------------------------


# --- the round-robin crosstable (турнирная таблица) -----------------------------------------------------


@dataclass(frozen=True)
class CrossLine:
    number: int  # the drawn (Berger) number: rows and columns in this order
    name: str
    cells: tuple[str, ...]  # "" not played, "■" the diagonal, "1\n7:3", "0\n2:7", "+", "−", "×"
    points: str
    place: str
    metrics: tuple[str, ...] = ()
    removed: bool = False
    region: str = ""


@dataclass(frozen=True)
class CrossSection:
    title: str
    rows: tuple[CrossLine, ...]
    ties: tuple[str, ...] = ()  # how tied qualifying places were decided (mixed: the group tables)


@dataclass(frozen=True)
class CrosstableData:
    heading: Heading
    as_of: str
    sections: tuple[CrossSection, ...]
    columns: tuple[Column, ...] = ()  # tie-break columns
    signatures: tuple[Signature, ...] = ()
    # A team event's crosstable (protocols.team_data) names its own title, rows, points and legend.
    title: str = ""
    subject: str = ""  # the heading of the names' column ("Participant")
    points: str = ""  # the heading of the points' column ("Points")
    legend: str = ""


def _cell_text(cells: list[ranking.Cell]) -> str:
    # The mark over the score: a cell of one match is two short lines, never three.
    return " / ".join("\n".join(x for x in (c.text, c.detail) if x) for c in cells)


def _berger_order(stage: Stage, group) -> list[str]:
    """The participants' keys by their drawn number: the Berger order of the stage or the group."""
    if group is not None:
        return [
            str(pk)
            for pk in GroupMember.objects.filter(group=group)
            .order_by("position")
            .values_list("participant_id", flat=True)
        ]
    return list(stage.plan.get("order") or [])


def tie_notes(
    rows: list[ranking.StandingRow], keys: list[str], qualifiers: int, columns: tuple[Column, ...]
) -> tuple[str, ...]:
    """How the places around the qualifying line were decided among players level on points: by the first
    tie-break in the regulation's order that tells them apart, or not at all (equal on every one)."""
    ranked = [s for s in rows if s.row.place is not None]
    if len(ranked) <= qualifiers or qualifiers < 1:
        return ()
    inside, outside = ranked[qualifiers - 1], ranked[qualifiers]
    if inside.row.points != outside.row.points:
        return ()
    names = {c.key: c.name for c in columns}
    tied = [s for s in ranked if s.row.points == inside.row.points]
    for key in keys:
        a, b = inside.row.metrics.get(key), outside.row.metrics.get(key)
        if a is not None and b is not None and a != b:
            return (
                _(
                    "%(a)s and %(b)s were level on points (%(p)s); the qualifying place went by %(k)s: "
                    "%(va)s against %(vb)s."
                )
                % {
                    "a": person_name(inside.participant),
                    "b": person_name(outside.participant),
                    "p": number_text(inside.row.points),
                    "k": names.get(key, key),
                    "va": number_text(a),
                    "vb": number_text(b),
                },
            )
    return (
        _("%(n)s players were level on points and on every tie-break at the qualifying place: %(names)s.")
        % {"n": len(tied), "names": ", ".join(person_name(s.participant) for s in tied)},
    )


def crosstable_data(t: Tournament) -> CrosstableData | None:
    """None when the tournament has no round-robin stage with a published round."""
    stage = ranking.crosstable_stage(t)
    if stage is None:
        return None
    computed = ranking.compute(t)
    keys = computed.keys
    columns = tiebreak_columns(keys)
    parts = (
        [(_("Group %(g)s") % {"g": g.group.name}, g.rows, g.group) for g in computed.groups]
        if computed.groups
        else [("", computed.rows, None)]
    )
    sections = []
    for title, rows, group in parts:
        by_key = {s.participant.key: s for s in rows}
        order = [k for k in _berger_order(stage, group) if k in by_key]
        order += [k for k in by_key if k not in order]  # anyone the plan does not number, after them
        drawn = [by_key[k] for k in order]
        lines = []
        for cr in ranking.crosstable(t, stage, drawn, group):
            s = cr.standing
            cells = tuple(
                "■" if j == cr.number - 1 else _cell_text(column) for j, column in enumerate(cr.cells)
            )
            lines.append(
                CrossLine(
                    cr.number,
                    person_name(s.participant),
                    cells,
                    number_text(s.row.points),
                    s.row.place_label,
                    tuple(number_text(s.row.metrics.get(k)) for k in keys),
                    s.removed,
                    s.participant.person.region,
                )
            )
        ties = tie_notes(rows, keys, t.qualifiers_per_group, columns) if group is not None else ()
        sections.append(CrossSection(title, tuple(lines), ties))
    return CrosstableData(heading(t), current_as_of(t), tuple(sections), columns, panel_signatures(t))


# --- the bracket of an elimination stage ----------------------------------------------------------------


@dataclass(frozen=True)
class BracketBox:
    id: str  # the engine's match id: joins the boxes, never printed
    number: int  # the printed number of the match in the stage: «№ 7»
    round: int
    bracket: str
    sources: tuple[str, ...]  # per slot: the id of the drawn box whose winner comes here, or ""
    names: tuple[str, str]
    scores: tuple[str, str]
    winner: int  # 0 none yet, 1 or 2
    technical: bool = False  # a walk-over or a technical result: "+" and "−", not a score


@dataclass(frozen=True)
class BracketBand:
    key: str
    title: str
    columns: tuple[tuple[int, str], ...]  # (round, printed title of its column)


@dataclass(frozen=True)
class BracketData:
    heading: Heading
    stage: int
    title: str
    bands: tuple[BracketBand, ...]
    boxes: tuple[BracketBox, ...]
    places: tuple[tuple[str, str], ...]  # (place, name) once decided
    note: str = ""


BAND_ORDER = ["main", "upper", "lower", "final", "reset", "third_place", "classification"]


def band_title(key: str) -> str:
    return {
        "main": _("Main bracket"),
        "upper": _("Upper bracket"),
        "lower": _("Lower bracket"),
        "final": _("Grand final"),
        "reset": _("Grand final, second match"),
        "third_place": _("Match for 3rd place"),
        "classification": _("Classification matches"),
    }.get(key, key)


def main_round_title(players_left: int) -> str:
    """1/8 финала, 1/4 финала, полуфинал, финал: by the number of players the round starts with."""
    if players_left <= 2:
        return _("Final")
    if players_left == 4:
        return _("Semi-finals")
    return _("1/%(n)s final") % {"n": players_left // 2}


def _column_title(band: str, rnd: int, first: int, size: int, boxes: list[dict], offset: int = 0) -> str:
    if band == "main":
        return main_round_title(size >> (rnd - first))
    if band in ("upper", "lower"):
        rounds = sorted({m["round"] for m in boxes})
        return _("stage %(n)s · round %(r)s") % {"n": rounds.index(rnd) + 1, "r": rnd + offset}
    if band == "classification":
        places = sorted(
            {int(b["id"][1:].split("-")[0]) for b in boxes if b["id"].startswith("P") and b["round"] == rnd}
        )
        return ", ".join(_("places from %(p)s") % {"p": p} for p in places)
    return ""


def bracket_data(stage: Stage) -> BracketData:
    t = stage.tournament
    by_key = draw_manager.participants_by_key(t)
    drawn = stage_bracket(stage, by_key)
    stored = {
        m.bracket_code: m
        for m in Match.objects.filter(round__stage=stage)
        .exclude(bracket_code="")
        .exclude(round__status="draft")
    }
    # 004 §1.4.4: a bye is no match; the player goes straight into the next round (his name is there).
    shown = [m for m in drawn["matches"] if not m.get("bye")]
    shown.sort(key=lambda m: (BAND_ORDER.index(m.get("bracket") or "main"), m["round"], _index(m["id"])))
    numbers = {m["id"]: i for i, m in enumerate(shown, start=1)}
    boxes = []
    for m in shown:
        slots = m.get("slots") or [None, None]
        names = tuple(
            (by_key[k].short_name if k in by_key else "") or _slot_label(slots[i], numbers)
            for i, k in enumerate(m["players"])
        )
        row = stored.get(m["id"])
        technical = bool(m.get("walkover")) or (row is not None and row.result_kind == ResultKind.TECHNICAL)
        winner = 0
        if m.get("winner"):
            winner = 1 if m["players"][0] == m["winner"] else 2
        if technical and winner:
            scores = ("+", "−") if winner == 1 else ("−", "+")
        else:
            scores = tuple("" if s is None else str(s) for s in m["scores"])
        # One per slot: the drawn box whose winner comes into it, "" when none (a seed, a bye, a loser).
        sources = tuple(
            s["winner_of"] if isinstance(s, dict) and s.get("winner_of") in numbers else "" for s in slots
        )
        boxes.append(
            BracketBox(
                m["id"],
                numbers[m["id"]],
                m["round"],
                m.get("bracket") or "main",
                sources,
                names,
                scores,
                winner,
                technical,
            )
        )
    places = tuple(
        (
            f"{p['place']}" if p["place"] == p["place_to"] else f"{p['place']}–{p['place_to']}",
            by_key[p["player"]].full_name if p["player"] in by_key else p["player"],
        )
        for p in sorted(drawn["places"], key=lambda p: (p.get("place") is None, p.get("place") or 0))
        if p.get("place") is not None
    )
    size = 1
    while size < len(stage.plan.get("players", [])):
        size *= 2
    # The engine counts the stage's own rounds; the tournament's round numbers go on after the groups.
    first_round = Round.objects.filter(stage=stage).aggregate(n=Min("number"))["n"]
    offset = first_round - 1 if first_round else 0
    bands = []
    for key in [b for b in BAND_ORDER if any(x.bracket == b for x in boxes)]:
        rounds = sorted({x.round for x in boxes if x.bracket == key})
        all_rounds = sorted({m["round"] for m in drawn["matches"] if (m.get("bracket") or "main") == key})
        first = all_rounds[0] if all_rounds else 1
        band_matches = [m for m in drawn["matches"] if (m.get("bracket") or "main") == key]
        columns = tuple((r, _column_title(key, r, first, size, band_matches, offset)) for r in rounds)
        bands.append(BracketBand(key, band_title(key), columns))
    title = _("Playoff") if stage.kind == Stage.Kind.PLAYOFF else ""  # a main stage: the heading names it
    return BracketData(
        heading=heading(t),
        stage=stage.number,
        title=title,
        bands=tuple(bands),
        boxes=tuple(boxes),
        places=places,
        note=_("«+» and «−»: a walk-over or a technical result. Players with a bye go straight to round 2."),
    )


def _index(match_id: str) -> int:
    tail = match_id.rsplit("-", 1)[-1]
    return int(tail) if tail.isdigit() else 0


def _slot_label(slot: object, numbers: dict[str, int]) -> str:
    if not isinstance(slot, dict):
        return ""
    if slot.get("bye"):
        return _("bye")
    if "winner_of" in slot:
        return _("winner of № %(n)s") % {"n": numbers.get(slot["winner_of"], "?")}
    if "loser_of" in slot:
        return _("loser of № %(n)s") % {"n": numbers.get(slot["loser_of"], "?")}
    if "seed" in slot:
        return _("seed %(s)s") % {"s": slot["seed"]}
    return ""


# --- sanctions (004 §5.7) -------------------------------------------------------------------------------


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
    final_rule: str = ""


def _result_text(kind: str, s1: int | None, s2: int | None) -> str:
    if not kind:
        return "—"
    score = f"{s1}:{s2}" if s1 is not None and s2 is not None else ""
    if kind == ResultKind.PLAYED:
        return score or "—"
    label = str(ResultKind(kind).label) if kind in ResultKind.values else kind
    return f"{score} ({label})" if score else label


def protest_decision_data(protest) -> ProtestData:
    """The protest, its evidence, the panel's decision and reasons (004 §5.10: the decision is final)."""
    m = protest.match
    t = protest.tournament
    players = f"{person_name(m.player1)} — {person_name(m.player2)}"
    consequence = ""
    if protest.decided_at is not None:
        consequence = str(protest.get_consequence_display())
        if protest.consequence == "score" and protest.new_score1 is not None:
            consequence = f"{consequence}: {protest.new_score1}:{protest.new_score2}"
        if protest.consequence == Protest.Consequence.TECHNICAL and protest.winner_side in (1, 2):
            loser = m.player2 if protest.winner_side == 1 else m.player1
            consequence = f"{consequence}: {person_name(loser)}"
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
        number=protest.number or 0,
        filed_at=local_time(protest.filed_at),
        protester=person_name(protest.protester),
        match=_("round %(r)s, table %(t)s: %(p)s") % {"r": m.round.number, "t": m.table, "p": players},
        # What the protest was about: the result as it stood when filed, not as the decision left it.
        result_then=_result_text(protest.filed_kind, protest.filed_score1, protest.filed_score2),
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
        final_rule=cite("004 §5.10"),
    )


# --- final protocol (итоговый протокол, 004 §6.2.1, §6.2.3) ---------------------------------------------


# --- registration protocol (004 §5.3.2 item 4) ---------------------------------------------------------


@dataclass(frozen=True)
class RegistrationData:
    heading: Heading
    protocol: RegistrationProtocol
    signatures: tuple[Signature, ...]


def registration_data(t: Tournament) -> RegistrationData:
    """The registration app's protocol (``registration_protocol_data``) with the signature lines."""
    return RegistrationData(heading(t), registration_protocol_data(t), commission_signatures(t))


# --- every match protocol of a round, to print in one go ------------------------------------------------


# --- the schedule (расписание встреч, 004 §6.2.3 item 3) -------------------------------------------------


@dataclass(frozen=True)
class ScheduleMatch:
    number: str  # the table, or the bracket's match number
    player1: str
    player2: str
    note: str
    start: str = ""  # when it starts: the match's own start once it started, else the round's planned start


@dataclass(frozen=True)
class ScheduleRound:
    number: int
    title: str  # "Тур 3", "1/4 финала"
    planned: str  # the planned start (date and time)
    started: str  # the actual start, once it started
    match_length: str
    status: str
    matches: tuple[ScheduleMatch, ...]


@dataclass(frozen=True)
class ScheduleData:
    heading: Heading
    rounds: tuple[ScheduleRound, ...]
    seats: str
    time_control: str
    signatures: tuple[Signature, ...]


def planned_round_count(t: Tournament) -> int:
    """How many rounds the event will have, as far as it is known now (the schedule's rows)."""
    drawn = t.round_set.aggregate(n=Max("number"))["n"] or 0
    active = t.participants.filter(status=Participant.Status.ACTIVE).count()
    estimate = drawn
    if t.system == System.SWISS:
        estimate = draw_manager.swiss_rounds(t)
    elif t.system == System.ROUND_ROBIN:
        stage = t.stages.first()
        per_cycle = active if active % 2 else max(active - 1, 0)
        estimate = (
            len(stage.plan.get("rounds", [])) if stage and stage.plan.get("rounds") else per_cycle * t.cycles
        )
    elif t.system in ELIMINATION_SYSTEMS:
        estimate = _bracket_rounds(t, t.system, active)
    elif t.system == System.MIXED:
        groups = max(t.group_count, 1)
        size = -(-active // groups)
        group_rounds = size if size % 2 else max(size - 1, 0)
        qualified = min(active, groups * t.qualifiers_per_group + t.best_of_rest)
        estimate = group_rounds + _bracket_rounds(t, t.playoff_system, qualified)
    elif t.system == System.SWISS_LOSSES:
        estimate = drawn + (1 if draw_manager.rounds_left(t) else 0)
    return max(drawn, estimate)


def _bracket_rounds(t: Tournament, system: str, players: int) -> int:
    stage = t.stages.filter(system=system).exclude(plan={}).order_by("-number").first()
    if stage is not None and stage.plan.get("players"):
        answer = draw_manager.bracket(stage)
        first = t.round_set.filter(stage=stage).aggregate(n=Min("number"))["n"] or 1
        return first - 1 + max((m["round"] for m in answer["matches"]), default=0)
    if players < 2:
        return 0
    request = {"system": system, "players": [f"p{i}" for i in range(players)]}
    if system == System.SINGLE_ELIMINATION:
        request.update(third_place=t.third_place, classification=t.classification)
    else:
        request.update(grand_final_reset=t.grand_final_reset)
    return max((m["round"] for m in pairing.handle(request)["matches"]), default=0)


def schedule_data(t: Tournament) -> ScheduleData:
    planned = planned_starts(t)
    drawn = {
        r.number: r
        # The stage's plan (a round robin's whole Berger schedule) is not read once per round.
        for r in t.round_set.select_related("stage")
        .defer("stage__plan")
        .prefetch_related("matches")
        .order_by("number")
    }
    by_key = draw_manager.participants_by_key(t)
    brackets: dict[int, dict[int, list[dict]]] = {}  # stage id → round → bracket matches (all, drawn or not)
    stage_titles: dict[tuple[int, int], str] = {}
    for stage in t.stages.all():
        if stage.system in ELIMINATION_SYSTEMS and stage.plan.get("players"):
            data = bracket_data(stage)
            first = t.round_set.filter(stage=stage).aggregate(n=Min("number"))["n"] or 1
            answer = stage_bracket(stage, by_key)
            rounds: dict[int, list[dict]] = {}
            numbers = {b.id: b.number for b in data.boxes}
            for m in answer["matches"]:
                if m["id"] in numbers:
                    rounds.setdefault(first - 1 + m["round"], []).append({**m, "number": numbers[m["id"]]})
            brackets[stage.pk] = rounds
            for band in data.bands:
                for rnd, title in band.columns:
                    key = (stage.pk, first - 1 + rnd)
                    label = (
                        f"{band.title}: {title}" if title and band.key != "main" else (title or band.title)
                    )
                    stage_titles[key] = "; ".join(x for x in (stage_titles.get(key), label) if x)
    out = []
    for number in range(1, planned_round_count(t) + 1):
        rnd = drawn.get(number)
        matches: list[ScheduleMatch] = []
        title = _("Round %(n)s") % {"n": number}
        length = str(rnd.effective_match_length()) if rnd else ""
        status = str(rnd.get_status_display()) if rnd else _("not drawn yet")
        stage_id = rnd.stage_id if rnd else None
        bracket_rounds = brackets.get(stage_id, {}) if stage_id else {}
        if not bracket_rounds and rnd is None:
            # A round of a bracket not drawn yet: the bracket's own plan says who meets whom.
            for sid, rounds in brackets.items():
                if number in rounds:
                    bracket_rounds, stage_id = rounds, sid
        if stage_id is not None and (stage_id, number) in stage_titles:
            title = f"{title} · {stage_titles[(stage_id, number)]}"
        if number in bracket_rounds:
            stored = {m.bracket_code: m for m in rnd.matches.all()} if rnd else {}
            for m in sorted(bracket_rounds[number], key=lambda m: m["number"]):
                names = [by_key[k].short_name if k in by_key else "" for k in m["players"]]
                slots = m.get("slots") or [None, None]
                numbers = {x["id"]: x["number"] for rs in bracket_rounds.values() for x in rs}
                names = [n or _slot_label(slots[i], numbers) for i, n in enumerate(names)]
                row = stored.get(m["id"])
                note = _("table %(t)s") % {"t": row.table} if row else ""
                start = clock(row.started_at) if row and row.started_at else clock(planned.get(number))
                matches.append(ScheduleMatch(f"№ {m['number']}", names[0], names[1], note, start))
        elif rnd is not None and not rnd.is_draft:
            for m in sorted(rnd.matches.all(), key=lambda m: m.table):
                matches.append(
                    ScheduleMatch(
                        _("table %(t)s") % {"t": m.table},
                        person_name(by_key.get(str(m.player1_id))),
                        person_name(by_key.get(str(m.player2_id))) if m.player2_id else _("bye"),
                        "",
                        clock(m.started_at) if m.started_at else clock(planned.get(number)),
                    )
                )
        out.append(
            ScheduleRound(
                number=number,
                title=title,
                planned=local_time(planned.get(number)),
                started=local_time(rnd.start_time) if rnd and rnd.start_time else "",
                match_length=length,
                status=status,
                matches=tuple(matches),
            )
        )
    return ScheduleData(
        heading=heading(t),
        rounds=tuple(out),
        seats=seats_note(),
        time_control=t.time_control,
        signatures=(signature(_("Chief secretary"), official(t, Official.Role.CHIEF_SECRETARY)),),
    )


# --- the chief judge's written report (004 §6.2.1 item 6) ------------------------------------------------


@dataclass(frozen=True)
class CountLine:
    label: str
    men: int
    women: int

    @property
    def total(self) -> int:
        return self.men + self.women


@dataclass(frozen=True)
class ReportData:
    heading: Heading
    details: tuple[Fact, ...]
    regions: tuple[CountLine, ...]  # participants by region and gender
    officials: tuple[Fact, ...]
    protests: tuple[Fact, ...]  # filed, accepted, upheld, dismissed, not accepted
    sanctions: tuple[SanctionLine, ...]
    removed: tuple[RemovedLine, ...]
    winners: tuple[tuple[str, str], ...]  # (place, name) of the places awarded
    conditions: str
    course: str
    remarks: str
    signatures: tuple[Signature, ...]
    draft: str = ""
    report_rule: str = ""


def report_data(t: Tournament) -> ReportData:
    notes = ChiefJudgeReport.objects.filter(tournament=t).first()
    people = t.participants.select_related("person")
    by_region: dict[str, list[int]] = {}
    for p in people:
        region = p.person.region or _("region not given")
        counts = by_region.setdefault(region, [0, 0])
        counts[1 if p.person.gender == Gender.FEMALE else 0] += 1
    regions = tuple(
        CountLine(r, m, w) for r, (m, w) in sorted(by_region.items(), key=lambda x: (-sum(x[1]), x[0]))
    )
    protests = Counter(Protest.objects.filter(tournament=t).values_list("status", flat=True))
    protest_facts = (
        Fact(_("Protests filed"), str(sum(protests.values()))),
        Fact(_("not accepted for consideration"), str(protests[Protest.Status.REJECTED])),
        Fact(_("upheld"), str(protests[Protest.Status.UPHELD])),
        Fact(_("dismissed"), str(protests[Protest.Status.DISMISSED])),
        Fact(_("still open"), str(protests[Protest.Status.FILED] + protests[Protest.Status.ACCEPTED])),
    )
    computed = ranking.compute(t)
    winners = tuple(
        (s.row.place_label, person_name(s.participant))
        for s in computed.rows
        if s.row.place is not None and s.row.place <= t.awarded_places and not s.removed
    )
    finished = t.status == Tournament.Status.FINISHED
    return ReportData(
        heading=heading(t),
        details=regulation_facts(t),
        regions=regions,
        officials=officials_facts(t),
        protests=protest_facts,
        sanctions=sanction_lines(t),
        removed=removed_lines(t),
        winners=winners,
        conditions=notes.conditions if notes else "",
        course=notes.course if notes else "",
        remarks=notes.remarks if notes else "",
        signatures=(signature(_("Chief judge"), official(t, Official.Role.CHIEF_JUDGE)),),
        draft=draft_mark(finished),
        report_rule=cite("004 §6.2.1 item 6"),
    )


# --- diplomas for the places the regulation awards ------------------------------------------------------


@dataclass(frozen=True)
class Diploma:
    place: str
    name: str
    female: bool
    region: str
    club: str


@dataclass(frozen=True)
class DiplomasData:
    heading: Heading
    diplomas: tuple[Diploma, ...]
    signatures: tuple[Signature, ...]
    draft: str = ""


def diplomas_data(t: Tournament) -> DiplomasData:
    """One diploma for each participant placed 1…``awarded_places`` (a shared place 3–4 is a 3rd place
    for both; a removed player gets none, 004 §5.7.3)."""
    computed = ranking.compute(t)
    out = []
    for s in computed.rows:
        if s.removed or s.row.place is None or s.row.place > t.awarded_places:
            continue
        p = s.participant
        out.append(
            Diploma(
                place=str(s.row.place),
                name=p.full_name,
                female=p.person.gender == Gender.FEMALE,
                region=p.person.region,
                club=p.club or p.person.organisation,
            )
        )
    return DiplomasData(
        heading=heading(t),
        diplomas=tuple(out),
        signatures=panel_signatures(t),
        draft=draft_mark(t.status == Tournament.Status.FINISHED),
    )
