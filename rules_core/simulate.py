"""Random legal matches, for tests and the benchmark (seeded; no global random state)."""

from __future__ import annotations

import random

from . import scoring as sc
from .matfile import DOUBLE, DROP, ROLL, TAKE, WIN, Action, GameRecord, MatchRecord
from .moves import legal_plays
from .position import CHECKERS, LONG, start_position


def random_match(
    discipline: str,
    length: int,
    seed: int,
    *,
    head_rule: str = "federation",
    cube_rate: float = 0.02,
    players: tuple[str, str] = ("Alice", "Bob"),
    koks_zone: str = sc.DEFAULT_KOKS_ZONE,
) -> MatchRecord:
    """A whole match played by random legal plays, with occasional legal doubles, takes and drops."""
    rng = random.Random(seed)
    score = [0, 0]
    games: list[GameRecord] = []
    crawford_played = False
    while max(score) < length:
        crawford = sc.crawford_game(length, (score[0], score[1]), crawford_played)
        crawford_played = crawford_played or crawford
        actions = _random_game(
            discipline, rng, head_rule, cube_rate if (length > 1 and not crawford) else 0.0, koks_zone
        )
        win = actions[-1]
        score[win.side - 1] += win.value
        if max(score) >= length:
            actions[-1] = Action(WIN, win.side, None, 0, value=win.value, match_won=True)
        before = score_before(score, win)
        games.append(GameRecord(len(games) + 1, (before[0], before[1]), tuple(actions)))
    meta = (("Variation", "LongNardy"),) if discipline == LONG else (("Variation", "Backgammon"),)
    return MatchRecord(length, players, tuple(games), meta)


def score_before(score: list[int], win: Action) -> list[int]:
    s = list(score)
    s[win.side - 1] -= win.value
    return s


def _random_game(
    discipline: str,
    rng: random.Random,
    head_rule: str,
    cube_rate: float,
    koks_zone: str = sc.DEFAULT_KOKS_ZONE,
) -> list[Action]:
    views = {1: start_position(discipline)}
    views[2] = views[1]  # both start from the same picture in their own numbering
    actions: list[Action] = []
    first = rng.choice((1, 2))
    side = first
    rolled = {1: False, 2: False}
    cube, owner = 1, 0
    while True:
        other = 3 - side
        if (
            cube_rate
            and owner in (0, side)
            and cube < sc.MAX_CUBE
            and rolled[side]
            and rng.random() < cube_rate
        ):
            actions.append(Action(DOUBLE, side, value=2 * cube))
            if rng.random() < 0.3:
                actions.append(Action(DROP, other))
                actions.append(Action(WIN, side, value=cube))
                return actions
            actions.append(Action(TAKE, other))
            cube, owner = 2 * cube, other
        while True:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            if not rolled[side] and not actions and dice[0] == dice[1]:
                continue  # the opening roll is never doubles (each player throws one die)
            break
        plays = legal_plays(
            views[side],
            dice,
            discipline,
            first_roll=not rolled[side],
            moves_second=side != first,
            head_rule=head_rule,
        )
        rolled[side] = True
        if plays:
            play = rng.choice(plays)
            views[side] = play.position
            views[other] = play.position.flipped(discipline)
            actions.append(Action(ROLL, side, dice=dice, play=play.text))
        else:
            actions.append(Action(ROLL, side, dice=dice, play=""))
        if views[side].off[0] == CHECKERS:
            points = sc.game_points(views[other], discipline, cube, koks_zone)
            actions.append(Action(WIN, side, value=points))
            return actions
        side = other
