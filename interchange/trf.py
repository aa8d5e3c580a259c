"""FIDE's Tournament Report File (TRF-16) read and written: pure, no Django.

The format is FIDE Handbook C.04 Annex 2 ("TRF16"), with the extensions the pairing engines read (JaVaFo's
and bbpPairings' ``XXR`` number of rounds, ``XXC`` the first colour). A player line (``001``), columns
counted from 1:

====== ==========================================================
1–3    ``001``
5–8    start number
10     sex (m/w)
11–13  title
15–47  name
49–52  rating
54–56  federation
58–68  FIDE id
70–79  birth date
81–84  points
86–89  rank (the published place)
92–    per round, 10 columns: opponent (4), colour (1), result (1)
====== ==========================================================

Result codes: ``1 0 =`` a game played (win, loss, draw), ``W L D`` the same for a game shorter than one
move, ``+ -`` forfeit win and loss, and with opponent ``0000``: ``U`` pairing-allocated bye, ``F`` full-point
bye, ``H`` half-point bye, ``Z`` zero-point bye, ``-`` absent; a blank round is a round the player was not
paired in.

``parse`` refuses what it cannot read with ``TrfError`` naming the line; ``dump`` writes what bbpPairings
``-c`` and JaVaFo read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from standings import metrics

GAME_CODES = frozenset("10=WLD+-")
BYE_CODES = frozenset("UFHZ-")
CODE_POINTS = {
    "1": Fraction(1),
    "W": Fraction(1),
    "+": Fraction(1),
    "0": Fraction(0),
    "L": Fraction(0),
    "-": Fraction(0),
    "=": Fraction(1, 2),
    "D": Fraction(1, 2),
    "U": Fraction(1),
    "F": Fraction(1),
    "H": Fraction(1, 2),
    "Z": Fraction(0),
}
OPPOSITE = {"1": "0", "0": "1", "W": "L", "L": "W", "=": "=", "D": "D", "+": "-", "-": "+"}


class TrfError(ValueError):
    """A file that is not a TRF this module can read: the message names the line (English: a CLI's)."""


@dataclass(frozen=True)
class Game:
    """One round of one player: ``opponent`` None for ``0000`` (a bye or an absence)."""

    round: int
    opponent: int | None
    color: str  # "w", "b" or "-"
    code: str

    @property
    def points(self) -> Fraction:
        return CODE_POINTS.get(self.code, Fraction(0))

    @property
    def played(self) -> bool:
        return self.opponent is not None and self.code in "10=WLD"


@dataclass
class Player:
    number: int
    name: str
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    points: Fraction = Fraction(0)
    rank: int | None = None
    games: list[Game] = field(default_factory=list)

    def game(self, round_number: int) -> Game | None:
        for g in self.games:
            if g.round == round_number:
                return g
        return None


@dataclass
class Tournament:
    name: str = ""
    city: str = ""
    federation: str = ""
    start: str = ""
    end: str = ""
    kind: str = ""
    arbiter: str = ""
    rounds: int = 0  # XXR (TRF-2026: 142), else the last round with a result
    tiebreaks: list[str] = field(default_factory=list)  # C.07's codes, for TRF-2026's 202
    pab_points: Fraction = Fraction(1)  # the pairing-allocated bye's value (TRF-2026's 162 when not 1)
    headers: list[tuple[str, str]] = field(default_factory=list)  # every other line, as read
    players: list[Player] = field(default_factory=list)

    @property
    def played_rounds(self) -> int:
        return max((g.round for p in self.players for g in p.games), default=0)


def _int(text: str, what: str, line_no: int) -> int | None:
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise TrfError(f"line {line_no}: {what} {text!r} is not a number") from None


def _points(text: str, line_no: int) -> Fraction:
    text = text.strip()
    if not text:
        return Fraction(0)
    try:
        return Fraction(text)
    except ValueError:
        raise TrfError(f"line {line_no}: points {text!r} is not a number") from None


def parse_player(line: str, line_no: int) -> Player:
    if len(line) < 84:
        raise TrfError(f"line {line_no}: a player line (001) is at least 84 characters, this one {len(line)}")
    number = _int(line[4:8], "start number", line_no)
    if not number or number < 1:
        raise TrfError(f"line {line_no}: no start number in columns 5–8")
    name = line[14:47].strip()
    if not name:
        raise TrfError(f"line {line_no}: no name in columns 15–47")
    player = Player(
        number=number,
        name=name,
        sex=line[9:10].strip().lower(),
        title=line[10:13].strip(),
        rating=_int(line[48:52], "rating", line_no) or None,
        federation=line[53:56].strip(),
        fide_id=line[57:68].strip(),
        birth=line[69:79].strip(),
        points=_points(line[80:84], line_no),
        rank=_int(line[85:89], "rank", line_no),
    )
    rest = line[91:]
    round_number = 0
    while rest.strip():
        round_number += 1
        cell, rest = rest[:8], rest[10:]
        if not cell.strip():
            continue  # not paired in this round
        opponent = _int(cell[0:4], f"round {round_number}: opponent", line_no)
        color = cell[5:6].strip() or "-"
        code = cell[7:8].strip()
        if color not in ("w", "b", "-"):
            raise TrfError(f"line {line_no}: round {round_number}: colour {color!r} is not w, b or -")
        if not code:
            raise TrfError(f"line {line_no}: round {round_number}: no result code")
        if opponent:
            if code not in GAME_CODES:
                raise TrfError(f"line {line_no}: round {round_number}: result {code!r} with an opponent")
            player.games.append(Game(round_number, opponent, color, code))
        else:
            if code not in BYE_CODES:
                raise TrfError(f"line {line_no}: round {round_number}: result {code!r} without an opponent")
            player.games.append(Game(round_number, None, "-", code))
    return player


HEADER_FIELDS = {"012": "name", "022": "city", "032": "federation", "042": "start", "052": "end"}


def parse(text: str) -> Tournament:
    """A TRF-16 file's text → ``Tournament``. Raises ``TrfError`` (with the line) on what it cannot read, and
    on an inconsistent file: a start number twice, an opponent who is not in the file, two players whose
    lines disagree about their game."""
    t = Tournament()
    seen: dict[int, int] = {}
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue
        code = line[:3]
        value = line[4:].strip()
        if code == "001":
            player = parse_player(line, line_no)
            if player.number in seen:
                raise TrfError(
                    f"line {line_no}: start number {player.number} again "
                    f"(first on line {seen[player.number]})"
                )
            seen[player.number] = line_no
            t.players.append(player)
        elif code in HEADER_FIELDS:
            setattr(t, HEADER_FIELDS[code], value)
        elif code == "092":
            t.kind = value
        elif code == "102":
            t.arbiter = value
        elif code == "XXR":
            number = _int(value, "XXR", line_no)
            t.rounds = number or 0
        elif code == "142" and not t.rounds:  # TRF-2026's number of rounds (XXR wins when both are there)
            t.rounds = _int(value, "142", line_no) or 0
        else:
            t.headers.append((code, value))
    if not t.players:
        raise TrfError("no player line (001): this is not a TRF file")
    by_number = {p.number: p for p in t.players}
    for p in t.players:
        for g in p.games:
            if g.opponent is None:
                continue
            other = by_number.get(g.opponent)
            if other is None:
                raise TrfError(f"line {seen[p.number]}: round {g.round}: opponent {g.opponent} has no line")
            back = other.game(g.round)
            double_forfeit = g.code == "-" and back is not None and back.code == "-"
            if (
                back is None
                or back.opponent != p.number
                or (OPPOSITE.get(g.code) != back.code and not double_forfeit)
            ):
                raise TrfError(
                    f"line {seen[p.number]}: round {g.round}: player {p.number} ({g.code}) and "
                    f"{g.opponent} disagree about their game"
                )
    t.rounds = max(t.rounds, t.played_rounds)
    return t


def _points_text(points: Fraction) -> str:
    return f"{float(points):.1f}"


def dump(t: Tournament, version: int = 16) -> str:
    """``Tournament`` → TRF-16 text (CR LF line ends, as FIDE's remark 1 asks). Round cells are written up to
    the last round anybody has a result in; ``XXR`` carries the planned number of rounds.

    ``version=26``: TRF-2026 (FIDE Handbook, TRF26, applied from 1 September 2025) where it differs: the
    number of rounds as ``142`` (not the engines' ``XXR``), ``162`` the scoring when the pairing's bye is not
    a full point, ``202`` the tie-breaks in C.07's codes, and a ``240`` record per round for the requested
    byes (``F``/``H``) and known absences (``Z``); the player lines are the same."""
    lines = []
    for code, attr in HEADER_FIELDS.items():
        value = getattr(t, attr)
        if value:
            lines.append(f"{code} {value}")
    lines.append(f"062 {len(t.players)}")
    if t.kind:
        lines.append(f"092 {t.kind}")
    if t.arbiter:
        lines.append(f"102 {t.arbiter}")
    for code, value in t.headers:
        lines.append(f"{code} {value}".rstrip())
    if version == 26:
        lines.extend(_trf26_headers(t))
    elif t.rounds:
        lines.append(f"XXR {t.rounds}")
    last = t.played_rounds
    for p in sorted(t.players, key=lambda p: p.number):
        head = (
            f"001 {p.number:>4} {p.sex[:1]:1}{p.title[:3]:>3} {p.name[:33]:<33} {(p.rating or 0) or '':>4} "
            f"{p.federation[:3]:<3} {p.fide_id[:11]:>11} {p.birth[:10]:<10} {_points_text(p.points):>4} "
            f"{(p.rank or ''):>4}"
        )
        cells = []
        for r in range(1, last + 1):
            g = p.game(r)
            if g is None:
                cells.append(" " * 8)
            else:
                cells.append(f"{g.opponent:>4} {g.color} {g.code}" if g.opponent else f"0000 - {g.code}")
        lines.append((head + "".join(f"  {c}" for c in cells)).rstrip())
    if version == 26:
        lines.extend(_trf26_byes(t))
    return "\r\n".join(lines) + "\r\n"


def _trf26_headers(t: Tournament) -> list[str]:
    out = []
    if t.rounds:
        out.append(f"142 {t.rounds}")
    if t.pab_points != 1:
        # 162: a result code at column 6, its points in 7–10, the next code 9 columns on (TRF26, tag 162).
        out.append(f"162  P{_points_text(t.pab_points):>4}")
    if t.tiebreaks:
        out.append("202 " + ",".join(t.tiebreaks))
    return out


def _trf26_byes(t: Tournament) -> list[str]:
    """TRF26's ``240`` records: the type (column 5), the round (7–9), the start numbers (11–14, 16–19, …)."""
    byes: dict[tuple[str, int], list[int]] = {}
    for p in t.players:
        for g in p.games:
            if g.opponent is None and g.code in {"F", "H", "Z"}:
                byes.setdefault((g.code, g.round), []).append(p.number)
    out = []
    for (code, rnd), numbers in sorted(byes.items(), key=lambda item: (item[0][1], item[0][0])):
        out.append(f"240 {code} {rnd:03d} " + " ".join(f"{n:04d}" for n in sorted(numbers)))
    return out


# How each code of a round becomes a result of the standings (and, in ``interchange.manager``, a row).
ABSENCE_CODES = {"F": "requested_bye", "H": "requested_bye", "Z": "absent", "-": "absent"}


def results(t: Tournament) -> list[metrics.Result]:
    """The tournament's rounds as ``standings.metrics.Result``s, keyed by start number (as text): a game once
    per pair; a draw as ``draw`` (½ each); a forfeit as ``technical``; a double forfeit as ``annulled``;
    ``U`` as the pairing's bye; ``F``/``H`` as a requested bye worth 1/½, ``Z``/``-`` and a blank round as
    ``absent``."""
    out: list[metrics.Result] = []
    last = t.played_rounds
    for p in t.players:
        me = str(p.number)
        for r in range(1, last + 1):
            g = p.game(r)
            if g is None:
                out.append(metrics.Result(me, None, None, "absent", round=r, value=Fraction(0)))
            elif g.opponent is None:
                if g.code == "U":
                    out.append(metrics.Result(me, None, me, "bye", round=r))
                else:
                    out.append(metrics.Result(me, None, None, ABSENCE_CODES[g.code], round=r, value=g.points))
            elif p.number < g.opponent:
                other = str(g.opponent)
                if g.code in "=D":
                    out.append(metrics.Result(me, other, None, "draw", round=r))
                elif (
                    g.code == "-"
                    and (o := next(x for x in t.players if x.number == g.opponent).game(r))
                    and o.code == "-"
                ):
                    out.append(metrics.Result(me, other, None, "annulled", round=r))
                else:
                    winner = me if g.points == 1 else other
                    kind = "technical" if g.code in "+-" else "played"
                    out.append(metrics.Result(me, other, winner, kind, round=r))
    return out
