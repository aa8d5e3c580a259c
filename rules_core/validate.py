"""Validation and replay of a whole match record.

:func:`validate_record` replays every game of a .mat record and reports each rule broken as a
:class:`Finding` (a code from :mod:`rules_core.findings`, its arguments, the clause, English text);
:func:`replay` gives a :class:`Snapshot` after every action (for drawing the board). Both are pure functions.

One error, one finding (003 «Невозможные ходы»: an impossible move nobody noticed stands): after an illegal
play the game goes on from the position as written when the play can be carried out on the board. If it
cannot (a checker from an empty point, onto the opponent's point), or if a later entry of that game no longer
fits the position, the rest of the game is not checked and one note says so; its result is then the record's
own. Later games start from their own starting positions and are checked as usual.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from . import scoring as sc
from .findings import (
    CONTACT_RESIGNATION,
    DEFAULT_CONTACT_RESIGNATION,
    KINDS,
    LEGAL_SHOWN,
    NOTE_CODES,
    R_CLOSED_LONG,
    R_CLOSED_SHORT,
    R_CUBE_PASS,
    R_REDOUBLE_PASS,
    R_WIN,
    render,
)
from .matfile import DOUBLE, DROP, ROLL, TAKE, WIN, Action, MatchRecord, parse_mat
from .moves import (
    BAR,
    HEAD_DOUBLES,
    LONG,
    OFF,
    SHORT,
    Play,
    _reachable,
    find_full_play,
    head_allowance,
    legal_plays,
)
from .notation import NotationError, Segment, parse_play
from .position import CHECKERS, Position, start_position


@dataclass(frozen=True, slots=True)
class Finding:
    """One rule broken (or, in :attr:`Report.notes`, one thing not checked).

    ``move`` is the record's numbered line, ``None`` for a finding about a whole game or the match; ``side``
    is 1 or 2 (``None`` when nobody in particular); ``code`` and ``args`` say what is wrong in a form another
    program can translate (see :mod:`rules_core.findings`); ``message`` and ``expected`` say it in English;
    ``step`` is the index of the :func:`replay` snapshot that shows it (``None`` for the match as a whole).
    """

    game: int | None
    move: int | None
    side: int | None
    rule: str
    message: str
    expected: str | None = None
    line: int | None = None
    code: str = ""
    args: dict = field(default_factory=dict)
    step: int | None = None


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game: ``winner``/``points`` by the rules (``None`` when the game could not be checked, or has no
    result), ``claimed_*`` as the record's ``Wins`` line says; ``cube`` at the end of the game (before a
    double that was passed), ``multiplier`` 1 single / 2 mars / 3 koks (``None`` when not known)."""

    game: int
    winner: int | None
    points: int | None
    claimed_winner: int | None
    claimed_points: int | None
    how: str  # "bear-off", "drop", "resign", "unfinished", "unchecked"
    checked: bool = True
    cube: int = 1
    multiplier: int | None = None


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The board after one action, from side 1's numbering (positive: side 1, negative: side 2).

    ``path`` is the written play, one tuple of points per checker (from, [stops,] to) in side 1's numbering,
    25 = the bar, 0 = off; ``legal`` is False for an illegal play, True for a legal one, None for other
    actions; ``checked`` is False once the rest of the game could not be checked (the board then stays at the
    last position that agrees with the record)."""

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
    path: tuple[tuple[int, ...], ...] = ()
    legal: bool | None = None
    checked: bool = True


@dataclass(frozen=True, slots=True)
class Report:
    valid: bool
    findings: tuple[Finding, ...]
    games: tuple[GameResult, ...]
    score: tuple[int, int]  # by the rules; a game that could not be checked counts as the record says
    players: tuple[str, str]
    length: int
    snapshots: tuple[Snapshot, ...] = field(default=(), repr=False)
    notes: tuple[Finding, ...] = ()

    @property
    def unchecked_games(self) -> tuple[int, ...]:
        return tuple(g.game for g in self.games if not g.checked)

    def to_json(self) -> dict:
        """The shape printed by ``python -m rules_core validate`` (see README.md)."""
        return {
            "valid": self.valid,
            "errors": [asdict(f) for f in self.findings],
            "notes": [asdict(f) for f in self.notes],
            "games": [asdict(g) for g in self.games],
            "score": list(self.score),
            "players": list(self.players),
            "length": self.length,
        }


def validate_record(
    record: str | MatchRecord,
    discipline: str,
    *,
    head_rule: str = "federation",
    koks_zone: str = sc.DEFAULT_KOKS_ZONE,
    contact_resignation: str = DEFAULT_CONTACT_RESIGNATION,
    with_snapshots: bool = False,
) -> Report:
    """Replay ``record`` (text or parsed) under ``discipline`` ("short" or "long") and report every finding.

    ``head_rule`` ("federation" | "classic") is the long-nardy head exception (004 §5.4.11 / 002),
    ``koks_zone`` ("13-18" | "19-24") where a long-nardy loser's checker makes koks (003 «Результат партии»),
    ``contact_resignation`` ("error" | "note") whether a resignation in a contact position (003 «Завершение
    партии и матча») is a finding or a note.
    Raises :class:`rules_core.MatParseError` for unreadable text; a readable record never raises.
    """
    rec = parse_mat(record) if isinstance(record, str) else record
    if discipline not in (SHORT, LONG):
        raise ValueError(f"unknown discipline {discipline!r}")
    sc.check_koks_zone(koks_zone)
    if contact_resignation not in CONTACT_RESIGNATION:
        raise ValueError(f"contact_resignation must be one of {CONTACT_RESIGNATION}")
    walker = _Walker(rec, discipline, head_rule, koks_zone, with_snapshots, contact_resignation)
    walker.run()
    return Report(
        not walker.findings,
        tuple(walker.findings),
        tuple(walker.results),
        (walker.score[0], walker.score[1]),
        rec.players,
        rec.length,
        tuple(walker.snapshots),
        tuple(walker.notes),
    )


def replay(
    record: str | MatchRecord,
    discipline: str,
    *,
    head_rule: str = "federation",
    koks_zone: str = sc.DEFAULT_KOKS_ZONE,
) -> list[Snapshot]:
    """A snapshot of the board, dice and cube at the start of each game and after every action."""
    report = validate_record(
        record, discipline, head_rule=head_rule, koks_zone=koks_zone, with_snapshots=True
    )
    return list(report.snapshots)


def _key(arr_board: tuple[int, ...], bar: int, off: int) -> tuple:
    return tuple(n if n > 0 else 0 for n in arr_board) + (bar, off)


def _pos_key(p: Position) -> tuple:
    return _key(p.board, p.bar[0], p.off[0])


def _closed(view: Position, p: int, long: bool) -> bool:
    if p in (OFF, BAR):
        return False
    n = view.board[p - 1]
    return n < 0 if long else n < -1


def _apply_written(view: Position, segments: list[Segment], d: str) -> tuple[Position | None, str, dict]:
    """The position after the written play carried out as it stands (blots hit on the way in short nardy),
    or ``None`` with the reason when the board does not allow it: no checker of his where it starts, or it
    ends on a point the opponent holds (003 «Невозможные ходы»: such a move cannot stand)."""
    long = d == LONG
    board = list(view.board)
    bar = list(view.bar)
    off = list(view.off)
    for seg in segments:
        if seg.src == BAR:
            if bar[0] <= 0:
                return None, "empty_bar", {}
            bar[0] -= 1
        else:
            if board[seg.src - 1] <= 0:
                return None, "empty_point", {"point": seg.src}
            board[seg.src - 1] -= 1
        if not long:
            for p in seg.via:  # a blot is hit where the checker stops (marked "*")
                if p in seg.hits and board[p - 1] == -1:
                    board[p - 1] = 0
                    bar[1] += 1
        if seg.dst == OFF:
            off[0] += 1
            continue
        n = board[seg.dst - 1]
        if (long and n < 0) or (not long and n < -1):
            return None, "blocked_point", {"point": seg.dst}
        if n == -1:  # short nardy: a blot is hit (001 art. 21.6)
            board[seg.dst - 1] = 0
            bar[1] += 1
        board[seg.dst - 1] += 1
    return Position(tuple(board), (bar[0], bar[1]), (off[0], off[1])), "", {}


def _explain(
    view: Position,
    dice: tuple[int, int],
    d: str,
    head: int,
    segments: list[Segment],
    target: tuple,
    best: int,
) -> str:
    """The code of the rule a written play breaks, for a play the board allows but the rules do not.

    The play is matched against the legal plays with one rule lifted at a time: the first rule whose lifting
    makes the play reachable is the one it breaks."""
    long = d == LONG
    a, b = dice
    # 004 §5.4.24: a checker stopping on a closed point, or taking a sum through closed intermediate points
    for seg in segments:
        for p in seg.via:
            if _closed(view, p, long):
                return "closed_via"
        if seg.via or seg.dst == OFF:
            continue
        dist = seg.src - seg.dst
        if a != b and dist == a + b and _closed(view, seg.src - a, long) and _closed(view, seg.src - b, long):
            return "closed_intermediate"
        if (
            a == b
            and dist % a == 0
            and any(_closed(view, seg.src - k * a, long) for k in range(1, dist // a))
        ):
            return "closed_via"

    def reach(partial: bool, head_: int = head, block: bool = True, relax: frozenset = frozenset()):
        res = _reachable(view, dice, long, head_, block=block, partial=partial, relax=relax)
        for n, steps, arr, _obar in res.values():
            if _key(tuple(arr[1:25]), arr[25], arr[0]) == target:
                return n, steps
        return None

    found = reach(False)
    if found is not None:  # a legal sequence of steps that stops early
        n, steps = found
        if best == 1 and a != b and n == 1 and steps and steps[0].die != max(a, b):
            return "larger_die"
        return "not_full"
    # A play written with fewer dice than the roll gives is first read as one not played in full ("6/off"
    # with 6-1: the 6 played, the 1 not); one written with all of them as breaking some other rule ("6/1
    # 1/off" with 6-5: the 6 borne off from the 1 point while higher points are occupied).
    if _written_dice(segments, dice) < best and reach(True) is not None:
        return "not_full"
    lifted: list[tuple[str, dict]] = []
    if long:
        lifted += [("head", {"head_": CHECKERS}), ("six_block", {"block": False})]
    lifted += [("bear_off_early", {"relax": frozenset({"early_off"})})]
    lifted += [("higher_die", {"relax": frozenset({"any_off"})})]
    if not long:
        lifted += [("bar_first", {"relax": frozenset({"bar_free"})})]
    for code, kw in lifted:
        if reach(False, **kw) is not None:
            return code
    if reach(True) is not None:
        return "not_full"
    for code, kw in lifted:
        if reach(True, **kw) is not None:
            return code
    for i, (code, kw) in enumerate(lifted):  # two rules broken at once: name the first
        for _code2, kw2 in lifted[i + 1 :]:
            merged = {**kw, **kw2}
            if "relax" in kw and "relax" in kw2:
                merged["relax"] = kw["relax"] | kw2["relax"]
            if reach(True, **merged) is not None:
                return code
    return "wrong_distance"


def _written_dice(segments: list[Segment], dice: tuple[int, int]) -> int:
    """How many dice a written play says it uses (each stop one die; a distance of two dice, two)."""
    a, b = dice
    used = 0
    for seg in segments:
        points = (seg.src, *seg.via, seg.dst)
        for p, q in zip(points, points[1:]):
            dist = p - q
            if q == OFF:
                per = max(a, b)
                used += 1 if dist <= per else (-(-dist // a) if a == b else 2)
            elif dist in (a, b):
                used += 1
            elif a == b and dist % a == 0:
                used += dist // a
            else:
                used += 2 if dist == a + b else 1
    return used


@dataclass(frozen=True, slots=True)
class PlayVerdict:
    """Whether a written play is legal for ``dice`` from ``position`` (mover's view).

    ``position`` is the position after the play: the legal play's result, or — for an illegal play that can
    still be carried out on the board (``possible``) — the play as written (003 «Невозможные ходы»: an
    unnoticed impossible move stands), else the position before it. ``rule``/``message``/``expected`` and
    ``code``/``args`` describe an illegal play; ``written`` is the play as points, one tuple per checker
    (from, [stops,] to; 25 = bar, 0 = off) in the mover's numbering.
    """

    legal: bool
    position: Position
    play: Play | None = None
    rule: str | None = None
    message: str = ""
    expected: str = ""
    code: str = ""
    args: dict = field(default_factory=dict)
    possible: bool = True
    written: tuple[tuple[int, ...], ...] = ()


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
    roll = f"{dice[0]}{dice[1]}"
    try:
        segments = parse_play(text)
    except NotationError as exc:
        segments, unreadable = [], str(exc)
    else:
        unreadable = ""
    after, problem, args = _apply_written(position, segments, d) if segments else (position, "", {})
    if after is not None and segments:
        # The usual case, a legal play using every die, is confirmed without listing all the legal plays.
        quick = find_full_play(
            position, dice, d, after, first_roll=first_roll, moves_second=moves_second, head_rule=head_rule
        )
        if quick is not None and quick.position == after:
            return PlayVerdict(
                True, quick.position, quick, written=tuple((s.src, *s.via, s.dst) for s in segments)
            )
    plays = legal_plays(
        position, dice, d, first_roll=first_roll, moves_second=moves_second, head_rule=head_rule
    )

    def illegal(code: str, after: Position, possible: bool, written=(), **args) -> PlayVerdict:
        args = {
            "roll": roll,
            "play": text,
            **args,
            "legal": [p.text for p in plays[:LEGAL_SHOWN]],
            "legal_count": len(plays),
        }
        rule = KINDS[code].rule
        if code == "blocked_point":
            rule = R_CLOSED_LONG if d == LONG else R_CLOSED_SHORT
        message, expected = render(code, args)
        return PlayVerdict(False, after, None, rule, message, expected, code, args, possible, written)

    if unreadable:
        return illegal("unreadable_play", position, False, error=unreadable)
    written = tuple((s.src, *s.via, s.dst) for s in segments)
    if not segments:
        if not plays:
            return PlayVerdict(True, position)
        return illegal("no_play_written", position, True)
    if after is None:
        return illegal(problem, position, False, written, **args)
    cands = [p for p in plays if p.position == after]
    if not cands:
        target = _pos_key(after)
        cands = [p for p in plays if _pos_key(p.position) == target]
    if not cands:
        best = max((p.dice_used for p in plays), default=0)
        head = head_allowance(dice, first_roll, moves_second, head_rule) if d == LONG else 99
        code = _explain(position, dice, d, head, segments, target, best)
        extra: dict = {}
        if code == "larger_die":
            extra["die"] = max(dice)
        elif code == "closed_intermediate":
            seg = next(s for s in segments if not s.via and s.src - s.dst == sum(dice))
            extra = {"a": seg.src - dice[0], "b": seg.src - dice[1]}
        elif code == "closed_via":
            extra["point"] = _first_closed_stop(position, segments, dice, d == LONG)
            if extra["point"] is None:
                code, extra = "wrong_distance", {}
        elif code == "head" and first_roll and dice[0] == dice[1] and dice[0] in HEAD_DOUBLES:
            code = "head_first_double"  # 004 §5.4.11: the first player's first double (federation reading)
        return illegal(code, after, True, written, **extra)
    if len(cands) > 1:
        # the mover's checkers agree; which blot was hit on the way follows the written play and its "*" marks
        exact = [p for p in cands if p.position == after]
        if exact:
            cands = exact
        else:
            marked = {h for seg in segments for h in seg.hits}
            ends = {seg.dst for seg in segments if seg.dst != OFF and position.board[seg.dst - 1] == -1}
            want = marked | ends
            cands = [min(cands, key=lambda p: len({st.dst for st in p.steps if st.hit} ^ want))]
    chosen = cands[0]
    return PlayVerdict(True, chosen.position, chosen, written=written)


_ROLLS = tuple((a, b) for a in range(1, 7) for b in range(a, 7))


def _mars_impossible(
    pos1: Position, winner: int, turn: int | None, unplayed: tuple[int, tuple[int, int]] | None, d: str
) -> bool:
    """Whether a loser who has borne off nothing certainly bears a checker off before the winner finishes,
    whatever the dice (``pos1`` from side 1; ``turn`` who rolls next, None: either; ``unplayed`` a roll
    already made and not played: its side and dice). A sufficient test, exact for the usual end of a race:
    the loser bears off with any roll he may have next, and the winner, if he rolls first, cannot finish
    with any roll he may have. Positions that need two or more of the loser's rolls count as "mars possible".
    """
    loser = 3 - winner
    lv = pos1 if loser == 1 else pos1.flipped(d)
    wv = pos1 if winner == 1 else pos1.flipped(d)

    def rolls(side: int) -> tuple[tuple[int, int], ...]:
        return (unplayed[1],) if unplayed is not None and unplayed[0] == side else _ROLLS

    if turn != loser:  # the winner may roll first: he must not be able to finish at once
        if any(p.position.off[0] == CHECKERS for r in rolls(winner) for p in legal_plays(wv, r, d)):
            return False
    loser_rolls = rolls(loser) if turn == loser else _ROLLS
    return all(any(p.position.off[0] > 0 for p in legal_plays(lv, r, d)) for r in loser_rolls)


def _first_closed_stop(
    view: Position, segments: list[Segment], dice: tuple[int, int], long: bool
) -> int | None:
    for seg in segments:
        for p in seg.via:
            if _closed(view, p, long):
                return p
        if not seg.via and seg.dst != OFF and dice[0] == dice[1]:
            dist = seg.src - seg.dst
            if dist % dice[0] == 0:
                for k in range(1, dist // dice[0]):
                    if _closed(view, seg.src - k * dice[0], long):
                        return seg.src - k * dice[0]
    return None


def _to_side1(points: tuple[int, ...], side: int, d: str) -> tuple[int, ...]:
    if side == 1:
        return points
    out = []
    for p in points:
        if p in (OFF, BAR):
            out.append(p)
        elif d == SHORT:
            out.append(25 - p)
        else:
            out.append(p + 12 if p <= 12 else p - 12)
    return tuple(out)


class _Walker:
    def __init__(
        self,
        rec: MatchRecord,
        discipline: str,
        head_rule: str,
        koks_zone: str,
        snaps: bool,
        contact_resignation: str = DEFAULT_CONTACT_RESIGNATION,
    ) -> None:
        head_allowance((1, 2), False, False, head_rule)  # validates head_rule
        self.contact_resignation = contact_resignation
        self.rec = rec
        self.d = discipline
        self.head_rule = head_rule
        self.koks_zone = koks_zone
        self.want_snaps = snaps
        self.findings: list[Finding] = []
        self.notes: list[Finding] = []
        self.results: list[GameResult] = []
        self.snapshots: list[Snapshot] = []
        self.step = -1  # index of the last snapshot, counted even when they are not kept
        self.score = [0, 0]  # by the rules (an unchecked game as the record says)
        self.claimed = [0, 0]  # by the record's own Wins lines

    def find(
        self,
        code: str,
        game: int | None,
        move: int | None,
        side: int | None,
        line: int | None = None,
        step: int | None = None,
        rule: str | None = None,
        /,
        *,
        as_note: bool = False,
        **args,
    ) -> None:
        message, expected = render(code, args)
        finding = Finding(
            game, move, side, rule or KINDS[code].rule, message, expected or None, line, code, args, step
        )
        (self.notes if code in NOTE_CODES or as_note else self.findings).append(finding)

    def run(self) -> None:
        rec = self.rec
        variation = (rec.variation or "").replace(" ", "").lower()
        if self.d == LONG and variation and variation != "longnardy":
            self.find("variation_not_long", None, None, None, variation=rec.variation)
        if self.d == SHORT and variation == "longnardy":
            self.find("variation_long_as_short", None, None, None)
        crawford_played = False
        p1, p2 = rec.players
        first = rec.games[0] if rec.games else None
        resumed = first is not None and first.score != (0, 0)
        if resumed:
            assert first is not None
            # 003 «Завершение партии и матча»: the record starts in mid-match (a saved match continued, one
            # game's export): one finding for the record; the games are then counted from its first score.
            self.find(
                "match_resumed", first.number, None, None, first.line, self.step + 1,
                player1=p1, score1=first.score[0], player2=p2, score2=first.score[1],
            )  # fmt: skip
            self.score = list(first.score)
            self.claimed = list(first.score)
        base = first.number - 1 if resumed and first is not None else 0
        for idx, game in enumerate(rec.games, start=1):
            start_step = self.step + 1
            if game.number != base + idx:
                self.find(
                    "game_number", game.number, None, None, game.line, start_step,
                    number=game.number, expected_number=base + idx,
                )  # fmt: skip
            # A score line is right if it follows the record's own Wins lines or the results by the rules
            # (after a wrong "Wins" line the next score line usually has the right total: no second finding).
            written = (game.score[0], game.score[1])
            agreed = written in (tuple(self.claimed), tuple(self.score))
            if not agreed:
                self.find(
                    "score_line", game.number, None, None, game.line, start_step,
                    player1=p1, score1=self.score[0], player2=p2, score2=self.score[1],
                )  # fmt: skip
            before = written if agreed else (self.score[0], self.score[1])
            if rec.length and max(before) >= rec.length:
                self.find(
                    "game_after_match", game.number, None, None, game.line, start_step,
                    score1=before[0], score2=before[1],
                )  # fmt: skip
            crawford: bool | None = sc.crawford_game(rec.length, before, crawford_played)
            if game.crawford is not None:
                crawford = game.crawford  # the record says so (GNU Backgammon's text export)
            elif idx == 1 and resumed and crawford:
                # a record that starts at match point: whether the Crawford game was played before it is not
                # in the record; its cube is not judged by the Crawford rule (no finding on a guess)
                crawford = None
            crawford_played = crawford_played or crawford is not False
            self.game(game, crawford, before)
        # a record that stops inside its last game is told once, by that game's "no result"
        cut_short = bool(self.results) and self.results[-1].claimed_winner is None
        if rec.length and max(self.score) < rec.length and max(self.claimed) < rec.length and not cut_short:
            self.find("match_unfinished", None, None, None, length=rec.length)

    # -- one game ------------------------------------------------------------------------------------------
    def game(self, game, crawford: bool | None, score_before: tuple[int, int]) -> None:
        d = self.d
        g = game.number
        pos1 = start_position(d)  # side 1's view
        cube, owner = 1, 0
        written_cube = 1  # the cube as written (differs from ``cube`` after a double to a wrong value)
        pending: tuple[int, int, int] | None = None  # (doubler, value by the rules, value as written)
        turn: int | None = None
        first: int | None = None
        rolled = {1: False, 2: False}
        over: tuple[int, str] | None = None  # (winner, how)
        claim: Action | None = None
        suspect: int | None = None  # first entry after which the board may differ from the players' board
        stopped: int | None = None  # the rest of the game is not checked from this move
        cube_finding = False
        unplayed: tuple[int, tuple[int, int]] | None = None  # a roll before a resignation: (side, dice)
        told_after_result = told_after_over = False
        no_cube = self.rec.length == 1

        def view(side: int) -> Position:
            return pos1 if side == 1 else pos1.flipped(d)

        def snap(a: Action | None, kind: str, path=(), legal: bool | None = None) -> None:
            self.step += 1
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
                        bool(crawford),
                        turn,
                        path,
                        legal,
                        stopped is None,
                    )
                )

        def stop(from_move: int | None, at: Action) -> None:
            nonlocal stopped
            stopped = from_move if from_move is not None else at.move
            self.find("not_checked", g, stopped, None, at.line, self.step + 1, game=g, from_move=stopped)

        snap(None, "start")
        actions = game.actions
        for i, a in enumerate(actions):
            s, o = a.side, 3 - a.side
            step = self.step + 1
            if claim is not None:
                if not told_after_result:
                    self.find("entry_after_result", g, a.move, s, a.line, step)
                    told_after_result = True
                snap(a, a.kind)
                continue
            if a.kind == WIN:
                claim = a
                snap(a, WIN)
                continue
            if stopped is not None:
                # not checked any more; the cube is still followed as written (for the game's result)
                if a.kind == DOUBLE:
                    pending = (s, a.value, a.value)
                elif a.kind == TAKE and pending is not None:
                    cube = written_cube = pending[2]
                    owner, pending = s, None
                elif a.kind == DROP and pending is not None:
                    over, pending = (pending[0], "drop"), None
                snap(a, a.kind)
                continue
            if over is not None and suspect is not None and over[1] == "bear-off":
                # borne off on a board that may differ from the players' (an earlier finding): stop, one note
                over = None
                stop(suspect, a)
                snap(a, a.kind)
                continue
            if over is not None:
                if not told_after_over:
                    self.find("entry_after_game_over", g, a.move, s, a.line, step)
                    told_after_over = True
                snap(a, a.kind)
                continue
            if a.kind == ROLL:
                if pending is not None:
                    # the game went on: the double was taken (one finding, the cube as if taken)
                    self.find("roll_while_double_pending", g, a.move, s, a.line, step)
                    cube, written_cube, owner = pending[1], pending[2], 3 - pending[0]
                    pending = None
                if turn is not None and s != turn:
                    self.find("out_of_turn", g, a.move, s, a.line, step, turn=turn)
                    if suspect is None:
                        suspect = a.move  # an entry may be missing: the board may differ from here
                if first is None:
                    first = s
                assert a.dice is not None
                if a.unknown:
                    # the record does not know the play (a FIBS client's "Illegal play"): one note, the rest
                    # of the game is not checked
                    rolled[s] = True
                    turn = o
                    stop(a.move, a)
                    snap(a, ROLL)
                    continue
                if not a.play and i + 1 == len(actions):
                    # the record stops after this roll (a saved match, an interrupted export): the game's
                    # "no result" says it once
                    rolled[s] = True
                    turn = o
                    snap(a, ROLL)
                    continue
                if not a.play and i + 1 < len(actions) and actions[i + 1].kind == WIN:
                    # 003 «Завершение партии и матча»: a roll, then a resignation (GNU Backgammon writes the
                    # roll with no play, "51:", then the winner's "Wins"): the roll is recorded, the game ends
                    # by the resignation that follows (judged in finish())
                    rolled[s] = True
                    turn = o
                    unplayed = (s, a.dice)
                    snap(a, ROLL)
                    continue
                verdict = judge_play(
                    view(s),
                    a.dice,
                    a.play,
                    d,
                    first_roll=not rolled[s],
                    moves_second=s != first,
                    head_rule=self.head_rule,
                )
                rolled[s] = True
                turn = o
                path = tuple(_to_side1(w, s, d) for w in verdict.written)
                if not verdict.legal:
                    if suspect is not None:
                        # 003 «Невозможные ходы»: after an earlier illegal play this is most likely its echo
                        # (the record follows the players' board, not the one written): stop, one note
                        stop(suspect, a)
                        snap(a, ROLL, path, False)
                        continue
                    self.find(verdict.code, g, a.move, s, a.line, step, verdict.rule, **verdict.args)
                    suspect = a.move
                    if not verdict.possible:  # 003 «Невозможные ходы»: it cannot stand on the board
                        stop(a.move, a)
                        snap(a, ROLL, path, False)
                        continue
                newv = verdict.position
                pos1 = newv if s == 1 else newv.flipped(d)
                if pos1.off[0 if s == 1 else 1] == CHECKERS:
                    over = (s, "bear-off")
                snap(a, ROLL, path, verdict.legal)
                continue
            if a.kind == DOUBLE:
                if pending is not None:
                    self.find("double_while_pending", g, a.move, s, a.line, step)
                on_turn = turn is None or s == turn
                if not on_turn:
                    self.find("double_not_on_turn", g, a.move, s, a.line, step, turn=turn)
                if no_cube:
                    self.find("cube_one_point_match", g, a.move, s, a.line, step)
                elif crawford:
                    self.find("cube_crawford", g, a.move, s, a.line, step)
                if owner not in (0, s):
                    self.find("cube_not_owner", g, a.move, s, a.line, step, owner=owner)
                value = min(2 * cube, sc.MAX_CUBE)
                if a.value > sc.MAX_CUBE:
                    self.find("cube_beyond_64", g, a.move, s, a.line, step, value=a.value)
                    cube_finding = True
                elif a.value != 2 * cube:
                    # 003 «Куб удвоения» п.1: the game goes on with the cube doubled, as it must be
                    self.find(
                        "cube_value",
                        g,
                        a.move,
                        s,
                        a.line,
                        step,
                        value=a.value,
                        cube=cube,
                        expected_value=value,
                    )
                    cube_finding = True
                pending = (s, value, a.value)
                if on_turn:
                    turn = s  # (a double out of turn does not change who rolls next: one finding)
            elif a.kind in (TAKE, DROP):
                if pending is None or pending[0] == s:
                    answer = "Takes" if a.kind == TAKE else "Drops"
                    self.find("answer_without_double", g, a.move, s, a.line, step, answer=answer)
                    snap(a, a.kind)
                    continue
                if a.kind == TAKE:
                    cube, written_cube, owner = pending[1], pending[2], s
                else:
                    over = (pending[0], "drop")
                pending = None
            snap(a, a.kind)
        self.finish(
            game, over, claim, cube, written_cube, pos1, stopped, suspect, cube_finding, turn, unplayed
        )

    def finish(
        self,
        game,
        over,
        claim: Action | None,
        cube: int,
        written_cube: int,
        pos1: Position,
        stopped: int | None,
        suspect: int | None,
        cube_finding: bool,
        turn: int | None = None,
        unplayed: tuple[int, tuple[int, int]] | None = None,
    ) -> None:
        d = self.d
        g = game.number
        step = self.step  # the game's last snapshot (its Wins line, if any)
        line = claim.line if claim else None
        if stopped is None:
            winner, how, points, multiplier = None, "unfinished", 0, 0
            problem: tuple[str, dict, str | None] | None = None
            if over is not None:
                winner, how = over
                if how == "drop":
                    points, multiplier = cube, 1
                else:
                    loser_view = pos1 if winner == 2 else pos1.flipped(d)
                    multiplier = sc.game_multiplier(loser_view, d, self.koks_zone)
                    points = multiplier * cube
            elif claim is not None:
                winner, how = claim.side, "resign"
                loser_view = pos1 if winner == 2 else pos1.flipped(d)
                allowed = sc.resignation_points(loser_view, cube)
                # 003 «Завершение партии и матча»: a game ends early only by a pass on the cube or a
                # resignation in a no-contact position (judged only on a board that agrees with the record)
                contact = suspect is None and sc.in_contact(pos1, d)
                if (
                    not contact
                    and suspect is None
                    and not loser_view.off[0]
                    and _mars_impossible(pos1, winner, turn, unplayed, d)
                ):
                    # 003 «Завершение партии и матча»: he resigns as the game certainly ends, whatever the
                    # dice: a single game (the loser bears off before the winner can finish)
                    allowed = {cube}
                points = claim.value if claim.value in allowed else min(allowed)
                multiplier = points // cube
                if contact and self.contact_resignation == "error":
                    # one finding for the resignation: its value is not judged on its own, the game counts as
                    # the record says
                    points = claim.value
                    multiplier = points // cube if points % cube == 0 and 1 <= points // cube <= 3 else 0
                    problem = (
                        "resign_contact",
                        {"claimed_points": claim.value, "winner": claim.side},
                        None,
                    )
                else:
                    if contact:
                        self.find(
                            "resign_contact", g, None, 3 - claim.side, line, step,
                            as_note=True, claimed_points=claim.value, winner=claim.side,
                        )  # fmt: skip
                    if claim.value not in allowed:
                        problem = (
                            "resign_points",
                            {"claimed_points": claim.value, "allowed": sorted(allowed)},
                            None,
                        )
            if claim is not None and problem is None:
                if winner is not None and claim.side != winner:
                    rule: str | None = R_WIN if how == "bear-off" else R_CUBE_PASS
                    problem = ("wrong_winner", {"claimed": claim.side, "winner": winner}, rule)
                elif how != "resign" and claim.value != points:
                    # after a double to a wrong value, a result counted with the cube as written is its echo
                    as_written = (points // cube) * written_cube
                    if not (cube_finding and claim.value == as_written):
                        code = "drop_points" if how == "drop" else "wrong_points"
                        rule = (R_CUBE_PASS if cube == 1 else R_REDOUBLE_PASS) if how == "drop" else None
                        problem = (code, {"claimed_points": claim.value, "points": points}, rule)
            if problem is not None and suspect is not None and how != "drop":
                # the board may differ from the players' since an earlier finding: the result is not checked
                stopped = suspect
                self.find("not_checked", g, suspect, None, line, step, game=g, from_move=suspect)
            elif problem is not None:
                code, args, rule = problem
                assert claim is not None
                # the resignation in contact is the resigner's; a wrong result is the winner's line
                side = 3 - claim.side if code == "resign_contact" else claim.side
                self.find(code, g, None, side, line, step, rule, **args)
        if stopped is not None:
            if claim is None:
                self.find("no_result_unknown", g, None, None, None, step)
            winner = claim.side if claim else None
            points = claim.value if claim else 0
            ratio = points // written_cube if written_cube and points % written_cube == 0 else 0
            self.results.append(
                GameResult(
                    g,
                    None,
                    None,
                    winner,
                    claim.value if claim else None,
                    "unchecked",
                    False,
                    written_cube,
                    ratio if 1 <= ratio <= 3 else None,
                )
            )
            if claim is not None:
                self.claimed[claim.side - 1] += claim.value
                self.score[claim.side - 1] += claim.value
                self.match_claim(g, claim, step)
            return
        if claim is None:
            if winner is not None:
                self.find("no_result", g, None, winner, None, step, winner=winner, points=points)
            else:
                self.find("no_result_unknown", g, None, None, None, step)
        if winner is not None:
            self.score[winner - 1] += points
        if claim is not None:
            self.claimed[claim.side - 1] += claim.value
            self.match_claim(g, claim, step)
        self.results.append(
            GameResult(
                g,
                winner,
                points,
                claim.side if claim else None,
                claim.value if claim else None,
                how,
                True,
                cube,
                multiplier or None,
            )
        )

    def match_claim(self, g: int, claim: Action, step: int) -> None:
        length = self.rec.length
        k = claim.side - 1
        if claim.match_won and (not length or max(self.claimed[k], self.score[k]) < length):
            self.find("match_claimed_early", g, None, claim.side, claim.line, step, length=length)
