"""Long nardy has no GNU Backgammon to compare with: compare the generator with a slow, plain reference
written straight from the clauses (every order of the dice, every checker, no pruning) on positions reached by
random play, including first rolls under both head rules."""

from __future__ import annotations

import random

import pytest

from rules_core import legal_plays, start_position

L = "long"


def _q(p: int) -> int:  # the opponent's number of the mover's point p
    return p + 12 if p <= 12 else p - 12


def _offending_blocks(board: list[int], opp_off: int) -> set[int]:
    """Starts (opponent's numbering) of six-point blocks with no opposing checker ahead (004 §5.4.13)."""
    held = {_q(p) for p in range(1, 25) if board[p - 1] > 0}
    opp = [_q(p) for p in range(1, 25) if board[p - 1] < 0]
    out = set()
    for start in range(1, 20):
        if (
            all(q in held for q in range(start, start + 6))
            and not opp_off
            and not any(q < start for q in opp)
        ):
            out.add(start)
    return out


def reference(pos, dice, head_allow: int) -> set[tuple]:
    seqs = {dice * 2} if dice[0] == dice[1] else {dice, dice[::-1]}
    results: dict[tuple, int] = {}
    first_die: dict[tuple, set] = {}

    def walk(board, off, seq, used, head_used, first):
        moved = False
        if seq:
            d = seq[0]
            for src in range(1, 25):
                if board[src - 1] <= 0:
                    continue
                if src == 24 and head_used >= head_allow:
                    continue
                dst = src - d
                nb = list(board)
                if dst >= 1:
                    if nb[dst - 1] < 0:
                        continue
                    before = _offending_blocks(nb, pos.off[1])
                    nb[src - 1] -= 1
                    nb[dst - 1] += 1
                    if not _offending_blocks(nb, pos.off[1]) <= before:
                        continue
                    noff = off
                else:
                    if any(board[p - 1] > 0 for p in range(7, 25)):
                        continue
                    if dst < 0 and any(board[p - 1] > 0 for p in range(src + 1, 7)):
                        continue
                    nb[src - 1] -= 1
                    noff = off + 1
                moved = True
                walk(nb, noff, seq[1:], used + 1, head_used + (src == 24), first or d)
        if not moved:
            key = (tuple(board), off)
            results[key] = max(results.get(key, 0), used)
            first_die.setdefault(key, set()).add(first)

    for seq in seqs:
        walk(list(pos.board), pos.off[0], seq, 0, 0, 0)
    best = max(results.values())
    keys = {k for k, n in results.items() if n == best}
    if best == 1 and dice[0] != dice[1]:
        big = {k for k in keys if max(dice) in first_die[k]}
        keys = big or keys
    return set() if best == 0 else keys


def _positions(n: int, seed: int):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        pos = start_position(L)
        rolled = [False, False]
        for ply in range(400):
            side = ply % 2
            out.append((pos, not rolled[side], side == 1))
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            plays = legal_plays(pos, dice, L, first_roll=not rolled[side], moves_second=side == 1)
            rolled[side] = True
            if plays:
                pos = rng.choice(plays).position
            if pos.off[0] == 15:
                break
            pos = pos.flipped(L)
    rng.shuffle(out)
    firsts = [x for x in out if x[1]][:20]
    return firsts + out[: n - len(firsts)]


@pytest.mark.parametrize("head_rule", ["federation", "classic"])
def test_004_5_4_long_nardy_generator_agrees_with_plain_reference(head_rule):
    rng = random.Random(5)
    checked = 0
    for pos, first, second in _positions(250, 99):
        for dice in [(rng.randint(1, 6), rng.randint(1, 6)), (d := rng.choice([3, 4, 6]), d)]:
            head = (
                2
                if first
                and dice[0] == dice[1]
                and dice[0] in (3, 4, 6)
                and (head_rule == "classic" or second)
                else 1
            )
            want = reference(pos, dice, head)
            got = {
                (p.position.board, p.position.off[0])
                for p in legal_plays(pos, dice, L, first_roll=first, moves_second=second, head_rule=head_rule)
            }
            assert got == want, (pos, dice, first, second)
            checked += 1
    assert checked == 500


def test_reference_sees_the_six_block_rule():
    # sanity of the reference itself: the momentary block position of the clause tests
    from .test_long_nardy_rules import _momentary

    for ahead, allowed in ((False, False), (True, True)):
        p = _momentary(opponent_ahead=ahead)
        board = list(p.board)
        board[22] -= 1  # 23/17/16
        board[15] += 1
        assert ((tuple(board), p.off[0]) in reference(p, (6, 1), 1)) is allowed
