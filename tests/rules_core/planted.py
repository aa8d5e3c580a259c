"""The corpus of planted errors: whole matches, each with exactly one error planted by construction.

Run ``.venv/bin/python -m tests.rules_core.planted`` to write the corpus to ``tests/rules_core/data/planted/``
(``<discipline>_<code>.mat``); ``test_planted_errors.py`` validates every file. Each file says in its first
line what was planted and where::

    ; planted {"game": 2, "move": 7, "side": 1, "code": "head", "rule": "004 §5.4.11", "note": false}

How a record is made, by kind of error:

* an illegal play the board allows (wrong distance, two checkers off the head, a six-point block, bearing off
  early, a higher die from a lower point, moving while on the bar, a stop on a closed point, a sum through
  two closed points, a roll not played in full, the smaller die, no play written): the match is played by
  random legal plays; at one turn of game 2 the illegal play is written and carried out on the board, and the
  game goes on by legal plays from there (003 «Невозможные ходы»: the unnoticed impossible move stands).
  Expected: one finding, no note.
* an illegal play the board does not allow (from an empty point, from an empty bar, onto the opponent's
  point): written instead of the legal play actually made, which the rest of the game follows. Expected: one
  finding and one note ("not checked from this move").
* the cube, the results and the match: a legal random match with one entry changed, added or removed where it
  changes nothing else (a double to 3 instead of 2, a "Takes" dropped, a "Wins" line moved to the other
  column, a game renumbered, ...). Expected: one finding, no note.

The illegal plays are found with the move generator with one rule lifted (``rules_core.moves._reachable``),
and kept only if no other single rule explains them: the expectation is the construction's, the validator
has to agree with it.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from rules_core import findings as F
from rules_core import scoring as sc
from rules_core.matfile import (
    DOUBLE,
    DROP,
    ROLL,
    TAKE,
    WIN,
    Action,
    GameRecord,
    MatchRecord,
    parse_mat,
    write_mat,
)
from rules_core.moves import BAR, OFF, _reachable, format_steps, head_allowance, legal_plays
from rules_core.position import CHECKERS, LONG, SHORT, Position, start_position
from rules_core.simulate import random_match
from rules_core.validate import _mars_impossible, replay

DATA = Path(__file__).parent / "data" / "planted"
PLAYERS = ("Alice", "Bob")


@dataclass(frozen=True)
class Plant:
    discipline: str
    code: str
    record: MatchRecord
    game: int | None
    move: int | None
    side: int | None
    rule: str
    note: bool = False

    @property
    def name(self) -> str:
        return f"{self.discipline}_{self.code}"

    def header(self) -> str:
        data = {
            "game": self.game,
            "move": self.move,
            "side": self.side,
            "code": self.code,
            "rule": self.rule,
            "note": self.note,
        }
        return "; planted " + json.dumps(data, ensure_ascii=False)

    def text(self) -> str:
        return self.header() + "\n" + write_mat(self.record)


# --- playing a match with one planted play ---------------------------------------------------------------


Candidate = tuple[str, Position, bool]  # written play, the mover's position after it, possible on the board
Finder = Callable[[Position, tuple[int, int], str, bool, bool, random.Random], Candidate | None]


def _key(arr) -> tuple:
    return tuple(max(n, 0) for n in arr[1:25]) + (arr[25], arr[0])


def _pos_of(arr, obar: int, opp_off: int) -> Position:
    return Position(tuple(arr[1:25]), (arr[25], obar), (arr[0], opp_off))


def _lifted(d: str) -> dict[str, dict]:
    kinds = {
        "bear_off_early": {"relax": frozenset({"early_off"})},
        "higher_die": {"relax": frozenset({"any_off"})},
    }
    if d == LONG:
        kinds |= {"head": {"head_": CHECKERS}, "six_block": {"block": False}}
    else:
        kinds |= {"bar_first": {"relax": frozenset({"bar_free"})}}
    return kinds


def _terminal(view: Position, dice, d: str, head: int, **kw) -> dict:
    kw = dict(kw)
    head = kw.pop("head_", head)
    return {
        _key(arr): (n, steps, arr, obar)
        for n, steps, arr, obar in _reachable(view, dice, d == LONG, head, **kw).values()
    }


def _legal_keys(view, dice, d, first, second) -> tuple[set, int]:
    plays = legal_plays(view, dice, d, first_roll=first, moves_second=second)
    keys = {_key([p.position.off[0], *p.position.board, p.position.bar[0]]) for p in plays}
    return keys, max((len(p.steps) for p in plays), default=0)


def lifted_rule_finder(code: str) -> Finder:
    """A play reachable only with the one rule ``code`` lifted, using as many dice as a legal play."""

    def find(view, dice, d, first, second, rng):
        head = head_allowance(dice, first, second, "federation") if d == LONG else 99
        if code == "head" and first and dice[0] == dice[1]:
            return None  # the first-roll double is its own case
        legal, best = _legal_keys(view, dice, d, first, second)
        kinds = _lifted(d)
        mine = _terminal(view, dice, d, head, **kinds[code])
        others = [_terminal(view, dice, d, head, **kw) for c, kw in kinds.items() if c != code]
        others.append(_terminal(view, dice, d, head, partial=True))
        options = [
            v
            for k, v in mine.items()
            if k not in legal and v[0] >= max(best, 1) and all(k not in o for o in others)
        ]
        if not options:
            return None
        n, steps, arr, obar = rng.choice(sorted(options, key=lambda v: format_steps(v[1])))
        return format_steps(steps), _pos_of(arr, obar, view.off[1]), True

    return find


def head_first_double_finder(view, dice, d, first, second, rng):
    """The first player's first roll of 3-3, 4-4 or 6-6 taking two checkers off the head (004 §5.4.11)."""
    if d != LONG or not first or second or dice[0] != dice[1] or dice[0] not in (3, 4, 6):
        return None
    mine = _terminal(view, dice, d, 2)
    legal, _best = _legal_keys(view, dice, d, first, second)
    options = [v for k, v in mine.items() if k not in legal and sum(1 for s in v[1] if s.src == 24) == 2]
    if not options:
        return None
    n, steps, arr, obar = options[0]
    return format_steps(steps), _pos_of(arr, obar, view.off[1]), True


def larger_die_finder(view, dice, d, first, second, rng):
    a, b = dice
    if a == b:
        return None
    plays = legal_plays(view, dice, d, first_roll=first, moves_second=second)
    if not plays or max(len(p.steps) for p in plays) != 1:
        return None
    head = head_allowance(dice, first, second, "federation") if d == LONG else 99
    ends = _terminal(view, dice, d, head).values()
    small = [v for v in ends if v[0] == 1 and v[1][0].die == min(a, b)]
    if not small or not any(v[0] == 1 and v[1][0].die == max(a, b) for v in ends):
        return None
    n, steps, arr, obar = small[0]
    return format_steps(steps), _pos_of(arr, obar, view.off[1]), True


def _apply(view: Position, steps: list[tuple[int, int]], d: str) -> Position | None:
    """Carry out (src, dst) steps on the board; None if the board does not allow it."""
    board, bar, off = list(view.board), list(view.bar), list(view.off)
    for src, dst in steps:
        if src == BAR:
            if not bar[0]:
                return None
            bar[0] -= 1
        else:
            if board[src - 1] <= 0:
                return None
            board[src - 1] -= 1
        if dst == OFF:
            off[0] += 1
            continue
        n = board[dst - 1]
        if n < (0 if d == LONG else -1):
            return None
        if n == -1:
            board[dst - 1] = 0
            bar[1] += 1
        board[dst - 1] += 1
    return Position(tuple(board), (bar[0], bar[1]), (off[0], off[1]))


def not_full_finder(view, dice, d, first, second, rng):
    plays = [
        p
        for p in legal_plays(view, dice, d, first_roll=first, moves_second=second)
        if len(p.steps) >= 2 and len({st.src for st in p.steps}) == len(p.steps)
    ]
    if not plays:
        return None
    play = rng.choice(plays)
    steps = play.steps[:-1]
    after = _apply(view, [(s.src, s.dst) for s in steps], d)
    return (format_steps(steps), after, True) if after else None


def no_play_finder(view, dice, d, first, second, rng):
    if not legal_plays(view, dice, d, first_roll=first, moves_second=second):
        return None
    return "", view, True


def _closed(view: Position, p: int, d: str) -> bool:
    return 1 <= p <= 24 and view.board[p - 1] < (0 if d == LONG else -1)


def _open(view: Position, p: int, d: str) -> bool:
    return 1 <= p <= 24 and not _closed(view, p, d)


def _no_bar(view: Position) -> bool:
    return view.bar[0] == 0


def wrong_distance_finder(view, dice, d, first, second, rng):
    a, b = dice
    sums = {a, b, a + b} if a != b else {a * k for k in range(1, 5)}
    if not _no_bar(view):
        return None
    srcs = [p for p in range(1, 24) if view.board[p - 1] > 0]
    rng.shuffle(srcs)
    for src in srcs:
        for dist in (1, 2, 3, 4, 5, 6, 7, 8):
            dst = src - dist
            if dist not in sums and _open(view, dst, d) and not (d == LONG and src == 24):
                after = _apply(view, [(src, dst)], d)
                if after and all(not _closed(view, src - k, d) for k in range(1, dist)):
                    return f"{src}/{dst}" + ("*" if view.board[dst - 1] == -1 else ""), after, True
    return None


def closed_intermediate_finder(view, dice, d, first, second, rng):
    a, b = dice
    if a == b or not _no_bar(view):
        return None
    for src in range(23 if d == LONG else 24, a + b, -1):
        dst = src - a - b
        if (
            view.board[src - 1] > 0
            and _closed(view, src - a, d)
            and _closed(view, src - b, d)
            and _open(view, dst, d)
        ):
            after = _apply(view, [(src, dst)], d)
            if after:
                return f"{src}/{dst}" + ("*" if view.board[dst - 1] == -1 else ""), after, True
    return None


def closed_via_finder(view, dice, d, first, second, rng):
    """Doubles: a checker moved two steps at once over a closed point, where it would have had to stop."""
    a, b = dice
    if a != b or not _no_bar(view):
        return None
    for src in range(23 if d == LONG else 24, 2 * a, -1):
        mid, dst = src - a, src - 2 * a
        if view.board[src - 1] > 0 and _closed(view, mid, d) and _open(view, dst, d):
            after = _apply(view, [(src, dst)], d)
            if after:
                return f"{src}/{dst}" + ("*" if view.board[dst - 1] == -1 else ""), after, True
    return None


def blocked_point_finder(view, dice, d, first, second, rng):
    if not _no_bar(view):
        return None
    for src in range(24, 0, -1):
        dst = src - dice[0]
        if view.board[src - 1] > 0 and _closed(view, dst, d):
            return f"{src}/{dst}", view, False
    return None


def empty_point_finder(view, dice, d, first, second, rng):
    if not _no_bar(view):
        return None
    for src in range(24, 6, -1):
        dst = src - dice[0]
        if view.board[src - 1] == 0 and _open(view, dst, d):
            return f"{src}/{dst}", view, False
    return None


def empty_bar_finder(view, dice, d, first, second, rng):
    if d != SHORT or view.bar[0]:
        return None
    dst = 25 - dice[0]
    if _open(view, dst, d):
        return f"bar/{dst}", view, False
    return None


PLAY_FINDERS: dict[str, Finder] = {
    "wrong_distance": wrong_distance_finder,
    "closed_intermediate": closed_intermediate_finder,
    "closed_via": closed_via_finder,
    "not_full": not_full_finder,
    "larger_die": larger_die_finder,
    "no_play_written": no_play_finder,
    "bear_off_early": lifted_rule_finder("bear_off_early"),
    "higher_die": lifted_rule_finder("higher_die"),
    "head": lifted_rule_finder("head"),
    "six_block": lifted_rule_finder("six_block"),
    "bar_first": lifted_rule_finder("bar_first"),
    "head_first_double": head_first_double_finder,
    "blocked_point": blocked_point_finder,
    "empty_point": empty_point_finder,
    "empty_bar": empty_bar_finder,
}
LONG_ONLY = {"head", "six_block", "head_first_double"}
SHORT_ONLY = {"bar_first", "empty_bar"}


def _game(d: str, rng: random.Random, plant: Finder | None, first_double: bool = False):
    """One game by random legal plays; ``plant`` is tried at every turn from the fifth until it gives a play
    (``first_double``: at the first player's first roll, a 6-6). Returns (actions, index of the planted
    action or None, winner, points)."""
    views = {1: start_position(d), 2: start_position(d)}
    actions: list[Action] = []
    first = rng.choice((1, 2))
    side, rolled, where = first, {1: False, 2: False}, None
    while True:
        other = 3 - side
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        while not actions and dice[0] == dice[1]:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
        if first_double and not actions:
            dice = (6, 6)
        is_first, second = not rolled[side], side != first
        got = None
        if plant is not None and where is None and (len(actions) >= 4 or first_double):
            got = plant(views[side], dice, d, is_first, second, rng)
        if got is not None:
            text, after, possible = got
            where = len(actions)
            if not possible:  # the player made a legal play; the record says something impossible
                legal = legal_plays(views[side], dice, d, first_roll=is_first, moves_second=second)
                after = rng.choice(legal).position if legal else views[side]
        else:
            plays = legal_plays(views[side], dice, d, first_roll=is_first, moves_second=second)
            play = rng.choice(plays) if plays else None
            text = play.text if play else ""
            after = play.position if play else views[side]
        if first_double and plant is not None and where is None:
            return None
        rolled[side] = True
        views[side] = after
        views[other] = after.flipped(d)
        actions.append(Action(ROLL, side, dice=dice, play=text))
        if views[side].off[0] == CHECKERS:
            points = sc.game_points(views[other], d, 1)
            actions.append(Action(WIN, side, value=points))
            return actions, where, side, points
        side = other


def _finish(d: str, games: list[GameRecord], length: int) -> MatchRecord:
    meta = (("Variation", "LongNardy"),) if d == LONG else ()
    return parse_mat(write_mat(MatchRecord(length, PLAYERS, tuple(games), meta)))


def play_plant(d: str, code: str) -> Plant | None:
    """A 3-point match with ``code`` planted in game 2 (another seed until one fits)."""
    finder = PLAY_FINDERS[code]
    for seed in range(1, 400):
        rng = random.Random(f"{d}-{code}-{seed}")
        score, games, where = [0, 0], [], None
        while max(score) < 3:
            here = finder if len(games) == 1 else None
            got = _game(d, rng, here, first_double=code == "head_first_double" and here is not None)
            if got is None or (here is not None and got[1] is None):
                break  # nothing to plant in game 2: another seed
            actions, w, winner, points = got
            where = w if here is not None else where
            before = (score[0], score[1])
            score[winner - 1] += points
            if max(score) >= 3:
                actions[-1] = replace(actions[-1], match_won=True)
            games.append(GameRecord(len(games) + 1, before, tuple(actions)))
        if where is None or max(score) < 3:
            continue
        record = _finish(d, games, 3)
        planted = record.games[1].actions[where]
        rule = F.KINDS[code].rule
        if code == "blocked_point":
            rule = F.R_CLOSED_LONG if d == LONG else F.R_CLOSED_SHORT
        note = code in ("blocked_point", "empty_point", "empty_bar")
        return Plant(d, code, record, 2, planted.move, planted.side, rule, note)
    return None


# --- the cube, the results, the match: one entry of a legal match changed ---------------------------------


@dataclass
class Change:
    games: list[GameRecord]
    game: int | None  # the game the finding names (its number), None for the match
    index: int | None  # the action it is about, in that game after the change; None for the whole game
    side: int | None
    meta: tuple | None = None
    rule: str | None = None


def _base(d: str, length: int, seed: int, cube_rate: float) -> MatchRecord:
    return parse_mat(write_mat(random_match(d, length, seed, cube_rate=cube_rate, players=PLAYERS)))


def _with(games: list[GameRecord], i: int, actions: list[Action], **kw) -> list[GameRecord]:
    out = list(games)
    out[i] = replace(games[i], actions=tuple(actions), **kw)
    return out


def _win(game: GameRecord) -> Action:
    return game.actions[-1]


def _ended_by_bear_off(game: GameRecord) -> bool:
    return len(game.actions) > 1 and game.actions[-2].kind == ROLL


def _middle_games(rec: MatchRecord) -> range:
    return range(0, len(rec.games) - 1)  # not the last: its "and the match" would tell twice


def out_of_turn(rec: MatchRecord) -> Change | None:
    """An entry "ab:" (a roll that could not be played) left out: the same side rolls twice."""
    for gi, game in enumerate(rec.games):
        acts = list(game.actions)
        for k in range(1, len(acts) - 1):
            a, prev, nxt = acts[k], acts[k - 1], acts[k + 1]
            if (
                a.kind == ROLL
                and not a.play
                and prev.kind == ROLL
                and nxt.kind == ROLL
                and nxt.side != a.side
            ):
                del acts[k]
                return Change(_with(rec.games, gi, acts), game.number, k, nxt.side)
    return None


def _double_take(rec: MatchRecord):
    for gi, game in enumerate(rec.games):
        acts = list(game.actions)
        for k in range(2, len(acts) - 1):
            if acts[k].kind == DOUBLE and acts[k + 1].kind == TAKE:
                yield gi, game, acts, k


def roll_while_double_pending(rec: MatchRecord) -> Change | None:
    """A "Takes" left out: the doubler rolls while his double is unanswered."""
    for gi, game, acts, k in _double_take(rec):
        if k + 2 < len(acts) and acts[k + 2].kind == ROLL:
            del acts[k + 1]
            return Change(_with(rec.games, gi, acts), game.number, k + 1, acts[k + 1].side)
    return None


def double_while_pending(rec: MatchRecord) -> Change | None:
    """A double written twice."""
    for gi, game, acts, k in _double_take(rec):
        acts.insert(k + 1, acts[k])
        return Change(_with(rec.games, gi, acts), game.number, k + 1, acts[k].side)
    return None


def double_not_on_turn(rec: MatchRecord) -> Change | None:
    """A double and its take written one roll too early, before the opponent's roll."""
    for gi, game, acts, k in _double_take(rec):
        x = acts[k].side
        if (
            acts[k - 1].kind == ROLL
            and acts[k - 1].side != x
            and acts[k - 2].kind == ROLL
            and acts[k - 2].side == x
        ):
            pair = acts[k : k + 2]
            del acts[k : k + 2]
            acts[k - 1 : k - 1] = pair
            return Change(_with(rec.games, gi, acts), game.number, k - 1, x)
    return None


def cube_value(rec: MatchRecord) -> Change | None:
    """ "Doubles => 3" instead of "Doubles => 2"."""
    for gi, game in enumerate(rec.games):
        acts = list(game.actions)
        for k, a in enumerate(acts):
            if a.kind == DOUBLE and a.value == 2:
                acts[k] = replace(a, value=3)
                return Change(_with(rec.games, gi, acts), game.number, k, a.side)
    return None


def cube_beyond_64(rec: MatchRecord) -> Change | None:
    """ "Doubles => 128"."""
    for gi, game in enumerate(rec.games):
        acts = list(game.actions)
        for k, a in enumerate(acts):
            if a.kind == DOUBLE:
                acts[k] = replace(a, value=128)
                return Change(_with(rec.games, gi, acts), game.number, k, a.side)
    return None


def answer_without_double(rec: MatchRecord) -> Change | None:
    """A "Takes" written after an ordinary roll."""
    game = rec.games[0]
    acts = list(game.actions)
    for k in range(2, len(acts) - 1):
        if acts[k].kind == ROLL and acts[k + 1].kind == ROLL:
            acts.insert(k + 1, Action(TAKE, acts[k + 1].side))
            return Change(_with(rec.games, 0, acts), game.number, k + 1, acts[k + 1].side)
    return None


def _tail_to_drop(rec: MatchRecord, need_crawford: bool = False, need_owned: bool = False) -> Change | None:
    """The last game ends instead with a double by its winner, passed: "Wins <cube> points and the match"."""
    game = rec.games[-1]
    x = _win(game).side
    before = game.score[x - 1]
    if need_crawford:
        played = False
        for g in rec.games:
            crawford = sc.crawford_game(rec.length, g.score, played)
            played = played or crawford
        if not crawford or before != rec.length - 1:
            return None
    cube, owner = 1, 0
    acts = list(game.actions)
    for k in range(2, len(acts) - 1):
        a = acts[k]
        if a.kind == TAKE:
            cube, owner = cube * 2, a.side
        if a.kind == ROLL and a.side != x and acts[k - 1].kind == ROLL and acts[k + 1].kind == ROLL:
            if need_owned and owner != 3 - x:
                continue
            if before + cube < rec.length:
                continue
            tail = [
                Action(DOUBLE, x, value=2 * cube),
                Action(DROP, 3 - x),
                Action(WIN, x, value=cube, match_won=True),
            ]
            return Change(_with(rec.games, len(rec.games) - 1, acts[: k + 1] + tail), game.number, k + 1, x)
    return None


def cube_one_point_match(rec: MatchRecord) -> Change | None:
    return _tail_to_drop(rec) if rec.length == 1 else None


def cube_crawford(rec: MatchRecord) -> Change | None:
    return _tail_to_drop(rec, need_crawford=True)


def cube_not_owner(rec: MatchRecord) -> Change | None:
    return _tail_to_drop(rec, need_owned=True)


def entry_after_result(rec: MatchRecord) -> Change | None:
    """A roll written after a game's "Wins" line."""
    for gi in _middle_games(rec):
        game = rec.games[gi]
        loser = 3 - _win(game).side
        acts = list(game.actions) + [Action(ROLL, loser, dice=(3, 1), play="")]
        return Change(_with(rec.games, gi, acts), game.number, len(acts) - 1, loser)
    return None


def entry_after_game_over(rec: MatchRecord) -> Change | None:
    """A roll of the loser written after the winner's last checker is off."""
    for gi in _middle_games(rec):
        game = rec.games[gi]
        if _ended_by_bear_off(game):
            loser = 3 - _win(game).side
            acts = list(game.actions)
            acts.insert(len(acts) - 1, Action(ROLL, loser, dice=(3, 1), play=""))
            return Change(_with(rec.games, gi, acts), game.number, len(acts) - 2, loser)
    return None


def no_result(rec: MatchRecord) -> Change | None:
    """A borne-off game without its "Wins" line."""
    for gi in _middle_games(rec):
        game = rec.games[gi]
        if _ended_by_bear_off(game):
            return Change(_with(rec.games, gi, list(game.actions[:-1])), game.number, None, _win(game).side)
    return None


def no_result_unknown(rec: MatchRecord) -> Change | None:
    """The record stops in the middle of its last game."""
    game = rec.games[-1]
    rolls = [k for k, a in enumerate(game.actions) if a.kind == ROLL]
    if len(rolls) < 10:
        return None
    return Change(
        _with(rec.games, len(rec.games) - 1, list(game.actions[: rolls[8]])), game.number, None, None
    )


def _resign_at(rec: MatchRecord, contact: bool) -> Change | None:
    """The last game resigned for a single game after one of its rolls while the loser has borne off nothing:
    in a contact position (``contact``) or in a race where mars is still possible."""
    game = rec.games[-1]
    x = _win(game).side
    if any(a.kind == DOUBLE for a in game.actions) or game.score[x - 1] + 2 < rec.length:
        return None
    d = LONG if (rec.variation or "").lower() == "longnardy" else SHORT
    snaps = [s for s in replay(rec, d) if s.game == game.number]  # snaps[k + 1]: after action k
    rolls = [k for k, a in enumerate(game.actions) if a.kind == ROLL]
    for k in rolls[10:] if contact else reversed(rolls):
        after = snaps[k] if k < len(snaps) else None  # the position before roll k
        if after is None or after.kind != "roll" or game.actions[k - 1].side != x:
            continue  # resign after a roll of the winner: the loser is to roll next
        pos1 = Position(after.board, after.bar, after.off)
        loser_off = pos1.off[2 - x]
        if loser_off or sc.in_contact(pos1, d) != contact:
            continue
        if not contact and _mars_impossible(pos1, x, 3 - x, None, d):
            continue
        acts = list(game.actions[:k]) + [Action(WIN, x, value=1, match_won=True)]
        side = 3 - x if contact else x
        rule = F.R_RESIGN_CONTACT if contact else None
        return Change(_with(rec.games, len(rec.games) - 1, acts), game.number, None, side, rule=rule)
    return None


def resign_points(rec: MatchRecord) -> Change | None:
    """003 «Результат партии»: resigned for a single game in a race while the loser has borne off nothing and
    mars is still possible (mars at least)."""
    return _resign_at(rec, contact=False)


def resign_contact(rec: MatchRecord) -> Change | None:
    """003 «Завершение партии и матча»: resigned in a contact position (the game ends early only by a pass
    or a resignation in a no-contact position)."""
    return _resign_at(rec, contact=True)


def match_resumed(rec: MatchRecord) -> Change | None:
    """The record of a match continued later: its first game left out (the next starts at its own score)."""
    if len(rec.games) < 3 or rec.games[1].score == (0, 0):
        return None
    first = rec.games[1]
    if rec.length - 1 in first.score:
        return None  # a first game at match point: the Crawford rule cannot be judged (no finding, no plant)
    return Change(list(rec.games[1:]), first.number, None, None)


def wrong_winner(rec: MatchRecord) -> Change | None:
    """A borne-off game's "Wins" line in the other column."""
    for gi in _middle_games(rec):
        game = rec.games[gi]
        if _ended_by_bear_off(game):
            acts = list(game.actions)
            acts[-1] = replace(acts[-1], side=3 - acts[-1].side)
            return Change(_with(rec.games, gi, acts), game.number, None, acts[-1].side, rule=F.R_WIN)
    return None


def wrong_points(rec: MatchRecord) -> Change | None:
    """A borne-off game's "Wins" line with one point too many (or too few)."""
    for gi in _middle_games(rec):
        game = rec.games[gi]
        if _ended_by_bear_off(game):
            acts = list(game.actions)
            w = acts[-1]
            acts[-1] = replace(w, value=w.value + 1 if w.value < 3 else w.value - 1)
            return Change(_with(rec.games, gi, acts), game.number, None, w.side)
    return None


def drop_points(rec: MatchRecord) -> Change | None:
    """A passed double's "Wins" line counting the doubled cube."""
    for gi in _middle_games(rec):
        game = rec.games[gi]
        if len(game.actions) > 2 and game.actions[-2].kind == DROP:
            acts = list(game.actions)
            w = acts[-1]
            acts[-1] = replace(w, value=2 * w.value)
            rule = F.R_CUBE_PASS if w.value == 1 else F.R_REDOUBLE_PASS
            return Change(_with(rec.games, gi, acts), game.number, None, w.side, rule=rule)
    return None


def match_claimed_early(rec: MatchRecord) -> Change | None:
    """ "and the match" on a game before the end."""
    for gi in _middle_games(rec):
        game = rec.games[gi]
        acts = list(game.actions)
        acts[-1] = replace(acts[-1], match_won=True)
        return Change(_with(rec.games, gi, acts), game.number, None, acts[-1].side)
    return None


def game_number(rec: MatchRecord) -> Change | None:
    """Game 2 headed "Game 5"."""
    if len(rec.games) < 3:
        return None
    games = list(rec.games)
    games[1] = replace(games[1], number=5)
    return Change(games, 5, None, None)


def score_line(rec: MatchRecord) -> Change | None:
    """Game 2's score line one point off."""
    if len(rec.games) < 3:
        return None
    games = list(rec.games)
    s1, s2 = games[1].score
    games[1] = replace(games[1], score=(s1 + 1, s2))
    return Change(games, 2, None, None)


def game_after_match(rec: MatchRecord) -> Change | None:
    """Game 1 written again after the match was over."""
    final = [0, 0]
    for game in rec.games:
        w = _win(game)
        final[w.side - 1] += w.value
    extra = replace(rec.games[0], number=len(rec.games) + 1, score=(final[0], final[1]))
    return Change(list(rec.games) + [extra], extra.number, None, None)


def match_unfinished(rec: MatchRecord) -> Change | None:
    """The last game left out."""
    if len(rec.games) < 2:
        return None
    return Change(list(rec.games[:-1]), None, None, None)


def variation(rec: MatchRecord) -> Change | None:
    """The record's Variation line says the other discipline."""
    long = rec.variation == "LongNardy"
    return Change(
        list(rec.games), None, None, None, meta=(("Variation", "Backgammon" if long else "LongNardy"),)
    )


CHANGES: dict[str, tuple[Callable[[MatchRecord], Change | None], int, float]] = {
    # code: (change, match length, cube rate of the random match)
    "out_of_turn": (out_of_turn, 5, 0.0),
    "roll_while_double_pending": (roll_while_double_pending, 5, 0.1),
    "double_while_pending": (double_while_pending, 5, 0.1),
    "double_not_on_turn": (double_not_on_turn, 5, 0.1),
    "cube_value": (cube_value, 5, 0.1),
    "cube_beyond_64": (cube_beyond_64, 5, 0.1),
    "answer_without_double": (answer_without_double, 3, 0.0),
    "cube_one_point_match": (cube_one_point_match, 1, 0.0),
    "cube_crawford": (cube_crawford, 3, 0.0),
    "cube_not_owner": (cube_not_owner, 3, 0.1),
    "entry_after_result": (entry_after_result, 5, 0.0),
    "entry_after_game_over": (entry_after_game_over, 5, 0.0),
    "no_result": (no_result, 5, 0.0),
    "no_result_unknown": (no_result_unknown, 3, 0.0),
    "resign_points": (resign_points, 5, 0.0),
    "resign_contact": (resign_contact, 3, 0.0),
    "match_resumed": (match_resumed, 5, 0.0),
    "wrong_winner": (wrong_winner, 5, 0.0),
    "wrong_points": (wrong_points, 5, 0.0),
    "drop_points": (drop_points, 5, 0.1),
    "match_claimed_early": (match_claimed_early, 5, 0.0),
    "game_number": (game_number, 5, 0.0),
    "score_line": (score_line, 5, 0.0),
    "game_after_match": (game_after_match, 3, 0.0),
    "match_unfinished": (match_unfinished, 3, 0.0),
    "variation_not_long": (variation, 3, 0.0),
    "variation_long_as_short": (variation, 3, 0.0),
}


def change_plant(d: str, code: str) -> Plant | None:
    change, length, cube_rate = CHANGES[code]
    for seed in range(1, 300):
        rec = _base(d, length, seed, cube_rate)
        got = change(rec)
        if got is None:
            continue
        meta = got.meta if got.meta is not None else rec.metadata
        changed = parse_mat(write_mat(MatchRecord(rec.length, rec.players, tuple(got.games), meta)))
        move = None
        if got.index is not None:
            game = next(g for g in changed.games if g.number == got.game)
            move = game.actions[got.index].move
        return Plant(d, code, changed, got.game, move, got.side, got.rule or F.KINDS[code].rule)
    return None


def applies(d: str, code: str) -> bool:
    if code in LONG_ONLY or code == "variation_not_long":
        return d == LONG
    if code in SHORT_ONLY or code == "variation_long_as_short":
        return d == SHORT
    return True


def corpus(d: str) -> list[Plant]:
    out = []
    for code in [*PLAY_FINDERS, *CHANGES]:
        if applies(d, code):
            plant = play_plant(d, code) if code in PLAY_FINDERS else change_plant(d, code)
            if plant is None:
                raise SystemExit(f"no record found to plant {code} in {d} nardy")
            out.append(plant)
    return out


def main() -> None:  # pragma: no cover - a tool
    DATA.mkdir(parents=True, exist_ok=True)
    for old in DATA.glob("*.mat"):
        old.unlink()
    for d in (SHORT, LONG):
        for plant in corpus(d):
            (DATA / f"{plant.name}.mat").write_text(plant.text(), encoding="utf-8")
            print(plant.header(), file=sys.stderr)


if __name__ == "__main__":
    main()
