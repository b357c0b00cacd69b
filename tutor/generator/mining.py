"""Seeded rounds played by the engine, and the positions along them that may make puzzles.

Rounds are played lightly greedily: half the moves take the most points,
then cards, at once; the others are random (with a liking for building, half
the moves that can build do).  No move pays a penalty (build duty ``penalty``)
when another need not: a player pays a fine only when forced to.  A single-move
theme looks at every position where the mover holds two cards or more, as the
learner sees it (:func:`learner_view`); an endgame theme at the last deal, once
the stock is empty, with every hand known (:func:`endgame_view`).  Both keep
what makes the position one of a real deal: the dealer, the cards taken, the
sweeps, the penalties and the last capturer.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.round import deal_round, next_deal
from tutor.core.solver import move_points
from tutor.core.variant import Variant

from .plans import Plan

GREEDY_SHARE = 0.5  # the share of greedy grabs among the other moves
BUILD_SHARE = 0.5
"""With a liking for building, the share of moves that build, raise or add when one can."""
BUILD_KINDS = ("build", "raise", "add")

ENDGAME_HAND = {2: (2, 3), 3: (2, 3), 4: (2, 2)}
"""Cards in the mover's hand at which a last deal is looked at, by players:
few enough for the exact solver to prove each puzzle in milliseconds."""


def round_positions(variant: Variant, players: int, rng: random.Random, builder: bool) -> Iterator[Position]:
    """The position before each move of one round (one object, played on after each yield: copy to keep)."""
    pos = deal_round(variant, players, dealer=rng.randrange(players), seed=rng.randrange(2**32))
    while not pos.is_round_over():
        if pos.needs_deal():
            next_deal(pos)
        yield pos
        pos.push(choose(pos, pos.generate(), rng, builder))


def choose(pos: Position, moves: list[Move], rng: random.Random, builder: bool) -> Move:
    """A greedy grab (most points, then cards) or, as often, a random move; a builder builds when it may;
    a move that pays a penalty only when every move does."""
    if pos.variant.penalties:
        moves = [m for m in moves if not pos.penalised(m)] or moves
    builds = [m for m in moves if m.kind in BUILD_KINDS] if builder else []
    if builds and rng.random() < BUILD_SHARE:
        return rng.choice(builds)
    if rng.random() < GREEDY_SHARE:
        return max(moves, key=lambda m: (move_points(pos, m), len(m.captured_cards())))
    return rng.choice(moves)


def candidate(pos: Position, plan: Plan) -> Position | None:
    """The view of ``pos`` the plan looks at, or None when this position is not one for it."""
    if plan.endgame:
        return endgame_view(pos) if is_endgame(pos) else None
    if len(pos.hands[pos.to_move]) < 2:
        return None
    return learner_view(pos)


def is_endgame(pos: Position) -> bool:
    """The last deal with the stock empty, and the mover's hand at a size of :data:`ENDGAME_HAND`."""
    low, high = ENDGAME_HAND[pos.players]
    return pos.stock_size == 0 and low <= len(pos.hands[pos.to_move]) <= high


def endgame_view(pos: Position) -> Position:
    """The position with every hand known and the match score left at its default."""
    view = pos.copy()
    assert view.captured is not None
    view.captured = [sorted(c) for c in view.captured]
    view.scores = [0] * pos.sides
    return view


def learner_view(pos: Position) -> Position:
    """What the mover sees: their own hand; the other hands and the stock as counts; the cards taken so far
    (they tell which cards are out of play, which the ``safe`` goal weighs), the sweeps, the penalties, the
    dealer and the last capturer, as in the round."""
    seat = pos.to_move
    assert pos.captured is not None and pos.sweeps is not None and pos.penalties is not None
    return Position(
        variant=pos.variant,
        players=pos.players,
        hands=[list(h) if s == seat else [] for s, h in enumerate(pos.hands)],
        loose=list(pos.loose),
        builds=list(pos.builds),
        to_move=seat,
        dealer=pos.dealer,
        hidden=[0 if s == seat else len(h) for s, h in enumerate(pos.hands)],
        captured=[sorted(c) for c in pos.captured],
        sweeps=list(pos.sweeps),
        penalties=list(pos.penalties),
        stock_hidden=pos.stock_size,
        last_capturer=pos.last_capturer,
    )
