"""A move's value in one deal of the hidden hands, exactly: averaged over every order of the cards in those hands.

In a world the advisor's playouts (:func:`tutor.play.advisor.world_values`)
break a seat's ties in the order of the cards in its hand: of the moves club
values most, the first generated, card by card in hand order.  A sampled world
deals each hidden hand in a random order, so one deal's value varies with
that order, and a sample of orders leaves noise in the loss of a move even
where every deal is valued (:mod:`.confirm`).

Here the orders are not sampled: a playout that reaches a tie of a hidden
seat's cards branches, once for each card that can come first among the tied
ones, weighted by how many of the orders still possible put it first (an
order is uniform over the hand's permutations; a tie already broken rules out
the orders that would have broken it otherwise).  The mean over the branches
is the mean over every order: what passes of random orders estimate, without
their noise.  A seat whose hand is known (the mover's) breaks its ties in its
hand's order, as in a world.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from tutor.core.cards import Card
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.scoring import PileCounts

from .advisor import EXACT_CARDS, playout_turns, world_values
from .deal_end import deal_end_value
from .heuristics import PLAYOUT, club_best, club_value
from .worlds import Deal, deal_ways, world_of

MOST_ORDERED = 5
"""The most cards a hidden hand may hold for its orders to be counted (120 orders; a hand of Classic holds 4): a
larger hand (the option ``hand_size``) is left to sampled worlds (:func:`exact_ways`)."""

Orders = dict[int, list[tuple[Card, ...]]]
"""For each hidden seat, the orders of its hand as dealt that are still possible, each as likely (the cards played
stay in them)."""


def exact_ways(pos: Position) -> int | None:
    """The ways the hidden hands of ``pos`` (with ``draw``, and the hidden stock's order) can be dealt
    (:func:`~tutor.play.worlds.deal_ways`) where :func:`deal_values` can value each over every order of the hands;
    None where a hidden hand holds more than :data:`MOST_ORDERED` cards."""
    if any(n > MOST_ORDERED for n in pos.hidden_counts):
        return None
    return deal_ways(pos)


def deal_values(pos: Position, deals: Sequence[Deal], moves: Sequence[Move]) -> list[list[float]]:
    """Each of ``deals`` (:func:`~tutor.play.worlds.every_deal`), each of ``moves`` valued in it as
    :func:`~tutor.play.advisor.world_values` values it in a world of that deal, averaged over every order of the
    hidden hands."""
    hidden = [seat for seat, n in enumerate(pos.hidden_counts) if n]
    return [_values(world_of(pos, [c for hand in deal[:-1] for c in hand] + list(deal[-1])), hidden, moves)
            for deal in deals]


def _values(world: Position, hidden: list[int], moves: Sequence[Move]) -> list[float]:
    if world.stock_size == 0 and sum(len(h) for h in world.hands) <= EXACT_CARDS[world.players]:
        return world_values(world, list(moves))  # solved exactly: no playout, no ties
    side, base = world.side_of(world.to_move), PileCounts(world)  # each playout's end grows from the world's piles
    horizon = world.players * playout_turns(world) if world.variant.draw else None
    orders = {seat: list(permutations(world.hands[seat])) for seat in hidden}
    values = []
    for move in moves:  # the mover's hand is known: no order of a hidden hand changes with its move
        world.push(move)
        values.append(_expected(world, side, orders, None if horizon is None else horizon - 1, base))
        world.pop()
    return values


def _expected(world: Position, side: int, orders: Orders, plies: int | None, base: PileCounts) -> float:
    """The value for ``side`` at the end of club's play from ``world`` (at most ``plies`` plies), averaged over
    ``orders``; ``base``: the piles of the deal's world, counted (:func:`~tutor.play.deal_end.deal_end_value`)."""
    if world.is_round_over() or world.needs_deal() or plies == 0:
        return deal_end_value(world, side, base)
    later = None if plies is None else plies - 1
    moves = world.generate()
    seat = world.to_move
    if seat not in orders or len(moves) == 1:
        return _after(world, side, club_best(world, moves, PLAYOUT), orders, later, base)
    values = [club_value(world, m, PLAYOUT) for m in moves]
    most = max(values)
    first: dict[Card, Move] = {}  # each tied card's first tied move: a card's moves come in one order
    for m, v in zip(moves, values):
        if v == most:
            first.setdefault(m.card, m)
    if len(first) == 1:
        return _after(world, side, next(iter(first.values())), orders, later, base)
    drawn = next(iter(first))  # the first tied card in the hand, where only cards drawn since the deal tie
    branches: dict[Card, list[tuple[Card, ...]]] = {}
    for order in orders[seat]:  # a card drawn (``draw``) lies after the cards dealt, whatever their order
        branches.setdefault(next((c for c in order if c in first), drawn), []).append(order)
    total = 0.0
    for card, kept in branches.items():
        total += len(kept) * _after(world, side, first[card], {**orders, seat: kept}, later, base)
    return total / len(orders[seat])


def _after(world: Position, side: int, move: Move, orders: Orders, plies: int | None, base: PileCounts) -> float:
    """:func:`_expected` after ``move``.  The orders keep the cards already played: a tie is broken among cards in
    the hand, so the first of them in an order is the same with or without the cards played."""
    world.push(move)
    try:
        return _expected(world, side, orders, plies, base)
    finally:
        world.pop()
