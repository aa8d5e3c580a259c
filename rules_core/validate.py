"""Validation and replay of a whole match record.

:func:`validate_record` replays every game of a .mat record and reports each rule broken as a
:class:`Finding`;
:func:`replay` gives a :class:`Snapshot` after every action (for drawing the board). Both are pure functions.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from . import scoring as sc
from .matfile import DOUBLE, DROP, ROLL, TAKE, WIN, Action, MatchRecord, parse_mat
from .moves import BAR, LONG, OFF, SHORT, Play, _reachable, head_allowance, legal_plays
from .notation import NotationError, Segment, parse_play
from .position import CHECKERS, Position, start_position

R_TURN = "004 §5.4.6"
R_DIRECTION = "004 §5.4.23"
R_SUM = "004 §5.4.24"
R_FULL = "004 §5.4.26"
R_HEAD = "004 §5.4.11"
R_CLOSED_LONG = "004 §5.4.12"
R_BLOCK = "004 §5.4.13"
R_BEAROFF = "004 §5.4.38"
R_HIGHER = "004 §5.4.37"
R_CLOSED_SHORT = "001 art. 21.4"
R_BAR_FIRST = "001 art. 21.8"
R_WIN = "004 §5.4.39"
R_MATCH_END = sc.R_MATCH_END


@dataclass(frozen=True, slots=True)
class Finding:
    """One rule broken. ``move`` is the record's numbered line, ``None`` for a finding about a
    whole game or the
    match; ``side`` is 1 or 2 (``None`` when nobody in particular); ``expected`` says what the rules give."""

    game: int | None
    move: int | None
    side: int | None
    rule: str
    message: str
    expected: str | None = None
    line: int | None = None


@dataclass(frozen=True, slots=True)
class GameResult:
    game: int
    winner: int | None  # by the rules (None: the game has no result)
    points: int  # by the rules
    claimed_winner: int | None
    claimed_points: int | None
    how: str  # "bear-off", "drop", "resign", "unfinished"


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The board after one action, from side 1's numbering (positive: side 1, negative: side 2)."""

    game: int
    move: int | None
    side: int | None
    kind: str  # "start", "roll", "double", "take", "drop", "win"
    dice: tuple[int, int] | None
    play: str
    board: tuple[int, ...]
    bar: tuple[int, int]
    off: tuple[int, int]
    cube: int
    cube_owner: int  # 0 centred, 1 or 2
    score: tuple[int, int]  # before this game
    crawford: bool
    turn: int | None  # who rolls next


@dataclass(frozen=True, slots=True)
class Report:
    valid: bool
    findings: tuple[Finding, ...]
    games: tuple[GameResult, ...]
    score: tuple[int, int]
    players: tuple[str, str]
    length: int
    snapshots: tuple[Snapshot, ...] = field(default=(), repr=False)

    def to_json(self) -> dict:
        """The shape printed by ``python -m rules_core validate`` (see README.md)."""
        return {
            "valid": self.valid,
            "errors": [asdict(f) for f in self.findings],
            "games": [asdict(g) for g in self.games],
            "score": list(self.score),
            "players": list(self.players),
            "length": self.length,
        }


def validate_record(
    record: str | MatchRecord, discipline: str, *, head_rule: str = "federation", with_snapshots: bool = False
) -> Report:
    """Replay ``record`` (text or parsed) under ``discipline`` ("short" or "long") and report every finding.

    Raises :class:`rules_core.MatParseError` for unreadable text; a readable record never raises.
    """
    rec = parse_mat(record) if isinstance(record, str) else record
    if discipline not in (SHORT, LONG):
        raise ValueError(f"unknown discipline {discipline!r}")
    walker = _Walker(rec, discipline, head_rule, with_snapshots)
    walker.run()
    return Report(
        not walker.findings,
        tuple(walker.findings),
        tuple(walker.results),
        tuple(walker.score),
        rec.players,
        rec.length,
        tuple(walker.snapshots),
    )


def replay(record: str | MatchRecord, discipline: str, *, head_rule: str = "federation") -> list[Snapshot]:
    """A snapshot of the board, dice and cube at the start of each game and after every action."""
    return list(validate_record(record, discipline, head_rule=head_rule, with_snapshots=True).snapshots)


def _key(arr_board: tuple[int, ...], bar: int, off: int) -> tuple:
    return tuple(n if n > 0 else 0 for n in arr_board) + (bar, off)


def _apply_segments(view: Position, segments: list[Segment]) -> tuple | None:
    """The mover's checkers after the written play (hits do not change them); None if impossible as
    written."""
    arr = [view.off[0], *view.board, view.bar[0]]
    arr = [max(n, 0) for n in arr]
    for seg in segments:
        if arr[seg.src] <= 0:
            return None
        arr[seg.src] -= 1
        arr[seg.dst] += 1
    return tuple(arr[1:25]) + (arr[BAR], arr[OFF])


def _explain(
    view: Position, dice: tuple[int, int], discipline: str, head: int, segments: list[Segment], target: tuple
) -> tuple[str, str]:
    """The clause a written play breaks, for a play that is not among the legal ones."""
    long = discipline == LONG

    def reach(**kw) -> bool:
        res = _reachable(view, dice, long, kw.pop("head", head), **kw)
        return any(_key(tuple(a[1:25]), a[25], a[0]) == target for _n, _s, a, _o in res.values())

    if reach(partial=True):
        return R_FULL, "the roll is not played in full (both dice, or the larger one, must be played)"
    if long and reach(partial=True, head=CHECKERS):
        return R_HEAD, "only one checker may leave the head per turn"
    if long and reach(partial=True, block=False):
        return R_BLOCK, "a block of six points with no opposing checker ahead of it"
    if long and reach(partial=True, block=False, head=CHECKERS):
        return R_HEAD, "only one checker may leave the head per turn (and a forbidden six-point block)"
    if not long and view.bar[0] and any(s.src != BAR for s in segments[: view.bar[0]]):
        return R_BAR_FIRST, "checkers on the bar must enter first"
    if any(s.dst == OFF for s in segments):
        outside = sum(n for n in view.board[6:] if n > 0) + view.bar[0]
        moved_in = sum(1 for s in segments if s.src > 6 and 0 < s.dst <= 6)
        if outside > moved_in:
            return R_BEAROFF, "bearing off before all 15 checkers are home"
    if any(s.dst == OFF and not s.via and s.src not in dice for s in segments):
        return R_HIGHER, "a higher die bears off only from the highest occupied point"

    def closed(p: int) -> bool:
        return p != OFF and (view.board[p - 1] < 0 if long else view.board[p - 1] < -1)

    a, b = dice
    for s in segments:
        if not s.via and s.dst != OFF and a != b and s.src - s.dst == a + b:
            if closed(s.src - a) and closed(s.src - b):
                return R_SUM, f"both intermediate points ({s.src - a}, {s.src - b}) are closed"
    for s in segments:
        for p in (*s.via, s.dst):
            if closed(p):
                return (R_CLOSED_LONG if long else R_CLOSED_SHORT), f"point {p} is closed by the opponent"
    return R_DIRECTION, "the checkers cannot move so with these dice"


@dataclass(frozen=True, slots=True)
class PlayVerdict:
    """Whether a written play is legal for ``dice`` from ``position`` (mover's view).

    ``position`` is the position after the play: the legal play's result, or — for an illegal play that can
    still be carried out on the board — the play as written (003 «Невозможные ходы»: an unnoticed impossible
    move stands), else the position before it. ``rule``/``message``/``expected`` describe an illegal play.
    """

    legal: bool
    position: Position
    play: Play | None = None
    rule: str | None = None
    message: str = ""
    expected: str = ""


def judge_play(
    position: Position,
    dice: tuple[int, int],
    text: str,
    discipline: str,
    *,
    first_roll: bool = False,
    moves_second: bool = False,
    head_rule: str = "federation",
) -> PlayVerdict:
    """Judge one written play (``"13/8 13/11"``, ``""`` for "no move") against the legal plays."""
    d = discipline
    plays = legal_plays(
        position, dice, d, first_roll=first_roll, moves_second=moves_second, head_rule=head_rule
    )
    roll = f"{dice[0]}{dice[1]}"
    shown = "; ".join(p.text for p in plays[:12]) + (" …" if len(plays) > 12 else "")
    expected = f"one of {len(plays)} legal plays: {shown}" if plays else "no play: the roll cannot be played"
    try:
        segments = parse_play(text)
    except NotationError as exc:
        return PlayVerdict(False, position, None, R_DIRECTION, str(exc), expected)
    if not segments:
        if not plays:
            return PlayVerdict(True, position)
        return PlayVerdict(
            False, position, None, R_FULL, f"no play written for {roll}, but it can be played", expected
        )
    target = _apply_segments(position, segments)
    after = _force(position, segments, d) if target is not None else position
    if target is None:
        return PlayVerdict(
            False, after, None, R_DIRECTION, f"{roll}: {text} moves a checker from an empty point", expected
        )
    cands = [p for p in plays if _key(p.position.board, p.position.bar[0], p.position.off[0]) == target]
    if not cands:
        head = head_allowance(dice, first_roll, moves_second, head_rule) if d == LONG else 99
        rule, why = _explain(position, dice, d, head, segments, target)
        if not plays:
            why = f"the roll cannot be played at all ({why})"
        return PlayVerdict(False, after, None, rule, f"{roll}: {text} is not legal: {why}", expected)
    # the mover's checkers agree; which blot was hit on the way follows the "*" marks
    marked = {h for seg in segments for h in seg.hits}
    ends = {seg.dst for seg in segments if seg.dst != OFF and position.board[seg.dst - 1] == -1}
    want = marked | ends
    chosen = min(cands, key=lambda p: len({st.dst for st in p.steps if st.hit} ^ want))
    return PlayVerdict(True, chosen.position, chosen)


class _Walker:
    def __init__(self, rec: MatchRecord, discipline: str, head_rule: str, snaps: bool) -> None:
        head_allowance((1, 2), False, False, head_rule)  # validates head_rule
        self.rec = rec
        self.d = discipline
        self.head_rule = head_rule
        self.want_snaps = snaps
        self.findings: list[Finding] = []
        self.results: list[GameResult] = []
        self.snapshots: list[Snapshot] = []
        self.score = [0, 0]  # by the rules
        self.claimed = [0, 0]  # by the record's own Wins lines

    def find(self, game, move, side, rule, message, expected=None, line=None) -> None:
        self.findings.append(Finding(game, move, side, rule, message, expected, line))

    def run(self) -> None:
        rec = self.rec
        variation = (rec.variation or "").replace(" ", "").lower()
        if self.d == LONG and variation and variation != "longnardy":
            self.find(
                None,
                None,
                None,
                "rules_core/README.md",
                f"record variation {rec.variation!r} is not long nardy",
                'Variation "LongNardy"',
            )
        if self.d == SHORT and variation == "longnardy":
            self.find(
                None,
                None,
                None,
                "rules_core/README.md",
                "record is long nardy, validated as short",
                'a short-nardy record (no Variation "LongNardy")',
            )
        crawford_played = False
        ended = False
        for idx, game in enumerate(rec.games, start=1):
            if game.number != idx:
                self.find(
                    game.number,
                    None,
                    None,
                    R_MATCH_END,
                    f"game numbered {game.number}",
                    f"Game {idx}",
                    game.line,
                )
            if tuple(game.score) != tuple(self.claimed):
                self.find(
                    game.number,
                    None,
                    None,
                    R_MATCH_END,
                    "score line does not agree with the games before",
                    f"{rec.players[0]} : {self.claimed[0]}  {rec.players[1]} : {self.claimed[1]}",
                    game.line,
                )
            if ended:
                self.find(
                    game.number,
                    None,
                    None,
                    R_MATCH_END,
                    f"game played after the match was over at {self.claimed[0]}-{self.claimed[1]}",
                )
            crawford = sc.crawford_game(rec.length, tuple(self.claimed), crawford_played)
            crawford_played = crawford_played or crawford
            self.game(game, crawford)
            if rec.length and max(self.claimed) >= rec.length:
                ended = True
        if rec.length and not ended:
            self.find(
                None,
                None,
                None,
                R_MATCH_END,
                f"the match to {rec.length} is not finished",
                f"a player reaches {rec.length}",
            )

    # -- one game ------------------------------------------------------------------------------------------
    def game(self, game, crawford: bool) -> None:
        d = self.d
        g = game.number
        pos1 = start_position(d)  # side 1's view
        cube, owner = 1, 0
        pending: tuple[int, int] | None = None  # (doubler, value)
        turn: int | None = None
        first: int | None = None
        rolled = {1: False, 2: False}
        over: tuple[int, str] | None = None  # (winner, how)
        claim: Action | None = None
        score_before = tuple(self.claimed)
        no_cube = self.rec.length == 1

        def view(side: int) -> Position:
            return pos1 if side == 1 else pos1.flipped(d)

        def snap(a: Action | None, kind: str) -> None:
            if self.want_snaps:
                self.snapshots.append(
                    Snapshot(
                        g,
                        a.move if a else None,
                        a.side if a else None,
                        kind,
                        a.dice if a else None,
                        a.play if a else "",
                        pos1.board,
                        pos1.bar,
                        pos1.off,
                        cube,
                        owner,
                        score_before,
                        crawford,
                        turn,
                    )
                )

        snap(None, "start")
        for a in game.actions:
            s, o = a.side, 3 - a.side
            if claim is not None:
                self.find(g, a.move, s, R_MATCH_END, "entry after the game's result", "Game next", a.line)
                continue
            if a.kind == WIN:
                claim = a
                snap(a, WIN)
                continue
            if over is not None:
                self.find(g, a.move, s, R_WIN, "entry after the game was over", "Wins N points", a.line)
                continue
            if a.kind == ROLL:
                if pending is not None:
                    self.find(
                        g,
                        a.move,
                        s,
                        R_CUBE_ANSWER,
                        "a roll while a double is unanswered",
                        "Takes or Drops",
                        a.line,
                    )
                    pending = None
                if turn is not None and s != turn:
                    self.find(g, a.move, s, R_TURN, "rolls out of turn", f"side {turn} to roll", a.line)
                if first is None:
                    first = s
                pos1 = self.roll(g, a, view(s), s, rolled[s], s != first)
                rolled[s] = True
                turn = o
                if pos1.off[0 if s == 1 else 1] == CHECKERS:
                    over = (s, "bear-off")
            elif a.kind == DOUBLE:
                if pending is not None:
                    self.find(
                        g,
                        a.move,
                        s,
                        R_CUBE_ANSWER,
                        "a double while a double is unanswered",
                        "Takes or Drops",
                        a.line,
                    )
                if turn is not None and s != turn:
                    self.find(
                        g,
                        a.move,
                        s,
                        sc.R_CUBE_OWN_ROLL,
                        "doubles when it is not his turn to roll",
                        f"side {turn} to roll",
                        a.line,
                    )
                if no_cube:
                    self.find(g, a.move, s, sc.R_NO_CUBE, "no cube in a 1-point match", "no double", a.line)
                elif crawford:
                    self.find(
                        g, a.move, s, sc.R_CRAWFORD, "no cube in the Crawford game", "no double", a.line
                    )
                if owner not in (0, s):
                    self.find(
                        g,
                        a.move,
                        s,
                        sc.R_CUBE_OWNER,
                        "only the owner of the cube may redouble",
                        f"side {owner} owns the cube",
                        a.line,
                    )
                if a.value != 2 * cube or a.value > sc.MAX_CUBE:
                    exp = str(2 * cube) if 2 * cube <= sc.MAX_CUBE else "no double beyond 64"
                    self.find(g, a.move, s, sc.R_CUBE_FACES, f"doubles to {a.value}", exp, a.line)
                pending = (s, a.value)
                turn = s
            elif a.kind in (TAKE, DROP):
                if pending is None or pending[0] == s:
                    self.find(
                        g,
                        a.move,
                        s,
                        R_CUBE_ANSWER,
                        f"{a.kind} without a double to answer",
                        "a double by the opponent first",
                        a.line,
                    )
                    continue
                if a.kind == TAKE:
                    cube, owner = pending[1], s
                else:
                    over = (pending[0], "drop")
                pending = None
            snap(a, a.kind)
        self.finish(game, over, claim, cube, pos1)

    def roll(self, g: int, a: Action, v: Position, s: int, rolled: bool, second: bool) -> Position:
        assert a.dice is not None
        verdict = judge_play(
            v, a.dice, a.play, self.d, first_roll=not rolled, moves_second=second, head_rule=self.head_rule
        )
        if not verdict.legal:
            self.find(g, a.move, s, verdict.rule, verdict.message, verdict.expected, a.line)
        newv = verdict.position
        return newv if s == 1 else newv.flipped(self.d)

    def finish(self, game, over, claim: Action | None, cube: int, pos1: Position) -> None:
        d = self.d
        g = game.number
        winner, how, points = None, "unfinished", 0
        if over is not None:
            winner, how = over
            if how == "drop":
                points = cube
            else:
                loser_view = pos1 if winner == 2 else pos1.flipped(d)
                points = sc.game_points(loser_view, d, cube)
        elif claim is not None:
            winner, how = claim.side, "resign"
            loser_view = pos1 if winner == 2 else pos1.flipped(d)
            allowed = sc.resignation_points(loser_view, cube)
            points = claim.value if claim.value in allowed else min(allowed)
            if claim.value not in allowed:
                self.find(
                    g,
                    None,
                    claim.side,
                    sc.R_RESIGN,
                    f"resignation worth {claim.value} points",
                    " or ".join(map(str, sorted(allowed))),
                    claim.line,
                )
        if claim is None:
            self.find(
                g,
                None,
                winner,
                R_WIN,
                "the game has no result ('Wins N points')",
                f"Wins {points} points" if winner else "a 'Wins N points' line",
                None,
            )
        else:
            if winner is not None and claim.side != winner:
                self.find(
                    g,
                    None,
                    claim.side,
                    R_WIN if how == "bear-off" else sc.R_CUBE_PASS,
                    f"the record gives the game to side {claim.side}",
                    f"side {winner} wins",
                    claim.line,
                )
            elif how != "resign" and claim.value != points:
                rule = sc.R_CUBE_PASS if how == "drop" else sc.R_RESULT
                self.find(
                    g,
                    None,
                    claim.side,
                    rule,
                    f"Wins {claim.value} points",
                    f"Wins {points} points",
                    claim.line,
                )
            self.claimed[claim.side - 1] += claim.value
            length = self.rec.length
            if claim.match_won and (not length or self.claimed[claim.side - 1] < length):
                self.find(
                    g,
                    None,
                    claim.side,
                    R_MATCH_END,
                    "claims the match before reaching the match length",
                    f"{length} points",
                    claim.line,
                )
        if winner is not None:
            self.score[winner - 1] += points
        self.results.append(
            GameResult(g, winner, points, claim.side if claim else None, claim.value if claim else None, how)
        )


R_CUBE_ANSWER = "003 «Куб удвоения» п.7"


def _force(v: Position, segments: list[Segment], d: str) -> Position:
    """Apply a written (illegal) play as it stands: blots hit on the way in short nardy."""
    board = list(v.board)
    bar = list(v.bar)
    off = list(v.off)
    for seg in segments:
        if seg.src == BAR:
            bar[0] -= 1
        else:
            board[seg.src - 1] -= 1
        for p in (*seg.via, seg.dst):
            if p != OFF and d == SHORT and board[p - 1] == -1 and (p == seg.dst or p in seg.hits):
                board[p - 1] = 0
                bar[1] += 1
        if seg.dst == OFF:
            off[0] += 1
        elif board[seg.dst - 1] < 0:
            return v  # cannot stand on the opponent's point even as written: keep the position
        else:
            board[seg.dst - 1] += 1
    return Position(tuple(board), (bar[0], bar[1]), (off[0], off[1]))
