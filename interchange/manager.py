"""The one converter between FIDE TRF files (``interchange.trf``, pure) and the models (issue 29 §4).

``import_trf`` makes a finished-for-results Swiss tournament from a file: participants with their start
numbers (``Participant.seed``), rounds, matches, byes, absences and requested byes (``draw.Absence``),
forfeits as technical results; a drawn game of another sport as ``ResultKind.DRAW`` (½ each). The
tournament carries ``imported_from``: read-only for results everywhere (``Tournament.read_only_reason``).
``export_trf`` writes any Swiss tournament back (TRF-16); ``standings_rows`` is what ``manage.py standings
--json`` prints.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from draw.models import Absence, Match, ResultKind, Round, Stage
from interchange import trf
from registration.models import Official, Participant, Person
from standings import metrics, ranking
from tournaments.models import Tournament, UnplayedRule, log


class ImportError_(ValueError):
    """A file or an option the import refuses: nothing was created (the message is the user's)."""


@dataclass
class ImportReport:
    tournament: Tournament
    players: int = 0
    matches: int = 0
    draws: list[str] = field(default_factory=list)
    forfeits: list[str] = field(default_factory=list)
    byes: list[str] = field(default_factory=list)
    absences: list[str] = field(default_factory=list)
    requested_byes: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [f"tournament {self.tournament.pk}: {self.tournament.name}", f"players: {self.players}"]
        out.append(f"matches: {self.matches}")
        for label, items in (
            ("draws (½ each, another sport's result)", self.draws),
            ("forfeits (technical results)", self.forfeits),
            ("pairing-allocated byes", self.byes),
            ("absences", self.absences),
            ("requested byes", self.requested_byes),
        ):
            out.append(f"{label}: {len(items)}")
            out.extend(f"  {item}" for item in items)
        return out


def _date(text: str) -> datetime.date | None:
    for pattern in ("%Y/%m/%d", "%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y", "%Y.%m.%d"):
        try:
            return datetime.datetime.strptime(text.strip(), pattern).date()
        except ValueError:
            continue
    return None


def _split_name(name: str) -> tuple[str, str]:
    """TRF writes "Surname, Name" or "Surname Name": the part before a comma, else the first word, is the
    surname."""
    if "," in name:
        surname, rest = name.split(",", 1)
        return surname.strip()[:100], rest.strip()[:100]
    parts = name.split()
    return parts[0][:100], " ".join(parts[1:])[:100]


def _birth(text: str) -> tuple[datetime.date | None, bool]:
    text = text.strip()
    if re.fullmatch(r"\d{4}", text) and 1900 <= int(text) <= 2100:
        return datetime.date(int(text), 1, 1), True
    return _date(text), False


def check_options(tiebreaks: str | None, unplayed: str | None) -> tuple[str | None, str | None]:
    """The ``--tiebreaks`` keys (comma-separated keys of ``standings.metrics.METRICS``) and the
    ``--unplayed`` rule (one of ``UnplayedRule``), checked; ImportError_ names what is wrong."""
    if tiebreaks is not None:
        keys = [k.strip() for k in tiebreaks.split(",") if k.strip()]
        unknown = metrics.validate_tiebreaks(keys)
        if unknown or not keys:
            raise ImportError_(
                f"unknown tie-break keys: {', '.join(unknown) or '(none given)'}; "
                f"known: {', '.join(metrics.METRICS)}"
            )
        tiebreaks = ",".join(keys)
    if unplayed is not None and unplayed not in UnplayedRule.values:
        raise ImportError_(
            f"unknown rule for unplayed games: {unplayed}; known: {', '.join(UnplayedRule.values)}"
        )
    return tiebreaks, unplayed


def import_trf(
    text: str,
    *,
    filename: str,
    user=None,
    tiebreaks: str | None = None,
    unplayed: str | None = None,
) -> ImportReport:
    """Create a tournament from a TRF file's text. Raises ``ImportError_`` (nothing created) on a file
    ``trf.parse`` refuses or on an unknown option."""
    tiebreaks, unplayed = check_options(tiebreaks, unplayed)
    try:
        data = trf.parse(text)
    except trf.TrfError as exc:
        raise ImportError_(str(exc)) from exc
    numbers = [p.number for p in data.players]
    start = _date(data.start) or timezone.localdate()
    end = _date(data.end) or start
    if end < start:
        end = start
    with transaction.atomic():
        t = Tournament.objects.create(
            name=(data.name or filename)[:200],
            discipline="long",
            system="swiss",
            start_date=start,
            end_date=end,
            venue=(data.city or "—")[:200],
            rounds=max(data.rounds, 1),
            bye_points=Decimal(1),  # TRF's pairing-allocated bye (U) is a full point
            tiebreaks=tiebreaks or "",
            unplayed_rule=unplayed or UnplayedRule.FIDE2009,
            imported_from=filename[:200],
            created_by=user if user is not None and user.is_authenticated else None,
        )
        if user is not None and user.is_authenticated and hasattr(user, "person"):
            Official.objects.create(tournament=t, person=user.person, role=Official.Role.CHIEF_SECRETARY)
        report = ImportReport(t)
        by_number: dict[int, Participant] = {}
        for p in data.players:
            surname, name = _split_name(p.name)
            birth, year_only = _birth(p.birth)
            # The same person in another imported event (name and birth date) is the same record.
            person, _created = Person.objects.get_or_create(
                surname=surname,
                name=name or "—",
                patronymic="",
                birth_date=birth,
                defaults={
                    "birth_year_only": year_only,
                    "gender": "female" if p.sex == "w" else "male",
                    "organisation": p.federation,
                },
            )
            by_number[p.number] = Participant.objects.create(
                tournament=t, person=person, seed=p.number, rating=p.rating or None
            )
        report.players = len(by_number)
        stage = Stage.objects.create(tournament=t, number=1, system="swiss")
        now = timezone.now()
        for r in range(1, data.played_rounds + 1):
            rnd = Round.objects.create(
                tournament=t,
                stage=stage,
                number=r,
                seed=0,
                status=Round.Status.FINISHED,
                published_at=now,
                finished_at=now,
            )
            matches: list[Match] = []
            absences: list[Absence] = []
            table = 0
            for p in sorted(data.players, key=lambda p: p.number):
                g = p.game(r)
                me = by_number[p.number]
                name = f"{p.number} {p.name}"
                if g is None or g.opponent is None:
                    code = g.code if g is not None else "-"
                    if code == "U":
                        table += 1
                        matches.append(_match(rnd, t, table, me, None, me, ResultKind.BYE, now))
                        report.byes.append(f"round {r}: {name}")
                        continue
                    kind = trf.ABSENCE_CODES[code]
                    absences.append(
                        Absence(
                            tournament=t,
                            participant=me,
                            round_number=r,
                            kind=kind,
                            points=Decimal(str(float(trf.CODE_POINTS.get(code, Fraction(0))))),
                            reason=_("imported: TRF code %(c)s") % {"c": code if g is not None else "blank"},
                        )
                    )
                    (report.requested_byes if kind == "requested_bye" else report.absences).append(
                        f"round {r}: {name} ({code if g is not None else 'not paired'})"
                    )
                    continue
                if g.color == "b" or (g.color == "-" and g.opponent < p.number):
                    continue  # the game is written once, from White's line (or the lower number's)
                other = by_number[g.opponent]
                table += 1
                pair = f"round {r}: {name} – {g.opponent}"
                if g.code in "=D":
                    matches.append(_match(rnd, t, table, me, other, None, ResultKind.DRAW, now))
                    report.draws.append(pair)
                elif g.code == "-" and (back := _game(data, g.opponent, r)) is not None and back.code == "-":
                    m = _match(rnd, t, table, me, other, None, ResultKind.ANNULLED, now)
                    m.result_reason = _("imported: a double forfeit (TRF - -)")
                    matches.append(m)
                    report.forfeits.append(pair + " (double forfeit)")
                else:
                    winner = me if g.points == 1 else other
                    kind = ResultKind.TECHNICAL if g.code in "+-" else ResultKind.PLAYED
                    m = _match(rnd, t, table, me, other, winner, kind, now)
                    if kind == ResultKind.TECHNICAL:
                        m.result_reason = _("imported: a forfeit (TRF %(c)s)") % {"c": g.code}
                        report.forfeits.append(pair)
                    matches.append(m)
            Match.objects.bulk_create(matches)
            Absence.objects.bulk_create(absences)
            report.matches += len(matches)
        if data.played_rounds >= data.rounds:
            t.status = Tournament.Status.FINISHED
        elif data.played_rounds:
            t.status = Tournament.Status.RUNNING
        t.save(update_fields=["status"])
        log(
            t,
            user if user is not None and user.is_authenticated else None,
            "import",
            _("Imported from the TRF file %(f)s") % {"f": filename},
            players=report.players,
            matches=report.matches,
            draws=len(report.draws),
            forfeits=len(report.forfeits),
            absences=len(report.absences),
            requested_byes=len(report.requested_byes),
        )
    del numbers
    return report


def _game(data: trf.Tournament, number: int, r: int) -> trf.Game | None:
    for p in data.players:
        if p.number == number:
            return p.game(r)
    return None


def _match(rnd, t, table, p1, p2, winner, kind, now) -> Match:
    return Match(
        round=rnd,
        table=table,
        player1=p1,
        player2=p2,
        match_length=t.match_length,
        winner=winner,
        result_kind=kind,
        flags=["imported"],
        ended_at=now,
        final_at=now,
        changed_at=now,
    )


# --- export ------------------------------------------------------------------------------------------------


def start_numbers(t: Tournament) -> dict[int, int]:
    """Participant pk → TRF start number: the seeding number when every participant has a distinct one
    (an imported tournament keeps the file's), else the seeding order."""
    participants = list(t.participants.order_by("seed", "pk").values_list("pk", "seed"))
    seeds = [s for _pk, s in participants]
    if all(seeds) and len(set(seeds)) == len(seeds):
        return {pk: s for pk, s in participants}
    return {pk: i for i, (pk, _s) in enumerate(participants, start=1)}


RESULT_CODES = {  # (kind, won) → the code on the player's line
    (ResultKind.PLAYED, True): "1",
    (ResultKind.PLAYED, False): "0",
    (ResultKind.TIME, True): "1",
    (ResultKind.TIME, False): "0",
    (ResultKind.TECHNICAL, True): "+",
    (ResultKind.TECHNICAL, False): "-",
}


# The tie-breaks in FIDE C.07's own codes (TRF-2026's tag 202); the nardy-only ones (game points) have none.
FIDE_CODES = {
    "buchholz": "BH",
    "buchholz_cut1": "BH/C1",
    "buchholz_cut2": "BH/C2",
    "median_buchholz": "BH/M1",
    "sonneborn_berger": "SB",
    "direct": "DE",
    "wins": "WIN",
    "progressive": "PS",
}


def export_trf(t: Tournament, version: int = 16) -> str:
    """The tournament's published rounds as TRF-16 (``interchange.trf.dump``): a played match 1/0, a
    technical result +/−, an annulled one −/− (a double forfeit: neither scored), the pairing's bye U, a
    requested bye H (½), F (1) or Z (0), an absence Z, an imported draw =. The points and the rank are the
    standings' (``standings.ranking``)."""
    numbers = start_numbers(t)
    standings = ranking.compute(t)
    data = trf.Tournament(
        name=t.name,
        city=t.venue,
        start=t.start_date.strftime("%Y/%m/%d"),
        end=t.end_date.strftime("%Y/%m/%d"),
        kind="Individual: Swiss-System",
        rounds=t.rounds or 0,
        tiebreaks=[FIDE_CODES[k] for k in t.tiebreak_keys() if k in FIDE_CODES],
        pab_points=Fraction(t.bye_points),
    )
    players: dict[int, trf.Player] = {}
    for s in standings.rows:
        p = s.participant
        number = numbers[p.pk]
        birth = p.person.birth_date
        players[p.pk] = trf.Player(
            number=number,
            name=f"{p.person.surname}, {p.person.name}".strip(", ")[:33],
            sex="w" if p.person.gender == "female" else "m",
            rating=p.rating,
            federation=(p.person.organisation or "")[:3] if t.imported_from else "",
            birth=(str(birth.year) if p.person.birth_year_only else birth.strftime("%Y/%m/%d"))
            if birth
            else "",
            points=s.row.points,
            rank=s.row.place,
        )
    matches = Match.objects.filter(round__tournament=t).exclude(round__status=Round.Status.DRAFT)
    for m in matches.exclude(result_kind="").values_list(
        "round__number", "player1_id", "player2_id", "winner_id", "result_kind"
    ):
        number, p1, p2, winner, kind = m
        if p2 is None:
            if p1 in players and kind == ResultKind.BYE:
                players[p1].games.append(trf.Game(number, None, "-", "U"))
            continue
        for me, other, color in ((p1, p2, "w"), (p2, p1, "b")):
            if me not in players:
                continue
            if kind == ResultKind.DRAW:
                code = "="
            elif kind == ResultKind.ANNULLED:
                code = "-"
            else:
                code = RESULT_CODES.get((kind, winner == me), "0")
            players[me].games.append(trf.Game(number, numbers[other], color, code))
    published = set(
        Round.objects.filter(tournament=t).exclude(status=Round.Status.DRAFT).values_list("number", flat=True)
    )
    for a in Absence.objects.filter(tournament=t, round_number__in=published):
        if a.participant_id not in players:
            continue
        if a.kind == Absence.Kind.ABSENT:
            code = "Z"
        else:
            code = {Decimal("1.0"): "F", Decimal("0.5"): "H"}.get(a.points, "Z")
        players[a.participant_id].games.append(trf.Game(a.round_number, None, "-", code))
    for p in players.values():
        p.games.sort(key=lambda g: g.round)
    data.players = sorted(players.values(), key=lambda p: p.number)
    return trf.dump(data, version)


# --- standings as data -------------------------------------------------------------------------------------


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def standings_rows(t: Tournament) -> list[dict]:
    """Place as printed, start number, name, points and each tie-break's value: ``manage.py standings
    --json``."""
    numbers = start_numbers(t)
    standings = ranking.compute(t)
    return [
        {
            "place": s.row.place_label,
            "start_number": numbers.get(s.participant.pk),
            "name": str(s.participant),
            "points": _number(s.row.points),
            "tiebreaks": {k: _number(s.row.metrics[k]) for k in standings.keys if k in s.row.metrics},
        }
        for s in standings.rows
    ]
