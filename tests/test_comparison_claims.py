"""Every comparison and shortfall the coach words is true: each value and difference recomputed from the rules
(tutor/core/comparison_claims.py), for every legal move of generated positions, for every goal, in every preset
and with 2, 3 and 4 players."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest
from randompos import ALL_VARIANTS, fresh_position, random_position

from tutor.core.cards import Card
from tutor.core.comparison import compare, shortfall
from tutor.core.comparison_claims import comparison_problems, shortfall_problems
from tutor.core.position import Position
from tutor.core.round import next_deal
from tutor.core.solver import Goal, rank_moves

GOALS = ("cards", "points", "sweep", "safe", "points,cards", "safe,points", "cards,sweep")
POSITIONS = 600
DEALS = 120
"""Last deals (every hand known, few cards) ranked for goal ``deal``."""


def last_deal(rng: random.Random, index: int) -> Position:
    """A last deal of a random round with at most six cards in the hands, every hand known; a variant whose
    rounds seldom get there (an instant limit ends them) gives way to the next after a few rounds."""
    rounds = 0
    pos = fresh_position(rng, ALL_VARIANTS[index % len(ALL_VARIANTS)], 2 + index % 3)
    while True:
        if pos.needs_deal():
            next_deal(pos)
        moves = [] if pos.is_round_over() else pos.generate()
        if not moves:
            rounds += 1
            pos = fresh_position(rng, ALL_VARIANTS[(index + rounds // 5) % len(ALL_VARIANTS)], 2 + index % 3)
        elif not pos.stock_size and sum(map(len, pos.hands)) <= 6:
            pos._stack.clear()
            return pos
        else:
            pos.push(rng.choice(moves))


def cases(positions: int, deals: int, seed: int) -> Iterator[tuple[Position, Goal]]:
    rng = random.Random(seed)
    for i in range(positions):
        pos = random_position(rng, ALL_VARIANTS[i % len(ALL_VARIANTS)], 2 + i % 3)
        goal = GOALS[i % len(GOALS)]
        card = rng.choice(pos.table_cards()) if pos.table_cards() else None
        yield pos, Goal.from_str(f"card:{card}" if card is not None and i % 5 == 0 else goal)
    for i in range(deals):
        yield last_deal(rng, i), Goal.from_str("deal")


def problems(positions: int, deals: int, seed: int) -> Iterator[tuple[int, list[str]]]:
    """For every legal move of each case: how many claims were checked (a comparison's, and a shortfall's when
    the move is not best), and what is false."""
    for pos, goal in cases(positions, deals, seed):
        ranking = rank_moves(pos.copy(), goal)
        for judged in ranking.moves:
            cmp = compare(pos, judged.move, ranking)
            found = comparison_problems(pos, cmp)
            if not cmp.is_best:
                found += shortfall_problems(pos, shortfall(pos, cmp))
            yield (1 if cmp.is_best else 2), [f"{goal} {pos.notation(judged.move)}: {p}\n{pos}" for p in found]


def test_every_comparison_and_shortfall_is_true() -> None:
    checked, false = 0, []
    for n, found in problems(POSITIONS, DEALS, 11):
        checked += n
        false += found
    assert checked >= 2000, checked
    assert not false, f"{len(false)} false of {checked}:\n" + "\n\n".join(false[:5])


@pytest.mark.slow
@pytest.mark.wide
def test_every_comparison_and_shortfall_of_more_positions_is_true() -> None:
    false = [p for _, found in problems(4 * POSITIONS, 4 * DEALS, 3) for p in found]
    assert not false, false[:5]


def test_a_false_comparison_is_found() -> None:
    """The checks can fail: a point too many, a sweep missed that is not, a wrong gap, each is found."""
    pos = Position(ALL_VARIANTS[0], 2, [[Card.from_str(c) for c in ("10S", "5H")], []],
                   [Card.from_str(c) for c in ("10D", "6C")], [], to_move=0, dealer=1, hidden=[0, 4],
                   captured=[[], []], stock_hidden=40)
    ranking = rank_moves(pos.copy(), Goal.from_str("points"))
    cmp = compare(pos, pos.parse_move("5H"), ranking)
    assert comparison_problems(pos, cmp) == []
    assert comparison_problems(pos, replace(cmp, missed_points=cmp.missed_points + 1))
    assert comparison_problems(pos, replace(cmp, missed_sweep=not cmp.missed_sweep))
    assert comparison_problems(pos, replace(cmp, played=replace(cmp.played, points=1)))
    short = shortfall(pos, cmp)
    assert shortfall_problems(pos, short) == []
    assert shortfall_problems(pos, replace(short, gap=short.gap + 1))


def test_a_false_threat_is_found() -> None:
    """A safe shortfall names the capture the move leaves; a wrong rank, card, point or sweep is found, and so is
    a threat left out or named for another goal."""
    pos = Position(ALL_VARIANTS[0], 2, [[Card.from_str(c) for c in ("10S", "5H")], []],
                   [Card.from_str(c) for c in ("10D", "6C")], [], to_move=0, dealer=1, hidden=[0, 4],
                   captured=[[], []], stock_hidden=40)
    ranking = rank_moves(pos.copy(), Goal.from_str("safe"))
    short = shortfall(pos, compare(pos, pos.parse_move("5H"), ranking))
    threat = short.threat  # the 10♦ for a 10, two points (no sweep: the 6♣ and 5♥ stay)
    assert threat is not None and (threat.cards, threat.rank, threat.points, threat.sweep) == (
        (Card.from_str("10D"),), "10", 2, False)
    assert shortfall_problems(pos, short) == []
    for wrong in (replace(threat, rank="9"), replace(threat, points=1), replace(threat, sweep=True),
                  replace(threat, cards=(Card.from_str("6C"),))):
        assert shortfall_problems(pos, replace(short, threat=wrong)), wrong
    assert shortfall_problems(pos, replace(short, threat=None)) == ["the move leaves the next player a capture, "
                                                                   "and names none"]
    points = rank_moves(pos.copy(), Goal.from_str("points"))
    other = shortfall(pos, compare(pos, pos.parse_move("10S"), points))
    assert other.threat is None and shortfall_problems(pos, replace(other, threat=threat))
