"""Inference: how likely a sampled world is, given the moves the other players made this deal.

The moves of a deal are played face up (:attr:`~tutor.play.view.SeatView.history`).  In a world (a deal of
the unseen cards, :mod:`tutor.play.advisor`) the hand each other seat held at an earlier turn of the deal is
known: its hand in the world now and the cards it played since.  A model of the others' play says how
likely each move was from that hand; a world's weight is the product of those chances over every earlier
turn of every other seat (partners too: their hands are not seen either).

The model is :func:`~tutor.play.heuristics.club_value` softened: a seat plays each of its legal moves with
a chance proportional to ``exp(value / TEMPERATURE)``, mixed with :data:`SLIP` of a uniform choice (no
player follows a model always).  A move the world's hand could not make (a build the seat held no card to
take, a trail where the rules demanded a capture) has chance zero, so that world weighs nothing.  A move's
value is taken from the mover's view at the time as if it knew only the card it played (:func:`_value`):
so it is computed once a turn, not once a world, and depends on the rest of the hand only through the
next player's likely take, a little.

With ``draw`` a hand is refilled from the stock after each move, and the cards drawn since a turn are
hidden: the hand at that turn is not known in a world, and no world is weighted (:func:`informative`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from tutor.core.cards import Card
from tutor.core.moves import Move
from tutor.core.position import Position

from .heuristics import club_value
from .view import SeatView, Turn

TEMPERATURE = 0.25
"""Round points of club's value that make a move e (2.7) times as likely as another (the fit:
``benchmarks/bench_inference.py --fit``)."""
SLIP = 0.3
"""The share of a move chosen as if at random, whatever the model says."""


@dataclass
class _Seen:
    """One earlier turn of another seat: the table before it, the cards its mover played from it on, and
    the value of each move it was found to have (filled as worlds ask)."""

    turn: Turn
    played: list[Card]
    values: dict[Move, float] = field(default_factory=dict)


class Inference:
    """The weight of a world given ``view``'s history: :meth:`likelihood` (unnormalised), :func:`weights`;
    ``temperature`` and ``slip`` are the model's (:data:`TEMPERATURE`, :data:`SLIP`)."""

    def __init__(self, view: SeatView, temperature: float = TEMPERATURE, slip: float = SLIP) -> None:
        self.view, self.temperature, self.slip = view, temperature, slip
        history = view.history if informative(view) else ()
        self.seen = [_Seen(t, [u.move.card for u in history[i:] if u.seat == t.seat])
                     for i, t in enumerate(history) if t.seat != view.seat]

    @property
    def active(self) -> bool:
        """Whether any world may weigh more than another."""
        return bool(self.seen)

    def likelihood(self, world: Position) -> float:
        """The chance of the other seats' moves this deal in ``world`` (a full deal of the view's cards)."""
        chance = 1.0
        for seen in self.seen:
            chance *= self._chance(seen, world)
            if chance == 0.0:
                break
        return chance

    def _chance(self, seen: _Seen, world: Position) -> float:
        turn = seen.turn
        then = _before(self.view, turn, [*world.hands[turn.seat], *seen.played])
        moves = then.generate()
        if turn.move not in moves:
            return 0.0
        values = [self._value(seen, m) for m in moves]
        top = max(values)
        exps = [math.exp((v - top) / self.temperature) for v in values]
        chosen = exps[moves.index(turn.move)] / sum(exps)
        return (1.0 - self.slip) * chosen + self.slip / len(moves)

    def _value(self, seen: _Seen, move: Move) -> float:
        """Club's value of ``move`` at ``seen``'s turn, from the mover's view knowing only the card played."""
        if move not in seen.values:
            turn = seen.turn
            pos = _before(self.view, turn, [move.card])
            assert pos.hidden is not None
            pos.hidden[turn.seat] = turn.hand_sizes[turn.seat] - 1
            seen.values[move] = club_value(pos, move)
        return seen.values[move]


def informative(view: SeatView) -> bool:
    """Whether the history can tell worlds apart: another seat moved this deal, and no hand was refilled."""
    return not view.variant.draw and any(t.seat != view.seat for t in view.history)


def _before(view: SeatView, turn: Turn, hand: Sequence[Card]) -> Position:
    """The position just before ``turn``, its mover holding ``hand``, every other hand hidden."""
    return view.at(turn, hand).position()


def weights(likelihoods: Sequence[float]) -> list[float]:
    """``likelihoods`` scaled to sum to one; all equal when every one is zero (no world fits the model)."""
    total = sum(likelihoods)
    if total <= 0.0:
        return [1.0 / len(likelihoods)] * len(likelihoods)
    return [w / total for w in likelihoods]


def effective_size(weights: Sequence[float]) -> float:
    """Kish's effective sample size of weighted worlds: ``(sum w)^2 / sum w^2``."""
    return sum(weights) ** 2 / sum(w * w for w in weights)


def resample(weights: Sequence[float], n: int, rng: random.Random) -> list[int]:
    """``n`` draws of indices by ``weights`` (summing to one), by systematic resampling: each index about
    ``n * weight`` times, in index order."""
    step, start = 1.0 / n, rng.random() / n
    drawn, edge, i = [], weights[0], 0
    for k in range(n):
        point = start + k * step
        while point > edge and i < len(weights) - 1:
            i += 1
            edge += weights[i]
        drawn.append(i)
    return drawn
