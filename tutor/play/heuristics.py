"""The levels that play by rules of thumb: random, greedy and club (see :mod:`.players` for the ladder)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from tutor.core.cards import SPADE
from tutor.core.frozen import pickled_by_constructor
from tutor.core.moves import Move
from tutor.core.position import Position
from tutor.core.search import solve_deal
from tutor.core.solver import move_points, unseen_cards

from .risk import CardWorth, best_capture, likely_take
from .view import SeatView
from .worlds import one_way, world_of

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


@dataclass(frozen=True)
class ClubWeights:
    """The club's rules of thumb as numbers: a move's worth in round points (see :class:`Club`).

    The defaults are the club of the first strength figures (:data:`CLUB_V1`, frozen as the arena's
    ``club-v1``); a new rule of thumb is added with a default that keeps that club's moves (its weight 0, its
    switch off), so that ``ClubWeights()`` stays the frozen club (tests/test_frozen_levels.py checks it).
    Its weights were chosen by mirrored two-player classic rounds against greedy (seed 11; docs/strength.md,
    "The club player"); those of :data:`CLUB` by the arena against ``club-v1`` (docs/strength.md, "The club
    of issue 25").
    """

    card_worth: float = 0.3
    """Round points a card taken is worth: towards most cards and most spades, and one card fewer for the others
    to sweep with."""
    exposure_weight: float = 1.6
    """How much of what the next opponent is likely to take (:func:`~tutor.play.risk.likely_take`) is counted
    against a move.  Above one: a take gains the opponent the cards and ends the mover's own chances on them."""
    build_promise: float = 1.0
    """The share of a build's worth counted now for the take it promises next turn (the risk is in the
    exposure)."""
    answer_bonus: float = 0.5
    """Taking another side's build: the cards, and the plan it ends."""
    keep_weight: float = 0.5
    """Playing a point card (an ace, a Cassino) without taking anything costs this share of its points."""
    spade_worth: float = 0.0
    """Round points a spade taken is worth beyond :attr:`card_worth` (towards most spades), for the mover's
    captures and the next opponent's likely take alike."""
    follow_up: float = 0.0
    """A trail is worth this share of the mover's own best capture next turn with the cards it keeps, on the table
    as the trail leaves it (:func:`own_next_take`; the next opponent may take it first: that is the exposure)."""
    exact_cards: int = 0
    """In the last deal, when the player can tell every hand (:func:`told`: with two players, the other hand is
    every card not yet seen) and the hands hold at most this many cards, only the moves the exact search
    (:func:`~tutor.core.search.solve_deal`) values best are weighed."""
    penalty_weight: float = 0.0
    """Under the build duty ``penalty`` (Michigan): how much of the penalty a move that breaks the duty costs its
    side (:meth:`~tutor.core.position.Position.penalised`) is counted against it, and such a move, if a build, earns
    no :attr:`build_promise` (the mover is left with a build it cannot take, or neglects one it can).
    :data:`CLUB_V1` counted neither, and broke the duty in most of its Michigan moves (a build it could not take,
    then every turn after)."""
    fair: bool = False
    """In a world of known hands (a playout's), the next player's likely take is judged as the mover sees it, its
    hand unknown (:func:`~tutor.play.risk.likely_take`'s ``fair``), not on the hand the world gives it."""

    @property
    def table_worth(self) -> CardWorth:
        """What a capture takes from the table by these weights: its points (a sweep included),
        :attr:`card_worth` a card and :attr:`spade_worth` more a spade."""
        return CardWorth(self.card_worth, self.spade_worth)


CLUB_V1 = ClubWeights()
"""The club as it played when the arena first measured it: the arena's frozen ``club-v1``, the simulated
learners' club (:mod:`.handicaps`) and the expert's playouts (:mod:`.advisor`)."""
CLUB = ClubWeights(exposure_weight=2.0, spade_worth=0.15, follow_up=0.6, exact_cards=7, penalty_weight=1.0)
"""The ladder's club level (issue 25), stronger than :data:`CLUB_V1` by the arena's measure.

Each change was measured by ``arena``-style mirrored pairs against ``club-v1`` in two-player classic on the
seeds 11 and 777 only (seed 2027 is held out for the figure in docs/strength.md): the exact last deal from 7
cards gains the most (from 6 cards +1.08, from 8 +2.01, 1000 pairs of seed 11; 7 keeps a club move under
a millisecond on average), the own next take of a trail (``follow_up`` 0.6) and a spade's worth (0.15) about
+0.3 together (``follow_up`` 0.3: +0.15, 1.0: +0.07), and a heavier exposure (2.0 against 1.6) about +0.2
more.  Tried and dropped: a cost for trailing a card others can build on (worse).  On the held-out seed: +1.89
(+1.68 .. +2.11) a mirrored pair over 2000 pairs; Royal +1.78, 4 players +0.60, 3 players -0.02 (no change)."""
PLAYOUT = ClubWeights(penalty_weight=1.0)
"""The expert's playouts (:mod:`.advisor`): :data:`CLUB_V1` and the penalty of a breach of the build duty, which
changes nothing but where breaches cost points (Michigan); ``expert-v1`` keeps :data:`CLUB_V1`'s."""
FAIR_PLAYOUT = ClubWeights(penalty_weight=1.0, fair=True)
""":data:`PLAYOUT` with each player's exposure judged from what it can see, not on the world's hands."""



@dataclass(frozen=True)
class Club:
    """A club player's rules of thumb (``weights``), each move scored in round points and the best played.

    - What a capture takes is worth its points (a sweep included) and
      :attr:`~ClubWeights.card_worth` a card; taking another side's build earns
      :attr:`~ClubWeights.answer_bonus` more.
    - A build, raise or add the player can take (the rules insist it holds the
      card) is worth :attr:`~ClubWeights.build_promise` of the take it prepares.
    - A point card (an ace, a Cassino) played without taking anything costs
      :attr:`~ClubWeights.keep_weight` of its points.
    - From every move is subtracted :attr:`~ClubWeights.exposure_weight` of what the next
      opponent is likely to take afterwards, each capture it could make
      weighted by the chance that it holds the card for it (from the cards
      still unseen): so a trail leaves no sweep or easy capture when another
      does not, and a build the opponent could steal loses its promise.
    - A spade taken is worth :attr:`~ClubWeights.spade_worth` more; a trail
      earns :attr:`~ClubWeights.follow_up` of the player's own best capture
      next turn; late in the last deal, when it can tell every hand, it weighs
      only the moves the exact search values best
      (:attr:`~ClubWeights.exact_cards`).
    """

    level: str = "club"
    weights: ClubWeights = CLUB

    def choose(self, view: SeatView, rng: random.Random) -> Move:
        pos = view.position()
        moves = pos.generate()
        if len(moves) > 1 and self.weights.exact_cards:
            world = told(pos)
            if world is not None and sum(len(h) for h in world.hands) <= self.weights.exact_cards:
                solved = solve_deal(world).moves
                best = [lv.move for lv in solved if lv.value == solved[0].value]
                moves = [m for m in moves if m in best]
        return club_best(pos, moves, self.weights)


def told(pos: Position) -> Position | None:
    """``pos`` (a seat's view) with every hand known, when the mover can tell them: the stock empty and one other
    hand hiding every unseen card (the last deal of two players); else None."""
    if pos.stock_size or not any(pos.hidden_counts) or not one_way(pos):
        return None
    return world_of(pos, list(unseen_cards(pos)))


def club_best(pos: Position, moves: list[Move], weights: ClubWeights = CLUB_V1) -> Move:
    """The first of ``moves`` with the most :func:`club_value`: ``max(moves, key=...)``, with fewer looks at the
    next player's take.  That look only lowers a move's worth, so a move whose worth before it
    (:func:`club_promise`) is below the best worth found is passed over unlooked; a move alone is not looked at."""
    if len(moves) == 1:
        return moves[0]
    promises = [club_promise(pos, m, weights) for m in moves]
    worth = weights.table_worth
    best, most = 0, -math.inf
    looked = [False] * len(moves)
    while True:  # the moves by promise, highest first, equal promises in order (a stable sort's order)
        i = _highest(promises, looked)
        if i < 0 or promises[i] < most:
            break
        looked[i] = True
        if promises[i] == most and i > best:  # at most a tie, which goes to the first move
            continue
        value = promises[i] - weights.exposure_weight * likely_take(pos, moves[i], worth, weights.fair)
        if value > most or (value == most and i < best):
            best, most = i, value
    return moves[best]


def _highest(promises: list[float], looked: list[bool]) -> int:
    """The first move of the highest promise not yet looked at (-1: none is left): the next of a stable sort by
    promise, highest first, without the sort and its calls of a key (most decisions look at two moves)."""
    found = -1
    for i, promise in enumerate(promises):
        if not looked[i] and (found < 0 or promise > promises[found]):
            found = i
    return found


def club_value(pos: Position, move: Move, weights: ClubWeights = CLUB_V1) -> float:
    """The worth of ``move`` for the mover's side by :class:`Club`'s rules of thumb."""
    return club_promise(pos, move, weights) - weights.exposure_weight * likely_take(pos, move, weights.table_worth,
                                                                                weights.fair)


def club_promise(pos: Position, move: Move, weights: ClubWeights = CLUB_V1) -> float:
    """:func:`club_value` but for what the next opponent is likely to take afterwards: the most it can be."""
    points = pos.variant.card_points
    value = 0.0
    breach = bool(weights.penalty_weight) and pos.penalised(move)
    if breach:
        value -= weights.penalty_weight * pos.variant.default_penalty
    if move.kind == "capture":  # not the move's is_capture and captured_cards: a call through Python each
        taken = len(move.loose)
        for b in move.builds:
            taken += len(b.cards)
        value += move_points(pos, move) + weights.card_worth * (1 + taken)
        if weights.spade_worth:
            value += weights.spade_worth * (SPADE[move.card] + sum(map(SPADE.__getitem__, move.captured_cards())))
        side = pos.side_of(pos.to_move)
        if any(pos.side_of(b.owner) != side for b in move.builds):
            value += weights.answer_bonus
    else:
        value -= weights.keep_weight * points[move.card]
        if move.kind == "trail" and weights.follow_up:
            value += weights.follow_up * own_next_take(pos, move, weights)
        if move.kind in BUILD_KINDS and not breach:  # a build that breaks the duty is one the mover cannot take
            total, cards = points[move.card], 1  # the build's cards: the card played, the loose and the builds'
            for c in move.loose:
                total += points[c]
                cards += 1
            for b in move.builds:
                for c in b.cards:
                    total += points[c]
                    cards += 1
            value += weights.build_promise * (total + weights.card_worth * (cards + 1))
    return value




def own_next_take(pos: Position, move: Move, weights: ClubWeights) -> float:
    """The worth of the mover's best capture with the cards it keeps, on the table as ``move`` leaves it."""
    mover, loose, builds, hand = pos.to_move, pos.loose, pos.builds, pos.hands[pos.to_move]
    pos.loose, pos.builds = pos.table_after(move)
    pos.hands[mover] = [c for c in hand if c != move.card]
    try:
        if not pos.hands[mover]:
            return 0.0
        return best_capture(pos, weights.table_worth)
    finally:
        pos.loose, pos.builds, pos.hands[mover] = loose, builds, hand


pickled_by_constructor(RandomPlayer, Greedy, ClubWeights, Club)  # compiled by mypyc, see tutor.core.frozen
