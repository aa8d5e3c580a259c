"""What several documents say alike: the heading every page carries, dates, numbers and names as printed,
who signs (the panel's officials), the planned starts, the regulation's facts, the standings' columns.

Plain data and small functions of the models, no reportlab. **The regulation's facts** (``regulation_facts``:
what the final protocol's and the chief judge's report's «details» list, system by system) live here and
nowhere else.
"""

from __future__ import annotations

import datetime
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Max, Min
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from draw import teams as draw_teams
from draw.models import Match, ResultKind, Round, Stage
from registration.models import (
    JUDGING_CATEGORY_SHORT,
    Official,
    Participant,
    RegistrationSettings,
)
from registration.permissions import SPEAKERS
from standings import metrics, ranking
from tournaments import regulation
from tournaments.models import System, Tournament
from tournaments.rules import book_full_title, cite, cite_text

# --- what every page carries --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Heading:
    """What every page of every document of a tournament carries."""

    name: str
    dates: str
    venue: str
    discipline: str
    system: str
    category: str = ""  # the rank of the competition (its status)
    organiser: str = ""
    regulation: str = ""  # "Положение № 17-П от 01.10.2026"
    # 004 §1.2: the competition an event belongs to — every document of the event names it (issue 30 item 2);
    # its dates and venue when they are not the event's own.
    competition: str = ""
    competition_where: str = ""
    # 004 §2.1: the event's group («мужчины», «женщины»), with its ages where the regulation sets them.
    group: str = ""

    @property
    def running_name(self) -> str:
        """The name at the top of every page: the competition's and the event's."""
        return f"{self.competition} · {self.name}" if self.competition else self.name

    cancelled: str = ""  # 004 §6.1.2 item 3: the competition is cancelled (every page says so)


def heading(t: Tournament) -> Heading:
    competition = t.competition
    where = ""
    if competition is not None:
        own = (date_range(t.start_date, t.end_date), t.venue)
        theirs = (date_range(competition.start_date, competition.end_date), competition.venue)
        where = " · ".join(x for x in theirs if x) if theirs != own else ""
    return Heading(
        name=t.name,
        dates=date_range(t.start_date, t.end_date),
        venue=t.venue,
        discipline=str(t.get_discipline_display()),
        system=str(t.get_system_display()),
        category=str(t.get_category_display()) if t.category else "",
        organiser=t.organiser,
        regulation=regulation_text(t),
        competition=competition.name if competition is not None else "",
        competition_where=where,
        group=group_text(t),
        cancelled=cancelled_text(t),
    )


def group_text(t: Tournament) -> str:
    """004 §2.1, §2.2.2: the event's group as a title prints it — «мужчины», «женщины, 18–35 лет», «мужчины,
    50 лет и старше»: the ages only where the regulation sets other than the rules' 18 and over."""
    group = str(t.get_gender_group_display()) if t.gender_group else ""
    oldest = _max_age(t)
    ages = ""
    if oldest is not None:
        ages = _("%(a)s–%(b)s years") % {"a": t.min_age, "b": oldest}
    elif t.min_age != 18:
        ages = _("%(a)s years and older") % {"a": t.min_age}
    return ", ".join(x for x in (group, ages) if x)


def _max_age(t: Tournament) -> int | None:
    try:
        return t.registration_settings.max_age
    except RegistrationSettings.DoesNotExist:
        return None


def cancelled_text(t: Tournament) -> str:
    """004 §6.1.2 item 3: "" unless the judging panel cancelled the competition."""
    if not t.is_cancelled:
        return ""
    when = f"{timezone.localtime(t.cancelled_at):%d.%m.%Y}" if t.cancelled_at else ""
    return _("CANCELLED by the judging panel on %(d)s (%(rule)s): %(why)s") % {
        "d": when,
        "rule": cite("004 §6.1.2"),
        "why": t.cancel_reason,
    }


def regulation_text(t: Tournament) -> str:
    if t.regulation_number and t.regulation_date:
        return _("regulation No. %(n)s of %(d)s") % {
            "n": t.regulation_number,
            "d": f"{t.regulation_date:%d.%m.%Y}",
        }
    if t.regulation_number:
        return _("regulation No. %(n)s") % {"n": t.regulation_number}
    if t.regulation_date:
        return _("regulation of %(d)s") % {"d": f"{t.regulation_date:%d.%m.%Y}"}
    return ""


# --- dates, numbers and names as printed --------------------------------------------------------------------


def date_range(start: datetime.date, end: datetime.date) -> str:
    if start == end:
        return f"{start:%d.%m.%Y}"
    return f"{start:%d.%m.%Y}–{end:%d.%m.%Y}"


def local_time(value: datetime.datetime | None) -> str:
    if value is None:
        return ""
    return f"{timezone.localtime(value):%d.%m.%Y %H:%M}"


def clock(value: datetime.datetime | None) -> str:
    if value is None:
        return ""
    return f"{timezone.localtime(value):%H:%M}"


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


def rank_short(code: str) -> str:
    """A sports rank or title as protocols print it: КМС, МС, 1, 2ю, б/р."""
    return {
        "none": pgettext("sports rank", "no rank"),
        "youth3": pgettext("sports rank", "3y"),
        "youth2": pgettext("sports rank", "2y"),
        "youth1": pgettext("sports rank", "1y"),
        "adult3": pgettext("sports rank", "3"),
        "adult2": pgettext("sports rank", "2"),
        "adult1": pgettext("sports rank", "1"),
        "cms": pgettext("sports rank", "CMS"),
        "ms": pgettext("sports rank", "MS"),
        "msmk": pgettext("sports rank", "MSIC"),
        "zms": pgettext("sports rank", "HMS"),
    }.get(code, "")


def birth_year(p: Participant) -> str:
    return str(p.data.birth_date.year) if p.data.birth_date else ""


def person_name(p: Participant | None) -> str:
    if p is None:
        return ""
    # A pair (003 «Пары»): both names; plain objects with a person only (the tests' stand-ins) too.
    return getattr(p, "full_name", None) or p.person.full_name


def status_text(status: str) -> str:
    """A participant's status in the documents' one wording (issue 30): «удалён» (a removal, 004 §5.7.3),
    «выбыл» (a withdrawal), else «участвует»."""
    if status == Participant.Status.REMOVED:
        return pgettext("removed from the tournament", "removed")
    if status == Participant.Status.WITHDRAWN:
        return pgettext("withdrew from the tournament", "withdrawn")
    return str(Participant.Status(status).label) if status in Participant.Status.values else status


def draft_mark(final: bool) -> str:
    """The mark every page of a document carries until it is final ("" once it is)."""
    return "" if final else _("DRAFT")


# --- who signs: the panel's officials -----------------------------------------------------------------------


@dataclass(frozen=True)
class Signature:
    role: str  # the printed role, e.g. "Главный судья"
    name: str  # may be empty: a line to write the name by hand
    detail: str = ""  # judging category and city, e.g. "ВК, Москва"


def judging_category_short(code: str) -> str:
    """The judge's category as the Ministry's forms abbreviate it: ССВК, СС1К, СС2К, СС3К, ЮСС."""
    short = JUDGING_CATEGORY_SHORT.get(code)
    return str(short) if short is not None else ""


def official(t: Tournament, role: str) -> Official | None:
    return t.officials.filter(role=role, accredited=True).select_related("person").order_by("pk").first()


def signature(role_label: str, o: Official | None) -> Signature:
    if o is None:
        return Signature(role_label, "")
    detail = ", ".join(x for x in (judging_category_short(o.judging_category), o.city) if x)
    return Signature(role_label, o.person.short_name, detail)


def panel_signatures(t: Tournament) -> tuple[Signature, ...]:
    return (
        signature(_("Chief judge"), official(t, Official.Role.CHIEF_JUDGE)),
        signature(_("Chief secretary"), official(t, Official.Role.CHIEF_SECRETARY)),
    )


def commission_signatures(t: Tournament) -> tuple[Signature, ...]:
    """004 §5.3: the admission commission draws up the registration protocol: its chairman (the chief judge,
    who forms it), its members, and the chief secretary."""
    out = [signature(_("Chairman of the admission commission, chief judge"), official(t, "chief_judge"))]
    members = (
        t.officials.filter(role=Official.Role.ADMISSION, accredited=True)
        .select_related("person")
        .order_by("person__surname", "person__name")
    )
    out += [signature(_("Member of the admission commission"), o) for o in members]
    if not members:
        out.append(Signature(_("Member of the admission commission"), ""))
    out.append(signature(_("Chief secretary"), official(t, Official.Role.CHIEF_SECRETARY)))
    return tuple(out)


def official_text(o: Official) -> str:
    """The full name (with patronymic), the judging category as the Ministry abbreviates it and the city."""
    extra = ", ".join(x for x in (judging_category_short(o.judging_category), o.city) if x)
    return f"{o.person.full_name} ({extra})" if extra else o.person.full_name


def officials_facts(t: Tournament) -> tuple[Fact, ...]:
    return tuple(
        Fact(capfirst(str(o.get_role_display())), official_text(o))
        for o in t.officials.filter(accredited=True)
        .exclude(role__in=SPEAKERS)  # a team's representative is not an official of the event
        .select_related("person")
        .order_by(Official.by_hierarchy(), "person__surname", "person__name")
    )


# --- the planned start of the rounds (003 «Начало турнира») -------------------------------------------------


def planned_starts(t: Tournament) -> dict[int, datetime.datetime]:
    return dict(t.schedule.values_list("number", "starts_at"))


def seats_note() -> str:
    # 003 «Начало турнира»: seats taken 5 minutes before the official start of the round.
    return _("Players take their seats 5 minutes before the start of the round (%(rule)s).") % {
        "rule": cite("003 «Начало турнира»")
    }


# --- the regulation's facts (004 §6.2.1: the final protocol's and the chief judge's report's details) -------


@dataclass(frozen=True)
class Fact:
    label: str
    value: str


def _yes(value: bool) -> str:
    return _("yes") if value else _("no")


def played_rounds(t: Tournament):
    """The rounds that count: published or finished, never a draft."""
    return t.round_set.exclude(status=Round.Status.DRAFT)


def actual_dates(t: Tournament) -> str:
    """The days the tournament was really played: the first round's start to the day it was finished (or
    its last match ended)."""
    rounds = played_rounds(t).aggregate(first=Min("start_time"), published=Min("published_at"))
    ends = Match.objects.filter(round__in=played_rounds(t)).aggregate(
        first=Min("started_at"), last=Max("ended_at")
    )
    start = rounds["first"] or ends["first"] or rounds["published"]
    end = t.finished_at or ends["last"]
    if start is None or end is None:
        return ""
    return date_range(timezone.localdate(start), timezone.localdate(end))


def match_lengths(t: Tournament) -> str:
    """The match lengths the stages were really played to (the regulation's, or a round's own)."""
    # Plain values: a round robin's stage carries its whole Berger plan (JSON), not to be read once per round.
    rounds = (
        played_rounds(t).order_by("number").values_list("match_length", "stage__match_length", "stage__kind")
    )
    by_stage: dict[str, list[int]] = {}
    for own, stage_length, kind in rounds:
        label = str(Stage.Kind(kind).label) if kind != Stage.Kind.MAIN else ""
        # Round.effective_match_length: the round's own, else the stage's, else the tournament's.
        by_stage.setdefault(label, []).append(own or stage_length or t.match_length)
    if not by_stage:
        lengths = {"": [t.match_length]}
        if t.system == System.MIXED:
            lengths = {
                str(Stage.Kind.GROUPS.label): [t.match_length],
                str(Stage.Kind.PLAYOFF.label): [t.playoff_match_length or t.match_length],
            }
        by_stage = lengths
    parts = []
    for label, values in by_stage.items():
        distinct = sorted(set(values))
        text = ", ".join(str(v) for v in distinct)
        parts.append(f"{label}: {text}" if label else text)
    return "; ".join(parts)


class _Measure:
    """What the documents measure of the played event, for the settings' printed facts
    (``tournaments.regulation.Printed.text``)."""

    def __init__(self, t: Tournament):
        self.t = t

    def played_rounds(self) -> int:
        return played_rounds(self.t).count()

    def match_lengths(self) -> str:
        return match_lengths(self.t)

    def regulation(self) -> str:
        return capfirst(regulation_text(self.t))

    def number(self, value) -> str:
        return number_text(Fraction(value))

    def yes(self, value: bool) -> str:
        return _yes(value)

    def tiebreaks(self) -> str:
        return ", ".join(_(metrics.METRICS[k].name) for k in self.t.tiebreak_keys()) or "—"


def regulation_facts(t: Tournament) -> tuple[Fact, ...]:
    """The regulation's facts: each setting's own, from its row of the regulation's table
    (``tournaments.regulation.SETTINGS``, placed by ``Printed.at``), among the event's (the rules, the dates,
    the venue; then the participants)."""
    measure = _Measure(t)
    placed: list[tuple[int, Fact]] = [
        (p.at, Fact(str(p.label), p.text(t, measure))) for p in regulation.printed(t)
    ]
    placed.append((35, Fact(_("Rules"), capfirst(book_full_title("004")))))
    placed.append((80, Fact(_("Dates"), date_range(t.start_date, t.end_date))))
    actual = actual_dates(t)
    if actual and actual != date_range(t.start_date, t.end_date):
        placed.append((85, Fact(_("Actually played"), actual)))
    placed.append((90, Fact(_("Venue"), t.venue or "—")))
    facts = [fact for _at, fact in sorted(placed, key=lambda p: p[0])]
    facts.append(
        Fact(_("Participants"), participants_text(Counter(t.participants.values_list("status", flat=True))))
    )
    if t.is_team_event:
        # 004 §1.3.4: the participant of a team event is the team; the line above counts its players.
        removed = list(t.teams.values_list("removed", flat=True))
        text = str(removed.count(False))
        if any(removed):
            text += f" ({_('removed, no place: %(n)s') % {'n': removed.count(True)}})"
        facts.append(Fact(_("Teams (004 §1.3.4)"), text))
    return tuple(facts)


def participants_text(counts: Counter) -> str:
    """The participants in all, and of them those who withdrew and those removed (004 §5.7.3: they keep no
    place): «100 (из них выбыли: 2; удалены, место не сохраняется: 1)» — the same count in the final protocol
    and the report (issue 30)."""
    text = str(sum(counts.values()))
    extra = []
    if counts[Participant.Status.WITHDRAWN]:
        extra.append(_("withdrew: %(n)s") % {"n": counts[Participant.Status.WITHDRAWN]})
    if counts[Participant.Status.REMOVED]:
        extra.append(_("removed, no place: %(n)s") % {"n": counts[Participant.Status.REMOVED]})
    return _("%(n)s (of them %(x)s)") % {"n": text, "x": "; ".join(extra)} if extra else text


# --- what the standings count: the tie-break columns, «after round N», the qualifiers of a mixed event ------


@dataclass(frozen=True)
class Column:
    key: str
    abbr: str
    name: str


def tiebreak_columns(keys: list[str]) -> tuple[Column, ...]:
    return tuple(Column(k, _(metrics.METRICS[k].abbr), _(metrics.METRICS[k].name)) for k in keys)


def as_of(t: Tournament, rounds: list[Round]) -> str:
    """What a table counts, from the public rounds in order: "final standings", "after round 5", "after round
    4; round 5 in progress" (its entered results count already), "before the first round"."""
    if t.is_finished:
        return _("final standings")
    if not rounds:
        return _("before the first round")
    done = [r for r in rounds if r.status == Round.Status.FINISHED]
    parts = [_("after round %(n)s") % {"n": done[-1].number}] if done else []
    if rounds[-1].status != Round.Status.FINISHED:
        parts.append(_("round %(n)s in progress") % {"n": rounds[-1].number})
    return "; ".join(parts)


def current_as_of(t: Tournament) -> str:
    return as_of(
        t, list(Round.objects.filter(tournament=t).public().only("number", "status").order_by("number"))
    )


@dataclass(frozen=True)
class QualifierLine:
    group: str
    place: str
    name: str
    how: str  # 004 §1.4.7: points, a tie-break, a lot with its seed, a play-off match


def qualification_lines(t: Tournament) -> tuple[QualifierLine, ...]:
    """004 §1.4.7: the qualifiers stored when the playoff was drawn, with how each was decided."""
    stage = t.stages.filter(kind=Stage.Kind.GROUPS).first()
    if stage is None:
        return ()
    by_key = {p.key: p for p in t.participants.select_related("person")}
    return tuple(
        QualifierLine(
            group=q["group"],
            place=str(q["place"] or ""),
            name=person_name(by_key.get(q["player"])),
            how=ranking.decided_text(q["how"], t, q.get("seed"), q.get("note", "")),
        )
        for q in stage.plan.get("qualification", [])
    )


# --- who gets the prizes: the event's own ranking (issue 30 item 1) ----------------------------------------


@dataclass(frozen=True)
class Winner:
    """One prize-winner: a player, or a team (004 §1.3.4: the participant of a team event is the team)."""

    place: int  # a shared place 3–4 is a 3rd place for each
    name: str
    team: bool = False
    female: bool = False
    region: str = ""
    club: str = ""
    members: tuple[str, ...] = ()  # a team's players who played
    participant: int | None = None  # a player's participant id (the prize money printed on his diploma)


def prize_winners(t: Tournament, computed: ranking.Standings | None = None) -> tuple[Winner, ...]:
    """Who is placed 1…``awarded_places`` by the event's own ranking: the teams by the team matches in a
    team event (004 §1.3.4; the players' personal results there are for information only); the players in
    a personal event; in a personal-team event the players, then the teams by the members' sum (004 §1.3.3:
    each player's result also counts for his team). A removed competitor gets none (004 §5.7.3)."""
    computed = computed if computed is not None else ranking.compute(t)
    limit = t.awarded_places
    out: list[Winner] = []
    played = {s.participant.pk for s in computed.rows if s.row.played or s.row.byes}
    if t.is_team_event:
        members: dict[int | None, list[Participant]] = {}
        for s in computed.rows:
            if s.participant.pk in played:
                members.setdefault(s.participant.team_id, []).append(s.participant)
        for row, team in draw_teams.standing_rows(t):
            if team.removed or row.place is None or row.place > limit:
                continue
            players = members.get(team.pk, [])
            out.append(
                Winner(
                    place=row.place,
                    name=team.name,
                    team=True,
                    region=_most_common(p.data.region for p in players),
                    members=tuple(p.short_name for p in sorted(players, key=_board_order)),
                )
            )
        return tuple(out)
    for s in computed.rows:
        if s.removed or s.row.place is None or s.row.place > limit:
            continue
        p = s.participant
        out.append(
            Winner(
                place=s.row.place,
                name=person_name(p),
                female=p.data.gender == "female",
                region=p.data.region,
                club=p.club or p.data.organisation,
                participant=p.pk,
            )
        )
    by_key = {s.participant.key: s.participant for s in computed.rows}
    for team_row in computed.teams:  # a personal-team event (004 §1.3.3): the members' sum
        if team_row.place is None or team_row.place > limit:
            continue
        players = [by_key[k] for k in team_row.members if k in by_key and by_key[k].pk in played]
        out.append(
            Winner(
                place=team_row.place,
                name=team_row.team,
                team=True,
                region=_most_common(p.data.region for p in players),
                members=tuple(p.short_name for p in players),
            )
        )
    return tuple(out)


def _board_order(p: Participant) -> tuple:
    return (p.board_order is None, p.board_order or 0, p.pk)


def _most_common(values) -> str:
    counts = Counter(v for v in values if v)
    return counts.most_common(1)[0][0] if counts else ""


# --- results not played over the board: one label per kind, in every document (issue 30 item 5) ----------


def result_label(m: Match) -> str:
    """What a result not played over the board was, in the one wording every document prints: a bye; a
    technical defeat of a removed player (004 §5.7.3), of a withdrawn one, or by the judging panel with its
    reason (a no-show, 004 §6.1.2 item 1); a loss on time (003); an annulment. The player is named first, in
    the nominative («Иванов И.И.: техническое поражение …»). "" for a match played or not decided."""
    kind = m.result_kind
    if kind == ResultKind.BYE or (m.player2_id is None and kind):
        return _("bye")
    if kind not in (ResultKind.TECHNICAL, ResultKind.TIME, ResultKind.ANNULLED):
        return ""
    reason = cite_text(m.result_reason)
    if kind == ResultKind.ANNULLED:
        return f"{_('result annulled')}: {reason}" if reason else _("result annulled")
    loser = m.player2 if m.winner_id == m.player1_id else m.player1
    who = person_name(loser)
    if kind == ResultKind.TIME:
        return _("%(p)s: lost on time (%(rule)s)") % {"p": who, "rule": cite("003 «Часы»")}
    if "removed" in m.flags or (loser is not None and loser.status == Participant.Status.REMOVED):
        return _("%(p)s: technical defeat, removed (%(rule)s)") % {"p": who, "rule": cite("004 §5.7.3")}
    if "walkover" in m.flags or (loser is not None and loser.status == Participant.Status.WITHDRAWN):
        return _("%(p)s: technical defeat, withdrew") % {"p": who}
    text = _("%(p)s: technical defeat by the judging panel (%(rule)s)") % {
        "p": who,
        "rule": cite("004 §6.1.2 item 1"),
    }
    return f"{text}: {reason}" if reason else text


@dataclass(frozen=True)
class TechnicalLine:
    round: int
    table: int
    players: str
    label: str
    kind: str  # ResultKind, and "panel" for the judging panel's own technical defeat (a no-show)


def technical_lines(t: Tournament) -> tuple[TechnicalLine, ...]:
    """Every result of the published rounds not played over the board (byes aside), in round and table
    order, with its label (``result_label``): the final protocol, the report and the sanctions list print
    them."""
    matches = (
        Match.objects.filter(
            round__tournament=t,
            player2__isnull=False,
            result_kind__in=(ResultKind.TECHNICAL, ResultKind.TIME, ResultKind.ANNULLED),
        )
        .exclude(round__status=Round.Status.DRAFT)
        .select_related("round", "player1__person", "player2__person", "player1__partner", "player2__partner")
        .order_by("round__number", "table", "board", "pk")
    )
    out = []
    for m in matches:
        kind = m.result_kind
        if kind == ResultKind.TECHNICAL and not _consequence(m):
            kind = "panel"
        out.append(
            TechnicalLine(
                m.round.number,
                m.table,
                f"{person_name(m.player1)} — {person_name(m.player2)}",
                result_label(m),
                kind,
            )
        )
    return tuple(out)


def _consequence(m: Match) -> bool:
    """A technical defeat that follows from a removal or a withdrawal (not the panel's own decision)."""
    loser = m.player2 if m.winner_id == m.player1_id else m.player1
    return (
        "removed" in m.flags
        or "walkover" in m.flags
        or (loser is not None and loser.status != Participant.Status.ACTIVE)
    )
