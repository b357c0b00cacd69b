"""The levels that play by rules of thumb: random, greedy and club (see :mod:`.players` for the ladder)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.solver import move_points, table_points

from .risk import likely_take
from .view import SeatView

BUILD_KINDS = frozenset(("build", "raise", "add"))


@dataclass(frozen=True)
class RandomPlayer:
    """Any legal move, each as likely."""

    level: str = "random"

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        return rng.choice(view.legal_moves())


@dataclass(frozen=True)
class Greedy:
    """The most round points taken now, then the most cards; never a build when another move is legal."""

    level: str = "greedy"

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        pos = view.position()
        legal = pos.generate()
        moves = [m for m in legal if m.kind not in BUILD_KINDS] or legal
        captures = [m for m in moves if m.is_capture]
        if captures:
            return max(captures, key=lambda m: (move_points(pos, m), len(m.captured_cards())))
        points, values = view.variant.card_points, view.variant.value
        return min(moves, key=lambda m: (points[m.card], values[m.card]))


CARD_WORTH = 0.3
"""Round points a card taken is worth: towards most cards and most spades, and one card fewer for the others
to sweep with."""
EXPOSURE_WEIGHT = 1.6
"""How much of what the next opponent is likely to take (:func:`~tutor.play.risk.likely_take`) is counted
against a move.  Above one: a take gains the opponent the cards and ends the mover's own chances on them."""
BUILD_PROMISE = 1.0
"""The share of a build's worth counted now for the take it promises next turn (the risk is in the exposure)."""
ANSWER_BONUS = 0.5
"""Taking another side's build: the cards, and the plan it ends."""
KEEP_WEIGHT = 0.5
"""Playing a point card (an ace, a Cassino) without taking anything costs this share of its points.

The weights were chosen by mirrored two-player classic rounds against greedy (benchmarks/bench_play.py;
docs/strength.md)."""


@dataclass(frozen=True)
class Club:
    """A club player's rules of thumb, each move scored in round points and the best played.

    - What a capture takes is worth its points (a sweep included) and
      :data:`CARD_WORTH` a card; taking another side's build earns
      :data:`ANSWER_BONUS` more.
    - A build, raise or add the player can take (the rules insist it holds the
      card) is worth :data:`BUILD_PROMISE` of the take it prepares.
    - A point card (an ace, a Cassino) played without taking anything costs
      :data:`KEEP_WEIGHT` of its points.
    - From every move is subtracted :data:`EXPOSURE_WEIGHT` of what the next
      opponent is likely to take afterwards, each capture it could make
      weighted by the chance that it holds the card for it (from the cards
      still unseen): so a trail leaves no sweep or easy capture when another
      does not, and a build the opponent could steal loses its promise.
    """

    level: str = "club"

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        pos = view.position()
        moves = pos.generate()
        return club_best(pos, moves)


def club_best(pos: Position, moves: list[Move]) -> Move:
    """The first of ``moves`` with the most :func:`club_value`: ``max(moves, key=...)``, with fewer looks at the
    next player's take.  That look only lowers a move's worth, so a move whose worth before it
    (:func:`club_promise`) is below the best worth found is passed over unlooked; a move alone is not looked at."""
    if len(moves) == 1:
        return moves[0]
    promises = [club_promise(pos, m) for m in moves]
    best, most = 0, -math.inf
    for i in sorted(range(len(moves)), key=promises.__getitem__, reverse=True):
        if promises[i] < most:
            break
        if promises[i] == most and i > best:  # at most a tie, which goes to the first move
            continue
        value = promises[i] - EXPOSURE_WEIGHT * likely_take(pos, moves[i], table_worth)
        if value > most or (value == most and i < best):
            best, most = i, value
    return moves[best]


def club_value(pos: Position, move: Move) -> float:
    """The worth of ``move`` for the mover's side by :class:`Club`'s rules of thumb."""
    return club_promise(pos, move) - EXPOSURE_WEIGHT * likely_take(pos, move, table_worth)


def club_promise(pos: Position, move: Move) -> float:
    """:func:`club_value` but for what the next opponent is likely to take afterwards: the most it can be."""
    points = pos.variant.card_points
    value = 0.0
    if move.is_capture:
        value += move_points(pos, move) + CARD_WORTH * (1 + len(move.captured_cards()))
        side = pos.side_of(pos.to_move)
        if any(pos.side_of(b.owner) != side for b in move.builds):
            value += ANSWER_BONUS
    else:
        value -= KEEP_WEIGHT * points[move.card]
        if move.kind in BUILD_KINDS:
            cards = [move.card, *move.loose, *(c for b in move.builds for c in b.cards)]
            value += BUILD_PROMISE * (sum(points[c] for c in cards) + CARD_WORTH * (len(cards) + 1))
    return value


def table_worth(pos: Position, move: Move) -> float:
    """What a capture takes from the table by :class:`Club`'s count: its points (a sweep included) and
    :data:`CARD_WORTH` a card."""
    return table_points(pos, move) + CARD_WORTH * len(move.captured_cards())
