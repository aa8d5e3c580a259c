"""Team standings as a pure function of board results (004 §1.3.4): no Django import, exact arithmetic.

A team match is ``boards`` board matches; each board won gives its team one *board point* (a board without a
result, or annulled, gives nobody anything). The team match is won by the team with more board points, drawn
when they are equal (possible with an even number of boards). *Match points*: won 2, drawn 1, lost 0. A bye
(an odd number of teams in a Swiss) counts as a team match won with ``bye_points`` on every board.

The regulation chooses what ranks first (``primary``: "match_points" or "board_points"); the team
tie-breaks follow in the order given (``TEAM_TIEBREAKS``): the other of the two scores, the direct encounter
(the primary score in the matches among the tied teams, only when they all met each other), and
Sonneborn-Berger on match points (Σ over the opponents of the opponent's match points × the result against
him: won 1, drawn ½, lost 0).

004 §5.7.3 for a team removed: an *annulled* team match (the removed team played not more than half of its
round-robin team matches) counts for nobody: no match points, no board points, not played; a removed team
keeps no place (``removed``), the others close up.

In an elimination stage a drawn team match is decided by the regulation's rule (``decide``): the board
count-back (the team that won the highest board, board 1 first) or an extra decisive match (its winner).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from standings.metrics import assign_places as place_rows
from standings.metrics import place_label

WIN, DRAW, LOSS = 2, 1, 0  # match points
TEAM_TIEBREAKS = ("board_points", "match_points", "direct", "sonneborn_berger")
NAMES = {
    "match_points": "match points",
    "board_points": "board points",
    "direct": "direct encounter",
    "sonneborn_berger": "Sonneborn-Berger (match points)",
}


@dataclass(frozen=True)
class TeamResult:
    """One team match as the standings see it.

    ``boards``: per board (board 1 first) the side whose player won it: 1 (``team1``), 2 (``team2``), or 0
    (no result yet, or annulled). ``complete``: every board has its result. ``decider``: the side that won an
    extra decisive match (elimination), if one was played. ``annulled``: the team match does not count for
    anybody (004 §5.7.3).
    """

    round: int
    team1: str
    team2: str | None  # None: a bye
    boards: tuple[int, ...] = ()
    complete: bool = True
    decider: int | None = None
    annulled: bool = False


@dataclass
class TeamRow:
    team: str
    match_points: int = 0
    board_points: Fraction = Fraction(0)
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    opponents: list[str] = field(default_factory=list)
    metrics: dict[str, Fraction] = field(default_factory=dict)
    place: int | None = None
    place_to: int | None = None

    @property
    def place_label(self) -> str:
        return place_label(self.place, self.place_to)


def board_points(result: TeamResult, bye_points: Fraction = Fraction(1), boards: int = 0) -> tuple:
    """(board points of team1, of team2)."""
    if result.team2 is None:
        return Fraction(bye_points) * (boards or len(result.boards)), Fraction(0)
    return (
        Fraction(sum(1 for b in result.boards if b == 1)),
        Fraction(sum(1 for b in result.boards if b == 2)),
    )


def outcome(result: TeamResult, bye_points: Fraction = Fraction(1), boards: int = 0) -> int:
    """The side that won the team match on board points (1 or 2), or 0 for a draw."""
    if result.team2 is None:
        return 1
    a, b = board_points(result, bye_points, boards)
    return 1 if a > b else 2 if b > a else 0


def decide(result: TeamResult, rule: str) -> int | None:
    """The side that goes through in an elimination stage, or None while it is not known yet.

    ``rule``: "count_back" (a drawn match goes to the team that won the highest board: board 1, then 2…;
    every board drawn or empty: not decided) or "decider" (the extra decisive match's winner)."""
    if result.team2 is None:
        return 1
    if not result.complete:
        return None
    side = outcome(result)
    if side:
        return side
    if rule == "count_back":
        return next((b for b in result.boards if b in (1, 2)), None)
    return result.decider


def team_table(
    teams: Sequence[str],
    results: Iterable[TeamResult],
    primary: str = "match_points",
    tiebreaks: Sequence[str] = ("board_points", "direct", "sonneborn_berger"),
    bye_points: Fraction = Fraction(1),
    boards: int = 0,
    removed: Collection[str] = (),
) -> list[TeamRow]:
    """The team standings: rows ranked by ``primary`` then ``tiebreaks``, places shared when all are equal.

    Only complete team matches count, annulled ones never (004 §5.7.3); the ``removed`` teams come last
    without a place and the others close up (004 §5.7.3). Examples
    --------
    >>> r = [TeamResult(1, "A", "B", (1, 1, 2, 0)), TeamResult(1, "C", None, ())]
    >>> [(x.team, x.match_points, x.board_points) for x in team_table(["A", "B", "C"], r, boards=4)]
    [('C', 2, Fraction(4, 1)), ('A', 2, Fraction(2, 1)), ('B', 0, Fraction(1, 1))]
    """
    if primary not in ("match_points", "board_points"):
        raise ValueError(f"unknown primary score: {primary}")
    for key in tiebreaks:
        if key not in TEAM_TIEBREAKS:
            raise ValueError(f"unknown team tie-break: {key}")
    rows = {t: TeamRow(t) for t in teams}
    done = [
        r
        for r in results
        if r.complete and not r.annulled and r.team1 in rows and (r.team2 is None or r.team2 in rows)
    ]
    # (team, opponent) -> (match points, board points) scored in their matches
    against: dict[tuple[str, str], list[tuple[int, Fraction]]] = defaultdict(list)
    for r in done:
        bp1, bp2 = board_points(r, bye_points, boards)
        side = outcome(r, bye_points, boards)
        mp1, mp2 = (WIN, LOSS) if side == 1 else (LOSS, WIN) if side == 2 else (DRAW, DRAW)
        for team, opp, mp, bp in ((r.team1, r.team2, mp1, bp1), (r.team2, r.team1, mp2, bp2)):
            if team is None:
                continue
            row = rows[team]
            row.match_points += mp
            row.board_points += bp
            if opp is not None:
                row.played += 1
                row.opponents.append(opp)
                against[(team, opp)].append((mp, bp))
            row.won += mp == WIN
            row.drawn += mp == DRAW
            row.lost += mp == LOSS
    sb: dict[str, Fraction] = defaultdict(Fraction)
    for (team, opp), games in against.items():
        for mp, _bp in games:
            sb[team] += Fraction(rows[opp].match_points * mp, WIN)
    for row in rows.values():
        row.metrics["match_points"] = Fraction(row.match_points)
        row.metrics["board_points"] = row.board_points
        row.metrics["sonneborn_berger"] = sb[row.team]

    def primary_key(row: TeamRow) -> Fraction:
        return row.metrics[primary]

    ordered = sorted(rows.values(), key=lambda r: (-primary_key(r), r.team))
    # Group by primary, then split each group by the tie-breaks in turn (direct encounter among the group).
    out: list[TeamRow] = []
    for block in _blocks(ordered, primary_key):
        out.extend(_split(block, list(tiebreaks), primary, against))
    # 004 §5.7.3: a removed team keeps no place; the others close up.
    gone = [r for r in out if r.team in removed]
    out = [r for r in out if r.team not in removed]
    _place(out, primary, tiebreaks)
    return out + gone


def _blocks(rows: list[TeamRow], key) -> list[list[TeamRow]]:
    blocks: list[list[TeamRow]] = []
    for row in rows:
        if blocks and key(blocks[-1][0]) == key(row):
            blocks[-1].append(row)
        else:
            blocks.append([row])
    return blocks


def _direct(block: list[TeamRow], primary: str, against) -> dict[str, Fraction] | None:
    """The primary score in the matches among the block's teams; None unless every two of them met."""
    names = {r.team for r in block}
    for a in names:
        for b in names:
            if a != b and not against.get((a, b)):
                return None
    index = 0 if primary == "match_points" else 1
    return {
        a: sum((Fraction(g[index]) for b in names if b != a for g in against[(a, b)]), Fraction(0))
        for a in names
    }


def _split(block: list[TeamRow], keys: list[str], primary: str, against) -> list[TeamRow]:
    if len(block) == 1 or not keys:
        return block
    key, rest = keys[0], keys[1:]
    if key == "direct":
        values = _direct(block, primary, against)
        if values is None:
            return _split(block, rest, primary, against)
        for row in block:
            row.metrics["direct"] = values[row.team]
    ordered = sorted(block, key=lambda r: (-r.metrics.get(key, Fraction(0)), r.team))
    out: list[TeamRow] = []
    for sub in _blocks(ordered, lambda r: r.metrics.get(key, Fraction(0))):
        out.extend(_split(sub, rest, primary, against))
    return out


def assign_places(rows: list[TeamRow], primary: str, tiebreaks: Sequence[str]) -> None:
    """Places of ranked rows (best first): rows equal on ``primary`` and every tie-break share a place; a
    table some rows were taken out of (removed teams, 004 §5.7.3) closes up."""
    _place(rows, primary, tiebreaks)


def _place(rows: list[TeamRow], primary: str, tiebreaks: Sequence[str]) -> None:
    keys = [primary, *tiebreaks]
    place_rows(rows, lambda r: tuple(r.metrics.get(k) for k in keys))
